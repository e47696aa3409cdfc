"""Keys that arrive together (over SSH, when pasting) never leave a dead screen, never take a
hand-off's Enter for a move, and never open a screen on the way out."""

import pytest

from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.santiago.actions import Bid, Plant
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.amount import AmountScreen
from boardgames_tui.ui.screens.details import DetailsScreen
from boardgames_tui.ui.screens.dialogs import ChoiceScreen, MessageScreen, QuitScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, LogScreen, RecapScreen
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.screens.launcher import LauncherScreen

from .helpers import answers_keys, played_record, send_batch, write_save

SIZE = (80, 24)


def sp_app(seats, seed=5, **kwargs):
    return BoardgamesApp("st_petersburg", seats, seed=seed, bot_delay=0, **kwargs)


def game_is_there(app) -> bool:
    return answers_keys(app) and app.game_screen is not None and app.game_screen in app.screen_stack


async def test_enter_and_a_digit_in_one_write_keep_the_game():
    # The play-testers' report: 1 opens "Buy a card: which?", then Enter and 1 arrive together.
    app = sp_app([Seat("Ann"), Seat("Bo", "smart")])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        assert isinstance(app.screen, ChoiceScreen)
        await send_batch(pilot, "enter", "1")
        assert game_is_there(app)
        assert isinstance(app.screen, GameScreen)
        ann_moves = [step for step in app.table.record.steps if step.seat == 0]
        assert len(ann_moves) == 1  # one choice, one purchase
        await pilot.press("i")  # and the app still answers
        assert isinstance(app.screen, DetailsScreen)


async def open_choice(app, pilot):
    await pilot.press("1")


async def open_quit(app, pilot):
    await pilot.press("q")


async def open_message(app, pilot):
    app.show_message("A title", "A message that needs Enter.")
    await pilot.pause()


async def open_log(app, pilot):
    await pilot.press("l")


async def open_details(app, pilot):
    await pilot.press("i")


async def open_help(app, pilot):
    await pilot.press("question_mark")


DIALOGS = {
    "choice": (open_choice, ChoiceScreen),
    "quit": (open_quit, QuitScreen),
    "message": (open_message, MessageScreen),
    "log": (open_log, LogScreen),
    "details": (open_details, DetailsScreen),
    "help": (open_help, HelpScreen),
}
# Each batch closes (or answers) the dialog and then goes on typing.
BATCHES = [
    ("enter", "enter"),
    ("escape", "escape"),
    ("enter", "1"),
    ("1", "1"),
    ("escape", "1", "2"),
    ("n", "n", "n"),
    ("escape", "question_mark", "escape"),
    ("l", "l", "i", "i"),
    ("space", "enter", "escape"),
]


