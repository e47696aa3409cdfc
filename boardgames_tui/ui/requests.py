"""What a screen asks of the app. A screen hands one of these requests to the app
(`host(self).ask(...)`) and the app carries it out: a screen says what it wants, never how the
app does it, and the app is the one place that knows.

The app carries a request out at once, before the next key is handled, rather than as a posted
message: the keys after it in the same batch (over SSH, when pasting) must meet the screen it
made. A `q` and a `y` typed together quit, a `?` and an Esc typed together open and close the
help; a posted message would be handled after them, and they would go to the screen before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from textual.widget import Widget

from ..rules.core import Action, Game, Seat

if TYPE_CHECKING:
    from .sharing import Sharing

# Seconds after a game or the launcher opens before its help is rendered in the background.
HELP_WARMUP_DELAY = 1.5


class Host(Protocol):
    """What a screen may call on the app."""

    @property
    def viewer(self) -> int | None: ...
    @property
    def sharing(self) -> Sharing: ...
    def ask(self, request: Request) -> None: ...
    def human_play(self, action: Action) -> str | None:
        """Play `action` for the seat at the keyboard: the refusal's reason, or None if done."""

    def human_undo(self) -> None: ...
    def undo_seat(self) -> int | None:
        """Whose moves the undo key takes back now (None: nobody's)."""


class Request:
    """Something a screen asks of the app."""


def host(widget: Widget) -> Host:
    """The app `widget` belongs to, as the screens may call it."""
    return cast(Host, widget.app)


@dataclass(frozen=True)
class OpenGame(Request):
    game_id: str
    seats: Sequence[Seat | str]
    seed: int
    options: Mapping[str, str]


@dataclass(frozen=True)
class OpenSave(Request):
    path: Path
    review: bool = False  # a finished game: open its review


@dataclass(frozen=True)
class OpenLesson(Request):
    game_id: str


@dataclass(frozen=True)
class OpenShared(Request):
    request: dict[str, Any]  # the service's `open` request


@dataclass(frozen=True)
class JoinShared(Request):
    pass


@dataclass(frozen=True)
class LeaveShared(Request):
    pass


@dataclass(frozen=True)
class ShowHelp(Request):
    game: Game | None = None  # None: the game being played


@dataclass(frozen=True)
class PrepareHelp(Request):
    """Render the help of `game` in the background, so that ? shows it at once."""

    game: Game | None = None


@dataclass(frozen=True)
class ShowResults(Request):
    pass


@dataclass(frozen=True)
class ShowCaption(Request):
    """A walkthrough's caption again (Esc on its board)."""


@dataclass(frozen=True)
class ShowMessage(Request):
    title: str
    text: str


@dataclass(frozen=True)
class AskQuit(Request):
    pass


@dataclass(frozen=True)
class ReviewMoved(Request):
    """The review went to another move: the board follows."""


@dataclass(frozen=True)
class GoOn(Request):
    """The game screen is on top again: the flow goes on from where it stood."""
