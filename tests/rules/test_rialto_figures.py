"""Rialto's review figures add up: every coin a player holds was a starting coin or one earned,
less those put on buildings; every point on the track was there at the start or came from stage D,
stage E, a bank bonus or a building, and with the final scoring's parts they make the total; the
bridges, gondolas and buildings counted are the ones on the board; and each stage's row is the
sum of the counts the log announced for that player's plays."""

from __future__ import annotations

import re
from functools import cache

import pytest

from boardgames_tui.rules.registry import get
from boardgames_tui.rules.rialto.actions import Build, Play
from boardgames_tui.rules.rialto.data import BANK_BONUS, CARD_NAMES, STAGES

from .figures_helpers import played, table

GAME = get("rialto")
SMART = "normal"
VIRTUAL = {"virtual_player": "on"}
GAMES = [  # 2-player seed 9 and 3-player seed 39: a building returned to make room
    (2, 9, SMART, None),
    (2, 2, "random", VIRTUAL),
    (3, 39, SMART, None),
    (3, 3, "random", None),
    (4, 4, SMART, None),
    (4, 7, "random", None),
    (5, 5, SMART, None),
    (5, 6, "random", None),
]
STAGE_ROWS = [f"{kind} (stage {letter})" for kind, letter in zip(CARD_NAMES, STAGES)]
TRACK = (
    "at the start",
    "Bridge stage (D)",
    "Gondola stage (E)",
    "bank bonuses",
    "buildings (blue, returned)",
)


@cache
def _game(players, seed, level, virtual):
    """Each bot game is played once for all the tests that read it."""
    return tuple(played("rialto", players, seed, level, options=VIRTUAL if virtual else None))


def _moves(players, seed, level, options):
    return _game(players, seed, level, options is not None)


def _track_and_coins_add_up(rows, moves, state):
    for s in range(state.n):
        earned, spent = rows[("Coins", "earned")][s], rows[("Coins", "spent on buildings")][s]
        assert moves[0].before.coins[s] + earned - spent == state.coins[s]
        track = sum(rows[("Points", label)][s] for label in TRACK)
        assert track == (state.final["rows"][s]["track"] if state.final else state.vp[s])


@pytest.mark.parametrize(("players", "seed", "level", "options"), GAMES)
def test_coins_and_points_add_up(players, seed, level, options):
    moves = _moves(players, seed, level, options)
    rows = table(GAME.figures(moves))
    last = moves[-1].after
    _track_and_coins_add_up(rows, moves, last)
    final = {row.seat: row for row in last.standings().rows}
    for s in range(players):
        assert sum(values[s] for (group, _), values in rows.items() if group == "Points") == final[s].total
    claimed = sum(1 for winners in last.banks if winners for p in winners if p < players)
    assert sum(rows[("Points", "bank bonuses")]) == BANK_BONUS * claimed
    if level == SMART:
        assert all(rows[("Coins", "earned")]) and all(rows[("Coins", "spent on buildings")])
    # a coin on a building per green, blue or Yellow 1 activated, and per yellow used in a play
    uses = [sum(_activations(m.action) for m in moves if m.seat == s) for s in range(players)]
    assert list(rows[("Coins", "spent on buildings")]) == uses


def _activations(action):
    if action.kind in ("green", "blue", "wait"):
        return 1
    return len(action.one) + len(action.two) + action.extra if action.kind == "play" else 0


@pytest.mark.parametrize(("players", "seed", "level", "options"), GAMES)
def test_placements_are_the_ones_on_the_board(players, seed, level, options):
    moves = _moves(players, seed, level, options)
    rows = table(GAME.figures(moves))
    last = moves[-1].after
    for s in range(players):
        for kind, label in ((0, "bridges placed"), (1, "gondolas placed")):
            on_board = sum(1 for tile in last.slots if tile is not None and tile[0] == kind and tile[3] == s)
            assert rows[("Board", label)][s] == on_board
        # the starting building, plus those built, less those returned to make room
        returned = sum(
            1 for m in moves if m.seat == s and isinstance(m.action, Build) and m.action.back_colour >= 0
        )
        assert 1 + rows[("Board", "buildings built (stage C)")][s] - returned == len(last.buildings[s])
        values = sum(b[1] for b in last.buildings[s])
        assert rows[("Points", "buildings' values (end)")][s] == values


@pytest.mark.parametrize(("players", "seed", "level", "options"), GAMES)
def test_stage_rows_are_the_counts_played(players, seed, level, options):
    moves = _moves(players, seed, level, options)
    rows = table(GAME.figures(moves))
    for s in range(players):
        said = [0] * len(STAGES)
        for m in moves:
            if m.seat == s and isinstance(m.action, Play):
                counts = [
                    re.search(r"\(count (\d+)\)$", e.text)
                    for e in m.events
                    if e.text.startswith(f"P{s} plays")
                ]
                said[m.before.stage] += int(counts[0].group(1))
        assert [rows[("Cards played (count)", label)][s] for label in STAGE_ROWS] == said


def test_part_of_a_game_adds_up_to_its_last_state_and_has_no_end_rows():
    moves = _moves(4, 4, SMART, None)
    whole = table(GAME.figures(moves))
    for k in (1, 30, 111, len(moves) - 1):
        part = table(GAME.figures(moves[:k]))
        assert ("Points", "districts (end)") not in part and ("Points", "districts (end)") in whole
        _track_and_coins_add_up(part, moves, moves[k - 1].after)
        counted = [key for key in part if key[0] != "Points"]
        assert all(part[key][s] <= whole[key][s] for key in counted for s in range(4))
    assert GAME.figures([]) == []
