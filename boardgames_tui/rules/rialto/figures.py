"""Rialto's review figures: each stage's cards as the stage counts them (Jokers and yellow
buildings included), coins earned and spent, the bridges, gondolas and buildings each player
placed, and victory points by where they came from, with the final scoring's parts at the end."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Action
from ..figures import Figure, Move, Tally, changes
from .actions import Build, PlaceBridge, PlaceGondola, Play, UseBlue, UseGreen, Wait
from .data import BANK_BONUS, BLUE_EFFECTS, BRIDGE, CARD_NAMES, GONDOLA, STAGES
from .reckoning import effective_count
from .state import RialtoState

CARDS, COINS, BOARD, POINTS = "Cards played (count)", "Coins", "Board", "Points"
STAGE_ROWS = tuple(f"{CARD_NAMES[x]} (stage {letter})" for x, letter in enumerate(STAGES))
# Outside the banks, points come only from stages D and E, and from buildings (Blue 2 and 4 in
# Phase III, a building returned to make room in stage C).
WHERE = {BRIDGE: "Bridge stage (D)", GONDOLA: "Gondola stage (E)"}
BUILDINGS = "buildings (blue, returned)"
END = (
    ("districts", "districts (end)"),
    ("buildings", "buildings' values (end)"),
    ("supply", "coins + councilmen (end)"),
)


def _spent(action: Action) -> int:
    """Coins the mover put on buildings: one per activation."""
    if isinstance(action, (UseGreen, UseBlue, Wait)):
        return 1
    if isinstance(action, Play):
        return len(action.one) + len(action.two) + action.extra
    return 0


def figures(moves: Sequence[Move[RialtoState]]) -> list[Figure]:
    if not moves:
        return []
    n = moves[0].before.n
    tally = Tally(n)
    for label in STAGE_ROWS:
        tally.row(CARDS, label)
    for label in ("earned", "spent on buildings"):
        tally.row(COINS, label)
    for label in ("bridges placed", "gondolas placed", "buildings built (stage C)", "upgrades (Blue 1)"):
        tally.row(BOARD, label)
    tally.put(POINTS, "at the start", moves[0].before.vp)
    for label in (*WHERE.values(), "bank bonuses", BUILDINGS):
        tally.row(POINTS, label)
    for move in moves:
        before, after, action, seat = move.before, move.after, move.action, move.seat
        stage = -1 if before.stage is None else before.stage  # None: Phases I and III
        if isinstance(action, Play):
            a = action
            count = effective_count(a.cards, a.jokers, len(a.one), len(a.two), a.extra, False)
            tally.add(CARDS, STAGE_ROWS[stage], seat, count or 0)
        spent = _spent(action)
        tally.add(COINS, "spent on buildings", seat, spent)
        for s, change in enumerate(changes(before.coins, after.coins)):
            tally.add(COINS, "earned", s, change + (spent if s == seat else 0))
        if isinstance(action, PlaceBridge):
            tally.add(BOARD, "bridges placed", seat)
        elif isinstance(action, PlaceGondola):
            tally.add(BOARD, "gondolas placed", seat)
        elif isinstance(action, Build):
            tally.add(BOARD, "buildings built (stage C)", seat)
        elif isinstance(action, UseBlue) and BLUE_EFFECTS[action.value] == "upgrade":
            tally.add(BOARD, "upgrades (Blue 1)", seat)
        # the game's last move also adds the final scoring to the track: leave that to the end rows
        track = [row["track"] for row in after.final["rows"]] if after.final else after.vp
        claimed = [b for old, b in zip(before.banks, after.banks, strict=True) if old is None and b]
        for s, change in enumerate(changes(before.vp, track)):
            banks = BANK_BONUS * sum(s in winners for winners in claimed)
            tally.add(POINTS, "bank bonuses", s, banks)
            tally.add(POINTS, WHERE.get(stage, BUILDINGS), s, change - banks)
    tally.put_final(POINTS, moves[-1].after, END)
    return tally.figures()
