"""San Marco, section by section of shared/rules/san_marco.md: the rules, rulings, options, player
counts and worked examples that the other San Marco tests leave out or check only in the
arithmetic. Positions are set up directly on a state and played through the contract
(legal_actions / allows / apply / view / standings). District values and neighbouring pairs other
than the rulebook's are provisional: they are read from data.py, never written here."""

import random
from collections import Counter

import pytest

from boardgames_tui.rules.core import IllegalAction, Seat
from boardgames_tui.rules.san_marco import SanMarcoGame
from boardgames_tui.rules.san_marco.actions import (
    Choose,
    Confirm,
    Decline,
    PickBanished,
    PlaceBridge,
    PlayBanish,
    PlayBridge,
    PlayDistrict,
    PlayDoge,
    PlayTransfer,
    PutCard,
    Reroll,
)
from boardgames_tui.rules.san_marco.data import (
    ACTION_DECK,
    BRIDGES,
    DISTRICTS,
    NDISTRICTS,
    NEIGHBOURS,
    PAIRS,
    pair,
)

from .test_san_marco_rules import empty_board, resolving

DIE = {d.die: d.die - 1 for d in DISTRICTS}  # die number -> district index
SM, CASTELLO = DIE[4], DIE[6]
HIGH = {i: d.high for i, d in enumerate(DISTRICTS)}
LOW = {i: d.low for i, d in enumerate(DISTRICTS)}
R, B, G, Y = 0, 1, 2, 3


# -- helpers ---------------------------------------------------------------------------------------
def game(players=4, seed=1, **options):
    names = ["R", "B", "G", "Y"][:players]
    return SanMarcoGame().new([Seat(n) for n in names], seed, options=options)


def two(variant, seed=1, **options):
    return SanMarcoGame().new([Seat("A"), Seat("B")], seed, options={"two_player": variant, **options})


def through_setup(state):
    """Play the set-up (no reroll, the first legal bridge) until the first split."""
    while state.step in ("reroll", "bridges"):
        seat = state.to_move()[0]
        if state.step == "reroll":
            state.apply(seat, Reroll(False))
        else:
            state.apply(seat, state.legal_actions(seat)[0])
    assert state.step == "split"
    return state


def cleared(state):
    """No cube in any district, no bridge, full supplies, nobody's limit cards, no prestige."""
    empty_board(state)
    state.prestige = [0] * state.colours
    state.limits = [[] for _ in range(state.n)]
    return state


def add(state, district, colour, count):
    state.cubes[district][colour] += count
    state.supply[colour] -= count


def bridge(state, a, b, owner):
    state.bridges.append([*pair(a, b), owner])
    state.supply[owner] -= 1


def round_over(state, limits, extra=False, start=None):
    """End the round now, with these limit cards in front of the players."""
    resolving(state, state.start if start is None else start, [])
    if start is not None:
        state.start = start
    state.limits = [list(x) for x in limits]
    state.extra = extra
    state._end_round()
    return state


def scripted_dice(monkeypatch, rolls):
    """Every die roll of random.Random (randint) from now on comes from `rolls`, in order."""
    it = iter(rolls)
    monkeypatch.setattr(random.Random, "randint", lambda self, a, b: next(it))


def one_roll(monkeypatch, state, value):
    monkeypatch.setattr(state.rng, "randint", lambda a, b: value)


def split_simply(state, seat):
    """`seat` splits: card 0 alone into pile 1 (and card 1 into pile 2 with three piles)."""
    offer = state.split_offer(seat)
    state.apply(seat, PutCard(0, 1))
    if offer["piles"] == 3:
        state.apply(seat, PutCard(1, 2))
    state.apply(seat, Confirm())


def decline_all(state):
    while state.step == "resolve":
        state.apply(state.taker, Decline(0))


def play_round_declining(state):
    """Play the current round out: simple splits, the first pile on offer, every card given up."""
    rnd = state.round
    while state.round == rnd and state.step in ("split", "choose", "resolve"):
        if state.step == "split":
            split_simply(state, state.to_move()[0])
        elif state.step == "choose":
            seat = state.to_move()[0]
            state.apply(seat, state.legal_actions(seat)[0])
        else:
            decline_all(state)


def said(events):
    """The log lines of a move (a move that ends the round is followed by the next round's)."""
    return [e.text for e in events]


def in_districts(state, colour):
    return sum(row[colour] for row in state.cubes)


def bridges_of(state, colour):
    return sum(1 for *_, owner in state.bridges if owner == colour)


