"""The game-over body: the shared standings table (ui/screens/game_over.py), which has all that
St. Petersburg's final scoring counts: the points on the track, the aristocrats' bonus, a point per
ten rubles, the penalty for the cards left in hand, the tie-break (rubles) and the total."""

from __future__ import annotations

from rich.console import RenderableType

from ....play.table import Table
from ...screens.game_over import shared_table


def results(table: Table, width: int) -> RenderableType | None:
    if not table.is_over():
        return None  # the rubles are secret until the end
    return shared_table(table.standings())
