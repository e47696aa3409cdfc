"""The app driven by keystrokes at 80×24: hot-seat flow, hand-off privacy, saves, errors."""

import re

import pytest

from boardgames_tui import saves
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.st_petersburg.actions import TakeToHand
from boardgames_tui.rules.st_petersburg.data import CARDS
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ChoiceScreen, MessageScreen, QuitScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.screens.launcher import LauncherScreen
from boardgames_tui.ui.screens.too_small import TooSmallScreen

from .helpers import NAMES, play_one_step, played_record, saved_by_bot, write_save

SIZE = (80, 24)


def sp_app(**kwargs):
    kwargs.setdefault("seed", 7)
    return BoardgamesApp("st_petersburg", kwargs.pop("seats", ["Ann", "Bob"]), bot_delay=0, **kwargs)


@pytest.mark.slow
async def test_the_last_round_by_keystrokes_to_the_results():
    """The flow's hand-offs and turns have their own tests (tests/play/test_flow.py) and the opening
    turns by keys are below: here a game's last round by keystrokes, from its save, through every
    hand-off to the results, the save marked over, and back to the launcher."""
    path = saved_by_bot("st_petersburg", lambda view: view.final_round, NAMES, 48, "sp-last-round.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        handed_to = None
        keys = 0
        while not isinstance(app.screen, GameOverScreen):
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                handed_to = screen.seat
            if isinstance(screen, GameScreen) and screen.viewer is not None:
                # A player's private screen only ever shows after their own hand-off.
                assert screen.viewer == handed_to
            assert await play_one_step(pilot), type(app.screen).__name__
            keys += 1
            assert keys < 2000
        assert app.table.is_over() and keys > 10
        text = app.screen_text()
        assert "Ann" in text and "Bob" in text and "WINNER" in text and "Total" in text
        winners = [row.name for row in app.table._state.standings().winners]
        assert any(f"{name} wins" in text for name in winners) or "Shared victory" in text
        # The save says the game is over; from the results, back to the launcher.
        assert saves.load(app.table.save_path)[1].is_over()
        await pilot.press("enter")
        assert isinstance(app.screen, LauncherScreen)


async def test_handoff_shows_no_private_information():
    app = sp_app()
    async with app.run_test(size=SIZE) as pilot:
        # Ann and Bob each take a card into hand and buy one, through the hand-offs.
        for keys in (
            ["enter", "h"],
            ["enter", "enter", "h"],
            ["enter", "enter", "right", "enter"],
            ["enter", "enter", "right", "enter"],
        ):
            for key in keys:
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("1")
                await pilot.press(key)
        assert isinstance(app.screen, HandoffScreen)
        state = app.table._state
        assert any(state.view(s).players[s].hand for s in (0, 1))
        text = app.screen_text()
        assert "Pass the keyboard to" in text and "Press Enter" in text
        for seat in (0, 1):
            me = state.view(seat).players[seat]
            for key in me.hand:
                assert CARDS[key].name not in text and CARDS[key].short not in text
            assert str(me.rubles) not in text
        assert not re.search(r"\d", text), text  # no number at all: no money, no prices
        assert "₽" not in text
        # The board below was switched to the public view before the hand-off went up.
        assert app.game_screen.viewer is None


async def test_one_human_with_a_bot_needs_no_handoff():
    app = sp_app(seats=[Seat("Ann"), Seat("Bot", "random")])
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(12):
            assert not isinstance(app.screen, HandoffScreen)
            await play_one_step(pilot)
            await pilot.pause()
        assert len(app.table.record.steps) >= 10
        assert all(not isinstance(s, HandoffScreen) for s in app.screen_stack)


async def test_illegal_input_shows_the_reason_in_place():
    app = sp_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # hand-off to Ann
        await pilot.press("9")
        assert "There is no action 9" in app.screen_text()
        # Ann takes three cards into hand (Bob passes), then tries a fourth.
        for _ in range(3):
            await pilot.press("h", "enter", "enter", "space", "enter", "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 0
        row, index, key = screen.under_cursor()
        reason = app.table._state.explain_illegal(0, TakeToHand(row, index, key))
        steps = len(app.table.record.steps)
        await pilot.press("h")
        assert len(app.table.record.steps) == steps
        assert reason[:40] in app.screen_text()
        assert "Traceback" not in app.screen_text()


async def test_undo_from_the_handoff_screen():
    app = sp_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h")  # Ann takes a card
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1
        assert "press u to take back" in app.screen_text()
        await pilot.press("u")
        assert app.table.record.steps == []
        # Ann took her move back at the hand-off: she is at the keyboard, and her own screen comes
        # back without another hand-off (it shows only her secrets, never Bob's).
        assert isinstance(app.screen, GameScreen) and app.screen.viewer == 0
        assert "Took back 1 move" in app.screen_text()
        await pilot.press("h", "enter", "enter")
        assert app.screen.viewer == 1
        await pilot.press("u")  # Bob has nothing to take back
        assert "nothing of yours" in app.screen_text()
        await pilot.press("space")  # Bob passes: now only Bob may take back his pass
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
        assert "● Bob: press u" in app.screen_text()
        assert app.table.undo_count(0) == 0


async def test_undo_on_the_board_with_a_bot_waiting():
    app = sp_app(seats=[Seat("Ann"), Seat("Bot", "random")])
    app.bot_delay = 30  # the bot would wait long enough for Ann to change her mind
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert len(app.table.record.steps) == 1
        await pilot.press("u")
        assert app.table.record.steps == []
        assert "Took back 1 move" in app.screen_text()


async def test_autosave_after_each_move_and_resume():
    app = sp_app()
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(14):
            await play_one_step(pilot)
            path = app.table.save_path
            if not app.table.record.steps:
                assert not path.exists()  # nothing is written before the first move
                continue
            record, state = saves.load(path)
            assert record.steps == app.table.record.steps
            assert state == app.table._state
        steps = list(app.table.record.steps)
        state = app.table._state.copy()
    resumed = BoardgamesApp(load_path=path, bot_delay=0)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert resumed.table.record.steps == steps and resumed.table._state == state
        assert isinstance(resumed.screen, HandoffScreen)  # two humans: hand off first
        await play_one_step(pilot)
        await play_one_step(pilot)
        assert resumed.table.save_path == path
    assert [p.name for p in saves.save_dir().iterdir()] == [path.name]


async def test_damaged_save_gets_a_message_and_is_left_alone():
    record, _ = played_record(moves=8)
    good = write_save(record, "st_petersburg-good.json")
    raw = good.read_bytes()
    bad = saves.save_dir() / "st_petersburg-bad.json"
    bad.write_bytes(raw[: len(raw) // 2])
    damaged = bad.read_bytes()
    app = BoardgamesApp(load_path=bad, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = app.screen_text()
        assert "damaged" in text and "left as it is" in text
        assert app.table is None
        # From the launcher's list too.
        while not isinstance(app.screen, LauncherScreen):
            await pilot.press("enter")
        launcher = app.screen
        assert "damaged" in app.screen_text()
        index = next(i for i, e in enumerate(launcher.saves) if e.path == bad)
        launcher.query_one("#saves").focus()
        launcher.query_one("#saves").highlighted = index
        await pilot.press("enter")
        assert isinstance(app.screen, MessageScreen)
        assert "left as it is" in app.screen_text()
    assert bad.read_bytes() == damaged
    assert sorted(p.name for p in saves.save_dir().iterdir()) == [
        "st_petersburg-bad.json",
        "st_petersburg-good.json",
    ]


async def test_launcher_starts_a_game_by_keyboard():
    record, _ = played_record(moves=8)
    write_save(record, "st_petersburg-old.json")
    app = BoardgamesApp(seed=48213, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        text = app.screen_text()
        assert "St. Petersburg" in text and "48213" in text and "Tax Man" in text
        assert "Ann, Bob" in text  # the saved game
        # Make Bob a bot: Tab to his kind, → changes it.
        while app.focused is not app.screen.form or app.screen.form.at != "kind-1":
            await pilot.press("tab")
        await pilot.press("right", "right")  # the normal level
        await pilot.press("f5")
        assert app.table is not None and app.table.record.seed == 48213
        assert app.table.seats == (Seat("Ann"), Seat("Bob", "normal"))
        assert isinstance(app.screen, GameScreen)  # one human: no hand-off
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "Trading cards" in app.screen_text() or "Keys" in app.screen_text()
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_too_small_terminal():
    app = sp_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "too small" in app.screen_text()
        await pilot.press("enter")  # nothing goes through to the hand-off below
        assert app.table.record.steps == []
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)


async def test_no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = sp_app(seats=[Seat("Ann"), Seat("Bot", "random")])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        text = app.screen_text()
        # Players and card groups read without colour: symbols and letters.
        assert "◆ Ann" in text and "● Bot" in text
        assert "▶" in text and "▸" in text  # who acts, and the cursor
        assert re.search(r"\bW +\d+₽", text)
        svg = app.export_screenshot()
    colours = set(re.findall(r"fill: (#[0-9a-f]{6})", svg))
    greys = {c for c in colours if c[1:3] == c[3:5] == c[5:7]} | {
        "#c5c8c6"
    }  # the SVG frame's own text colour
    assert colours == greys, colours - greys


async def _through_handoff(pilot):
    while isinstance(pilot.app.screen, (HandoffScreen, RecapScreen)):
        await pilot.press("enter")


async def test_observatory_decision_by_keys():
    record, state = played_record(seed=7, moves=18)  # the player to move may use an Observatory
    path = write_save(record)
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _through_handoff(pilot)
        seat = app.screen.viewer
        assert seat == state.to_move()[0]
        await pilot.press("o")
        if isinstance(app.screen, ChoiceScreen):
            assert "Observatory" in app.screen_text()
            await pilot.press("1")
        view = app.table.view(seat)
        assert view.step == "observatory" and view.observatory_card
        text = app.screen_text()
        assert "Observatory:" in text and "d discard" in text
        assert CARDS[view.observatory_card].name in text
        await pilot.press("d")
        assert app.table.view(seat).step == "actions"
        assert app.table.view(seat).observatory_card is None


async def test_pub_decision_by_keys():
    record, state = played_record(seed=7, moves=28)  # a Pub owner may buy points
    path = write_save(record)
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _through_handoff(pilot)
        seat = app.screen.viewer
        view = app.table.view(seat)
        assert view.step == "pub" and view.pub.seat == seat
        assert "Pub:" in app.screen_text()
        points = view.players[seat].points
        await pilot.press("1")  # the Pub group: asks how many
        assert isinstance(app.screen, ChoiceScreen)
        assert "Buy no points at the Pub" in app.screen_text()
        await pilot.press("2")  # one point for 2 ₽
        assert app.table.view(seat).players[seat].points >= points + 1


async def test_mouse_click_on_a_card_offers_its_moves():
    app = sp_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        board = app.screen.query_one("#board")
        await pilot.click(board, offset=(12, 1))  # the upper row's second card
        assert isinstance(app.screen, ChoiceScreen)
        card = app.table.view(0).upper[1]
        text = app.screen_text()
        assert f"Buy {CARDS[card].name}" in text and f"Take {CARDS[card].name}" in text
        await pilot.press("2")  # take it
        assert card in app.table.view(0).players[0].hand


async def test_launcher_resumes_a_saved_game_and_typing_q_types():
    record, state = played_record(moves=8)
    path = write_save(record, "st_petersburg-old.json")
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.form.focus()
        app.screen.form.move_to("name-0")
        await pilot.press("end", "q", "u", "i")
        assert app.screen.form.field("name-0").value == "Annqui" and isinstance(app.screen, LauncherScreen)
        app.screen.query_one("#saves").focus()
        await pilot.press("enter")
        assert app.table is not None and app.table.save_path == path
        assert app.table._state == state
        assert isinstance(app.screen, HandoffScreen)


async def test_the_palette_offers_a_screenshot_only_where_the_player_can_have_it(monkeypatch):
    # Over SSH the file would be written on the server, out of the player's reach.
    for served, expected in ((None, True), ("ssh", False)):
        if served is None:
            monkeypatch.delenv(saves.SERVED_ENV, raising=False)
        else:
            monkeypatch.setenv(saves.SERVED_ENV, served)
        app = sp_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for screen in (app.screen, LauncherScreen()):
                titles = [command.title for command in app.get_system_commands(screen)]
                assert "Theme" in titles
                assert ("Screenshot" in titles) == expected, (served, titles)


async def test_a_screenshot_lands_where_the_player_finds_it(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # a home with no Downloads folder
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    (tmp_path / "home").mkdir()
    app = sp_app()
    async with app.run_test(size=SIZE) as pilot:
        app.deliver_screenshot("shot.svg")
        for _ in range(200):
            await pilot.pause(0.02)
            if list(saves.data_dir().glob("screenshots/shot.svg")):
                break
    shot = saves.data_dir() / "screenshots" / "shot.svg"
    assert shot.read_text().startswith("<svg")
    (tmp_path / "home" / "Downloads").mkdir()
    from boardgames_tui.ui.app import screenshot_folder

    assert screenshot_folder() == tmp_path / "home" / "Downloads"
