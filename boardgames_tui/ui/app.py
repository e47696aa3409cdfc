"""BoardgamesApp: the launcher, the hot-seat flow and the screens around a Table.

The flow after every change (`advance`):
- game over -> the game-over screen;
- a bot to move -> it moves after a short visible delay (`bot_delay`, 0 in tests);
- a human to move who is already at the keyboard (`viewer`) -> their screen;
- another human -> when either screen holds a secret (Flow), the neutral hand-off screen, then a
  recap, then their screen; otherwise their screen at once, their name on its message line.
A game with only one human never hands off. `viewer` is the only seat whose hand and money the
screen may show; it is cleared whenever the keyboard may have changed hands.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import signal
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen, ScreenResultCallbackType
from textual.timer import Timer
from textual.widget import AwaitMount
from textual.worker import Worker

from .. import prefs, saves
from ..play import wire
from ..play.flow import BotTurn, Flow, HandOff, Over, Present, Step
from ..rules import registry
from ..rules.core import Action, Game, IllegalAction, Seat, new_seed, visible_lines
from ..rules.record import RecordError
from . import terminal_keys, theme
from .requests import (
    HELP_WARMUP_DELAY,
    AskQuit,
    GoOn,
    JoinShared,
    LeaveShared,
    OpenGame,
    OpenLesson,
    OpenSave,
    OpenShared,
    PrepareHelp,
    Request,
    ReviewMoved,
    ShowCaption,
    ShowHelp,
    ShowMessage,
    ShowResults,
)
from .screens.launcher import LauncherScreen
from .screens.too_small import TooSmallScreen

# What only a game (or a dialog) needs is imported when first used: the launcher's first frame
# must not wait for the boards and the game screens.
if TYPE_CHECKING:
    from ..play.lesson import Lesson
    from ..play.remote import RemoteTable
    from ..play.review import Review
    from ..play.table import BotDecision, GameTable
    from .boardkit import Board
    from .screens.game import GameScreen
    from .sharing import SharedGone, SharedRefused, SharedUpdate, Sharing

ResultType = TypeVar("ResultType")

# What is imported by now (Textual, Rich, the rules) lives as long as the program: the collector
# leaves it alone from here on, so that its full collections walk only what the app makes. The
# first one comes during start-up, before the launcher's first frame when there are many saves,
# and walking every module's objects made it cost that frame some 25 ms.
gc.freeze()

# How often the app looks whether the process that started it is still there (exit_on_hangup),
# and how long it then gives its own way out before it leaves at once.
PARENT_CHECK_SECONDS = 1.0
ORPHAN_GRACE = 5.0

LAUNCHER_KEYS = """
- **↑↓**: choose a game or a saved game · **Enter** on a saved game: resume it
- **Del** or **x** on a finished saved game: delete it (asks first)
- **Tab / Shift+Tab**: next / previous field · **←→** or **Space**: change a choice
- **Enter** on Play, or **F5**: start · **?**: this help · **q**: quit

## Bots

- **easy**: plays as the normal bot does, but two moves in five it makes a random one instead:
  an opponent for a first game.
- **normal**: the game's own player, weighing each move by what it is worth now and later.
- **hard**: thinks ahead. It plays each decision out to the end many times, each time in a world
  drawn from what it can see (it never looks at hands, money or cards it could not see), and
  takes the move that does best. It thinks about a second a move; the "Hard bots" row, shown
  when a seat is hard, sets how long.
- **random moves**: any legal move, for trying things out.

## Shared tables (over SSH)

When you play over SSH on a server (`boardgames-tui serve ssh`), friends at their own terminals
can sit at one table, each seeing only their own hand and money:

- **F6** opens the set-up as a shared table: the first human seat is yours; other human seats
  are open to anyone with the table's code, or kept for one SSH user when named `@user`. Tell
  the others the code; **s** in the lobby starts at once, with bots in the empty seats.
- **F7** joins a table: type its code, pick a free seat. Your own tables are listed first: if
  your connection dropped, that is the way back to your seat.
"""


class BotChose(Message):
    """A bot's choice, made in a worker thread, back on the event loop."""

    def __init__(self, token: int, decision: BotDecision, action: Action | None):
        super().__init__()
        self.token = token
        self.decision = decision
        self.action = action


class SaveResult(Message):
    """An autosave of `table` was written or failed (posted from the writer thread)."""

    def __init__(self, table: Any):
        super().__init__()
        self.table = table


class BoardgamesApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "boardgames-tui"

    BINDINGS = [Binding("ctrl+c", "request_quit", "quit", show=False, priority=True)]
    HELP_WARMUP_DELAY = HELP_WARMUP_DELAY

    def __init__(
        self,
        game_id: str | None = None,
        seats: Sequence[Seat | str] | None = None,
        seed: int | None = None,
        options: Mapping[str, str] | None = None,
        load_path: str | Path | None = None,
        bot_delay: float = 0.6,
        variant: str | None = None,
        data_dir: str | Path | None = None,
        learn: str | None = None,
    ):
        super().__init__()
        terminal_keys.install()  # Escape then Enter typed together is two keys: see the module
        self.start_lesson_id = learn
        self._caption_due = False
        self.review: Review | None = None  # a finished game being stepped through (play/review.py)
        self._finished_table = None  # the table the review came from, shown again after it
        self.lesson: Lesson | None = None  # a walkthrough being followed (play/lesson.py)
        self._caption_hold = True  # the next caption drops the keys typed before it (lesson_step)
        self._caption_keys: list[str] = []  # → and ← typed on the way to the next caption
        # Where saves and the launcher's memory live; None: the default data directory.
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.start_game_id = game_id
        self.start_seats = seats
        self.start_seed = seed
        self.start_options = dict(options or {})
        self.start_variant = variant
        self.load_path = Path(load_path) if load_path is not None else None
        self.bot_delay = bot_delay
        self.game_screen: GameScreen[Any] | None = None
        self.board: Board | None = None
        self.flow = Flow()
        self._bot_timer: Timer | None = None
        self._bot_pending = False
        self._bot_unseen = False  # the last bot move showed nothing: the next is not waited for
        self._bot_token = 0
        self._bot_thinking: BotDecision | None = None  # the decision a bot's thread works on
        self._key_barrier = 0.0
        self._sharing: Sharing | None = None
        self.shared_code: str | None = None  # the shared table this app is at, if any
        self._away_timer: Timer | None = None
        # Whether the launcher has been shown: then leaving a game goes back to it, else (a game
        # started from the command line) out of the program.
        self.launched = False

    @property
    def table(self) -> Any:
        """The table being played, replayed or reviewed (None: none); the flow keeps it."""
        return self.flow.table

    @table.setter
    def table(self, table: Any) -> None:
        self.flow.table = table

    @property
    def viewer(self) -> int | None:
        """The seat whose screen is up (None: nobody's); the flow keeps it."""
        return self.flow.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.flow.viewer = seat

    # -- start ---------------------------------------------------------------------------------
    def on_mount(self) -> None:
        if not self.is_headless:
            self.exit_on_hangup()
        if self.start_lesson_id is not None:
            self.start_lesson(self.start_lesson_id)
        elif self.load_path is not None:
            self.resume_game(self.load_path)
        elif self.start_game_id is not None:
            seats = self.start_seats
            if seats is None:
                try:
                    game = registry.get(self.start_game_id)
                except KeyError as exc:
                    self.show_launcher(str(exc).strip("'\""))
                    self.check_size()
                    return
                seats = list(theme.DEFAULT_NAMES[: game.min_players])
            seed = self.start_seed if self.start_seed is not None else new_seed()
            self.new_game(self.start_game_id, seats, seed, self.start_options, self.start_variant)
        else:
            self.show_launcher()
        self.check_size()

    def exit_on_hangup(self) -> None:
        """A closed terminal (SIGHUP: the SSH client went) or SIGTERM ends the app as q then y
        would, the newest autosave written first. So does losing the process that started it
        (the SSH server, a shell) when no signal came: the terminal is gone with it, and a
        terminal that reads nothing but its end keeps Textual's input thread busy for ever."""
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGHUP, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, self.exit, None, 128 + signum)
        # Watched from a thread of its own: a terminal that went away can leave the app blocked in
        # a write for ever (its writer gone), where no timer or signal handler runs again.
        threading.Thread(target=self._leave_when_orphaned, args=(os.getppid(), loop), daemon=True).start()

    def _leave_when_orphaned(self, parent: int, loop: asyncio.AbstractEventLoop) -> None:
        """Once the parent is gone: quit as on SIGHUP; if the app cannot (blocked), leave anyway
        after a grace, the autosaves still being written waited for (the others are on disk)."""
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        with contextlib.suppress(RuntimeError):  # the loop is already closed: the app is going
            loop.call_soon_threadsafe(self.exit, None, 128 + signal.SIGHUP)
        time.sleep(ORPHAN_GRACE)
        saves.flush(timeout=5.0)
        os._exit(128 + signal.SIGHUP)

    def _reset_stack(self, screen: Screen[ResultType]) -> None:
        """Make `screen` the only screen above the app's default one."""
        self._cancel_bot()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_launcher(self, message: str = "", title: str = "Could not start the game") -> None:
        if self.shared_code is not None:
            self.shared_code = None
            if self._sharing is not None:
                # Named with its type: given an async def, mypy cannot infer run_worker's result
                # through Textual's union of kinds of work.
                _leaving: Worker[None] = self.run_worker(
                    self._sharing.leave, group="sharing-leave", exit_on_error=False
                )
        # Back on the game that was on the table (a walkthrough's too), not the first in the list.
        game_id = self.table.game.id if self.table is not None else self.start_game_id
        save = getattr(self.table, "save_path", None)  # its save chosen in the list, in view
        self.lesson = None
        self.table = None
        self.game_screen = None
        self.viewer = None
        self.launched = True
        self._reset_stack(
            LauncherScreen(seed=self.start_seed, game_id=game_id, data_dir=self.data_dir, save=save)
        )
        if message:
            self.show_message(title, message)

    def new_game(
        self,
        game_id: str,
        seats: Sequence[Seat | str],
        seed: int,
        options: Mapping[str, str] | None = None,
        variant: str | None = None,
    ) -> None:
        from ..play.table import Table

        try:
            table = Table.new(game_id, seats, seed, options, variant, save_dir=saves.save_dir(self.data_dir))
        except (KeyError, ValueError) as exc:
            reason = str(exc).strip("'\"")
            if isinstance(self.screen, LauncherScreen):
                self.screen.say(reason, error=True)
            else:
                self.show_launcher(reason)
            return
        self.start_table(table)

    def resume_game(self, path: Path, review: bool = False) -> None:
        """Open a save; `review`: a finished one opens on its review (r in the launcher's list)."""
        from ..play.table import Table

        try:
            table = Table.resume(Path(path))
        except RecordError as exc:
            message = f"{path}\n\n{exc}\n\nThe file was left as it is."
            if isinstance(self.screen, LauncherScreen):
                self.show_message("This save cannot be opened", message)
            else:
                self.show_launcher(message, "This save cannot be opened")
            return
        self.start_table(table, review_first=review and table.is_over())

    def start_table(self, table: GameTable, lesson: Lesson | None = None, review_first: bool = False) -> None:
        from ..play.table import Table
        from .boards import board_for

        if isinstance(table, Table):
            # Told from the writer thread: the message line shows a failure at once.
            def told(_: str | None, table: Table = table) -> None:
                with contextlib.suppress(RuntimeError):  # the loop is gone: the app has ended
                    self.post_message(SaveResult(table))

            table.on_save_result = told

        self.lesson = lesson
        self.flow = Flow(table, review_first)
        self.board = board_for(table.game.id)
        self.game_screen = self.board.screen(table)
        self.game_screen.in_lesson = lesson is not None
        self._reset_stack(self.game_screen)
        # Once the first screen is up and the player is reading it: not in the way of start-up.
        self.set_timer(self.HELP_WARMUP_DELAY, self.prepare_help)

    # -- shared tables (over SSH: ui/sharing.py) --------------------------------------------------
    @property
    def sharing(self) -> Sharing:
        if self._sharing is None:
            from .sharing import Sharing

            self._sharing = Sharing(self, os.environ[wire.SOCKET_ENV], os.environ[wire.TOKEN_ENV])
        return self._sharing

    def open_shared(self, request: dict[str, Any]) -> None:
        """Open a shared table (the launcher's set-up as an `open` request); the table's first
        update then shows its lobby."""
        from ..play.remote import LinkError

        async def open_it() -> None:
            try:
                await self.sharing.request(request, {"joined"})
            except LinkError as exc:
                if isinstance(self.screen, LauncherScreen):
                    self.screen.say(str(exc), error=True)

        # Named with its type, as in show_launcher.
        _opening: Worker[None] = self.run_worker(
            open_it, group="sharing", exclusive=True, exit_on_error=False
        )

    def show_join(self) -> None:
        from .screens.tables import JoinScreen

        self._reset_stack(JoinScreen())

    def leave_shared(self, message: str = "") -> None:
        """Leave the shared table (the seat is kept a while) and go back to the launcher."""
        self.shared_code = self.shared_code or ""  # show_launcher leaves whatever table it was
        if message:
            self.show_launcher(message, "The shared table")
        else:
            self.show_launcher()

    def remote_table(self) -> RemoteTable | None:
        """The table when it is a shared one in play (play/remote.py), else None."""
        if self.shared_code is None:
            return None  # not at a shared table: remote.py need not even be loaded
        from ..play.remote import RemoteTable

        return self.table if isinstance(self.table, RemoteTable) else None

    def on_shared_update(self, message: SharedUpdate) -> None:
        from ..play.remote import RemoteTable
        from .screens.tables import LobbyScreen

        update = message.update
        code = update.get("code")
        if self._exit or self._closing or (self.shared_code is not None and code != self.shared_code):
            return
        self.shared_code = code
        table = self.table
        if not update.get("started"):
            if isinstance(self.screen, LobbyScreen):
                self.screen.show(update)
            else:
                self._reset_stack(LobbyScreen(update, self.sharing.user))
            return
        remote = self.remote_table()
        if remote is not None and remote.code == code:
            remote.apply(update)
            if self.game_screen is not None:
                self.game_screen.refresh_view(force=True)
            self.advance()
        elif table is None:
            self.start_table(RemoteTable(self.sharing.link, update))

    def on_shared_refused(self, message: SharedRefused) -> None:
        table, screen = self.remote_table(), self.game_screen
        if table is not None and screen is not None:
            table.refused()
            self.flow.decision = None
            self.advance()
            screen.say(message.reason, error=True)

    def on_shared_gone(self, message: SharedGone) -> None:
        if self.shared_code is None or self._exit:
            return
        if self.table is None or self.remote_table() is not None:
            self.leave_shared(message.reason)  # a finished game stays on screen

    def _advance_shared(self) -> None:
        """A shared table's turn of the flow: every player has a screen of their own, so there is
        no hand-off; another player's turn plays out on this screen while it waits."""
        from ..play.table import Table

        table, screen = self.remote_table(), self.game_screen
        assert table is not None and screen is not None
        if table.is_over():
            record = table.update.get("record")
            if record is not None:
                from ..rules.record import GameRecord

                # The finished game, all of it: its results and its review, as at one keyboard.
                finished = Table.replayed(GameRecord.from_json(record))
                self.table = screen.table = finished
                self.advance()
            return
        me = table.you
        if me is not None and me in table.to_move():
            self.present(me, again=self.viewer == me)
            return
        self.flow.waiting_for_others(me)
        screen.show(me, table.next_actor(prefer=me))
        self._say_waiting()

    def _say_waiting(self) -> None:
        """Who a shared table waits for; while a player who dropped is awaited, their time left
        is counted down here, a second at a time."""
        table, screen = self.remote_table(), self.game_screen
        if table is None or screen is None or table.is_over():
            return
        line = table.waiting_line()
        if line:
            screen.say(line)
        if table.someone_away() and self._away_timer is None:
            self._away_timer = self.set_interval(1.0, self._tick_away)

    def _tick_away(self) -> None:
        table = self.remote_table()
        if table is None or not table.someone_away() or table.you in table.to_move():
            if self._away_timer is not None:
                self._away_timer.stop()
                self._away_timer = None
            return
        if self.screen is self.game_screen:
            self._say_waiting()

    # -- the hot-seat flow ---------------------------------------------------------------------
    def advance(self) -> None:
        table, screen = self.table, self.game_screen
        if table is None or screen is None or not self.screen_stack or self.screen is not screen:
            return  # a dialog or hand-off is on top; closing it brings us back here
        if self._exit or self._closing:
            return  # quitting: the screens are being taken down, and nobody moves any more
        if self.lesson is not None:
            self._lesson_view()
            return
        if self.review is not None:
            return  # the review bar moves the board itself
        if self.remote_table() is not None:
            self._advance_shared()
            return
        self.carry_out(self.flow.next())

    def carry_out(self, step: Step) -> None:
        """Do what the flow says comes next."""
        table, screen = self.table, self.game_screen
        assert table is not None and screen is not None
        if isinstance(step, Over):
            self._cancel_bot()
            screen.show(step.viewer, None)
            if step.then == "review":
                self.start_review()
            elif step.then == "results":
                self.show_game_over()
        elif isinstance(step, BotTurn):
            screen.show(step.viewer, step.seat)
            self._schedule_bot()
        elif isinstance(step, Present):
            self.show_present(step)
        elif isinstance(step, HandOff):
            self.hand_off(step)

    def hand_off(self, step: HandOff) -> None:
        """Hide everything private, then hand the keyboard over."""
        table, screen = self.table, self.game_screen
        assert table is not None and screen is not None
        screen.show(None, step.seat)
        self.hold_keys()  # an Enter typed for the last move must not take the hand-off
        from .screens.handoff import HandoffScreen

        undo_seat = step.undo_seat
        self.push_screen(
            HandoffScreen(
                step.seat,
                table.name(step.seat),
                undo_seat,
                table.name(undo_seat) if undo_seat is not None else "",
                shows=step.shows,
                hides=step.hides,
                outgoing_name=table.name(step.outgoing) if step.outgoing is not None else "",
            ),
            lambda result: self._handoff_done(step.seat, undo_seat, result),
        )

    def present(self, seat: int, again: bool = False) -> None:
        """Show `seat`'s own screen for its pending decision (see Flow.present)."""
        if self.table is None or self.game_screen is None:
            return
        self.show_present(self.flow.present(seat, again))

    def show_present(self, step: Present) -> None:
        table, screen = self.table, self.game_screen
        assert table is not None and screen is not None
        screen.show(step.seat, step.seat)
        if not step.fresh:
            return
        self.hold_keys()
        if step.passed is not None:
            # No hand-off: the board says whose turn it is now; its log holds the recap.
            said = Text.assemble(theme.seat_label(step.seat, table.name(step.seat)), ", your turn.")
            if step.undo_seat is not None:
                said.append(" (")
                said.append_text(theme.seat_label(step.undo_seat, table.name(step.undo_seat)))
                said.append(": u takes back your move)")
            screen.say(said)
        elif step.again:
            screen.say(
                Text.assemble(
                    theme.seat_label(step.seat, table.name(step.seat)),
                    f", you act again: {screen.decision_title(screen.view)}.",
                )
            )

    def hold_keys(self) -> None:
        """Keys typed before this moment were meant for what the screen showed then: drop the ones
        still on their way (keys come in batches over SSH and when pasting)."""
        self._key_barrier = time.monotonic()

    def stale(self, event: events.Event) -> bool:
        """Whether an input event was made before the screen last changed hands or decision, or
        after quitting began; such an event is dropped (ctrl+c always counts)."""
        if self._exit:
            return True
        return event.time < self._key_barrier and getattr(event, "key", "") != "ctrl+c"

    async def on_event(self, event: events.Event) -> None:
        # → and ← typed with the one that left a caption reach the app before the next caption is
        # up: they are kept for it, so that each counts as a step (show_caption).
        if (
            isinstance(event, events.Key)
            and self.lesson is not None
            and self._caption_due
            and not self._caption_hold
            and event.key in ("right", "left")
            and not self.stale(event)
        ):
            self._caption_keys.append(event.key)
            return
        # Clicks are acted on by the widget under the mouse, so they are checked on arrival.
        if (
            isinstance(event, (events.MouseDown, events.MouseUp))
            and not event.is_forwarded
            and self.stale(event)
        ):
            return
        await super().on_event(event)

    async def _on_key(self, event: events.Key) -> None:
        # Bindings run in App._on_key, once the key has come back up from the focused widget: by
        # then the key before it has done its work (a hand-off, a move), so this is where a key
        # typed before that work showed its result is recognised and dropped. Textual calls every
        # class's own _on_key in turn; prevent_default keeps App's from running after this one.
        if self.stale(event):
            event.prevent_default()
            event.stop()
            return
        # Caps Lock (or Shift) must not leave a letter key dead: a capital that nothing binds
        # does what its small letter does. A screen that binds the capital itself keeps it.
        key = event.key
        if len(key) == 1 and "A" <= key <= "Z":
            event.prevent_default()
            if not await self._check_bindings(key):
                await self._check_bindings(key.lower())

    # Textual's returns what to await (the mount, or the result); this one nothing on the way out.
    def push_screen(  # type: ignore[override]
        self,
        screen: Screen[ResultType] | str,
        callback: ScreenResultCallbackType[ResultType] | None = None,
        wait_for_dismiss: bool = False,
        *,
        mode: str | None = None,
    ) -> AwaitMount | asyncio.Future[ResultType] | None:
        if self._exit:
            return None  # a key typed just after q must not open a screen on the way out
        if wait_for_dismiss:  # as Textual's overloads are told it: by a literal
            return super().push_screen(screen, callback, True, mode=mode)
        return super().push_screen(screen, callback, False, mode=mode)

    def _handoff_done(self, seat: int, undo_seat: int | None, result: str | None) -> None:
        table, screen = self.table, self.game_screen
        if table is None or screen is None:
            return
        if result == "undo" and undo_seat is not None:
            try:
                n, own = self.flow.take_back_at_hand_off(undo_seat)
            except IllegalAction as exc:
                screen.say(exc.reason, error=True)
                return
            self._cancel_bot()
            if own is not None:
                self.show_present(own)
            else:
                self.hold_keys()
            screen.say(f"Took back {n} move{'s' if n != 1 else ''}.")
            return  # the game screen resumes; advance() goes on from here
        if result != "ready":
            return
        own, recap = self.flow.handed_over(seat)
        self.show_present(own)
        if recap.lines:
            from .screens.handoff import RecapScreen

            self.push_screen(
                RecapScreen(seat, table.name(seat), recap.lines, first=recap.first),
                lambda _: self.hold_keys(),
            )

    def _schedule_bot(self) -> None:
        if self._bot_pending:
            return
        self._bot_pending = True
        token = self._bot_token
        # A bot's move that nobody could see (San Marco's cards put into a secret pile) is not
        # waited for: the pause is for people to follow what they see.
        unseen, self._bot_unseen = self._bot_unseen, False
        if self.bot_delay > 0 and not unseen:
            self._bot_timer = self.set_timer(self.bot_delay, lambda: self._bot_step(token))
        else:
            self.call_later(self._bot_step, token)

    def _cancel_bot(self) -> None:
        self._bot_token += 1
        self._bot_pending = False
        if self._bot_thinking is not None:
            self._bot_thinking.halt()  # a hard bot would otherwise search on, for nothing
            self._bot_thinking = None
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None

    def _bot_step(self, token: int) -> None:
        if token != self._bot_token or self._exit or self._closing or len(self.screen_stack) < 2:
            return  # cancelled (undo, new game), or the app is on its way out
        self._bot_pending = False
        self._bot_timer = None
        table, screen = self.table, self.game_screen
        if table is None or screen is None or self.screen is not screen or table.is_over():
            return
        actor = table.next_actor(prefer=self.viewer)
        if actor is None or not table.is_bot(actor):
            self.advance()
            return
        try:
            decision = table.bot_decision(actor)
        except IllegalAction as exc:
            screen.say(f"{table.name(actor)} {table.bot_tag(actor)} could not move: {exc.reason}", error=True)
            return
        # The bot thinks in a worker thread; its choice comes back as a message.
        self._bot_pending = True
        self._bot_thinking = decision

        def think() -> None:
            self.post_message(BotChose(token, decision, decision()))

        self.run_worker(think, thread=True, group="bot", exit_on_error=False)

    def on_bot_chose(self, message: BotChose) -> None:
        if message.token != self._bot_token or self.table is None or self._exit or self._closing:
            return  # cancelled (undo, new game, quitting) while the bot thought
        self._bot_pending = False
        self._bot_thinking = None
        decision = message.decision
        played = self.table.bot_play(decision.seat, message.action, decision.steps, decision.generation)
        self._bot_unseen = played is not None and not visible_lines(played[1], self.viewer)
        self.advance()

    # -- what screens call ---------------------------------------------------------------------
    def human_play(self, action: Action) -> str | None:
        """Play `action` for the seat at the keyboard; the refusal's reason, or None if done."""
        table = self.table
        seat = self.viewer
        if table is None or seat is None or seat not in table.to_move():
            return "It is not your turn."
        if self.lesson is not None:
            reason = self.lesson.refusal(action)
            if reason is None:
                self.lesson_step(self.lesson.index + 1)
            return reason
        try:
            table.act(seat, action)
        except IllegalAction as exc:
            return exc.reason
        self.advance()
        return None

    def undo_seat(self) -> int | None:
        """Whose moves the undo key takes back now (None: nobody's)."""
        if self.remote_table() is not None:
            return self.viewer if self.table is not None and self.table.undo_count(self.viewer) else None
        return self.flow.undo_seat()

    def human_undo(self) -> None:
        table, screen = self.table, self.game_screen
        if table is None or screen is None:
            return
        if self.lesson is not None:
            screen.say("In a walkthrough, ← on the caption (Esc) goes back a step.", error=True)
            return
        seat = self.flow.undo_seat() if self.remote_table() is None else self.viewer
        if seat is None:
            screen.say("There is nothing of yours to take back now.", error=True)
            return
        try:
            n = self.flow.take_back(seat)
        except IllegalAction as exc:
            screen.say(exc.reason, error=True)
            return
        self._cancel_bot()
        self.advance()
        screen.say(f"Took back {n} move{'s' if n != 1 else ''}.")

    # -- reviewing a finished game ----------------------------------------------------------------
    def start_review(self) -> None:
        table, screen = self.table, self.game_screen
        if table is None or screen is None or not table.is_over():
            return
        from ..play.review import Review
        from .screens.review import ReviewScreen

        self._finished_table = table
        self.review = Review(table.record)
        screen.mark_parts((), ())  # a walkthrough's marks belong to its steps, not to the review
        screen.in_review = True

        def done(_: None) -> None:
            self.review = None
            screen.in_review = False
            finished = self._finished_table
            if finished is not None and self.game_screen is not None:
                self.table = self.game_screen.table = finished
                self.game_screen.show(self.viewer, None)
            self.show_game_over()

        self.push_screen(ReviewScreen(self.review), done)

    def refresh_review(self) -> None:
        """Put the reviewed position on the board, as the chosen player saw it."""
        review, screen = self.review, self.game_screen
        if review is None or screen is None:
            return
        table = review.table()
        self.table = screen.table = table
        self.viewer = review.viewer
        screen.show(review.viewer, table.to_move()[0] if table.to_move() else None)

    # -- a walkthrough ----------------------------------------------------------------------------
    def start_lesson(self, game_id: str) -> None:
        from ..learn.script import ScriptError, load
        from ..play.lesson import Lesson

        try:
            lesson = Lesson(load(game_id))
        except (ScriptError, KeyError) as exc:
            self.show_launcher(str(exc).strip("'\""), "No walkthrough")
            return
        left_at = prefs.lesson_steps(prefs.prefs_path(self.data_dir)).get(game_id, 0)
        self.start_table(lesson.table(), lesson)
        if not 0 < left_at < lesson.count:
            self.lesson_step(0)
            return
        from .screens.confirm import ConfirmScreen

        def answered(go_on: bool | None) -> None:
            if self.lesson is lesson:
                self.lesson_step(left_at if go_on else 0)

        self.push_screen(
            ConfirmScreen(
                f"Go on from step {left_at + 1} of {lesson.count}?",
                "You left this walkthrough there last time.",
                yes="go on",
                no="start again",
            ),
            answered,
        )

    def remember_lesson(self, lesson: Lesson, step: int | None) -> None:
        """Where a walkthrough was left, for the next time (None: finished); a data folder that
        cannot be written only forgets it."""
        try:
            prefs.remember_lesson_step(lesson.game_id, step, prefs.prefs_path(self.data_dir))
        except OSError:
            pass

    def lesson_step(self, index: int, hold: bool = True) -> None:
        """Show step `index` of the walkthrough: its position on the board, then its caption.
        `hold`: keys typed before the caption comes up are dropped (after a move on the board);
        from a caption to the next, each → typed counts (three → go three steps)."""
        lesson = self.lesson
        if lesson is None:
            return
        if index >= lesson.count:
            self.remember_lesson(lesson, None)  # finished: the next time starts from the first
            self.show_game_over()
            return
        lesson.index = index
        self._caption_hold = hold
        self._caption_due = True  # shown once the board is up (advance, on the screen's resume)
        self.start_table(lesson.table(), lesson)

    def show_caption(self) -> None:
        lesson, screen = self.lesson, self.game_screen
        if lesson is None or screen is None:
            return
        from .screens.lesson import CaptionScreen

        step = lesson.step
        if self._caption_keys:
            key = self._caption_keys.pop(0)
            if key == "left" and lesson.index:
                self.lesson_step(lesson.index - 1, hold=False)
                return
            if key == "right" and not step.your_move:
                self.lesson_step(lesson.index + 1, hold=False)
                return
        self._caption_keys.clear()  # a "your move" step stops the run: its move is made on the board
        self._lesson_view()  # the board behind the caption is the learner's, already
        screen.mark_parts(step.highlight, step.places)

        def answered(answer: str | None) -> None:
            if self.lesson is not lesson:
                return
            if answer == "leave":
                self.leave_lesson(lesson)
            elif answer == "back":
                self.lesson_step(max(0, lesson.index - 1), hold=False)
            elif answer == "next" and not step.your_move:
                self.lesson_step(lesson.index + 1, hold=False)
            # "look", or "next" on a "your move" step: the board, where Esc brings the caption back

        if self._caption_hold:
            self.hold_keys()
        self._caption_hold = True
        self.push_screen(
            CaptionScreen(
                step.title,
                step.caption,
                lesson.index,
                lesson.count,
                step.your_move,
                lesson.last,
                parts=step.highlight,
                places=step.places,
                marks=screen.marked_regions,
            ),
            answered,
        )

    def leave_lesson(self, lesson: Lesson) -> None:
        """Asked first: an Esc meant for the board may reach the caption that just came up."""
        from .screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if self.lesson is not lesson:
                return
            if yes:
                self.remember_lesson(lesson, lesson.index or None)
                self.show_launcher()
            else:
                self.show_caption()

        self.push_screen(
            ConfirmScreen(
                "Leave the walkthrough?",
                f"Step {lesson.index + 1} of {lesson.count}; next time you may go on from here.",
                yes="leave",
                no="stay",
            ),
            answered,
        )

    def _lesson_view(self) -> None:
        """The board as the learner sees it; the other seats are moved by the script, not here."""
        lesson, table, screen = self.lesson, self.table, self.game_screen
        assert lesson is not None and table is not None and screen is not None
        actor = table.next_actor(prefer=lesson.learner)
        self.viewer = lesson.learner
        screen.show(lesson.learner, actor)
        screen.say(lesson.prompt())
        if self._caption_due:
            self._caption_due = False
            self.show_caption()

    def show_game_over(self) -> None:
        if self.table is None:
            return
        self.flow.over_shown = True
        self.hold_keys()

        def done(result: str | None) -> None:
            if result == "launcher":
                self.show_launcher()
            elif result == "review":
                self.start_review()

        from .screens.game_over import GameOverScreen

        results = self.board.results if self.board is not None else None
        self.push_screen(GameOverScreen(self.table, results), done)

    def help_content(self, game: Game | None = None) -> tuple[str, str, str]:
        """The help screen's title, keys and rules: of `game`, else of the game being played."""
        players: int | None = None
        if game is None and self.table is not None:
            game = self.table.game
            options = self.table.options
            players = len(self.table.seats)
        else:
            options = None
        keys = LAUNCHER_KEYS
        if self.game_screen is not None and self.table is not None:
            keys = self.game_screen.keys_help()
        rules = ""
        if game is not None:
            try:
                rules = game.rules_markdown(options, players)
            except Exception:  # a missing rules text must not stop the help screen
                rules = f"# {game.title}\n\n{game.pitch}"
        return (game.title if game else "boardgames-tui"), keys, rules

    def show_help(self, game: Game | None = None) -> None:
        # Imported here: Markdown is a slow import, rarely needed at start (prepare_help has
        # usually imported it by the time a player asks).
        from .screens.help import HelpScreen

        self.push_screen(HelpScreen(*self.help_content(game)))

    def prepare_help(self, game: Game | None = None) -> None:
        """Render the help (of `game`, else of the game being played) in a worker thread, ahead of
        the first `?`."""
        if (game is None and self.table is None) or self._exit:
            return
        _, keys, rules = self.help_content(game)
        width = self.size.width

        def render() -> None:
            from .screens.help import prepare

            prepare(keys, rules, width)

        self.run_worker(render, thread=True, group="help", exclusive=True, exit_on_error=False)

    def action_show_help(self) -> None:
        self.show_help()

    def show_message(self, title: str, text: str) -> None:
        from .screens.dialogs import MessageScreen

        self.push_screen(MessageScreen(title, text))

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        self._cancel_bot()  # a hard bot's search would keep the process up until it ended
        # The newest autosave reaches the disk before the app is gone.
        if self.table is not None:
            self.table.flush(timeout=5)
        super().exit(result, return_code, message)

    def action_request_quit(self) -> None:
        """q in a game: asks first, saying what is saved, then goes back where the game was
        opened from: the launcher, or out of the program when it was started with the game."""
        from ..play.table import Table
        from .screens.dialogs import QuitScreen

        if isinstance(self.screen, QuitScreen):
            self.exit()
            return
        table = self.table
        if table is None or table.is_over():
            self.exit()
            return
        back = self.launched
        question = "Leave the game?" if back else "Quit?"
        label = "back to the launcher" if back else "quit"
        if self.shared_code is not None:
            text = f"{question} Your seat at the table is kept a while: join it again (F7) to play on."
            self.push_screen(QuitScreen(text, self.leave_shared if back else None, label))
            return
        leave = self.leave_game if back else None
        if self.lesson is not None or not isinstance(table, Table):
            self.push_screen(QuitScreen(f"{question} Nothing is saved of a walkthrough.", leave, label))
            return
        state = table.save_state()
        if state == "failed":
            offer = os.environ.get(saves.SERVED_ENV) != "ssh"  # a path typed would be the server's
            self.push_screen(
                QuitScreen(
                    f"{question} The game is NOT saved. {table.save_error}",
                    leave,
                    label,
                    safe=False,
                    save_elsewhere=partial(self._save_elsewhere, table, question) if offer else None,
                    suggestion=str(Path.home() / table.save_path.name) if table.save_path else "",
                )
            )
            return
        self.push_screen(QuitScreen(f"{question} {self._saved_text(table, state)}", leave, label))

    def _saved_text(self, table: Any, state: str) -> str:
        """What the quit dialog says is saved, when nothing went wrong."""
        if state == "none":
            # No file is written before the first move: a game opened by mistake, or with the
            # wrong set-up, would otherwise stay in the saved games list, where only finished
            # games can be deleted. The set-up itself is remembered by the launcher.
            return "Nothing is saved: no move has been made yet."
        if state == "writing":
            return "The last move is still being written to disk; it is saved before the end."
        if state == "off":
            return "Nothing is saved: this game is not autosaved."
        path = table.save_path
        if path is not None and path.parent == saves.save_dir(self.data_dir):
            return "The game is saved: resume it from the launcher."
        return f"The game is saved in {path}: resume it with boardgames-tui --load {path}"

    def _save_elsewhere(self, table: Any, question: str, typed: str) -> tuple[bool, str]:
        """The quit dialog's "save it elsewhere": the line to show, and whether it worked."""
        try:
            table.save_as(typed)
        except ValueError as exc:
            return False, str(exc)
        if self.game_screen is not None:
            self.game_screen.update_message()  # the warning about the saves folder is over
        return True, f"{question} {self._saved_text(table, 'saved')}"

    def leave_game(self) -> None:
        """Back to the launcher, which lists the game just left. Keys typed with the y that left
        were meant for the game, not for the launcher."""
        self.hold_keys()
        self.show_launcher()

    def on_save_result(self, message: SaveResult) -> None:
        screen = self.game_screen
        if screen is not None and screen.table is message.table:
            screen.update_message()

    # -- the command palette (ctrl+p) -----------------------------------------------------------
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The game's commands that apply now (from its key map), then help and quit (asking
        first, as q does), and Textual's theme and screenshot. Not the screenshot over SSH: it
        would be written on the server, where the player cannot fetch it (in a browser it is
        downloaded; at home it goes to the Downloads folder)."""
        from .screens.game import GameScreen

        if isinstance(screen, GameScreen):
            for title, help_text, action in screen.KEYMAP.commands(screen):
                yield SystemCommand(title, help_text, partial(screen.run_action, action))
        else:
            yield SystemCommand("Help", "The keys and the rules", self.action_show_help)
            yield SystemCommand("Quit", "Leave boardgames-tui", self.action_request_quit)
        offered = ("Theme",) if os.environ.get(saves.SERVED_ENV) == "ssh" else ("Theme", "Screenshot")
        for command in super().get_system_commands(screen):
            if command.title in offered:
                yield command

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """A screenshot goes where the player finds it: the Downloads folder when there is one,
        else `screenshots/` in the data folder (Textual would give up on a missing Downloads
        folder); the message that follows names the file. In a browser it is downloaded."""
        return super().deliver_screenshot(filename, path or str(screenshot_folder()), time_format)

    # -- terminal size -------------------------------------------------------------------------
    def check_size(self) -> None:
        width, height = self.size
        small = width < theme.MIN_WIDTH or height < theme.MIN_HEIGHT
        top = self.screen if self.screen_stack else None
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    # -- for tests and debugging ---------------------------------------------------------------
    # -- what the screens ask (ui/requests.py) -------------------------------------------------
    def ask(self, request: Request) -> None:
        """Carry out a screen's request, at once (see ui/requests.py)."""
        match request:
            case OpenGame():
                self.new_game(request.game_id, request.seats, request.seed, request.options)
            case OpenSave():
                self.resume_game(request.path, review=request.review)
            case OpenLesson():
                self.start_lesson(request.game_id)
            case OpenShared():
                self.open_shared(request.request)
            case JoinShared():
                self.show_join()
            case LeaveShared():
                self.leave_shared()
            case ShowHelp():
                self.show_help(request.game)
            case PrepareHelp():
                self.prepare_help(request.game)
            case ShowResults():
                self.show_game_over()
            case ShowCaption():
                self.show_caption()
            case ShowMessage():
                self.show_message(request.title, request.text)
            case AskQuit():
                self.action_request_quit()
            case ReviewMoved():
                self.refresh_review()
            case GoOn():
                # once the screen's resume has finished: the flow may push a screen on top of it
                self.call_later(self.advance)
            case _:
                raise TypeError(f"no such request: {request!r}")

    def screen_text(self) -> str:
        """The screen as plain text, the way a person sees it (without colour)."""
        return "\n".join(strip.text for strip in self.screen._compositor.render_strips())


def screenshot_folder() -> Path:
    import platformdirs

    downloads = platformdirs.user_downloads_path()
    if downloads.is_dir():
        return downloads
    folder = saves.data_dir() / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
