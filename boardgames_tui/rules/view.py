"""Views: what a seat may see of a game, as typed, frozen values.

Every game's view is a frozen dataclass deriving from `View`, in `rules/<game>/view.py`. The part
every view has (the game, the viewer, whose turn it is, the round, phase and step, a name for every
player) is read by the frame, the launcher, saves and the wire without knowing the game; the rest
is the game's own, read by its board, its bots and its figures as attributes.

A view crosses the wire as JSON: `encode` turns any view into plain data, and `decode` rebuilds it
from the view class's own field types, refusing data of any other shape. Fields hold ints, strs,
bools, floats, None, tuples, frozensets, mappings and other such dataclasses; a mapping's keys are
strs or ints (JSON's object keys are strs, so ints are rebuilt from them).
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerView:
    """What every view says of every seat; a game's player entry derives from it."""

    name: str


P = TypeVar("P", bound=PlayerView)


@dataclass(frozen=True, kw_only=True, slots=True)
class View(Generic[P]):
    """The part every game's view has. `phase` and `step` are "" where a game has none, `round`
    None; `to_move` is empty once the game is over."""

    game: str
    viewer: int | None
    to_move: tuple[int, ...]
    round: int | None
    phase: str
    step: str
    players: tuple[P, ...]
    # What a seat's view may hold that the public view does not, in the game's words: each field
    # (a path of `differing_fields`) -> its words for the hand-off ("Bob's hand and rubles"), in
    # the order they are said. Where a seat's view differs from the public one, there is a secret
    # on its screen; this only names it.
    SECRET_WORDS: ClassVar[Mapping[str, str]] = {}

    def stage(self) -> tuple[str, ...]:
        """Where the game stands, in words ("round 3", "building"), for a save's line and the
        header; a game with more to say (San Marco's periods) adds to it."""
        words = []
        if self.round is not None:
            words.append(f"round {self.round}")
        if self.phase:
            words.append(self.phase)
        return tuple(words)


V = TypeVar("V", bound=View[Any])


