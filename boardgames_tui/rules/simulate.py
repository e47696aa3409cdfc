"""Headless bot-vs-bot games: the engine behind `boardgames-tui simulate` and the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import registry
from .bots import Bot, bot_move, bot_rng
from .core import Seat
from .opponents import make_bot

if TYPE_CHECKING:  # the pool's machinery is loaded only for a run that uses it
    import multiprocessing.pool

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
            lines.append(
                f"  bot {i + 1} ({level}): wins {self.wins_by_bot[i]:g} ({share:.1%}), mean score {mean:.1f}"
            )
        lines.append(
            "  wins by seat: " + ", ".join(f"seat {i + 1} {w:g}" for i, w in enumerate(self.wins_by_seat))
        )
        lines.append(
            f"  {self.games_per_second:.1f} games/s, {self.decisions_per_second:.0f} decisions/s "
            f"({self.decisions} decisions in {self.seconds:.2f} s)"
        )
        return "\n".join(lines)


# One game's outcome: which bot sat where, each seat's total, the winning seats, decisions made.
Outcome = tuple[list[int], list[tuple[int, int]], list[int], int]


class _GameRunner:
    """Plays game number g of a run; a plain object, so that worker processes can be handed it."""

    def __init__(
        self,
        game_id: str,
        bots: list[str],
        seed: int,
        rotate: bool,
        options: dict[str, str] | None,
        think: float | None = None,
    ):
        self.game_id, self.bots, self.seed, self.rotate, self.options = game_id, bots, seed, rotate, options
        self.think = think
        self.players: dict[str, Bot] = {}

    def __call__(self, g: int) -> Outcome:
        game = registry.get(self.game_id)
        bots = self.bots
        n = len(bots)
        if not self.players:
            self.players = {level: make_bot(game, level, self.think) for level in set(bots)}
        shift = g % n if self.rotate else 0
        # seat_bot[s] = index into `bots` of the bot sitting at seat s
        seat_bot = [(s - shift) % n for s in range(n)]
        seats = [Seat(f"{bots[b]}-{b + 1}", bots[b]) for b in seat_bot]
        state = game.new(seats, self.seed + g, options=self.options)
        rngs = [bot_rng(self.seed + g, s) for s in range(n)]
        players = [self.players[bots[b]] for b in seat_bot]
        steps = 0
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, bot_move(state, seat, players[seat], rngs[seat]))
            steps += 1
            if steps > MAX_DECISIONS:
                raise RuntimeError(
                    f"{self.game_id} seed {self.seed + g} did not end in {MAX_DECISIONS} decisions"
                )
        standings = state.standings()
        return (
            seat_bot,
            [(row.seat, row.total) for row in standings.rows],
            [row.seat for row in standings.winners],
            steps,
        )


def simulate(
    game_id: str,
    bots: list[str],
    games: int,
    seed: int = 0,
    rotate: bool = True,
    options: dict[str, str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    think: float | None = None,
) -> SimulationResult:
    """Play `games` games between the bot levels in `bots` (one per seat); `think` is the hard
    bots' thinking time per decision (None: the default).

    With `rotate`, game g seats bot i at seat (i + g) mod n, so every bot plays every seat.
    Game g uses seed `seed + g`. `progress(done, games)` is called after every game; the rules
    layer draws nothing itself, so the caller decides whether and how to show it.

    With `jobs` above 1 the games are shared among that many worker processes. Each game is
    still played from its own seed, and the outcomes are added up in game order, so the result
    is the same, to the last digit, as with one.
    """
    n = len(bots)
    result = SimulationResult(game_id, n, games, list(bots), [0.0] * n, [0.0] * n, [0] * n)
    runner = _GameRunner(game_id, list(bots), seed, rotate, options, think)
    registry.get(game_id)  # an unknown game fails here, before any worker starts
    jobs = max(1, min(jobs, games))
    start = time.perf_counter()
    if jobs == 1:
        for g in range(games):
            _add(result, runner(g))
            if progress is not None:
                progress(g + 1, games)
    else:
        # A few games per hand-out keeps the workers busy without the last one running long.
        chunk = max(1, min(8, games // (jobs * 8)))
        with _pool(jobs) as pool:
            for g, outcome in enumerate(pool.imap(runner, range(games), chunksize=chunk)):
                _add(result, outcome)
                if progress is not None:
                    progress(g + 1, games)
    result.seconds = time.perf_counter() - start
    return result


def _add(result: SimulationResult, outcome: Outcome) -> None:
    seat_bot, totals, winners, steps = outcome
    result.decisions += steps
    for seat, total in totals:
        result.score_sum_by_bot[seat_bot[seat]] += total
    for seat in winners:
        result.wins_by_bot[seat_bot[seat]] += 1 / len(winners)
        result.wins_by_seat[seat] += 1 / len(winners)


def _pool(jobs: int) -> multiprocessing.pool.Pool:
    import multiprocessing

    # fork where there is one: the workers start at once, with the rules already imported
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return context.Pool(jobs, initializer=_worker_ignores_interrupt)


def _worker_ignores_interrupt() -> None:
    # Ctrl+C reaches every process of the terminal's group: the parent alone answers it (and
    # stops the workers), so the workers print no tracebacks of their own.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def cpu_count() -> int:
    """The processors this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1
