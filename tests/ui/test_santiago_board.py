"""Santiago's board screen: a whole 3-player game by keystrokes at 80×24, secret cash, snapshots.

Update the baselines with `pytest tests/ui/test_santiago_board.py --snapshot-update` and look at
them.
"""

from __future__ import annotations

import pytest

from boardgames_tui import saves
from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import bot_move, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.rules.santiago.data import rounds_for
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards import board_for
from boardgames_tui.ui.boards.santiago.board import SantiagoBoard
from boardgames_tui.ui.boards.santiago.screen import SantiagoScreen
from boardgames_tui.ui.screens.amount import AmountScreen
from boardgames_tui.ui.screens.dialogs import ChoiceScreen, MessageScreen
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen

from .helpers import saved_by_bot

SIZE = (80, 24)
NAMES = ["Ann", "Bob", "Cleo"]
SENTINEL = 4321  # a cash figure that appears nowhere unless somebody's cash leaks


def test_santiago_has_its_board():
    board = board_for("santiago")
    assert board.screen is SantiagoScreen and board.keys is SantiagoScreen.KEYMAP


def sg_app(seed: int = 5, options=None, names=NAMES) -> BoardgamesApp:
    return BoardgamesApp("santiago", [Seat(n) for n in names], seed=seed, options=options or {}, bot_delay=0)


class Driver:
    """Plays by keystrokes only, the way a person at the keyboard would, varying its moves so that
    every kind of key gets used: Enter on the board, + / −, Tab, t, s, n, Space and the digits of
    the action list (with their amount prompt)."""

    def __init__(self, pilot):
        self.pilot = pilot
        self.app = pilot.app
        self.turn = 0
        self.keys = 0

    async def press(self, *keys: str) -> None:
        self.keys += len(keys)
        await self.pilot.press(*keys)

    def steps(self) -> int:
        return len(self.app.table.record.steps)

    async def try_keys(self, *attempts: tuple[str, ...]) -> None:
        """Press each group of keys in turn until a move is made."""
        before = self.steps()
        for keys in attempts:
            await self.press(*keys)
            for _ in range(4):
                if isinstance(self.app.screen, ChoiceScreen):
                    await self.press("1")
                elif isinstance(self.app.screen, AmountScreen):
                    await self.press("enter")
                    if isinstance(self.app.screen, AmountScreen):  # refused: a taken bid
                        await self.press("escape")
            if self.steps() > before:
                return
        raise AssertionError(f"no move after {attempts} in {self.app.screen.view.phase}")

    async def step(self) -> None:
        app = self.app
        screen = app.screen
        if isinstance(screen, (HandoffScreen, RecapScreen, MessageScreen)):
            await self.press("enter")
            return
        if isinstance(screen, ChoiceScreen):
            await self.press("1")
            return
        if isinstance(screen, AmountScreen):
            await self.press("enter")
            return
        assert isinstance(screen, SantiagoScreen), type(screen).__name__
        assert screen.my_turn, "a human's screen without a move to make"
        self.turn += 1
        t = self.turn
        phase = screen.view.phase
        if phase == "spring":
            await self.try_keys(("right", "enter"))
        elif phase == "bid":
            if t % 4 == 0:
                await self.try_keys(("space",))
            elif t % 4 == 1:  # the action list: Bid asks for the amount; type it
                await self.try_keys(("2", "2", "enter"), ("space",))
            else:
                await self.try_keys(("plus", "enter"), ("minus", "enter"), ("space",))
        elif phase == "plant":
            first = ("t", "enter") if t % 2 else ("down", "enter")
            await self.try_keys(first, ("tab", "enter"), ("tab", "enter"), ("tab", "enter"))
        elif phase == "leftover":
            await self.try_keys(("enter",), ("tab", "enter"))
        elif phase == "bribe":
            if screen.view.proposals and t % 2 == 0:  # a proposal made: back it, half the time
                await self.try_keys(("s",), ("enter",), ("space",))
            elif t % 5 == 0:
                await self.try_keys(("space",))
            elif t % 3 == 1:
                await self.try_keys(("tab", "enter"), ("s",), ("space",))
            else:
                await self.try_keys(("s",), ("enter",), ("space",))
        elif phase == "overseer":
            await self.try_keys(("enter",), ("n",), ("tab", "enter"), ("3",), ("1",))
        elif phase == "extra":  # keep it once, then lay it (fewer extra steps: a shorter test)
            self.kept = getattr(self, "kept", 0) + 1
            await self.try_keys(("space",) if self.kept == 1 else ("enter",), ("tab", "enter"), ("space",))
        else:
            raise AssertionError(f"unexpected phase {phase}")