# -- §2, §3 set-up ---------------------------------------------------------------------------------
def test_s3_four_player_setup_cubes_bridge_doge_off_and_x20_pairs2_draws():
    state = through_setup(game(4, seed=5))
    for seat in range(4):
        assert in_districts(state, seat) == 8  # 4 rolls × 2 cubes
        assert bridges_of(state, seat) == 1
        assert state.supply[seat] == 25 - 8 - 1
        assert Counter(r - 1 for r in state.rolls[seat]) == Counter(
            {d: n // 2 for d, n in enumerate(row[seat] for row in state.cubes) if n}
        )
    assert state.doge is None and state.period == 1
    assert all(sum(x) == 0 for x in state.limits)
    # X20: PAIRS2 draws 10 action + 6 limit cards, 5 + 3 for each divider, the start player first
    assert state.mode == "pairs" and [o["divider"] for o in state.offers][0] == state.start
    for offer in state.offers:
        kinds = [c.startswith("limit:") for c in offer["cards"]]
        assert kinds == [False] * 5 + [True] * 3 and offer["piles"] == 2
    assert len(state.action_deck) == 62 - 10 and len(state.limit_deck) == 28 - 6
    # §2.4: the whole action deck is there, 5 of each district card
    drawn = [c for o in state.offers for c in o["cards"] if not c.startswith("limit:")]
    assert Counter(state.action_deck + drawn) == Counter(dict(ACTION_DECK))
    roles = {state.offers[0]["divider"], state.offers[1]["divider"]}
    roles |= {state.offers[0]["choosers"][0], state.offers[1]["choosers"][0]}
    assert roles == {0, 1, 2, 3}


def test_s3_e28_three_players_place_two_bridges_each_round_the_table_twice():
    state = game(3, seed=2)
    while state.step == "reroll":
        state.apply(state.to_move()[0], Reroll(False))
    order = [(state.start + i) % 3 for i in range(3)]
    placed = []
    while state.step == "bridges":
        seat = state.to_move()[0]
        placed.append(seat)
        # E27 ruling (default): the cap counts all owners, so a second own bridge on a pair is fine
        mine = PlaceBridge(*pair(SM, CASTELLO))
        state.apply(seat, mine if seat == order[0] else state.legal_actions(seat)[0])
    assert placed == order + order
    assert state.bridges.count([*pair(SM, CASTELLO), order[0]]) == 2
    for seat in range(3):
        assert bridges_of(state, seat) == 2 and state.supply[seat] == 25 - 8 - 2


def test_s3_step5_e29_a_starting_bridge_joins_neighbours_with_fewer_than_three_bridges():
    state = game(4, seed=2)
    while state.step == "reroll":
        state.apply(state.to_move()[0], Reroll(False))
    seat = state.to_move()[0]
    assert {pair(a.a, a.b) for a in state.legal_actions(seat)} == set(PAIRS)
    far = next((a, b) for a in range(NDISTRICTS) for b in range(a + 1, NDISTRICTS) if b not in NEIGHBOURS[a])
    with pytest.raises(IllegalAction):
        state.apply(seat, PlaceBridge(*far))
    full = pair(SM, CASTELLO)
    state.bridges = [[*full, s] for s in range(3)]
    assert full not in {pair(a.a, a.b) for a in state.legal_actions(seat)}
    with pytest.raises(IllegalAction):
        state.apply(seat, PlaceBridge(*full))


def test_s2_3_a_bridge_is_its_pair_whichever_end_is_named_first():
    # §2.3: "a bridge is identified by its district pair"; Castello – San Marco is a legal pair
    state = game(4, seed=2)
    while state.step == "reroll":
        state.apply(state.to_move()[0], Reroll(False))
    seat = state.to_move()[0]
    state.apply(seat, PlaceBridge(CASTELLO, SM))
    assert [*pair(SM, CASTELLO), seat] in state.bridges


def test_x17_four_equal_rolls_the_player_may_reroll_the_fourth_until_it_differs(monkeypatch):
    scripted_dice(monkeypatch, [4, 4, 4, 4, 4, 4, 2] + [1, 2, 3, 5] * 3)
    state = game(4, seed=7)
    first = state.start
    assert state.step == "reroll" and state.to_move() == (first,)
    assert set(state.legal_actions(first)) == {Reroll(True), Reroll(False)}
    state.apply(first, Reroll(True))  # rerolls 4, 4, then 2
    assert state.rolls[first] == [4, 4, 4, 2]
    assert state.cubes[SM][first] == 6 and state.cubes[DIE[2]][first] == 2
    assert state.step == "bridges"


def test_x17_four_equal_rolls_kept_put_eight_cubes_in_one_district(monkeypatch):
    scripted_dice(monkeypatch, [4, 4, 4, 4] + [1, 2, 3, 5] * 3)
    state = game(4, seed=7)
    first = state.start
    state.apply(first, Reroll(False))
    assert state.cubes[SM][first] == 8 and in_districts(state, first) == 8
    assert state.supply[first] == 17


def test_e20_three_equal_rolls_are_kept_with_no_reroll_offered(monkeypatch):
    scripted_dice(monkeypatch, [4, 4, 4, 2] + [1, 2, 3, 5] * 3)
    state = game(4, seed=7)
    assert state.step == "bridges"
    first = state.start
    assert state.cubes[SM][first] == 6 and state.cubes[DIE[2]][first] == 2


def test_x18_variant_a_neutral_cubes_one_a_district_then_one_a_roll(monkeypatch):
    scripted_dice(monkeypatch, [1, 2, 3, 5, 1, 2, 3, 5] + [3, 3, 6, 1, 5, 3])
    state = two("neutral")
    assert [row[2] for row in state.cubes] == [2, 1, 4, 1, 2, 2]
    assert state.supply[2] == 0
    through_setup(state)
    assert bridges_of(state, 2) == 0 and bridges_of(state, 0) == 1 and bridges_of(state, 1) == 1
    assert state.prestige[2] == 0 and len(state.limits) == 2  # no cards, no score for the neutral


def lone_district():
    """A district that is neither San Marco, Castello nor a neighbour of either (from the table)."""
    near = {SM, CASTELLO} | NEIGHBOURS[SM] | NEIGHBOURS[CASTELLO]
    return next(d for d in range(NDISTRICTS) if d not in near)


def test_s8_3_variant_b_dummies_roll_four_times_and_bridge_where_most_of_their_cubes_are():
    state = two("dummies", seed=3)
    while state.step == "reroll":
        state.apply(state.to_move()[0], Reroll(False))
    assert [in_districts(state, c) for c in (2, 3)] == [8, 8]
    assert [state.supply[c] for c in (2, 3)] == [17, 17]
    # a set position: dummy 2 has most cubes across San Marco – Castello; dummy 3 only in San
    # Marco, so every pair touching it ties: the ruling takes the lowest die numbers
    for row in state.cubes:
        row[2] = row[3] = 0
    state.cubes[SM][2], state.cubes[CASTELLO][2], state.cubes[lone_district()][2] = 3, 3, 4
    state.cubes[SM][3] = 4
    state.bridges = []
    state._place_dummy_bridges()
    lowest_sm_pair = min(p for p in PAIRS if SM in p)
    assert state.bridges == [[*pair(SM, CASTELLO), 2], [*lowest_sm_pair, 3]]


def test_s8_3_variant_b_dummy_tie_prefers_a_pair_with_its_cubes_on_both_sides():
    state = cleared(two("dummies", seed=3))
    a, b = pair(SM, CASTELLO)
    # 4 cubes across San Marco – Castello (2 + 2), and 4 alone in a district off both: a pair of
    # lower die numbers holds 4 too, with cubes on one side only
    lone = lone_district()
    assert min(p for p in PAIRS if lone in p) < (a, b)
    state.cubes[SM][2], state.cubes[CASTELLO][2] = 2, 2
    state.cubes[lone][2] = 4
    state._place_dummy_bridges()
    assert [a, b, 2] in state.bridges


# -- §4 the round ----------------------------------------------------------------------------------
def test_s4_3_trio_the_start_player_divides_six_plus_four_into_three_piles_x20():
    state = through_setup(game(3, seed=4))
    assert state.mode == "trio" and len(state.offers) == 1
    offer = state.offers[0]
    assert offer["divider"] == state.start and offer["piles"] == 3
    assert sorted(offer["choosers"]) == sorted({0, 1, 2} - {state.start})
    assert [c.startswith("limit:") for c in offer["cards"]] == [False] * 6 + [True] * 4
    assert len(state.action_deck) == 62 - 6 and len(state.limit_deck) == 28 - 4


def test_s4_6_trio_chooser_one_then_chooser_two_then_the_divider_takes_the_last_pile():
    state = through_setup(game(3, seed=4))
    offer = state.offers[0]
    div, (c1, c2) = offer["divider"], offer["choosers"]
    state.apply(div, PutCard(0, 1))
    with pytest.raises(IllegalAction):  # pile 3 is still empty
        state.apply(div, Confirm())
    state.apply(div, PutCard(1, 2))
    state.apply(div, Confirm())
    assert state.to_move() == (c1,)
    assert {a.pile for a in state.legal_actions(c1)} == {0, 1, 2}
    state.apply(c1, Choose(2))
    decline_all(state)
    assert state.to_move() == (c2,) and {a.pile for a in state.legal_actions(c2)} == {0, 1}
    with pytest.raises(IllegalAction):
        state.apply(c2, Choose(2))
    state.apply(c2, Choose(1))
    decline_all(state)
    assert offer["taken"] == {2: c1, 1: c2, 0: div}  # the divider got what was left
    assert state.round == 2


def test_x20_pair1_in_a_two_player_game_five_plus_three_into_two_piles():
    state = through_setup(two("neutral", seed=2))
    assert state.mode == "pair" and len(state.offers) == 1
    offer = state.offers[0]
    assert offer["divider"] == state.start and offer["choosers"] == [1 - state.start]
    assert [c.startswith("limit:") for c in offer["cards"]] == [False] * 5 + [True] * 3
    assert offer["piles"] == 2


def test_x20_e15_a_pile_of_limit_cards_only_is_a_legal_offer_and_counts_at_once():
    state = through_setup(game(4, seed=6))
    first, second = state.offers
    div = first["divider"]
    for card in (5, 6, 7):  # the three limit cards alone in pile 2: a 5 + 3 split
        state.apply(div, PutCard(card, 1))
    state.apply(div, Confirm())
    for card in range(4):  # 4 + 4 is legal too
        state.apply(second["divider"], PutCard(card, 1))
    state.apply(second["divider"], Confirm())
    chooser = first["choosers"][0]
    value = sum(int(c[6:]) for c in first["cards"][5:])
    state.apply(chooser, Choose(1))
    assert state.limit_total(chooser) == value
    assert state.taker == div and len(state.pending) == 5  # the chooser had no card to play


def test_s4_7_e16_pair_two_piles_stay_hidden_until_pair_one_is_done_limits_are_public():
    state = through_setup(game(4, seed=6))
    first, second = state.offers
    split_simply(state, first["divider"])
    split_simply(state, second["divider"])
    c1 = first["choosers"][0]
    outsider = second["choosers"][0]
    assert state.view(outsider).offers[0].cards == tuple(first["cards"])  # revealed: public
    for seat in {0, 1, 2, 3} - {second["divider"]}:
        assert state.view(seat).offers[1].cards is None
    assert state.view(second["divider"]).offers[1].cards == tuple(second["cards"])
    state.apply(c1, Choose(0))
    assert state.view(outsider).limits[c1] == tuple(state.limits[c1])  # limit cards in the open
    decline_all(state)
    assert state.offer_at == 1 and second["revealed"]
    assert state.view(c1).offers[1].cards == tuple(second["cards"])


def test_s4_6_the_taker_plays_the_cards_in_any_order():
    state = cleared(game(4))
    resolving(state, R, ["district:san_marco", "doge"])
    add(state, SM, B, 1)
    state.apply(R, PlayDoge(1, SM))  # the second card first: B alone in San Marco
    assert state.prestige[B] == HIGH[SM] and state.pending == ["district:san_marco"]
    state.apply(R, PlayDistrict(0, SM))
    assert state.cubes[SM][R] == 1 and state.action_discard[-2:] == ["doge", "district:san_marco"]


def test_e11_s4_6_a_player_over_ten_mid_round_plays_on_and_is_out_only_at_round_end():
    state = through_setup(game(4, seed=8))
    first, second = state.offers
    c1 = first["choosers"][0]
    first["cards"][:] = ["district:san_marco"] * 5 + ["limit:3", "limit:1", "limit:1"]
    state.limits[c1] = [3, 3, 2]
    state.apply(first["divider"], PutCard(0, 1))
    state.apply(first["divider"], PutCard(5, 1))
    state.apply(first["divider"], Confirm())
    split_simply(state, second["divider"])
    state.apply(c1, Choose(1))
    assert state.limit_total(c1) == 11
    assert state.step == "resolve" and state.to_move() == (c1,)
    before = state.cubes[SM][c1]
    state.apply(c1, PlayDistrict(0, SM))  # still plays its card
    assert state.cubes[SM][c1] == before + 1
    decline_all(state)  # the divider's pile
    assert state.offer_at == 1 and state.round == 1  # the round goes on with pair 2
    play_round_declining(state)
    assert state.round == 2 and state.extra and state.mode == "trio"
    roles = [state.offers[0]["divider"], *state.offers[0]["choosers"]]
    assert c1 not in roles and sorted(roles) == sorted({0, 1, 2, 3} - {c1})


def test_s4_2_the_start_player_passes_left_after_a_normal_round():
    state = through_setup(game(4, seed=9))
    start = state.start
    play_round_declining(state)  # three limit cards at most each: nobody reaches 10
    assert state.round == 2 and not state.extra and state.start == (start + 1) % 4
    assert state.offers[0]["divider"] == state.start and state.mode == "pairs"


# -- §6 limits, period end -------------------------------------------------------------------------
def test_s6_2_four_players_two_out_one_extra_pair_round_for_the_other_two():
    state = cleared(game(4))
    round_over(state, [[3, 3, 3, 1], [2], [3, 3, 3, 3], [2]], start=3)
    assert state.extra and state.mode == "pair"
    offer = state.offers[0]
    assert offer["divider"] == B and offer["choosers"] == [Y]  # left of 3 is 0 (out), then 1
    assert len(offer["cards"]) == 8 and offer["piles"] == 2


def test_s6_1_exactly_ten_is_out_nine_is_not():
    state = cleared(game(4))
    round_over(state, [[3, 3, 3], [3, 3, 3, 1], [2], [2]], start=0)
    assert state.extra and state.mode == "trio"
    offer = state.offers[0]
    assert sorted([offer["divider"], *offer["choosers"]]) == [R, G, Y]
    assert offer["divider"] == G  # left of 0 is 1 (out at 10), then 2


def test_x15_three_players_one_out_extra_pair1_round_the_next_starter_divides():
    state = cleared(game(3))
    round_over(state, [[3, 3, 3, 1], [3, 2, 2], [3, 3, 3]], start=0)
    assert state.extra and state.mode == "pair"
    offer = state.offers[0]
    assert offer["divider"] == B and offer["choosers"] == [G]
    assert [c.startswith("limit:") for c in offer["cards"]] == [False] * 5 + [True] * 3


def test_s8_1_three_players_two_out_the_period_ends_at_once():
    state = cleared(game(3))
    round_over(state, [[3, 3, 3, 1], [3, 3, 3, 3], [2]], start=0)
    assert not state.offers and state.step == "free_banish" and state.to_move() == (G,)
    assert state.prestige[:3] == [0, 0, 10]  # 12 − 2
    state.apply(G, Decline(-1))
    assert state.period == 2 and not state.extra


def test_s6_3_the_sole_lowest_banishes_for_free_even_at_ten_or_more():
    state = cleared(game(4))
    round_over(state, [[3, 3, 3, 1], [3, 3, 3, 2], [3, 3, 3, 3], [3, 3, 3, 3]], start=0)
    assert state.prestige[:4] == [0, 0, 0, 0]  # nobody below 10: no bonus
    assert state.step == "free_banish" and state.to_move() == (R,)
    assert Decline(-1) in state.legal_actions(R)
    assert {a.district for a in state.legal_actions(R) if isinstance(a, PlayBanish)} == set(range(NDISTRICTS))


def test_e14_e12_no_district_is_scored_at_a_period_end_and_the_rotation_goes_on():
    state = cleared(game(4))
    state.doge = SM
    add(state, SM, R, 3)
    add(state, SM, B, 1)
    round_over(state, [[3, 3, 3, 1], [2], [2], [2]], extra=True, start=2)
    # the bonus (10 − 2 for three players), a shared lowest total (no free banishment), no scoring
    assert state.prestige[:4] == [0, 8, 8, 8]
    assert state.period == 2 and state.step == "split" and state.start == 3  # left of the last starter
    assert state.offers[0]["divider"] == 3


def test_e17_e26_both_decks_are_whole_again_at_a_new_period():
    state = cleared(game(4))
    state.action_discard = state.action_deck[:30]
    del state.action_deck[:30]
    resolving(state, R, [])
    state.limits = [[3, 3, 3, 1], [3, 3, 3, 3], [3, 3, 3, 2], [1]]
    state.limit_deck = state.limit_deck[:5]
    state.offers = []
    state.extra = True
    state._end_round()
    state.apply(Y, Decline(-1))
    assert state.period == 2
    drawn = [c for o in state.offers for c in o["cards"]]
    assert len(state.action_deck) + sum(not c.startswith("limit:") for c in drawn) == 62
    assert len(state.limit_deck) + sum(c.startswith("limit:") for c in drawn) == 28
    assert not state.action_discard and all(not x for x in state.limits)


def test_e12_next_period_starts_left_of_the_extra_rounds_starter():
    state = cleared(game(4))
    round_over(state, [[2], [3, 3, 3, 1], [2], [2]], start=0)
    assert state.extra and state.start == G  # B (left of R) is out
    round_over(state, [[2], [3, 3, 3, 1], [2, 1], [2]], extra=True, start=G)
    # R and Y share the lowest total (2): nobody banishes, the period moves on
    assert state.period == 2 and state.start == Y


# -- §5 action cards -------------------------------------------------------------------------------
def test_s5_1_a_district_card_never_crosses_another_players_bridge():
    state = cleared(game(4))
    bridge(state, SM, CASTELLO, B)
    resolving(state, R, ["district:castello"])
    targets = {a.target for a in state.legal_actions(R) if isinstance(a, PlayDistrict)}
    assert targets == {CASTELLO}
    assert not state.allows(R, PlayDistrict(0, SM))


def test_s5_2_a_bridge_needs_no_cubes_nearby_and_its_cube_comes_from_the_supply():
    state = cleared(game(4))
    far = min(p for p in PAIRS if SM not in p)
    resolving(state, R, ["bridge"])
    state.apply(R, PlayBridge(0, *far))
    assert state.bridges == [[*far, R]] and state.supply[R] == 24 and in_districts(state, R) == 0


def test_s2_3_a_bridge_card_names_its_pair_either_way_round():
    state = cleared(game(4))
    resolving(state, R, ["bridge"])
    assert PlayBridge(0, CASTELLO, SM) == PlayBridge(0, *pair(SM, CASTELLO))
    assert state.allows(R, PlayBridge(0, CASTELLO, SM))
    state.apply(R, PlayBridge(0, CASTELLO, SM))
    assert state.bridges == [[*pair(SM, CASTELLO), R]]


def test_e27_by_default_a_player_may_own_a_second_bridge_on_a_canal():
    state = cleared(game(4))
    bridge(state, SM, CASTELLO, R)
    resolving(state, R, ["bridge"])
    state.apply(R, PlayBridge(0, *pair(SM, CASTELLO)))
    assert state.bridges == [[*pair(SM, CASTELLO), R]] * 2


def test_x10_taking_over_a_bridge_and_leaving_it_where_it_is_swaps_only_the_cube():
    state = cleared(game(4))
    others = [p for p in PAIRS if p != pair(SM, CASTELLO)]
    for i in range(BRIDGES - 1):
        bridge(state, *others[i % len(others)], G)
    bridge(state, SM, CASTELLO, B)
    resolving(state, R, ["bridge"])
    index = len(state.bridges) - 1
    stay = PlayBridge(0, *pair(SM, CASTELLO), index)
    assert stay in state.legal_actions(R)
    events = state.apply(R, stay)
    assert state.bridges[index] == [*pair(SM, CASTELLO), R]
    a, b = (DISTRICTS[d].name for d in pair(SM, CASTELLO))
    assert f"R takes over B's bridge, now {a} – {b}; B's cube goes back to B's supply" in said(events)
    assert state.bridge_count(SM, CASTELLO) == 1 and len(state.bridges) == BRIDGES
    assert (state.supply[R], state.supply[B]) == (24, 25)


def test_e6_an_empty_supply_feeds_a_bridge_card_and_a_transfer_from_the_board():
    state = cleared(game(4))
    add(state, SM, R, 2)
    add(state, DIE[1], R, 23)
    add(state, CASTELLO, B, 2)
    assert state.supply[R] == 0
    resolving(state, R, ["transfer", "bridge"])
    sources = {a.source for a in state.legal_actions(R) if isinstance(a, PlayTransfer)}
    assert sources == {SM, DIE[1]}
    state.apply(R, PlayTransfer(0, CASTELLO, B, SM))
    assert (state.cubes[SM][R], state.cubes[CASTELLO][R], state.cubes[CASTELLO][B]) == (1, 1, 1)
    assert (state.supply[R], state.supply[B]) == (0, 24)
    far = min(p for p in PAIRS if SM not in p)
    assert PlayBridge(0, *far) not in state.legal_actions(R)  # no cube in the supply for it
    state.apply(R, PlayBridge(0, *far, None, DIE[1]))
    assert state.cubes[DIE[1]][R] == 22 and [*far, R] in state.bridges and state.supply[R] == 0


def test_s5_3_e6_an_own_cube_already_in_the_district_cannot_take_the_replaced_cubes_place():
    """Spec §5.3 with E6: R's supply is empty and R's only cube on the board is in San Marco,
    beside B's two. A transfer there would leave R1 B1, a foreign cube removed for nothing: R's
    cube must arrive, from another district, and R has none elsewhere. A transfer in Castello,
    with R's San Marco cube moving there, stays open."""
    state = cleared(game(4))
    add(state, SM, R, 1)
    add(state, SM, B, 2)
    add(state, CASTELLO, B, 1)
    state.supply[R] = 0
    resolving(state, R, ["transfer"])
    transfers = [a for a in state.legal_actions(R) if isinstance(a, PlayTransfer)]
    assert transfers == [PlayTransfer(0, CASTELLO, B, SM)]
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="must arrive in San Marco.*another district"):
        state.apply(R, PlayTransfer(0, SM, B, SM))  # accepted before: it left R1 B1
    assert state.snapshot() == before and not state.allows(R, PlayTransfer(0, SM, B, SM))
    assert "\n" not in state.explain_illegal(R, PlayTransfer(0, SM, B, SM))
    events = state.apply(R, PlayTransfer(0, CASTELLO, B, SM))
    assert (state.cubes[SM][R], state.cubes[CASTELLO][R], state.cubes[CASTELLO][B]) == (0, 1, 0)
    assert f"R replaces a cube of B in {DISTRICTS[CASTELLO].name} with one moved from San Marco" in said(
        events
    )


