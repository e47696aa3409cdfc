"""Quitting tells the truth about the save and goes back where the game came from: the launcher,
or out of the program when the game was started from the command line. A save that cannot be
written is said in words, with its folder, until one succeeds; the quit dialog then offers to save
the game elsewhere."""

import errno
import json

import pytest
from textual.widgets import Input

from boardgames_tui import saves
from boardgames_tui.play.table import Table
from boardgames_tui.rules.core import Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import QuitScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.launcher import LauncherScreen

from .helpers import press, send_batch, to_the_board
from .test_shared_tables import service, table_with_a_free_seat, take_the_open_seat, to_the_join_screen, until

assert service  # a fixture: used by name

SIZE = (80, 24)
SEATS = [Seat("Ann"), Seat("Bob", "normal")]  # one human: no hand-offs between moves


def cli_app(**kwargs):
    """As `python -m boardgames_tui play st_petersburg --players Ann,normal:Bob --seed 11`."""
    return BoardgamesApp("st_petersburg", SEATS, seed=11, bot_delay=0, **kwargs)


async def open_from_launcher(app, pilot):
    assert isinstance(app.screen, LauncherScreen)
    app.new_game("st_petersburg", SEATS, 11)
    await to_the_board(app, pilot)
    assert isinstance(app.screen, GameScreen)


async def make_a_move(app, pilot):
    before = app.table.steps
    await press(pilot, "space")  # Ann passes
    for _ in range(20):
        await pilot.pause()
        if app.table.steps > before and isinstance(app.screen, GameScreen) and app.screen.my_turn:
            break
    assert app.table.steps > before


def words(app) -> str:
    """The screen's words, a dialog's lines joined again (its borders and the wrapping gone)."""
    text = app.screen_text()
    for border in "┃│┏┓┗┛━─":
        text = text.replace(border, " ")
    return " ".join(text.split())


async def shown(app, pilot, phrase: str) -> str:
    """The screen's words once `phrase` is among them (a line that changes size is laid out a
    frame or two later); the words as they are if it never comes."""
    for _ in range(20):
        text = words(app)
        if phrase in text:
            break
        await pilot.pause(0.02)
    return text


async def field_ready(app, pilot):
    """Wait for the path field to have the keyboard, as a person does before typing."""
    for _ in range(20):
        if isinstance(app.focused, Input):
            return
        await pilot.pause(0.02)
    raise AssertionError("the path field never took the keyboard")


def dialog_line(app, selector) -> str:
    """The words of one line of the dialog, whole (a long path wraps anywhere on the screen)."""
    return app.screen.query_one(selector).visual.plain


def files(folder):
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


# -- where q y goes ---------------------------------------------------------------------------


@pytest.mark.parametrize("together", [False, True], ids=["one by one", "in one batch"])
async def test_q_y_in_a_game_opened_from_the_launcher_goes_back_to_it(data_dir, together):
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_from_launcher(app, pilot)
        await make_a_move(app, pilot)
        if together:
            # Over SSH the keys come in one packet; what follows y was meant for the game.
            await send_batch(pilot, "q", "y", "question_mark")
        else:
            await press(pilot, "q")
            assert "Leave the game? The game is saved" in app.screen_text()
            assert "y / Enter  back to the launcher" in app.screen_text()
            await press(pilot, "y")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert app.return_code is None and not app._exit
        assert app.table is None
        await pilot.pause()
        assert "Ann, Bob" in app.screen_text()  # the game just left, in the saved games
        await press(pilot, "q")  # the launcher's q still ends the program
    assert app.return_code == 0


@pytest.mark.parametrize("together", [False, True], ids=["one by one", "in one batch"])
async def test_q_y_in_a_game_started_from_the_command_line_ends_the_program(together):
    app = cli_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_the_board(app, pilot)
        await make_a_move(app, pilot)
        if together:
            await send_batch(pilot, "q", "y", "question_mark")
        else:
            await press(pilot, "q")
            assert "Quit? The game is saved" in app.screen_text()
            assert "y / Enter  quit" in app.screen_text()
            await press(pilot, "y")
        assert app._exit
    assert app.return_code == 0


async def test_n_keeps_playing_wherever_the_game_came_from():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_from_launcher(app, pilot)
        await send_batch(pilot, "q", "n")
        assert isinstance(app.screen, GameScreen) and app.table is not None


