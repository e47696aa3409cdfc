"""Table: one game being played. It owns the State and the GameRecord, knows who sits where, runs the
bots, keeps the log and writes the autosave. It is the only thing in the UI that changes game state;
screens read views from it and hand it actions. The state itself is private: what a screen may
know comes through `view`, `legal`, `standings` and the like.

Nothing here waits for long on the thread that calls it. The autosave is serialized here and written
by `saves`' background thread (`flush` waits for it). A bot's decision is taken in two halves:
`bot_decision` gathers what the bot may see, here; the returned object runs the bot anywhere (a
worker thread); `bot_play` plays the result here, if the game has not moved on meanwhile.

This module does not import textual, so it can be tested and reused without a screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .. import saves
from ..rules import registry
from ..rules.bots import Bot, Position, bot_rng, shown_to
from ..rules.core import Action, Event, Game, IllegalAction, Seat, Standings, State, visible_lines
from ..rules.levels import level_named
from ..rules.opponents import make_bot
from ..rules.record import GameRecord, RecordError
from ..rules.view import View


@dataclass(frozen=True)
class LogEntry:
    step: int  # index in record.steps of the action that caused it; SETUP: the set-up
    actor: int  # the seat that acted (SETUP for the set-up)
    event: Event


SETUP = -1


def setup_log(state: State) -> list[LogEntry]:
    """The log's opening lines: what setting the game up said (a fresh state's)."""
    return [LogEntry(SETUP, SETUP, event) for event in state.setup_said]


def with_note(text: str, note: str) -> str:
    """'Ann passes (note).' from 'Ann passes.'"""
    stop = "." if text.endswith(".") else ""
    return f"{text.removesuffix('.')} ({note}){stop}"


def seat_tag(seat: Seat) -> str:
    """How a bot's seat is marked beside its name: "(bot)" for the normal level, else with its
    level ("(hard bot)"); "" for a human."""
    level = level_named(seat.bot)
    if level is None:
        return ""
    return "(bot)" if level == "normal" else f"({level} bot)"


@dataclass(frozen=True, eq=False)
class BotDecision:
    """One decision of the bot at `seat`, taken when the game had `steps` moves: what the bot may
    see, gathered by `Table.bot_decision`. Calling it runs the bot and returns its choice (None if
    the bot failed); it reads nothing of the table, so it may run in any thread."""

    seat: int
    steps: int
    generation: int
    view: Any  # what the bot is shown: its bot view, or a Position for a bot that searches
    legal: tuple[Action, ...]
    bot: Bot
    rng: random.Random

    def __call__(self) -> Action | None:
        try:
            return self.bot.choose(self.view, list(self.legal), self.rng)
        except Exception:  # a bot's bug must not stop the game: bot_play falls back
            return None

    def halt(self) -> None:
        """Nobody will play this decision: a bot that searches stops thinking (soon, in its
        thread); others finish as they would, in a moment."""
        if isinstance(self.view, Position):
            self.view.halted.set()


class GameTable(Protocol):
    """What the flow and the screens ask of a table: a hot-seat `Table`, and a shared table as
    one app sees it (remote.RemoteTable), answer alike."""

    game: Game

    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def steps(self) -> int: ...
    @property
    def record(self) -> Any: ...  # its `steps`, each with the `seat` that moved and `revealed`
    def name(self, seat: int) -> str: ...
    def is_bot(self, seat: int) -> bool: ...
    def bot_tag(self, seat: int) -> str: ...
    def next_actor(self, prefer: int | None = None) -> int | None: ...
    def is_over(self) -> bool: ...
    def to_move(self) -> tuple[int, ...]: ...
    def view(self, seat: int | None) -> Any: ...
    def legal(self, seat: int) -> list[Action]: ...
    def act(self, seat: int, action: Action, note: str = "", auto: bool = False) -> list[Any]: ...
    def forced_move(self, seat: int) -> Action | None: ...
    def play_forced(self, seat: int) -> bool: ...
    def context(self) -> tuple[Any, ...]: ...
    def undo_count(self, seat: int | None) -> int: ...
    def undo(self, seat: int) -> int: ...
    def last_actor(self) -> int | None: ...
    def last_human_actor(self) -> int | None: ...
    def last_acted(self, seat: int) -> int: ...
    def log_for(self, seat: int | None) -> list[str]: ...
    def mark_looked(self, seat: int) -> None: ...
    def recap_for(self, seat: int) -> list[str]: ...
    def flush(self, timeout: float | None = None) -> bool: ...


class Seated:
    """Who sits where, for a table that has `seats` and `to_move()`: a hot-seat Table, and a shared
    table as one app sees it (remote.RemoteTable)."""

    @property
    def seats(self) -> tuple[Seat, ...]:
        raise NotImplementedError

    def to_move(self) -> tuple[int, ...]:
        raise NotImplementedError

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].is_bot

    def bot_tag(self, seat: int) -> str:
        return seat_tag(self.seats[seat])

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    def next_actor(self, prefer: int | None = None) -> int | None:
        """The seat whose decision comes next: `prefer` if it is pending (saves a hand-off), else a
        pending bot (bots need no keyboard), else the first pending human."""
        pending = self.to_move()
        if not pending:
            return None
        if prefer is not None and prefer in pending:
            return prefer
        return next((seat for seat in pending if self.is_bot(seat)), pending[0])


class Table(Seated):
    def __init__(
        self, record: GameRecord, state: State, save_path: Path | None = None, log: Sequence[LogEntry] = ()
    ):
        self.record = record
        self._state = state
        self.game: Game = registry.get(record.game_id)
        self.save_path = Path(save_path) if save_path is not None else None
        self.log: list[LogEntry] = list(log)
        # The line a screen keeps showing while autosaves fail; None once one succeeds.
        self.save_error: str | None = None
        # Whether the save file holds a version of this game (a resumed game's file does).
        self.on_disk = False
        # Called in the writer thread with the new `save_error` after each autosave: a screen can
        # show a failure at once instead of at its next redraw. It must not block (post a message).
        self.on_save_result: Callable[[str | None], None] | None = None
        self.bots = {
            i: make_bot(self.game, seat.bot, seat.think)
            for i, seat in enumerate(self.seats)
            if seat.bot is not None
        }
        # seat -> how many steps there were when that seat last saw its own screen (see recap_for)
        self.looked: dict[int, int] = {}
        # Counts every change of the game (a move, an undo): a bot's decision taken before the
        # latest change is stale, even when undo and new moves brought the step count back.
        self.generation = 0

    # -- making one ----------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        seats: Sequence[Seat | str],
        seed: int,
        options: Mapping[str, str] | None = None,
        variant: str | None = None,
        autosave: bool = True,
        save_dir: Path | str | None = None,
    ) -> Table:
        """A new game, autosaved (unless `autosave` is False) to a fresh file in the saves folder
        `save_dir` (default: `saves.save_dir()`)."""
        record, state = GameRecord.start(game_id, seats, seed, variant, options)
        # The file is written from the first move on: a game opened and left at once leaves no save.
        path = saves.new_save_path(game_id, record.seed, directory=save_dir) if autosave else None
        return cls(record, state, path, setup_log(state))

    @classmethod
    def resume(cls, path: Path) -> Table:
        """Load a save and keep writing to the same file; RecordError (one line) if it can't be read.
        A file that can't be read is left exactly as it was."""
        record, _ = saves.load(path)
        try:
            table = cls.replayed(record, path)
            table.on_disk = True
            return table
        except Exception as exc:  # load() replayed it already; this is only belt and braces
            raise RecordError(f"This save could not be replayed ({type(exc).__name__}).") from None

    @classmethod
    def replayed(cls, record: GameRecord, save_path: Path | None = None) -> Table:
        """The game `record` holds, replayed with its log (a walkthrough's position: no save)."""
        state = record.new_state()
        log = setup_log(state)
        for i, step in enumerate(record.steps):
            for event in state.apply(step.seat, step.action):
                log.append(LogEntry(i, step.seat, event))
        return cls(record, state, save_path, log)

    # -- who is who ----------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    @property
    def options(self) -> dict[str, str]:
        return self.record.options

    # -- the game ------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self._state.is_over()

    def standings(self) -> Standings:
        """The scores by category, ranks and winners (final once the game is over)."""
        return self._state.standings()

    @property
    def steps(self) -> int:
        """How many moves have been made."""
        return len(self.record.steps)

    def to_move(self) -> tuple[int, ...]:
        return tuple(self._state.to_move())

    def view(self, seat: int | None) -> View[Any]:
        return self._state.view(seat)

    def legal(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        return list(self._state.legal_actions(seat))

    def act(self, seat: int, action: Action, note: str = "", auto: bool = False) -> list[Event]:
        """Apply an action for `seat`, record it, log its events and autosave.

        `note` is added to the first log line; `auto` marks a move nobody chose (see Step.auto).
        IllegalAction propagates with its reason and nothing changes. Any other failure inside the
        rules is turned into an IllegalAction too, with the state put back as it was."""
        steps = len(self.record.steps)
        try:
            events = self.record.play(self._state, seat, action, auto)
        except IllegalAction:
            raise
        except Exception as exc:
            # The record is the game: replaying it rebuilds the state the failed move may have
            # half changed, so no copy of the state is needed on every move.
            del self.record.steps[steps:]
            self._state = self.record.replay()
            self.generation += 1
            raise IllegalAction(
                f"The rules could not carry out that move ({type(exc).__name__}); the game is unchanged."
            ) from exc
        self.generation += 1
        index = len(self.record.steps) - 1
        logged = list(events)
        if note and logged:
            first = logged[0]
            logged[0] = Event(
                with_note(first.text, note),
                first.visible_to,
                with_note(first.others_text, note) if first.others_text else None,
                first.reveal,
            )
        self.log.extend(LogEntry(index, seat, event) for event in logged)
        self.autosave()
        return events

    def forced_move(self, seat: int) -> Action | None:
        """The move to take for a human at `seat` without asking: their only legal move when it is
        a mere formality (a pass, buying nothing). When other people share the table, only when
        everybody can see that the seat has no choice: skipping the hand-off must not tell them
        anything the seat's secrets would not."""
        if self.is_bot(seat) or seat not in self.to_move():
            return None
        action = self._state.only_formality(seat)
        if action is None:
            return None
        if any(other != seat for other in self.humans) and not self._state.forced_in_public(seat):
            return None
        return action

    def play_forced(self, seat: int) -> bool:
        """Take the forced formality for `seat`, if there is one; whether a move was made."""
        action = self.forced_move(seat)
        if action is None:
            return False
        self.act(seat, action, note="the only move, taken for them", auto=True)
        return True

    def context(self) -> tuple[Any, ...]:
        """Where the game stands in its round, from the public view: a new decision in a new context
        (a new phase or step) is announced to a player who acts again."""
        view = self._state.view(None)
        return (view.round, view.phase, view.step)

    # -- bots ----------------------------------------------------------------------------------
    def bot_decision(self, seat: int) -> BotDecision:
        """What the bot at `seat` needs to choose its move, gathered now, in the calling thread;
        call the result (in any thread) for the bot's choice, then hand that to `bot_play`.
        IllegalAction when the seat has nothing to do."""
        if seat not in self.bots:
            raise IllegalAction(f"{self.name(seat)} is not a bot.")
        legal = self.legal(seat)
        if not legal:
            raise IllegalAction(f"{self.name(seat)} has nothing to do.")
        bot = self.bots[seat]
        # One RNG per decision, from the move number: a resumed game's bots choose as they would
        # have without the break.
        rng = bot_rng(self.record.seed, seat, len(self.record.steps))
        view = shown_to(bot, self._state, seat, rng)
        return BotDecision(seat, len(self.record.steps), self.generation, view, tuple(legal), bot, rng)

    def bot_play(
        self, seat: int, action: Action | None, expected_steps: int, generation: int | None = None
    ) -> tuple[Action, list[Event]] | None:
        """Play the bot's choice for `seat`, if the game still stands where the decision was taken:
        `expected_steps` moves (and, when given, the decision's `generation`, which also notices an
        undo followed by as many new moves). None, and nothing played, when it has moved on (an
        undo, a new game, another seat's move). A choice that is not legal is replaced by the
        first legal move: a bot's mistake must not stop the game."""
        if len(self.record.steps) != expected_steps:
            return None
        if generation is not None and generation != self.generation:
            return None
        legal = self.legal(seat)
        if not legal:
            return None
        if action not in legal:
            action = legal[0]
        return action, self.act(seat, action)

    def still_as_seen(self, decision: BotDecision) -> bool:
        """Whether the bot of `decision` would see now just what it saw when it decided, with the
        same moves open to it: moves hidden from it made since (another divider's secret split at
        a shared table) leave its choice as good as it was."""
        seat = decision.seat
        if seat not in self.to_move() or tuple(self.legal(seat)) != decision.legal:
            return False
        seen = decision.view.view if isinstance(decision.view, Position) else decision.view
        return bool(self._state.bot_view(seat) == seen)

    def bot_step(self, seat: int) -> tuple[Action, list[Event]]:
        """Let the bot at `seat` choose and play one action, here and now."""
        decision = self.bot_decision(seat)
        played = self.bot_play(seat, decision(), decision.steps, decision.generation)
        assert played is not None  # nothing ran between the decision and the play
        return played

    # -- undo ----------------------------------------------------------------------------------
    def undo_count(self, seat: int | None) -> int:
        """How many trailing moves a human `seat` may take back, with the bot moves after them
        (0 for bots and when not allowed)."""
        if seat is None or self.is_bot(seat) or not self.record.steps:
            return 0
        return self.record.undo_count(seat, self.bots)

    def last_actor(self) -> int | None:
        return self.record.steps[-1].seat if self.record.steps else None

    def last_human_actor(self) -> int | None:
        """The person who moved last (bots' moves after theirs do not count)."""
        for step in reversed(self.record.steps):
            if not self.is_bot(step.seat):
                return step.seat
        return None

    def undo(self, seat: int) -> int:
        """Take back `seat`'s trailing moves; returns how many. IllegalAction when none may be."""
        n = self.undo_count(seat)
        if n == 0:
            raise IllegalAction("There is nothing of yours to take back now.")
        self._state = self.record.undo(seat, self.bots)
        self.generation += 1
        keep = len(self.record.steps)
        self.log = [entry for entry in self.log if entry.step < keep]
        self.looked = {s: min(n_, keep) for s, n_ in self.looked.items()}
        self.autosave()
        return n

    # -- the log -------------------------------------------------------------------------------
    def log_for(self, seat: int | None) -> list[str]:
        """Every log line `seat` may read (None: the public lines)."""
        return visible_lines((entry.event for entry in self.log), seat)

    def last_acted(self, seat: int) -> int:
        for i in range(len(self.record.steps) - 1, -1, -1):
            if self.record.steps[i].seat == seat:
                return i
        return -1

    def mark_looked(self, seat: int) -> None:
        """`seat` has its own screen in front of it now, showing everything up to here."""
        self.looked[seat] = len(self.record.steps)

    def recap_for(self, seat: int) -> list[str]:
        """What happened since `seat` last acted or last looked at its own screen, whichever came
        later, as `seat` may read it."""
        since = max(self.last_acted(seat) + 1, self.looked.get(seat, 0))
        return visible_lines((entry.event for entry in self.log if entry.step >= since), seat)

    # -- saving --------------------------------------------------------------------------------
    def autosave(self) -> None:
        """Hand the record, serialized now, to the background writer. A failed write shows as
        `save_error` once the writer knows (the next successful one clears it)."""
        if self.save_path is None:
            return
        saves.save_later(self.save_path, self.record.dumps(), self._saved)

    def _saved(self, error: Exception | None) -> None:
        # Runs in the writer thread; one attribute assignment each, which readers see whole.
        if error is None:
            self.on_disk = True
            self.save_error = None
        else:
            folder = self.save_path.parent if self.save_path is not None else "?"
            self.save_error = (
                f"Could not save the game in {folder}: {saves.why_not(error)} "
                "(the game goes on; nothing is lost until you quit)."
            )
        hook = self.on_save_result
        if hook is not None:
            hook(self.save_error)

    def save_state(self, timeout: float | None = 2.0) -> str:
        """What is on disk of this game, once the autosaves handed over are written (waited for
        up to `timeout` seconds): "off" (no save file), "failed" (the newest autosave could not be
        written), "saved", "none" (nothing written yet: no move has been made), or "writing"
        (the disk has not answered yet)."""
        if self.save_path is None:
            return "off"
        if not self.flush(timeout):
            return "writing"
        if self.save_error is not None:
            return "failed"
        return "saved" if self.on_disk else "none"

    def save_as(self, target: Path | str) -> Path:
        """Write the game to `target`, typed by a player, atomically, and autosave there from now
        on; the file's path. A file already at `target` is never replaced (it may be another game,
        or a damaged save). ValueError with one line when it cannot be written; the autosave then
        goes on where it was."""
        path = saves.place_copy(target, self.game.id, self.record.seed)
        if self.save_path is not None:
            saves.flush(self.save_path)  # a failure still on its way must not land after this
        try:
            saves.write_atomic(path, self.record.dumps(), overwrite=False)
        except FileExistsError as exc:
            if str(path) not in (exc.filename, exc.filename2):  # a file where a folder should be
                raise ValueError(f"Could not save the game in {path.parent}: {saves.why_not(exc)}.") from None
            raise ValueError(f"{path} exists already and is never replaced: type another name.") from None
        except OSError as exc:
            raise ValueError(f"Could not save the game in {path.parent}: {saves.why_not(exc)}.") from None
        self.save_path = path
        self.on_disk = True
        self.save_error = None
        return path

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until the newest autosave is on disk (or has failed: see `save_error`); False if
        `timeout` seconds passed first. Call it before the program ends, and before reading the
        file in a test."""
        if self.save_path is None:
            return True
        return saves.flush(self.save_path, timeout)
