"""A game's side of a shared table: the connection to the table service (`Link`), and the table as
the service last described it to this app (`RemoteTable`).

No Textual here: the app drives a Link from its event loop, and tests drive it directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules import registry
from ..rules.core import Action, IllegalAction, Seat
from . import wire
from .table import Seated


class LinkError(Exception):
    """The table service cannot be reached or said no; one line for the player."""


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
        except (TimeoutError, OSError) as exc:
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


@dataclass(frozen=True)
class SeenStep:
    """A move as every player knows of it: who made it, and whether it showed something."""

    seat: int
    revealed: bool


@dataclass
class SeenRecord:
    """The part of a game's record an app at a shared table has: the moves as SeenSteps."""

    steps: list[SeenStep] = field(default_factory=list)


class RemoteTable(Seated):
    """A shared table as the app at one seat sees it: what the service's last update said.

    It answers what the game screens ask a `Table` (views, moves, names, the log), for its own
    seat only: other seats' views never reach this process. A move goes to the service, and the
    seat has nothing to do until the service's next update says what came of it. The bots move at
    the service, undo is off (everybody has seen the move), and nothing is saved here: the
    service keeps the table."""

    save_error: str | None = None
    on_save_result = None

    def __init__(self, link: Link | None, update: Mapping[str, Any]):
        self.link = link
        self.game = registry.get(str(update["game"]))
        self.code = str(update["code"])
        self.record = SeenRecord()
        self.sent = False
        self.sent_at = 0  # the number of moves when this seat last sent one
        self.apply(update)

    def apply(self, update: Mapping[str, Any]) -> None:
        """The service's newest update for this app."""
        self.update = update
        self.received = time.monotonic()  # a dropped player's time left counts down from here
        self.you: int | None = update.get("you")
        self.places: list[dict[str, Any]] = list(update.get("seats") or [])
        self.options: dict[str, str] = dict(update.get("options") or {})
        self.record = SeenRecord([SeenStep(int(s), bool(r)) for s, r in update.get("steps") or []])
        self._seats = tuple(
            Seat(p["name"], p.get("bot") if p.get("kind") == "bot" else None, p.get("think"))
            for p in self.places
        )
        self._legal: list[Action] = [self.game.decode_action(a) for a in update.get("legal") or []]
        seen = update.get("view")
        self._view = self.game.decode_view(seen) if seen else None
        # A move sent is still on its way while the table has no more moves than when it was
        # sent (an update made before it arrived): the seat waits on, and sends no second one.
        self.sent = self.sent and len(self.record.steps) <= self.sent_at

    def refused(self) -> None:
        """The service did not take the move sent: the seat has its decision back."""
        self.sent = False

    # -- what a Table answers ----------------------------------------------------------------------
    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seats

    @property
    def started(self) -> bool:
        return bool(self.update.get("started"))

    def is_over(self) -> bool:
        return bool(self.update.get("over"))

    @property
    def steps(self) -> int:
        return len(self.record.steps)

    def to_move(self) -> tuple[int, ...]:
        pending = tuple(self.update.get("to_move") or ())
        if self.sent:
            pending = tuple(seat for seat in pending if seat != self.you)
        return pending

    def view(self, seat: int | None) -> Any:
        """This app's own view, as the table last sent it; None for any other seat (the public
        view asked for by a seat is not this app's to show) or before the game has started."""
        return self._view if seat == self.you else None

    def legal(self, seat: int) -> list[Action]:
        return list(self._legal) if seat == self.you and not self.sent and not self.is_over() else []

    def act(self, seat: int, action: Action, note: str = "", auto: bool = False) -> list[Any]:
        if seat != self.you:
            raise IllegalAction("You can only move for your own seat.")
        if self.sent:
            raise IllegalAction("Your last move is still on its way to the table: a moment.")
        legal = self.legal(seat)
        if action not in legal and not any(type(a) is type(action) for a in legal):
            # A move of a kind the list holds may still be one it leaves out (a San Marco Doge
            # route that goes back over a bridge): the service judges it.
            raise IllegalAction("That move is not open to you now.")
        if self.link is None:
            raise IllegalAction("The table service is gone.")
        self.link.send({"type": "act", "action": action.to_json()})
        self.sent, self.sent_at = True, len(self.record.steps)
        return []

    def forced_move(self, seat: int) -> Action | None:
        return None  # the service takes formalities

    def play_forced(self, seat: int) -> bool:
        return False

    def undo_count(self, seat: int | None) -> int:
        return 0

    def undo(self, seat: int) -> int:
        raise IllegalAction("There is no undo at a shared table: everybody has seen the move.")

    def last_actor(self) -> int | None:
        return self.record.steps[-1].seat if self.record.steps else None

    def last_human_actor(self) -> int | None:
        return next((s.seat for s in reversed(self.record.steps) if not self.is_bot(s.seat)), None)

    def last_acted(self, seat: int) -> int:
        steps = self.record.steps
        return next((i for i in range(len(steps) - 1, -1, -1) if steps[i].seat == seat), -1)

    def log_for(self, seat: int | None) -> list[str]:
        return list(self.update.get("log") or []) if seat == self.you else []

    def mark_looked(self, seat: int) -> None:
        pass

    def recap_for(self, seat: int) -> list[str]:
        return []  # everybody watches the game as it happens

    def context(self) -> tuple[Any, ...]:
        return tuple(self.update.get("context") or ())

    def flush(self, timeout: float | None = None) -> bool:
        return True

    # -- the table's people ------------------------------------------------------------------------
    def presence(self, seat: int) -> str:
        """'' for a seat whose player is there (or a bot); else why the game may wait for it."""
        place = self.places[seat] if seat < len(self.places) else {}
        kind = place.get("kind")
        if kind == "bot" or place.get("here"):
            return ""
        if kind == "open":
            return "seat open: anyone with the code may join"
        if kind == "reserved":
            return f"kept for {place.get('user')}"
        away = place.get("away")
        if away is not None:
            left = max(0, round(away - (time.monotonic() - self.received)))
            return f"left; the seat is kept for {left // 60}:{left % 60:02d}"
        return "not here"

    def someone_away(self) -> bool:
        return any(place.get("away") is not None for place in self.places)

    def waiting_line(self) -> str:
        """Who the table waits for, when it is not this app's seat."""
        pending = [seat for seat in self.to_move() if seat != self.you]
        if not pending:
            return ""
        names = [
            self.name(seat) + (f" ({self.presence(seat)})" if self.presence(seat) else "") for seat in pending
        ]
        return "Waiting for " + ", ".join(names) + "."
