"""St. Petersburg's review figures add up: every ruble a player ends with was a starting ruble or
one earned in a phase, less those spent, and every point on the track came from a phase or the
Pub; the end rows are the final scoring's own parts."""

from __future__ import annotations

import pytest

from boardgames_tui.rules.registry import get
from boardgames_tui.rules.st_petersburg.actions import PubBuy
from boardgames_tui.rules.st_petersburg.data import START_RUBLES

from .figures_helpers import played, table

GAME = get("st_petersburg")


def _sum(rows, group, seat):
    return sum(values[seat] for (heading, _), values in rows.items() if heading == group)


@pytest.mark.parametrize(("players", "seed", "level"), [(2, 1, "smart"), (3, 2, "random"), (4, 3, "smart")])
def test_rubles_and_points_add_up(players, seed, level):
    moves = played("st_petersburg", players, seed, level)
    rows = table(GAME.figures(moves))
    last = moves[-1].after
    final = {row.seat: row for row in last.standings().rows}
    for seat in range(players):
        earned, spent = _sum(rows, "Rubles earned", seat), _sum(rows, "Rubles spent", seat)
        assert START_RUBLES + earned - spent == last.rubles[seat]
        assert earned > 0 and spent > 0
        track = sum(
            rows[("Points", where)][seat]
            for where in ("worker phase", "building phase", "aristocrat phase", "at the Pub")
        )
        assert track == last.points[seat]
        assert _sum(rows, "Points", seat) == final[seat].total
    bought = [
        sum(1 for m in moves if m.seat == s and m.action.kind in ("buy", "observatory_buy"))
        for s in range(players)
    ]
    assert list(rows[("Cards", "bought")]) == bought


def test_the_pub_is_counted_apart():
    moves = played("st_petersburg", 2, 1, "smart")
    rows = table(GAME.figures(moves))
    pub = [
        sum(m.action.price for m in moves if m.seat == s and isinstance(m.action, PubBuy)) for s in range(2)
    ]
    assert list(rows[("Rubles spent", "at the Pub")]) == pub


def test_part_of_a_game_counts_only_its_moves_and_no_end_rows():
    moves = played("st_petersburg", 2, 1, "random")
    part = table(GAME.figures(moves[:40]))
    whole = table(GAME.figures(moves))
    assert ("Points", "aristocrat bonus (end)") in whole and ("Points", "aristocrat bonus (end)") not in part
    assert all(part[key][s] <= whole[key][s] for key in part for s in range(2))
    assert GAME.figures([]) == []
