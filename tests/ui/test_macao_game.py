"""A 2-player game of Macao by keystrokes: its first round from the first starting card, and its last
round to the final scoring, in both ways of choosing the dice; under the simultaneous choice
nobody's screen shows another player's dice before all have chosen."""

from __future__ import annotations

import pytest

from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.macao.data import ROUNDS
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game_over import GameOverScreen

from .helpers import frame_key, keys_until, press, saved_by_bot

# Two rounds by keystrokes, twice: among the longest tests of the suite.
pytestmark = pytest.mark.slow

NAMES = ("Ann", "Bob")


def next_key(app) -> str | None:
    """The first legal move through the keyboard: 1 in the action list."""
    return frame_key(app, lambda game: "1")


class DiceWatch:
    """Under the simultaneous choice: while a round's dice are being chosen, a screen shows the
    dice its viewer took and no other player's."""

    def __init__(self) -> None:
        self.checked = 0

    def __call__(self, app) -> None:
        game = app.game_screen
        if app.screen is not game:
            return
        truth = app.table._state  # the truth, to hold each screen against
        if truth.step != "dice" or not truth.secret_dice:
            return
        viewer = game.viewer
        for p, pick in enumerate(truth.picks):
            if pick is None or p == viewer:
                continue
            shown = game.view.players[p].pick
            assert shown is None, f"{truth.name(p)}'s dice shown to {viewer}"
        self.checked += 1


@pytest.mark.parametrize("dice_choice", ["sequential", "simultaneous"])
async def test_the_first_and_the_last_round_by_keystrokes(dice_choice):
    """The turns between are the flow's and the rules' to test (tests/play, tests/rules): here the
    opening (the starting cards, the first dice) and the last round to the final scoring."""
    options = {"dice_choice": dice_choice}
    watch = DiceWatch()
    app = BoardgamesApp("macao", [Seat("Ann"), Seat("Bob")], seed=4, options=options, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = await keys_until(app, pilot, lambda a: a.table.view(None).round >= 2, next_key, watch, press)
        assert app.table.record.steps[0].action.kind == "start_card"  # chosen by a key, as all here
    last_round = saved_by_bot(
        "macao", lambda view: view.round >= ROUNDS, NAMES, 4, f"macao-{dice_choice}.json", options
    )
    app = BoardgamesApp(load_path=last_round, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        last = await keys_until(
            app, pilot, lambda a: isinstance(a.screen, GameOverScreen), next_key, watch, press
        )
        state = app.table._state
        assert app.table.is_over() and state.round == ROUNDS and first > 10 and last > 10
        if dice_choice == "simultaneous":
            assert watch.checked >= 2  # the first round's dice and the last's
        text = app.screen_text()
        assert "total" in text.lower()
