"""The worked examples of shared/rules/santiago.md §9, one test each.

Situations are set up by editing the state directly (helpers below), then played through `apply`.
"""

from __future__ import annotations

import pytest

from boardgames_tui.rules.core import IllegalAction
from boardgames_tui.rules.santiago import GAME
from boardgames_tui.rules.santiago import data as D
from boardgames_tui.rules.santiago.actions import (
    Accept,
    Bid,
    Build,
    NoCanal,
    Pass,
    PersonalCanal,
    PlaceSpring,
    Plant,
    Propose,
    Support,
)

from .santiago_helpers import build, put, take_tile


# -- helpers: build a situation by hand ---------------------------------------------------------
def fresh(names, spring=(2, 1), seed=1, **options):
    """A game whose spring is placed by the start player, now in round 1's bidding."""
    st = GAME.new(list(names), seed, options=options)
    st.apply(st.to_move()[0], PlaceSpring(*spring))
    assert st.step == "bid" and st.round == 1
    return st


def restart_round(st, overseer, offer=None):
    """Redo the current round's start with a chosen overseer and, optionally, a chosen offer."""
    st.deck.extend(reversed(st.offer))
    st.round -= 1
    st.overseer = overseer
    if offer:
        wanted = [take_tile(st, crop, workers) for crop, workers in offer]
        st.deck.extend(reversed(wanted))
    st._start_round()


def to_bribes(st, overseer):
    st.overseer = overseer
    st._start_bribes()


def play(st, seat, action):
    assert st.to_move() == (seat,), f"expected {seat} to move, not {st.to_move()}"
    return st.apply(seat, action)


# -- Ex1 and Ex11: scoring -------------------------------------------------------------------------
PURPLE, BLACK, WHITE = 0, 1, 2


def ex1_state():
    st = fresh(["purple", "black", "white"], spring=(1, 1))
    build(st, ("V", 1, 0), ("H", 0, 1), ("H", 0, 0), ("H", 1, 0), ("V", 2, 0), ("H", 2, 0), ("H", 2, 1))
    put(st, 0, 0, "banana", PURPLE, 2)
    put(st, 1, 0, "banana", PURPLE, 2)
    put(st, 2, 0, "banana", BLACK, 2)
    put(st, 3, 0, "banana", WHITE, 1)
    put(st, 3, 1, "banana", None, 0)
    put(st, 0, 1, "beans", PURPLE, 2)
    put(st, 1, 1, "beans", BLACK, 1)
    put(st, 5, 0, "sugar", BLACK, 1)
    put(st, 5, 2, "sugar", BLACK, 1)
    return st


def test_ex1_scoring_purple_24_black_14():
    st = ex1_state()
    view = st.view(None)
    assert all(
        view.fields[r][c].irrigated
        for c, r in [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (0, 1), (1, 1), (5, 0), (5, 2)]
    )
    sizes = sorted((p.crop, p.size) for p in view.plantations)
    assert sizes == [("banana", 5), ("beans", 2), ("sugar", 1), ("sugar", 1)]
    assert [p.plantation_score for p in view.players] == [24, 14, 5]


def test_ex11_final_totals_and_shared_win():
    st = ex1_state()
    st.cash = [7, 17, 20]
    st.round = st.rounds
    st._end_round()  # final drought: everything is watered, nothing changes
    assert st.is_over()
    rows = {row.name: row for row in st.standings().rows}
    assert (rows["purple"].total, rows["black"].total, rows["white"].total) == (31, 31, 25)
    assert rows["purple"].winner and rows["black"].winner and not rows["white"].winner
    assert rows["purple"].rank == rows["black"].rank == 1 and rows["white"].rank == 3
    for row in rows.values():
        assert row.total == sum(row.breakdown.values())
    assert rows["black"].breakdown == {
        "cash": 17,
        "Banana at 0,0: 5×2": 10,
        "Beans at 0,1: 2×1": 2,
        "Sugar cane at 5,0: 1×1": 1,
        "Sugar cane at 5,2: 1×1": 1,
    }