async def by_keys(app: BoardgamesApp, until, phases: set[str]) -> set[str]:
    """Play by keys until `until(app)`, each player's own screen only after their hand-off; the
    kinds of the moves made by keys."""
    async with app.run_test(size=SIZE) as pilot:
        before = len(app.table.record.steps)
        driver = Driver(pilot)
        handed_to = None
        while not until(app):
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                handed_to = screen.seat
            if isinstance(screen, SantiagoScreen) and screen.viewer is not None:
                # A player's own screen shows only after their hand-off.
                assert screen.viewer == handed_to
                phases.add(screen.view.phase)
            await driver.step()
            assert driver.keys < 3000
        if isinstance(app.screen, GameOverScreen):
            # Back to the board: the end shows every player's cash and plantations, size × markers.
            await pilot.press("b")
            text = app.screen_text()
            assert "FINAL SCORES" in text
            for row in app.table.view(None).scores:
                assert f"{row.total:>3} = {row.cash} cash" in text
            assert "×" in text
        return {step.action.kind for step in app.table.record.steps[before:]}


@pytest.mark.slow
async def test_the_first_and_the_last_round_by_keystrokes():
    """The rounds between are the flow's and the rules' to test (tests/play, tests/rules): here the
    first two rounds from the spring, and the last to the final scores, every phase by its keys."""
    phases: set[str] = set()
    kinds = await by_keys(sg_app(seed=5), lambda app: app.table.view(None).round >= 3, phases)
    path = saved_by_bot("santiago", lambda view: view.round >= rounds_for(3), NAMES, 5, "santiago-last.json")
    last = BoardgamesApp(load_path=path, bot_delay=0)
    kinds |= await by_keys(last, lambda app: isinstance(app.screen, GameOverScreen), phases)
    assert last.table.is_over()
    assert phases >= {"spring", "bid", "plant", "leftover", "bribe", "overseer", "extra"}
    assert kinds >= {
        "spring",
        "bid",
        "pass",
        "plant",
        "leftover",
        "propose",
        "support",
        "accept",
        "personal",
    }


def leaks(text: str) -> bool:
    return str(SENTINEL) in text


@pytest.mark.slow
async def test_cash_stays_secret():
    app = sg_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        driver = Driver(pilot)
        checked_handoffs = checked_boards = 0
        while driver.turn < 24:
            screen = app.screen
            state = app.table._state  # tampered with on purpose: a cash figure nobody may see
            real = list(state.cash)
            if isinstance(screen, HandoffScreen):
                state.cash = [SENTINEL] * len(real)  # everybody's: the hand-off shows nobody's
                app.game_screen.refresh_view(force=True)
                await pilot.pause()
                assert not leaks(app.screen_text())
                board = app.game_screen.query_one(SantiagoBoard)  # behind it, too
                assert not any(leaks(line.plain) for line in board.lines(80))
                rows = app.game_screen.player_rows(app.game_screen.view)
                assert not any(leaks(row.plain) for row in rows)
                checked_handoffs += 1
            elif isinstance(screen, SantiagoScreen) and screen.viewer is not None:
                me = screen.viewer
                state.cash = [real[s] if s == me else SENTINEL for s in range(len(real))]
                screen.refresh_view(force=True)
                await pilot.pause()
                text = app.screen_text()
                assert not leaks(text)
                assert f"{real[me]} escudos (only you see this)" in text
                checked_boards += 1
            state.cash = real
            if isinstance(screen, SantiagoScreen):
                screen.refresh_view(force=True)
            await driver.step()
        assert checked_handoffs >= 10 and checked_boards >= 10


async def test_open_money_shows_everyones_cash():
    app = sg_app(seed=5, options={"open_money": "on"})
    async with app.run_test(size=SIZE) as pilot:
        # With open money nothing is secret: no hand-off, Cleo places the spring at 2,1 at once
        await pilot.press("enter")
        assert app.screen is app.game_screen and app.viewer == 0  # Ann's turn, with no key
        text = app.screen_text()
        for name in ("Ann", "Bob", "Cleo"):
            assert any(name in line and "10 esc" in line for line in text.splitlines())


