"""Santiago scenarios by spec section (shared/rules/santiago.md), for the points the other Santiago
test files leave out or only touch: whole games per player count, canal network shapes, the order of
canal building and drought, the 3-player leftover's placement and fate, palms through a last round,
and the final drought splitting a plantation. Each test names the section, ruling or example."""

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
    PlaceLeftover,
    PlacePalm,
    PlaceSpring,
    Plant,
    Propose,
    Support,
)
from boardgames_tui.rules.santiago.view import Pledge, ProposalView

from .santiago_helpers import build, put, take_tile


# -- helpers -------------------------------------------------------------------------------------
def new_game(n, spring=(2, 1), seed=3, **options):
    st = GAME.new([f"P{i}" for i in range(n)], seed, options=options)
    if st.step == "spring":
        play(st, st.start_player, PlaceSpring(*spring))
    return st


def play(st, seat, action):
    assert st.to_move() == (seat,), f"expected {seat} to move, not {st.to_move()}"
    assert st.allows(seat, action), action
    return st.apply(seat, action)


def refuse(st, seat, action, pattern):
    before = st.snapshot()
    assert not st.allows(seat, action)
    with pytest.raises(IllegalAction, match=pattern):
        st.apply(seat, action)
    assert st.snapshot() == before


def set_offer(st, offer):
    """Redo this round's reveal with the given tiles, first listed = first offered."""
    st.deck.extend(reversed(st.offer))
    st.round -= 1
    st.deck.extend(reversed([take_tile(st, crop, w) for crop, w in offer]))
    st._start_round()
    assert [D.TILES[t] for t in st.offer] == list(offer)


def cell(st, c, r):
    return st.view(None).fields[r][c]


def segs(pairs):
    return sorted(pairs)


# -- §3, §4, §6, A19, A23: whole games per player count ---------------------------------------------
@pytest.mark.parametrize("n, rounds, placed", [(3, 11, 44), (4, 11, 44), (5, 9, 45)])
def test_s3_a23_whole_game_when_everyone_always_passes(n, rounds, placed):
    """§3 rounds/tiles per count; §4 RESOLVE (first passer is OV), P1 passer -1 marker, P2 leftover
    every round with 3; D1 no canal -> all dry; D2 income R-1 times; F1; A23 empty fields; A19 ties."""
    st = new_game(n, seed=11)
    start = st.start_player
    leftovers = 0
    while not st.is_over():
        seat = st.to_move()[0]
        phase = st.step
        if phase == "bid":
            view = st.view(None)
            if not any(p.bid_done for p in view.players):
                # every round so far was all passes: the first passer (left of OV) became OV
                assert st.overseer == (start + st.round - 1) % n
                assert view.bid_order == tuple((st.overseer + 1 + i) % n for i in range(n))
            action = Pass()
        elif phase in ("plant", "leftover"):
            leftovers += phase == "leftover"
            action = st.legal_actions(seat)[0]
        elif phase == "overseer":
            action = NoCanal()
        else:
            action = Pass()
        play(st, seat, action)
    assert st.round == rounds and not st.deck
    assert leftovers == (rounds if n == 3 else 0)
    assert sum(t >= 0 for t in st.tile) == placed
    assert sum(t < 0 for t in st.tile) == D.NFIELDS - placed  # A23: 4 (3-4 players) or 3 empty
    assert all(st.desert[f] for f in range(D.NFIELDS) if st.tile[f] >= 0)  # nothing was watered
    assert st.view(None).canals_left == rounds  # NoCanal every round: supply untouched
    # passers place workers - 1 markers; markers lost to drought never come back
    for s in range(n):
        placed_markers = sum(
            D.TILES[st.tile[f]][1] - 1 for f in range(D.NFIELDS) if st.tile[f] >= 0 and st.owner[f] == s
        )
        assert st.view(None).players[s].markers_left == 22 - placed_markers
    scores = st.view(None).scores
    assert [row.cash for row in scores] == [10 + 3 * (rounds - 1)] * n  # no income in round R
    assert all(row.plantations == 0 and row.winner and row.rank == 1 for row in scores)


# -- §5.1, A11, A25: no money, no bid, no bribe -------------------------------------------------------
def test_a11_a25_a_player_with_no_money_can_only_pass():
    st = new_game(4)
    first = st.view(None).bid_order[0]
    st.cash[first] = 0
    assert st.legal_actions(first) == [Pass()]
    refuse(st, first, Bid(1), "only 0 escudos")
    st.overseer = (first + 3) % 4
    st._start_bribes()
    assert st.to_move() == (first,)
    assert st.legal_actions(first) == [Pass()]
    refuse(st, first, Propose("H", 1, 1, 1), "only 0 escudos")