# -- Ex2: bidding, overseer change, passers' markers ------------------------------------------------
A, B, C, Dd, E = range(5)


def test_ex2_bidding_overseer_and_passers():
    st = fresh("ABCDE")
    restart_round(
        st, overseer=E, offer=[("banana", 2), ("sugar", 2), ("potato", 1), ("beans", 2), ("chili", 1)]
    )
    assert st.view(None).bid_order == (A, B, C, Dd, E)
    play(st, A, Bid(3))
    play(st, B, Bid(1))
    play(st, C, Pass())
    legal = st.legal_actions(Dd)
    assert Bid(3) not in legal and Bid(1) not in legal and Bid(5) in legal
    with pytest.raises(IllegalAction, match="already bid 3"):
        st.apply(Dd, Bid(3))
    play(st, Dd, Bid(5))
    play(st, E, Pass())
    assert st.overseer == C
    assert st.view(None).planting_order == (Dd, A, B, E, C)
    play(st, Dd, Plant("banana", 2, 0, 0))
    play(st, A, Plant("sugar", 2, 1, 0))
    play(st, B, Plant("potato", 1, 2, 0))
    play(st, E, Plant("beans", 2, 3, 0))
    assert st.legal_actions(C) and {(a.crop, a.workers) for a in st.legal_actions(C)} == {("chili", 1)}
    play(st, C, Plant("chili", 1, 4, 0))
    marks = [st.view(None).fields[0][c].markers for c in range(5)]
    assert marks == [2, 2, 1, 1, 0]
    assert st.cash == [7, 9, 10, 5, 10]
    # bribes (C is overseer): nobody bribes, no canal, nobody lays a personal canal
    for seat in (Dd, E, A, B):
        play(st, seat, Pass())
    play(st, C, NoCanal())
    for seat in (Dd, E, A, B, C):
        play(st, seat, Pass())
    assert st.round == 2
    assert st.view(None).bid_order == (Dd, E, A, B, C)


# -- Ex3, Ex4: bribes ---------------------------------------------------------------------------------
WHT, PUR, BLK, GRY, BGE = range(5)
S1, S2, S3 = ("H", 1, 1), ("V", 2, 1), ("H", 2, 1)  # all three touch the spring at I(2,1)


def ex3_state(white_cash=6):
    st = fresh(["white", "purple", "black", "grey", "beige"], spring=(2, 1))
    st.cash = [white_cash, 8, 5, 4, 3]
    to_bribes(st, WHT)
    assert st.view(None).bribe_order == (PUR, BLK, GRY, BGE)
    play(st, PUR, Propose(*S1, 2))
    play(st, BLK, Support(1, 1))
    play(st, GRY, Propose(*S2, 2))
    play(st, BGE, Pass())
    view = st.view(None)
    assert [p.total for p in view.proposals] == [3, 2]
    assert view.highest_bribe == 3 and view.reject_cost == 4
    assert st.to_move() == (WHT,)
    return st


def test_ex3_accept_s1():
    st = ex3_state()
    play(st, WHT, Accept(1))
    assert st.canal[D.SEG_INDEX[S1]] and not st.canal[D.SEG_INDEX[S2]]
    assert st.cash == [9, 6, 4, 4, 3]


def test_ex3_accept_s2():
    st = ex3_state()
    play(st, WHT, Accept(2))
    assert st.canal[D.SEG_INDEX[S2]]
    assert st.cash == [8, 8, 5, 2, 3]


def test_ex4_refuse_and_build_elsewhere_for_highest_plus_one():
    st = ex3_state()
    builds = [a for a in st.legal_actions(WHT) if isinstance(a, Build)]
    assert builds and all(a.cost == 4 for a in builds)
    assert {(a.orient, a.x, a.y) for a in builds}.isdisjoint({S1, S2})
    with pytest.raises(IllegalAction, match="proposal 1"):
        st.apply(WHT, Build(*S1, 4))
    play(st, WHT, Build(*S3, 4))
    assert st.canal[D.SEG_INDEX[S3]]
    assert st.cash == [2, 8, 5, 4, 3]