def test_s5_3_e6_with_an_empty_supply_the_transferred_cube_comes_from_another_district():
    state = cleared(game(4))
    add(state, SM, R, 1)
    add(state, DIE[1], R, 1)
    add(state, SM, B, 2)
    state.supply[R] = 0
    resolving(state, R, ["transfer"])
    transfers = [a for a in state.legal_actions(R) if isinstance(a, PlayTransfer)]
    assert transfers == [PlayTransfer(0, SM, B, DIE[1])]
    state.apply(R, PlayTransfer(0, SM, B, DIE[1]))
    assert state.cubes[SM][:2] == [2, 1] and state.cubes[DIE[1]][R] == 0
    assert (state.supply[R], state.supply[B]) == (0, 24)


def test_s5_3_e18_transfer_needs_a_foreign_cube_in_a_district_not_on_a_bridge():
    state = cleared(game(4))
    bridge(state, SM, CASTELLO, B)
    add(state, SM, R, 1)
    resolving(state, R, ["transfer"])
    assert state.legal_actions(R) == [Decline(0)]
    with pytest.raises(IllegalAction):
        state.apply(R, PlayTransfer(0, SM, B))


def test_x6_banishing_a_district_without_foreign_cubes_costs_own_cubes(monkeypatch):
    state = cleared(game(4))
    add(state, DIE[5], R, 2)
    resolving(state, R, ["banish"])
    one_roll(monkeypatch, state, 1)
    state.apply(R, PlayBanish(0, DIE[5]))
    assert state.cubes[DIE[5]][R] == 1 and state.supply[R] == 24
    assert state.step != "banish_pick" and state.action_discard[-1] == "banish"


