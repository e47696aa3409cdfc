"""San Marco played to the end by seeded random choices, 3 and 4 players, with the invariants of
issue 9: every colour's cubes add up to 25, at most 12 bridges and 3 a pair, prestige never below
0, limit totals equal the cards held; illegal actions change nothing."""

import random

import pytest

from boardgames_tui.rules.core import IllegalAction, Seat
from boardgames_tui.rules.san_marco import SanMarcoGame
from boardgames_tui.rules.san_marco.actions import Confirm
from boardgames_tui.rules.san_marco.data import (
    BRIDGES,
    BRIDGES_PER_PAIR,
    CUBES_PER_COLOUR,
    NEUTRAL_CUBES,
    PAIRS,
)


def invariants(state):
    for colour in range(state.colours):
        on_bridges = sum(1 for *_, owner in state.bridges if owner == colour)
        in_districts = sum(row[colour] for row in state.cubes)
        if state._is_neutral(colour):
            assert in_districts + state.neutral_aside == NEUTRAL_CUBES and on_bridges == 0
            continue
        assert state.supply[colour] + in_districts + on_bridges == CUBES_PER_COLOUR
        assert state.supply[colour] >= 0 and all(row[colour] >= 0 for row in state.cubes)
    assert len(state.bridges) <= BRIDGES
    assert all(state.bridge_count(a, b) <= BRIDGES_PER_PAIR for a, b in PAIRS)
    assert all(p >= 0 for p in state.prestige)


def play(players, seed, options=None):
    game = SanMarcoGame()
    state = game.new([Seat(f"P{i}", "random") for i in range(players)], seed, options=options)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        assert legal, state.step
        # a random divider would shuffle cards for long: confirm as soon as it may, now and then
        confirm = [a for a in legal if isinstance(a, Confirm)]
        action = confirm[0] if confirm and rng.random() < 0.3 else rng.choice(legal)
        waiting = [p for p in range(players) if p not in state.to_move()]
        if steps % 25 == 0 and waiting:
            before = state.copy()
            with pytest.raises(IllegalAction):
                state.apply(waiting[0], legal[0])
            assert state == before
        state.apply(seat, action)
        invariants(state)
        steps += 1
        assert steps < 20_000
    return state, steps


@pytest.mark.parametrize(
    "players, options",
    [(3, {}), (4, {}), (2, {"two_player": "neutral"}), (2, {"two_player": "dummies"})],
    ids=["3p", "4p", "2A", "2B"],
)
@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_with_the_invariants_kept(players, options, seed):
    state, _ = play(players, seed, options)
    standings = state.standings()
    assert standings.winners
    assert state.period == 3 and state.step == "over"


@pytest.fixture
def registered(monkeypatch):
    """San Marco in the registry for one test: it is not a listed game until its board exists."""
    from boardgames_tui.rules import registry

    monkeypatch.setitem(registry._MODULES, "san_marco", "boardgames_tui.rules.san_marco")
    yield
    registry._LOADED.pop("san_marco", None)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_contract_suite_holds_for_san_marco(registered, players):
    from boardgames_tui.rules.registry import get
    from tests.test_contract import option_sets, test_game_keeps_the_contract

    for seed, options in enumerate(option_sets(get("san_marco"), players) * 2):
        test_game_keeps_the_contract("san_marco", players, options, seed)
