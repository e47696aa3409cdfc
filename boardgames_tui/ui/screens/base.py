"""What every screen of ours shares: it tells the app when the terminal changes size, and it is
dismissed at most once.

Keys arrive in batches (over SSH, when pasting): an Enter that selects an option and a digit that
picks one can both reach a dialog before it has gone. Textual's `dismiss` pops whatever screen is on
top, so a second dismissal would pop the screen beneath — the game — and leave a blank screen that
answers no key. Here a screen that is not on top, or was dismissed already, ignores the call.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from textual import events
from textual.app import App
from textual.screen import ModalScreen, Screen

ResultType = TypeVar("ResultType")


class _InApp(Protocol):
    """What SizeWatcher needs of the screen it is mixed into."""

    @property
    def app(self) -> App[object]: ...


class SizeWatcher:
    def on_resize(self: _InApp, event: events.Resize) -> None:
        check = getattr(self.app, "check_size", None)
        if check is not None:
            self.app.call_later(check)


class DismissOnce:
    _dismissed = False

    @property
    def dismissed(self) -> bool:
        return self._dismissed

    def dismiss(self, result: Any = None) -> Any:
        if self._dismissed or not self.is_active:  # type: ignore[attr-defined]
            return None
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]


class BaseScreen(DismissOnce, SizeWatcher, Screen[ResultType], Generic[ResultType]):
    pass


class BaseModal(DismissOnce, SizeWatcher, ModalScreen[ResultType], Generic[ResultType]):
    pass
