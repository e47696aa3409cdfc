"""What a seat may see of a Rialto game (`RialtoState.view`), and the smaller part its bot reads
(`RialtoState.bot_view`).

The participants are the players, seats 0..n-1, and in the 2-player variant the virtual player,
index n: the Doge track, the councils, the turns and the stage's plays are indexed by participant.
Everything is public but the cards: the viewer's own hand (`hand`, None in the public view), the
draw pile and the discard piles (only their sizes). The virtual player's hand lies face up.

A slot's tile keeps the rules' own shape, as a tuple, so that the arithmetic (reckoning.py) reads
the view as it reads the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..view import PlayerView, View

# A tile on a connection slot: (kind: 0 bridge / 1 gondola, the number facing the slot's first
# district, the number facing its second, the participant who placed it); see data.SLOTS.
Tile = tuple[int, int, int, int]


@dataclass(frozen=True, kw_only=True, slots=True)
class Building:
    colour: int  # data.GREEN, YELLOW or BLUE
    value: int  # 1–4
    coin: bool  # a coin lies on it: used this round
    new: bool  # made by Blue 1 this round: not usable before the next


@dataclass(frozen=True, kw_only=True, slots=True)
class Participant(PlayerView):
    """What the players and the virtual player share."""

    general: int  # councilmen in the general supply
    personal: int  # councilmen in the personal supply
    hand_size: int


@dataclass(frozen=True, kw_only=True, slots=True)
class RialtoPlayer(Participant):
    vp: int
    coins: int
    buildings: tuple[Building, ...]  # in the order built
    hand_limit: int  # this round's, with Green 2's bonus


@dataclass(frozen=True, kw_only=True, slots=True)
class VirtualPlayer(Participant):
    """The 2-player variant's virtual player (participant n): it scores nothing."""

    hand: tuple[int, ...]  # face up, for everyone
    neutral_supply: int  # councilmen of the neutral colour, placed once its own are gone


@dataclass(frozen=True, kw_only=True, slots=True)
class DogeTrack:
    position: tuple[int, ...]  # each participant's space
    height: tuple[int, ...]  # on a shared space, the higher disc is ahead
    order: tuple[int, ...]  # the participants, first to last


@dataclass(frozen=True, kw_only=True, slots=True)
class Played:
    """A participant's play in the current stage."""

    cards: tuple[int, ...]  # the cards laid out, face up
    count: int  # the effective count (Jokers and yellow buildings included); 0 for a pass
    text: str  # the play in words, "pass" for none


@dataclass(frozen=True, kw_only=True, slots=True)
class BuildAllowance:
    """Stage C: what the player deciding may build now."""

    allowance: int  # the count plus the bonus; above 4 a second building may follow
    first: bool  # the first building of this stage (a second comes only after a value 4)


@dataclass(frozen=True, kw_only=True, slots=True)
class DistrictScore:
    value: int
    ranked: tuple[int, ...]  # participants with councilmen there, most first
    points: tuple[int, ...]  # by participant (the virtual player's are not counted)


@dataclass(frozen=True, kw_only=True, slots=True)
class ScoreRow:
    """A player's final total by source."""

    track: int  # VP on the track before the final scoring
    supply: int  # half of coins and personal councilmen, rounded up
    buildings: int  # the values of the buildings
    districts: int


@dataclass(frozen=True, kw_only=True, slots=True)
class FinalScoring:
    districts: tuple[DistrictScore, ...]
    rows: tuple[ScoreRow, ...]  # by player
    order: tuple[int, ...]  # the Doge order at the end, every participant


@dataclass(frozen=True, kw_only=True, slots=True)
class RialtoView(View[RialtoPlayer]):
    """`round` is 0 during the set-up; `step` is the state's (see state.py), `phase` unused."""

    SECRET_WORDS = {"hand": "hand"}

    rounds: int
    # Phase II's stage, 0 (A, Doge) to 5 (F, Councilman), None outside it (the name `stage` is
    # View.stage's, the words for where the game stands)
    current_stage: int | None
    district: int  # the current district (round 1's before the first round)
    numbers: tuple[int, ...]  # the round tile each district shows
    virtual: VirtualPlayer | None
    ring: tuple[int, ...]  # the participants clockwise from the start player
    slots: tuple[Tile | None, ...]  # by slot (data.SLOTS); None while free
    bridge_next: tuple[int, int] | None  # the top bridge tile, None when none is left
    bridges_left: int
    gondolas_left: int
    banks: tuple[tuple[int, ...] | None, ...]  # who claimed each bank's bonus tile, None while open
    marker: int | None  # the virtual player's slot, in the variant
    doge: DogeTrack
    general_coins: int  # coins in the general supply
    council: tuple[tuple[int, ...], ...]  # by district, each participant's councilmen there
    neutral: tuple[int, ...]  # by district, the neutral colour's (counted as the virtual player's)
    stock: tuple[tuple[int, ...], ...]  # by colour, buildings of each value left in stock
    hand: tuple[int, ...] | None  # the viewer's own cards: the viewer's secret
    rows: tuple[tuple[int, ...], ...]  # Phase I's face-up rows (a taken row is empty)
    row_taker: tuple[int | None, ...]  # who took each row
    stage_start: int | None  # who started the current stage
    turns: tuple[int, ...]  # who still plays in this stage, the one to play first
    delayed: tuple[int, ...]  # who waited (Yellow 1) and plays after them
    played: tuple[Played | None, ...]  # by participant, this stage's plays so far
    counts: tuple[int, ...]  # by participant, this stage's effective counts
    leader: int | None  # who would win the stage's bonus now
    bonus: int | None  # who won it, once the stage is resolving
    build: BuildAllowance | None
    recall_left: int  # stage F: councilmen the player deciding may still move to the district
    deck: int  # cards in the draw pile
    discards: int  # cards in all the discard piles
    final: FinalScoring | None  # once the game is over
    options: Mapping[str, str]

    def participants(self) -> tuple[Participant, ...]:
        """The players, then the virtual player where there is one: by participant index."""
        return self.players if self.virtual is None else (*self.players, self.virtual)

    def is_virtual(self, p: int) -> bool:
        return self.virtual is not None and p == len(self.players)


@dataclass(frozen=True, kw_only=True, slots=True)
class BotPlayer(PlayerView):
    """The part of a RialtoPlayer the bot reads."""

    hand_limit: int


@dataclass(frozen=True, kw_only=True, slots=True)
class RialtoBotView(View[BotPlayer]):
    """The part of a RialtoView that the bot (bot.py) reads, with the same names: the hard bot's
    search builds one for every move of its playouts."""

    current_stage: int | None
    district: int
    slots: tuple[Tile | None, ...]
    banks: tuple[tuple[int, ...] | None, ...]
    doge: DogeTrack
    council: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...] | None
    rows: tuple[tuple[int, ...], ...]
    turns: tuple[int, ...]
    delayed: tuple[int, ...]
    counts: tuple[int, ...]


# What the bot may be given: the bot view, or (the contract suite, the tests) the whole view.
BotSees = RialtoView | RialtoBotView
