"""Random play for 3, 4 and 5 players, with and without palms, checking Santiago's invariants after
every action, and every 10th step that the view's board cache agrees with a view built afresh.
What every game must keep (refusals, saves, replay, hidden cash, standings) is checked by
tests/test_contract.py.
"""

from __future__ import annotations

import json
import random

import pytest

from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.santiago import GAME
from boardgames_tui.rules.santiago import data as D
from boardgames_tui.rules.santiago.actions import Bid
from boardgames_tui.rules.santiago.bot import SmartBot
from boardgames_tui.rules.view import encode

# Dozens of random games per set-up, all of them here.
pytestmark = pytest.mark.slow

GAMES_PER_CONFIG = 60


def check_invariants(st, markers_before):
    n = st.n
    # markers are on the board, in the owner's supply, or lost to drought (out of the game): the
    # supply only ever shrinks
    for s in range(n):
        on_board = sum(st.markers[f] for f in range(D.NFIELDS) if st.owner[f] == s)
        assert st.markers_left[s] >= 0 and on_board + st.markers_left[s] <= D.MARKERS_PER_PLAYER
        assert st.markers_left[s] <= markers_before[s]
    assert all(m >= 0 for m in st.markers)
    for f in range(D.NFIELDS):
        if st.owner[f] < 0:
            assert st.markers[f] == 0
        if st.desert[f]:
            assert st.tile[f] >= 0 and st.markers[f] == 0 and not st.palm[f]
    # tiles are conserved: deck, box, offer not yet placed, board
    placed = [t for t in st.tile if t >= 0]
    waiting = [t for i, t in enumerate(st.offer) if st.offer_taken[i] == -1]
    boxed = [st.removed] if st.removed >= 0 else []
    everything = st.deck + boxed + waiting + placed
    assert sorted(everything) == list(range(len(D.TILES)))
    assert (st.removed >= 0) == (n < 5)
    # canals: on real segments, each joined to the spring through the canals built before it
    wet = {st.spring}
    built = [entry[0] for entry in st.canal_log]
    assert len(set(built)) == len(built) == sum(st.canal)
    for seg in built:
        a, b = D.SEG_ENDS[seg]
        assert a in wet or b in wet
        wet.update((a, b))
    supply_used = sum(1 for e in st.canal_log if e[2] != "personal")
    assert st.supply + supply_used == D.canal_supply_for(n)
    assert supply_used <= st.round
    personal_used = [e[3] for e in st.canal_log if e[2] == "personal"]
    assert sorted(personal_used) == [s for s in range(n) if not st.personal[s]]
    # money is never negative
    assert all(c >= 0 for c in st.cash)
    # palms
    palms = [f for f in range(D.NFIELDS) if st.palm[f]]
    assert len(palms) <= D.PALM_COUNT if st.options["palms"] == "on" else not palms
    for f in palms:
        assert f not in D.INTER_FIELDS[st.spring]
        assert not any(st.palm[g] for g in D.KING_NEIGHBOURS[f])
    # whose turn
    movers = st.to_move()
    assert len(movers) == (0 if st.is_over() else 1)
    if st.step == "bid":
        # a bid of 0 is a pass, which Pass says: never offered as a bid
        assert all(a.amount >= 1 for a in st.legal_actions(movers[0]) if isinstance(a, Bid))


def run_game(n, seed, options, smart_seat=None):
    st = GAME.new([f"P{i}" for i in range(n)], seed, options=options)
    rng = random.Random(seed)
    bots = {s: (SmartBot() if s == smart_seat else RandomBot()) for s in range(n)}
    bot_rngs = [bot_rng(seed, s) for s in range(n)]
    check_invariants(st, [D.MARKERS_PER_PLAYER] * n)
    step = 0
    while not st.is_over():
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        if step % 10 == 0:
            view = st.view(seat)
            json.dumps(encode(view))
            action = bots[seat].choose(view, legal, bot_rngs[seat])
        elif bots[seat].__class__ is SmartBot:
            action = bots[seat].choose(st.view(seat), legal, bot_rngs[seat])
        else:
            action = legal[rng.randrange(len(legal))]
        markers_before = list(st.markers_left)
        st.apply(seat, action)
        step += 1
        check_invariants(st, markers_before)
        if step % 10 == 0:
            # the view's board cache agrees with a view built from scratch
            rebuilt = st.copy()
            rebuilt._board_cache = None
            for who in (None, *range(n)):
                assert rebuilt.view(who) == st.view(who)
    return st


CONFIGS = [(n, palms) for n in (3, 4, 5) for palms in ("off", "on")]


@pytest.mark.parametrize("n, palms", CONFIGS)
def test_random_games(n, palms):
    for g in range(GAMES_PER_CONFIG):
        seed = 7000 + 100 * n + g
        options = {
            "palms": palms,
            "open_money": ("off", "on")[g % 2],
            "spring": ("choose", "random_inner", "random_any")[g % 3],
            "palm_placement": ("choose", "random")[(g // 2) % 2],
        }
        st = run_game(n, seed, options, smart_seat=(g % n if g % 3 == 2 else None))
        assert st.is_over() and st.round == st.rounds
        assert len(st.deck) == 0
        standings = st.standings()
        best = max(row.total for row in standings.rows)
        payouts = [p.plantation_score for p in st.view(None).players]
        for row in standings.rows:
            assert row.breakdown["cash"] == st.cash[row.seat]
            assert row.total == st.cash[row.seat] + payouts[row.seat]
            assert row.winner == (row.total == best)  # no tie-break: ties share the win
        # after the final drought every remaining tile is watered
        assert all(st.tile[f] < 0 or st.desert[f] or st._irrigated(f) for f in range(D.NFIELDS))
        assert [p.cash for p in st.view(0).players] == st.cash
