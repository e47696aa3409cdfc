"""Rialto played to the end by seeded random choices, for 2 (with and without the virtual player),
3, 4 and 5 players, with the invariants of issue 10: 77 cards in all, 18 councilmen a colour,
30 coins, at most 7 buildings each, no building stock below zero, VP never below 0; illegal
actions change nothing; a save and a replay give the same game."""

import json
import random

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.core import IllegalAction, Seat
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.rules.rialto.actions import Play
from boardgames_tui.rules.rialto.data import (
    BUILDING_COPIES,
    BUILDING_SPACES,
    CARD_KINDS,
    CARDS_PER_KIND,
    COINS,
    COUNCILMEN,
    ROUNDS,
)


def invariants(s):
    played = [c for p in s.played if p for c in p["cards"]]
    every = s.deck + [c for pile in s.discards for c in pile] + [c for row in s.rows for c in row]
    every += [c for hand in s.hands for c in hand] + played
    assert sorted(every) == sorted(k for k in range(CARD_KINDS) for _ in range(CARDS_PER_KIND))
    for p in range(s.m):
        placed = sum(row[p] for row in s.council)
        assert s.general[p] + s.personal[p] + placed == COUNCILMEN
        assert min(s.general[p], s.personal[p], *(row[p] for row in s.council)) >= 0
    if s.virtual:
        assert s.neutral_supply + sum(s.neutral) == COUNCILMEN
    on_buildings = sum(b[2] for bs in s.buildings for b in bs)
    assert on_buildings + sum(s.coins) + s.general_coins == COINS
    assert min(s.coins) >= 0 and s.general_coins >= 0
    for p in range(s.n):
        assert len(s.buildings[p]) <= BUILDING_SPACES
    for colour in range(3):
        for value in range(1, 5):
            owned = sum(1 for bs in s.buildings for b in bs if (b[0], b[1]) == (colour, value))
            assert s.stock[colour][value - 1] >= 0
            assert s.stock[colour][value - 1] + owned == BUILDING_COPIES
    assert all(v >= 0 for v in s.vp)
    built = [t for t in s.slots if t is not None]
    assert len(s.bridges) + sum(1 for t in built if t[0] == 0) == 6
    assert s.gondolas + sum(1 for t in built if t[0] == 1) == 6


def play(players, seed, options=None):
    game = registry.get("rialto")
    seats = [Seat(f"P{i}", "random") for i in range(players)]
    record, state = GameRecord.start("rialto", seats, seed, options=options or {})
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        assert legal, state.step
        action = rng.choice(legal)
        if steps % 20 == 0:
            before = state.copy()
            with pytest.raises(IllegalAction):
                state.apply((seat + 1) % players, action)
            with pytest.raises(IllegalAction):
                state.apply(seat, Play(99))
            assert state == before
        record.play(state, seat, action)
        invariants(state)
        steps += 1
        assert steps < 20_000
    return game, record, state


CASES = [(2, {}), (2, {"virtual_player": "on"}), (3, {}), (4, {}), (5, {})]


@pytest.mark.parametrize("players, options", CASES, ids=["2p", "2p-virtual", "3p", "4p", "5p"])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_the_invariants(players, options, seed):
    game, record, state = play(players, seed, options)
    assert state.round == ROUNDS and state.step == "over"
    standings = state.standings()
    assert len(standings.rows) == players and standings.winners
    assert all(set(r.breakdown) == {"track", "supply", "buildings", "districts"} for r in standings.rows)
    # a save and a replay give the same game
    saved = json.loads(json.dumps(record.to_json()))
    loaded = GameRecord.from_json(saved)
    assert loaded.replay() == state and loaded.load_state() == state
