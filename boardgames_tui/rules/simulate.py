"""Headless bot-vs-bot games: the engine behind `boardgames-tui simulate` and the benchmarks."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from . import registry
from .bots import bot_move, bot_rng
from .core import Seat

# A game that runs this many decisions without ending is a bug, not a long game.
MAX_DECISIONS = 100_000


@dataclass
class SimulationResult:
    game_id: str
    players: int
    games: int
    bots: list[str]
    wins_by_bot: list[float] = field(default_factory=list)  # by entry of `bots`, ties split evenly
    wins_by_seat: list[float] = field(default_factory=list)
    score_sum_by_bot: list[int] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else float("inf")

    def report(self) -> str:
        lines = [f"{self.games} games of {self.game_id}, {self.players} players"]
        for i, level in enumerate(self.bots):
            share = self.wins_by_bot[i] / self.games if self.games else 0
            mean = self.score_sum_by_bot[i] / self.games if self.games else 0
            lines.append(f"  bot {i + 1} ({level}): wins {self.wins_by_bot[i]:g} ({share:.1%}), "
                         f"mean score {mean:.1f}")
        lines.append("  wins by seat: " + ", ".join(
            f"seat {i + 1} {w:g}" for i, w in enumerate(self.wins_by_seat)))
        lines.append(f"  {self.games_per_second:.1f} games/s, {self.decisions_per_second:.0f} decisions/s "
                     f"({self.decisions} decisions in {self.seconds:.2f} s)")
        return "\n".join(lines)


def simulate(game_id: str, bots: list[str], games: int, seed: int = 0, rotate: bool = True,
             options: dict | None = None) -> SimulationResult:
    """Play `games` games between the bot levels in `bots` (one per seat).

    With `rotate`, game g seats bot i at seat (i + g) mod n, so every bot plays every seat.
    Game g uses seed `seed + g`.
    """
    game = registry.get(game_id)
    n = len(bots)
    result = SimulationResult(game_id, n, games, list(bots), [0.0] * n, [0.0] * n, [0] * n)
    players = {level: game.make_bot(level) for level in set(bots)}
    start = time.perf_counter()
    for g in range(games):
        shift = g % n if rotate else 0
        # seat_bot[s] = index into `bots` of the bot sitting at seat s
        seat_bot = [(s - shift) % n for s in range(n)]
        seats = [Seat(f"{bots[b]}-{b + 1}", bots[b]) for b in seat_bot]
        state = game.new(seats, seed + g, options=options)
        rngs = [bot_rng(seed + g, s) for s in range(n)]
        steps = 0
        while not state.is_over():
            seat = state.to_move()[0]
            action = bot_move(state, seat, players[bots[seat_bot[seat]]], rngs[seat])
            state.apply(seat, action)
            steps += 1
            if steps > MAX_DECISIONS:
                raise RuntimeError(f"{game_id} seed {seed + g} did not end in {MAX_DECISIONS} decisions")
        result.decisions += steps
        standings = state.standings()
        winners = standings.winners
        for row in standings.rows:
            result.score_sum_by_bot[seat_bot[row.seat]] += row.total
        for row in winners:
            result.wins_by_bot[seat_bot[row.seat]] += 1 / len(winners)
            result.wins_by_seat[row.seat] += 1 / len(winners)
    result.seconds = time.perf_counter() - start
    return result
