"""St. Petersburg's game-over body (ui/boards/st_petersburg/results.py): the shared standings table,
by category, for every player count."""

from __future__ import annotations

import pytest
from rich.console import Console

from boardgames_tui.play.table import Table
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.ui.boards import board_for
from boardgames_tui.ui.boards.st_petersburg.results import results

GAMES = [(["Ann", "Bob"], 11), (["Ann", "Bob", "Cleo"], 5), (["Ann", "Bob", "Cleo", "Dan"], 9)]


def finished(names: list[str], seed: int) -> Table:
    table = Table.new("st_petersburg", names, seed, autosave=False)
    rngs = [bot_rng(seed, i) for i in range(len(names))]
    bot = RandomBot()
    while not table.is_over():
        seat = table.to_move()[0]
        state = table._state
        table.act(seat, bot.choose(state.view(seat), state.legal_actions(seat), rngs[seat]))
    return table


def plain(renderable, width: int) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("names, seed", GAMES, ids=["2", "3", "4"])
def test_every_player_with_each_part_of_the_final_scoring_and_the_total(names, seed):
    table = finished(names, seed)
    body = plain(results(table, 74), 74)
    assert "Aristocrats" in body and "Money" in body and "Hand" in body
    rows = [line.split() for line in body.splitlines() if any(name in line for name in names)]
    assert len(rows) == len(names)
    for row, cells in zip(table.standings().rows, rows, strict=True):  # in the standings' order
        assert row.name in cells and str(row.total) in cells
        assert cells[cells.index(row.name) + 1 :][:4] == [
            str(row.breakdown["track"]),
            f"{row.breakdown['aristocrats']:+d}",
            f"{row.breakdown['money']:+d}",
            f"{row.breakdown['hand']:+d}",
        ]


def test_the_body_is_st_petersburgs_own_and_none_before_the_end():
    assert board_for("st_petersburg").results is results
    assert results(Table.new("st_petersburg", ["Ann", "Bob"], 11, autosave=False), 74) is None
