"""Table: one game being played. It owns the State and the GameRecord, knows who sits where, runs the
bots, keeps the log and writes the autosave. It is the only thing in the UI that changes game state;
screens read views from it and hand it actions.

This module does not import textual, so it can be tested and reused without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from .. import saves
from ..rules import registry
from ..rules.bots import bot_move, bot_rng
from ..rules.core import Action, Event, Game, IllegalAction, Seat, State
from ..rules.record import GameRecord, RecordError


@dataclass(frozen=True)
class LogEntry:
    step: int  # index in record.steps of the action that caused it
    actor: int  # the seat that acted
    event: Event


def with_note(text: str, note: str) -> str:
    """'Ann passes (note).' from 'Ann passes.'"""
    stop = "." if text.endswith(".") else ""
    return f"{text.removesuffix('.')} ({note}){stop}"


class Table:
    def __init__(self, record: GameRecord, state: State, save_path: Path | None = None,
                 log: Sequence[LogEntry] = ()):
        self.record = record
        self.state = state
        self.game: Game = registry.get(record.game_id)
        self.save_path = Path(save_path) if save_path is not None else None
        self.log: list[LogEntry] = list(log)
        self.save_error: str | None = None
        self.bots = {i: self.game.make_bot(seat.bot) for i, seat in enumerate(self.seats) if seat.is_bot}
        # seat -> how many steps there were when that seat last saw its own screen (see recap_for)
        self.looked: dict[int, int] = {}

    # -- making one ----------------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, seats: Sequence[Seat | str], seed: int,
            options: Mapping[str, str] | None = None, variant: str | None = None,
            autosave: bool = True) -> "Table":
        record, state = GameRecord.start(game_id, seats, seed, variant, options)
        # The file is written from the first move on: a game opened and left at once leaves no save.
        path = saves.new_save_path(game_id, record.seed) if autosave else None
        return cls(record, state, path)

    @classmethod
    def resume(cls, path: Path) -> "Table":
        """Load a save and keep writing to the same file; RecordError (one line) if it can't be read.
        A file that can't be read is left exactly as it was."""
        record, _ = saves.load(path)
        try:
            state = record.new_state()
            log: list[LogEntry] = []
            for i, step in enumerate(record.steps):
                for event in state.apply(step.seat, step.action):
                    log.append(LogEntry(i, step.seat, event))
        except Exception as exc:  # load() replayed it already; this is only belt and braces
            raise RecordError(f"This save could not be replayed ({type(exc).__name__}).") from None
        return cls(record, state, path, log)

    # -- who is who ----------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    @property
    def options(self) -> dict[str, str]:
        return self.record.options

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].is_bot

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    # -- the game ------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.state.is_over()

    def to_move(self) -> tuple[int, ...]:
        return tuple(self.state.to_move())

    def next_actor(self, prefer: int | None = None) -> int | None:
        """The seat whose decision comes next: `prefer` if it is pending (saves a hand-off), else a
        pending bot (bots need no keyboard), else the first pending human."""
        pending = self.to_move()
        if not pending:
            return None
        if prefer is not None and prefer in pending:
            return prefer
        for seat in pending:
            if self.is_bot(seat):
                return seat
        return pending[0]

    def view(self, seat: int | None) -> dict:
        return self.state.view(seat)

    def legal(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        return list(self.state.legal_actions(seat))

    def act(self, seat: int, action: Action, note: str = "", auto: bool = False) -> list[Event]:
        """Apply an action for `seat`, record it, log its events and autosave.

        `note` is added to the first log line; `auto` marks a move nobody chose (see Step.auto).
        IllegalAction propagates with its reason and nothing changes. Any other failure inside the
        rules is turned into an IllegalAction too, with the state put back as it was."""
        steps = len(self.record.steps)
        try:
            events = self.record.play(self.state, seat, action, auto)
        except IllegalAction:
            raise
        except Exception as exc:
            # The record is the game: replaying it rebuilds the state the failed move may have
            # half changed, so no copy of the state is needed on every move.
            del self.record.steps[steps:]
            self.state = self.record.replay()
            raise IllegalAction(f"The rules could not carry out that move ({type(exc).__name__}); "
                                "the game is unchanged.") from exc
        index = len(self.record.steps) - 1
        logged = list(events)
        if note and logged:
            first = logged[0]
            logged[0] = Event(with_note(first.text, note), first.visible_to,
                              with_note(first.others_text, note) if first.others_text else None,
                              first.reveal)
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
        action = self.state.only_formality(seat)
        if action is None:
            return None
        if any(other != seat for other in self.humans) and not self.state.forced_in_public(seat):
            return None
        return action

    def play_forced(self, seat: int) -> bool:
        """Take the forced formality for `seat`, if there is one; whether a move was made."""
        action = self.forced_move(seat)
        if action is None:
            return False
        self.act(seat, action, note="the only move, taken for them", auto=True)
        return True

    def context(self) -> tuple:
        """Where the game stands in its round, from the public view: a new decision in a new context
        (a new phase or step) is announced to a player who acts again."""
        view = self.state.view(None)
        if not isinstance(view, dict):
            return ()
        return (view.get("round"), view.get("phase"), view.get("step"))

    def bot_step(self, seat: int) -> tuple[Action, list[Event]]:
        """Let the bot at `seat` choose and play one action."""
        legal = self.legal(seat)
        if not legal:
            raise IllegalAction(f"{self.name(seat)} has nothing to do.")
        try:
            rng = bot_rng(self.record.seed, seat, len(self.record.steps))
            action = bot_move(self.state, seat, self.bots[seat], rng)
        except Exception:
            action = None
        if action not in legal:  # a bot's mistake must not stop the game
            action = legal[0]
        return action, self.act(seat, action)

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
        self.state = self.record.undo(seat, self.bots)
        keep = len(self.record.steps)
        self.log = [entry for entry in self.log if entry.step < keep]
        self.looked = {s: min(n_, keep) for s, n_ in self.looked.items()}
        self.autosave()
        return n

    # -- the log -------------------------------------------------------------------------------
    def log_for(self, seat: int | None) -> list[str]:
        """Every log line `seat` may read (None: the public lines)."""
        lines = []
        for entry in self.log:
            text = entry.event.text_for(seat)
            if text:
                lines.append(text)
        return lines

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
        lines = []
        for entry in self.log:
            if entry.step >= since:
                text = entry.event.text_for(seat)
                if text:
                    lines.append(text)
        return lines

    # -- saving --------------------------------------------------------------------------------
    def autosave(self) -> None:
        if self.save_path is None:
            return
        try:
            saves.save(self.save_path, self.record)
        except OSError as exc:
            self.save_error = f"Autosave failed: {exc.strerror or exc}"
        else:
            self.save_error = None
