"""Saved games on disk: one JSON file per game, written atomically, never rewritten when damaged.

The directory is `platformdirs.user_data_dir("boardgames-tui")/saves`; the environment variable
BOARDGAMES_TUI_DATA replaces the data directory (tests point it at a temporary folder).

This module does not import textual: the command line and the SSH server can use it too.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .rules import registry
from .rules.core import State
from .rules.record import GameRecord, RecordError

DATA_ENV = "BOARDGAMES_TUI_DATA"
SUFFIX = ".json"
# Files bigger than this are not games of ours (a long game is a few tens of kilobytes).
MAX_BYTES = 8 * 1024 * 1024


def data_dir() -> Path:
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("boardgames-tui"))


def save_dir() -> Path:
    return data_dir() / "saves"


def new_save_path(game_id: str, seed: int, when: float | None = None) -> Path:
    """A fresh file name `<game>-<timestamp>-<seed>.json` that no existing file has."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when if when is not None else time.time()))
    directory = save_dir()
    base = f"{game_id}-{stamp}-{seed}"
    path = directory / f"{base}{SUFFIX}"
    n = 2
    while path.exists():
        path = directory / f"{base}-{n}{SUFFIX}"
        n += 1
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one, whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable; not every platform lets us open a directory
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def save(path: Path, record: GameRecord) -> None:
    write_atomic(path, record.dumps())


def read_record(path: Path) -> GameRecord:
    """Read and parse a save without replaying it; RecordError with one line when that fails."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise RecordError(f"This file is too big to be a save ({size // 1024} KiB).")
        raw = path.read_bytes()
    except RecordError:
        raise
    except OSError as exc:
        raise RecordError(f"Could not read this file ({exc.strerror or exc}).") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("This save is damaged: it is not text.") from None
    return GameRecord.loads(text)


def load(path: Path) -> tuple[GameRecord, State]:
    """The record in `path` and the state it leads to; RecordError with a one-line message.

    The file is only read, never changed.
    """
    try:
        record = read_record(path)
        state = record.load_state()
    except RecordError:
        raise
    except Exception as exc:  # a rules bug met while replaying must not become a traceback
        message = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
        raise RecordError(f"This save could not be replayed ({message}).") from None
    return record, state


@dataclass
class SaveEntry:
    """One file in the save directory, as the launcher lists it."""

    path: Path
    modified: float
    game_id: str = ""
    title: str = ""
    summary: str = ""
    seats: list[str] = field(default_factory=list)
    over: bool = False
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def line(self) -> str:
        """One line for a list: what the game is, or what is wrong with the file."""
        if self.error:
            return f"{self.path.name}: {self.error}"
        who = ", ".join(self.seats)
        return f"{self.title} · {self.summary} · {who}"


def summarize(state: State) -> str:
    """'round 3 · building' from a state's public view; 'finished' when the game is over."""
    if state.is_over():
        return "finished"
    try:
        view = state.view(None)
    except Exception:
        return ""
    parts = []
    if isinstance(view, dict):
        if view.get("round") is not None:
            parts.append(f"round {view['round']}")
        if view.get("phase"):
            parts.append(str(view["phase"]))
    return " · ".join(parts) or "in progress"


def describe(path: Path) -> SaveEntry:
    path = Path(path)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    entry = SaveEntry(path, modified)
    try:
        record, state = load(path)
    except RecordError as exc:
        entry.error = str(exc)
        return entry
    entry.game_id = record.game_id
    entry.title = registry.get(record.game_id).title
    entry.seats = [seat.name for seat in record.seats]
    entry.over = state.is_over()
    entry.summary = summarize(state)
    return entry


def list_saves(directory: Path | None = None) -> list[SaveEntry]:
    """Every `*.json` file in the save directory: the games newest first, then the damaged or
    foreign files (newest first too) with an error line. Nothing is deleted or rewritten."""
    directory = Path(directory) if directory is not None else save_dir()
    try:
        paths = [p for p in directory.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]
    except OSError:
        return []
    entries = [describe(p) for p in paths if p.is_file()]
    # A damaged file written a minute ago must not push the game the player wants down the list.
    entries.sort(key=lambda e: (not e.ok, -e.modified, e.path.name))
    return entries


def age(modified: float, now: float | None = None) -> str:
    """'just now', '5m', '2h', '3d': how long ago a file was written."""
    seconds = max(0, int((now if now is not None else time.time()) - modified))
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{seconds // 60}m ago"
    if seconds < 86400:
        return f"{seconds // 3600}h ago"
    return f"{seconds // 86400}d ago"
