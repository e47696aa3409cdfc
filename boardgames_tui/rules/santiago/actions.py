"""Santiago's actions: small frozen dataclasses, one per kind of decision.

Coordinates are written the way a player reads the board: fields as column,row (F(c, r) in the
spec), intersections and canal segments as x,y of the intersection they start from ("H 1,2" runs
east from intersection 1,2; "V 2,1" runs south from intersection 2,1).

`intern(cls, *fields)` hands out one shared instance per distinct action; `legal_actions` uses it
so that listing a few hundred bribe offers stays cheap. Instances are immutable, so sharing is safe.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeVar, cast

from ..core import Action, Pass, action_codec
from .data import tile_label

# Pass (in the bidding, the bribes, or when offered the personal canal) is the one class every
# game shares; it stays importable from here.
__all__ = [
    "ACTION_CLASSES",
    "Accept",
    "Bid",
    "Build",
    "NoCanal",
    "Pass",
    "PersonalCanal",
    "PlaceLeftover",
    "PlacePalm",
    "PlaceSpring",
    "Plant",
    "Propose",
    "Support",
    "decode_action",
    "intern",
    "ladder",
    "plant_actions",
]


def _seg(orient: str, x: int, y: int) -> str:
    return f"{orient} {x},{y}"


@dataclass(frozen=True)
class PlaceSpring(Action):
    """Set-up: the start player puts the spring on an intersection I(x, y)."""

    kind: ClassVar[str] = "spring"
    x: int
    y: int

    def describe(self) -> str:
        return f"Place the spring at intersection {self.x},{self.y}"


@dataclass(frozen=True)
class PlacePalm(Action):
    """Set-up, palm variant: the start player puts a palm on field F(col, row)."""

    kind: ClassVar[str] = "palm"
    col: int
    row: int

    def describe(self) -> str:
        return f"Place a palm tree at field {self.col},{self.row}"


@dataclass(frozen=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    amount: int

    def describe(self) -> str:
        return f"Bid {self.amount} escudo{'s' if self.amount != 1 else ''}"


@dataclass(frozen=True)
class Plant(Action):
    """Take the offered tile (crop, workers) and plant it on empty field F(col, row)."""

    kind: ClassVar[str] = "plant"
    crop: str
    workers: int
    col: int
    row: int

    def describe(self) -> str:
        return f"Plant {tile_label(self.crop, self.workers)} at field {self.col},{self.row}"


@dataclass(frozen=True)
class PlaceLeftover(Action):
    """3 players: put the round's last tile, with no markers and no owner, on F(col, row)."""

    kind: ClassVar[str] = "leftover"
    col: int
    row: int

    def describe(self) -> str:
        return f"Place the leftover tile at field {self.col},{self.row}"


@dataclass(frozen=True)
class Propose(Action):
    kind: ClassVar[str] = "propose"
    orient: str
    x: int
    y: int
    amount: int

    def describe(self) -> str:
        return f"Propose canal {_seg(self.orient, self.x, self.y)} with {self.amount}"


@dataclass(frozen=True)
class Support(Action):
    """Add `amount` to proposal number `proposal` (1-based, in the order they were made)."""

    kind: ClassVar[str] = "support"
    proposal: int
    amount: int

    def describe(self) -> str:
        return f"Support proposal {self.proposal} with {self.amount}"


@dataclass(frozen=True)
class Accept(Action):
    kind: ClassVar[str] = "accept"
    proposal: int

    def describe(self) -> str:
        return f"Overseer: accept proposal {self.proposal}"


@dataclass(frozen=True)
class Build(Action):
    """The overseer refuses the bribes and builds on an unproposed segment, paying `cost` (M + 1)."""

    kind: ClassVar[str] = "build"
    orient: str
    x: int
    y: int
    cost: int

    def describe(self) -> str:
        return f"Overseer: build {_seg(self.orient, self.x, self.y)} yourself for {self.cost}"


@dataclass(frozen=True)
class NoCanal(Action):
    kind: ClassVar[str] = "no_canal"

    def describe(self) -> str:
        return "Overseer: build no canal this round"


@dataclass(frozen=True)
class PersonalCanal(Action):
    kind: ClassVar[str] = "personal"
    orient: str
    x: int
    y: int

    def describe(self) -> str:
        return f"Place your personal canal at {_seg(self.orient, self.x, self.y)}"


ACTION_CLASSES: tuple[type[Action], ...] = (
    PlaceSpring,
    PlacePalm,
    Bid,
    Pass,
    Plant,
    PlaceLeftover,
    Propose,
    Support,
    Accept,
    Build,
    NoCanal,
    PersonalCanal,
)

decode_action = action_codec(*ACTION_CLASSES)

A = TypeVar("A", bound=Action)

# The class leads a key: Bid(3) and Accept(3) have the same fields.
_Field = str | int
_INTERNED: dict[tuple[type[Action] | _Field, ...], Action] = {}
_LADDERS: dict[tuple[type[Action] | _Field, ...], list[Action]] = {}
_PLANTS: dict[tuple[str, int], tuple[Action, ...]] = {}


def intern(cls: type[A], *fields: _Field) -> A:
    key = (cls, *fields)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(*fields)
    return cast(A, action)


def ladder(cls: type[A], prefix: tuple[_Field, ...], upto: int) -> list[A]:
    """[cls(*prefix, 1), ..., cls(*prefix, upto)]: the shared instances for amounts 1..upto."""
    key = (cls, *prefix)
    rungs = _LADDERS.get(key)
    if rungs is None:
        rungs = _LADDERS[key] = []
    while len(rungs) < upto:
        rungs.append(intern(cls, *prefix, len(rungs) + 1))
    return cast(list[A], rungs[:upto])


def plant_actions(crop: str, workers: int) -> tuple[Action, ...]:
    """The 48 shared Plant actions for one kind of tile, indexed by field (c + 8 * r)."""
    table = _PLANTS.get((crop, workers))
    if table is None:
        table = _PLANTS[(crop, workers)] = tuple(
            intern(Plant, crop, workers, f % 8, f // 8) for f in range(48)
        )
    return table
