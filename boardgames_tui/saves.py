"""Saved games on disk: one JSON file per game, written atomically, never rewritten when damaged.

Where they go is the caller's choice: every function that touches the folder takes it as an
argument, because the SSH server gives each user a data directory of their own. Without one, the
default data directory is resolved at the moment of the call: the environment variable
BOARDGAMES_TUI_DATA (tests point it at a temporary folder), else
`platformdirs.user_data_dir("boardgames-tui")`. Saves live in `<data dir>/saves`.

Autosaves are written by one background thread (`save_later`), so a move never waits for the disk.
A read of a file in this process (`read_record`, `load`, `listing`) first waits for the writes
pending for it, so it always sees the newest text handed over.

This module does not import textual: the command line and the SSH server can use it too.
"""

from __future__ import annotations

import errno
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from .names import name_problem
from .rules import registry
from .rules.core import State
from .rules.record import GameRecord, RecordError, parse_json

DATA_ENV = "BOARDGAMES_TUI_DATA"
# Set by a server for the games it runs: "ssh" (the player's files stay on the server, out of
# the player's reach, so nothing is offered that would only write one there).
SERVED_ENV = "BOARDGAMES_TUI_SERVED"
SAVES_FOLDER = "saves"
SUFFIX = ".json"
# Files bigger than this are not games of ours (a long game is a few tens of kilobytes).
MAX_BYTES = 8 * 1024 * 1024


def data_dir() -> Path:
    """The default data directory, as the environment says now."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("boardgames-tui"))


def save_dir(data: Path | str | None = None) -> Path:
    """The saves folder of the data directory `data` (default: `data_dir()`)."""
    return (Path(data) if data is not None else data_dir()) / SAVES_FOLDER


def new_save_path(
    game_id: str, seed: int, when: float | None = None, directory: Path | str | None = None
) -> Path:
    """A fresh file name `<game>-<timestamp>-<seed>.json` in the saves folder `directory`
    (default: `save_dir()`) that no existing file has."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when if when is not None else time.time()))
    directory = Path(directory) if directory is not None else save_dir()
    base = f"{game_id}-{stamp}-{seed}"
    path = directory / f"{base}{SUFFIX}"
    n = 2
    while path.exists():
        path = directory / f"{base}-{n}{SUFFIX}"
        n += 1
    return path


def write_atomic(path: Path, text: str, overwrite: bool = True) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one, whole.
    With `overwrite` False, FileExistsError when `path` exists, and the file there is untouched."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if overwrite:
            os.replace(tmp, path)
        else:
            _place_new(tmp, path)
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


def _place_new(tmp: str, path: Path) -> None:
    """Move the finished `tmp` to `path` unless a file is there already."""
    try:
        # A hard link fails when the name is taken, with no moment where a check could be stale.
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: check, then rename
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(tmp, path)
    else:
        os.unlink(tmp)


# What went wrong, in the words a player reads: the system's own text ("File exists") says
# neither what was in the way nor what to do about it.
_WHY = {
    errno.EEXIST: "a file is in the way of the folder",
    errno.ENOTDIR: "a file is in the way of the folder",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EACCES: "no permission to write there",
    errno.EPERM: "no permission to write there",
    errno.EROFS: "the disk is read-only",
    errno.EISDIR: "a folder has that name",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EIO: "the disk reported an error",
}


def why_not(error: BaseException) -> str:
    """Why a save could not be written, in a few plain words."""
    if isinstance(error, OSError):
        words = _WHY.get(error.errno or 0)
        if words:
            return words
        if error.strerror:
            return error.strerror[:1].lower() + error.strerror[1:]
    return type(error).__name__


def place_copy(target: Path | str, game_id: str, seed: int) -> Path:
    """Where a copy typed as `target` goes: into it, under a fresh name, when it is a folder (or
    ends with a slash); else the file itself, `.json` added when it has no suffix."""
    text = str(target).strip()
    if not text:
        raise ValueError("Type where to save the game.")
    path = Path(text).expanduser()
    if path.is_dir() or text.endswith(("/", os.sep)):
        return new_save_path(game_id, seed, directory=path)
    return path if path.suffix else path.with_name(path.name + SUFFIX)


def save(path: Path, record: GameRecord) -> None:
    """Write `record` now, in this thread."""
    flush(path)  # an older autosave still queued must not land on top of this one
    write_atomic(path, record.dumps())


# -- writing in the background -----------------------------------------------------------------

Done = Callable[[Exception | None], None]