def test_ex4_too_poor_to_refuse():
    st = ex3_state(white_cash=3)
    assert st.legal_actions(WHT) == [Accept(1), Accept(2)]
    before = st.snapshot()
    with pytest.raises(IllegalAction, match="costs 4 escudos and you have only 3"):
        st.apply(WHT, Build(*S3, 4))
    with pytest.raises(IllegalAction, match="only for when nobody bribes"):
        st.apply(WHT, NoCanal())
    assert st.snapshot() == before


# -- Ex5: nobody bribes ---------------------------------------------------------------------------------
def ex5_state(ov_cash):
    st = fresh(["white", "purple", "black", "grey", "beige"], spring=(2, 1))
    st.cash[WHT] = ov_cash
    to_bribes(st, WHT)
    for seat in (PUR, BLK, GRY, BGE):
        play(st, seat, Pass())
    return st


def test_ex5_nobody_bribes_pay_one_and_build():
    st = ex5_state(6)
    legal = st.legal_actions(WHT)
    assert NoCanal() in legal and Build(*S3, 1) in legal
    assert all(a.cost == 1 for a in legal if isinstance(a, Build))
    play(st, WHT, Build(*S3, 1))
    assert st.cash[WHT] == 5 and st.canal[D.SEG_INDEX[S3]]


def test_ex5_nobody_bribes_no_canal():
    st = ex5_state(6)
    supply = st.supply
    play(st, WHT, NoCanal())
    assert st.cash[WHT] == 6 and not any(st.canal) and st.supply == supply


def test_ex5_broke_overseer_can_only_build_nothing():
    st = ex5_state(0)
    assert st.legal_actions(WHT) == [NoCanal()]


# -- Ex6: droughts over several rounds, then the final drought ------------------------------------------
def test_ex6_droughts_then_final_drought():
    st = fresh(["purple", "black", "grey", "white"], spring=(2, 1))
    pur, blk, gry, wht = range(4)
    build(st, ("H", 1, 1))
    assert [D.field_cr(f) for f in D.SEG_FIELDS[D.SEG_INDEX[("H", 1, 1)]]] == [(2, 1), (3, 1), (2, 2), (3, 2)]
    put(st, 2, 2, "potato", pur, 2)  # D: irrigated
    put(st, 6, 5, "beans", blk, 2)  # A: dry, 2 markers
    put(st, 0, 5, "chili", gry, 1, workers=1)  # B: dry, 1 marker
    put(st, 7, 0, "sugar", wht, 0, workers=1)  # C: dry, 0 markers (a passer's 1-worker tile)

    def cell(c, r):
        return st.view(None).fields[r][c]

    st.round = st.rounds - 2
    st._end_round()  # round k's drought
    assert cell(2, 2).markers == 2
    assert cell(6, 5).markers == 1
    assert cell(0, 5).markers == 0 and not cell(0, 5).desert and cell(0, 5).crop == "chili"
    assert cell(0, 5).owner is None and cell(6, 5).owner == blk  # "still a tile, ownerless"
    assert cell(7, 0).desert and cell(7, 0).crop is None
    # lost markers go back in the box, not to the supply
    assert st.markers_left[blk] == 20 and st.markers_left[gry] == 21

    st._end_round()  # round k+1's drought
    assert cell(2, 2).markers == 2
    assert cell(6, 5).markers == 0 and not cell(6, 5).desert
    assert cell(0, 5).desert
    assert st.round == st.rounds

    st._end_round()  # final drought
    assert st.is_over()
    assert cell(2, 2).markers == 2 and not cell(2, 2).desert
    assert cell(6, 5).desert
    assert st.markers_left == [20, 20, 21, 22]


