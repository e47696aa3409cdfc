"""What a player meets, measured in a real terminal (tmux; see terminal.py for the clock):
start-up of the launcher, key → screen on every board, and memory, each beside a bare Textual app
run the same way in the same tmux during the same run.

Start-up: the launcher (`python -m boardgames_tui`) with an empty data directory and with one
holding 200 saves, and the bare app (`python bare.py`), in turns, each STARTUP_RUNS times after
one warm-up run of each (bytecode cached, as after `pip install`, in a scratch folder). "First
frame" is the first frame that shows the game list (the bare app: its text); "settled" is the
last output before the screen stays still for half a second (the launcher goes on reading and
replaying the saves in the background, and shows what it finds).

Keys: each board started with `play` as a player would, the bare app before and after the
boards, at 80×24 and at 160×50. Once a board has been still for a while (and its help has been
prepared in the background, HELP_WARMUP_DELAY after it opened), KEY_PRESSES cursor keys,
alternately → and ←, so that every key moves the cursor and changes the screen; each is sent only
when the previous one's frames are all out. Santiago is measured at the spring step (the cursor
moves over intersections), then Enter places the spring, Space passes the bid, and once the bots
have bid and planted, at the planting step (the cursor moves over fields). San Marco is measured
at a starting bridge (the cursor moves over the canals of the map), then, the set-up done, while
Ann divides (the arrows pick one card after another). Rialto is measured in Ann's first card
stage (the arrows move over the cards of her hand). Macao is measured at Ann's first dice (the
arrows move over the six dice), then in her first action turn (the arrows move over the city's
quarters). A key whose effect
never reaches the screen counts as "no change" and is left out of the figures.

Memory: the peak resident size (VmHWM) of the program at the end of its run.
"""

from __future__ import annotations

import os
import statistics
import time

import results_table
from fixtures import BARE_MARKER, Scratch, app_command, bare_command, make_saves
from terminal import Terminal, TerminalError

STARTUP_RUNS = 11
KEY_PRESSES = 120
SIZES = ((80, 24), (160, 50))
SAVES = 200
# A board's help is prepared in the background this long after it opens (BoardgamesApp); keys
# are timed after that, as a player who has looked at the board first meets them.
BOARD_SETTLE = 2.0

# Game id, `play` arguments, then the steps measured in that one game: (label, the way there from
# the step before). The way is a list of (key to press, or None; the texts to wait for after it):
# each key goes only once the texts before it are on screen, as a player waits for the bots.
BOARDS = [
    (
        "st_petersburg",
        ["--players", "Ann,bot:Bo", "--seed", "1"],
        [
            ("St. Petersburg", [(None, ["Ann to act", "Enter buy"])]),
        ],
    ),
    (
        "santiago",
        ["--players", "Ann,bot:Bo,bot:Cy", "--seed", "1", "--option", "spring=choose"],
        [
            ("Santiago, spring", [(None, ["Ann to act", "Enter spring here"])]),
            (
                "Santiago, planting",
                [
                    ("Enter", ["BIDS", "Ann to act", "Space pass"]),
                    ("Space", ["PLANTING", "Ann to act", "Enter plant"]),
                ],
            ),
        ],
    ),
    (
        "san_marco",
        ["--players", "Ann,bot:Bo,bot:Cy", "--seed", "1"],
        [
            # Ann places the first starting bridge: the cursor moves over the canals of the map
            ("San Marco, map", [(None, ["Ann to act", "Enter play here"])]),
            (
                # her second bridge after the bots' first ones, theirs again, then she divides:
                # the arrows pick one card after another
                "San Marco, dividing",
                [
                    ("Enter", ["Cy builds a bridge", "Ann to act", "Enter play here"]),
                    ("Enter", ["DIVIDING", "Ann to act", "Enter done"]),
                ],
            ),
        ],
    ),
    (
        "rialto",
        ["--players", "Ann,bot:Bo,bot:Cy", "--seed", "1"],
        [
            # Ann's building, row and discard from the action list, then stage A: the arrows move
            # over the cards of her hand
            (
                "Rialto, a card stage",
                [
                    (None, ["SET-UP", "Ann to act"]),
                    ("1", ["ROWS", "Ann to act"]),
                    ("1", ["DISCARDS", "Ann to act"]),
                    ("1", ["Play Doge", "Enter play"]),
                ],
            ),
        ],
    ),
    (
        "macao",
        ["--players", "Ann,bot:Bo,bot:Cy", "--seed", "1"],
        [
            # Ann's starting card and cubes and her first draft from the action list, then her
            # dice: the arrows move over the six dice
            (
                "Macao, the dice",
                [
                    (None, ["STARTING CARD", "Ann to act"]),
                    ("1", ["STARTING CUBES", "Ann to act"]),
                    ("1", ["which colour"]),
                    ("1", ["CARDS", "Ann to act"]),
                    ("1", ["DICE", "Ann to act", "Enter take"]),
                ],
            ),
            # two dice taken, then her action turn: the arrows move over the city's quarters
            (
                "Macao, the city",
                [
                    ("r", ["→ pile"]),
                    ("b", ["→ pile"]),
                    ("Enter", ["ACTIONS", "Ann to act", "City"]),
                ],
            ),
        ],
    ),
]
TARGETS = {
    (80, 24): {"Santiago": "p95 ≤ 1.5× bare", "*": "≈ bare"},
    (160, 50): {"Santiago": "p95 ≤ 2× bare", "*": "≈ bare"},
}


