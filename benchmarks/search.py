"""What the hard bot's search costs and gets, game by game. Prints figures, asserts nothing.

    python benchmarks/search.py                    # every game, its smallest and largest count
    python benchmarks/search.py macao --players 3 --positions 20 --think 0.5

Positions are taken from seeded games of normal bots, spread over the whole game. At each:

* the engine speed search needs: state copies a second, redeals (`State.redeal_hidden`) a
  second, and playouts to the end by the normal bot a second, with the moves a second they play;
* the hard bot's own decisions at the default thinking time (or --think): their time, median and
  p95, and the moves a second the search played. That last figure is what `Game.search_rate`
  should say on the reference machine: it is printed beside the game's current value, which
  turns a thinking time into a budget of moves (so decisions do not depend on the machine).

Run over every game at its smallest and largest count (no game, no --players), the figures are
also written to benchmarks/RESULTS.md as its `search` section (results_table.py), replacing the
last run's; a part of the table is only printed, so that it never stands there for the whole.
`--no-write` only prints.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import results_table  # noqa: E402
from bots import counts_measured  # noqa: E402

from boardgames_tui.rules import registry  # noqa: E402
from boardgames_tui.rules.bots import bot_move, bot_rng, shown_to  # noqa: E402
from boardgames_tui.rules.core import State  # noqa: E402
from boardgames_tui.rules.levels import DEFAULT_THINK  # noqa: E402
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.search import SearchBot  # noqa: E402


def positions(game_id: str, players: int, count: int, seed: int) -> list[State]:
    """`count` positions where a seat has a real choice, spread evenly over seeded normal games."""
    game = registry.get(game_id)
    normal = make_bot(game, "normal")
    found: list[State] = []
    g = 0
    while len(found) < count:
        state = game.new([f"P{i}" for i in range(players)], seed + g)
        line: list[State] = []
        step = 0
        while not state.is_over():
            seat = state.to_move()[0]
            if len(state.legal_actions(seat)) > 1:
                line.append(state.copy())
            state.apply(seat, bot_move(state, seat, normal, bot_rng(seed + g, seat, step)))
            step += 1
        wanted = min(count - len(found), 8)
        found += [line[int(i * len(line) / wanted)] for i in range(wanted)]
        g += 1
    return found


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def measure(game_id: str, players: int, count: int, think: float, seed: int) -> dict:
    game = registry.get(game_id)
    normal = make_bot(game, "normal")
    states = positions(game_id, players, count, seed)
    rng = random.Random(seed)
    t = time.perf_counter()
    for state in states:
        for _ in range(5):
            state.copy()
    copies = 5 * len(states) / (time.perf_counter() - t)
    t = time.perf_counter()
    for state in states:
        seat = state.to_move()[0]
        for _ in range(5):
            state.redeal_hidden(seat, rng)
    redeals = 5 * len(states) / (time.perf_counter() - t)
    played = 0
    t = time.perf_counter()
    for state in states:
        world = state.redeal_hidden(state.to_move()[0], rng)
        while not world.is_over():
            mover = world.to_move()[0]
            world.apply(mover, bot_move(world, mover, normal, rng))
            played += 1
    spent = time.perf_counter() - t
    hard = make_bot(game, "hard", think)
    assert isinstance(hard, SearchBot)
    times, rates = [], []
    for i, state in enumerate(states):
        seat = state.to_move()[0]
        decide = bot_rng(seed, seat, i)
        t = time.perf_counter()
        hard.choose(shown_to(hard, state, seat, decide), state.legal_actions(seat), decide)
        took = time.perf_counter() - t
        times.append(took)
        rates.append(hard.last_moves / took)
    return {
        "game": game_id,
        "players": players,
        "positions": len(states),
        "copies": copies,
        "redeals": redeals,
        "playouts": len(states) / spent,
        "moves": played / spent,
        "median": statistics.median(times),
        "p95": pct(times, 0.95),
        "rate": statistics.median(rates),
        "declared": game.search_rate.get(players),
        "budget": hard.budget(players),
    }


def show(r: dict) -> None:
    print(
        f"{r['game']:14} {r['players']}p  copies {r['copies']:6.0f}/s  redeals {r['redeals']:6.0f}/s  "
        f"playouts {r['playouts']:5.1f}/s ({r['moves']:5.0f} moves/s)  hard decision "
        f"median {1000 * r['median']:4.0f} ms p95 {1000 * r['p95']:4.0f} ms  "
        f"search {r['rate']:5.0f} moves/s (search_rate {r['declared']}, budget {r['budget']} moves)",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", nargs="?", help="a game id; none: every game")
    parser.add_argument("--players", type=int, help="one count; none: the game's smallest and largest")
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--think", type=float, default=DEFAULT_THINK)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-write", action="store_true", help="print only: RESULTS.md as it was")
    args = parser.parse_args()
    figures = results_table.Collector()
    for game_id in [args.game] if args.game else registry.ids():
        for players in counts_measured(game_id, args.players):
            row = measure(game_id, players, args.positions, args.think, args.seed)
            show(row)
            keep(figures, row, args.think)
    if not args.no_write and not args.game and not args.players:
        figures.note(
            "search",
            f"{args.positions} positions a game and count, the hard bot thinking {args.think:g} s "
            f"a move, seed {args.seed}.",
        )
        figures.write(["search"])
        print(f"(written to {results_table.RESULTS})")
    return 0


def keep(figures: results_table.Collector, r: dict, think: float) -> None:
    name = f"{registry.get(r['game']).title}, {r['players']} players"
    figures.add(
        "search",
        f"{name}: state copies / redeals / playouts a second (moves a second)",
        f"{r['copies']:.0f} / {r['redeals']:.0f} / {r['playouts']:.1f} ({r['moves']:.0f})",
    )
    figures.add(
        "search",
        f"{name}: a hard decision at {think:g} s, median / p95; the search's moves a second",
        f"{1000 * r['median']:.0f} ms / {1000 * r['p95']:.0f} ms; {r['rate']:.0f} moves/s "
        f"(search_rate {r['declared']}, budget {r['budget']} moves)",
    )


if __name__ == "__main__":
    sys.exit(main())