def test_ex6_two_markers_dry_in_final_round_become_desert():
    st = fresh(["purple", "black", "grey", "white"], spring=(2, 1))
    build(st, ("H", 1, 1))
    put(st, 6, 5, "beans", 1, 2)
    st.round = st.rounds
    st._end_round()
    cell = st.view(None).fields[5][6]
    assert cell.desert and cell.markers == 0 and st.markers_left[1] == 20
    assert st.standings().rows[0].total == max(st.cash)  # nothing left to score


# -- Ex8: spring in a corner; rejecting is impossible ---------------------------------------------------
def test_ex8_corner_spring_forces_accept():
    st = fresh(["white", "purple", "black", "grey"], spring=(0, 0))
    wht, pur, blk, gry = range(4)
    assert sorted(st.view(None).legal_segments) == [("H", 0, 0), ("V", 0, 0)]
    to_bribes(st, wht)
    play(st, pur, Propose("H", 0, 0, 1))
    play(st, blk, Propose("V", 0, 0, 1))
    play(st, gry, Pass())
    assert st.cash[wht] >= 2
    assert st.legal_actions(wht) == [Accept(1), Accept(2)]
    cash = st.cash[wht]
    play(st, wht, Accept(1))
    assert st.cash[wht] == cash + 1
    assert sorted(st.view(None).legal_segments) == [("H", 1, 0), ("V", 0, 0), ("V", 1, 0)]
    watered = [D.field_cr(f) for f in D.SEG_FIELDS[D.SEG_INDEX[("H", 0, 0)]]]
    assert watered == [(0, 0), (1, 0)]
    assert [D.field_cr(f) for f in D.SEG_FIELDS[D.SEG_INDEX[("V", 0, 0)]]] == [(0, 0), (0, 1)]


# -- Ex10: extra irrigation order ----------------------------------------------------------------------
def test_ex10_extra_irrigation_order():
    st = fresh("ABCDE", spring=(2, 1))
    st.personal[E] = False
    st.overseer = C
    st._start_extra()
    assert st.view(None).extra_order == (Dd, A, B, C)
    play(st, Dd, Pass())
    assert st.to_move() == (A,)  # E is skipped
    events = play(st, A, PersonalCanal("V", 2, 1))
    assert st.canal[D.SEG_INDEX[("V", 2, 1)]]
    assert st.personal == [False, True, True, True, False]
    assert st.step == "bid" and st.round == 2  # B and C were never asked
    assert any("personal canal" in e.text for e in events)
    assert not any(isinstance(a, PersonalCanal) for a in st.legal_actions(A))


# -- Ex12: the rulebook's own examples --------------------------------------------------------------
ANIKA, BERND, CHRIS, DAGMAR = range(4)


