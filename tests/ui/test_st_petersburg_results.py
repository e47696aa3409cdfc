"""St. Petersburg's game-over body (ui/boards/st_petersburg/results.py): the shared standings table,
then a line for each player on where the final scoring's points came from. Games played to the end
by random bots through the rules; every figure on a player's line is checked against the
standings' breakdown and total and against the state at the end."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from boardgames_tui.play.table import Table
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.st_petersburg.data import FACE
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards import board_for
from boardgames_tui.ui.boards.st_petersburg.results import results
from boardgames_tui.ui.screens.game_over import GameOverScreen, shared_table

from .helpers import played_record, write_save

GAMES = [
    (["Ann", "Bob"], 11),
    (["Ann", "Bob", "Cleo"], 5),
    (["Annemarie 12", "Bartholomew1", "Cleopatra XI", "Dan"], 9),
]
# A player's line, its continuations joined back ("\n  " stands for " · " where a line broke).
LINE = re.compile(
    r"^\S (?P<name>.+?): "
    r"(?:(?P<kinds>\d+) (?:different )?aristocrats? (?P<bonus>[+−]\d+) ★|no aristocrats) · "
    r"(?P<rubles>\d+) ₽ (?P<money>[+−]\d+) ★ · "
    r"(?:(?P<cards>\d+) cards? in hand (?P<hand>[+−]\d+) ★|no cards in hand)$"
)


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


def number(text: str | None) -> int:
    return 0 if text is None else int(text.replace("−", "-"))


def player_lines(body: str) -> list[str]:
    """The lines under "Final scoring", one a player, each with its continuations joined back."""
    block = body.split("Final scoring, added to the points on the track:\n", 1)[1]
    block = block.split("Aristocrat bonus", 1)[0]
    return block.rstrip("\n").replace("\n  ", " · ").splitlines()


@pytest.mark.parametrize("names, seed", GAMES, ids=["2", "3", "4-long-names"])
@pytest.mark.parametrize("width", [74, 60])  # 74: the body of an 80-column game-over screen
def test_each_players_line_matches_the_standings(names, seed, width):
    table = finished(names, seed)
    state = table._state
    standings = table.standings()
    body = plain(results(table, width), width)
    assert all(cell_len(line) <= width for line in body.splitlines()), body
    if width >= 74:
        assert body.startswith(plain(shared_table(standings), width))  # the shared table first
    lines = player_lines(body)
    assert len(lines) == len(names)
    for row, line in zip(standings.rows, lines, strict=True):  # in the standings' order
        found = LINE.match(line)
        assert found is not None, line
        assert found["name"] == row.name
        parts = row.breakdown
        assert number(found["bonus"]) == parts["aristocrats"]
        assert number(found["money"]) == parts["money"]
        assert number(found["hand"]) == parts["hand"]
        assert parts["track"] + sum(number(found[k]) for k in ("bonus", "money", "hand")) == row.total
        # what each was counted from: the kinds of aristocrat, the rubles, the cards in hand
        kinds = len({key for key in state.areas[row.seat] if FACE[key] == "orange"})
        assert int(found["kinds"] or 0) == kinds
        assert int(found["rubles"]) == state.rubles[row.seat]
        assert int(found["cards"] or 0) == len(state.hands[row.seat])
    for name in names:
        assert f"{name}:" in body


def test_the_body_is_st_petersburgs_own_and_none_before_the_end():
    assert board_for("st_petersburg").results is results
    table = Table.new("st_petersburg", ["Ann", "Bob"], 11, autosave=False)
    assert results(table, 74) is None  # the shared table stands in (money is secret until the end)


async def test_the_game_over_screen_shows_where_the_points_came_from():
    record, state = played_record(seed=11)
    app = BoardgamesApp(load_path=write_save(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = app.screen_text()
        assert "Final scoring, added to the points on the track:" in text
        for row in state.standings().rows:
            assert f"{row.name}: " in text