# -- to and from plain data -----------------------------------------------------------------------
def encode(value: Any) -> Any:
    """`value` (a view, or anything inside one) as JSON-ready data: dataclasses become dicts of
    their fields, tuples and frozensets lists (a frozenset's items sorted), mappings dicts with
    str keys."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [encode(item) for item in value]
    if isinstance(value, (frozenset, set)):
        return [encode(item) for item in sorted(value, key=repr)]
    if isinstance(value, Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    return value


def decode(cls: type[V], data: Any) -> V:
    """The view of class `cls` that `encode` turned into `data`; ValueError when `data` is not
    of that shape (a field missing or unknown, a value of the wrong type)."""
    return typing.cast(V, _decode_as(cls, data, "view"))


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    bound = _type_arguments(cls)
    return tuple((f.name, _substitute(hints[f.name], bound)) for f in dataclasses.fields(cls))


def _type_arguments(cls: type) -> dict[Any, Any]:
    """What each type variable of `cls`'s generic bases stands for (`View[RialtoPlayer]`: the
    players are RialtoPlayers)."""
    bound: dict[Any, Any] = {}
    for klass in reversed(cls.__mro__):
        for base in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            params = getattr(origin, "__parameters__", ())
            for param, arg in zip(params, typing.get_args(base)):
                bound[param] = _substitute(arg, bound)
    return bound


def _substitute(kind: Any, bound: dict[Any, Any]) -> Any:
    if isinstance(kind, TypeVar):
        return bound.get(kind, kind)
    args = typing.get_args(kind)
    if not args or not any(isinstance(a, TypeVar) or typing.get_args(a) for a in args):
        return kind
    origin = typing.get_origin(kind)
    new = tuple(a if a is Ellipsis else _substitute(a, bound) for a in args)
    if origin in (typing.Union, types.UnionType):
        return functools.reduce(operator.or_, new)
    return typing.cast(Any, origin)[new]


def _decode_as(kind: Any, data: Any, where: str) -> Any:
    if kind is Any:
        return data
    if isinstance(kind, TypeVar):
        return _decode_as(kind.__bound__ or Any, data, where)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _decode_dataclass(kind, data, where)
    origin = typing.get_origin(kind)
    if origin is None:
        return _decode_scalar(kind, data, where)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _decode_as(option, data, where)
            except ValueError:
                continue
        raise ValueError(f"{where}: {data!r:.40} is none of {kind}")
    if origin is typing.Literal:
        if data in args:
            return data
        raise ValueError(f"{where}: {data!r:.40} is not one of {args}")
    if isinstance(origin, type) and dataclasses.is_dataclass(origin):  # a generic view class
        return _decode_dataclass(origin, data, where)
    if origin in (tuple, frozenset, list):
        if not isinstance(data, list):
            raise ValueError(f"{where}: a list, not {type(data).__name__}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise ValueError(f"{where}: {len(args)} items, not {len(data)}")
            return tuple(_decode_as(a, d, f"{where}[{i}]") for i, (a, d) in enumerate(zip(args, data)))
        items = [_decode_as(args[0], d, f"{where}[{i}]") for i, d in enumerate(data)]
        return tuple(items) if origin is tuple else frozenset(items) if origin is frozenset else items
    if origin in (dict, Mapping, typing.Mapping):
        if not isinstance(data, dict):
            raise ValueError(f"{where}: a dict, not {type(data).__name__}")
        key_kind, value_kind = args
        return {
            _decode_key(key_kind, key, where): _decode_as(value_kind, item, f"{where}[{key!r:.20}]")
            for key, item in data.items()
        }
    raise ValueError(f"{where}: cannot decode a {kind}")


def _decode_dataclass(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: a dict, not {type(data).__name__}")
    fields = _fields(cls)
    unknown = set(data) - {name for name, _ in fields}
    if unknown:
        raise ValueError(f"{where}: unknown fields {sorted(unknown)[:3]}")
    values = {}
    for name, kind in fields:
        if name not in data:
            raise ValueError(f"{where}: {name} is missing")
        values[name] = _decode_as(kind, data[name], f"{where}.{name}")
    return cls(**values)


def _decode_scalar(kind: Any, data: Any, where: str) -> Any:
    if kind is type(None):
        ok = data is None
    elif kind is int:
        ok = type(data) is int
    elif kind is float:
        ok = type(data) in (int, float)
        data = float(data) if ok else data
    elif kind in (str, bool):
        ok = type(data) is kind
    else:
        raise ValueError(f"{where}: cannot decode a {kind}")
    if not ok:
        raise ValueError(f"{where}: a {kind.__name__}, not {type(data).__name__}")
    return data


def _decode_key(kind: Any, key: str, where: str) -> Any:
    if kind is str or typing.get_origin(kind) is typing.Literal:
        return _decode_as(kind, key, where)
    if kind is int:
        try:
            return int(key)
        except ValueError:
            raise ValueError(f"{where}: key {key!r:.20} is not a number") from None
    raise ValueError(f"{where}: cannot decode keys of {kind}")


# -- parts of views ---------------------------------------------------------------------------------
def is_part_of(part: Any, whole: Any) -> bool:
    """Whether `part` is `whole` with things left out, and nothing added or changed. None in the
    part stands for something left out; a dataclass may be of a smaller class, each of its fields
    one of the whole's (by name) and a part of it; a mapping may lack keys; a tuple or list has the
    whole's length, item by item a part of it; anything else is equal. `State.bot_view` is held
    to this against `view` by the contract suite."""
    if part is None:
        return True
    if dataclasses.is_dataclass(part) and not isinstance(part, type):
        return dataclasses.is_dataclass(whole) and all(
            hasattr(whole, f.name) and is_part_of(getattr(part, f.name), getattr(whole, f.name))
            for f in dataclasses.fields(part)
        )
    if isinstance(part, Mapping):
        return isinstance(whole, Mapping) and all(
            k in whole and is_part_of(v, whole[k]) for k, v in part.items()
        )
    if isinstance(part, (list, tuple)):
        return (
            isinstance(whole, (list, tuple))
            and len(part) == len(whole)
            and all(is_part_of(p, w) for p, w in zip(part, whole))
        )
    return type(part) is type(whole) and part == whole


# -- secrets ----------------------------------------------------------------------------------------
def differing_fields(view: Any, other: Any) -> frozenset[str]:
    """The fields in which `view` and `other` (views of one position for two seats, or a seat's and
    the public one) differ, as dotted paths through nested dataclasses, with the items of a tuple
    or mapping under their container's path ("players.hand", "offers.cards"). `viewer` says only
    who looks, and is left out. A field a seat's view holds and the public one does not is that
    seat's secret on its screen."""
    found: set[str] = set()
    _differ(view, other, "", found)
    found.discard("viewer")
    return frozenset(found)


def _differ(a: Any, b: Any, path: str, found: set[str]) -> None:
    if a is b:
        return
    if dataclasses.is_dataclass(a) and not isinstance(a, type) and type(a) is type(b):
        for f in dataclasses.fields(a):
            _differ(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}" if path else f.name, found)
        return
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and len(a) == len(b):
        for x, y in zip(a, b):
            _differ(x, y, path, found)
        return
    if isinstance(a, Mapping) and isinstance(b, Mapping) and a.keys() == b.keys():
        for key in a:
            _differ(a[key], b[key], path, found)
        return
    if a != b:
        found.add(path)