async def test_q_y_at_a_shared_table_goes_back_to_the_launcher(service):
    code = await table_with_a_free_seat(service, "rialto")
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_join_screen(pilot, app)
        await take_the_open_seat(pilot, app, code)
        await press(pilot, "q")
        assert "Leave the game? Your seat at the table is kept a while" in words(app)
        await press(pilot, "y")
        await until(pilot, lambda: isinstance(app.screen, LauncherScreen))
        assert app.shared_code is None and app.return_code is None


# -- what the dialog says is saved ------------------------------------------------------------


async def test_before_the_first_move_the_dialog_says_nothing_is_saved(data_dir):
    # The play-testers' report: `play st_petersburg --players Ann,Bob --seed 11`, q, y.
    app = BoardgamesApp("st_petersburg", ["Ann", "Bob"], seed=11, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_board(app, pilot)
        await press(pilot, "q")
        text = app.screen_text()
        assert isinstance(app.screen, QuitScreen)
        assert "Nothing is saved: no move has been made yet." in text
        assert "is saved:" not in text.replace("Nothing is saved:", "")
        await press(pilot, "y")
    assert app.return_code == 0
    assert files(saves.save_dir()) == []  # and indeed nothing is


async def test_after_a_move_the_dialog_says_saved_and_the_file_is_there(data_dir):
    app = cli_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_the_board(app, pilot)
        await make_a_move(app, pilot)
        await press(pilot, "q")
        assert "Quit? The game is saved: resume it from the launcher." in app.screen_text()
        steps = app.table.record.steps
        await press(pilot, "y")
    (name,) = files(saves.save_dir())
    assert saves.load(saves.save_dir() / name)[0].steps == steps


async def test_a_resumed_game_is_saved_before_its_next_move(data_dir):
    first = cli_app()
    async with first.run_test(size=SIZE) as pilot:
        await to_the_board(first, pilot)
        await make_a_move(first, pilot)
        await press(pilot, "q", "y")
    (name,) = files(saves.save_dir())
    app = BoardgamesApp(load_path=saves.save_dir() / name, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_board(app, pilot)
        await press(pilot, "q")
        assert "Quit? The game is saved" in app.screen_text()


# -- when saves cannot be written -------------------------------------------------------------


def block_the_saves_folder(data_dir):
    """A file where the saves folder should be."""
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "saves").write_text("not a folder")
    return data_dir / "saves"


async def test_a_failed_save_is_said_in_words_with_its_folder_and_stays_said(data_dir):
    folder = block_the_saves_folder(data_dir)
    app = cli_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await to_the_board(app, pilot)
        await make_a_move(app, pilot)
        await pilot.pause()
        text = words(app)
        assert f"Could not save the game in {folder}: a file is in the way of the folder" in text
        assert "(the game goes on; nothing is lost until you quit)" in text
        assert "File exists" not in text
        # Another message comes: the warning stays above it.
        await press(pilot, "9")
        text = words(app)
        assert "There is no action" in text and "Could not save the game in" in text
        await press(pilot, "escape")  # clears the message, never the warning
        assert "Could not save the game in" in words(app)
        # A save that succeeds (the folder is back) takes it away.
        folder.unlink()
        await make_a_move(app, pilot)
        app.table.flush(10)
        await pilot.pause()
        await pilot.pause()
        assert "Could not save" not in app.screen_text()
        assert app.table.save_error is None and files(folder)


async def test_the_disk_full_is_said_as_such_and_shows_at_once(data_dir, monkeypatch):
    def full(path, text, overwrite=True):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "write_atomic", full)
    app = cli_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await to_the_board(app, pilot)
        await make_a_move(app, pilot)
        app.table.flush(10)
        await pilot.pause()  # no key pressed: the writer's news is enough to redraw the line
        text = words(app)
        assert f"Could not save the game in {saves.save_dir()}: the disk is full" in text


