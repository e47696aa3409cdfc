"""St. Petersburg's player rows at 80×24 with four long play areas: shortened, never cut (issue 34:
"A12 +2…" hid a number)."""

from __future__ import annotations

import pytest

from boardgames_tui.play.table import Table
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.ui.boards.st_petersburg.screen import StPetersburgScreen


@pytest.mark.parametrize("players", [2, 4])
def test_no_player_row_is_cut_however_long_the_play_areas_grow(players):
    names = ["Annemarie", "Bartholomew", "Cleopatra", "Dan"][:players]
    # open hands: every hand listed on its row, the longest rows there are
    options = {"open_hands": "on", "open_money": "on"}
    table = Table.new("st_petersburg", names, 9, options=options, autosave=False)
    bot = RandomBot()
    checked = shortened = 0
    for i in range(2000):
        if table.is_over():
            break
        seat = table.to_move()[0]
        table.act(seat, bot.choose(table.view(seat), table.legal(seat), bot_rng(9, i)))
        if i % 5:
            continue
        screen = StPetersburgScreen(table)  # not shown: 80×24
        screen.viewer = screen.actor = table.to_move()[0] if table.to_move() else None
        screen.read_table()
        for row in screen.player_rows(screen.view):
            assert "…" not in row.plain and row.cell_len <= 79, row.plain
        areas = [len(p.play_area) for p in screen.view.players]
        shortened += max(areas) >= 10
        checked += 1
    assert checked > 20 and shortened > 5  # the long play areas came up
