"""The app's side of shared tables: its connection to the table service, when the SSH server
started it with one (see `serve/tables.py` and the protocol in `wire.py`).

The connection is made when the player first opens or joins a table. A task reads what the
service says and hands it to the app as messages: table updates, refusals of a move, and the end
of the connection. A request that waits for its answer (a peek at a table, the player's tables,
a join) gets it from the same task.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Mapping
from typing import Any

from textual.app import App
from textual.message import Message

from ..play.remote import Link, LinkError

ANSWER_SECONDS = 10.0


class SharedUpdate(Message):
    """The service's newest update of the table this app is at."""

    def __init__(self, update: dict[str, Any]):
        super().__init__()
        self.update = update


class SharedRefused(Message):
    """The service did not take a move: why, in one line."""

    def __init__(self, reason: str):
        super().__init__()
        self.reason = reason


class SharedGone(Message):
    """The connection to the table service has ended: why, in one line."""

    def __init__(self, reason: str):
        super().__init__()
        self.reason = reason


class Sharing:
    def __init__(self, app: App[None], path: str, token: str):
        self.app = app
        self.path = path
        self.token = token
        self.link: Link | None = None
        self.reader: asyncio.Task[None] | None = None
        # Requests waiting for their answers, in the order sent: the service answers in that
        # order. One given up (timed out, or its screen's worker cancelled) keeps its place,
        # so that its answer, when it comes, is not taken for the next one's.
        self.waiting: deque[tuple[set[str], asyncio.Future[dict[str, Any]]]] = deque()

    @property
    def user(self) -> str:
        return self.link.user if self.link is not None else ""

    async def connect(self) -> Link:
        if self.link is None:
            self.link = await Link.connect(self.path, self.token)
            self.reader = asyncio.ensure_future(self._read(self.link))
        return self.link

    async def request(self, message: Mapping[str, Any], answers: set[str]) -> dict[str, Any]:
        """Send `message` and wait for the service's answer, one of `answers` or a refusal
        (LinkError with its reason, as for a connection that fails)."""
        link = await self.connect()
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting.append((answers | {"refused"}, future))
        link.send(message)
        try:
            answer = await asyncio.wait_for(future, ANSWER_SECONDS)
        except TimeoutError:
            raise LinkError("The table service did not answer.") from None
        if answer["type"] == "refused":
            raise LinkError(str(answer.get("reason") or "refused"))
        return answer

    def send(self, message: Mapping[str, Any]) -> None:
        if self.link is not None:
            self.link.send(message)

    async def _read(self, link: Link) -> None:
        reason = "The table service has closed the connection."
        while True:
            message = await link.receive()
            if message is None:
                break
            kind = message["type"]
            if kind == "bye":
                reason = str(message.get("reason") or reason)
                break
            if self.waiting and kind in self.waiting[0][0]:
                _, future = self.waiting.popleft()
                if not future.done():
                    future.set_result(message)
            elif kind == "table":
                self.app.post_message(SharedUpdate(message))
            elif kind == "refused":
                self.app.post_message(SharedRefused(str(message.get("reason") or "")))
        if self.link is link:
            self.link = None
            while self.waiting:
                _, future = self.waiting.popleft()
                if not future.done():
                    future.set_exception(LinkError(reason))
            self.app.post_message(SharedGone(reason))

    async def leave(self) -> None:
        """Leave the table (its seat is kept a while) and close the connection."""
        link, self.link = self.link, None
        if self.reader is not None:
            self.reader.cancel()
            self.reader = None
        if link is not None:
            link.send({"type": "leave"})
            with contextlib.suppress(Exception):
                await link.close()
