"""A walkthrough followed in the app: every step's caption over the game's own board, seen as the
learner sees it; a "your move" step waits for the move, refuses another with the step's hint (or
the rules' reason) and goes on when it is made; ← goes back; the last step ends on the scoring."""

from __future__ import annotations

import pytest

from boardgames_tui.learn import script
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.lesson import CaptionScreen
from boardgames_tui.ui.screens.review import ReviewScreen

from .helpers import press


async def caption_up(app, pilot) -> CaptionScreen:
    """The caption, once it is on the screen (pushed is not yet drawn on a busy machine)."""
    for _ in range(40):
        await pilot.pause()
        if isinstance(app.screen, CaptionScreen) and f"of {app.screen.count}" in app.screen_text():
            return app.screen
    raise AssertionError(f"no caption: {type(app.screen).__name__}")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", script.available())
async def test_a_walkthrough_from_its_first_step_to_the_scoring(game_id):
    walk = script.load(game_id)
    app = BoardgamesApp(learn=game_id, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for n, step in enumerate(walk.steps):
            caption = await caption_up(app, pilot)
            assert (caption.index, caption.title_text) == (n, step.title)
            text = app.screen_text()
            assert f"step {n + 1} of {len(walk.steps)}" in text
            game = app.game_screen
            assert game.viewer == script.LEARNER  # the learner's view, never another's
            for part, selector in game.PARTS.items():
                assert game.query_one(selector).has_class("lesson-mark") == (part in step.highlight)
            # every place a step marks is one the board can show there, and it is marked
            assert set(step.places) <= game.lesson_places(), (n, step.title)
            assert game.marked_places == set(step.places)
            await press(pilot, "right")
            if step.your_move:
                assert app.screen is game and game.my_turn
                game.play(step.expect)  # what the keys send (the keys themselves: below)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and app.table.is_over()
        # the walkthrough's game can be reviewed like any other, and Esc comes back to its end
        await press(pilot, "r", "home", "f")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and len(app.table.record.steps) == 0
        await press(pilot, "escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and app.table.is_over()


async def test_a_wrong_move_gets_the_hint_and_the_right_one_goes_on():
    walk = script.load("st_petersburg")
    n = next(i for i, step in enumerate(walk.steps) if step.your_move)
    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(n):
            await caption_up(app, pilot)
            await press(pilot, "right")
        await caption_up(app, pilot)
        await press(pilot, "enter")  # to the board
        game = app.game_screen
        steps = len(app.table.record.steps)
        await press(pilot, "space")  # a pass: legal, but not what the step asks for
        assert walk.steps[n].hint in " ".join(app.screen_text().split())
        assert len(app.table.record.steps) == steps and app.lesson.index == n
        await press(pilot, "escape")  # the caption again, then back to the board
        await caption_up(app, pilot)
        await press(pilot, "enter")
        game.play(walk.steps[n].expect)
        caption = await caption_up(app, pilot)
        assert caption.index == n + 1
        await press(pilot, "left")  # back a step: the move is to be made again
        caption = await caption_up(app, pilot)
        assert caption.index == n and len(app.table.record.steps) == steps


async def test_esc_on_a_caption_asks_then_leaves_for_the_launcher():
    from boardgames_tui.ui.screens.confirm import ConfirmScreen
    from boardgames_tui.ui.screens.launcher import LauncherScreen

    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await caption_up(app, pilot)
        await press(pilot, "right")
        await caption_up(app, pilot)
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")  # stay: the same step's caption again
        caption = await caption_up(app, pilot)
        assert caption.index == 1
        await press(pilot, "escape")
        await press(pilot, "y")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen) and app.lesson is None


@pytest.mark.slow
async def test_random_keys_in_a_walkthrough_never_leave_a_dead_screen():
    import random

    from .helpers import mash
    from .test_key_mash import KEYS

    rng = random.Random("lesson")
    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    keys = [k for k in KEYS if k != "escape"] + ["right"] * 6  # Esc twice would leave: walk on
    async with app.run_test(size=(80, 24)) as pilot:
        await caption_up(app, pilot)
        await mash(pilot, rng, keys, 120)


async def test_down_uncovers_the_board_and_esc_brings_the_caption_back():
    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await caption_up(app, pilot)
        await press(pilot, "down")
        assert app.screen is app.game_screen and "Esc: the caption again" in app.screen_text()
        assert "u undo" not in app.screen_text()  # a walkthrough goes back from its caption
        await press(pilot, "escape")
        caption = await caption_up(app, pilot)
        assert caption.index == 0


async def test_l_in_the_launchers_game_list_starts_that_games_walkthrough():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "l")  # the second game in the list
        caption = await caption_up(app, pilot)
        assert caption.index == 0 and app.lesson is not None
        assert app.lesson.walk.game_id == app.table.game.id == "santiago"


async def test_each_right_typed_together_goes_on_a_step():
    """Keys come in batches (pasted, over SSH): three → on captions are three steps, not one."""
    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await caption_up(app, pilot)
        from textual import events

        keys = [events.Key("right", None) for _ in range(3)]  # made together: one batch
        for key in keys:
            app.post_message(key)
        for _ in range(20):
            await pilot.pause()
        caption = await caption_up(app, pilot)
        assert caption.index == 3 and app.lesson.index == 3


async def test_help_opens_over_a_caption_and_closes_back_to_it():
    from boardgames_tui.ui.screens.help import HelpScreen

    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await caption_up(app, pilot)
        await press(pilot, "right")
        await caption_up(app, pilot)
        await press(pilot, "question_mark")
        for _ in range(40):
            await pilot.pause()
            if isinstance(app.screen, HelpScreen):
                break
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        caption = await caption_up(app, pilot)
        assert caption.index == 1


async def test_a_walkthrough_left_mid_way_offers_to_go_on_from_that_step():
    from boardgames_tui import prefs
    from boardgames_tui.ui.screens.confirm import ConfirmScreen

    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):  # on to the third step, one caption at a time
            if (await caption_up(app, pilot)).index < 2:
                await press(pilot, "right")
        await press(pilot, "escape")
        assert "next time you may go on from here" in app.screen_text()
        await press(pilot, "y")
    assert prefs.lesson_steps() == {"st_petersburg": 2}
    for answer, step in (("y", 2), ("n", 0)):
        app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and "Go on from step 3" in app.screen_text()
            await press(pilot, answer)
            caption = await caption_up(app, pilot)
            assert caption.index == step
    # the set-ups the launcher remembers are kept beside it
    prefs.remember("rialto", 3, [("Ann", "human")] * 3, {})
    assert prefs.lesson_steps() == {"st_petersburg": 2} and "rialto" in prefs.load()
