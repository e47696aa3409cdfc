"""The results' words: the tie-break is named, and its column shown, only when two players end on
the same total (issue 34)."""

from __future__ import annotations

from rich.console import Console

from boardgames_tui.rules.core import StandingRow, Standings, rank_rows
from boardgames_tui.ui.screens.game_over import notes_line, shared_table


def standings(*totals: int) -> Standings:
    rows = [
        StandingRow(seat, name, total, {"track": total}, tiebreak=seat)
        for seat, (name, total) in enumerate(zip(("Ann", "Bob", "Cleo"), totals))
    ]
    return Standings(rank_rows(rows), tiebreak_label="rubles held")


def plain(renderable) -> str:
    console = Console(width=80, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_no_tie_no_tie_break():
    clear = standings(30, 20, 10)
    assert "Tie-break" not in plain(shared_table(clear)) and "Tie-break" not in notes_line(clear).plain


def test_a_tie_anywhere_names_the_tie_break_and_shows_its_column():
    for totals in ((30, 30, 10), (30, 20, 20)):
        tie = standings(*totals)
        assert "Tie-break" in plain(shared_table(tie)), totals
        assert notes_line(tie).plain == "Tie-break: rubles held.", totals
