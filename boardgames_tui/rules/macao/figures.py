"""Macao's review figures: action cubes taken with the dice, got from cards and jokers, spent and
lost at the end of a turn; the actions taken (quarters, deliveries, activations, wall steps,
tributes) and the punish markers taken in play; prestige points by where they came from, with the
final scoring's parts once the game is over."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import Action, Pass
from ..figures import Figure, Move, Tally, changes
from .actions import Activate, Deliver, Tribute, UseCard, UseJoker
from .reckoning import wall_position

if TYPE_CHECKING:
    from .state import MacaoState

CUBES, ACTIONS, POINTS = "Action cubes", "Actions", "Prestige points"


def _on_rose(state: MacaoState) -> list[int]:
    """Each player's cubes on the wind rose and in the supply."""
    return [sum(map(sum, state.pending[p])) + sum(state.available[p]) for p in range(state.n)]


def _got(action: Action) -> int:
    """The cubes a card or a joker puts into the mover's supply with this action."""
    if isinstance(action, (Activate, UseCard)):
        return len(action.get)
    if isinstance(action, UseJoker):
        halves = (action.colour,) if action.also is None else (action.colour, action.also)
        return sum(1 for half in halves if half >= 0)
    return 0


def _quarters(state: MacaoState) -> list[int]:
    return [sum(1 for owner in state.owner.values() if owner == p) for p in range(state.n)]


def figures(moves: Sequence[Move[MacaoState]]) -> list[Figure]:
    if not moves:
        return []
    tally = Tally(len(moves[0].before.seats))
    for label in ("taken with the dice", "from cards and jokers", "spent", "lost at end of turn"):
        tally.row(CUBES, label)
    for label in ("city quarters taken", "goods delivered", "cards activated", "wall steps", "tributes paid"):
        tally.row(ACTIONS, label)
    tally.row(ACTIONS, "punish markers in play")
    for label in ("deliveries", "tribute", "cards during play"):
        tally.row(POINTS, label)
    for move in moves:
        before, after = move.before, move.after
        action, seat = move.action, move.seat
        # every seat's picks land on its rose at the last pick, and turning the rose keeps its count
        if before.step == "dice":
            for p, change in enumerate(changes(_on_rose(before), _on_rose(after))):
                tally.add(CUBES, "taken with the dice", p, change)
        elif before.step in ("actions", "pay"):
            supply = sum(after.available[seat]) - sum(before.available[seat])
            if isinstance(action, Pass):
                tally.add(CUBES, "lost at end of turn", seat, -supply)
            else:
                got = _got(action)
                tally.add(CUBES, "from cards and jokers", seat, got)
                tally.add(CUBES, "spent", seat, got - supply)
        for p, change in enumerate(changes(_quarters(before), _quarters(after))):
            tally.add(ACTIONS, "city quarters taken", p, change)
        for p in range(before.n):
            tally.add(ACTIONS, "wall steps", p, wall_position(after.wall, p) - wall_position(before.wall, p))
        for p, change in enumerate(changes(before.punish, after.punish)):
            tally.add(ACTIONS, "punish markers in play", p, change)
        track = changes(before.pp, after.pp)
        if isinstance(action, Deliver):
            points = before.delivery_value(seat, action.good)
            tally.add(ACTIONS, "goods delivered", seat)
            tally.add(POINTS, "deliveries", seat, points)
            track[seat] -= points
        elif isinstance(action, Tribute):
            tally.add(ACTIONS, "tributes paid", seat)
            tally.add(POINTS, "tribute", seat, before.price[1])
            track[seat] -= before.price[1]
        elif isinstance(action, Activate):
            tally.add(ACTIONS, "cards activated", seat)
        # every other point on the track comes from a card: a use, a trigger, a die it rewards
        for p, change in enumerate(track):
            tally.add(POINTS, "cards during play", p, change)
    last = moves[-1].after
    tally.put_final(
        POINTS,
        last,
        (
            ("cards", "game-end cards (end)"),
            ("city", "largest city group (end)"),
            ("punish", "punish markers (end)"),
        ),
    )
    return tally.figures()
