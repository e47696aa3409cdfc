"""StepState: the shape every game's state has. A state is at a named step (`self.step`, "over"
at the end); `_list_<step>(seat)` lists the moves of the seat to move there and
`_do_<step>(seat, action)` makes one; `STEP_OF` says in which steps each kind of move is made
and `NOW` what a step asks for, so a move made at the wrong time is refused with what to do first
(a game with refusals of its own words keeps its own `explain_illegal`)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar

from .core import Action, Event, State


class StepState(State):
    step: str
    STEP_OF: ClassVar[dict[type, tuple[str, ...]]] = {}
    NOW: ClassVar[dict[str, str]] = {}
    # Attributes that are not part of the game (caches a state keeps for speed): left out of the
    # snapshot, so that two states of one game compare equal whatever they have cached.
    TRANSIENT: ClassVar[tuple[str, ...]] = ()

    def is_over(self) -> bool:
        return self.step == "over"

    def legal_actions(self, seat: int) -> list[Action]:
        if self.step == "over" or type(seat) is not int or seat not in self.to_move():
            return []
        lister: Callable[[int], list[Action]] = getattr(self, f"_list_{self.step}")
        return lister(seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        self.check_turn(seat, action)
        self._events: list[Event] = []
        handler: Callable[[int, Any], None] = getattr(self, f"_do_{self.step}")
        handler(seat, action)
        return self._events

    def _say(self, text: str, **kw: Any) -> None:
        self._events.append(Event(text, **kw))

    def snapshot(self) -> dict[str, Any]:
        left_out = ("game", "rng", "_events", *self.TRANSIENT)
        # A copy, not the state's own lists: a snapshot taken before a move is refused must still
        # show the state as it was if the refusal went wrong and changed it.
        data = copy.deepcopy({k: v for k, v in self.__dict__.items() if k not in left_out})
        data["rng"] = self.rng.getstate()
        return data

    def step_refusal(self, seat: Any, action: Any) -> str | None:
        """The reasons every game shares, then a move of a kind this game has not now: what the
        step asks for instead. None when the move belongs to this step."""
        reason = self.turn_refusal(seat, action)
        if reason is not None:
            return reason
        wanted = self.STEP_OF.get(type(action))
        if wanted is None:
            return "That is not a move in this game."
        if self.step not in wanted:
            return self.NOW[self.step]
        return None
