"""A whole 2-player game of Macao played by keystrokes, from the first starting card to the final
scoring, in both ways of choosing the dice; under the simultaneous choice nobody's screen shows
another player's dice before all have chosen."""

from __future__ import annotations

import pytest

from boardgames_tui.rules.core import Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game_over import GameOverScreen

from .helpers import frame_key, keys_until, press

# A whole game by keystrokes, twice: the longest tests of the suite.
pytestmark = pytest.mark.slow


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
async def test_a_whole_two_player_game_by_keystrokes(dice_choice):
    app = BoardgamesApp(
        "macao", [Seat("Ann"), Seat("Bob")], seed=4, options={"dice_choice": dice_choice}, bot_delay=0
    )
    watch = DiceWatch()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = await keys_until(
            app, pilot, lambda a: isinstance(a.screen, GameOverScreen), next_key, watch, press
        )
        state = app.table._state
        assert app.table.is_over() and state.round == 12 and keys > 200
        if dice_choice == "simultaneous":
            assert watch.checked > 12
        text = app.screen_text()
        assert "total" in text.lower()
