"""What a seat of San Marco sees (`SanMarcoState.view`), as frozen values.

The board belongs to colours, not only to players: with two players the neutral colour (variant
A) or the two dummies (variant B) follow the players' colours, so the lists of cubes, supply,
prestige and starting rolls are by colour (a seat's colour is its number), and only the limit
cards and the players' names are by seat. The one secret is a divider's offer before its piles
are turned up: its cards and its split, shown to that divider alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..view import PlayerView, View


@dataclass(frozen=True, kw_only=True, slots=True)
class SanMarcoPlayer(PlayerView):
    """A seat: its name. Everything else of a seat is by colour or by seat in the view itself,
    since the neutral colour and the dummies have cubes and prestige but no seat."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Offer:
    """One divider's cards for a round, split into piles for the chooser(s)."""

    divider: int
    choosers: tuple[int, ...]  # in the order they choose
    piles: int  # how many piles the cards go into (2, or 3 with three choosing)
    revealed: bool  # the piles are turned up (from then on everybody sees the cards)
    confirmed: bool  # the divider has finished splitting
    # The divider's secret until revealed (None for everybody else): the action cards, then the
    # limit cards ("district:san_polo", "doge", "limit:2"…), and the pile of each card.
    cards: tuple[str, ...] | None
    draft: tuple[int, ...] | None
    card_count: int  # how many cards, public even while they are hidden
    taken: Mapping[int, int]  # pile -> the seat that took it


@dataclass(frozen=True, kw_only=True, slots=True)
class Banishment:
    """A banishment rolled and waiting for its taker to pick which foreign cubes go."""

    district: int
    player: int  # who banishes
    roll: int
    foreign: int  # how many cubes of other colours leave
    own: int  # how many of the banisher's own leave (taken off at the roll)
    free: bool  # the period end's free banishment, not a card


@dataclass(frozen=True, kw_only=True, slots=True)
class Decks:
    """How many cards are left face down (their order is nobody's to see)."""

    action: int
    limit: int


@dataclass(frozen=True, kw_only=True, slots=True)
class SanMarcoView(View[SanMarcoPlayer]):
    """The whole table as `viewer` may see it. `step` is the state machine's ("split", "choose",
    "resolve"…: see state.py), `round` counts the rounds of the game (0 during the set-up) and
    `period` the three periods; San Marco has no phase."""

    # A divider's offer while it splits: its cards, their piles, and which offer is its own.
    SECRET_WORDS = {
        "offers.cards": "cards to divide",
        "offers.draft": "cards to divide",
        "offer_at": "cards to divide",
    }

    period: int
    extra: bool  # this round is the extra one played by those left when some are out
    start: int  # the start player (the first divider) of this round
    doge: int | None  # the Doge's district, None until the first Doge card
    rolls: tuple[tuple[int, ...], ...]  # each colour's starting die rolls
    cubes: tuple[tuple[int, ...], ...]  # by district, then by colour
    supply: tuple[int, ...]  # cubes off the board, by colour
    bridges: tuple[tuple[int, int, int], ...]  # (district a, district b, owner's colour), a < b
    prestige: tuple[int, ...]  # by colour
    variant: str  # the 2-player variant: "neutral" or "dummies"; "" with 3 or 4 players
    colours: tuple[str, ...]  # each colour's name: the seats', then "Neutral" or "Dummy 1"…
    neutral_aside: int  # the neutral cubes taken off, back on the board at the next period
    limits: tuple[tuple[int, ...], ...]  # each seat's limit cards taken this period
    offers: tuple[Offer, ...]  # this round's, in the order they are taken
    offer_at: int  # the offer being split (for the viewer: its own while it splits) or taken
    taker: int | None  # who is playing the cards of the pile just taken
    pending: tuple[str, ...]  # that pile's action cards not yet played or given up
    banish: Banishment | None
    decks: Decks
    options: Mapping[str, str]  # the game's options

    def stage(self) -> tuple[str, ...]:
        """The period first: "period 2", "round 3"."""
        return (f"period {self.period}", *View.stage(self))


@dataclass(frozen=True, kw_only=True, slots=True)
class SanMarcoBotView:
    """The part of a seat's view that its bots read (`SanMarcoState.bot_view`), each field as in
    SanMarcoView: a search's bots decide thousands of times a second, and the names, rolls,
    decks and options they never read would cost as much again to build. The offers are there
    while they are split and chosen from, when the bots read them (and a divider waiting on the
    other's split sees it confirmed); in the other steps each is None (left out)."""

    viewer: int | None
    step: str
    doge: int | None
    cubes: tuple[tuple[int, ...], ...]
    bridges: tuple[tuple[int, int, int], ...]
    limits: tuple[tuple[int, ...], ...]
    offers: tuple[Offer | None, ...]
    offer_at: int
    banish: Banishment | None