# -- A14: the overseer keeps the figure by being the only (first) passer ------------------------------
def test_a14_overseer_passing_first_stays_overseer_and_plants_last():
    st = new_game(4)
    ov = st.overseer
    order = st.view(None).bid_order
    assert order[-1] == ov
    for seat, amount in zip(order[:3], (3, 2, 1)):
        play(st, seat, Bid(amount))
    play(st, ov, Pass())
    assert st.overseer == ov
    assert st.view(None).planting_order == (order[0], order[1], order[2], ov)


# -- §5 legal canal position, A4: branching and reconnecting -------------------------------------
def test_s5_network_may_branch_anywhere_and_close_a_loop():
    st = new_game(4, spring=(1, 1))
    build(st, ("H", 1, 1), ("V", 2, 1), ("H", 1, 2))
    # every empty segment touching the spring or any canal end, whether middle or tip of the network
    expected = [
        ("H", 0, 1),
        ("V", 1, 0),
        ("V", 1, 1),
        ("H", 2, 1),
        ("V", 2, 0),
        ("H", 2, 2),
        ("V", 2, 2),
        ("H", 0, 2),
        ("V", 1, 2),
    ]
    assert sorted(st.view(None).legal_segments) == segs(expected)
    st.overseer = 0
    st._start_bribes()
    refuse(st, 1, Propose("H", 1, 1, 1), "already a canal")
    refuse(st, 1, Propose("H", 3, 1, 1), "does not join")
    play(st, 1, Propose("V", 1, 1, 2))  # both ends already wet: closes the loop
    play(st, 2, Pass())
    play(st, 3, Pass())
    play(st, 0, Accept(1))
    assert st.canal[D.SEG_INDEX[("V", 1, 1)]]
    assert [e.how for e in st.view(None).canal_log][-1] == "accepted"


# -- §4 C2, X1, D1, D2, A22, A23: canals of this round water before this round's drought ---------
def test_s4_accepted_and_personal_canals_water_before_the_drought():
    st = new_game(4, spring=(2, 1))
    set_offer(st, [("banana", 2), ("beans", 2), ("chili", 2), ("potato", 2)])
    o = st.view(None).bid_order
    for seat, amount in zip(o, (4, 3, 2, 1)):
        play(st, seat, Bid(amount))
    assert st.overseer == o[3]  # lowest bidder
    play(st, o[0], Plant("banana", 2, 2, 1))  # watered by H 1,1 if built
    play(st, o[1], Plant("beans", 2, 7, 5))  # never watered
    play(st, o[2], Plant("chili", 2, 4, 2))  # watered by V 2,1 if built
    play(st, o[3], Plant("potato", 2, 0, 5))  # never watered
    assert st.view(None).bribe_order == (o[0], o[1], o[2])
    play(st, o[0], Propose("H", 1, 1, 1))
    play(st, o[1], Pass())
    play(st, o[2], Pass())
    play(st, o[3], Accept(1))
    assert st.view(None).proposals == ()  # sticks go back
    assert st.view(None).extra_order == (o[0], o[1], o[2], o[3])
    play(st, o[0], Pass())
    refuse(st, o[1], PersonalCanal("H", 1, 1), "already a canal")
    play(st, o[1], Pass())
    play(st, o[2], PersonalCanal("V", 2, 1))  # phase ends: o[3] is not asked
    view = st.view(None)
    assert st.round == 2 and st.step == "bid"
    assert cell(st, 2, 1).markers == 2 and cell(st, 4, 2).markers == 2
    assert cell(st, 7, 5).markers == 1 and cell(st, 0, 5).markers == 1
    assert view.canals_left == 10  # the personal canal is not from the supply
    assert [view.players[s].personal_canal for s in o] == [True, True, False, True]
    assert [e.how for e in view.canal_log] == ["accepted", "personal"]
    # bids 4/3/2/1 banked, o[0] paid the bribe of 1 to o[3], then +3 income each
    assert [st.cash[s] for s in o] == [8, 10, 11, 13]
    assert all(not p.bid_done for p in view.players) and view.pass_order == ()
    assert view.bid_order[0] == o[0]  # left of the overseer, o[3]


def test_s5_build_uses_the_supply_and_a8_overseer_with_one_escudo_may_still_build():
    st = new_game(4, spring=(2, 1))
    st.overseer = 0
    st.cash[0] = 1
    st._start_bribes()
    for seat in (1, 2, 3):
        play(st, seat, Pass())
    assert NoCanal() in st.legal_actions(0)
    play(st, 0, Build("V", 2, 1, 1))
    assert st.cash[0] == 0 and st.view(None).canals_left == 10


