"""The flow of a game at one keyboard: whose screen is shown, when the keyboard is handed over,
when a bot moves, when the game is over. The flow says what comes next; the app carries it out
(it draws the screens, runs the bots' threads, holds back keys typed for an earlier screen).

A step of the flow is one of:

    Idle      nothing to do now (nobody is to move yet)
    BotTurn   a bot moves next: show `viewer`'s screen with the bot to move, then let it think
    Present   `seat`'s own decision on its own screen; with `passed`, another person had the
              keyboard and nothing secret is on either screen: it is simply their turn now
    HandOff   another person is next and a screen holds a secret: hide it, hand the keyboard over
    Over      the game is over: show it, then the review or the results when they are due

A seat's secrets are shown only to that seat, and only after a hand-off when somebody else had
the keyboard: `viewer` is the seat whose screen is up (None: nobody's, everything private hidden).
What is secret is read off the views themselves (`secrets`): what a seat's view holds that the
public one does not. Where neither the outgoing nor the incoming person's view holds anything of the
kind, a hand-off would only cost two keys, and the keyboard simply passes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rules.view import differing_fields

if TYPE_CHECKING:  # the launcher starts without the table's machinery
    from .table import GameTable

# The most formalities (a pass that is the only move) taken in a row before asking anyone: a
# bound that only guards against a game that never stops.
MOST_FORMALITIES = 10_000


@dataclass(frozen=True)
class Idle:
    pass


@dataclass(frozen=True)
class BotTurn:
    viewer: int | None
    seat: int


@dataclass(frozen=True)
class Recap:
    """What a player handed the keyboard is told happened since they last looked."""

    seat: int
    lines: list[str]
    first: bool  # their first turn of the game


@dataclass(frozen=True)
class Present:
    """`fresh`: the decision does not simply go on from the player's own last keys (others moved,
    a phase ended, something was revealed), so keys typed before it are dropped. `again`: the
    same player acts again in a new phase or step, which is said. `passed`: the keyboard passed
    to `seat` from another person without a hand-off (nothing secret on either screen), with
    what happened since `seat` last looked; `undo_seat` is the person who moved last, who may
    still take the move back."""

    seat: int
    fresh: bool
    again: bool
    passed: Recap | None = None
    undo_seat: int | None = None


@dataclass(frozen=True)
class HandOff:
    """`undo_seat`: the person who moved last, who may take the move back instead. `shows`: what
    the incoming person's screen holds that others may not see, in the game's words ("hand and
    rubles"); `hides`: what the outgoing person's screen held of the kind ("" for nothing)."""

    seat: int
    undo_seat: int | None
    shows: str = ""
    hides: str = ""
    outgoing: int | None = None  # whose screen was up


@dataclass(frozen=True)
class Over:
    """`then`: "review" (a finished save opened to be reviewed: the results follow it), "results",
    or None when they have been shown already."""

    viewer: int | None
    then: str | None


Step = Idle | BotTurn | Present | HandOff | Over


def secrets(table: GameTable, seat: int | None) -> str:
    """What `seat`'s view holds now that the public view does not, in the game's words ("hand
    and rubles"; "" for nothing, and for nobody's screen). A differing field the game has no
    words for is still a secret, named by its field, so that it is never taken for nothing."""
    if seat is None:
        return ""
    view = table.view(seat)
    fields = differing_fields(view, table.view(None))
    if not fields:
        return ""
    named: Mapping[str, str] = getattr(view, "SECRET_WORDS", {})
    words: list[str] = []
    for field in [f for f in named if f in fields] + sorted(fields - set(named)):
        word = named.get(field) or field.rpartition(".")[2].replace("_", " ")
        if word not in words:
            words.append(word)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class Flow:
    """The hot-seat flow of one table."""

    def __init__(self, table: GameTable | None = None, review_first: bool = False):
        self.table = table
        self.viewer: int | None = None
        self.over_shown = False
        # A finished save opened to be reviewed: the review comes before the results.
        self.review_first = review_first
        # (seat, moves so far, context) of the decision last shown to a player: see present()
        self.decision: tuple[int, int, tuple[Any, ...]] | None = None
        # The person who moved last when the keyboard passed to another without a hand-off: they
        # may still take their move back from the other's screen (see undo_seat).
        self.passed_undo: int | None = None

    def next(self) -> Step:
        """What comes next, once the formalities nobody needs to be asked about are taken (each
        one is logged by the table)."""
        table = self.table
        if table is None:
            return Idle()
        for _ in range(MOST_FORMALITIES):
            if table.is_over():
                break
            actor = table.next_actor(prefer=self.viewer)
            if actor is None or table.is_bot(actor) or not table.play_forced(actor):
                break
        if table.is_over():
            return self._over()
        actor = table.next_actor(prefer=self.viewer)
        if actor is None:
            return Idle()
        if table.is_bot(actor):
            return BotTurn(self.viewer, actor)
        if actor == self.viewer or (self.viewer is None and len(table.humans) == 1):
            return self.present(actor, again=actor == self.viewer)
        last = table.last_human_actor()
        undo_seat = last if (last is not None and last != actor and table.undo_count(last)) else None
        outgoing = self.viewer
        hides, shows = secrets(table, outgoing), secrets(table, actor)
        if not hides and not shows:
            # Nothing on either screen is anybody's secret: the keyboard passes with no key.
            own, recap = self.handed_over(actor)
            self.passed_undo = undo_seat
            return Present(own.seat, fresh=True, again=False, passed=recap, undo_seat=undo_seat)
        # Another person and a secret: everything private is hidden before the keyboard changes hands.
        self.viewer = None
        self.decision = None
        self.passed_undo = None
        return HandOff(actor, undo_seat, shows, hides, outgoing)

    def _over(self) -> Over:
        if self.over_shown:
            return Over(self.viewer, None)
        if self.review_first:
            self.review_first = False
            self.over_shown = True  # the results follow when the review is left
            return Over(self.viewer, "review")
        return Over(self.viewer, "results")

    def present(self, seat: int, again: bool = False) -> Present:
        """`seat`'s screen is to be shown for its pending decision."""
        table = self.table
        assert table is not None
        steps = table.record.steps
        context = table.context()
        previous = self.decision
        goes_on = (
            previous is not None
            and previous[0] == seat
            and previous[2] == context
            and all(step.seat == seat and not step.revealed for step in steps[previous[1] :])
        )
        self.viewer = seat
        table.mark_looked(seat)
        self.decision = (seat, len(steps), context)
        announce = again and previous is not None and previous[0] == seat and previous[2] != context
        return Present(seat, fresh=not goes_on, again=not goes_on and announce)

    def handed_over(self, seat: int) -> tuple[Present, Recap]:
        """`seat` took the keyboard: their screen, and what happened since they last looked."""
        table = self.table
        assert table is not None
        lines = table.recap_for(seat)
        first = table.last_acted(seat) < 0
        self.decision = None
        return self.present(seat), Recap(seat, lines, first)

    def take_back(self, seat: int) -> int:
        """`seat` takes back their last moves (IllegalAction when they may not): how many."""
        table = self.table
        assert table is not None
        count = table.undo(seat)
        self.over_shown = False
        self.decision = None
        self.passed_undo = None
        return count

    def undo_seat(self) -> int | None:
        """Whose moves `u` takes back at the screen up now: the viewer's own; where they have none
        and the keyboard passed to them without a hand-off, the moves of the person before them
        (whose screen, if it holds a secret, comes only after a hand-off: see next)."""
        table = self.table
        if table is None:
            return None
        if table.undo_count(self.viewer):
            return self.viewer
        passed = self.passed_undo
        if passed is not None and table.last_human_actor() == passed and table.undo_count(passed):
            return passed
        return None

    def take_back_at_hand_off(self, seat: int) -> tuple[int, Present | None]:
        """`seat`, offered the take-back on the hand-off, takes it: how many moves, and their
        screen if the decision is theirs again. They are at the keyboard, so no other hand-off
        comes first; only their own secrets are shown."""
        count = self.take_back(seat)
        assert self.table is not None
        if seat in self.table.to_move():
            return count, self.present(seat)
        self.viewer = seat
        return count, None

    def waiting_for_others(self, seat: int | None) -> None:
        """A shared table: others are to move, and this screen shows `seat`'s side while it
        waits (every player has a screen of their own there, so there is no hand-off)."""
        self.viewer = seat
        self.decision = None
