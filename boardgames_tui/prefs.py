"""The launcher's memory: the last set-up played of each game, in `<data dir>/launcher.json`.

Every function takes the file's path (`prefs_path(data_dir)`): the SSH server gives each user a
data directory of their own. Without one, the default data directory is used.

One entry per game id: the number of players, each seat's name and kind ("human", a bot level or
"random"; "smart", written before there were levels, reads as "normal"), the options and how long
hard bots think. Not the seed: every game gets a fresh one.

Nothing read from the file is trusted. It may be damaged, foreign, from another version, or from
before a game changed its options: whatever does not fit the game is dropped here, so the launcher
falls back to its defaults for just that value. A file we cannot use is never rewritten while
reading; the next `remember` replaces it with a good one.

This module does not import textual.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import saves
from .names import name_problem
from .rules.core import Game
from .rules.levels import level_named

FILE_NAME = "launcher.json"
FORMAT = "boardgames-tui/launcher"
VERSION = 1
# A few games' set-ups take a few kilobytes; anything far bigger is not our file.
MAX_BYTES = 256 * 1024


def prefs_path(data: Path | str | None = None) -> Path:
    """The file in the data directory `data` (default: `saves.data_dir()`, resolved now)."""
    # Beside the saves folder, not in it: the launcher lists every *.json in there as a save.
    return (Path(data) if data is not None else saves.data_dir()) / FILE_NAME


@dataclass
class Setup:
    """A remembered set-up, checked against the game; None or a missing key means 'the default'."""

    players: int | None = None
    names: list[str | None] = field(default_factory=list)
    kinds: list[str | None] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    think: str | None = None


def _document(path: Path) -> dict[str, Any]:
    """The whole file as read; {} when it is missing, damaged or not ours."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError):  # JSON and UTF-8 errors are ValueErrors
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        return {}
    return data


def last_game(path: Path | None = None) -> str | None:
    """The id of the game last started from the launcher (it opens on that game), if known."""
    last = _document(Path(path) if path is not None else prefs_path()).get("last")
    return last if isinstance(last, str) else None


def load(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """The raw entry of every game in the file; {} when the file is missing, damaged or not ours."""
    data = _document(Path(path) if path is not None else prefs_path())
    games = data.get("games")
    if not isinstance(games, dict):
        return {}
    return {key: value for key, value in games.items() if isinstance(value, dict)}


def entry(
    players: int, seats: Sequence[tuple[str, str]], options: Mapping[str, str], think: str | None = None
) -> dict[str, Any]:
    """One game's entry as it is written: `seats` are (name, kind) pairs; `think` a hard bot's
    thinking time as the launcher shows it."""
    data: dict[str, Any] = {
        "players": players,
        "seats": [{"name": name, "kind": kind} for name, kind in seats],
        "options": dict(options),
    }
    if think is not None:
        data["think"] = think
    return data


def remember(
    game_id: str,
    players: int,
    seats: Sequence[tuple[str, str]],
    options: Mapping[str, str],
    path: Path | None = None,
    think: str | None = None,
) -> dict[str, dict[str, Any]]:
    """Store one game's set-up, keeping the other games' entries; returns every entry.

    OSError when the file cannot be written: the caller decides whether that matters.
    """
    path = Path(path) if path is not None else prefs_path()
    games = load(path)
    games[game_id] = entry(players, seats, options, think)
    _write(path, {"last": game_id, "games": games, "lessons": lesson_steps(path)})
    return games


def _write(path: Path, fields: Mapping[str, Any]) -> None:
    document = {"format": FORMAT, "version": VERSION, **fields}
    saves.write_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")


def lesson_steps(path: Path | None = None) -> dict[str, int]:
    """Where each walkthrough left mid-way was left: its step, from 0."""
    steps = _document(Path(path) if path is not None else prefs_path()).get("lessons")
    if not isinstance(steps, dict):
        return {}
    return {
        key: value for key, value in steps.items() if isinstance(value, int) and not isinstance(value, bool)
    }


def remember_lesson_step(game_id: str, step: int | None, path: Path | None = None) -> None:
    """Keep the step a walkthrough was left at (None: forget it, it was finished or started
    again); the set-ups stay as they are. OSError when the file cannot be written."""
    path = Path(path) if path is not None else prefs_path()
    document = _document(path)
    steps = lesson_steps(path)
    if step is None:
        steps.pop(game_id, None)
    else:
        steps[game_id] = step
    _write(path, {"last": document.get("last"), "games": load(path), "lessons": steps})


def clean_name(value: Any, max_length: int) -> str | None:
    """A name as the launcher would accept it, or None when `value` cannot be one."""
    if not isinstance(value, str):
        return None
    name = " ".join(value.split())[:max_length].strip()
    return name if name_problem(name) is None else None


def setup(
    game: Game, raw: Any, kinds: Iterable[str], name_max: int, thinks: Iterable[str] = ()
) -> Setup | None:
    """The remembered set-up of `game` with every value it no longer accepts left out: a kind not
    in `kinds`, a thinking time not in `thinks`."""
    if not isinstance(raw, dict):
        return None
    result = Setup()
    players = raw.get("players")
    # bool is an int in Python; true must not read as one player.
    if type(players) is int and game.min_players <= players <= game.max_players:
        result.players = players
    allowed_kinds = set(kinds)
    seats = raw.get("seats")
    if isinstance(seats, list):
        for seat in seats[: game.max_players]:
            seat = seat if isinstance(seat, dict) else {}
            result.names.append(clean_name(seat.get("name"), name_max))
            kind = seat.get("kind")
            kind = level_named(kind) if isinstance(kind, str) else None
            result.kinds.append(kind if kind in allowed_kinds else None)
    think = raw.get("think")
    if isinstance(think, str) and think in set(thinks):
        result.think = think
    options = raw.get("options")
    if isinstance(options, dict):
        for spec in game.options:
            value = options.get(spec.key)
            if isinstance(value, str) and value in {choice for choice, _ in spec.choices}:
                result.options[spec.key] = value
    return result