async def test_the_quit_dialog_says_not_saved_and_saves_elsewhere(data_dir, tmp_path):
    block_the_saves_folder(data_dir)
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_from_launcher(app, pilot)
        await make_a_move(app, pilot)
        await press(pilot, "q")
        text = words(app)
        assert "Leave the game? The game is NOT saved. Could not save the game in" in text
        assert "s save it elsewhere" in text and "y back to the launcher without saving" in text
        # Enter typed ahead must not throw the game away: it keeps playing.
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "q", "s")
        await field_ready(app, pilot)
        # Somewhere that fails too: a one-line refusal, and the dialog stays.
        blocker = tmp_path / "a-file"
        blocker.write_text("in the way")
        app.screen.query_one("#quit-path").value = str(blocker / "game.json")
        await press(pilot, "enter")
        assert isinstance(app.screen, QuitScreen)
        refusal = f"Could not save the game in {blocker}: a file is in the way of the folder."
        assert dialog_line(app, "#quit-said") == refusal
        assert "Could not save the game in" in await shown(app, pilot, "the way of the folder.")
        # A file that exists is never replaced.
        taken = tmp_path / "taken.json"
        taken.write_text("somebody's damaged save")
        app.screen.query_one("#quit-path").value = str(taken)
        await press(pilot, "enter")
        assert (
            dialog_line(app, "#quit-said")
            == f"{taken} exists already and is never replaced: type another name."
        )
        assert taken.read_text() == "somebody's damaged save"
        # A folder: the game goes in it under a fresh name.
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        app.screen.query_one("#quit-path").value = str(elsewhere)
        await press(pilot, "enter")
        (name,) = files(elsewhere)
        text = await shown(app, pilot, "y / Enter back to the launcher")
        said = (
            f"Leave the game? The game is saved in {elsewhere / name}: resume it with boardgames-tui --load"
        )
        assert dialog_line(app, "#quit-text").startswith(said)
        assert not app.screen.query_one("#quit-said").display
        assert "y / Enter back to the launcher" in text
        assert saves.load(elsewhere / name)[0].steps == app.table.record.steps
        await press(pilot, "n")  # play on: the autosave follows the game there
        assert isinstance(app.screen, GameScreen)
        assert "Could not save" not in app.screen_text()
        await make_a_move(app, pilot)
        app.table.flush(10)
        assert saves.load(elsewhere / name)[0].steps == app.table.record.steps
        await press(pilot, "q", "y")
        assert isinstance(app.screen, LauncherScreen)


async def test_esc_in_the_field_goes_back_to_the_question(data_dir):
    block_the_saves_folder(data_dir)
    app = cli_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_the_board(app, pilot)
        await make_a_move(app, pilot)
        await press(pilot, "q", "s", "y")  # y is typed into the field, not an answer
        assert isinstance(app.screen, QuitScreen) and not app._exit
        await press(pilot, "escape")
        assert isinstance(app.screen, QuitScreen) and not app.screen.typing
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_over_ssh_no_path_on_the_server_is_offered(data_dir, monkeypatch):
    monkeypatch.setenv(saves.SERVED_ENV, "ssh")
    block_the_saves_folder(data_dir)
    app = cli_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_the_board(app, pilot)
        await make_a_move(app, pilot)
        await press(pilot, "q")
        assert "NOT saved" in app.screen_text() and "elsewhere" not in app.screen_text()
        await press(pilot, "s")
        assert not app.screen.typing


# -- the pieces underneath --------------------------------------------------------------------


def test_a_copy_never_replaces_a_file(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("damaged")
    with pytest.raises(FileExistsError):
        saves.write_atomic(path, "new", overwrite=False)
    assert path.read_text() == "damaged"
    assert files(tmp_path) == ["x.json"]  # no temporary file left
    saves.write_atomic(tmp_path / "y.json", "new", overwrite=False)
    assert (tmp_path / "y.json").read_text() == "new"


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.EEXIST, "a file is in the way of the folder"),
        (errno.ENOTDIR, "a file is in the way of the folder"),
        (errno.ENOSPC, "the disk is full"),
        (errno.EACCES, "no permission to write there"),
        (errno.EROFS, "the disk is read-only"),
    ],
)
def test_why_a_save_failed_is_said_in_words(code, words):
    assert saves.why_not(OSError(code, "system text")) == words


def test_save_state_follows_the_disk(data_dir, tmp_path):
    table = Table.new("st_petersburg", ["Ann", "Bob"], 7)
    assert table.save_state() == "none"
    table.act(table.to_move()[0], table.legal(table.to_move()[0])[0])
    assert table.save_state() == "saved"
    table.save_path = tmp_path / "blocked" / "x.json"
    (tmp_path / "blocked").write_text("a file")
    table.act(table.to_move()[0], table.legal(table.to_move()[0])[0])
    assert table.save_state() == "failed"
    path = table.save_as(tmp_path)
    assert table.save_state() == "saved" and table.save_path == path
    assert json.loads(path.read_text())["game"] == "st_petersburg"
    assert Table.resume(path).save_state() == "saved"
    assert Table.new("st_petersburg", ["Ann", "Bob"], 7, autosave=False).save_state() == "off"