def test_ex12_rulebook_round_bids_planting_and_bribes():
    """Ex12: bids 5/pass/4/1; Chris becomes overseer, refusing would cost 6, he accepts S1."""
    st = fresh(["Anika", "Bernd", "Chris", "Dagmar"])
    restart_round(st, overseer=ANIKA, offer=[("beans", 2), ("banana", 2), ("beans", 1), ("chili", 2)])
    assert st.cash == [10, 10, 10, 10]
    assert st.view(None).bid_order == (BERND, CHRIS, DAGMAR, ANIKA)
    play(st, BERND, Bid(5))
    play(st, CHRIS, Pass())
    play(st, DAGMAR, Bid(4))
    play(st, ANIKA, Bid(1))
    # Phase 2: the only passer becomes overseer; phase 3: highest bid first, the passer last
    assert st.overseer == CHRIS
    assert st.view(None).planting_order == (BERND, DAGMAR, ANIKA, CHRIS)
    play(st, BERND, Plant("beans", 2, 0, 0))
    play(st, DAGMAR, Plant("banana", 2, 2, 2))
    play(st, ANIKA, Plant("beans", 1, 1, 0))
    assert {(a.crop, a.workers) for a in st.legal_actions(CHRIS)} == {("chili", 2)}
    play(st, CHRIS, Plant("chili", 2, 4, 4))
    fields = st.view(None).fields
    spots = [(0, 0), (2, 2), (1, 0), (4, 4)]
    planted = {(c, r): (fields[r][c].owner, fields[r][c].markers) for c, r in spots}
    assert planted == {(0, 0): (BERND, 2), (2, 2): (DAGMAR, 2), (1, 0): (ANIKA, 1), (4, 4): (CHRIS, 1)}
    assert st.markers_left == [21, 20, 21, 20]
    assert st.cash == [9, 5, 10, 6]  # every bid went to the bank
    # Phase 4: bribes from the overseer's left, overseer last
    view = st.view(None)
    assert view.bribe_order == (DAGMAR, ANIKA, BERND)
    play(st, DAGMAR, Propose(*S1, 1))
    play(st, ANIKA, Propose(*S2, 3))
    play(st, BERND, Support(2, 2))
    view = st.view(None)
    assert [p.total for p in view.proposals] == [1, 5]  # T(S2) = 5
    assert view.highest_bribe == 5 and view.reject_cost == 6
    assert st.to_move() == (CHRIS,)
    # had Chris built his own canal, he would have paid 5 + 1 = 6 to the bank
    builds = [a for a in st.legal_actions(CHRIS) if isinstance(a, Build)]
    assert builds and all(a.cost == 6 for a in builds)
    refused = st.copy()
    play(refused, CHRIS, Build(*S3, 6))
    assert refused.cash == [9, 5, 4, 6]
    # he accepts S1, not the highest bribe: only Dagmar pays him, 1
    play(st, CHRIS, Accept(1))
    assert st.canal[D.SEG_INDEX[S1]] and not st.canal[D.SEG_INDEX[S2]]
    assert st.cash == [9, 5, 11, 5]


def test_ex12_rulebook_final_scoring_bernd_70():
    """Ex12: Bernd's 15 escudos and five plantations 9 + 12 + 20 + 2 + 12 = 55 make 70."""
    st = fresh(["Anika", "Bernd", "Chris", "Dagmar"], spring=(2, 1))
    # these canals water every field of columns 2-5, rows 0-3
    build(st, ("H", 1, 1), ("H", 2, 1), ("V", 2, 0), ("V", 2, 1))
    build(st, ("H", 1, 0), ("H", 2, 0), ("H", 1, 2), ("H", 2, 2))
    for c, owner, markers in ((2, BERND, 2), (3, BERND, 1), (4, ANIKA, 1)):
        put(st, c, 0, "beans", owner, markers)  # 3 markers × 3 tiles
    put(st, 5, 0, "sugar", BERND, 2)  # 2 × 1
    for c, owner, markers in ((2, BERND, 2), (3, BERND, 1), (4, DAGMAR, 2), (5, ANIKA, 1)):
        put(st, c, 1, "banana", owner, markers)  # 3 × 4
    for c, owner, markers in ((2, BERND, 2), (3, BERND, 2), (4, BERND, 1), (5, CHRIS, 1)):
        put(st, c, 2, "potato", owner, markers)  # 5 × 4
    for c, owner, markers in ((2, BERND, 2), (3, BERND, 1), (4, ANIKA, 2), (5, CHRIS, 1)):
        put(st, c, 3, "chili", owner, markers)  # 3 × 4
    st.cash[BERND] = 15
    assert st.view(None).players[BERND].plantation_score == 55
    st.round = st.rounds
    st._end_round()  # final drought: everything is watered, nothing changes
    assert st.is_over()
    row = next(row for row in st.standings().rows if row.name == "Bernd")
    assert row.breakdown == {
        "cash": 15,
        "Beans at 2,0: 3×3": 9,
        "Banana at 2,1: 4×3": 12,
        "Potato at 2,2: 4×5": 20,
        "Sugar cane at 5,0: 1×2": 2,
        "Red pepper at 2,3: 4×3": 12,
    }
    assert row.total == 70
