"""A shared table's own part (serve/tables.py serves them): its seats, who may sit and who
sits at each, its game once everybody is seated, and the file it is kept in between runs of the
server: the same game record as a save, with the seats beside it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar

from ..play.table import Table
from ..rules import registry
from ..rules.core import Game, Seat
from ..rules.record import GameRecord, RecordError

# The connections at a table: the service's (serve/tables.py), opaque here.
C = TypeVar("C")

FORMAT = "boardgames-tui/shared-table"
FORMAT_VERSION = 1


@dataclass
class Place:
    """A seat at a shared table, beside the rules' Seat: who may sit there and who does.

    kind: "player" (a person sits there: `user`), "open" (anyone may), "reserved" (only `user`
    may), "bot" (the Seat's bot plays it)."""

    name: str
    kind: str
    user: str | None = None
    bot: str | None = None
    think: float | None = None

    def seat(self) -> Seat:
        return Seat(self.name, self.bot, self.think) if self.kind == "bot" else Seat(self.name)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "user": self.user}
        if self.kind == "bot":
            data.update(bot=self.bot, think=self.think)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Place:
        kind = data.get("kind")
        if kind not in ("player", "open", "reserved", "bot") or not isinstance(data.get("name"), str):
            raise ValueError("a seat of a shared table is damaged")
        return cls(data["name"], kind, data.get("user"), data.get("bot"), data.get("think"))


class SharedTable(Generic[C]):
    """One table: its places, its game once everybody is seated, and who is connected."""

    def __init__(
        self,
        code: str,
        game_id: str,
        places: list[Place],
        options: dict[str, str],
        seed: int,
        opener: str,
        table: Table | None = None,
    ):
        self.code = code
        self.game_id = game_id
        self.places = places
        self.options = options
        self.seed = seed
        self.opener = opener
        self.table = table
        self.seq = 0
        self.clients: dict[C, int | None] = {}
        self.away: dict[int, float] = {}  # seat -> when (monotonic) its dropped player loses it
        self.bot_task: asyncio.Task[None] | None = None
        self.empty_since = time.monotonic()  # when its last app left (while nobody is there)
        # The finished game was put among its players' saves (once, also after a restart).
        self.filed = table is not None and table.is_over()

    @property
    def game(self) -> Game:
        return registry.get(self.game_id)

    def seat_of(self, user: str) -> int | None:
        for i, place in enumerate(self.places):
            if place.kind == "player" and place.user == user:
                return i
        return None

    def connected(self, seat: int) -> bool:
        return seat in self.clients.values()

    @property
    def playing(self) -> bool:
        """Started and not over."""
        return self.table is not None and not self.table.is_over()

    def start(self) -> None:
        """Everybody is seated: the game begins."""
        seats = [place.seat() for place in self.places]
        self.table = Table.new(self.game_id, seats, self.seed, self.options, autosave=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "code": self.code,
            "game": self.game_id,
            "options": self.options,
            "seed": self.seed,
            "opener": self.opener,
            "places": [place.to_json() for place in self.places],
            "record": self.table.record.to_json() if self.table is not None else None,
        }

    @classmethod
    def from_json(cls, data: Any) -> Self:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("This is not a shared table of ours.")
        if data.get("version") != FORMAT_VERSION:
            raise RecordError(f"This shared table has format version {data.get('version')}.")
        try:
            places = [Place.from_json(p) for p in data["places"]]
            code, game_id, seed = str(data["code"]), str(data["game"]), int(data["seed"])
            registry.get(game_id)
            record = data.get("record")
            table = Table.replayed(GameRecord.from_json(record)) if record is not None else None
            return cls(code, game_id, places, dict(data["options"]), seed, str(data["opener"]), table)
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"This shared table is damaged ({exc}).") from None
