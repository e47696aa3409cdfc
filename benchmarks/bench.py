"""Benchmarks: print figures, assert nothing.

    python benchmarks/bench.py            # everything
    python benchmarks/bench.py rules      # headless random games only
    python benchmarks/bench.py ui         # start-up, key latency and memory vs a bare Textual app
    python benchmarks/bench.py help       # ? to the help on screen, cold and after the warm-up

Targets on the 2-core reference machine: ≥ 100 random 4-player St. Petersburg games/s; start-up
≤ 1.5× and key-to-frame latency ≤ 2× a bare Textual app; the app's memory under 150 MB; the help
on screen within 300 ms of `?`.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

# (game id, players, games, target games/s)
RULES_CASES = [
    ("st_petersburg", 4, 200, 100),
    ("st_petersburg", 2, 200, None),
    ("santiago", 4, 200, 200),
]
STARTUP_RUNS = 11
KEY_PRESSES = 60


def bench_rules() -> None:
    from boardgames_tui.rules.simulate import simulate

    print("Random-bot games (rules layer only)")
    for game_id, players, games, target in RULES_CASES:
        result = simulate(game_id, ["random"] * players, games, seed=1)
        goal = f"   target ≥ {target}" if target else ""
        print(f"  {game_id:14} {players}p: {result.games_per_second:8.1f} games/s "
              f"{result.decisions_per_second:10.0f} decisions/s{goal}")


# Each child process starts one app headless, waits for its first frame, and prints timings.
CHILD = r"""
import asyncio, json, resource, sys, time
t0 = float(sys.argv[3])  # when the parent launched this process: start-up as a user waits for it
kind = sys.argv[1]
if kind == "bare":
    from textual.app import App
    from textual.widgets import Static
    class Bare(App):
        def compose(self):
            yield Static("ready", id="s")
        def on_key(self, event):
            self.query_one("#s", Static).update(event.key + str(time.perf_counter()))
    app = Bare()
    key = "right"
else:
    from boardgames_tui.rules.core import Seat
    from boardgames_tui.ui.app import BoardgamesApp
    app = BoardgamesApp(game_id="st_petersburg", seats=[Seat("Ann"), Seat("Bob"), Seat("Cleo"), Seat("Dan")],
                        seed=7)
    key = "right"
presses = int(sys.argv[2])
out = {}
# Headless apps compose every frame and hand it to _display; the time it is called is "the frame".
frames = []
_display = app._display
def display(screen, renderable):
    if renderable is not None:
        frames.append(time.perf_counter())
    return _display(screen, renderable)
app._display = display
async def next_frame_after(t):
    while not frames or frames[-1] < t:
        await asyncio.sleep(0.0005)
    return next(f for f in frames if f >= t)
