"""The app at a shared table (ui/sharing.py, play/remote.py, screens/tables.py), with the table
service running in the test: a table opened from the launcher's set-up (F6), its lobby, another
player joining, a whole game played with nothing of the other seat's on this screen, the finished
game's results, and the way back when the service goes."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from boardgames_tui.play import wire
from boardgames_tui.play.remote import RemoteTable
from boardgames_tui.serve.tables import TableService
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ChoiceScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.launcher import LauncherScreen
from boardgames_tui.ui.screens.tables import JoinScreen, LobbyScreen

from ..serve.test_tables import Player, play_out
from .helpers import mash, press


@pytest.fixture
async def service(tmp_path, monkeypatch):
    started = TableService(tmp_path / "server", hold=30, spectators=True, bot_delay=0)
    await started.start()
    monkeypatch.setenv(wire.SOCKET_ENV, str(started.path))
    monkeypatch.setenv(wire.TOKEN_ENV, started.register("ann"))
    yield started
    await started.close()


async def until(pilot, check, seconds: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, pilot.app.screen_text()
        await pilot.pause()
        await asyncio.sleep(0.01)


def others_row_hides_money(text: str, name: str) -> bool:
    """Whether the player strip's row of `name` (St. Petersburg: marker, symbol, name, points,
    rubles) shows their rubles as unknown."""
    rows = [line for line in text.splitlines() if re.match(rf"[ ▶]\S {name} +★", line)]
    return bool(rows) and all(re.search(r"★ *\d+ +\?₽", row) for row in rows)


@pytest.mark.slow
async def test_a_shared_game_from_the_launcher_to_its_results(service):
    app = BoardgamesApp(bot_delay=0, game_id=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LauncherScreen))
        assert "F6 open table" in app.screen_text()
        await press(pilot, "f6")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        code = app.shared_code
        assert code and code in app.screen_text() and "open: anyone with the code" in app.screen_text()
        ben = await Player.connect(service, "ben")
        await ben.join(code, 1, "ben")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        table = app.table
        assert isinstance(table, RemoteTable) and table.you == 0
        benchmark = asyncio.ensure_future(play_out(ben, random.Random(3)))
        shared = service.tables[code]
        moves = 0
        while not isinstance(app.screen, GameOverScreen):
            text = app.screen_text()
            if isinstance(app.screen, GameScreen) and not app.table.is_over() and text.strip():
                assert others_row_hides_money(text, "ben"), text
                assert "ben" not in next((ln for ln in text.splitlines() if "only you see" in ln), "")
            if isinstance(app.screen, ChoiceScreen):
                await press(pilot, "1")
            elif isinstance(app.screen, GameScreen) and app.screen.legal and app.viewer == 0:
                # the screen shows the decision (keys typed before it did are dropped, as they
                # should be: they were meant for what the screen showed before)
                seq = app.table.update["seq"]
                passes = [a for a in app.screen.legal if a.kind == "pass"]
                await press(pilot, "space" if passes else "1")
                moves += 1
                await until(
                    pilot,
                    lambda s=seq: (
                        not isinstance(app.table, RemoteTable)
                        or app.table.update["seq"] > s
                        or isinstance(app.screen, ChoiceScreen)
                    ),
                )
            else:
                await pilot.pause()
                await asyncio.sleep(0.01)
        final = await asyncio.wait_for(benchmark, 20)
        assert moves > 10
        # the finished game is all here: the same record as the service's, and its results
        assert app.table.record.to_json() == final["record"] == shared.table.record.to_json()
        assert "ben" in app.screen_text()


async def table_with_a_free_seat(service, game_id: str) -> str:
    """Ben opens a two-seat table of `game_id` with the second seat open: its code."""
    ben = await Player.connect(service, "ben")
    return await ben.open(game_id, [{"kind": "me", "name": "Ben"}, {"kind": "open", "name": "x"}])


async def to_the_join_screen(pilot, app) -> None:
    """From the launcher as the app opens, F7 to the join screen."""
    await until(pilot, lambda: isinstance(app.screen, LauncherScreen))
    await press(pilot, "f7")
    await until(pilot, lambda: isinstance(app.screen, JoinScreen))


async def take_the_open_seat(pilot, app, code: str) -> None:
    """On the join screen: type the table's code, then take its open seat in the lobby."""
    await pilot.press(*code.lower(), "enter")
    await until(pilot, lambda: "open: anyone with the code" in app.screen_text())
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_joining_by_code_and_the_service_going(service):
    code = await table_with_a_free_seat(service, "rialto")
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_join_screen(pilot, app)
        await pilot.press(*"nope1", "enter")
        await until(pilot, lambda: "There is no table with that code." in app.screen_text())
        for _ in range(5):
            await pilot.press("backspace")
        await take_the_open_seat(pilot, app, code)
        assert app.table.you == 1 and app.table.name(1) == "ann"
        await service.close()
        await until(
            pilot, lambda: isinstance(app.screen, LauncherScreen) or "table service" in app.screen_text()
        )
        assert app.shared_code is None