class _Writer:
    """One thread that writes the texts handed to it, each file's newest text last.

    A text handed over for a file that already has one waiting replaces it: only the newest
    snapshot of a game matters, and a slow disk then costs writes, never memory or order. The
    thread lives only while there is work, and is not a daemon: a program that ends right after
    a move still waits for that move to reach the disk.
    """

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: dict[Path, tuple[str, Done | None]] = {}
        self._writing: Path | None = None
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, text: str, done: Done | None) -> None:
        with self._lock:
            self._pending[path] = (text, done)
            if self._thread is not None:
                return
            thread = threading.Thread(target=self._run, name="boardgames-tui-saves")
            try:
                thread.start()
            except RuntimeError:  # no new threads while the interpreter shuts down: write here
                pass
            else:
                self._thread = thread
                return
        self._run_here()

    def _run_here(self) -> None:
        with self._lock:
            if self._thread is not None:
                return
            self._thread = threading.current_thread()
        self._run()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._pending:
                    self._thread = None
                    self._lock.notify_all()
                    return
                path = next(iter(self._pending))
                text, done = self._pending.pop(path)
                self._writing = path
            try:
                error: Exception | None = None
                try:
                    write_atomic(path, text)
                except Exception as exc:  # the thread must outlive any one failed write
                    error = exc
                if done is not None:
                    try:
                        done(error)
                    except Exception:
                        pass
            finally:
                # Cleared only after `done` ran: a flush that returns has the result reported.
                with self._lock:
                    self._writing = None
                    self._lock.notify_all()

    def busy(self, wanted: Callable[[Path], bool]) -> bool:
        return (self._writing is not None and wanted(self._writing)) or any(map(wanted, self._pending))

    def wait(self, wanted: Callable[[Path], bool], timeout: float | None) -> bool:
        if self._thread is threading.current_thread():
            return not self.busy(wanted)  # a `done` callback that flushes must not wait on itself
        with self._lock:
            return self._lock.wait_for(lambda: not self.busy(wanted), timeout)


_writer = _Writer()


def _key(path: Path | str) -> Path:
    # One spelling per file, so a write queued as `saves/a.json` is waited for as `./saves/a.json`.
    return Path(os.path.abspath(path))


def save_later(path: Path, text: str, done: Done | None = None) -> None:
    """Write `text` to `path` atomically in the background; `done(error or None)` is called from
    the writer thread once it is on disk or has failed. `text` must be a finished snapshot (the
    serialized record), not something the caller goes on changing."""
    _writer.submit(_key(path), text, done)


def flush(path: Path | str | None = None, timeout: float | None = None) -> bool:
    """Wait until the background writes of `path` (every file when None) are done, and their
    `done` called; False if `timeout` seconds passed first."""
    if path is None:
        return _writer.wait(lambda _: True, timeout)
    target = _key(path)
    return _writer.wait(lambda p: p == target, timeout)


def flush_folder(directory: Path | str, timeout: float | None = None) -> bool:
    """Wait for the background writes of the files in `directory`."""
    folder = _key(directory)
    return _writer.wait(lambda p: p.parent == folder, timeout)


# -- reading -----------------------------------------------------------------------------------


def _read_text(path: Path) -> str:
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
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("This save is damaged: it is not text.") from None


def read_record(path: Path) -> GameRecord:
    """Read and parse a save without replaying it; RecordError with one line when that fails."""
    path = Path(path)
    flush(path)
    record = GameRecord.loads(_read_text(path))
    check_names(seat.name for seat in record.seats)
    return record


def check_names(names: Iterable[str]) -> None:
    """RecordError when a player's name in a save is not one a player could have typed: a
    control character in it would reach the terminal as it is, whoever wrote the file."""
    for name in names:
        problem = name_problem(name)
        if problem:
            raise RecordError(f"This save is damaged: {problem}.")


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


# -- listing -----------------------------------------------------------------------------------


@dataclass
class SaveEntry:
    """One file in the save directory, as the launcher lists it.

    An entry is known in three depths, each dearer than the one before: `listing` gives the file's
    name and time (and the game its name starts with); `peek` what the file says about itself
    (game, seats, number of moves), or that it is surely not a good save; `check` replays it, for
    `summary` and `over`, and may still find it damaged. `peeked` and `checked` say how far the
    entry has been.
    """

    path: Path
    modified: float
    game_id: str = ""
    title: str = ""
    summary: str = ""
    seats: list[str] = field(default_factory=list)
    over: bool = False
    error: str | None = None
    moves: int = 0
    peeked: bool = False
    checked: bool = False
    # (size, mtime in ns): the file as it was listed, so that a later change is noticed
    stamp: tuple[int, int] = (0, 0)

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
    return " · ".join(view.stage()) or "in progress"


def _stat(path: Path) -> tuple[float, tuple[int, int]]:
    try:
        info = path.stat()
    except OSError:
        return 0.0, (0, 0)
    return info.st_mtime, (info.st_size, info.st_mtime_ns)


# (path, size, mtime_ns) -> a checked entry. A game replayed once in this process is not read
# again to list it: leaving a game for the launcher replays only the files that changed.
_checked: dict[tuple[Path, int, int], SaveEntry] = {}
_checked_lock = threading.Lock()
CHECKED_MAX = 4096