def test_e4_banishing_an_empty_district_is_legal_and_changes_nothing(monkeypatch):
    state = cleared(game(4))
    add(state, SM, B, 3)
    resolving(state, R, ["banish"])
    assert PlayBanish(0, DIE[2]) in state.legal_actions(R)
    one_roll(monkeypatch, state, 6)
    state.apply(R, PlayBanish(0, DIE[2]))
    assert state.cubes[SM][B] == 3 and state.supply[:4] == [25, 22, 25, 25]
    assert all(row == [0, 0, 0, 0] for i, row in enumerate(state.cubes) if i != SM)


def test_e3_a_roll_equal_to_the_foreign_cubes_leaves_own_cubes_alone(monkeypatch):
    state = cleared(game(4))
    add(state, SM, R, 2)
    add(state, SM, B, 2)
    add(state, SM, G, 1)
    resolving(state, R, ["banish"])
    one_roll(monkeypatch, state, 3)
    state.apply(R, PlayBanish(0, SM))
    assert state.cubes[SM][:4] == [2, 0, 0, 0] and state.supply[:4] == [23, 25, 25, 25]


def test_e5_a_banishment_cannot_be_given_up_once_the_die_is_rolled(monkeypatch):
    state = cleared(game(4))
    add(state, SM, B, 2)
    add(state, SM, G, 2)
    resolving(state, R, ["banish"])
    one_roll(monkeypatch, state, 2)
    state.apply(R, PlayBanish(0, SM))
    assert state.step == "banish_pick"
    assert all(isinstance(a, PickBanished) for a in state.legal_actions(R))
    with pytest.raises(IllegalAction):
        state.apply(R, Decline(0))
    with pytest.raises(IllegalAction):  # exactly the roll's number of cubes
        state.apply(R, PickBanished((0, 1, 0, 0)))
    state.apply(R, PickBanished((0, 2, 0, 0)))
    assert state.cubes[SM][:4] == [0, 0, 2, 0] and state.supply[B] == 25


