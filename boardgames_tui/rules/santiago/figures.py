"""Santiago's review figures: what each player bid, passed and picked first; the bribes they
offered, how many the overseer took up and what they pocketed as overseer, with the canals they
laid; their tiles planted, watered, drying and turned to desert; escudos in and out; and at the
end, points from cash and from plantations."""

from __future__ import annotations

from collections.abc import Sequence

from ..figures import Figure, Move, Tally
from .actions import Accept, Bid, Build, Pass, Plant, Propose, Support
from .data import FIELD_SEGS, INCOME, NFIELDS
from .state import SantiagoState

BIDS, BRIBES, FIELDS, ESCUDOS, POINTS = "Bidding", "Bribes and canals", "Fields", "Escudos", "Points"
ROWS = (
    (BIDS, ("escudos bid", "picked a tile first", "passed")),
    (BRIBES, ("escudos offered", "bribes taken up", "pocketed as overseer", "canals laid as overseer")),
    (BRIBES, ("personal canal laid",)),
    (FIELDS, ("tiles planted", "fields watered", "markers lost to drought", "turned to desert")),
    (ESCUDOS, ("income", "spent (bids/bribes/canals)")),
)


def _watered(state: SantiagoState, f: int) -> bool:
    """A tile stands on f, not desert, beside a blue canal (the spring alone waters nothing)."""
    return state.tile[f] >= 0 and not state.desert[f] and any(state.canal[s] for s in FIELD_SEGS[f])


def figures(moves: Sequence[Move[SantiagoState]]) -> list[Figure]:
    if not moves:
        return []
    tally = Tally(moves[0].before.n, ROWS)
    for move in moves:
        before, after = move.before, move.after
        action, seat = move.before.as_played(move.action), move.seat
        spent = tally.row(ESCUDOS, "spent (bids/bribes/canals)")
        if isinstance(action, Bid):
            tally.add(BIDS, "escudos bid", seat, action.amount)
            spent[seat] += action.amount
        elif isinstance(action, Pass) and before.step == "bid":
            tally.add(BIDS, "passed", seat)
        elif isinstance(action, (Propose, Support)):
            tally.add(BRIBES, "escudos offered", seat, action.amount)
        elif isinstance(action, Accept):
            # only the accepted proposal's backers pay; every other pledge goes back unpaid
            for payer, amount in before.proposals[action.proposal - 1][2]:
                tally.add(BRIBES, "bribes taken up", payer)
                tally.add(BRIBES, "pocketed as overseer", seat, amount)
                spent[payer] += amount
        elif isinstance(action, Build):
            spent[seat] += action.cost
        elif isinstance(action, Plant):
            tally.add(FIELDS, "tiles planted", seat)
        if before.step == "bid" and after.step == "plant":
            tally.add(BIDS, "picked a tile first", after.plant_order[0])
        for _, _, how, who in after.canal_log[len(before.canal_log) :]:
            tally.add(BRIBES, "personal canal laid" if how == "personal" else "canals laid as overseer", who)
        # a round ended inside this move (round 0 is set-up): income came before the next reveal
        if 0 < before.round < after.round:
            for s in range(after.n):
                tally.add(ESCUDOS, "income", s, INCOME)
        for f in range(NFIELDS):
            owner = after.owner[f]  # -1 for an empty field and the ownerless 3-player leftover
            if owner < 0:
                continue
            if _watered(after, f) and not _watered(before, f):
                tally.add(FIELDS, "fields watered", owner)
            tally.add(FIELDS, "markers lost to drought", owner, max(0, before.markers[f] - after.markers[f]))
            if after.desert[f] and not before.desert[f]:
                tally.add(FIELDS, "turned to desert", owner)
    last = moves[-1].after
    if last.is_over():
        for row in last.standings().rows:
            cash = row.breakdown["cash"]
            tally.add(POINTS, "cash (end)", row.seat, cash)
            tally.add(POINTS, "plantations (end)", row.seat, row.total - cash)
    return tally.figures()
