"""The shared-table protocol: what a player's app and the table service (`serve/tables.py`) say to
each other over a local socket.

One JSON object per line, each with a "type". The app speaks first, a hello with the protocol's
version and the token its SSH connection was given (the token says which user it is: the service
never takes a user name from the app). After that:

  app -> service                          service -> app
  hello {version, token}                  welcome {version, user}
  open {game, seats, options, seed?}      opened {code}, then table updates
  peek {code}                             peek {code, game, seats, spectators}
  join {code, seat (None: watch), name?}  joined {code, seat}, then table updates
  start {}                                (the opener: bots in the open seats, and play)
  view {}                                 table {...} now, for this app's seat
  act {action, seat?}                     refused {about, reason} when it is not taken
  mine {}                                 mine {tables}: the tables the user has a seat at
  leave {}                                left {code}: the app gets no more updates
                                          table {...}: the table as this app may see it, after
                                          every change, numbered by `seq`
                                          bye {reason}: the service closes the connection

Every request is answered by at least one line: what it asked for, a table update, or `refused
{about, reason}` (before the hello: `bye`). A table update carries only what its seat may see:
that seat's view, legal moves and log lines (a watcher's: the public ones).

The service takes a request only in the shape `REQUESTS` gives it (`check`): every field's type,
the length of every text, the range of every number, the items of every list; a field it does not
know is refused too. A message comes from a stranger, so nothing of it is used before that.
Nothing here imports Textual: the service uses it too.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..names import name_problem

VERSION = 1
# The longest line the service reads from an app, newline included: the longest real message (an
# open with five seats and every option) is well under 2 KiB.
MAX_REQUEST = 16 * 1024
# The longest line an app reads from the service: a finished game's update carries its record.
MAX_UPDATE = 64 * 1024 * 1024
# Where a game started by the SSH server finds the table service, and who it is there.
SOCKET_ENV = "BOARDGAMES_TUI_TABLES"
TOKEN_ENV = "BOARDGAMES_TUI_TABLE_TOKEN"
# A table's code: letters and digits nobody misreads (no I, O, 0 or 1).
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
# A code as a player may type it ('kxp t4'): the service reads it with `normal_code`.
CODE_TYPED = 16
# More seats than any game has: the service checks each game's own number.
MOST_SEATS = 8
# The longest name a seat may be given (the launcher and the join screen allow 12).
NAME_LONGEST = 16
SEAT_KINDS = ("me", "open", "bot", "user")


def offered() -> bool:
    """Whether the SSH server started this game with a table service to share tables at."""
    return bool(os.environ.get(SOCKET_ENV) and os.environ.get(TOKEN_ENV))


class WireError(ValueError):
    """A message that is not one of the protocol's; the text is one line."""