def test_x1_scored_by_a_doge_card_a_tie_for_second_pays_nobody():
    state = cleared(game(4))
    for colour, n in ((R, 4), (B, 3), (G, 3), (Y, 1)):
        add(state, SM, colour, n)
    resolving(state, Y, ["doge"])
    state.apply(Y, PlayDoge(0, SM))
    assert state.prestige[:4] == [HIGH[SM], 0, 0, 0]


def test_s5_5_several_doge_cards_in_a_row_staying_scores_the_district_again():
    state = cleared(game(4))
    add(state, SM, R, 2)
    add(state, SM, B, 1)
    state.doge = SM
    bridge(state, SM, CASTELLO, G)
    resolving(state, R, ["doge", "doge"])
    assert PlayDoge(0, SM) in state.legal_actions(R)
    state.apply(R, PlayDoge(0, SM))
    state.apply(R, PlayDoge(0, SM))
    assert state.prestige[:4] == [2 * HIGH[SM], 2 * LOW[SM], 0, 0] and state.doge == SM


def bridgeless_walk():
    """A district, a neighbour of it, and a neighbour of that one (not the first), from the table."""
    return next(
        (a, n, m)
        for a in range(NDISTRICTS)
        for n in sorted(NEIGHBOURS[a])
        for m in sorted(NEIGHBOURS[n] - {a})
    )


