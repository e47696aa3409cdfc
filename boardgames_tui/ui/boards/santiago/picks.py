"""What a player picks besides a place on the island: the amount of a bid or bribe, and which of the
offered tiles to plant. Both live on the screen (the keys change them, the footer asks about them),
the board shows them.

An amount is never below 1: a bid of 0 counts as a pass in the rules, and the board leaves passing
to Space.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ....rules.core import Action
from ....rules.santiago.actions import Bid, Propose, Support
from ....rules.santiago.view import OfferEntry, SantiagoView


@dataclass(frozen=True)
class Amounts:
    """The amounts the viewer may put on the table now: low..high without the banned ones."""

    low: int = 1
    high: int = 0
    banned: frozenset[int] = field(default_factory=frozenset)

    def allowed(self, n: int) -> bool:
        return self.low <= n <= self.high and n not in self.banned

    @property
    def count(self) -> int:
        return sum(1 for n in range(self.low, self.high + 1) if n not in self.banned)

    def first_from(self, start: int) -> int | None:
        """The lowest allowed amount from `start` up, else the highest below it; None if none."""
        for n in range(max(self.low, start), self.high + 1):
            if n not in self.banned:
                return n
        for n in range(min(start, self.high), self.low - 1, -1):
            if n not in self.banned:
                return n
        return None

    def step(self, n: int, delta: int) -> int | None:
        """The allowed amount `delta` away from n (skipping banned ones, clamped to the range
        when delta jumps further than one), or None when there is none that way."""
        sign = 1 if delta > 0 else -1
        target = n + delta
        if abs(delta) > 1:
            target = min(self.high, max(self.low, target))
        if sign > 0 and n >= self.high or sign < 0 and n <= self.low:
            return None
        while self.low <= target <= self.high:
            if target not in self.banned and target != n:
                return target
            target += sign
        return None


def amounts(view: SantiagoView, legal: Sequence[Action]) -> Amounts:
    """From the legal actions: a bid may not repeat one already made; a bribe goes up to the cash."""
    if view.phase == "bid":
        bids = [a.amount for a in legal if isinstance(a, Bid)]
        if not bids:
            return Amounts()
        taken = {p.bid for p in view.players if p.bid}
        return Amounts(1, max(bids), frozenset(taken))
    offers = [a.amount for a in legal if isinstance(a, (Propose, Support))]
    return Amounts(1, max(offers, default=0))


def open_slots(view: SantiagoView) -> list[int]:
    """The offer's slots still to be planted, one per kind of tile (as the rules list them)."""
    out, kinds = [], set()
    for i, tile in enumerate(view.offer):
        if tile.taken_by is None and not tile.leftover:
            kind = (tile.crop, tile.workers)
            if kind not in kinds:
                kinds.add(kind)
                out.append(i)
    return out


def viewer_passed(view: SantiagoView, viewer: int | None) -> bool:
    """Whether the viewer passed in this round's bidding (their tile gets one marker fewer)."""
    return viewer is not None and 0 <= viewer < len(view.players) and view.players[viewer].passed


class Picks:
    """The amount and the tile slot, kept while the same decision is pending."""

    def __init__(self) -> None:
        self.amount = 1
        self.tile_slot = -1
        self.range = Amounts()

    def update(self, view: SantiagoView, legal: Sequence[Action], new_decision: bool) -> None:
        self.range = amounts(view, legal)
        if new_decision:
            self.amount = self.range.first_from(1) or 1
            self.tile_slot = -1
        elif not self.range.allowed(self.amount):
            self.amount = self.range.first_from(self.amount) or 1
        slots = open_slots(view)
        if slots and self.tile_slot not in slots:
            self.tile_slot = slots[0]

    def step_amount(self, delta: int) -> bool:
        n = self.range.step(self.amount, delta)
        if n is None:
            return False
        self.amount = n
        return True

    def set_amount(self, n: int) -> None:
        self.amount = max(1, n)

    def next_tile(self, view: SantiagoView, delta: int = 1) -> bool:
        slots = open_slots(view)
        if len(slots) < 2:
            return False
        i = slots.index(self.tile_slot) if self.tile_slot in slots else 0
        self.tile_slot = slots[(i + delta) % len(slots)]
        return True

    def choose_tile(self, view: SantiagoView, crop: str, workers: int) -> None:
        for slot in open_slots(view):
            tile = view.offer[slot]
            if (tile.crop, tile.workers) == (crop, workers):
                self.tile_slot = slot

    def tile(self, view: SantiagoView) -> OfferEntry | None:
        """The offered tile picked for planting (None outside the planting)."""
        offer = view.offer
        if view.phase != "plant" or not 0 <= self.tile_slot < len(offer):
            return None
        tile = offer[self.tile_slot]
        return None if tile.taken_by is not None or tile.leftover else tile