def _socket() -> str:
    # A tmux server of our own: nobody else's sessions are in reach, and it ends with ours.
    return f"{os.environ.get('BENCH_TMUX_PREFIX', 'boardgames-bench')}-{os.getpid()}"


def _ms(seconds: float | None) -> str:
    return "   —  " if seconds is None else f"{seconds * 1000:6.0f}"


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def _ratio(a: float | None, b: float | None) -> str:
    return "  —  " if a is None or not b else f"{a / b:5.2f}"


class Session:
    """The scratch folder and the tmux sessions of one benchmark section, cleaned up at the end."""

    def __init__(self):
        self.scratch = Scratch()
        self.env = self.scratch.env()
        self.socket = _socket()
        self.terminals: list[Terminal] = []

    def terminal(self, label: str, width: int, height: int) -> Terminal:
        term = Terminal(
            self.socket, f"{self.socket}-{label}", width, height, self.env, str(self.scratch.root)
        )
        self.terminals.append(term)
        return term

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc) -> None:
        for term in self.terminals:
            term.close()
        if self.terminals and self.terminals[-1].server_gone():
            # tmux leaves its socket file behind when its server ends
            try:
                os.unlink(self.terminals[-1].socket_path)
            except OSError:
                pass
        self.scratch.cleanup()


# -- start-up -------------------------------------------------------------------------------------
def measure_startup(session: Session, runs: int) -> dict[str, dict]:
    from boardgames_tui import saves
    from boardgames_tui.rules import registry

    full = session.scratch.data_dir("saves200")
    made = make_saves(saves.save_dir(full), SAVES)
    marker = registry.get(registry.ids()[0]).title
    cases = [
        ("bare Textual app", bare_command(session.scratch.bare_app), BARE_MARKER),
        ("launcher, no saves", app_command(session.scratch.data_dir("empty")), marker),
        (f"launcher, {SAVES} saves", app_command(full), marker),
    ]
    term = session.terminal("startup", 80, 24)
    results = {label: {"first": [], "settled": [], "rss": []} for label, _, _ in cases}
    results["saves"] = {"moves": made}
    for _, command, mark in cases:  # warm-up: bytecode cache and the system's file cache
        term.start(command, mark)
        term.stop()
    for _ in range(runs):
        for label, command, mark in cases:  # in turns, so a busy moment hits all of them alike
            first, settled = term.start(command, mark)
            results[label]["rss"].append(term.peak_rss_mb())
            term.stop()
            if first is not None:
                results[label]["first"].append(first)
            if settled is not None:
                results[label]["settled"].append(settled)
    return results


def print_startup(results: dict[str, dict], runs: int) -> None:
    print(f"Start-up in tmux at 80×24 (median of {runs}, after a warm-up run; ratio to the bare app)")
    bare = results["bare Textual app"]
    bare_first = statistics.median(bare["first"]) if bare["first"] else None
    for label, data in results.items():
        if label == "saves":
            continue
        first = statistics.median(data["first"]) if data["first"] else None
        settled = statistics.median(data["settled"]) if data["settled"] else None
        missed = runs - len(data["first"])
        note = f"   {missed} run(s) never showed it" if missed else ""
        target = "   target first frame ≤ 1.5× bare" if label.endswith(f"{SAVES} saves") else ""
        print(
            f"  {label:22} first frame {_ms(first)} ms  ×{_ratio(first, bare_first)}   "
            f"settled {_ms(settled)} ms  ×{_ratio(settled, bare_first)}{target}{note}"
        )
        results_table.add(
            "startup",
            f"{label}: first frame / settled (tmux 80×24, median of {runs})",
            f"{_ms(first).strip()} ms ×{_ratio(first, bare_first).strip()} / {_ms(settled).strip()} ms "
            f"×{_ratio(settled, bare_first).strip()} bare{note}",
            "first frame ≤ 1.5× bare" if target else "",
        )
    print(
        f"  ({SAVES} saves of partly played games, {results['saves']['moves']} moves in all; "
        "“settled”: the last output before half a second of stillness)"
    )


