"""What the benchmarks run against: the bare Textual app, a data directory full of saves, and a
scratch folder for everything they write (nothing goes into the source tree)."""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

# The yardstick: the least a Textual app does. One line of text, rewritten on every key, so that
# each key changes the screen, as a cursor key does on a board.
BARE_APP = """
from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("ready", id="line")

    def on_key(self, event):
        self.keys = getattr(self, "keys", 0) + 1
        self.query_one("#line", Static).update(f"ready: {self.keys} keys, the last {event.key}")


Bare().run()
"""
BARE_MARKER = "ready"


class Scratch:
    """A temporary folder for one benchmark run: bytecode, data directories, the bare app."""

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="boardgames-bench-"))
        self.bare_app = self.root / "bare.py"
        self.bare_app.write_text(BARE_APP)
        (self.root / "pycache").mkdir()

    def data_dir(self, name: str) -> Path:
        path = self.root / "data" / name
        path.mkdir(parents=True, exist_ok=True)
        return path

    def env(self) -> dict[str, str]:
        """The environment the measured programs run in. `pip install` leaves every module
        compiled to bytecode, so a player's start-up reads cached bytecode: allow it even where
        the environment forbids it (PYTHONDONTWRITEBYTECODE), but keep the cache out of the source
        tree (PYTHONPYCACHEPREFIX). Saves and settings go to a data directory of ours."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "TMUX")}
        env["PYTHONPYCACHEPREFIX"] = str(self.root / "pycache")
        env["BOARDGAMES_TUI_DATA"] = str(self.data_dir("default"))
        return env

    def cleanup(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def app_command(data: Path, *args: str) -> str:
    """A shell command that starts the app (as `python -m boardgames_tui`, the same way as the
    bare app is started) with its data in `data`; exec, so the pane's process is the app."""
    import shlex

    words = ["exec", "env", f"BOARDGAMES_TUI_DATA={data}", sys.executable, "-m", "boardgames_tui", *args]
    return " ".join(shlex.quote(w) for w in words)


def bare_command(path: Path) -> str:
    import shlex

    return " ".join(shlex.quote(w) for w in ["exec", sys.executable, str(path)])


def make_saves(folder: Path, count: int, seed: int = 1) -> int:
    """Write `count` real saves of partly played games, the games of the registry in turn, each
    with a human in the first seat and bots in the others, stopped somewhere between its first
    moves and its end; their times spread over the past weeks. The moves are random ones (quick to
    make, and a save replays the same whoever chose its moves). Returns the moves saved."""
    from boardgames_tui import saves
    from boardgames_tui.rules import registry
    from boardgames_tui.rules.bots import RandomBot, bot_move
    from boardgames_tui.rules.core import Seat
    from boardgames_tui.rules.record import GameRecord

    rng = random.Random(seed)
    ids = registry.ids()
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    mover = RandomBot()
    total = 0
    now = time.time()
    for i in range(count):
        game = registry.get(ids[i % len(ids)])
        players = rng.randint(game.min_players, game.max_players)
        seats = [Seat(names[0])] + [Seat(names[s], "normal") for s in range(1, players)]
        game_seed = rng.randrange(10_000, 100_000)
        record, state = GameRecord.start(game.id, seats, game_seed)
        stop = rng.randint(5, 300)
        while len(record.steps) < stop and not state.is_over():
            seat = state.to_move()[0]
            record.play(state, seat, bot_move(state, seat, mover, rng))
        if state.is_over():  # not a game in progress: cut it short, which a record allows
            del record.steps[rng.randint(5, len(record.steps) - 1) :]
        when = now - rng.uniform(60, 30 * 86400)
        path = saves.new_save_path(game.id, game_seed, when=when, directory=folder)
        saves.save(path, record)
        os.utime(path, (when, when))
        total += len(record.steps)
    return total
