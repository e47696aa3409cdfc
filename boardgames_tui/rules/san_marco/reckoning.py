"""San Marco's arithmetic, as plain functions of plain data: scoring a district, a banishment's
losses, where a district card may place, where the Doge can go and at what price, the period-end
bonus and free banishment, starting cubes, the neutral colour's set-up and the final winners
(spec §3, §5, §6, §7, §8). The state machine calls these; the worked examples of spec §10 test
them directly.

Colours are any hashable labels (a seat number, "neutral", a dummy's name); districts are indexes
into data.DISTRICTS.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .data import DOGE_STEP_BANK_COST, LIMIT_OUT, NDISTRICTS, NEIGHBOURS, NEUTRAL_CUBES

Colour = Hashable
C = TypeVar("C", bound=Hashable)
# A bridge on the board: the pair of districts it joins (data.pair order) and its owner.
Bridge = tuple[tuple[int, int], Colour]


def district_scores(counts: Mapping[C, int], high: int, low: int) -> dict[C, int]:
    """Prestige for scoring one district holding `counts` cubes per colour (spec §7.1): a sole
    leader gets `high`, and a sole runner-up `low`; several tied leaders get `low` each and nobody
    else scores; several tied for second get nothing. Colours with no cube take no rank."""
    present = sorted((n for n in counts.values() if n > 0), reverse=True)
    if not present:
        return {}
    first = present[0]
    leaders = [c for c, n in counts.items() if n == first]
    if len(leaders) > 1:
        return {c: low for c in leaders}
    scores = {leaders[0]: high}
    rest = [n for n in present if n < first]
    if rest:
        second = [c for c, n in counts.items() if n == rest[0]]
        if len(second) == 1:
            scores[second[0]] = low
    return scores


def banishment_losses(roll: int, foreign: int, own: int) -> tuple[int, int]:
    """(foreign cubes removed, own cubes removed) when the die shows `roll` in a district with
    `foreign` cubes of other colours and `own` of the banisher's (spec §5.4): the roll's number of
    foreign cubes; only a roll above all of them takes own cubes too, as many as are left of it."""
    if roll <= foreign:
        return roll, 0
    return foreign, min(roll - foreign, own)


def district_card_targets(district: int, bridges: Iterable[Bridge], player: Colour) -> set[int]:
    """Where a district card for `district` may place `player`'s cube (spec §5.1): there, or
    across one bridge of the player's own that touches it."""
    targets = {district}
    for (a, b), owner in bridges:
        if owner == player and district in (a, b):
            targets.add(b if a == district else a)
    return targets


@dataclass(frozen=True)
class Route:
    """A way for the Doge to a district: the districts passed through (start first), the prestige
    paid to each owner of a foreign bridge crossed, and the prestige given up to the bank."""

    path: tuple[int, ...]
    paid: tuple[tuple[Colour, int], ...] = ()
    bank: int = 0
    cost: int = 0

    @property
    def destination(self) -> int:
        return self.path[-1]


