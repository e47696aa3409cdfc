"""What both servers (`serve ssh`, `serve web`) promise in the same way: how many games run at once
and per player, when an idle game is closed, the one log line per connection, and that nothing
they keep can be read by another user of the machine.

Each server asks `Admission` before it starts a game and tells it when the game ends; the wording
of a refusal is the same on both, so a player meets the same message in a terminal and a browser.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections import Counter
from pathlib import Path
from typing import Any, TextIO

# Folders the servers make are for their own user only, and so is every file in them: the saves,
# the claimed names, the keys and the tables say who plays and when.
PRIVATE_UMASK = 0o077
FOLDER_MODE = 0o700
FILE_MODE = 0o600
IDLE_LINE = "No key for too long: the game was saved and closed."
# The largest terminal a client may ask for: a bigger one would only cost the server memory and
# time (a 4K screen at a small font is about 400 x 120).
MAX_COLUMNS = 500
MAX_ROWS = 200


def parse_duration(text: str) -> float:
    """'30m', '90s', '2h' or plain seconds -> seconds (0: never)."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if not match:
        raise ValueError(f"a duration is a number with s, m or h after it (30m), not '{text}'")
    number, unit = float(match.group(1)), match.group(2)
    return number * {"": 1, "s": 1, "m": 60, "h": 3600}[unit]


def terminal_size(columns: int, rows: int) -> tuple[int, int]:
    """A client's terminal size as the game gets it: 80 x 24 when it gave none, never beyond the
    largest."""
    return max(1, min(columns or 80, MAX_COLUMNS)), max(1, min(rows or 24, MAX_ROWS))


class Admission:
    """The games running at once: at most `most` in all and `per_player` for any one player."""

    def __init__(self, most: int, per_player: int):
        self.most = most
        self.per_player = per_player
        self.running: Counter[str] = Counter()

    @property
    def total(self) -> int:
        return sum(self.running.values())

    def refusal(self, player: str) -> str | None:
        """Why `player` may not start a game now (one line), or None."""
        total = self.total
        if total >= self.most:
            return f"The server is full ({total} game{'s' * (total != 1)} running): try again later."
        mine = self.running[player]
        if mine >= self.per_player:
            return (
                f"You have {mine} game{'s' * (mine != 1)} running on this server already: "
                "close one, then connect again."
            )
        return None

    def admit(self, player: str) -> str | None:
        """Count a game of `player`'s, or say why not."""
        reason = self.refusal(player)
        if reason is None:
            self.running[player] += 1
        return reason

    def release(self, player: str) -> None:
        self.running[player] -= 1
        if self.running[player] <= 0:
            del self.running[player]


def log_line(stream: TextIO, **fields: Any) -> None:
    """One line: the time, then `key=value` for each field (a value's spaces become `_`, so a line
    always splits into its fields)."""
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    words = " ".join(f"{key}={_word(value)}" for key, value in fields.items())
    print(f"{stamp} {words}", file=stream, flush=True)


def _word(value: Any) -> str:
    text = "-" if value is None or value == "" else str(value)
    return "".join(ch if ch.isprintable() and not ch.isspace() else "_" for ch in text)


def make_private(root: Path) -> None:
    """From now on, whatever this process and its games create is theirs alone (umask 077); and
    what an earlier version left under `root` readable by others is made private too. Symbolic
    links are left as they are (a mode change would reach what they point at)."""
    os.umask(PRIVATE_UMASK)
    root.mkdir(parents=True, exist_ok=True)
    _chmod(root, FOLDER_MODE)
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            _chmod(Path(folder) / name, FOLDER_MODE)
        for name in files:
            _chmod(Path(folder) / name, FILE_MODE)


def private_folder(folder: Path) -> None:
    """Make `folder` and any of its parents that are missing, each only for us (0700)."""
    missing = []
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        try:
            made.mkdir(mode=FOLDER_MODE)
        except FileExistsError:
            continue  # made meanwhile, by someone else: not ours to change
        os.chmod(made, FOLDER_MODE)  # the umask may have taken more away than we asked


def _chmod(path: Path, mode: int) -> None:
    try:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode) or stat.S_ISSOCK(info.st_mode):
            return
        if stat.S_IMODE(info.st_mode) & ~mode:
            os.chmod(path, stat.S_IMODE(info.st_mode) & mode)
    except OSError:
        pass  # not ours, or gone meanwhile: nothing we can tighten
