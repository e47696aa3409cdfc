"""Santiago's view: what a seat may see of the game (`SantiagoState.view`), as frozen values.

The board part (fields, plantations, canals, palms) is made once per board and shared, object for
object, by every view until the board changes: the search bot builds thousands of views a second,
and its board reader (bot.py) knows an unchanged board by the identity of these tuples.

Places are tuples: a field (col, row), an intersection (x, y), a ditch ("H" | "V", x, y) where H
runs east from intersection x,y and V south. The only secret is cash (`SantiagoPlayer.cash`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..view import PlayerView, View

Place = tuple[int, int]  # a field (col, row), or an intersection (x, y)
Segment = tuple[str, int, int]  # a ditch: ("H" | "V", x, y)


@dataclass(frozen=True, kw_only=True, slots=True)
class FieldView:
    """One field of the 8 × 6 island."""

    col: int
    row: int
    crop: str | None  # None on an empty field or a desert
    crop_name: str | None
    workers: int | None  # printed on the tile
    # The seat whose markers are on the tile; None for an empty field, the leftover tile, or a tile
    # whose markers are all gone (it pays nobody).
    owner: int | None
    markers: int
    markers_by_seat: tuple[int, ...]  # every seat's markers on the field
    desert: bool
    palm: bool
    irrigated: bool  # a blue canal runs along it
    leftover: bool  # the 3-player round's ownerless last tile


@dataclass(frozen=True, kw_only=True, slots=True)
class CanalEntry:
    """A blue canal, as it was built."""

    segment: Segment
    round: int
    how: str  # "accepted" (a proposal), "overseer" (built elsewhere) or "personal"
    seat: int  # the overseer who accepted or built, or the personal canal's owner


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantationView:
    """A plantation: same-crop, non-desert tiles joined by edges."""

    crop: str
    crop_name: str
    fields: tuple[Place, ...]
    size: int
    markers: tuple[int, ...]  # per seat, counted (a palm adds one)
    value: tuple[int, ...]  # per seat: size × markers


@dataclass(frozen=True, kw_only=True, slots=True)
class TileView:
    """A plantation tile's face."""

    crop: str
    crop_name: str
    workers: int


@dataclass(frozen=True, kw_only=True, slots=True)
class OfferEntry(TileView):
    """A tile of this round's offer."""

    label: str
    taken_by: int | None  # the seat that planted it
    field: Place | None  # where it was planted
    leftover: bool  # the 3-player leftover tile, placed without an owner


@dataclass(frozen=True, kw_only=True, slots=True)
class Pledge:
    seat: int
    amount: int


@dataclass(frozen=True, kw_only=True, slots=True)
class ProposalView:
    """A canal proposed in this round's bribes; pledges are paid only if it is accepted."""

    number: int  # 1, 2, … in the order made
    segment: Segment
    proposer: int
    total: int  # the pledges' sum
    pledges: tuple[Pledge, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ScoreRow:
    """A seat's final score: cash plus plantation payouts."""

    seat: int
    name: str
    total: int
    cash: int
    plantations: int
    rank: int
    winner: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class SantiagoPlayer(PlayerView):
    # Escudos; a secret, the seat's own, shown to all when money is open or the game is over
    # (None where hidden).
    cash: int | None
    markers_left: int  # yield markers still in the supply (markers lost to drought leave the game)
    personal_canal: bool  # the personal canal is still unused
    bid: int | None  # this round's bid; None before bidding and after a pass
    passed: bool  # passed in this round's bidding
    bid_done: bool  # has bid or passed this round
    bribe_choice: str | None  # this round's bribe: None, "proposed N", "supported N" or "passed"
    plantation_score: int  # the plantations' payout if the game ended now (no final drought)


@dataclass(frozen=True, kw_only=True, slots=True)
class SantiagoBotView(View[SantiagoPlayer]):
    """What the bots read, and all `SantiagoState.bot_view` gives them: the board, the offer and
    the proposals (the whole view costs more to make, and the search makes thousands a second).
    `phase` is one of state.PHASE_LABELS' keys; there is no step."""

    round: int  # 0 during set-up
    rounds: int  # 11, or 9 with 5 players
    fields: tuple[tuple[FieldView, ...], ...]  # 6 rows of 8: fields[row][col]
    plantations: tuple[PlantationView, ...]
    canals: tuple[Segment, ...]  # blue canals in build order
    legal_segments: tuple[Segment, ...]  # empty ditches joined to the network: where a canal may go
    offer: tuple[OfferEntry, ...]  # this round's revealed tiles
    proposals: tuple[ProposalView, ...]  # this round's bribes; cleared once the overseer has decided


@dataclass(frozen=True, kw_only=True, slots=True)
class SantiagoView(SantiagoBotView):
    """All a seat may see (`SantiagoState.view`)."""

    SECRET_WORDS = {"players.cash": "cash"}

    last_round: bool  # the final round: final drought, no income
    phase_label: str  # the phase in words
    prompt: str  # who must do what now, in one line
    overseer: int
    start_player: int
    options: Mapping[str, str]
    # the board
    spring: Place | None  # its intersection; None before it is placed
    canal_log: tuple[CanalEntry, ...]  # the canals with who built them, when and how
    canals_left: int  # in the general supply
    open_money: bool  # cash is public
    palms: tuple[Place, ...]  # fields with a palm still in play
    tiles_left: int  # face down in the stacks
    removed_tile: TileView | None  # put back in the box at set-up (3–4 players)
    # the round
    bid_order: tuple[int, ...]  # seats in bidding order
    pass_order: tuple[int, ...]  # seats that passed, in the order they did
    planting_order: tuple[int, ...]  # empty before the bids are resolved
    leftover_placer: int | None  # the seat placing the 3-player leftover tile
    leftover_fields: tuple[Place, ...]  # where the leftover tile may go (only in that step)
    bribe_order: tuple[int, ...]  # seats asked in the bribe step, in order
    highest_bribe: int  # the highest proposal's total (0 without proposals)
    reject_cost: int  # highest + 1: what the overseer pays to build elsewhere
    extra_order: tuple[int, ...]  # seats asked in extra irrigation (those with an unused canal)
    scores: tuple[ScoreRow, ...] | None  # once over, best first