def test_e9_two_prestige_steps_in_a_row_through_districts_no_bridge_touches():
    a, n, m = bridgeless_walk()
    state = cleared(game(4))
    state.doge = a
    state.prestige[R] = 4
    add(state, m, R, 1)
    resolving(state, R, ["doge"])
    route = PlayDoge(0, m, (-(n + 1), -(m + 1)))
    assert route in state.legal_actions(R)
    state.apply(R, route)
    assert state.doge == m and state.prestige[:4] == [0 + HIGH[m], 0, 0, 0]  # 4 to the bank


def test_e8_a_two_prestige_step_needs_the_prestige():
    a, n, m = bridgeless_walk()
    state = cleared(game(4))
    state.doge = a
    state.prestige[R] = 3
    resolving(state, R, ["doge"])
    assert {x.district for x in state.legal_actions(R) if isinstance(x, PlayDoge)} == {a} | NEIGHBOURS[a]
    assert not state.allows(R, PlayDoge(0, m, (-(n + 1), -(m + 1))))


def test_e9_no_second_two_prestige_step_from_a_district_a_bridge_touches():
    a, n, m = bridgeless_walk()
    state = cleared(game(4))
    other = next(x for x in sorted(NEIGHBOURS[n]) if x not in (a, m))
    bridge(state, n, other, B)
    state.doge = a
    state.prestige[R] = 9
    resolving(state, R, ["doge"])
    with pytest.raises(IllegalAction, match="no bridge touches"):
        state.apply(R, PlayDoge(0, m, (-(n + 1), -(m + 1))))
    state.apply(R, PlayDoge(0, other, (-(n + 1), 0)))  # on over B's bridge instead
    assert state.prestige[:2] == [9 - 2 - 1, 1] and state.doge == other