# -- keys -----------------------------------------------------------------------------------------
def _presses(
    term: Terminal, count: int, keys: tuple[str, str] = ("Right", "Left")
) -> tuple[list[float], int]:
    """`count` presses of the two `keys` in turns, each changing the screen: their latencies and
    how many never showed."""
    lats, missed = [], 0
    for i in range(count):
        lat = term.key_latency(keys[i % 2])
        if lat is None:
            missed += 1
        else:
            lats.append(lat)
    return lats, missed


def _settle(term: Terminal, since: float) -> None:
    wait = BOARD_SETTLE - (time.perf_counter() - since)
    if wait > 0:
        time.sleep(wait)
    term.wait_still(0.3, 5.0)


def _run_bare(session: Session, term: Terminal, bare: dict, presses: int) -> None:
    started = time.perf_counter()
    term.start(bare_command(session.scratch.bare_app), BARE_MARKER)
    _settle(term, started)
    lats, missed = _presses(term, presses)
    bare["lat"] += lats
    bare["missed"] += missed
    bare["rss"] = max(bare["rss"] or 0, term.peak_rss_mb() or 0) or None
    term.stop()


def measure_keys(session: Session, presses: int, sizes=SIZES) -> dict:
    """{size: {label: {"lat": [...], "missed": n, "rss": MB or None, "note": str}}}"""
    results: dict = {}
    for width, height in sizes:
        term = session.terminal(f"{width}x{height}", width, height)
        rows: dict[str, dict] = {}
        bare = {"lat": [], "missed": 0, "rss": None, "note": ""}
        _run_bare(session, term, bare, presses // 2)
        for game_id, args, steps in BOARDS:
            data = session.scratch.data_dir(f"{game_id}-{width}x{height}")
            started = time.perf_counter()
            first, _ = term.start(app_command(data, "play", game_id, *args), steps[0][1][0][1][0])
            rss = None
            lost = "the board never appeared" if first is None else ""
            for label, way in steps:
                row = rows[label] = {"lat": [], "missed": 0, "rss": None, "note": lost}
                if lost:
                    continue
                for key, texts in way:
                    if key is not None:
                        term.wait_still(0.3, 5.0)
                        term.press(key)
                    if not term.wait_for(*texts, limit=30.0):
                        lost = row["note"] = "never reached: " + " / ".join(texts)
                        break
                if lost:
                    continue
                _settle(term, started)
                row["lat"], row["missed"] = _presses(term, presses)
                rss = term.peak_rss_mb()
            for label, _ in steps:
                rows[label]["rss"] = rss
            term.stop()
        _run_bare(session, term, bare, presses // 2)
        results[(width, height)] = {"bare Textual app": bare, **rows}
    return results


def print_keys(results: dict, presses: int) -> None:
    print(
        f"Key → screen in tmux ({presses} cursor keys per board and size, the bare app "
        f"{presses // 2} before and {presses // 2} after the boards; ratio to the bare app)"
    )
    for (width, height), rows in results.items():
        bare = rows["bare Textual app"]["lat"]
        b_med = statistics.median(bare) if bare else None
        b_p95 = _p95(bare) if bare else None
        size = f"{width}×{height}"
        for label, row in rows.items():
            lats = row["lat"]
            if not lats:
                print(f"  {size:7} {label:20} no figures: {row['note'] or 'no key changed the screen'}")
                size = ""
                continue
            med, p95 = statistics.median(lats), _p95(lats)
            line = f"  {size:7} {label:20} median {_ms(med)} ms  p95 {_ms(p95)} ms"
            figure = f"median {_ms(med).strip()} ms, p95 {_ms(p95).strip()} ms"
            target = ""
            if label != "bare Textual app":
                targets = TARGETS[(width, height)]
                target = targets["Santiago"] if label.startswith("Santiago") else targets["*"]
                ratios = f"×{_ratio(med, b_med).strip()} / ×{_ratio(p95, b_p95).strip()}"
                line += f"   ×{_ratio(med, b_med)} / ×{_ratio(p95, b_p95)}   target {target}"
                figure += f" ({ratios} bare)"
            if row["missed"]:
                line += f"   ({row['missed']} key(s): no change within 5 s)"
                figure += f"; {row['missed']} key(s) no change within 5 s"
            print(line)
            results_table.add("keys", f"key → screen, {label}, {width}×{height}", figure, target)
            size = ""


# -- memory ---------------------------------------------------------------------------------------
def print_memory(startup: dict | None, keys: dict | None) -> None:
    print("Peak memory (VmHWM) at the end of each run, in tmux")
    rows: list[tuple[str, float | None]] = []
    if startup:
        for label, data in startup.items():
            if label != "saves":
                values = [v for v in data["rss"] if v]
                rows.append((f"{label} (start-up)", max(values) if values else None))
    if keys:
        for (width, height), board_rows in keys.items():
            seen = set()
            for label, row in board_rows.items():
                name = label.split(",")[0]
                if name in seen:
                    continue  # one game, one process, whichever steps were measured in it
                seen.add(name)
                rows.append((f"{name} ({width}×{height}, after the keys)", row["rss"]))
    bare = [mb for label, mb in rows if label.startswith("bare") and mb]
    base = max(bare) if bare else None
    for label, mb in rows:
        figure = "   —   " if mb is None else f"{mb:7.1f}"
        ratio = f"   ×{_ratio(mb, base)} bare" if not label.startswith("bare") else ""
        print(f"  {label:42} {figure} MB{ratio}")
        if mb is not None:
            shown = f"{mb:.1f} MB" + (f" (×{_ratio(mb, base).strip()} bare)" if ratio else "")
            results_table.add("memory", f"peak memory (VmHWM), {label}", shown, "< 150 MB" if ratio else "")
    print("  target: the app under 150 MB")


# -- keys while a bot thinks ------------------------------------------------------------------------
THINKING_SECONDS = 40  # long enough for all the presses to fall inside one decision


def measure_thinking(session: Session, presses: int) -> dict[str, dict]:
    """Key → screen at 80×24 while a hard bot thinks (in a thread of the app's process) and, the
    same keys, while the app waits for the player with no bot thinking."""
    term = session.terminal("thinking", 80, 24)
    results: dict[str, dict] = {}
    cases = [
        ("no bot thinking (Ann to act)", "Ann,bot:Bo", "Ann to act"),
        (f"a hard bot thinking ({THINKING_SECONDS} s a move)", "Ann,hard:Bo", "is thinking"),
    ]
    for label, players, wait in cases:
        data = session.scratch.data_dir(label.split()[1])
        args = ["play", "st_petersburg", "--players", players, "--seed", "11"]
        started = time.perf_counter()
        term.start(app_command(data, *args, "--think", str(THINKING_SECONDS)), "St. Petersburg")
        row = results[label] = {"lat": [], "missed": 0, "note": ""}
        if not term.wait_for(wait, limit=30.0):
            row["note"] = f"never showed: {wait}"
            term.stop()
            continue
        if "hard" not in players:
            _settle(term, started)
        began = time.perf_counter()
        # l opens the log and Esc closes it: keys that change the screen whoever is to move
        row["lat"], row["missed"] = _presses(term, presses, ("l", "Escape"))
        if "hard" in players and time.perf_counter() - began > THINKING_SECONDS:
            row["note"] = "the bot may have finished thinking before the last keys"
        term.stop()
    return results


def print_thinking(results: dict[str, dict], presses: int) -> None:
    print(f"Key → screen in tmux at 80×24 while a hard bot thinks ({presses} keys: l and Esc in turns)")
    base = None
    for label, row in results.items():
        lats = row["lat"]
        if not lats:
            print(f"  {label:40} —   {row['note']}")
            continue
        median, p95 = statistics.median(lats), _p95(lats)
        base = base or median
        note = f"   {row['missed']} key(s) never showed" if row["missed"] else ""
        print(
            f"  {label:40} median {_ms(median)} ms  p95 {_ms(p95)} ms  ×{_ratio(median, base)}"
            f"{note}{'   ' + row['note'] if row['note'] else ''}"
        )
        results_table.add(
            "thinking",
            f"key → screen at 80×24 (l, Esc), {label}",
            f"median {_ms(median).strip()} ms, p95 {_ms(p95).strip()} ms, ×{_ratio(median, base).strip()}"
            f"{note}{'; ' + row['note'] if row['note'] else ''}",
        )


def run(sections: set[str]) -> None:
    """The player-facing sections asked for: startup, keys, thinking, memory (memory alone runs a
    short version of startup and keys and prints only the memory)."""
    try:
        with Session() as session:
            startup = keys = None
            if "startup" in sections:
                startup = measure_startup(session, STARTUP_RUNS)
                print_startup(startup, STARTUP_RUNS)
            if "keys" in sections:
                keys = measure_keys(session, KEY_PRESSES)
                print_keys(keys, KEY_PRESSES)
            if "thinking" in sections:
                print_thinking(measure_thinking(session, 40), 40)
            if "memory" in sections:
                if startup is None and keys is None:
                    startup = measure_startup(session, 1)
                    keys = measure_keys(session, 6, sizes=SIZES[:1])
                print_memory(startup, keys)
    except TerminalError as exc:
        print(f"  tmux failed: {exc}")
