"""Lesson: a walkthrough being followed in the app (issue 12). It knows the script and the step
the learner is at, and makes the Table for each step's position from the script's replay; the app
shows that table on the game's own board, always as the learner sees it, with no hand-offs and no
bots of its own (the script moves the other seats)."""

from __future__ import annotations

from ..learn import script
from ..learn.script import LEARNER, Step, Walkthrough
from ..rules.core import Action
from .table import Table


class Lesson:
    def __init__(self, walk: Walkthrough):
        self.walk = walk
        self.positions = script.positions(walk)  # one replay of the whole script
        self.index = 0

    @property
    def step(self) -> Step:
        return self.walk.steps[self.index]

    @property
    def game_id(self) -> str:
        return self.walk.game_id

    @property
    def count(self) -> int:
        return len(self.walk.steps)

    @property
    def last(self) -> bool:
        return self.index == self.count - 1

    def table(self) -> Table:
        """This step's position as a table of its own (nothing saved: a lesson is not a game)."""
        return Table.replayed(self.positions[self.index].record.upto())

    def refusal(self, action: Action) -> str | None:
        """None when `action` is the move this step asks the learner for; else why not."""
        step = self.step
        if not step.your_move:
            return "Nothing to play in this step: Esc shows the caption, and → there goes on."
        return script.check(action, step, self.positions[self.index])

    def prompt(self) -> str:
        step = self.step
        if step.your_move:
            return f"Your move: {step.title.removeprefix('Your move: ')}. Esc: the caption again."
        return "Esc: the caption again (→ there goes on)."

    @property
    def learner(self) -> int:
        return LEARNER