# -- §7 final scoring and the winner ---------------------------------------------------------------
def test_s7_2_after_period_three_the_free_banishment_then_every_district_is_scored(monkeypatch):
    state = cleared(game(4))
    state.period = 3
    add(state, SM, R, 3)
    add(state, SM, B, 2)
    add(state, CASTELLO, G, 2)
    state.doge = CASTELLO
    round_over(state, [[3, 3, 3, 1], [3, 3, 3, 3], [3, 3, 3, 2], [2, 2]], extra=True, start=0)
    assert state.prestige[:4] == [0, 0, 0, 8] and state.step == "free_banish"
    one_roll(monkeypatch, state, 1)
    state.apply(Y, PlayBanish(-1, SM))
    assert state.step == "banish_pick"
    state.apply(Y, PickBanished((1, 0, 0, 0)))  # R 2, B 2: a tie for the lead in San Marco
    assert state.is_over()
    assert state.prestige[:4] == [LOW[SM], LOW[SM], HIGH[CASTELLO], 8]
    assert state.to_move() == () and state.legal_actions(Y) == []


def test_x19_the_tie_goes_to_the_most_cubes_in_san_marco_not_the_supply():
    state = cleared(game(4))
    state.period = 3
    add(state, SM, R, 3)
    add(state, SM, B, 2)
    state.supply[R], state.supply[B] = 5, 2
    state.prestige[:2] = [47 - HIGH[SM], 47 - LOW[SM]]
    round_over(state, [[3, 3, 3, 1]] * 4, extra=True, start=0)  # all on 10: no bonus, no banishment
    assert state.is_over() and state.prestige[:2] == [47, 47]
    assert [row.seat for row in state.standings().winners] == [R]
    assert state.standings().rows[0].seat == R


def test_s7_3_still_tied_on_san_marco_cubes_the_win_is_shared():
    state = cleared(game(3))
    state.period = 3
    add(state, SM, R, 3)
    add(state, SM, B, 3)
    state.prestige[:3] = [41, 41, 48]
    round_over(state, [[3, 3, 3, 1]] * 3, extra=True, start=0)
    assert state.prestige[:3] == [47, 47, 48]  # tied leaders take the low value
    assert [row.seat for row in state.standings().winners] == [G]
    state.prestige[G] = 40
    assert sorted(row.seat for row in state.standings().winners) == [R, B]


# -- §8 the two-player variants --------------------------------------------------------------------
# -- the log states every effect of a move -------------------------------------------------------
def named(players=3):
    return SanMarcoGame().new([Seat(n) for n in ["Ann", "Bob", "Cleo", "Dan"][:players]], 1, options={})


def test_s5_4_the_log_names_every_colours_banished_cubes_the_banishers_own_too(monkeypatch):
    """Spec §5.4: Ann 2, Cleo 4 and Bob 1 cubes in San Marco; Cleo banishes there and rolls 5.
    The 3 foreign cubes go, and 5 − 3 = 2 of Cleo's own: the log says all of it (it used to
    leave her own out)."""
    ann, bob, cleo = 0, 1, 2
    state = cleared(named(3))
    add(state, SM, ann, 2)
    add(state, SM, cleo, 4)
    add(state, SM, bob, 1)
    resolving(state, cleo, ["banish"])
    one_roll(monkeypatch, state, 5)
    events = state.apply(cleo, PlayBanish(0, SM))
    assert state.cubes[SM][:3] == [0, 0, 2] and state.supply[:3] == [25, 25, 23]
    lines = said(events)
    at = lines.index("Cleo banishes in San Marco and rolls 5")
    assert lines[at + 1] == "Cleo removes 2 of Ann, 1 of Bob, 2 of Cleo's own from San Marco"


def test_s5_4_the_log_of_a_banishment_with_a_pick_and_of_one_that_removes_nothing(monkeypatch):
    ann, bob, cleo = 0, 1, 2
    state = cleared(named(3))
    add(state, SM, ann, 2)
    add(state, SM, bob, 1)
    add(state, DIE[1], cleo, 2)
    resolving(state, cleo, ["banish", "banish", "banish"])
    one_roll(monkeypatch, state, 2)
    state.apply(cleo, PlayBanish(0, SM))
    events = state.apply(cleo, PickBanished((1, 1, 0)))
    assert "Cleo removes 1 of Ann, 1 of Bob from San Marco" in said(events)
    events = state.apply(cleo, PlayBanish(0, DIE[1]))  # no foreign cube: own cubes only
    assert f"Cleo removes 2 of Cleo's own from {DISTRICTS[DIE[1]].name}" in said(events)
    events = state.apply(cleo, PlayBanish(0, CASTELLO))
    assert f"Cleo removes nothing from {DISTRICTS[CASTELLO].name}" in said(events)


def test_e6_the_log_says_where_a_cube_moved_from_an_empty_supply_came_from():
    ann = 0
    state = cleared(named(3))
    add(state, SM, ann, 3)
    state.supply[ann] = 0
    bridge(state, SM, CASTELLO, ann)
    state.supply[ann] = 0
    resolving(state, ann, ["district:san_marco", "bridge"])
    into = next(a for a in state.legal_actions(ann) if isinstance(a, PlayDistrict))
    events = state.apply(ann, into)
    assert f"Ann moves a cube from San Marco to {DISTRICTS[into.target].name}" in said(events)
    far = min(p for p in PAIRS if SM not in p)
    events = state.apply(ann, PlayBridge(0, *far, None, SM))
    where = f"{DISTRICTS[far[0]].name} – {DISTRICTS[far[1]].name}"
    assert f"Ann builds a bridge {where} with a cube moved from San Marco" in said(events)


def test_s8_2_variant_a_a_transferred_neutral_cube_is_set_aside():
    state = cleared(two("neutral"))
    state.supply[2] = 0
    state.cubes[SM][2] = 2
    resolving(state, 0, ["transfer"])
    events = state.apply(0, PlayTransfer(0, SM, 2))
    assert state.cubes[SM][:3] == [1, 0, 1] and state.neutral_aside == 1 and state.supply[2] == 0
    assert "A replaces a cube of Neutral in San Marco (set aside until the next period)" in said(events)