def encode(message: Mapping[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The message on `line`: WireError when it is not a JSON object with a string "type"."""
    try:
        message = json.loads(line, parse_constant=_no_constant, parse_float=_finite)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise WireError("not a JSON line") from None
    except RecursionError:
        raise WireError("not a JSON line: nested too deeply") from None
    except ValueError:  # thousands of digits (Python refuses to read them), NaN, 1e999
        raise WireError("not a JSON line: a number out of bounds") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise WireError('not a message: a JSON object with a "type" is')
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError("a number out of bounds")
    return number


def normal_code(text: str) -> str:
    """A code as typed ('kxp t4', 'KXPT4') in the form tables are known by."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


# -- the shapes of the requests ------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """What one field of a request may hold. Made by the functions below, which say it in words."""

    types: tuple[type, ...]
    wanted: str  # the types in words, for a refusal
    required: bool = False
    null: bool = False  # null is as good as leaving the field out
    longest: int = 0  # a text's characters; a list's or an object's items
    least: float = 0  # a number's range, both ends included
    most: float = 0
    choices: tuple[str, ...] = ()
    rule: Callable[[str], str | None] | None = None  # a text's own check: why not, or None
    items: Field | None = None  # each item of a list
    shape: Mapping[str, Field] | None = None  # an object with these fields
    keys: Field | None = None  # an object with keys of its own choosing, each like this
    values: Field | None = None  # ... and each value like this
    free: bool = False  # any JSON at all: the game judges it


def printable(text: str) -> str | None:
    """Any text the service may show or keep: one line, nothing that moves a terminal's cursor."""
    return None if text.isprintable() else "cannot hold control characters"


def given_name(text: str) -> str | None:
    """A name given for a seat: blank is none (the seat keeps the name it has), else a name."""
    if text.isprintable() and not text.strip():
        return None
    return name_problem(text)


def text(
    longest: int,
    required: bool = False,
    null: bool = False,
    choices: tuple[str, ...] = (),
    rule: Callable[[str], str | None] = printable,
) -> Field:
    return Field((str,), "a text", required, null, longest=longest, choices=choices, rule=rule)


def whole(least: int, most: int, required: bool = False, null: bool = False) -> Field:
    # bool is not among the types: true is not the number 1 here, whatever Python says
    return Field((int,), "a whole number", required, null, least=least, most=most)


def number(least: float, most: float, null: bool = False) -> Field:
    return Field((int, float), "a number", null=null, least=least, most=most)


def listing(items: Field, longest: int, required: bool = False) -> Field:
    return Field((list,), "a list", required, longest=longest, items=items)


def entry(shape: Mapping[str, Field]) -> Field:
    return Field((dict,), "an object", shape=shape)


def table_of(keys: Field, values: Field, longest: int, null: bool = False) -> Field:
    return Field((dict,), "an object", null=null, longest=longest, keys=keys, values=values)


def any_json(required: bool = False) -> Field:
    return Field((), "anything", required, free=True)


# One seat of a table being opened: the service says what each kind needs (a bot its level).
SEAT: Mapping[str, Field] = {
    "kind": text(8, required=True, choices=SEAT_KINDS),
    "name": text(NAME_LONGEST, null=True, rule=given_name),
    "level": text(16, null=True),
    "think": number(0.1, 60, null=True),
    "user": text(32, null=True, rule=name_problem),
}
CODE = text(CODE_TYPED, required=True)
# Every request the service takes, with every field it may have ("type" aside).
REQUESTS: Mapping[str, Mapping[str, Field]] = {
    "hello": {"version": whole(0, 2**31, required=True), "token": text(64, required=True)},
    "open": {
        "game": text(32, required=True),
        "seats": listing(entry(SEAT), MOST_SEATS, required=True),
        "options": table_of(text(40), text(40), 32, null=True),
        "seed": whole(0, 2**63 - 1, null=True),
    },
    "peek": {"code": CODE},
    "join": {
        "code": CODE,
        "seat": whole(0, MOST_SEATS - 1, null=True),
        "name": text(NAME_LONGEST, null=True, rule=given_name),
    },
    "start": {},
    "view": {},
    "act": {"action": any_json(required=True), "seat": whole(0, MOST_SEATS - 1)},
    "mine": {},
    "leave": {},
}
KIND = text(16, required=True)


def check(message: Mapping[str, Any]) -> None:
    """Refuse (WireError, naming the field) a decoded message that is not a request in the shape
    REQUESTS gives it. After this, every field is of its type and size; what it means (is there
    such a game, such a table) is the service's to judge."""
    kind = message.get("type")
    shape = REQUESTS.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise WireError(f"no such request: {str(kind)[:40]!r}")
    _check_shape(message, {"type": KIND, **shape}, "")


def _refusal(where: str, problem: str) -> WireError:
    return WireError(f"{where}: {problem}" if where else problem)


def _check_shape(value: Mapping[str, Any], shape: Mapping[str, Field], where: str) -> None:
    for key in value:
        if key not in shape:
            raise _refusal(where, f"no field {str(key)[:20]!r}")
    for key, spec in shape.items():
        inner = f"{where}.{key}" if where else key
        if key in value:
            _check_value(value[key], spec, inner)
        elif spec.required:
            raise _refusal(inner, "missing")


def _check_value(value: Any, spec: Field, where: str) -> None:
    if spec.free or (value is None and spec.null):
        return
    if type(value) not in spec.types:  # exactly: a bool is an int to isinstance
        raise _refusal(where, f"{spec.wanted}{' or null' * spec.null} is wanted")
    if isinstance(value, str):
        _check_text(value, spec, where)
    elif isinstance(value, int | float):
        if not spec.least <= value <= spec.most:
            raise _refusal(where, f"must be from {spec.least} to {spec.most}")
    elif isinstance(value, list):
        if len(value) > spec.longest:
            raise _refusal(where, f"more than {spec.longest} items")
        assert spec.items is not None
        for i, item in enumerate(value):
            _check_value(item, spec.items, f"{where}[{i}]")
    elif isinstance(value, dict):
        _check_object(value, spec, where)


def _check_text(value: str, spec: Field, where: str) -> None:
    if len(value) > spec.longest:
        raise _refusal(where, f"longer than {spec.longest} characters")
    if spec.choices and value not in spec.choices:
        raise _refusal(where, f"not one of {', '.join(spec.choices)}")
    problem = spec.rule(value) if spec.rule is not None else None
    if problem:
        raise _refusal(where, problem)


def _check_object(value: dict[str, Any], spec: Field, where: str) -> None:
    if spec.shape is not None:
        _check_shape(value, spec.shape, where)
        return
    if len(value) > spec.longest:
        raise _refusal(where, f"more than {spec.longest} items")
    assert spec.keys is not None and spec.values is not None
    for key, item in value.items():
        _check_value(key, spec.keys, f"{where} (a key)")
        _check_value(item, spec.values, f"{where}.{key}")