# -- §2.1, §4 D1: a border V segment waters only its own side ----------------------------------------
def test_s21_d1_border_segment_waters_two_fields_only():
    st = new_game(4, spring=(0, 0))
    build(st, ("V", 0, 0))
    put(st, 0, 1, "beans", 0, 2)
    put(st, 1, 1, "beans", 1, 2)
    put(st, 1, 0, "potato", 2, 1, workers=1)
    assert [cell(st, c, r).irrigated for c, r in ((0, 0), (0, 1), (1, 0), (1, 1))] == [
        True,
        True,
        False,
        False,
    ]
    st.overseer = 3
    st._start_extra()
    for seat in st.view(None).extra_order:
        play(st, seat, Pass())
    assert st.round == 2
    assert cell(st, 0, 1).markers == 2 and cell(st, 1, 1).markers == 1
    c = cell(st, 1, 0)
    assert c.markers == 0 and not c.desert and c.owner is None and c.crop == "potato"


# -- §4 P2, A13, A16, §6: the 3-player leftover's placement, size and drying ------------------------
def test_p2_a13_leftover_next_to_any_non_desert_tile_then_enlarges_and_dries():
    st = new_game(3, spring=(2, 1))
    put(st, 0, 0, "sugar", 0, 0, workers=1)
    st._dry_out(D.field_index(0, 0))  # a desert in the corner
    put(st, 7, 5, "potato", 1, 0, workers=1)  # a neutral (0-marker) tile, not desert
    set_offer(st, [("banana", 2), ("beans", 2), ("chili", 2), ("banana", 1)])
    o = st.view(None).bid_order
    for seat, amount in zip(o, (2, 5, 1)):
        play(st, seat, Bid(amount))
    assert st.overseer == o[2]
    assert st.view(None).planting_order == (o[1], o[0], o[2])
    play(st, o[1], Plant("banana", 2, 3, 3))
    play(st, o[0], Plant("beans", 2, 4, 3))
    play(st, o[2], Plant("chili", 2, 3, 4))
    assert st.step == "leftover" and st.to_move() == (o[1],)  # the highest bidder
    allowed = sorted(st.view(None).leftover_fields)
    assert allowed == sorted([(7, 4), (6, 5), (3, 2), (2, 3), (4, 2), (5, 3), (4, 4), (2, 4), (3, 5)])
    refuse(st, o[1], PlaceLeftover(1, 0), "not desert")  # touches only the desert
    refuse(st, o[1], PlaceLeftover(5, 4), "not desert")  # diagonal contact only
    refuse(st, o[1], PlaceLeftover(6, 4), "not desert")  # diagonal to the neutral tile
    play(st, o[1], PlaceLeftover(3, 2))
    c = cell(st, 3, 2)
    assert (c.crop, c.owner, c.markers, c.leftover) == ("banana", None, 0, True)
    banana = [p for p in st.view(None).plantations if p.crop == "banana"]
    assert [p.size for p in banana] == [2]
    scores = [p.plantation_score for p in st.view(None).players]
    assert [scores[s] for s in o] == [2, 4, 2]  # 2 x 2 bananas; the leftover pays nobody
    # bribes from the overseer's left, nobody bribes, no canal, nobody lays a personal canal
    assert st.view(None).bribe_order == (o[0], o[1])
    play(st, o[0], Pass())
    play(st, o[1], Pass())
    play(st, o[2], NoCanal())
    for seat in (o[0], o[1], o[2]):
        play(st, seat, Pass())
    assert st.round == 2
    assert cell(st, 3, 2).desert and cell(st, 7, 5).desert  # neutral and dry: desert at once
    assert cell(st, 3, 3).markers == 1
    scores = [p.plantation_score for p in st.view(None).players]
    assert [scores[s] for s in o] == [1, 1, 1]