def test_s8_2_variant_a_banished_neutral_cubes_count_as_foreign_and_are_set_aside(monkeypatch):
    state = cleared(two("neutral"))
    state.supply[2] = 0
    state.cubes[SM][2] = 2
    add(state, SM, 0, 1)
    resolving(state, 0, ["banish"])
    one_roll(monkeypatch, state, 2)  # 2 = O: own cube safe
    state.apply(0, PlayBanish(0, SM))
    assert state.cubes[SM][:3] == [1, 0, 0] and state.neutral_aside == 2


def test_s7_1_variant_a_the_neutral_as_sole_runner_up_takes_the_low_value_from_everyone():
    state = cleared(two("neutral"))
    state.cubes[SM][2] = 2
    add(state, SM, 0, 3)
    add(state, SM, 1, 1)
    resolving(state, 1, ["doge"])
    state.apply(1, PlayDoge(0, SM))
    assert state.prestige == [HIGH[SM], 0, 0]  # B is third: the neutral's low value is dropped


def test_s7_1_variant_a_a_tie_for_second_with_the_neutral_pays_nobody():
    state = cleared(two("neutral"))
    state.cubes[SM][2] = 1
    add(state, SM, 0, 3)
    add(state, SM, 1, 1)
    resolving(state, 1, ["doge"])
    state.apply(1, PlayDoge(0, SM))
    assert state.prestige == [HIGH[SM], 0, 0]


def test_s8_2_variant_a_the_divider_alternates_each_round():
    state = through_setup(two("neutral", seed=4))
    first = state.start
    play_round_declining(state)
    assert state.round == 2 and state.start == 1 - first and state.offers[0]["divider"] == 1 - first
    play_round_declining(state)
    assert state.round == 3 and state.start == first


def test_s8_3_variant_b_the_free_banishment_is_on_by_default():
    state = cleared(two("dummies"))
    round_over(state, [[3, 3, 3, 1], [2, 2]], start=0)
    assert state.prestige[:2] == [0, 6] and state.step == "free_banish" and state.to_move() == (1,)
    state.apply(1, Decline(-1))
    assert state.period == 2


def test_s8_3_variant_b_free_banishment_off_by_option():
    state = cleared(two("dummies", dummy_free_banish="off"))
    round_over(state, [[3, 3, 3, 1], [2, 2]], start=0)
    assert state.prestige[:2] == [0, 6] and state.period == 2 and state.step == "split"


def test_s8_3_variant_b_a_tie_for_the_lowest_gives_no_free_banishment_and_no_extra_round():
    state = cleared(two("dummies"))
    round_over(state, [[3, 3, 3, 1], [3, 3, 3, 1]], start=0)
    assert state.period == 2 and state.step == "split" and state.prestige[:2] == [0, 0]


def test_s8_3_variant_b_who_divided_first_in_period_one_chooses_first_in_period_two():
    state = through_setup(two("dummies", seed=5))
    first = state.first_divider
    assert first == state.start == state.offers[0]["divider"]
    resolving(state, first, [])
    state.limits = [[3, 3, 3, 1], [2]]
    state.start = 1 - first  # whoever started the last round
    state._end_round()
    if state.step == "free_banish":
        state.apply(state.to_move()[0], Decline(-1))
    assert state.period == 2 and state.offers[0]["divider"] == 1 - first
    assert state.offers[0]["choosers"] == [first]


def test_s8_3_variant_b_a_dummy_with_an_empty_supply_places_nothing():
    state = cleared(two("dummies"))
    state.supply[2] = 0
    round_over(state, [[1], [1]], start=0)
    assert in_districts(state, 2) == 0 and in_districts(state, 3) == 1 and state.supply[3] == 24


def test_s8_3_variant_b_dummies_collect_tolls_score_and_get_banished_cubes_back(monkeypatch):
    state = cleared(two("dummies"))
    bridge(state, SM, CASTELLO, 2)
    add(state, CASTELLO, 3, 2)
    add(state, SM, 2, 1)
    state.doge = SM
    state.prestige[0] = 1
    resolving(state, 0, ["doge", "banish", "bridge"])  # the bridge card keeps the round going
    state.apply(0, PlayDoge(0, CASTELLO, (0,)))
    assert state.prestige == [0, 0, 1, HIGH[CASTELLO]]
    one_roll(monkeypatch, state, 1)
    state.apply(0, PlayBanish(0, SM))
    assert state.cubes[SM][2] == 0 and state.supply[2] == 25 - 1 - 1 + 1


def test_s8_3_variant_b_a_dummy_with_the_most_prestige_cannot_win():
    state = cleared(two("dummies"))
    state.period = 3
    state.prestige = [20, 30, 90, 0]
    round_over(state, [[3, 3, 3, 1], [3, 3, 3, 1]], start=0)
    assert state.is_over()
    standings = state.standings()
    assert [row.seat for row in standings.rows] == [1, 0]
    assert [row.seat for row in standings.winners] == [1]


def test_e8_with_no_prestige_the_doge_crosses_own_bridges_only():
    state = cleared(game(4))
    bridge(state, SM, CASTELLO, R)
    near = min(NEIGHBOURS[SM] - {CASTELLO})
    bridge(state, SM, near, B)
    state.doge = SM
    add(state, CASTELLO, R, 1)
    resolving(state, R, ["doge"])
    assert {a.district for a in state.legal_actions(R) if isinstance(a, PlayDoge)} == {SM, CASTELLO}
    assert not state.allows(R, PlayDoge(0, near, (1,)))
    state.apply(R, PlayDoge(0, CASTELLO, (0,)))
    assert state.prestige[:2] == [HIGH[CASTELLO], 0] and state.doge == CASTELLO


@pytest.mark.parametrize("players", [1, 5])
def test_s1_the_game_takes_two_to_four_players(players):
    with pytest.raises(ValueError):
        SanMarcoGame().new([Seat(f"P{i}") for i in range(players)], 1)
    assert game(3).colours == 3 and game(4).colours == 4
    assert two("neutral").colours == 3 and two("dummies").colours == 4
