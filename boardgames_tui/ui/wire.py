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
  leave {}                                (the app stops getting updates)
                                          table {...}: the table as this app may see it, after
                                          every change, numbered by `seq`
                                          bye {reason}: the service closes the connection

A table update carries only what its seat may see: that seat's view, legal moves and log lines
(a watcher's: the public ones). Nothing here imports Textual: the service uses it too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

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


class WireError(ValueError):
    """A message that is not one of the protocol's; the text is one line."""


def encode(message: Mapping[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The message on `line`: WireError when it is not a JSON object with a string "type"."""
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise WireError("not a JSON line") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise WireError('not a message: a JSON object with a "type" is')
    return message


def normal_code(text: str) -> str:
    """A code as typed ('kxp t4', 'KXPT4') in the form tables are known by."""
    return "".join(ch for ch in text.upper() if ch.isalnum())
