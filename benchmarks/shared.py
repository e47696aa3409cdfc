"""Shared tables over SSH on loopback: how soon a player's move shows on every other player's screen.

The server is `boardgames-tui serve ssh` started for the run (remote.SSHServer); each player is
OpenSSH's `ssh -t` in a tmux pane of its own (terminal.py), 80×24. The first player opens a St.
Petersburg table from the launcher (F6), the others join it by its code (F7), all of them people,
so that every move is one a person makes. Then, move after move, the player to act passes (Space):
the clock runs from handing the key to tmux until each pane's screen has changed (terminal.py's
rule: the end of the first burst of output after which the screen differs). Printed for 2 and 4
players: the time until every other screen shows the move (the slowest of them), each other
screen's own time, and the mover's own screen's time beside them, as the ratio a player feels
(the others wait for the table service and their own app; the mover only for their app).
"""

from __future__ import annotations

import re
import statistics
import time

import results_table
from player import Session, _ms, _p95
from remote import SSHServer
from terminal import Terminal

from boardgames_tui import prefs
from boardgames_tui.serve.ssh import user_data_dir

LAUNCHER = "five Euro games"
COUNTS = (2, 4)


def seat_table(session: Session, server: SSHServer, players: int) -> list[Terminal]:
    """Terminals of `players` people at one new St. Petersburg table, its game begun."""
    users = [f"p{players}{chr(ord('a') + i)}" for i in range(players)]
    data = session.scratch.root / "server-data"
    names = [(f"P{i + 1}", "human") for i in range(players)]
    prefs.remember("st_petersburg", players, names, {}, path=prefs.prefs_path(user_data_dir(data, users[0])))
    terms = []
    for i, user in enumerate(users):
        term = session.terminal(f"shared-{players}-{i}", 80, 24)
        first, _ = term.start(server.command(user), LAUNCHER, limit=30.0)
        if first is None:
            raise RuntimeError(f"{user} never saw the launcher")
        term.wait_still(0.3, 5.0)
        terms.append(term)
    terms[0].press("F6")
    terms[0].wait_for("table code", limit=10.0)
    code = re.search(r"table code\s+([A-Z2-9]{5})", terms[0].text())
    if code is None:
        raise RuntimeError("no table code on the opener's screen")
    for term in terms[1:]:
        term.press("F7")
        term.wait_for("join a table", limit=10.0)
        term.press(code.group(1))
        term.press("Enter")
        term.wait_for("open: anyone", limit=10.0)
        term.press("Enter")
    for term in terms:
        if not term.wait_for("St. Petersburg · round 1", limit=20.0):
            raise RuntimeError("the game did not begin on every screen")
    return terms


def measure(terms: list[Terminal], moves: int) -> dict[str, list[float]]:
    every, each, own = [], [], []
    missed = 0
    while len(every) < moves:
        for term in terms:
            term.wait_still(0.15, 3.0)
        actor = next((t for t in terms if "to act" in t.text().splitlines()[0]), None)
        if actor is None:
            time.sleep(0.05)
            missed += 1
            if missed > 100:
                raise RuntimeError("nobody was to act for a long while")
            continue
        others = [t for t in terms if t is not actor]
        before = {t.name: t.screen() for t in terms}
        counts = {t.name: t.output_count() for t in terms}
        t0 = time.perf_counter()
        actor.press("Space")
        mine = actor.changed_at(before[actor.name], counts[actor.name], t0, 5.0)
        theirs = [t.changed_at(before[t.name], counts[t.name], t0, 5.0) for t in others]
        if mine is None or any(x is None for x in theirs):
            missed += 1
            continue
        own.append(mine)
        each.extend(x for x in theirs if x is not None)
        every.append(max(x for x in theirs if x is not None))
    return {"every": every, "each": each, "own": own}


def run(moves: int = 30) -> None:
    print(
        "Shared tables over SSH on loopback: a move (Space, a pass) → the other players' screens "
        f"({moves} moves)"
    )
    with Session() as session:
        server = SSHServer(session.scratch.root, "--bot-delay", "0")
        try:
            for players in COUNTS:
                terms = seat_table(session, server, players)
                figures = measure(terms, moves)
                every, each, own = figures["every"], figures["each"], figures["own"]
                ratio = statistics.median(every) / statistics.median(own)
                print(
                    f"  {players} players: every other screen updated median {_ms(statistics.median(every))} "
                    f"p95 {_ms(_p95(every))}; each other screen median {_ms(statistics.median(each))} "
                    f"p95 {_ms(_p95(each))}; the mover's own screen median {_ms(statistics.median(own))} "
                    f"p95 {_ms(_p95(own))} (others / own: {ratio:.2f}×)"
                )
                results_table.add(
                    "shared",
                    f"{players} players, a move → every other screen / each other / the mover's own",
                    " / ".join(
                        f"median {_ms(statistics.median(v)).strip()} ms p95 {_ms(_p95(v)).strip()} ms"
                        for v in (every, each, own)
                    )
                    + f" (others / own ×{ratio:.2f}; {moves} moves)",
                )
                for term in terms:
                    term.stop()
        finally:
            server.stop()


if __name__ == "__main__":
    run()
