"""A fingerprint of the bots' decisions and the scores over many seeded games, to show that a
change meant to keep behaviour (a refactor) kept it.

Game g of a game is played with seed g, a player count and a mix of bot levels that cycle with g
(hard bots at a small fixed budget of moves, so their choices do not depend on this machine's
speed), and options drawn from the game's own choices with an RNG seeded by g. The script prints
one digest per game over every action taken and every final total, and with `--save FILE` /
`--check FILE` keeps or compares them.

    python benchmarks/decisions.py --games 300 --save /tmp/before.txt
    python benchmarks/decisions.py --games 300 --check /tmp/before.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import bot_move, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.opponents import make_bot

LEVELS = ("random", "easy", "normal", "normal", "hard")
# The hard bot's thinking time: with each game's search_rate it is a budget of a few dozen moves.
HARD_THINK = 0.004


def play(game_id: str, g: int) -> str:
    """Game number g: every action as JSON, then the standings, one line each."""
    game = registry.get(game_id)
    pick = random.Random(f"decisions:{game_id}:{g}")
    counts = range(game.min_players, game.max_players + 1)
    n = counts[g % len(counts)]
    options = {spec.key: pick.choice(spec.choices)[0] for spec in game.options}
    levels = [LEVELS[(g + s) % len(LEVELS)] for s in range(n)]
    bots = [make_bot(game, level, HARD_THINK) for level in levels]
    state = game.new([Seat(f"p{s}", levels[s]) for s in range(n)], g, options=options)
    lines = [json.dumps([n, options, levels], sort_keys=True)]
    steps = 0
    while not state.is_over():
        seat = state.to_move()[0]
        action = bot_move(state, seat, bots[seat], bot_rng(g, seat, steps))
        lines.append(json.dumps([seat, action.to_json()], sort_keys=True))
        state.apply(seat, action)
        steps += 1
    for row in state.standings().rows:
        lines.append(json.dumps([row.seat, row.total, row.tiebreak, sorted(row.breakdown.items())]))
    return "\n".join(lines)


def digest(job: tuple[str, int]) -> tuple[str, int, str, int]:
    game_id, games = job
    hasher = hashlib.sha256()
    moves = 0
    for g in range(games):
        text = play(game_id, g)
        moves += text.count("\n")
        hasher.update(text.encode() + b"\n\n")
    return game_id, games, hasher.hexdigest(), moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per game (default 300)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save", help="write the digests to this file")
    parser.add_argument("--check", help="compare with the digests in this file")
    args = parser.parse_args()
    ids = args.game or registry.ids()
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(digest, [(game_id, args.games) for game_id in ids]))
    lines = [f"{game_id} {games} {value}" for game_id, games, value, _ in results]
    for result, line in zip(results, lines):
        print(f"{line}  ({result[3]} decisions)")
    print(f"{time.perf_counter() - start:.0f} s")
    if args.save:
        with open(args.save, "w") as out:
            out.write("\n".join(lines) + "\n")
    if args.check:
        with open(args.check) as saved:
            wanted = saved.read().split("\n")
        differ = [line.split()[0] for line in lines if line not in wanted]
        print("same as " + args.check if not differ else "DIFFERENT: " + ", ".join(differ))
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
