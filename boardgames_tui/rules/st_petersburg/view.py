"""St. Petersburg's views: what a seat may see of the game (spec §4.7), as frozen values.

Each player's rubles and hand are their secret (until the end, or while an option opens them); the
order of the four stacks is hidden from everybody: no view holds it. Play areas, the display, the
discard pile, hand sizes and a card drawn with an Observatory are public.

The parts of a view that depend on a play area only (its cards, what its scorings pay) are made
once per area by the state and shared by every view of it: they are frozen, so nobody can change
what another view shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..view import PlayerView, View


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayAreaCard:
    """One card in front of a player, in the order acquired."""

    card: str
    used: bool  # an Observatory turned sideways this round


@dataclass(frozen=True, kw_only=True, slots=True)
class Income:
    """What a play area's worker, building and aristocrat scorings would pay now, (₽, ★) each."""

    worker: tuple[int, int]
    building: tuple[int, int]
    aristocrat: tuple[int, int]

    def at(self, phase: str) -> tuple[int, int]:
        """(₽, ★) of `phase`'s scoring; the trading phase has none and pays nothing."""
        match phase:
            case "worker":
                return self.worker
            case "building":
                return self.building
            case "aristocrat":
                return self.aristocrat
        return (0, 0)


@dataclass(frozen=True, kw_only=True, slots=True)
class StPetersburgPlayer(PlayerView):
    points: int
    rubles: int | None  # the player's secret: None where hidden from the viewer
    hand: tuple[str, ...] | None  # the player's secret: None where hidden from the viewer
    hand_count: int
    hand_limit: int
    play_area: tuple[PlayAreaCard, ...]
    income: Income
    markers: tuple[str, ...]  # the phases whose start marker the player holds


@dataclass(frozen=True, kw_only=True, slots=True)
class Prices:
    """The price of each card of the display for the player to act (discounts applied; a trading
    card at its cheapest replacement, None when it has nothing to replace), left to right; None
    for every card once nobody is to act."""

    upper: tuple[int | None, ...]
    lower: tuple[int | None, ...]

    def row(self, row: str) -> tuple[int | None, ...]:
        return self.upper if row == "upper" else self.lower


@dataclass(frozen=True, kw_only=True, slots=True)
class Stacks:
    """The cards left in each draw stack (their order is secret)."""

    worker: int
    building: int
    aristocrat: int
    trading: int

    def left(self, deck: str) -> int:
        """The cards left in the stack of `deck` (worker, building, aristocrat or trading)."""
        match deck:
            case "worker":
                return self.worker
            case "building":
                return self.building
            case "aristocrat":
                return self.aristocrat
        return self.trading


@dataclass(frozen=True, kw_only=True, slots=True)
class Pub:
    """The decision at the Pub, right after the building scoring."""

    seat: int  # who decides now
    max_points: int  # the most points their Pubs sell this round


@dataclass(frozen=True, kw_only=True, slots=True)
class Options:
    """The game's options as chosen (OPTIONS in the package); an option left unset has its
    default."""

    taxman_phase: str  # the scoring at which the Tax Man pays: "aristocrat" or "worker"
    tiebreak: str  # what breaks a tie on points: "total" (all rubles) or "remainder" (₽ mod 10)
    skip_refill_if_nothing_taken: str  # "on" or "off"
    open_money: str  # "on": everybody sees everybody's rubles
    open_hands: str  # "on": everybody sees everybody's hand
    youngest: str  # with 3 players, who gets the fourth start marker: "random", "1", "2" or "3"


@dataclass(frozen=True, kw_only=True, slots=True)
class StPetersburgView(View[StPetersburgPlayer]):
    """`phase` is the phase of the round (worker, building, aristocrat, trading); `step` is
    "actions" (the phase's action loop), "observatory" (the active player decides about the
    drawn card), "pub" or "over"."""

    SECRET_WORDS = {"players.hand": "hand", "players.rubles": "rubles"}

    final_round: bool  # a stack ran out: the game ends with this round
    active: int | None  # whose turn it is (the Pub's decider at the Pub); None once over
    passes: int  # passes in a row in this phase (all pass: the phase ends)
    markers: Mapping[str, int]  # phase -> the seat holding its start marker
    upper: tuple[str, ...]  # the display's upper row, left to right
    lower: tuple[str, ...]  # the lower row, left to right (shown right-aligned)
    prices: Prices
    stacks: Stacks
    next_deal: str  # the stack dealt from at the end of this phase
    discard: tuple[str, ...]
    observatory_card: str | None  # the card drawn with an Observatory, in the observatory step
    pub: Pub | None  # at the Pub only
    options: Options

    def row(self, row: str) -> tuple[str, ...]:
        """The cards of the display's row "upper" or "lower"."""
        return self.upper if row == "upper" else self.lower


@dataclass(frozen=True, kw_only=True, slots=True)
class BotPlayer:
    """The part of a player's entry that the bots read."""

    rubles: int | None
    hand: tuple[str, ...] | None
    hand_limit: int
    play_area: tuple[PlayAreaCard, ...]
    income: Income


@dataclass(frozen=True, kw_only=True, slots=True)
class StPetersburgBotView:
    """What the bot to move is given (`bot_view`): the part of its view that the bots read, its
    own entry and None for the others'. The hard bot's search asks for one at every move it
    tries, and a frozen dataclass costs many times a dict to make: the fewer fields, the better."""

    viewer: int
    phase: str
    step: str
    final_round: bool
    stacks: Stacks
    options: Options
    players: tuple[BotPlayer | None, ...]
