"""Santiago's review figures add up: every escudo a player holds was a starting escudo, income or
a bribe pocketed, less what went on bids, bribes and canals; every tile planted ended watered or
desert; the markers placed less those lost to drought are the ones on the board; the points rows
are the final scoring's cash and plantations; and the counts match the moves' own actions."""

from __future__ import annotations

from functools import cache

import pytest

from boardgames_tui.rules.registry import get
from boardgames_tui.rules.santiago.actions import Accept, Bid, Build, Pass, Plant, Propose, Support
from boardgames_tui.rules.santiago.data import INCOME, MARKERS_PER_PLAYER, START_CASH

from .figures_helpers import played, table

GAME = get("santiago")
GAMES = [(3, 1, "smart"), (3, 2, "random"), (4, 3, "smart"), (4, 4, "random"), (5, 5, "smart")]


@cache
def _game(players, seed, level):
    """Each bot game is played once for all the tests that read it."""
    return tuple(played("santiago", players, seed, level))


def _per_seat(moves, players, amount):
    """Seat by seat, the sum of amount(move) over that seat's moves."""
    return [sum(amount(m) for m in moves if m.seat == s) for s in range(players)]


def _cash_adds_up(rows, state):
    for s in range(state.n):
        got = rows[("Escudos", "income")][s] + rows[("Bribes and canals", "pocketed as overseer")][s]
        assert START_CASH + got - rows[("Escudos", "spent (bids/bribes/canals)")][s] == state.cash[s]


@pytest.mark.parametrize(("players", "seed", "level"), GAMES)
def test_escudos_and_points_add_up(players, seed, level):
    moves = _game(players, seed, level)
    rows = table(GAME.figures(moves))
    last = moves[-1].after
    _cash_adds_up(rows, last)
    # income every round but the last, which has the final drought instead
    assert rows[("Escudos", "income")] == (INCOME * (last.rounds - 1),) * players
    bids = _per_seat(moves, players, lambda m: m.action.amount if isinstance(m.action, Bid) else 0)
    builds = _per_seat(moves, players, lambda m: m.action.cost if isinstance(m.action, Build) else 0)
    assert list(rows[("Bidding", "escudos bid")]) == bids
    pocketed = rows[("Bribes and canals", "pocketed as overseer")]
    spent = rows[("Escudos", "spent (bids/bribes/canals)")]
    # every bribe paid is pocketed by an overseer: no escudo is lost between them
    assert sum(spent) - sum(bids) - sum(builds) == sum(pocketed)
    final = {row.seat: row for row in last.standings().rows}
    for s in range(players):
        assert rows[("Points", "cash (end)")][s] == last.cash[s]
        assert rows[("Points", "cash (end)")][s] + rows[("Points", "plantations (end)")][s] == final[s].total


@pytest.mark.parametrize(("players", "seed", "level"), GAMES)
def test_counts_match_the_moves(players, seed, level):
    moves = _game(players, seed, level)
    rows = table(GAME.figures(moves))
    last = moves[-1].after

    def count(test):
        return list(_per_seat(moves, players, lambda m: int(test(m))))

    assert list(rows[("Bidding", "passed")]) == count(
        lambda m: isinstance(m.action, Pass) and m.before.step == "bid"
    )
    # the highest bidder picks first; when everyone passed, the last to pass
    first, rounds = [0] * players, {}
    for m in moves:
        if m.before.step == "bid":
            rounds.setdefault(m.before.round, []).append(m)
    for bidding in rounds.values():
        bids = [(m.action.amount, m.seat) for m in bidding if isinstance(m.action, Bid)]
        first[max(bids)[1] if bids else bidding[-1].seat] += 1
    assert list(rows[("Bidding", "picked a tile first")]) == first
    assert sum(first) == last.rounds
    offered = _per_seat(
        moves, players, lambda m: m.action.amount if isinstance(m.action, (Propose, Support)) else 0
    )
    assert list(rows[("Bribes and canals", "escudos offered")]) == offered
    accepted = [m for m in moves if isinstance(m.action, Accept)]
    backers = [p for m in accepted for p, _ in m.before.proposals[m.action.proposal - 1][2]]
    assert list(rows[("Bribes and canals", "bribes taken up")]) == [backers.count(s) for s in range(players)]
    overseer = count(lambda m: isinstance(m.action, (Accept, Build)))
    assert list(rows[("Bribes and canals", "canals laid as overseer")]) == overseer
    personal = rows[("Bribes and canals", "personal canal laid")]
    assert list(personal) == [0 if left else 1 for left in last.personal]
    assert sum(overseer) + sum(personal) == len(last.canal_log)


@pytest.mark.parametrize(("players", "seed", "level"), GAMES)
def test_every_tile_ends_watered_or_desert(players, seed, level):
    moves = _game(players, seed, level)
    rows = table(GAME.figures(moves))
    last = moves[-1].after
    planted = rows[("Fields", "tiles planted")]
    assert list(planted) == [
        sum(1 for m in moves if m.seat == s and isinstance(m.action, Plant)) for s in range(players)
    ]
    for s in range(players):
        # the final drought leaves only watered tiles, and a watered tile never dries
        assert planted[s] == rows[("Fields", "fields watered")][s] + rows[("Fields", "turned to desert")][s]
        owned = [f for f, o in enumerate(last.owner) if o == s]
        assert rows[("Fields", "turned to desert")][s] == sum(last.desert[f] for f in owned)
        placed = MARKERS_PER_PLAYER - last.markers_left[s]
        on_board = sum(last.markers[f] for f in owned)
        assert placed - rows[("Fields", "markers lost to drought")][s] == on_board
    assert sum(rows[("Fields", "markers lost to drought")]) > 0


def test_part_of_a_game_counts_only_its_moves_and_no_end_rows():
    moves = _game(4, 3, "smart")
    whole = table(GAME.figures(moves))
    assert ("Points", "cash (end)") in whole
    for k in (1, 17, 40, 77, len(moves) - 1):
        part = table(GAME.figures(moves[:k]))
        assert ("Points", "cash (end)") not in part
        assert list(part) == [key for key in whole if key[0] != "Points"]
        assert all(part[key][s] <= whole[key][s] for key in part for s in range(4))
        _cash_adds_up(part, moves[k - 1].after)
    assert GAME.figures([]) == []
