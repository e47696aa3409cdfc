"""Play over SSH on loopback, measured as a player meets it, beside the same in a local tmux.

The server is `boardgames-tui serve ssh` started for the run (its data, host key and the client's
key in the scratch folder); the client is OpenSSH's `ssh -t`, in a tmux pane like the local app.
For each transport and size: connect → the launcher on screen; then, on each board, reached from
the launcher by keys as a player would (Ann a human, the others bots, seed 1), the key → screen
latency (median and p95 of cursor keys, as player.py times them) and the bytes that reach the
terminal per key.
"""

from __future__ import annotations

import re
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

import results_table
from fixtures import app_command
from player import Session, _ms, _p95, _presses, _ratio
from terminal import Terminal

from boardgames_tui.rules import registry

SIZES = ((80, 24), (120, 40))
LAUNCHER = "five Euro games"


def way_to(game_id: str, players: int) -> list[str]:
    """Keys from the launcher's games list to a game of `game_id` with Ann (a human) and bots,
    seed 1: the game, its set-up field by field, the seed, Play."""
    ids = registry.ids()
    game = registry.get(game_id)
    keys = ["Down"] * ids.index(game_id) + ["Enter"]
    keys += ["Right"] * (players - game.min_players)  # the player count, from its smallest
    keys += ["Enter", "Enter"]  # Ann's name, her kind (human)
    for _ in range(1, players):
        keys += ["Enter", "Enter", "Right"]  # a name, its kind: a bot
    shown = sum(1 for spec in game.options if spec.applies_to(players))
    keys += ["Tab"] * (shown + 1) + ["C-u", "1", "F5"]
    return keys


# (label, game, players, the texts that say the board is ready for cursor keys)
BOARDS = [
    ("St. Petersburg", "st_petersburg", 2, ["Ann to act", "Enter buy"]),
    ("Santiago, spring", "santiago", 3, ["Ann to act", "Enter spring here"]),
]


class SSHServer:
    def __init__(self, root: Path, *extra: str):
        self.key = root / "client_key"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(self.key)], check=True)
        authorized = root / "authorized_keys"
        authorized.write_text(Path(f"{self.key}.pub").read_text())
        self.known = root / "known_hosts"
        self.log = (root / "server.log").open("w+")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardgames_tui", "serve", "ssh", "--port", "0"]
            + ["--authorized-keys", str(authorized), "--max-sessions", "4", *extra],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={"PATH": "/usr/bin:/bin", "BOARDGAMES_TUI_DATA": str(root / "server-data")},
        )
        self.port = 0
        deadline = time.monotonic() + 20
        while not self.port and time.monotonic() < deadline and self.process.poll() is None:
            self.log.seek(0)
            found = re.search(r"event=listening host=\S+ port=(\d+)", self.log.read())
            self.port = int(found.group(1)) if found else 0
            time.sleep(0.05)
        if not self.port:
            raise RuntimeError("the SSH server did not start")

    def command(self, user: str) -> str:
        """`ssh` as user `user`: each user has a data directory of its own on the server, so a
        fresh user meets the launcher as a new player does (no set-up remembered)."""
        words = ["exec", "ssh", "-t", "-p", str(self.port), "-i", str(self.key)]
        words += ["-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR"]
        words += ["-o", "StrictHostKeyChecking=accept-new", "-o", f"UserKnownHostsFile={self.known}"]
        return " ".join(shlex.quote(w) for w in [*words, f"{user}@127.0.0.1"])

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def measure_board(term: Terminal, start: str, game_id: str, players: int, ready: list[str], presses: int):
    """Connect (or start), reach the board by keys, time cursor keys: (seconds to the launcher,
    latencies, missed keys, bytes per key); None figures when something never showed."""
    first, _ = term.start(start, LAUNCHER, limit=30.0)
    if first is None:
        return None, [], presses, None
    term.wait_still(0.5, 10.0)
    for key in way_to(game_id, players):
        term.press(key)
        time.sleep(0.03)
    if not term.wait_for(*ready, limit=30.0):
        return first, [], presses, None
    time.sleep(2.0)  # the board's help is prepared in the background after it opens
    term.wait_still(0.3, 5.0)
    before = term.bytes_received()
    lats, missed = _presses(term, presses)
    term.wait_still(0.3, 5.0)
    per_key = (term.bytes_received() - before) / presses
    return first, lats, missed, per_key


def run(presses: int) -> None:
    print(
        f"Over SSH on loopback, beside the local app (tmux; {presses} cursor keys per board; the "
        "board reached from the launcher by keys)"
    )
    with Session() as session:
        server = SSHServer(session.scratch.root)
        try:
            # a first start compiles and caches the bytecode, as `pip install` leaves it
            warm = session.terminal("remote-warm-up", 80, 24)
            warm.start(app_command(session.scratch.data_dir("warm-up")), LAUNCHER, limit=30.0)
            warm.stop()
            for width, height in SIZES:
                term = session.terminal(f"remote-{width}x{height}", width, height)
                for label, game_id, players, ready in BOARDS:
                    rows = {}
                    for transport in ("local", "ssh"):
                        # a new player each time: nothing remembered from the run before
                        if transport == "ssh":
                            start = server.command(f"{game_id}-{width}")
                        else:
                            start = app_command(session.scratch.data_dir(f"local-{game_id}-{width}"))
                        rows[transport] = measure_board(term, start, game_id, players, ready, presses)
                        term.stop()
                    for transport in ("local", "ssh"):
                        print_row(f"{width}×{height}", label, transport, rows[transport], rows["local"][1])
        finally:
            server.stop()


def print_row(size: str, label: str, transport: str, row: tuple, local_lats: list[float]) -> None:
    first, lats, missed, per_key = row
    if not lats:
        print(f"  {size:7} {label:17} {transport:5} the board never answered")
        results_table.add("ssh", f"{label}, {size}, {transport}", "the board never answered")
        return
    ratio = ""
    if transport == "ssh" and local_lats:
        ratio = (
            f"   × {_ratio(statistics.median(lats), statistics.median(local_lats))}"
            f" / × {_ratio(_p95(lats), _p95(local_lats))} local"
        )
    note = f"  ({missed} keys without a change)" if missed else ""
    print(
        f"  {size:7} {label:17} {transport:5} connect → launcher {_ms(first)} ms"
        f"   key median {_ms(statistics.median(lats))} ms  p95 {_ms(_p95(lats))} ms"
        f"   {per_key:7.0f} bytes/key{ratio}{note}"
    )
    results_table.add(
        "ssh",
        f"{label}, {size}, {transport}: connect → launcher; key → screen; bytes a key",
        f"{_ms(first).strip()} ms; median {_ms(statistics.median(lats)).strip()} ms, p95 "
        f"{_ms(_p95(lats)).strip()} ms{ratio.replace('   ', ' (', 1) + ')' if ratio else ''}; "
        f"{per_key:.0f} bytes{note}",
    )