async def test_an_update_holding_no_view_for_the_screens_seat_draws_nothing_and_breaks_nothing(service):
    """An update can come as the seat is left: it holds nothing for the seat the game screen
    shows. The screen keeps what it had rather than drawing an empty view (CI once met a
    traceback here, keys mashed on a started Macao table)."""
    code = await table_with_a_free_seat(service, "macao")
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_join_screen(pilot, app)
        await take_the_open_seat(pilot, app, code)
        screen, remote = app.game_screen, app.table
        assert screen.viewer == remote.you == 1
        shown = app.screen_text()
        remote.apply({**remote.update, "you": None, "view": None, "legal": []})
        screen.refresh_view(force=True)  # the update's view is nobody's: nothing to draw
        await pilot.pause()
        assert app.screen_text() == shown and app.return_code is None


async def test_without_a_service_the_keys_say_what_shared_tables_are(monkeypatch):
    monkeypatch.delenv(wire.SOCKET_ENV, raising=False)
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LauncherScreen))
        assert "F6" not in app.screen_text()
        await press(pilot, "f7")
        assert "over SSH" in app.screen_text() and isinstance(app.screen, LauncherScreen)


@pytest.mark.slow
async def test_keys_mashed_on_the_shared_tables_screens_leave_the_app_answering(service):
    """Keys one by one and in batches (as over SSH) through the launcher's F6 and F7, the join
    screen, the lobby and the game: always a screen of the app's own that answers."""
    code = await table_with_a_free_seat(service, "macao")
    keys = ["f6", "f7", "escape", "enter", "tab", "down", "up", "s", "1", "2", "space", "backspace"]
    keys += [ch for ch in code.lower() if ch != "q"]  # q and Enter would quit, as they should
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LauncherScreen))
        await mash(pilot, random.Random(7), keys, rounds=80)
        assert app.return_code is None


async def test_an_answer_to_a_request_given_up_is_not_taken_for_the_next_ones(service):
    """The join screen asks for the player's tables as it opens; a code typed at once asks for
    that table, and the first request's worker is cancelled. Its answer still comes first."""
    code = await table_with_a_free_seat(service, "rialto")
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)):
        sharing = app.sharing
        await sharing.connect()
        first = asyncio.ensure_future(sharing.request({"type": "mine"}, {"mine"}))
        await asyncio.sleep(0)  # sent, and waiting for its answer
        first.cancel()
        answer = await sharing.request({"type": "peek", "code": code}, {"peek"})
        assert answer["type"] == "peek" and answer["code"] == code
        assert not sharing.waiting


@pytest.mark.slow
async def test_names_with_markup_show_as_written_in_the_lobby_the_join_screen_and_the_game(service):
    """Names other players chose reach this screen from the service: drawn as written, never as
    markup ("[/]" alone would stop the game). A name pasted with a control character is refused
    before it is sent."""
    from textual import events
    from textual.widgets import Input

    from .test_plain_names import literal

    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LauncherScreen))
        launcher = app.screen
        launcher.form.focus()
        launcher.form.move_to("players")
        await press(pilot, "right")  # three players
        for seat, name in enumerate(("[u]Zq", "[reverse]Xy", "[/]Qv")):
            launcher.form.move_to(f"name-{seat}")
            await press(pilot, "home", "ctrl+k", *name)
        launcher.form.move_to("kind-2")
        await press(pilot, "right", "f6")  # the third seat a bot; the second open
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        literal(app.screen_text(), "lobby", ("[u]Zq", "[reverse]Xy", "[/]Qv"))
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, LauncherScreen))

        ben = await Player.connect(service, "ben")
        code = await ben.open("rialto", [{"kind": "me", "name": "[/]Qv"}, {"kind": "open", "name": "[u]x"}])
        await press(pilot, "f7")
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.press(*code.lower(), "enter")
        await until(pilot, lambda: "open: anyone with the code" in app.screen_text())
        literal(app.screen_text(), "join screen", ("[/]Qv", "[u]x"))
        name = app.screen.query_one("#join-name", Input)
        name.focus()
        name.value = ""
        app.post_message(events.Paste("Z\x1bq"))
        await pilot.pause()
        await pilot.press("enter", "enter")  # to the seats, then sit in the open one
        await until(pilot, lambda: "control characters" in app.screen_text())
        assert isinstance(app.screen, JoinScreen) and service.tables[code].places[1].kind == "open"
        name.focus()
        name.value = ""
        await pilot.press(*"[u]Zq", "enter", "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await until(pilot, lambda: "[u]Zq" in app.screen_text())
        literal(app.screen_text(), "shared game", ("[/]Qv", "[u]Zq"))
        assert app.return_code is None
