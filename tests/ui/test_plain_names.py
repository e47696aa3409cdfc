"""A player's name is drawn as it is written, never read as markup: on every screen of every game
(the hand-off, the recap, the board, the log, the details, the help, the results, the review),
in the launcher's set-up and saves list, and at a shared table's lobby and join screen.

The names hold markup: "[u]Zq" would underline, "[reverse]Xy" reverse, and "[/]Qv" closes a tag
nobody opened, which raised a MarkupError (a traceback in a player's game) wherever it was read as
markup. On each screen every "Zq" must show right after "[u]", and so on.
"""

from __future__ import annotations

import re

import pytest
from textual import events

from boardgames_tui import saves
from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.record import GameRecord, RecordError
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.details import DetailsScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, LogScreen, RecapScreen
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.screens.launcher import LauncherScreen
from boardgames_tui.ui.screens.review import ReviewScreen

from .helpers import answers_keys, press, screen_up, write_save
from .test_saves import settle_saves

# What each name ends with, and the name: the ending must never show without the rest before it.
NAMES = {"Zq": "[u]Zq", "Xy": "[reverse]Xy", "Qv": "[/]Qv"}
HUMANS = ("[u]Zq", "[reverse]Xy")
BOT = "[/]Qv"


def seats_of(game_id: str) -> list[Seat]:
    """Two humans (so the game hands the keyboard over) and a bot, and more bots when the game
    needs more players."""
    game = registry.get(game_id)
    seats = [Seat(HUMANS[0]), Seat(BOT, "random"), Seat(HUMANS[1])]
    seats += [Seat(f"Bot {n}", "random") for n in range(len(seats), game.min_players)]
    return seats


def played(game_id: str, seed: int = 5) -> GameRecord:
    """A whole game with every seat moved at random, whoever sits there."""
    record, state = GameRecord.start(game_id, seats_of(game_id), seed)
    bot = RandomBot()
    while not state.is_over():
        seat = state.to_move()[0]
        rng = bot_rng(seed, seat, len(record.steps))
        record.play(state, seat, bot.choose(state.view(seat), state.legal_actions(seat), rng))
    return record