def doge_paths(
    start: int, bridges: Sequence[Bridge], player: Colour, prestige: int
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every way the Doge may go from `start` that `player` can pay for, without entering a
    district twice: (destination, steps), each step a bridge's index in `bridges` to cross it, or
    −(d + 1) to step to neighbouring district d for 2 to the bank (only from a district no bridge
    touches). The empty route stays. Routes that enter a district again are endless (own bridges
    are free) and are not listed: doge_step_refusal checks one. Kept for the positions met again
    (a pile with a Doge card is listed at every move)."""
    return _doge_paths(start, tuple(bridges), player, prestige)


def doge_steps(here: int, bridges: Sequence[Bridge], player: Colour) -> list[tuple[int, int, int]]:
    """The Doge's steps open from district `here` (spec §5.5), as (district reached, step, price):
    each bridge touching `here` (free over `player`'s own, else 1), or, only when none touches it,
    each neighbouring district for 2 to the bank. Steps are written as doge_paths writes them."""
    steps = []
    for index, ((a, b), owner) in enumerate(bridges):
        if here in (a, b):
            steps.append((b if a == here else a, index, 0 if owner == player else 1))
    if steps:
        return steps
    return [(there, -(there + 1), DOGE_STEP_BANK_COST) for there in sorted(NEIGHBOURS[here])]


def doge_reach(start: int, bridges: Sequence[Bridge], player: Colour) -> set[int]:
    """The districts the Doge can reach from `start` by any run of steps, whatever it would cost:
    what tells a district no route leads to from one the player's prestige cannot pay for."""
    reached, frontier = {start}, [start]
    while frontier:
        for there, _step, _price in doge_steps(frontier.pop(), bridges, player):
            if there not in reached:
                reached.add(there)
                frontier.append(there)
    return reached


@functools.lru_cache(maxsize=4096)
def _doge_paths(
    start: int, bridges: tuple[Bridge, ...], player: Colour, prestige: int
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    moves_from = {d: doge_steps(d, bridges, player) for d in range(NDISTRICTS)}
    out: list[tuple[int, tuple[int, ...]]] = []

    def walk(here: int, seen: frozenset[int], steps: tuple[int, ...], cost: int) -> None:
        out.append((here, steps))
        for there, step, price in moves_from[here]:
            if there not in seen and cost + price <= prestige:
                walk(there, seen | {there}, steps + (step,), cost + price)

    walk(start, frozenset({start}), (), 0)
    return tuple(out)


# The longest route the Doge is given: enough to cross every bridge of the board and back, and a
# bound on the work a single move may ask of the engine.
DOGE_MAX_STEPS = 32


def doge_step_refusal(
    start: int, steps: object, bridges: Sequence[Bridge], player: Colour, prestige: int
) -> str | None:
    """Why `steps` is no route for the Doge from `start` (spec §5.5), or None when it is one.
    Unlike doge_paths' routes, a route may enter a district again and cross a bridge again: each
    crossing of another colour's bridge is paid again [RULING: crossing twice costs twice]."""
    if not isinstance(steps, tuple) or any(type(step) is not int for step in steps):
        return "A Doge route is a list of steps."
    if len(steps) > DOGE_MAX_STEPS:
        return f"A Doge route here takes at most {DOGE_MAX_STEPS} steps."
    here, cost = start, 0
    for step in steps:
        open_here = {s: (there, price) for there, s, price in doge_steps(here, bridges, player)}
        if step not in open_here:
            if step >= 0:
                return "Each step of the Doge crosses a bridge that touches the district he is in."
            if any(s >= 0 for s in open_here):
                return "The 2-prestige step is only for a district that no bridge touches."
            return "The 2-prestige step goes to a neighbouring district."
        here, price = open_here[step]
        cost += price
        if cost > prestige:
            return "You cannot pay for that route: prestige never goes below 0."
    return None


def follow(start: int, steps: Sequence[int], bridges: Sequence[Bridge], player: Colour) -> Route:
    """Where `steps` (as doge_paths writes them) take the Doge, and what they cost."""
    path = [start]
    paid: dict[Colour, int] = {}
    bank = 0
    for step in steps:
        here = path[-1]
        if step < 0:
            path.append(-step - 1)
            bank += DOGE_STEP_BANK_COST
            continue
        (a, b), owner = bridges[step]
        path.append(b if a == here else a)
        if owner != player:
            paid[owner] = paid.get(owner, 0) + 1
    return Route(tuple(path), tuple(paid.items()), bank, bank + sum(paid.values()))


def doge_routes(start: int, bridges: Sequence[Bridge], player: Colour, prestige: int) -> dict[int, Route]:
    """The cheapest of doge_paths' routes to each district `player` can reach (the fewest steps
    among equals): what a player is shown first, before choosing the exact route."""
    best: dict[int, Route] = {}
    for there, steps in doge_paths(start, bridges, player, prestige):
        route = follow(start, steps, bridges, player)
        known = best.get(there)
        if known is None or (route.cost, len(route.path)) < (known.cost, len(known.path)):
            best[there] = route
    return best


def period_bonus(totals: Sequence[int]) -> list[int]:
    """Each player's bonus at a period's end (spec §6.3): the highest limit total less their own,
    for those below the limit; nothing for those at or above it."""
    most = max(totals)
    return [most - t if t < LIMIT_OUT else 0 for t in totals]


def free_banisher(totals: Sequence[int]) -> int | None:
    """The player (index) with the sole lowest limit total, who may banish once for free; None
    when the lowest is shared (spec §6.3, E13)."""
    lowest = min(totals)
    holders = [i for i, t in enumerate(totals) if t == lowest]
    return holders[0] if len(holders) == 1 else None


def starting_cubes(rolls: Sequence[int], per_roll: int = 2) -> list[int]:
    """Cubes per district (index) from a player's starting die rolls (1..6)."""
    counts = [0] * NDISTRICTS
    for roll in rolls:
        counts[roll - 1] += per_roll
    return counts


def neutral_start(rolls: Sequence[int]) -> list[int]:
    """Variant A's neutral cubes per district: one in each, then one per roll (spec §8.2)."""
    counts = [1] * NDISTRICTS
    for roll in rolls:
        counts[roll - 1] += 1
    assert sum(counts) <= NEUTRAL_CUBES
    return counts


def winners(prestige: Sequence[int], san_marco_cubes: Sequence[int], players: Sequence[int]) -> list[int]:
    """The winners among `players` (indexes; dummies are not players): the most prestige, then the
    most cubes in San Marco; a tie on both is shared (spec §7.3)."""
    top = max(prestige[p] for p in players)
    tied = [p for p in players if prestige[p] == top]
    most = max(san_marco_cubes[p] for p in tied)
    return [p for p in tied if san_marco_cubes[p] == most]
