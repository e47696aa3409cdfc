"""What a seat sees of a game of Macao: everything but the deck's order and, with the dice chosen
all at once, the other players' picks until all have chosen.

Cubes are counted by colour, in the order of `data.COLOURS` (R B G K Y V): six ints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..view import PlayerView, View


@dataclass(frozen=True, kw_only=True, slots=True)
class MacaoPlayer(PlayerView):
    gold: int
    pp: int  # prestige points on the track
    punish: int  # punish markers taken in play
    pending: tuple[tuple[int, ...], ...]  # the wind rose: the cubes beside faces 1 to 6
    available: tuple[int, ...]  # this round's cubes (the rose's middle once it has turned)
    tableau: tuple[str, ...]  # cards taken, not yet activated
    active: tuple[str, ...]  # cards activated
    ship: str  # the space of the sea route the ship is on
    cargo: tuple[str, ...]  # goods on board, not yet delivered
    jokers: int
    # The two dice taken and what the player's cards did with them (ChooseDice: a, b, extra,
    # shift_die, shift, cube). With the dice chosen all at once, the player's own secret until all
    # have chosen: None in every other view (and None before the pick).
    pick: tuple[int, int, int, int, int, int] | None
    picked: bool  # whether the player has chosen this round's dice, seen by all
    wall_prices: tuple[int, ...]  # what a wall move of 1, 2, … spaces costs now, to the last space


@dataclass(frozen=True, kw_only=True, slots=True)
class MacaoPayment:
    """A cost in cubes of any colours being paid cube by cube: a sail or a wall move."""

    what: str  # "sail" or "wall"
    due: int  # cubes still to pay
    to: str | None  # a sail's space (None for the wall)
    left: int | None  # a sail's spaces bought beyond this move, for the rest of it (None for the wall)
    spaces: int | None  # a wall move's spaces (None for a sail)


@dataclass(frozen=True, kw_only=True, slots=True)
class MacaoScore:
    """A player's final scoring (the rulebook's §6)."""

    track: int  # PP on the track
    punish: int  # −3 for each punish marker, those for the cards left on the tableau included
    cards: int  # the game-end cards
    city: int  # 2 for each quarter of the largest connected group
    total: int


@dataclass(frozen=True, kw_only=True, slots=True)
class MacaoFinal:
    rows: tuple[MacaoScore, ...]  # by seat
    order: tuple[int, ...]  # the wall's order at the end: it breaks ties


@dataclass(frozen=True, kw_only=True, slots=True)
class MacaoView(View[MacaoPlayer]):
    """`step` is the rules' step (state.py: "start_card" … "over"), and there are no phases;
    `round` is 0 during the set-up."""

    SECRET_WORDS = {"players.pick": "chosen dice"}

    rounds: int  # the game's rounds
    wall: tuple[tuple[int, ...], ...]  # the city wall: each space's stack of seats, top first
    order: tuple[int, ...]  # the turn order the wall gives, first to act first
    tiles: Mapping[str, str]  # each quarter's good, or "joker"
    owner: Mapping[str, int]  # the quarters taken, with their owners
    delivered: Mapping[str, tuple[int, ...]]  # each port's delivery spaces filled, by whom
    port_points: tuple[int, ...]  # what a port's delivery spaces score (an option)
    offices: tuple[tuple[str, ...], ...]  # each round's offices, laid out face up from the start
    display: tuple[str, ...]  # the cards on offer this round
    revealed: tuple[str, ...]  # the starting cards to choose from (set-up)
    price: tuple[int, int]  # the tribute: gold paid, PP received
    dice: tuple[int, ...]  # this round's dice by colour (0 before the first roll)
    payment: MacaoPayment | None  # a cost being paid cube by cube
    deck: int  # the cards left in the deck (their order is nobody's)
    discard: tuple[str, ...]  # the open discard pile, oldest first
    final: MacaoFinal | None  # the final scoring, once the game is over
    options: Mapping[str, str]


# -- what the bot reads ------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True, slots=True)
class MacaoBotPlayer:
    """Of the bot's own player, what the bot reads."""

    pending: tuple[tuple[int, ...], ...]
    available: tuple[int, ...]
    tableau: tuple[str, ...]
    cargo: tuple[str, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class MacaoBotView:
    """The part of a seat's `MacaoView` that the bot (bot.py) reads, the other players left out
    (None). The hard bot's search builds thousands a second: the turn order and the wall's prices
    above all, which no bot reads, would cost more than the rest."""

    viewer: int | None
    round: int | None
    players: tuple[MacaoBotPlayer | None, ...]  # the viewer's alone
    owner: Mapping[str, int]
    delivered: Mapping[str, tuple[int, ...]]
    price: tuple[int, int]
    dice: tuple[int, ...]
