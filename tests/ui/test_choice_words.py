"""A choice says what decides it (issue 34): Macao's quarters with their cost and good, Rialto's
buildings with what each does."""

from __future__ import annotations

from boardgames_tui.play.table import Table
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.macao.actions import TakeQuarter
from boardgames_tui.rules.macao.data import QUARTER
from boardgames_tui.rules.rialto.actions import Build
from boardgames_tui.ui.boards.macao.screen import MacaoScreen
from boardgames_tui.ui.boards.macao.signs import cost
from boardgames_tui.ui.boards.rialto.screen import RialtoScreen
from boardgames_tui.ui.boards.rialto.signs import building_effect


def positions(game_id: str, screen_class, wanted, seed: int = 3, moves: int = 600):
    """Unmounted screens of a random game, read by the seat to move, where a `wanted` move is legal."""
    table = Table.new(game_id, ["Ann", "Bob", "Cleo"], seed, autosave=False)
    bot = RandomBot()
    for i in range(moves):
        if table.is_over():
            return
        seat = table.to_move()[0]
        if any(isinstance(a, wanted) for a in table.legal(seat)):
            screen = screen_class(table)
            screen.viewer = screen.actor = seat
            screen.read_table()
            yield screen
        table.act(seat, bot.choose(table.view(seat), table.legal(seat), bot_rng(seed, i)))


def test_a_quarter_to_take_says_its_cost_and_good():
    seen = 0
    for screen in positions("macao", MacaoScreen, TakeQuarter):
        for action in screen.legal:
            if isinstance(action, TakeQuarter):
                label = str(screen.action_label(action))
                assert QUARTER[action.quarter].name in label
                assert cost(QUARTER[action.quarter].cost).plain in label, label
                seen += 1
    assert seen > 10


def test_a_building_to_build_says_what_it_does():
    seen = 0
    for screen in positions("rialto", RialtoScreen, Build):
        for action in screen.legal:
            if isinstance(action, Build):
                effect = building_effect(action.colour, action.value)
                assert effect in screen.action_text(action)  # in the action list
                assert effect in str(screen.action_label(action))  # in the choice list
                seen += 1
    assert seen > 10