async def main():
    async with app.run_test(size=(80, 24)) as pilot:
        await next_frame_after(0)
        out["first_frame"] = time.time() - t0
        if kind != "bare":
            await pilot.press("enter")  # past the first hand-off
        await pilot.pause()
        lat = []
        for _ in range(presses):
            await pilot.pause()
            t = time.perf_counter()
            await pilot.press(key)
            lat.append(await next_frame_after(t) - t)
        out["latency"] = lat
    out["maxrss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
asyncio.run(main())
print(json.dumps(out))
"""


# `pip install` compiles every module to bytecode, so a player's start-up reads cached bytecode.
# Measure that, even where the environment forbids writing it (PYTHONDONTWRITEBYTECODE), or the
# app's own modules, unlike Textual's, would be compiled from source on every start.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_child(kind: str, presses: int) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, kind, str(presses), repr(time.time())],
                          capture_output=True, text=True, check=True, env=CHILD_ENV)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def bench_ui() -> None:
    print("App vs a bare Textual app (headless, 80×24, same run, bytecode cached as after install)")
    firsts = {"bare": [], "app": []}
    lats = {"bare": [], "app": []}
    rss = {"bare": 0.0, "app": 0.0}
    for kind in ("bare", "app"):
        run_child(kind, 0)  # warm-up: fills the bytecode cache and the OS file cache
    for i in range(STARTUP_RUNS):
        for kind in ("bare", "app"):  # interleaved so load on the machine hits both alike
            data = run_child(kind, KEY_PRESSES if i == 0 else 0)
            firsts[kind].append(data["first_frame"])
            lats[kind].extend(data["latency"])
            rss[kind] = max(rss[kind], data["maxrss_mb"])
    s_bare, s_app = statistics.median(firsts["bare"]), statistics.median(firsts["app"])
    l_bare, l_app = statistics.median(lats["bare"]), statistics.median(lats["app"])
    print(f"  time to first frame: bare {s_bare * 1000:7.1f} ms, app {s_app * 1000:7.1f} ms, "
          f"ratio {s_app / s_bare:4.2f}   target ≤ 1.5")
    print(f"  key-to-frame:        bare {l_bare * 1000:7.2f} ms, app {l_app * 1000:7.2f} ms, "
          f"ratio {l_app / l_bare:4.2f}   target ≤ 2")
    print(f"  peak memory (RSS):   bare {rss['bare']:7.1f} MB, app {rss['app']:7.1f} MB"
          f"            target < 150 MB")


# One child per game: `?` pressed at once (before the background warm-up has run), then again
# after it, each time until the first frame that shows the help screen; `l` (the log screen) is
# the yardstick of a plain screen.
HELP_CHILD = r"""
import asyncio, json, sys, time
from boardgames_tui.rules.core import Seat
from boardgames_tui.ui.app import BoardgamesApp
game_id, runs = sys.argv[1], int(sys.argv[2])
seats = [Seat("Ann"), Seat("Bo", "smart"), Seat("Cy", "smart")]
app = BoardgamesApp(game_id=game_id, seats=seats, seed=7, bot_delay=30)
frames = []
_display = app._display
def display(screen, renderable):
    if renderable is not None:
        frames.append((time.perf_counter(), type(app.screen).__name__))
    return _display(screen, renderable)
app._display = display
async def shown(key, name):
    t = time.perf_counter()
    await app._press_keys([key])
    while not any(f >= t and n == name for f, n in frames):
        await asyncio.sleep(0.0005)
    took = next(f for f, n in frames if f >= t and n == name) - t
    await app._press_keys(["escape"])
    await asyncio.sleep(0.05)
    return took
async def main():
    out = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        out["cold"] = await shown("question_mark", "HelpScreen")
        await asyncio.sleep(app.HELP_WARMUP_DELAY + 1.0)
        out["warm"] = [await shown("question_mark", "HelpScreen") for _ in range(runs)]
        out["log"] = [await shown("l", "LogScreen") for _ in range(runs)]
    print(json.dumps(out))
asyncio.run(main())
"""


def bench_help() -> None:
    print("Help screen: ? until the help is on screen (headless, 80×24, bytecode cached)")
    for game_id in ("st_petersburg", "santiago"):
        colds, warms, logs = [], [], []
        for _ in range(3):  # a fresh process each time: the first ? of a session is the cold one
            proc = subprocess.run([sys.executable, "-c", HELP_CHILD, game_id, "7"],
                                  capture_output=True, text=True, check=True, env=CHILD_ENV)
            data = json.loads(proc.stdout.strip().splitlines()[-1])
            colds.append(data["cold"])
            warms += data["warm"]
            logs += data["log"]
        q95 = statistics.quantiles(warms, n=20)[-1]
        print(f"  {game_id:14} right away: {statistics.median(colds) * 1000:6.1f} ms   "
              f"after the warm-up: median {statistics.median(warms) * 1000:6.1f} ms, "
              f"p95 {q95 * 1000:6.1f} ms   log screen {statistics.median(logs) * 1000:6.1f} ms"
              f"   target < 300")


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else "all"
    if what in ("all", "rules"):
        bench_rules()
    if what in ("all", "ui"):
        bench_ui()
    if what in ("all", "help"):
        bench_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