async def test_keys_amounts_and_cursor():
    app = sg_app(seed=5)  # Cleo starts: she places the spring; Ann, Bob, Cleo bid
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "left", "enter")  # Cleo: the spring at 1,1
        assert app.table.view(None).spring == (1, 1)
        await pilot.press("enter", "enter")  # Ann's hand-off, recap
        screen = app.screen
        assert screen.view.phase == "bid" and screen.viewer == 0
        await pilot.press("plus", "plus", "minus", "plus", "plus")
        assert "Enter: bid 4" in app.screen_text()
        await pilot.press("a", "7", "enter")  # typed: sets the amount, does not bid yet
        assert "Enter: bid 7" in app.screen_text()
        assert app.table.record.steps[-1].action.kind == "spring"
        await pilot.press("enter")
        assert app.table.record.steps[-1].action.amount == 7
        # Bob: the action list's Bid asks for the amount; 7 is taken and the prompt says so
        await pilot.press("enter", "enter", "2")
        assert isinstance(app.screen, AmountScreen)
        await pilot.press("7", "enter")
        assert "Ann already bid 7" in app.screen_text()
        await pilot.press("minus", "plus")  # 6, then 8: + and − skip the taken 7
        assert "◂  8  ▸" in app.screen_text()
        await pilot.press("escape", "space")  # Bob passes
        assert app.table.record.steps[-1].action.kind == "pass"


async def test_illegal_move_gets_a_reason():
    app = sg_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")  # Cleo: the spring at 2,1
        await pilot.press("enter", "enter", "enter")  # Ann bids 1
        await pilot.press("enter", "enter", "2", "1", "enter")  # Bob tries 1 from the list
        assert "Ann already bid 1" in app.screen_text()
        await pilot.press("escape", "minus")  # on the board, − cannot go below 2 (1 is taken)
        assert "The amount goes from" in app.screen_text()
        await pilot.press("enter")
        assert app.table.record.steps[-1].action.amount == 2
        # Planting on an occupied field: the rules' reason, in place
        await pilot.press("enter", "enter", "space")  # Cleo passes
        while not isinstance(app.screen, SantiagoScreen):
            await pilot.press("enter")  # the first planter's hand-off and recap
        assert app.screen.view.phase == "plant"
        await pilot.press("enter")  # plants on the cursor's field
        while not isinstance(app.screen, SantiagoScreen):
            await pilot.press("enter")  # the second planter's hand-off and recap
        offer = app.table.view(None).offer
        c, r = next(t.field for t in offer if t.field)
        # The mouse: a click puts the cursor on a field, a second click on it acts.
        layout = app.screen.query_one(SantiagoBoard).layout_now
        at = (layout.field_x(c) + 1, layout.field_y(r))
        await pilot.click(SantiagoBoard, offset=at)
        assert app.screen.cursor.fields.place == (c, r)
        steps = len(app.table.record.steps)
        await pilot.click(SantiagoBoard, offset=at)
        assert "already holds a tile" in app.screen_text()
        assert len(app.table.record.steps) == steps
        c = 7 if c < 4 else 0
        at = (layout.field_x(c) + 1, layout.field_y(r))
        await pilot.click(SantiagoBoard, offset=at)
        await pilot.click(SantiagoBoard, offset=at)
        assert app.table.record.steps[-1].action.kind == "plant"
        assert (app.table.record.steps[-1].action.col, app.table.record.steps[-1].action.row) == (c, r)


# -- snapshots --------------------------------------------------------------------------------
# The positions come from a record played by the smart bot for all three (human) seats, saved and
# resumed: the app hands the keyboard to the player to act, who then sees the board.


def saved_game(phase: str, count: int = 1, seed: int = 5, then: int = 0):
    """A save of seed `seed` played up to the `count`-th time `phase` comes up (or to the end),
    and `then` moves more."""
    record, state = GameRecord.start("santiago", NAMES, seed)
    bot = make_bot(registry.get("santiago"), "smart")

    def move() -> None:
        seat = state.to_move()[0]
        record.play(state, seat, bot_move(state, seat, bot, bot_rng(seed, seat, len(record.steps))))

    seen, last = 0, None
    while not state.is_over():
        view = state.view(None)
        key = (view.round, view.phase)
        if view.phase == phase and key != last:
            seen, last = seen + 1, key
            if seen == count:
                for _ in range(then):
                    move()
                break
        move()
    path = saves.save_dir() / f"santiago-{phase}-{count}-{then}.json"
    saves.save(path, record)
    return path


def resumed(path) -> BoardgamesApp:
    return BoardgamesApp(load_path=path, bot_delay=0)


HANDOFF = ["enter", "enter"]  # the hand-off, then the recap


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_planting(snap_compare, size):
    path = saved_game("plant", 4)
    assert snap_compare(resumed(path), terminal_size=size, press=HANDOFF + ["t", "up", "right"])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_bribing(snap_compare, size):
    path = saved_game("bribe", 5, then=1)  # Ann has proposed; Bob to bribe
    keys = HANDOFF + ["tab", "tab", "plus", "plus"]
    assert snap_compare(resumed(path), terminal_size=size, press=keys)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_end(snap_compare, size):
    path = saved_game("over")
    assert snap_compare(resumed(path), terminal_size=size, press=["b"])
