"""Macao's review figures add up: every action cube a player had was a starting cube, one taken
with the dice or one a card or joker gave, and was spent, lost at the end of a turn or is still
on the rose; the points on the track are the deliveries', the tribute's and the cards'; the
counts are those of the moves and of the final state."""

from __future__ import annotations

import re
from functools import cache

import pytest

from boardgames_tui.rules.macao.actions import ChooseDice, Deliver, StartCubes, Tribute
from boardgames_tui.rules.macao.reckoning import cubes
from boardgames_tui.rules.registry import get

from .figures_helpers import played, table

GAME = get("macao")
SMART = "normal"
GAMES = [(2, 1, SMART), (3, 2, SMART), (4, 3, SMART), (2, 4, "random"), (3, 5, "random"), (4, 6, "random")]
CUBES, ACTIONS, POINTS = "Action cubes", "Actions", "Prestige points"


@cache
def _played(players, seed, level):
    return played("macao", players, seed, level)


def _sum(rows, group, seat):
    return sum(values[seat] for (heading, _), values in rows.items() if heading == group)


def _cubes_add_up(moves, rows):
    """Start + dice + cards and jokers − spent − lost = what is still on the rose or in the supply."""
    last = moves[-1].after
    for seat in range(last.n):
        start = sum(3 for m in moves if m.seat == seat and isinstance(m.action, StartCubes))
        held = sum(map(sum, last.pending[seat])) + sum(last.available[seat])
        taken = rows[(CUBES, "taken with the dice")][seat] + rows[(CUBES, "from cards and jokers")][seat]
        lost = rows[(CUBES, "spent")][seat] + rows[(CUBES, "lost at end of turn")][seat]
        assert start + taken - lost == held


def _dice(moves, seat):
    """The cubes the seat's die choices put on its rose: the dice, a card's extra cubes, a card's cube."""
    total = 0
    for m in moves:
        if m.seat == seat and isinstance(m.action, ChooseDice):
            a = m.action
            total += m.before.dice[a.a] + m.before.dice[a.b] + (a.cube >= 0)
            total += m.before.rose_cards(seat)[0] if a.extra >= 0 else 0
    return total


@pytest.mark.parametrize(("players", "seed", "level"), GAMES)
def test_cubes_points_and_counts_add_up(players, seed, level):
    moves = _played(players, seed, level)
    rows = table(GAME.figures(moves))
    last = moves[-1].after
    final = {row.seat: row for row in last.standings().rows}
    _cubes_add_up(moves, rows)
    for seat in range(players):
        assert rows[(CUBES, "taken with the dice")][seat] == _dice(moves, seat)
        track = sum(rows[(POINTS, label)][seat] for label in ("deliveries", "tribute", "cards during play"))
        assert track == last.pp[seat]
        assert _sum(rows, POINTS, seat) == final[seat].total
        assert rows[(POINTS, "cards during play")][seat] >= 0

        def count(kind, seat=seat):
            return sum(1 for m in moves if m.seat == seat and isinstance(m.action, kind))

        assert rows[(ACTIONS, "goods delivered")][seat] == count(Deliver)
        assert rows[(ACTIONS, "tributes paid")][seat] == count(Tribute)
        assert rows[(ACTIONS, "cards activated")][seat] == len(last.active[seat])
        assert rows[(ACTIONS, "city quarters taken")][seat] == sum(
            1 for o in last.owner.values() if o == seat
        )
        assert rows[(ACTIONS, "wall steps")][seat] == next(s for s, st in enumerate(last.wall) if seat in st)
        assert rows[(ACTIONS, "punish markers in play")][seat] == last.punish[seat]
    if level == SMART:
        assert all(rows[(CUBES, "spent")]) and all(rows[(POINTS, "deliveries")])


@pytest.mark.parametrize(("players", "seed", "level"), GAMES)
def test_deliveries_score_the_port_spaces_filled(players, seed, level):
    """A port's spaces filled, at their printed values, each doubled at most by a warehouse."""
    moves = _played(players, seed, level)
    rows = table(GAME.figures(moves))
    last = moves[-1].after
    printed = [0] * players
    for seats in last.delivered.values():
        for space, seat in enumerate(seats):
            printed[seat] += last.port_points[space]
    for seat in range(players):
        scored = rows[(POINTS, "deliveries")][seat]
        if not last.effects(seat, "WAREHOUSE"):
            assert scored == printed[seat]
        assert printed[seat] <= scored <= 2 * printed[seat]


@pytest.mark.parametrize(("players", "seed", "level"), GAMES)
def test_the_log_says_the_same(players, seed, level):
    """The figures are counted off the states; the log, written apart, must agree on what a
    delivery scored, what a tribute bought and what a pass lost."""
    moves = _played(players, seed, level)
    rows = table(GAME.figures(moves))
    said = {"deliveries": [0] * players, "tribute": [0] * players, "lost": [0] * players}
    for m in moves:
        for event in m.events:
            if found := re.search(r" delivers .+ in .+: (\d+) PP$", event.text):
                said["deliveries"][m.seat] += int(found[1])
            elif found := re.search(r" pays \d+ gold for (\d+) PP$", event.text):
                said["tribute"][m.seat] += int(found[1])
            elif found := re.search(r" passes, losing (.+)$", event.text):
                said["lost"][m.seat] += sum(cubes(found[1]))
    assert list(rows[(POINTS, "deliveries")]) == said["deliveries"]
    assert list(rows[(POINTS, "tribute")]) == said["tribute"]
    assert list(rows[(CUBES, "lost at end of turn")]) == said["lost"]


def test_part_of_a_game_counts_only_its_moves_and_no_end_rows():
    moves = _played(3, 2, SMART)
    whole = table(GAME.figures(moves))
    assert ("Prestige points", "punish markers (end)") in whole
    # stops in set-up, in the middle of the dice, in a payment and in an action turn
    stops = [
        1,
        next(i for i, m in enumerate(moves) if m.before.step == "dice" and i > 100),
        next(i for i, m in enumerate(moves) if m.before.step == "pay" and i > 50),
        len(moves) // 2,
    ]
    for k in stops:
        part = table(GAME.figures(moves[:k]))
        assert ("Prestige points", "punish markers (end)") not in part
        assert list(part) == [key for key in whole if not key[1].endswith("(end)")]
        assert all(part[key][s] <= whole[key][s] for key in part for s in range(3))
        _cubes_add_up(moves[:k], part)
    assert GAME.figures([]) == []