def _known(entry: SaveEntry) -> SaveEntry | None:
    with _checked_lock:
        known = _checked.get((entry.path, *entry.stamp))
    return replace(known) if known is not None else None


def _entry(entry: SaveEntry | Path) -> SaveEntry:
    if isinstance(entry, SaveEntry):
        return entry
    path = Path(entry)
    modified, stamp = _stat(path)
    return SaveEntry(path, modified, stamp=stamp)


def listing(directory: Path | str | None = None) -> list[SaveEntry]:
    """Every `*.json` file of the saves folder `directory` (default `save_dir()`), in list order,
    from the folder alone: no file is opened, so hundreds list at once. The game is guessed from
    the file name (`peek` and `check` tell the rest); files replayed before in this process come
    with all they said then. Nothing is deleted or rewritten."""
    directory = Path(directory) if directory is not None else save_dir()
    flush_folder(directory)
    try:
        paths = [p for p in directory.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]
    except OSError:
        return []
    games = set(registry.ids())
    entries = []
    for path in paths:
        if not path.is_file():
            continue
        modified, stamp = _stat(path)
        entry = SaveEntry(path, modified, stamp=stamp)
        known = _known(entry)
        if known is not None:
            entries.append(known)
            continue
        guess = path.name.split("-", 1)[0]
        if guess in games:
            entry.game_id = guess
            entry.title = registry.get(guess).title
        entries.append(entry)
    return sort_entries(entries)


def peek(entry: SaveEntry | Path) -> SaveEntry:
    """What the file says about itself, from parsing it without replaying: a new entry (the one
    given is left as it was; the list may be showing it). An error here means the file is surely
    not a good save. Safe in any thread."""
    entry = _entry(entry)
    if entry.peeked or entry.checked:
        return entry
    result = replace(entry, peeked=True)
    try:
        header = GameRecord.header(parse_json(_read_text(entry.path)))
        check_names(header.seat_names)
    except RecordError as exc:
        result.error = str(exc)
        result.checked = True  # replaying would only find the same fault
        return result
    result.game_id = header.game_id
    result.title = registry.get(header.game_id).title
    result.seats = list(header.seat_names)
    result.moves = header.moves
    result.summary = f"{header.moves} move{'s' if header.moves != 1 else ''}"
    return result


def check(entry: SaveEntry | Path) -> SaveEntry:
    """`entry` with the outcome of replaying its file: summary, over, or the damage found. A new
    entry; the one given is left as it was. Safe in any thread."""
    entry = _entry(entry)
    if entry.checked:
        return entry
    known = _known(entry)
    if known is not None:
        return known
    entry = peek(entry)
    if entry.checked:
        return entry
    result = replace(entry, checked=True)
    try:
        record, state = load(entry.path)
    except RecordError as exc:
        result.error = str(exc)
    else:
        result.game_id = record.game_id
        result.title = registry.get(record.game_id).title
        result.seats = [seat.name for seat in record.seats]
        result.moves = len(record.steps)
        result.over = state.is_over()
        result.summary = summarize(state)
    # Kept only when the file still is what was replayed; otherwise the next look reads it afresh.
    if entry.stamp != (0, 0) and _stat(entry.path)[1] == entry.stamp:
        with _checked_lock:
            if len(_checked) >= CHECKED_MAX:
                _checked.clear()
            _checked[(entry.path, *entry.stamp)] = replace(result)
    return result


def describe(path: Path) -> SaveEntry:
    """Everything about one file, replayed."""
    return check(Path(path))


def sort_entries(entries: Iterable[SaveEntry]) -> list[SaveEntry]:
    """The games newest first, then the damaged or foreign files, newest first too."""
    # A damaged file written a minute ago must not push the game the player wants down the list.
    return sorted(entries, key=lambda e: (not e.ok, -e.modified, e.path.name))


def list_saves(directory: Path | str | None = None) -> list[SaveEntry]:
    """Every `*.json` file in the saves folder, each replayed: the games newest first, then the
    damaged or foreign files (newest first too) with an error line. Nothing is deleted or
    rewritten. For a list on screen at once, `listing`, then `peek` and `check` each entry."""
    return sort_entries(check(entry) for entry in listing(directory))


class NotFinished(ValueError):
    """Only a finished game may be deleted; the message says why, in one line."""


def delete_finished(path: Path) -> None:
    """Delete the save at `path`, which must hold a finished game: read and replayed again now,
    whatever a list said earlier. RecordError when it cannot be read, NotFinished when the game
    goes on, OSError when the file cannot be removed; in each case the file stays."""
    path = Path(path)
    _, state = load(path)
    if not state.is_over():
        raise NotFinished(
            "This game is not finished: resume it to play on. Only finished games "
            "are deleted here, so no game in progress is lost to a slip of a key."
        )
    path.unlink()


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