# For the quit dialog Enter and y mean quit: those batches are the tests at the end of this file.
QUIT_BATCHES = [
    ("n", "n"),
    ("escape", "escape"),
    ("n", "1"),
    ("escape", "question_mark", "escape"),
    ("n", "l", "escape"),
    ("n", "q", "n"),
]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DIALOGS))
async def test_every_dialog_survives_keys_in_a_batch(name):
    opener, screen_type = DIALOGS[name]
    batches = QUIT_BATCHES if name == "quit" else BATCHES
    app = sp_app(["Ann", "Bob"], seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Ann takes the keyboard
        tried = 0
        for batch in batches:
            if not isinstance(app.screen, GameScreen):
                await pilot.press("escape")
            while isinstance(app.screen, (HandoffScreen, RecapScreen)):
                await pilot.press("enter")
            await opener(app, pilot)
            if not isinstance(app.screen, screen_type):
                continue  # e.g. "1" was a single move here and played at once
            tried += 1
            await send_batch(pilot, *batch)
            assert game_is_there(app), (name, batch, [type(s).__name__ for s in app.screen_stack])
        assert tried >= len(batches) // 2


@pytest.mark.slow
async def test_amount_dialog_survives_keys_in_a_batch():
    app = BoardgamesApp(
        "santiago", ["Ann", "Bob", "Cleo"], seed=1, bot_delay=0, options={"spring": "random_inner"}
    )
    async with app.run_test(size=SIZE) as pilot:
        for batch in [
            ("enter", "enter"),
            ("escape", "escape"),
            ("5", "enter", "enter"),
            ("escape", "a", "enter"),
        ]:
            while isinstance(app.screen, (HandoffScreen, RecapScreen)):
                await pilot.press("enter")
            if app.game_screen.view.phase != "bid":
                break
            await pilot.press("a")
            assert isinstance(app.screen, AmountScreen)
            await send_batch(pilot, *batch)
            assert game_is_there(app), batch


async def test_game_over_and_hand_off_survive_keys_in_a_batch():
    record, _ = played_record(seed=7)
    path = write_save(record)
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await send_batch(pilot, "b", "b", "escape")
        assert game_is_there(app)
        await pilot.press("g")
        assert isinstance(app.screen, GameOverScreen)
        await send_batch(pilot, "escape", "escape", "g", "b")
        assert answers_keys(app)


async def test_an_enter_for_the_hand_off_never_makes_a_move():
    app = sp_app(["Ann", "Bob"], seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        # Ann buys with a double Enter: the second one must not hand the keyboard to Bob.
        await send_batch(pilot, "h", "enter")
        assert len(app.table.record.steps) == 1
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1
        assert app.game_screen.viewer is None
        # Bob takes the hand-off with Enter Enter h: only the first key counts.
        await send_batch(pilot, "enter", "enter", "h")
        assert len(app.table.record.steps) == 1
        assert app.game_screen.viewer == 1
        # Typed once the screen is there, keys act as usual.
        while isinstance(app.screen, RecapScreen):
            await pilot.press("enter")
        await pilot.press("h")
        assert len(app.table.record.steps) == 2 and app.table.record.steps[-1].seat == 1


async def test_same_player_again_after_an_automatic_step_is_told_and_keys_wait():
    # Santiago, seed 1: Ann bids last; bidding the most makes her first to plant.
    app = BoardgamesApp(
        "santiago",
        [Seat("Ann"), Seat("Bo", "smart"), Seat("Cy", "smart")],
        seed=1,
        bot_delay=0,
        options={"spring": "random_inner"},
    )
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(20):
            if app.game_screen.my_turn:
                break
            await pilot.pause()
        screen = app.game_screen
        assert screen.view.phase == "bid" and screen.my_turn
        screen.picks.set_amount(max(a.amount for a in screen.legal if isinstance(a, Bid)))
        await send_batch(pilot, "enter", "enter")
        steps = app.table.record.steps
        assert isinstance(steps[-1].action, Bid) and steps[-1].seat == 0
        assert not any(isinstance(s.action, Plant) for s in steps)
        assert screen.view.phase == "plant" and screen.my_turn
        assert "you act again" in app.screen_text() and "PLANTING" in app.screen_text()
        await pilot.press("enter")  # now Enter plants
        assert isinstance(app.table.record.steps[-1].action, Plant)


async def test_q_then_more_keys_quits_cleanly_from_the_launcher():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, LauncherScreen)
        await send_batch(pilot, "q", "question_mark", "enter")
    assert app.return_code == 0


async def test_q_y_then_more_keys_quits_cleanly_from_a_game():
    app = sp_app(["Ann", "Bob"], seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await send_batch(pilot, "q", "y", "question_mark", "l")
    assert app.return_code == 0


async def test_the_recap_answers_quit_and_help_like_the_hand_off_before_it():
    app = sp_app(["Ann", "Bob"], seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.press("h")  # Ann takes a card: Bob's hand-off, then his recap
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RecapScreen)
        await send_batch(pilot, "q", "n")
        assert isinstance(app.screen, RecapScreen)  # asked, refused, still there
        await send_batch(pilot, "question_mark", "escape")
        assert isinstance(app.screen, RecapScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0 and app._exit
