"""The bot levels (rules/bots.py) and the hard bot's search (rules/search.py), on every game."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import EasyBot, Position, RandomBot, bot_move, bot_rng, shown_to
from boardgames_tui.rules.core import Seat, State
from boardgames_tui.rules.levels import DEFAULT_THINK
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.rules.santiago import bot as santiago_bot
from boardgames_tui.rules.search import SearchBot, reward, runners_up

MARK = "\x00secret#"


def position(game_id: str, players: int, seed: int, moves: int) -> State:
    """A seeded game after `moves` moves of normal bots, at a seat with a real choice."""
    game = registry.get(game_id)
    normal = make_bot(game, "normal")
    state = game.new([f"P{i}" for i in range(players)], seed)
    step = 0
    while not state.is_over():
        seat = state.to_move()[0]
        if step >= moves and len(state.legal_actions(seat)) > 1:
            return state
        state.apply(seat, bot_move(state, seat, normal, bot_rng(seed, seat, step)))
        step += 1
    raise AssertionError("the game ended first")


def counts(game_id: str) -> list[int]:
    game = registry.get(game_id)
    return sorted({game.min_players, game.max_players})


CASES = [(g, n) for g in registry.ids() for n in counts(g)]


@pytest.mark.parametrize("game_id, players", CASES)
def test_every_level_plays_legal_moves_through_a_whole_game(game_id: str, players: int):
    """One game with a bot of every level at the table (hard with a small budget), from the
    first move to the last: every choice is one of the legal actions."""
    game = registry.get(game_id)
    levels = ["hard", "normal", "easy", "random", "hard"][:players]
    bots = [make_bot(game, level, think=0.002) for level in levels]
    state = game.new([Seat(f"{level}{i}", level) for i, level in enumerate(levels)], 7)
    step = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        action = bot_move(state, seat, bots[seat], bot_rng(7, seat, step))
        assert action in legal, (levels[seat], action)
        state.apply(seat, action)
        step += 1
    assert state.standings().winners


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", CASES)
def test_the_hard_bot_keeps_to_its_budget_and_searches(game_id: str, players: int):
    """At its default thinking time the hard bot compares moves over several playouts, early in
    the game and later, and never plays more moves than its budget."""
    game = registry.get(game_id)
    hard = make_bot(game, "hard")
    assert isinstance(hard, SearchBot) and hard.think == DEFAULT_THINK
    assert hard.budget(players) == int(DEFAULT_THINK * game.search_rate[players])
    for moves in (0, 40):
        state = position(game_id, players, 11, moves)
        seat = state.to_move()[0]
        rng = bot_rng(11, seat, moves)
        action = hard.choose(shown_to(hard, state, seat, rng), state.legal_actions(seat), rng)
        assert action in state.legal_actions(seat)
        assert hard.last_budget == hard.budget(players) and 0 < hard.last_moves <= hard.last_budget
        assert hard.last_playouts >= 2, "the budget allowed no comparison at all"


@pytest.mark.parametrize("game_id, players", CASES)
def test_the_hard_bot_chooses_the_same_from_the_same_position(game_id: str, players: int):
    """Its choice depends on the position and the decision's RNG only: the same position again,
    a copy, or the position saved and loaded (a resumed game) gives the same choice."""
    game = registry.get(game_id)
    seed = 5
    seats = [Seat(f"P{i}", "normal") for i in range(players)]
    record, state = GameRecord.start(game_id, seats, seed)
    normal = make_bot(game, "normal")
    for step in range(30):
        seat = state.to_move()[0]
        record.play(state, seat, bot_move(state, seat, normal, bot_rng(seed, seat, step)))
    while len(state.legal_actions(state.to_move()[0])) < 2:
        seat = state.to_move()[0]
        record.play(state, seat, state.legal_actions(seat)[0])
    seat = state.to_move()[0]
    step = len(record.steps)
    resumed = GameRecord.loads(record.dumps()).load_state()
    choices = []
    for where in (state, state.copy(), resumed, state):
        hard = make_bot(game, "hard", think=0.05)
        rng = bot_rng(seed, seat, step)
        choices.append(hard.choose(shown_to(hard, where, seat, rng), where.legal_actions(seat), rng))
    assert choices.count(choices[0]) == len(choices)


@pytest.mark.parametrize("game_id, players", CASES)
def test_the_hard_bot_decides_alike_whatever_the_others_secrets_are(game_id: str, players: int):
    """The sentinel: every secret the deciding seat may not see (others' hands and money, the
    face-down order, the RNG's future) replaced by marks that no game could play with. The hard
    bot still decides, and exactly as it does on the real position: it never read them."""
    for moves in (3, 25):
        state = position(game_id, players, 23, moves)
        seat = state.to_move()[0]
        planted = state.copy()
        marks = (f"{MARK}{i}\x00" for i in range(10**6))
        for owner in [None, *range(players)]:
            if owner != seat:
                planted.plant_secrets(owner, marks.__next__)
        planted.rng = random.Random("another future")
        choices = []
        for where in (state, planted):
            hard = make_bot(registry.get(game_id), "hard", think=0.03)
            rng = bot_rng(23, seat, moves)
            shown = shown_to(hard, where, seat, rng)
            assert isinstance(shown, Position) and MARK not in repr(shown.state.snapshot())
            choices.append(hard.choose(shown, where.legal_actions(seat), rng))
        assert choices[0] == choices[1]


def test_a_hard_bot_without_a_position_decides_as_its_policy():
    game = registry.get("st_petersburg")
    state = position("st_petersburg", 2, 3, 0)
    seat = state.to_move()[0]
    hard, normal = make_bot(game, "hard"), make_bot(game, "normal")
    view = state.bot_view(seat)
    legal = state.legal_actions(seat)
    assert hard.choose(view, legal, random.Random(1)) == normal.choose(view, legal, random.Random(1))


def test_the_reward_prefers_winning_then_the_margin():
    state = position("macao", 2, 9, 0)
    game = registry.get("macao")
    bots = [RandomBot(), RandomBot()]
    step = 0
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, bot_move(state, seat, bots[seat], bot_rng(9, seat, step)))
        step += 1
    rows = state.standings().rows
    winner = [r.seat for r in rows if r.winner]
    loser = [r.seat for r in rows if not r.winner]
    assert game.id == "macao"
    for seat in winner:
        assert 0.75 <= reward(state, seat) <= 1
    for seat in loser:
        assert 0 <= reward(state, seat) < 0.25


def test_the_easy_bot_is_the_normal_one_with_noise():
    game = registry.get("santiago")
    state = position("santiago", 3, 4, 0)
    seat = state.to_move()[0]
    view, legal = state.bot_view(seat), state.legal_actions(seat)
    normal = make_bot(game, "normal")
    steady = EasyBot(normal, noise=0.0)
    wild = EasyBot(normal, noise=1.0)
    for i in range(20):
        drawn = random.Random(i)
        drawn.random()  # the easy bot's draw for its noise comes first
        assert steady.choose(view, legal, random.Random(i)) == normal.choose(view, legal, drawn)
    picks = {wild.choose(view, legal, random.Random(i)) for i in range(60)}
    assert len(picks) > 3 and all(a.kind != "pass" for a in picks) and picks <= set(legal)


def test_a_halted_search_stops_and_answers_at_once():
    """Nobody wants the decision any more (undo, a new game, the app closing): the search stops
    at its next playout, still with a legal move (which nobody plays)."""
    game = registry.get("macao")
    state = position("macao", 2, 3, 0)
    seat = state.to_move()[0]
    hard = make_bot(game, "hard", think=60.0)
    rng = bot_rng(3, seat, 0)
    shown = shown_to(hard, state, seat, rng)
    assert isinstance(shown, Position)
    shown.halted.set()
    assert hard.choose(shown, state.legal_actions(seat), rng) in state.legal_actions(seat)
    assert hard.last_moves == 0


@pytest.mark.parametrize("players", [3, 5])
def test_santiagos_ranking_holds_every_legal_move_and_puts_its_choice_first(players: int):
    """What the search weighs first: the normal bot's own order, every legal move once, with a
    move as good as the one it would play first wherever it plays by these values."""
    game = registry.get("santiago")
    normal = make_bot(game, "normal")
    state = game.new([f"P{i}" for i in range(players)], 11)
    step = 0
    ranked_phases = set()
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        view = state.bot_view(seat)
        if len(legal) > 1:
            order = normal.ranked(view, legal, random.Random(step))
            assert sorted(map(repr, order)) == sorted(map(repr, legal))
            if view.phase in ("plant", "leftover", "overseer"):
                ranked_phases.add(view.phase)
                # ties aside (each breaks them at random), its choice is worth the first's
                chosen = normal.choose(view, legal, random.Random(step))
                rank = getattr(normal, "_rank_" + view.phase)
                first, mine = rank(view, santiago_bot._Board(view), [order[0], chosen])
                assert first == pytest.approx(mine)
        state.apply(seat, bot_move(state, seat, normal, bot_rng(11, seat, step)))
        step += 1
    assert {"plant", "overseer"} <= ranked_phases


@pytest.mark.parametrize("game_id, players", CASES)
def test_the_root_weighs_the_policys_runners_up_first(game_id: str, players: int):
    """Every legal move but the policy's choice, each once, the policy's second choice (its choice
    once the first is taken away) leading, for the games whose bots rank nothing themselves."""
    game = registry.get(game_id)
    normal = make_bot(game, "normal")
    for seed, moves in ((3, 4), (4, 30)):
        state = position(game_id, players, seed, moves)
        seat = state.to_move()[0]
        legal, view = state.legal_actions(seat), state.bot_view(seat)
        first = normal.choose(view, legal, random.Random(1))
        order = runners_up(normal, view, legal, first, random.Random(2))
        assert sorted(map(repr, order)) == sorted(repr(a) for a in legal if a != first)
        if not hasattr(normal, "ranked") and len(order) > 1:
            rest = [a for a in legal if a != first]
            try:
                second = normal.choose(view, rest, random.Random(2))
            except (StopIteration, ValueError, LookupError):
                continue
            assert order[0] == second or second not in rest
