"""A game's side of a shared table: the connection to the table service (`Link`).

No Textual here: the app drives a Link from its event loop, and tests drive it directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Mapping
from typing import Any

from . import wire


class LinkError(Exception):
    """The table service cannot be reached or said no; one line for the player."""


def service_address() -> tuple[str, str] | None:
    """The table service's socket and this game's token, when the SSH server started the game."""
    path, token = os.environ.get(wire.SOCKET_ENV), os.environ.get(wire.TOKEN_ENV)
    return (path, token) if path and token else None


class Link:
    """One connection to the table service, on the running event loop."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, user: str):
        self.reader = reader
        self.writer = writer
        self.user = user

    @classmethod
    async def connect(cls, path: str, token: str, timeout: float = 10.0) -> Link:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(path, limit=wire.MAX_UPDATE), timeout
            )
        except (OSError, asyncio.TimeoutError) as exc:
            raise LinkError(f"The table service cannot be reached ({exc}).") from None
        writer.write(wire.encode({"type": "hello", "version": wire.VERSION, "token": token}))
        link = cls(reader, writer, "")
        reply = await asyncio.wait_for(link.receive(), timeout)
        if reply is None or reply.get("type") != "welcome":
            await link.close()
            reason = (reply or {}).get("reason") or "it closed the connection"
            raise LinkError(f"The table service said no: {reason}.")
        link.user = str(reply.get("user"))
        return link

    def send(self, message: Mapping[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write(wire.encode(message))

    async def receive(self) -> dict[str, Any] | None:
        """The next message; None once the service has closed the connection."""
        try:
            line = await self.reader.readuntil(b"\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, OSError):
            return None
        try:
            return wire.decode(line)
        except wire.WireError:
            return None

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
