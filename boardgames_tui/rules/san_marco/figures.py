"""San Marco's review figures: how often each player divided and chose, the action cards played
by kind, the limit track (limit points taken, times out at 10, free banishments), and prestige by
source: Doge scorings, bridge tolls taken less what the player's own Doge moves cost (tolls and
2-point steps), the period-end bonuses and, once the game is over, the final scoring of the six
districts (the high values for a sole lead, the low ones for a second place or a shared lead)."""

from __future__ import annotations

from collections.abc import Sequence

from ..figures import Figure, Move, Tally
from .actions import Choose, Confirm, PlayBanish, PlayBridge, PlayDistrict, PlayDoge, PlayTransfer
from .data import DISTRICTS, LIMIT_OUT
from .reckoning import district_scores, follow, period_bonus
from .state import SanMarcoState

SPLIT, CARDS, LIMITS, POINTS = "The split", "Cards played", "Limit track", "Prestige"
CARD_ROWS = {
    PlayDistrict: "district cards played",
    PlayTransfer: "transfers",
    PlayBridge: "bridges built/taken over",
    PlayBanish: "banishments (cards)",
    PlayDoge: "Doge moves",
}
TAKEN, OUT, FREE = "limit points taken", "times out (10 or more)", "free banishments"
DOGE, TOLLS, BONUS = "Doge scorings", "tolls in less Doge costs", "period-end bonuses"
HIGH, LOW = "final: sole leads (high)", "final: 2nd or tied (low)"
ROWS = (
    (SPLIT, ("times divided", "times chose")),
    (CARDS, tuple(CARD_ROWS.values())),
    (LIMITS, (TAKEN, OUT, FREE)),
    (POINTS, (DOGE, TOLLS, BONUS)),
)


def _scores(state: SanMarcoState, district: int) -> dict[int, int]:
    """What scoring `district` now gives each colour (the neutral's and dummies' are past the seats)."""
    d = DISTRICTS[district]
    return district_scores(dict(enumerate(state.cubes[district])), d.high, d.low)


def _limits_taken(move: Move[SanMarcoState], before: SanMarcoState, after: SanMarcoState) -> list[int]:
    """The limit points each seat took in `move`."""
    if after.period == before.period and not after.is_over():
        return [after.limit_total(s) - before.limit_total(s) for s in range(before.n)]
    # The limit cards were cleared by a period's end in this move. If that end came with the
    # round's last pile (no free banishment asked first), that pile's cards never show in `after`:
    # every pile still on offer went, the one chosen to the chooser and the rest to the divider.
    taken = [0] * before.n
    if before.offers:
        offer = before.offers[before.offer_at]
        for pile in (p for p in range(offer["piles"]) if p not in offer["taken"]):
            chosen = isinstance(move.action, Choose) and move.action.pile == pile
            seat = move.seat if chosen else offer["divider"]
            cards = before.pile_cards(offer, pile)
            taken[seat] += sum(int(card[6:]) for card in cards if card.startswith("limit:"))
    return taken


def figures(moves: Sequence[Move[SanMarcoState]]) -> list[Figure]:
    if not moves:
        return []
    n = len(moves[0].before.seats)
    tally = Tally(n, ROWS)
    for move in moves:
        before, after = move.before, move.after
        action, seat = move.action, move.seat
        if isinstance(action, Confirm):
            tally.add(SPLIT, "times divided", seat)
        elif isinstance(action, Choose):
            tally.add(SPLIT, "times chose", seat)
        elif isinstance(action, PlayBanish) and action.card < 0:
            tally.add(LIMITS, FREE, seat)
        elif type(action) in CARD_ROWS:
            tally.add(CARDS, CARD_ROWS[type(action)], seat)
        if isinstance(action, PlayDoge):
            if before.doge is not None:  # the first Doge is placed, free of charge
                bridges = [((a, b), owner) for a, b, owner in before.bridges]
                route = follow(before.doge, action.steps, bridges, seat)
                tally.add(POINTS, TOLLS, seat, -route.cost)
                for owner, amount in route.paid:
                    if isinstance(owner, int) and owner < n:  # a dummy's tolls are its own
                        tally.add(POINTS, TOLLS, owner, amount)
            for colour, points in _scores(before, action.district).items():
                if colour < n:
                    tally.add(POINTS, DOGE, colour, points)
        taken = _limits_taken(move, before, after)
        totals = [before.limit_total(s) + taken[s] for s in range(n)]
        for s in range(n):
            tally.add(LIMITS, TAKEN, s, taken[s])
            tally.add(LIMITS, OUT, s, int(before.limit_total(s) < LIMIT_OUT <= totals[s]))
        # the bonus is paid as a period ends: then the free banishment is asked, or, with no
        # sole lowest total, the limit cards are already cleared (the round ended in this move)
        cleared = after.period != before.period or after.is_over()
        if after.step == "free_banish" != before.step or (cleared and before.offers):
            for s, bonus in enumerate(period_bonus(totals)):
                tally.add(POINTS, BONUS, s, bonus)
    last = moves[-1].after
    if last.is_over():
        for label in (HIGH, LOW):
            tally.row(POINTS, label)
        for district, d in enumerate(DISTRICTS):
            for colour, points in _scores(last, district).items():
                if colour < n:
                    tally.add(POINTS, HIGH if points == d.high else LOW, colour, points)
    return tally.figures()