def midway(record: GameRecord) -> GameRecord:
    """The game cut after about a third of its moves, where a human is to move, the other human
    has moved, and someone else moved since this one last did: resumed, it hands the keyboard
    over, then recaps what happened meanwhile."""
    humans = {i for i, seat in enumerate(record.seats) if not seat.is_bot}
    steps = record.steps
    for n in range(len(steps) // 3, len(steps)):
        seat = steps[n].seat
        acted = {step.seat for step in steps[:n]}
        if seat in humans and humans <= acted and steps[n - 1].seat != seat:
            return record.upto(n)
    raise AssertionError("no move by a human after both had moved")


def literal(text: str, where: str, shown: tuple[str, ...] = ()) -> None:
    """Every name on the screen shows whole, markup and all; the names in `shown` show at all."""
    for tail, name in NAMES.items():
        for found in re.finditer(tail, text):
            assert text[: found.start()].endswith(name[: -len(tail)]), (
                f"{where}: {tail} without its tag\n{text}"
            )
    for name in shown:
        assert name in text, f"{where}: {name} is not shown\n{text}"


async def look(pilot, kind, where: str, shown: tuple[str, ...] = ()) -> str:
    """The screen once a `kind` is on top, checked: names as written, the app still running."""
    app = pilot.app
    screen = await screen_up(pilot, kind)
    await pilot.pause()
    assert app.return_code is None, f"{where}: the app stopped"
    assert isinstance(screen, kind), f"{where}: {type(screen).__name__}\n{app.screen_text()}"
    assert answers_keys(app)
    text = app.screen_text()
    literal(text, where, shown)
    return text


async def paste(pilot, text: str) -> None:
    """Paste `text` as a terminal does, and wait until it is typed."""
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.ids())
async def test_names_with_markup_show_as_written_on_every_screen(game_id):
    record = played(game_id)
    names = tuple(seat.name for seat in record.seats)
    middle = write_save(midway(record), f"{game_id}-middle.json")
    app = BoardgamesApp(load_path=middle, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):  # a secret on a screen: handed over, recapped
            handoff = await look(pilot, HandoffScreen, "hand-off")
            seat = app.screen.seat
            assert names[seat] in handoff, handoff
            await press(pilot, "enter")
            await look(pilot, RecapScreen, "recap", (names[seat],))
            await press(pilot, "enter")
            await look(pilot, GameScreen, "board", names)
        else:  # nothing secret: the keyboard passed, the player's name on the message line
            board = await look(pilot, GameScreen, "board, passed without a hand-off", names)
            assert ", your turn." in board, board
        for key, kind, where in (("l", LogScreen, "log"), ("i", DetailsScreen, "details")):
            await press(pilot, key)
            await look(pilot, kind, where)
            await press(pilot, "escape")
            await look(pilot, GameScreen, f"board after the {where}", names)
        await press(pilot, "question_mark")
        await look(pilot, HelpScreen, "help")

    finished = write_save(record, f"{game_id}-finished.json")
    app = BoardgamesApp(load_path=finished, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await look(pilot, GameOverScreen, "results", names)
        await press(pilot, "r")
        await look(pilot, ReviewScreen, "review")
        # f shows the figures (a column headed by each name), c the chart (a name for each line)
        for key in ("end", "f", "tab", "left", "c", "tab", "home", "right"):
            await press(pilot, key)
            await look(pilot, ReviewScreen, f"review after {key}")


async def test_names_with_markup_show_as_written_in_the_launcher_and_the_game_it_starts():
    """Typed and pasted into the set-up (a control character in the paste is dropped), listed
    among the saves (seats and file names), then on the hand-off of the game started."""
    write_save(played("st_petersburg"), "st_petersburg-names.json")
    for damaged in ("[u]Zq.json", "[reverse]Xy.json"):  # listed by their file names
        (saves.save_dir() / damaged).write_text("{")
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        launcher = await screen_up(pilot, LauncherScreen)
        await settle_saves(pilot, launcher)
        text = await look(pilot, LauncherScreen, "launcher's saves", ("[u]Zq.json", "[reverse]Xy.json"))
        assert "[u]Zq, [/]Qv," in text  # the saved game's seats (the third on a line of its own)
        launcher.form.focus()
        launcher.form.move_to("players")
        await press(pilot, "right")  # three players
        launcher.form.move_to("name-0")
        await press(pilot, "home", "ctrl+k", *HUMANS[0])
        launcher.form.move_to("name-1")
        await press(pilot, "home", "ctrl+k")
        await paste(pilot, BOT[:2] + "\x1b" + BOT[2:])
        launcher.form.move_to("kind-1")
        await press(pilot, "right")  # bot: easy
        launcher.form.move_to("name-2")
        await press(pilot, "home", "ctrl+k")
        await paste(pilot, HUMANS[1])
        assert [field.value for field in launcher.name_fields[:3]] == [HUMANS[0], BOT, HUMANS[1]]
        await look(pilot, LauncherScreen, "launcher's set-up", (HUMANS[0], BOT, HUMANS[1]))
        await press(pilot, "f5")
        handoff = await look(pilot, HandoffScreen, "hand-off of the game started")
        assert app.screen.name_text in HUMANS and app.screen.name_text in handoff


def test_a_save_with_a_control_character_in_a_name_is_damaged(data_dir):
    """It would reach the terminal as it is: the file is listed as damaged and not opened."""
    record, _ = GameRecord.start("st_petersburg", ["Ann", "Bo\x1b[2Jb"], 3)
    path = write_save(record, "st_petersburg-escape.json")
    entry = saves.describe(path)
    assert entry.error == "This save is damaged: a name cannot hold control characters ('\\x1b')."
    with pytest.raises(RecordError, match="control characters"):
        saves.load(path)
