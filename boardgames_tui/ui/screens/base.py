"""What every screen of ours shares: it tells the app when the terminal changes size."""

from __future__ import annotations

from typing import Generic, TypeVar

from textual import events
from textual.screen import ModalScreen, Screen

ResultType = TypeVar("ResultType")


class SizeWatcher:
    def on_resize(self, event: events.Resize) -> None:
        check = getattr(self.app, "check_size", None)
        if check is not None:
            self.app.call_later(check)


class BaseScreen(SizeWatcher, Screen):
    pass


class BaseModal(SizeWatcher, ModalScreen[ResultType], Generic[ResultType]):
    pass