# -- §7, A26, A17, F1: palms through a last round with an edge spring ----------------------------------
def test_s7_palms_last_round_with_edge_spring():
    st = GAME.new([f"P{i}" for i in range(4)], 5, options={"palms": "on", "palm_placement": "choose"})
    sp = st.start_player
    play(st, sp, PlaceSpring(4, 2))  # east edge: touches only fields 7,3 and 7,4
    palm_fields = {(a.col, a.row) for a in st.legal_actions(sp)}
    assert len(palm_fields) == 46 and (7, 3) not in palm_fields and (7, 4) not in palm_fields
    for c, r in ((7, 5), (7, 0), (0, 5)):
        play(st, sp, PlacePalm(c, r))
    assert st.step == "bid"
    st.round = st.rounds  # make this the last round
    set_offer(st, [("banana", 2), ("banana", 2), ("beans", 2), ("potato", 1)])
    assert st.view(None).last_round
    o = st.view(None).bid_order
    play(st, o[0], Bid(3))
    play(st, o[1], Bid(2))
    play(st, o[2], Bid(1))
    play(st, o[3], Pass())
    assert st.overseer == o[3]
    play(st, o[0], Plant("banana", 2, 7, 5))  # on a palm: 2 markers count 3
    play(st, o[1], Plant("banana", 2, 6, 5))
    play(st, o[2], Plant("beans", 2, 7, 0))  # on a palm: 2 markers count 3
    play(st, o[3], Plant("potato", 1, 0, 5))  # passer on a palm: 0 markers, the palm is worth nothing
    view = st.view(None)
    assert view.palms == ((7, 0), (0, 5), (7, 5))
    assert cell(st, 7, 5).palm and cell(st, 0, 5).markers == 0
    assert [view.players[s].plantation_score for s in o] == [6, 4, 3, 0]
    play(st, o[0], Propose("V", 4, 2, 1))
    play(st, o[1], Pass())
    play(st, o[2], Pass())
    play(st, o[3], Accept(1))
    play(st, o[0], Pass())
    play(st, o[1], PersonalCanal("H", 3, 3))  # A17: extra irrigation in the last round
    assert st.is_over()
    view = st.view(None)
    assert view.palms == ((7, 5),)  # F1: dry palm tiles turn to desert and lose their palm
    assert cell(st, 7, 0).desert and cell(st, 0, 5).desert
    rows = {row.seat: row for row in view.scores}
    assert [rows[s].cash for s in o] == [6, 8, 9, 11]  # no income in the last round
    assert [rows[s].plantations for s in o] == [6, 4, 0, 0]
    assert [rows[s].total for s in o] == [12, 12, 9, 11]
    assert [rows[s].winner for s in o] == [True, True, False, False]  # A19


# -- §4 F1, §6: the final drought splits a plantation ------------------------------------------------
def test_f1_final_drought_splits_a_plantation_before_scoring():
    st = new_game(4, spring=(1, 1))
    build(st, ("V", 1, 1), ("H", 1, 1), ("H", 2, 1), ("V", 3, 1))
    put(st, 2, 3, "sugar", 0, 2)  # watered by V 1,1
    put(st, 3, 3, "sugar", 1, 2)  # dry
    put(st, 4, 3, "sugar", 0, 1)  # dry
    put(st, 5, 3, "sugar", 2, 2)  # watered by V 3,1
    assert [cell(st, c, 3).irrigated for c in range(2, 6)] == [True, False, False, True]
    assert [p.plantation_score for p in st.view(None).players] == [12, 8, 8, 0]  # one group of 4
    st.round = st.rounds
    st.overseer = 3
    st._start_extra()
    for seat in st.view(None).extra_order:
        play(st, seat, Pass())
    assert st.is_over()
    rows = {row.seat: row for row in st.view(None).scores}
    assert [rows[s].plantations for s in range(4)] == [2, 0, 2, 0]
    assert [rows[s].total for s in range(4)] == [12, 10, 12, 10]
    assert [rows[s].winner for s in range(4)] == [True, False, True, False]


# -- §4 hidden and public information, A18 ------------------------------------------------------------
def test_s4_bids_passes_and_pledges_are_public_cash_is_not():
    st = new_game(4)
    o = st.view(None).bid_order
    play(st, o[0], Bid(3))
    play(st, o[1], Pass())
    view = st.view(o[2])
    players = view.players
    assert (players[o[0]].bid, players[o[0]].passed) == (3, False)
    assert (players[o[1]].bid, players[o[1]].passed) == (None, True)
    assert view.pass_order == (o[1],)
    assert [p.cash is None for p in players] == [s != o[2] for s in range(4)]
    assert players[o[2]].cash == 10

    st = new_game(4)
    st.overseer = 0
    st._start_bribes()
    play(st, 1, Propose("H", 1, 1, 2))
    play(st, 2, Support(1, 1))
    view = st.view(3)
    assert view.proposals == (
        ProposalView(
            number=1,
            segment=("H", 1, 1),
            proposer=1,
            total=3,
            pledges=(Pledge(seat=1, amount=2), Pledge(seat=2, amount=1)),
        ),
    )
    assert [p.cash for p in view.players] == [None, None, None, 10]
    assert all(p.personal_canal for p in view.players)
