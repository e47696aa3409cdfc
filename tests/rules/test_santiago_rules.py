"""Santiago rules: set-up, each ruling of spec §8, options, hidden cash, refusals, contract details."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
import re

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.core import Action, IllegalAction
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.rules.santiago import GAME
from boardgames_tui.rules.santiago import data as D
from boardgames_tui.rules.santiago import view as view_module
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
from boardgames_tui.rules.santiago.bot import SmartBot
from boardgames_tui.rules.santiago.view import CanalEntry
from boardgames_tui.rules.view import encode

from .santiago_helpers import build, put, take_tile


# -- helpers (the shared ones are in santiago_helpers.py) --------------------------------------------
def fresh(n=4, spring=(2, 1), seed=1, **options):
    st = GAME.new([f"P{i}" for i in range(n)], seed, options=options)
    if st.step == "spring":
        st.apply(st.to_move()[0], PlaceSpring(*spring))
    return st


def set_offer(st, offer):
    st.deck.extend(reversed(st.offer))
    st.round -= 1
    st.deck.extend(reversed([take_tile(st, crop, w) for crop, w in offer]))
    st._start_round()


def play(st, seat, action):
    assert st.to_move() == (seat,), f"expected {seat}, not {st.to_move()}"
    return st.apply(seat, action)


def bid_round(st, bids):
    """bids: seat -> amount (0 = pass), applied in bidding order."""
    for seat in st.view(None).bid_order:
        play(st, seat, Pass() if bids[seat] == 0 else Bid(bids[seat]))


def refused(st, seat, action, pattern, listed=False):
    """apply refuses with a matching reason and changes nothing; `listed` marks a malformed action
    that compares equal to a legal one (Bid(True) == Bid(1)) and so is found in the list."""
    before = st.snapshot()
    with pytest.raises(IllegalAction, match=pattern) as info:
        st.apply(seat, action)
    assert st.snapshot() == before
    assert st.explain_illegal(seat, action) == info.value.reason
    assert (action in st.legal_actions(seat)) == listed


# -- metadata, data, geometry -------------------------------------------------------------------------
def test_game_metadata_and_no_two_player_mode():
    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players, GAME.minutes) == (
        "santiago",
        "Santiago",
        3,
        5,
        60,
    )
    assert GAME.pitch and "\n" not in GAME.pitch
    with pytest.raises(ValueError):
        GAME.new(["a", "b"], 1)
    with pytest.raises(ValueError):
        GAME.new(list("abcdef"), 1)
    assert GAME.resolve_options({}) == {
        "palms": "off",
        "open_money": "off",
        "spring": "choose",
        "palm_placement": "choose",
    }
    with pytest.raises(ValueError):
        GAME.resolve_options({"palms": "yes"})


def test_tiles_45_nine_per_crop_six_double_three_single():
    assert len(D.TILES) == 45
    for crop in D.CROPS:
        assert sorted(w for c, w in D.TILES if c == crop) == [1, 1, 1, 2, 2, 2, 2, 2, 2]
    assert sum(w for _, w in D.TILES) == 75


def test_geometry_31_segments_20_intersections():
    assert len(D.SEGMENTS) == 31 and D.NINTER == 20
    assert sum(o == "H" for o, _, _ in D.SEGMENTS) == 16
    degrees = sorted(len(s) for s in D.INTER_SEGS)
    assert degrees == [2] * 4 + [3] * 10 + [4] * 6
    assert len(D.INNER_INTERSECTIONS) == 6
    for f in range(D.NFIELDS):
        c, r = D.field_cr(f)
        assert set(D.FIELD_SEGS[f]) == {
            D.SEG_INDEX[("H", c // 2, (r + 1) // 2)],
            D.SEG_INDEX[("V", (c + 1) // 2, r // 2)],
        }
    for i, (o, x, y) in enumerate(D.SEGMENTS):
        border = (o == "H" and y in (0, 3)) or (o == "V" and x in (0, 4))
        assert len(D.SEG_FIELDS[i]) == (2 if border else 4)
    assert [D.field_cr(f) for f in D.INTER_FIELDS[D.inter_index(0, 0)]] == [(0, 0)]
    assert len(D.INTER_FIELDS[D.inter_index(2, 1)]) == 4


@pytest.mark.parametrize(
    "n, rounds, offer, supply, deck", [(3, 11, 4, 11, 44), (4, 11, 4, 11, 44), (5, 9, 5, 9, 45)]
)
def test_setup_per_player_count(n, rounds, offer, supply, deck):
    st = GAME.new([f"P{i}" for i in range(n)], 5)
    view = st.view(None)
    assert view.phase == "spring" and view.round == 0
    assert st.to_move() == (st.start_player,) and st.overseer == st.start_player
    assert len(st.deck) == deck and (view.removed_tile is None) == (n == 5)
    assert view.rounds == rounds and view.canals_left == supply
    assert all(p.markers_left == 22 and p.personal_canal for p in view.players) and len(view.players) == n
    assert st.cash == [10] * n
    st.apply(st.start_player, PlaceSpring(0, 3))
    view = st.view(None)
    assert len(view.offer) == offer and view.tiles_left == deck - offer
    assert view.bid_order[-1] == st.start_player  # the overseer bids last
    assert view.spring == (0, 3)


def test_start_player_and_deck_come_from_the_seed():
    a, b = GAME.new("ABCD", 11), GAME.new("ABCD", 11)
    assert a == b and a.snapshot()["rng"] == a.rng.getstate()
    starts = {GAME.new("ABCD", seed).start_player for seed in range(30)}
    assert len(starts) > 1


def test_spring_options():
    st = GAME.new("ABCD", 3)
    assert [a.describe() for a in st.legal_actions(st.start_player)][:2] == [
        "Place the spring at intersection 0,0",
        "Place the spring at intersection 1,0",
    ]
    assert len(st.legal_actions(st.start_player)) == 20
    for seed in range(20):
        inner = GAME.new("ABCD", seed, options={"spring": "random_inner"})
        assert inner.step == "bid" and inner.spring in D.INNER_INTERSECTIONS
    spots = {GAME.new("ABCD", seed, options={"spring": "random_any"}).spring for seed in range(60)}
    assert spots - set(D.INNER_INTERSECTIONS)


# -- A3, A4: canals ------------------------------------------------------------------------------------
def test_spring_waters_nothing_and_canals_must_connect():
    st = fresh(4, spring=(2, 1))
    assert not any(cell.irrigated for row in st.view(None).fields for cell in row)
    st.overseer = 0
    st._start_bribes()
    refused(st, 1, Propose("H", 0, 0, 1), "does not join the spring")
    play(st, 1, Propose("H", 1, 1, 1))
    refused(st, 2, Propose("H", 1, 1, 2), "already proposal 1: support it instead")
    refused(st, 2, Propose("X", 1, 1, 2), "not a canal position")
    refused(st, 2, Propose("H", 4, 0, 2), "not a canal position")
    refused(st, 2, Support(2, 1), "no proposal 2")
    refused(st, 2, Support(1, 0), "at least 1 escudo")
    refused(st, 2, Support(1, 11), "only 10 escudos")


def test_proposal_sticks_are_not_network():
    st = fresh(4, spring=(2, 1))
    st.overseer = 0
    st._start_bribes()
    play(st, 1, Propose("H", 1, 1, 1))
    # H 0,1 would join only the proposed stick's far end
    refused(st, 2, Propose("H", 0, 1, 1), "does not join")


# -- A5/A20/A21: bribes ------------------------------------------------------------------------------------
def test_overseer_never_bribes_and_amounts_may_repeat():
    st = fresh(4, spring=(2, 1))
    st.overseer = 2
    st._start_bribes()
    assert st.view(None).bribe_order == (3, 0, 1)
    assert st.legal_actions(2) == []
    refused(st, 2, Pass(), "not P2's turn")
    play(st, 3, Propose("H", 1, 1, 4))
    play(st, 0, Propose("V", 2, 1, 4))
    play(st, 1, Support(1, 10))
    assert [p.total for p in st.view(None).proposals] == [14, 4]
    assert [p.bribe_choice for p in st.view(None).players] == [
        "proposed 2",
        "supported 1",
        None,
        "proposed 1",
    ]


def test_bribes_limited_by_cash_after_the_bid():
    st = fresh(4, spring=(2, 1))
    order = st.view(None).bid_order
    bid_round(st, {order[0]: 7, order[1]: 1, order[2]: 2, order[3]: 3})
    assert st.cash[order[0]] == 3  # committed at once (A10)
    for seat in st.view(None).planting_order:
        a = st.legal_actions(seat)[0]
        play(st, seat, a)
    assert st.step == "bribe"
    seat = st.to_move()[0]
    amounts = {a.amount for a in st.legal_actions(seat) if isinstance(a, Propose)}
    assert amounts == set(range(1, st.cash[seat] + 1))


# -- A6/A7/A8: overseer decision --------------------------------------------------------------------------
def test_overseer_reject_only_on_unproposed_and_needs_m_plus_one():
    st = fresh(4, spring=(2, 1))
    st.overseer = 0
    st._start_bribes()
    play(st, 1, Propose("H", 1, 1, 3))
    play(st, 2, Support(1, 2))
    play(st, 3, Pass())
    st.cash[0] = 6
    refused(st, 0, Build("H", 1, 1, 6), "accept it rather than refuse")
    refused(st, 0, Build("H", 2, 1, 5), "costs 6 escudos now")
    refused(st, 0, Build("H", 0, 0, 6), "does not join")
    refused(st, 0, NoCanal(), "no canal is only for when nobody bribes")
    assert Build("H", 2, 1, 6) in st.legal_actions(0)
    st.cash[0] = 5
    assert st.legal_actions(0) == [Accept(1)]
    refused(st, 0, Build("H", 2, 1, 6), "you have only 5")


def test_overseer_accept_pays_only_the_backers():
    st = fresh(4, spring=(2, 1))
    st.overseer = 0
    st._start_bribes()
    play(st, 1, Propose("H", 1, 1, 3))
    play(st, 2, Propose("V", 2, 1, 5))
    play(st, 3, Support(1, 1))
    events = play(st, 0, Accept(1))
    assert st.cash == [14, 7, 10, 9]
    assert st.supply == st.rounds - 1
    assert st.view(None).canal_log == (CanalEntry(segment=("H", 1, 1), round=1, how="accepted", seat=0),)
    assert "P1 3, P3 1" in events[0].text


# -- bidding rules (5.1, A11, A14) ----------------------------------------------------------------------
def test_bid_limits():
    st = fresh(4)
    first = st.to_move()[0]
    assert st.copy().apply(first, Bid(0))[0].text == st.copy().apply(first, Pass())[0].text  # a pass
    refused(st, first, Bid(11), "only 10 escudos")
    refused(st, first, Bid(-2), "at least 1")
    refused(st, first, Plant("banana", 2, 0, 0), "cannot plant a tile now")
    play(st, first, Bid(2))
    second = st.to_move()[0]
    refused(st, second, Bid(2), "already bid 2; every bid must be different")
    st.cash[second] = 2
    play(st, second, Bid(1))
    third = st.to_move()[0]
    st.cash[third] = 2
    assert st.legal_actions(third) == [Pass()]  # 1 and 2 are taken


def test_lowest_bidder_becomes_overseer_again():
    st = fresh(4)
    ov = st.overseer
    order = st.view(None).bid_order
    bid_round(st, {order[0]: 4, order[1]: 3, order[2]: 2, ov: 1})
    assert st.overseer == ov
    assert st.view(None).planting_order == (order[0], order[1], order[2], ov)


def test_several_passers_plant_in_reverse_order_of_passing():
    st = fresh(5, spring=(2, 1))
    order = st.view(None).bid_order
    bid_round(st, {order[0]: 0, order[1]: 2, order[2]: 0, order[3]: 0, order[4]: 5})
    assert st.overseer == order[0]
    assert st.view(None).pass_order == (order[0], order[2], order[3])
    assert st.view(None).planting_order == (order[4], order[1], order[3], order[2], order[0])


# -- planting (5.2, A24) ------------------------------------------------------------------------------------
def test_planting_rules_and_passer_marker_loss():
    st = fresh(4)
    set_offer(st, [("banana", 2), ("beans", 1), ("chili", 2), ("potato", 1)])
    order = st.view(None).bid_order
    bid_round(st, {order[0]: 0, order[1]: 0, order[2]: 3, order[3]: 0})
    p = st.view(None).planting_order
    assert p == (order[2], order[3], order[1], order[0])
    refused(st, p[0], Plant("sugar", 2, 0, 0), r"no Sugar cane \(2 workers\) left")
    refused(st, p[0], Plant("kiwi", 2, 0, 0), "not a Santiago tile")
    refused(st, p[0], Plant("banana", 2, 8, 0), "not on the board")
    refused(st, p[0], Pass(), "every player must plant")
    play(st, p[0], Plant("banana", 2, 0, 0))
    refused(st, p[1], Plant("beans", 1, 0, 0), "already holds a tile")
    play(st, p[1], Plant("chili", 2, 1, 0))  # a passer: 2 workers -> 1 marker
    play(st, p[2], Plant("beans", 1, 2, 0))  # a passer: 1 worker -> 0 markers
    assert {(a.crop, a.workers) for a in st.legal_actions(p[3])} == {("potato", 1)}
    assert len(st.legal_actions(p[3])) == 45
    play(st, p[3], Plant("potato", 1, 3, 0))
    row = st.view(None).fields[0]
    assert [row[c].markers for c in range(4)] == [2, 1, 0, 0]
    # the passers' 0-marker tiles are neutral from the start: nobody owns them
    assert [row[c].owner for c in range(4)] == [p[0], p[1], None, None]
    assert st.markers_left[p[0]] == 20 and st.markers_left[p[2]] == 22
    assert st.step == "bribe"


def test_desert_blocks_planting_and_breaks_plantations():
    st = fresh(4)
    put(st, 0, 0, "banana", 0, 2)
    put(st, 1, 0, "banana", 1, 0)
    put(st, 2, 0, "banana", 2, 2)
    st._drought()  # nothing is watered: 0,0 and 2,0 lose a marker, 1,0 turns to desert
    view = st.view(None)
    assert view.fields[0][1].desert and view.fields[0][1].crop is None
    assert [p.size for p in view.plantations] == [1, 1]
    order = view.bid_order
    bid_round(st, {s: i + 1 for i, s in enumerate(order)})
    seat = st.to_move()[0]
    assert all((a.col, a.row) != (1, 0) for a in st.legal_actions(seat))
    refused(st, seat, Plant(*next((a.crop, a.workers) for a in st.legal_actions(seat)), 1, 0), "is desert")


# -- A15: plantations join across thick lines, never diagonally ------------------------------------------
def test_plantations_join_across_lines_not_diagonally():
    st = fresh(4)
    put(st, 1, 1, "potato", 0, 2)
    put(st, 2, 1, "potato", 0, 1)  # across the thick line between blocks
    put(st, 3, 2, "potato", 1, 2)  # diagonal to 2,1: separate
    put(st, 2, 2, "beans", 1, 1)
    view = st.view(None)
    sizes = sorted((p.crop, p.size) for p in view.plantations)
    assert sizes == [("beans", 1), ("potato", 1), ("potato", 2)]
    assert [p.plantation_score for p in view.players] == [6, 3, 0, 0]


# -- 3-player leftover tile (P2, A12, A13) -----------------------------------------------------------------
def three_player_to_leftover(bids):
    st = fresh(3, spring=(2, 1))
    set_offer(st, [("banana", 2), ("beans", 2), ("chili", 2), ("sugar", 1)])
    order = st.view(None).bid_order
    bid_round(st, {seat: bids[i] for i, seat in enumerate(order)})
    return st, order


def test_three_players_highest_bidder_places_leftover_next_to_a_plantation():
    st, order = three_player_to_leftover([2, 5, 0])
    p = st.view(None).planting_order
    assert p[0] == order[1]
    play(st, p[0], Plant("banana", 2, 0, 0))
    play(st, p[1], Plant("beans", 2, 7, 5))
    play(st, p[2], Plant("chili", 2, 7, 0))
    assert st.step == "leftover" and st.to_move() == (order[1],)
    view = st.view(order[1])
    assert view.leftover_placer == order[1]
    allowed = sorted(view.leftover_fields)
    assert allowed == sorted([(1, 0), (0, 1), (7, 4), (6, 5), (6, 0), (7, 1)])
    refused(st, order[1], PlaceLeftover(4, 3), "next to a plantation tile that is not desert")
    play(st, order[1], PlaceLeftover(1, 0))
    view = st.view(None)
    cell = view.fields[0][1]
    assert cell.crop == "sugar" and cell.owner is None and cell.markers == 0 and cell.leftover
    assert [o.leftover for o in view.offer] == [False, False, False, True]
    assert st.step == "bribe"


def test_three_players_all_pass_first_planter_places_leftover():
    st, order = three_player_to_leftover([0, 0, 0])
    p = st.view(None).planting_order
    assert p == order[::-1] and st.overseer == order[0]
    for seat in p:
        play(st, seat, st.legal_actions(seat)[0])
    assert st.to_move() == (p[0],)


def test_leftover_falls_back_to_deserts_then_anywhere():
    st, order = three_player_to_leftover([1, 2, 3])
    p = st.view(None).planting_order
    for seat in p:
        play(st, seat, st.legal_actions(seat)[0])
    # turn every tile on the board into desert: only fields next to deserts remain
    for f in range(D.NFIELDS):
        if st.tile[f] >= 0:
            st._dry_out(f)
    allowed = {D.field_index(*xy) for xy in st.view(None).leftover_fields}
    assert allowed and all(any(st.desert[g] for g in D.NEIGHBOURS[f]) for f in allowed)
    refused(st, p[0], PlaceLeftover(5, 5), "next to a desert")
    for f in range(D.NFIELDS):
        st.tile[f], st.desert[f] = -1, False
    assert len(st.view(None).leftover_fields) == 48


# -- drought (D1, A16) and income ---------------------------------------------------------------------
def test_new_zero_marker_tile_dries_to_desert_this_round_and_markers_never_return():
    st = fresh(4, spring=(2, 1))
    put(st, 0, 0, "beans", 1, 0, workers=1)
    put(st, 7, 5, "chili", 2, 2)
    cash = list(st.cash)
    st.overseer = 0
    st._start_extra()
    for seat in st.view(None).extra_order:
        play(st, seat, Pass())
    assert st.round == 2
    assert st.desert[0] and st.markers[D.field_index(7, 5)] == 1
    assert st.cash == [c + 3 for c in cash]  # income
    build(st, ("H", 2, 1), ("H", 3, 1), ("V", 4, 1), ("V", 4, 2))  # now 7,5 is watered
    st._drought()
    assert st.markers[D.field_index(7, 5)] == 1 and st.markers_left[2] == 20


def test_no_income_in_the_final_round():
    st = fresh(4, spring=(2, 1))
    st.round = st.rounds
    cash = list(st.cash)
    st.overseer = 0
    st._start_extra()
    for seat in st.view(None).extra_order:
        play(st, seat, Pass())
    assert st.is_over() and st.cash == cash and st.to_move() == ()
    assert st.legal_actions(0) == []
    refused(st, 1, Pass(), "The game is over")


# -- A22: personal canal ---------------------------------------------------------------------------------
def test_personal_canal_overseer_last_free_once_and_usable_in_last_round():
    st = fresh(4, spring=(2, 1))
    st.overseer = 1
    st.round = st.rounds
    st._start_extra()
    assert st.view(None).extra_order == (2, 3, 0, 1)
    for seat in (2, 3, 0):
        play(st, seat, Pass())
    refused(st, 1, PersonalCanal("H", 0, 0), "does not join")
    cash = st.cash[1]
    play(st, 1, PersonalCanal("H", 1, 1))
    assert st.is_over() and st.cash[1] == cash and st.personal == [True, False, True, True]


def test_used_personal_canal_skips_and_everyone_used_skips_phase():
    st = fresh(4, spring=(2, 1))
    st.personal = [False] * 4
    st.overseer = 0
    r = st.round
    st._start_extra()
    assert st.round == r + 1 and st.step == "bid"


# -- palm variant (§7, A26) ---------------------------------------------------------------------------------
def test_palm_setup_by_start_player():
    st = GAME.new("ABCD", 4, options={"palms": "on"})
    sp = st.start_player
    st.apply(sp, PlaceSpring(2, 1))
    assert st.step == "palms" and st.to_move() == (sp,)
    refused(st, sp, PlacePalm(3, 1), "touch the spring")
    play(st, sp, PlacePalm(0, 0))
    refused(st, sp, PlacePalm(1, 1), "not even at a corner")
    refused(st, sp, PlacePalm(0, 0), "already a palm")
    allowed = {(a.col, a.row) for a in st.legal_actions(sp)}
    assert (1, 1) not in allowed and (1, 0) not in allowed and (2, 0) in allowed and (3, 1) not in allowed
    play(st, sp, PlacePalm(2, 0))
    play(st, sp, PlacePalm(7, 5))
    assert st.step == "bid" and st.view(None).palms == ((0, 0), (2, 0), (7, 5))


def test_random_palms_are_legal():
    for seed in range(25):
        st = GAME.new(
            "ABC", seed, options={"palms": "on", "palm_placement": "random", "spring": "random_any"}
        )
        palms = [f for f in range(D.NFIELDS) if st.palm[f]]
        assert len(palms) == 3 and st.step == "bid"
        for f in palms:
            assert f not in D.INTER_FIELDS[st.spring]
            assert not any(st.palm[g] for g in D.KING_NEIGHBOURS[f])


def test_palm_counts_only_with_an_owner_marker_and_goes_with_the_desert():
    st = fresh(4, spring=(2, 1), palms="on", palm_placement="random")
    for f in range(D.NFIELDS):
        st.palm[f] = False
    st.palm[D.field_index(0, 5)] = st.palm[D.field_index(7, 5)] = st.palm[D.field_index(7, 0)] = True
    put(st, 0, 5, "potato", 0, 1)
    put(st, 7, 5, "potato", 1, 0, workers=1)
    put(st, 7, 0, "potato", None, 0)
    assert [p.plantation_score for p in st.view(None).players] == [2, 0, 0, 0]  # 1 marker + palm, size 1
    st._drought()
    view = st.view(None)
    assert view.fields[5][0].palm and view.fields[5][0].markers == 0
    assert view.fields[5][7].desert and not view.fields[5][7].palm
    assert [p.plantation_score for p in view.players] == [0, 0, 0, 0]
    st._drought()
    assert st.desert[D.field_index(0, 5)] and st.view(None).palms == ()


# -- hidden cash and open money (A18) ------------------------------------------------------------------
def test_cash_hidden_by_default():
    st = fresh(4)
    assert [p.cash for p in st.view(2).players] == [None, None, 10, None]
    assert [p.cash for p in st.view(None).players] == [None] * 4
    assert "cash" not in st.standings().rows[0].breakdown
    st.round = st.rounds
    st.overseer = 0
    st._start_extra()
    for seat in st.view(None).extra_order:
        st.apply(seat, Pass())
    assert [p.cash for p in st.view(None).players] == st.cash and st.view(1).scores[0].total >= 10


def test_open_money_shows_everyone():
    st = fresh(4, open_money="on")
    assert [p.cash for p in st.view(None).players] == [10] * 4 and st.view(3).open_money
    assert st.standings().rows[0].breakdown["cash"] == 10


def test_events_never_reveal_cash_totals():
    st = GAME.new("ABCD", 8)
    rng = random.Random(8)
    while not st.is_over():
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        for event in st.apply(seat, legal[rng.randrange(len(legal))]):
            assert event.visible_to is None
            if not st.is_over():
                assert not re.search(r"\bhas \d+|cash", event.text), event.text


# -- contract details ------------------------------------------------------------------------------------
def test_malformed_actions_are_refused_with_reasons():
    st = fresh(4)
    seat = st.to_move()[0]
    other = (seat + 1) % 4

    class Foreign(Action):
        kind = "bid"

        def describe(self):
            return "?"

    refused(st, seat, Bid("3"), "not a whole number")
    refused(st, seat, Bid(True), "not a whole number", listed=True)
    refused(st, seat, Bid(2.0), "not a whole number", listed=True)
    refused(st, seat, Foreign(), "not a Santiago move")
    refused(st, other, Bid(3), "not P")
    refused(st, 9, Bid(3), "no seat 9")
    refused(st, "x", Bid(3), "no seat")
    for bad in ("bid", None, 3, {"kind": "bid"}):
        with pytest.raises(IllegalAction):
            st.apply(seat, bad)


def test_legal_actions_match_what_apply_accepts():
    """Every listed action is accepted; a wide net of candidates outside the list is refused."""
    st = GAME.new("ABC", 21, options={"palms": "on"})
    rng = random.Random(21)
    candidates = (
        [Pass(), NoCanal()]
        + [Bid(a) for a in range(-1, 40)]
        + [PlaceSpring(x, y) for x in range(6) for y in range(5)]
        + [PlacePalm(c, r) for c in range(9) for r in range(7)]
        + [PlaceLeftover(c, r) for c in range(8) for r in range(6)]
        + [Plant(crop, w, c, r) for crop in D.CROPS for w in (1, 2) for c in range(8) for r in range(6)]
        + [Propose(o, x, y, a) for o, x, y in D.SEGMENTS for a in (0, 1, 5, 30)]
        + [Support(p, a) for p in range(0, 4) for a in (0, 1, 7, 30)]
        + [Accept(p) for p in range(0, 4)]
        + [Build(o, x, y, c) for o, x, y in D.SEGMENTS for c in (1, 2, 4)]
        + [PersonalCanal(o, x, y) for o, x, y in D.SEGMENTS]
    )
    steps = 0
    while not st.is_over():
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        if steps % 3 == 0:
            for a in legal:
                assert st._why_not(seat, a) is None, a
            for a in candidates:
                assert (st._why_not(seat, a) is None) == (a in legal), (a, st.step)
        st.apply(seat, legal[rng.randrange(len(legal))])
        steps += 1


def test_describe_texts():
    assert Bid(5).describe() == "Bid 5 escudos" and Bid(1).describe() == "Bid 1 escudo"
    assert Pass().describe() == "Pass"
    assert Plant("banana", 2, 3, 1).describe() == "Plant Banana (2 workers) at field 3,1"
    assert Propose("H", 1, 2, 3).describe() == "Propose canal H 1,2 with 3"
    assert Support(2, 1).describe() == "Support proposal 2 with 1"
    assert Accept(1).describe() == "Overseer: accept proposal 1"
    assert Build("H", 2, 1, 5).describe() == "Overseer: build H 2,1 yourself for 5"
    assert PersonalCanal("V", 2, 1).describe() == "Place your personal canal at V 2,1"
    assert NoCanal().describe() == "Overseer: build no canal this round"
    assert PlaceLeftover(4, 2).describe() == "Place the leftover tile at field 4,2"
    assert PlacePalm(0, 5).describe() == "Place a palm tree at field 0,5"


def test_view_is_json_and_every_field_is_documented():
    st = fresh(3, palms="on", palm_placement="random")
    view = st.view(0)
    assert GAME.decode_view(json.loads(json.dumps(encode(view)))) == view
    # every field of every view class has a comment, on its line or the lines just above it
    for cls in (view_module.SantiagoView, view_module.SantiagoBotView, view_module.SantiagoPlayer):
        source = inspect.getsource(cls).splitlines()
        for name in cls.__annotations__:
            i = next(i for i, line in enumerate(source) if line.startswith(f"    {name}: "))
            commented = "#" in source[i] or source[i - 1].strip().startswith("#")
            assert commented or name in OBVIOUS, f"{cls.__name__}.{name} is not documented"
    cell = view.fields[0][0]
    assert {f.name for f in dataclasses.fields(cell)} == {
        "col",
        "row",
        "crop",
        "crop_name",
        "workers",
        "owner",
        "markers",
        "markers_by_seat",
        "desert",
        "palm",
        "irrigated",
        "leftover",
    }


# Fields whose name says it all.
OBVIOUS = {"overseer", "start_player", "options", "plantations"}


def test_rules_markdown_lists_options():
    text = GAME.rules_markdown({"palms": "on", "open_money": "on"})
    assert text.startswith("# Santiago")
    tail = text.rsplit("## Options in this game", 1)[1]
    assert "**Palm-tree variant:** on" in tail and "open: everyone's cash is shown" in tail
    assert "**Spring placement:** the start player chooses" in tail
    assert "final drought" in text.lower() and "highest total + 1" in text


def test_round_reveals_are_marked_for_undo():
    assert registry.get("santiago") is GAME
    record, st = GameRecord.start("santiago", ["A", "B", "C", "D"], 42, options={"palms": "on"})
    rng = random.Random(42)
    for _ in range(40):
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        record.play(st, seat, legal[rng.randrange(len(legal))])
    assert any(step.revealed for step in record.steps)  # the round reveals stop undo


# -- bots ------------------------------------------------------------------------------------------------
def test_make_bot():
    assert isinstance(make_bot(GAME, "random"), RandomBot)
    assert isinstance(make_bot(GAME, "smart"), SmartBot)


def test_smart_bot_beats_random_bots():
    smart, rand = SmartBot(), RandomBot()
    wins = 0
    games = 12
    for g in range(games):
        me = g % 4
        st = GAME.new("ABCD", 1000 + g)
        rngs = [bot_rng(1000 + g, s) for s in range(4)]
        while not st.is_over():
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            bot = smart if seat == me else rand
            action = bot.choose(st.view(seat), legal, rngs[seat])
            assert action in legal
            st.apply(seat, action)
        wins += any(row.seat == me for row in st.standings().winners)
    assert wins >= 9, f"SmartBot won only {wins} of {games}"


def test_views_handed_out_never_change_afterwards():
    """The board part of views is cached and shared; it must never be edited in place."""
    st = fresh(4, spring=(2, 1))
    rng = random.Random(3)
    kept = []
    while st.round < 3:
        seat = st.to_move()[0]
        view = st.view(seat)
        kept.append((view, json.dumps(encode(view), sort_keys=True)))
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.randrange(len(legal))])
    assert any(v.phase == "plant" for v, _ in kept)
    for view, text in kept:
        assert json.dumps(encode(view), sort_keys=True) == text
