"""Instruction counts under valgrind (callgrind): the same figure on every run, however busy the
machine. Wall-clock figures on a shared machine swing by a third within minutes, so a change
that saves a few per cent shows only here. Each count is the difference of two runs that differ
only in the work measured (N+1 games against 1; a first frame against the bare app's), and
PYTHONHASHSEED is fixed, so dicts and sets behave the same every time.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import results_table
from fixtures import Scratch, make_saves

GAMES = 10
# (game id, bot level, players)
CASES = (("st_petersburg", "normal", 4), ("st_petersburg", "random", 4), ("santiago", "random", 4))

# Starts an app under Textual's test driver and leaves, without tidying up, at its first frame.
FIRST_FRAME = r"""
import asyncio, os, sys
if sys.argv[1] == "bare":
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("ready")

    app, target = Bare(), "Screen"
else:
    from boardgames_tui.ui.app import BoardgamesApp

    app, target = BoardgamesApp(bot_delay=0), "LauncherScreen"
display = app._display


def first_frame(screen, renderable):
    if renderable is not None and type(app.screen).__name__ == target:
        os._exit(0)
    return display(screen, renderable)


app._display = first_frame


async def main():
    async with app.run_test(size=(80, 24)):
        await asyncio.sleep(60)


asyncio.run(main())
"""

SIMULATE = (
    "from boardgames_tui.rules.simulate import simulate; "
    "simulate({game!r}, [{level!r}] * {n}, {games}, seed=100)"
)


def count(env: dict[str, str], *args: str) -> int:
    """Instructions of one run of python with `args`."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *args],
        capture_output=True,
        text=True,
        env={**env, "PYTHONHASHSEED": "0"},
        timeout=900,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode != 0 or found is None:
        raise RuntimeError(out.stderr[-500:])
    return int(found.group(1))


def run() -> None:
    print("Instructions (valgrind callgrind; the same on every run)")
    if shutil.which("valgrind") is None:
        print("  valgrind not found: skipped (apt-get install valgrind)")
        return
    scratch = Scratch()
    try:
        env = scratch.env()
        for game, level, n in CASES:
            warm_up = SIMULATE.format(game=game, level=level, n=n, games=1)
            subprocess.run([sys.executable, "-c", warm_up], env=env, timeout=120)  # bytecode, once
            one = count(env, "-c", SIMULATE.format(game=game, level=level, n=n, games=1))
            more = count(env, "-c", SIMULATE.format(game=game, level=level, n=n, games=GAMES + 1))
            print(f"  {game:14} {n}p {level:6} {(more - one) / GAMES / 1e6:8.1f} M instructions a game")
            per_game = f"{(more - one) / GAMES / 1e6:.1f} M"
            results_table.add("instructions", f"{game} {n}p {level}: a game", per_game)
        script = scratch.root / "first_frame.py"
        script.write_text(FIRST_FRAME)
        full = scratch.data_dir("saves200")
        from boardgames_tui import saves

        make_saves(saves.save_dir(full), 200)
        runs = {
            "bare Textual app": ("bare", scratch.data_dir("empty")),
            "launcher, no saves": ("app", scratch.data_dir("empty")),
            "launcher, 200 saves": ("app", full),
        }
        bare = None
        for label, (kind, data) in runs.items():
            run_env = {**env, "BOARDGAMES_TUI_DATA": str(data)}
            subprocess.run([sys.executable, str(script), kind], env=run_env, timeout=120)  # bytecode
            total = count(run_env, str(script), kind)
            bare = bare or total
            print(f"  first frame, {label:22} {total / 1e6:8.0f} M   × {total / bare:.2f} bare")
            results_table.add(
                "instructions", f"first frame, {label}", f"{total / 1e6:.0f} M (×{total / bare:.2f} bare)"
            )
    finally:
        scratch.cleanup()
