"""San Marco's lines under the map at 80 columns: a line of words too long is wrapped, never cut
(issue 34: the Transfer line and the piles' descriptions lost their ends)."""

from __future__ import annotations

from rich.cells import cell_len

from boardgames_tui.play.table import Table
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.ui.boardkit import wrap_text
from boardgames_tui.ui.boards.san_marco.screen import SanMarcoScreen
from boardgames_tui.ui.boards.san_marco.tray import tray_lines


def test_wrap_keeps_every_word_and_indents_what_follows():
    from rich.text import Text

    text = Text("Transfer: replace a cube of Bob in Cannaregio with one of yours from Santa Croce")
    lines = wrap_text(text, 30)
    assert all(cell_len(line.plain) <= 30 for line in lines) and len(lines) >= 3
    assert all(line.plain.startswith("  ") for line in lines[1:])
    assert " ".join(line.plain.strip() for line in lines) == text.plain


def test_no_line_of_words_under_the_map_is_cut():
    for players, seed in ((3, 2), (4, 5)):
        names = ["Annemarie", "Bartholomew", "Cleopatra", "Dan"][:players]
        table = Table.new("san_marco", names, seed, autosave=False)
        bot = RandomBot()
        wrapped = 0
        for i in range(400):
            if table.is_over():
                break
            seat = table.to_move()[0]
            table.act(seat, bot.choose(table.view(seat), table.legal(seat), bot_rng(seed, i)))
            screen = SanMarcoScreen(table)
            screen.viewer = screen.actor = table.to_move()[0] if table.to_move() else None
            screen.read_table()
            lines = tray_lines(screen.scene(), 79)
            for line in lines:
                assert line.text.cell_len <= 79
                if not line.cards:
                    assert not line.text.plain.endswith("…"), line.text.plain
            wrapped += any(line.text.plain.startswith("  ") for line in lines)
        assert wrapped, "the check can fail: some line needed two"
