"""Review: a finished game stepped through move by move on its own board (issue 12). One replay
of the record keeps the state after every move and the log up to it, so a step either way is a
look-up, not a replay; the app shows the chosen position as the chosen player saw it (the game is
over, so every seat's view may be looked at)."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import registry
from ..rules.core import Event, State
from ..rules.figures import Figure, Move
from ..rules.record import GameRecord
from .table import SETUP, LogEntry, Table, setup_log


@dataclass(frozen=True)
class Moment:
    state: State  # the state after this many moves
    log: int  # log entries up to here
    round: object  # the round the public view names (None for a game without rounds)


class Review:
    def __init__(self, record: GameRecord):
        self.record = record
        state = record.new_state()
        self.log: list[LogEntry] = setup_log(state)
        self.moments = [Moment(state.copy(), len(self.log), state.view(None).round)]
        for i, step in enumerate(record.steps):
            for event in state.apply(step.seat, step.action):
                self.log.append(LogEntry(i, step.seat, event))
            self.moments.append(Moment(state.copy(), len(self.log), state.view(None).round))
        self.events: list[tuple[Event, ...]] = [() for _ in record.steps]  # each move's own events
        for entry in self.log:
            if entry.step != SETUP:
                self.events[entry.step] += (entry.event,)
        self.index = len(record.steps)  # a review opens at the end
        self.viewer = 0

    @property
    def count(self) -> int:
        return len(self.record.steps)

    def table(self) -> Table:
        """The position after `index` moves, as a table of its own (nothing saved)."""
        moment = self.moments[self.index]
        return Table(self.record.upto(self.index), moment.state.copy(), None, self.log[: moment.log])

    def move(self, delta: int) -> bool:
        index = max(0, min(self.count, self.index + delta))
        moved, self.index = index != self.index, index
        return moved

    def round_step(self, delta: int) -> bool:
        """To the first move of the next (delta 1) or this or the previous (delta -1) round."""
        rounds = [m.round for m in self.moments]
        here = rounds[self.index]
        if delta > 0:
            later = [i for i in range(self.index + 1, len(rounds)) if rounds[i] != here]
            return self.move((later[0] if later else self.count) - self.index)
        start = self.index
        while start > 0 and rounds[start - 1] == here:
            start -= 1
        if start == self.index and start > 0:  # already at its start: the previous round's
            before = rounds[start - 1]
            while start > 0 and rounds[start - 1] == before:
                start -= 1
        return self.move(start - self.index)

    def scores(self) -> tuple[list[int], list[list[int]]]:
        """Each player's score at the end of every round (the last point: the final standings):
        the rounds' numbers and one list of totals per seat."""
        marks: list[int] = []  # the moment each round ends at
        for i in range(1, len(self.moments)):
            ended = self.moments[i - 1].round
            if self.moments[i].round != ended and ended:  # (round 0 or None: the set-up)
                marks.append(i - 1)
        marks.append(len(self.moments) - 1)
        rounds: list[int] = []
        totals: list[list[int]] = [[] for _ in self.record.seats]
        for n, i in enumerate(marks, start=1):
            moment = self.moments[i]
            rounds.append(moment.round if isinstance(moment.round, int) and moment.round > 0 else n)
            by_seat = {row.seat: row.total for row in moment.state.standings().rows}
            for seat, line in enumerate(totals):
                line.append(by_seat.get(seat, 0))
        return rounds, totals

    def figures(self) -> list[Figure]:
        """The game's own figures (rubles by phase, bids, bribes…) over the moves up to here."""
        moves = [
            Move(step.seat, step.action, self.moments[i].state, self.moments[i + 1].state, self.events[i])
            for i, step in enumerate(self.record.steps[: self.index])
        ]
        return registry.get(self.record.game_id).figures(moves)

    def line(self) -> str:
        """What the move that led here was, in the log's words."""
        if self.index == 0:
            return "The start of the game."
        step = self.record.steps[self.index - 1]
        words = [event.text for event in self.events[self.index - 1]]
        who = self.record.seats[step.seat].name
        if not words:
            return f"{who}: {step.action.describe()}"
        # one line of the log's sentences: "; " between them, a space after one that ends itself
        line = words[0]
        for word in words[1:]:
            line += (" " if line.endswith(".") else "; ") + word
        return line
