"""Santiago's redeal for a search bot (`State.redeal_hidden`): the face-down tiles and the others'
hidden cash drawn afresh from what the seat sees, in games played by random and smart bots.
What every game must keep (the seat's view unchanged, no planted secret read) is also checked,
more briefly, by tests/test_contract.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.santiago import GAME
from boardgames_tui.rules.santiago import data as D
from boardgames_tui.rules.santiago.bot import SmartBot
from boardgames_tui.rules.santiago.hidden import BRIBE_GUESS

CHECK_EVERY = 9  # moves between checks
RNGS = 4  # redeals per seat and check


def play(n, seed, options, smart=(), until=None):
    """A seeded game, yielding the state before every move (until round `until`, if given)."""
    st = GAME.new([f"P{i}" for i in range(n)], seed, options=options)
    bots = [SmartBot() if s in smart else RandomBot() for s in range(n)]
    step = 0
    while not st.is_over() and (until is None or st.round <= until):
        yield st
        seat = st.to_move()[0]
        action = bots[seat].choose(st.view(seat), st.legal_actions(seat), bot_rng(seed, seat, step))
        st.apply(seat, action)
        step += 1
    yield st


def kinds(tiles):
    return Counter(D.TILES[t] for t in tiles)


def public_bounds(st, s):
    """(lowest, highest or None) cash seat `s` can hold, by public facts alone."""
    given = D.START_CASH + D.INCOME * max(0, st.round - 1)
    bid = st.bids[s] or 0
    owed = sum(a for p in st.proposals for who, a in p[2] if who == s)
    accepted = sum(1 for e in st.canal_log if e[2] == "accepted" and e[3] == s)
    builds = sum(1 for e in st.canal_log if e[2] == "overseer" and e[3] == s)
    if accepted:
        return owed, None
    return owed, given - bid - builds


def check_redeals(st, seed):
    n = st.n
    hidden_money = st.options.get("open_money") != "on" and not st.is_over()
    differs = {"deck": False, "cash": False}
    for seat in range(n):
        view = st.view(seat)
        legal = st.legal_actions(seat) if seat in st.to_move() else None
        copies = [st.redeal_hidden(seat, random.Random(f"{seed}:{seat}:{k}")) for k in range(RNGS)]
        for r in copies:
            # the same tiles in all, each once; the face-down ones are the same kinds as before
            everything = r.deck + [t for t in r.tile if t >= 0] + [t for t in r.offer if t not in r.tile]
            everything += [r.removed] if r.removed >= 0 else []
            assert sorted(everything) == list(range(len(D.TILES)))
            assert kinds(r.deck) == kinds(st.deck) and len(r.deck) == len(st.deck)
            assert (r.tile, r.offer, r.removed, r.owner, r.markers) == (
                st.tile,
                st.offer,
                st.removed,
                st.owner,
                st.markers,
            )
            # what the seat sees and may do is unchanged; the board cache is right for the copy
            assert r.view(seat) == view
            assert r.to_move() == st.to_move()
            if legal is not None:
                assert r.legal_actions(seat) == legal
            fresh = r.copy()
            fresh._board_cache = None
            assert fresh.view(None) == r.view(None)
            # own cash stays; others' is the truth where public, else plausible
            assert r.cash[seat] == st.cash[seat]
            for s in range(n):
                if not hidden_money:
                    assert r.cash[s] == st.cash[s]
                    continue
                if s == seat:
                    continue
                low, high = public_bounds(st, s)
                assert r.cash[s] >= max(0, low), (s, r.cash[s], low)
                if high is not None:
                    assert r.cash[s] <= high, (s, r.cash[s], high)
                    assert st.cash[s] <= high  # the bound holds for the truth too
                accepted = sum(1 for e in st.canal_log if e[2] == "accepted" and e[3] == s)
                given = D.START_CASH + D.INCOME * max(0, st.round - 1)
                # never richer than all it was given and a few escudos per bribe it took,
                # unless it has pledged more than that this round
                assert r.cash[s] <= max(low, given - (st.bids[s] or 0) + BRIBE_GUESS[1] * accepted)
        differs["deck"] |= len({tuple(r.deck) for r in copies}) > 1
        differs["cash"] |= len({tuple(r.cash) for r in copies}) > 1
        if len(kinds(st.deck)) > 1:
            assert differs["deck"], "the face-down tiles are never drawn differently"
    return differs


@pytest.mark.slow
def test_redeal_draws_the_deck_and_plausible_cash():
    seen_cash_differ = False
    for n, seed, options, smart in (
        (3, 11, {"palms": "on", "palm_placement": "random"}, (0,)),
        (4, 12, {}, (1, 2)),
        (5, 13, {"spring": "random_any"}, ()),
        (4, 14, {"open_money": "on"}, (0,)),
    ):
        for step, st in enumerate(play(n, seed, options, smart)):
            if step % CHECK_EVERY == 0 or st.is_over():
                differs = check_redeals(st, seed + step)
                seen_cash_differ |= differs["cash"]
                if options.get("open_money") == "on" or st.is_over():
                    assert not differs["cash"]
    assert seen_cash_differ, "the others' hidden cash is never drawn differently"


def test_redeal_reads_no_secret():
    """Changing what the seat cannot see (the deck's order, others' cash) changes nothing."""
    for step, st in enumerate(play(4, 21, {}, smart=(3,))):
        if step % 5 or st.is_over():
            continue
        for seat in range(4):
            other = st.copy()
            mix = random.Random(step)
            mix.shuffle(other.deck)
            for s in range(4):
                if s != seat:
                    other.cash[s] = mix.randrange(60)
            other.rng.random()
            a = st.redeal_hidden(seat, random.Random(f"same:{step}:{seat}"))
            b = other.redeal_hidden(seat, random.Random(f"same:{step}:{seat}"))
            assert a == b


def test_first_round_cash_is_known_from_the_bids():
    """Before any bribe is paid everyone holds 10 less their bid: a redeal draws just that."""
    for st in play(4, 31, {}, until=1):
        if st.round != 1 or st.step not in ("bid", "plant", "bribe", "overseer"):
            continue
        for seat in range(4):
            assert st.redeal_hidden(seat, random.Random(seat)).cash == st.cash


@pytest.mark.parametrize("n", [3, 4, 5])
def test_a_redealt_game_plays_to_its_end(n):
    bot = RandomBot()
    for step, st in enumerate(play(n, 40 + n, {"palms": "on"}, smart=(0,))):
        if step % 40 != 5 or st.is_over():
            continue
        seat = step % n
        copy = st.redeal_hidden(seat, random.Random(step))
        moves = 0
        while not copy.is_over():
            mover = copy.to_move()[0]
            copy.apply(mover, bot.choose({}, copy.legal_actions(mover), bot_rng(step, mover, moves)))
            moves += 1
            assert moves < 5000
        assert copy.deck == [] and all(c >= 0 for c in copy.cash)
        assert copy.round == copy.rounds


def test_a_finished_game_is_left_as_it_is():
    *_, st = play(3, 50, {})
    assert st.is_over()
    for seat in range(3):
        redealt = st.redeal_hidden(seat, random.Random(seat)).snapshot()
        assert redealt == {**st.snapshot(), "rng": redealt["rng"]}
