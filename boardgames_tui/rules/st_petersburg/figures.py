"""St. Petersburg's review figures: rubles earned and spent in each phase, points by where they
came from, and the cards each player bought, played and held."""

from __future__ import annotations

from collections.abc import Sequence

from ..figures import Figure, Move, Tally, changes
from .actions import Buy, ObservatoryBuy, ObservatoryToHand, Play, TakeToHand
from .data import PHASES
from .state import StPetersburgState

EARNED, SPENT, POINTS, CARDS = "Rubles earned", "Rubles spent", "Points", "Cards"
SCORING = ("worker", "building", "aristocrat")  # the phases that pay out


def _where(state: StPetersburgState) -> str:
    return "at the Pub" if state.step == "pub" else f"{state.phase} phase"


def figures(moves: Sequence[Move[StPetersburgState]]) -> list[Figure]:
    if not moves:
        return []
    tally = Tally(moves[0].before.n)
    for phase in SCORING:
        tally.row(EARNED, f"{phase} phase")
    for phase in PHASES:
        tally.row(SPENT, f"{phase} phase")
    tally.row(SPENT, "at the Pub")
    for phase in SCORING:
        tally.row(POINTS, f"{phase} phase")
    tally.row(POINTS, "at the Pub")
    for label in ("bought", "played from hand", "taken into hand", "upgrades among them"):
        tally.row(CARDS, label)
    for move in moves:
        where = _where(move.before)
        for seat, change in enumerate(changes(move.before.rubles, move.after.rubles)):
            # a move either pays (a purchase) or is paid (a phase's payout), never both for a seat
            if change > 0:
                tally.add(EARNED, where, seat, change)
            elif change < 0:
                tally.add(SPENT, where, seat, -change)
        for seat, change in enumerate(changes(move.before.points, move.after.points)):
            if change:
                tally.add(POINTS, where, seat, change)
        action = move.action
        if isinstance(action, (Buy, ObservatoryBuy)):
            tally.add(CARDS, "bought", move.seat)
        elif isinstance(action, Play):
            tally.add(CARDS, "played from hand", move.seat)
        elif isinstance(action, (TakeToHand, ObservatoryToHand)):
            tally.add(CARDS, "taken into hand", move.seat)
        if isinstance(action, (Buy, ObservatoryBuy, Play)) and action.replace:
            tally.add(CARDS, "upgrades among them", move.seat)
    tally.put_final(
        POINTS,
        moves[-1].after,
        (
            ("aristocrats", "aristocrat bonus (end)"),
            ("money", "rubles, 1 per 10 (end)"),
            ("hand", "cards left in hand (end)"),
        ),
    )
    return tally.figures()
