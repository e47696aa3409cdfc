"""San Marco's state machine on the spec's worked examples and rulings (shared/rules/san_marco.md
§4–§6, §10), in positions set up directly on a state. District values and neighbouring pairs other
than the rulebook's are provisional: these tests read them from data.py."""

import pytest

from boardgames_tui.rules.core import IllegalAction, Seat
from boardgames_tui.rules.san_marco import SanMarcoGame
from boardgames_tui.rules.san_marco.actions import (
    Choose,
    Confirm,
    Decline,
    PickBanished,
    PlayBanish,
    PlayBridge,
    PlayDistrict,
    PlayDoge,
    PlayTransfer,
    PutCard,
)
from boardgames_tui.rules.san_marco.data import BRIDGES, DISTRICTS, PAIRS, SAN_MARCO, pair

D = {d.die: d.die - 1 for d in DISTRICTS}  # die number -> district index
R, B, G, Y = 0, 1, 2, 3


def new(players=4, seed=1):
    return SanMarcoGame().new([Seat(name) for name in "RBGY"[:players]], seed)


def resolving(state, seat, cards):
    """`seat` about to play `cards` (a pile just taken; nothing else left in the round's offers)."""
    state.step = "resolve"
    state.taker = seat
    state.pending = list(cards)
    state.offers = [
        {
            "divider": seat,
            "choosers": [],
            "cards": list(cards),
            "draft": [0] * len(cards),
            "piles": 1,
            "revealed": True,
            "taken": {0: seat},
        }
    ]
    state.offer_at = 0
    state.extra = False
    state.limits = [[] for _ in range(state.n)]
    return state


def empty_board(state):
    for row in state.cubes:
        row[:] = [0] * state.colours
    state.supply = [25] * state.colours
    state.bridges = []
    return state


def put(state, district, colour, count):
    """`count` cubes of `colour` from its supply into `district`."""
    state.cubes[district][colour] += count
    state.supply[colour] -= count


def test_x9_a_district_card_reaches_across_one_own_bridge_only():
    state = empty_board(new())
    state.bridges = [[*pair(D[3], D[2]), R], [*pair(D[3], D[4]), R], [*pair(D[3], D[5]), B]]
    resolving(state, R, ["district:san_polo"])
    targets = {a.target for a in state.legal_actions(R) if isinstance(a, PlayDistrict)}
    assert targets == {D[3], D[2], D[4]}
    state.apply(R, PlayDistrict(0, D[4]))
    assert state.cubes[D[4]][R] == 1 and state.supply[R] == 24


def test_an_empty_supply_moves_an_own_cube_from_the_board():
    state = empty_board(new())
    state.supply[R] = 0
    state.cubes[D[1]][R] = 1
    state.cubes[D[2]][R] = 2
    resolving(state, R, ["district:san_marco"])
    sources = {a.source for a in state.legal_actions(R) if isinstance(a, PlayDistrict)}
    assert sources == {D[1], D[2]}
    state.apply(R, PlayDistrict(0, D[4], D[2]))
    assert state.cubes[D[2]][R] == 1 and state.cubes[D[4]][R] == 1 and state.supply[R] == 0


def test_x10_a_bridge_card_with_all_twelve_out_takes_over_another_players_bridge():
    state = empty_board(new())
    free = [p for p in PAIRS if p != pair(D[4], D[6])]
    # eleven bridges of G spread over the other pairs, at most three a pair, and B's on 4–6
    state.bridges = [[*free[i % len(free)], G] for i in range(BRIDGES - 1)] + [[*pair(D[4], D[6]), B]]
    state.supply = [25 - sum(1 for *_, o in state.bridges if o == c) for c in range(4)]
    resolving(state, R, ["bridge"])
    acts = [a for a in state.legal_actions(R) if isinstance(a, PlayBridge)]
    assert acts and all(a.take is not None for a in acts)  # no bridge left in the supply
    takes_b = [a for a in acts if state.bridges[a.take][2] == B]
    assert {pair(a.a, a.b) for a in takes_b} >= {pair(D[4], D[6])}  # it may stay where it is
    target = pair(D[1], D[6]) if pair(D[1], D[6]) in PAIRS else pair(D[4], D[6])
    move = next(a for a in takes_b if pair(a.a, a.b) == target)
    before_b, before_r = state.supply[B], state.supply[R]
    state.apply(R, move)
    assert state.supply[B] == before_b + 1 and state.supply[R] == before_r - 1
    assert [*target, R] in state.bridges and len(state.bridges) == BRIDGES


def test_a_bridge_card_cannot_take_over_ones_own_bridge():
    state = empty_board(new())
    state.bridges = [[*PAIRS[i % len(PAIRS)], R] for i in range(BRIDGES)]
    resolving(state, R, ["bridge"])
    assert [a for a in state.legal_actions(R) if isinstance(a, PlayBridge)] == []


def test_x10_a_pair_with_three_bridges_takes_no_more():
    state = empty_board(new())
    full = pair(D[3], D[4])
    state.bridges = [[*full, B], [*full, G], [*full, Y]]
    resolving(state, R, ["bridge"])
    pairs = {pair(a.a, a.b) for a in state.legal_actions(R) if isinstance(a, PlayBridge)}
    assert full not in pairs and len(pairs) == len(PAIRS) - 1


def test_x11_transfer_swaps_a_foreign_cube_for_an_own_one():
    state = empty_board(new())
    put(state, D[5], R, 1)
    put(state, D[5], B, 3)
    resolving(state, R, ["transfer"])
    state.apply(R, PlayTransfer(0, D[5], B))
    assert (state.cubes[D[5]][R], state.cubes[D[5]][B]) == (2, 2)
    assert (state.supply[R], state.supply[B]) == (23, 23)


def test_a_banishment_lets_the_banisher_pick_among_foreign_colours(monkeypatch):
    state = empty_board(new())
    put(state, D[4], B, 2)
    put(state, D[4], G, 2)
    put(state, D[4], R, 1)
    resolving(state, R, ["banish"])
    monkeypatch.setattr(state.rng, "randint", lambda a, b: 3)
    state.apply(R, PlayBanish(0, D[4]))
    assert state.step == "banish_pick" and state.to_move() == (R,)
    picks = {a.counts for a in state.legal_actions(R)}
    assert picks == {(0, 2, 1, 0), (0, 1, 2, 0)}
    state.apply(R, PickBanished((0, 1, 2, 0)))
    assert [state.cubes[D[4]][c] for c in range(4)] == [1, 1, 0, 0]


def test_the_rulebooks_banishment_takes_own_cubes_when_the_roll_is_above_the_others(monkeypatch):
    state = empty_board(new(players=3))
    for colour in (R, B, G):
        put(state, D[4], colour, 2)
    resolving(state, R, ["banish"])
    monkeypatch.setattr(state.rng, "randint", lambda a, b: 5)
    state.apply(R, PlayBanish(0, D[4]))
    assert [state.cubes[D[4]][c] for c in range(3)] == [1, 0, 0]  # 4 foreign and 1 own
    assert state.supply == [24, 25, 25]


def test_the_first_doge_goes_anywhere_for_free_and_scores_there():
    state = empty_board(new())
    state.cubes[D[4]][R] = 5
    state.cubes[D[4]][B] = 2
    resolving(state, G, ["doge"])
    assert {a.district for a in state.legal_actions(G) if isinstance(a, PlayDoge)} == set(range(6))
    with pytest.raises(IllegalAction, match="no route"):
        state.apply(G, PlayDoge(0, D[4], (0,)))
    state.apply(G, PlayDoge(0, D[4]))  # the first Doge: placed, no route
    assert state.doge == D[4]
    assert state.prestige[:2] == [DISTRICTS[SAN_MARCO].high, DISTRICTS[SAN_MARCO].low]


def x7_board():
    """Spec X7's bridges, the Doge in San Marco, R (10 prestige) to play a Doge card."""
    state = empty_board(new())
    state.bridges = [
        [*pair(D[4], D[3]), R],
        [*pair(D[3], D[2]), B],
        [*pair(D[2], D[5]), G],
        [*pair(D[4], D[6]), B],
    ]
    state.doge = D[4]
    state.prestige = [10, 0, 0, 0]
    resolving(state, R, ["doge"])
    return state


def test_x7_the_doge_pays_its_way_over_foreign_bridges():
    state = x7_board()
    doges = [a for a in state.legal_actions(R) if isinstance(a, PlayDoge)]
    assert {a.district for a in doges} == {D[4], D[3], D[2], D[5], D[6]}
    (to_5,) = [a for a in doges if a.district == D[5]]  # one way there: 4→3 (own), 3→2 (B), 2→5 (G)
    assert len(to_5.steps) == 3
    state.apply(R, to_5)
    assert state.prestige[:3] == [8, 1, 1] and state.doge == D[5]  # Dorsoduro is empty: no score


def test_the_player_chooses_whose_bridge_the_doge_crosses():
    state = empty_board(new())
    state.bridges = [[*pair(D[4], D[6]), B], [*pair(D[4], D[6]), G]]
    state.doge = D[4]
    state.prestige = [3, 0, 0, 0]
    resolving(state, R, ["doge"])
    to_6 = [a for a in state.legal_actions(R) if isinstance(a, PlayDoge) and a.district == D[6]]
    assert sorted(a.steps for a in to_6) == [(0,), (1,)]  # over B's bridge, or over G's
    state.apply(R, next(a for a in to_6 if a.steps == (1,)))
    assert state.prestige[:3] == [2, 0, 1]  # G was paid


def test_crossing_the_same_bridge_twice_costs_twice():
    """Spec §5.5 ruling: a route may go back over a bridge, and each crossing is paid."""
    state = x7_board()
    state.cubes[D[4]][B] = 1
    out_and_back = PlayDoge(0, D[4], (3, 3))  # 4→6 over B's bridge, and back
    assert out_and_back not in state.legal_actions(R)  # the list holds the routes that never revisit
    assert state.allows(R, out_and_back)
    events = state.apply(R, out_and_back)
    assert state.doge == D[4]
    assert state.prestige[:2] == [8, 2 + DISTRICTS[SAN_MARCO].high]  # two tolls, then B scores
    said = " ".join(e.text for e in events)
    assert "San Marco → Castello → San Marco (pays 2 to" in said, said


def test_a_route_may_go_through_a_district_again_on_its_way():
    state = x7_board()
    route = PlayDoge(0, D[5], (0, 0, 0, 1, 2))  # 4→3→4→3 over R's own bridge, then 3→2→5
    state.apply(R, route)
    assert state.doge == D[5] and state.prestige[:3] == [8, 1, 1]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PlayDoge(0, D[2], (1,)), "crosses a bridge that touches"),  # 3–2 does not touch San Marco
        (PlayDoge(0, D[3], (0, 3)), "touches the district he is in"),  # 4→3, then 4–6 from 3
        (PlayDoge(0, D[6], (0,)), "ends in"),
        (PlayDoge(0, D[4], (3, 3) * 6), "cannot pay"),  # twelve tolls with 10 prestige
        (PlayDoge(0, D[4], (-1,)), "no bridge touches"),
        (PlayDoge(0, D[4], (0, 0) * 20), "at most"),
        (PlayDoge(0, D[3], ("0",)), "list of steps"),
        (PlayDoge(0, 9, (0,)), "no such district"),
    ],
)
def test_a_doge_route_that_breaks_a_rule_is_refused_with_its_reason(action, reason):
    state = x7_board()
    before = state.snapshot()
    with pytest.raises(IllegalAction) as refusal:
        state.apply(R, action)
    assert reason in refusal.value.reason
    assert state.snapshot() == before


def test_a_card_may_be_given_up():
    state = empty_board(new())
    resolving(state, R, ["banish", "doge"])
    state.apply(R, Decline(0))
    assert state.pending == ["doge"] and state.action_discard[-1] == "banish"


def test_a_four_player_round_both_dividers_split_before_anything_is_shown():
    state = new(players=4, seed=3)
    while state.step != "split":
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    first, second = state.offers
    assert first["divider"] == state.start and len(first["cards"]) == 8 == len(second["cards"])
    others = set(range(4)) - {first["divider"]}
    for seat in others:
        assert state.view(seat).offers[0].cards is None
    with pytest.raises(IllegalAction, match="at least one card"):
        state.apply(first["divider"], Confirm())
    state.apply(first["divider"], PutCard(0, 1))
    state.apply(first["divider"], Confirm())
    assert state.to_move() == (second["divider"],) and not first["revealed"]
    state.apply(second["divider"], PutCard(7, 1))
    state.apply(second["divider"], Confirm())
    assert first["revealed"] and not second["revealed"]
    assert state.to_move() == (first["choosers"][0],)
    chooser, lone = first["choosers"][0], first["cards"][0]  # an action card: they come first
    state.apply(chooser, Choose(1))
    assert state.taker == chooser and state.pending == [lone] and state.limit_total(chooser) == 0
    assert first["taken"] == {1: chooser}


def test_x13_three_players_out_end_the_period_with_no_extra_round():
    state = empty_board(new())
    resolving(state, R, [])
    state.limits = [[3, 3, 3, 1], [3, 3, 3, 3], [3, 3, 3, 2], [3, 2, 2]]
    state._end_round()
    assert state.prestige[Y] == 5 and state.step == "free_banish" and state.to_move() == (Y,)
    state.apply(Y, Decline(-1))
    assert state.period == 2 and all(state.limit_total(s) == 0 for s in range(4))
    assert len(state.limit_deck) == 28 - 6 and state.step == "split"  # period 2 has begun


def test_one_player_out_of_four_gives_an_extra_round_for_the_other_three():
    state = empty_board(new())
    resolving(state, R, [])
    state.limits = [[3, 3, 3, 1], [2], [2], [2]]
    start = state.start
    state._end_round()
    assert state.extra and state.mode == "trio"
    assert state.start != R and state.start == next(
        s for s in [(start + i) % 4 for i in (1, 2, 3, 4)] if s != R
    )
    assert R not in [state.offers[0]["divider"], *state.offers[0]["choosers"]]


def test_x15_the_bonus_after_a_three_player_extra_round():
    state = empty_board(new(players=3))
    resolving(state, B, [])
    state.extra = True
    state.limits = [[3, 3, 3, 1], [3, 3, 3], [3, 3, 3, 3]]
    state._end_round()
    assert state.prestige == [0, 3, 0]
    assert state.step == "free_banish" and state.to_move() == (B,)


def test_a_tie_for_the_lowest_total_means_no_free_banishment():
    state = empty_board(new())
    resolving(state, R, [])
    state.extra = True  # after the extra round the period ends whatever the totals
    state.limits = [[3, 3, 3, 1], [3, 3, 3, 3], [2, 2], [2, 2]]
    state._end_round()
    assert state.step == "split" and state.period == 2
    assert state.prestige == [0, 0, 8, 8]  # the bonus: 12 less each total below 10


def test_under_the_stricter_reading_a_player_owns_one_bridge_a_canal():
    state = SanMarcoGame().new([Seat(name) for name in "RBGY"], 1, options={"bridges_per_owner": "one"})
    empty_board(state)
    mine = pair(D[4], D[6])
    state.bridges = [[*mine, R]]
    resolving(state, R, ["bridge"])
    pairs = {pair(a.a, a.b) for a in state.legal_actions(R) if isinstance(a, PlayBridge)}
    assert mine not in pairs and len(pairs) == len(PAIRS) - 1
    resolving(state, B, ["bridge"])
    assert mine in {pair(a.a, a.b) for a in state.legal_actions(B) if isinstance(a, PlayBridge)}


def two(variant, seed=1):
    return SanMarcoGame().new([Seat("A"), Seat("B")], seed, options={"two_player": variant})


def test_x16_variant_a_ends_the_period_at_ten_with_no_extra_round_and_no_free_banishment():
    state = two("neutral")
    assert all(row[2] >= 1 for row in state.cubes)  # a neutral cube in every district
    for d in (0, 1):  # two neutral cubes taken off, as a banishment or a transfer leaves them
        state.cubes[d][2] -= 1
        state._return_cubes(2, 1)
    assert state.neutral_aside == 2 and state.supply[2] == 0
    resolving(state, 0, [])
    state.limits = [[3, 3, 3, 1], [3, 3]]
    state._end_round()
    assert state.prestige[:2] == [0, 4] and state.period == 2  # no extra round, no free banishment
    assert state.step == "neutral_place"
    first = state.to_move()[0]
    assert first == state.start
    state.apply(first, state.legal_actions(first)[0])
    assert state.neutral_aside == 1 and state.to_move() == (1 - first,)  # the players take turns
    state.apply(1 - first, state.legal_actions(1 - first)[-1])
    assert state.neutral_aside == 0 and state.step == "split"
    assert sum(row[2] for row in state.cubes) == 12


def test_variant_a_neutral_cubes_compete_but_score_for_nobody():
    state = two("neutral")
    empty_board(state)
    state.cubes[D[4]][2] = 3  # the neutral colour leads San Marco
    state.cubes[D[4]][0] = 1
    resolving(state, 1, ["doge"])
    state.apply(1, PlayDoge(0, D[4]))
    assert state.prestige == [DISTRICTS[SAN_MARCO].low, 0, 0]  # the neutral's 8 dropped


def test_variant_b_dummies_build_a_bridge_and_gain_a_cube_each_round():
    state = two("dummies")
    while state.step in ("reroll", "bridges"):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    dummies = [owner for *_, owner in state.bridges if owner >= 2]
    assert sorted(dummies) == [2, 3]
    placed = [sum(row[c] for row in state.cubes) for c in (2, 3)]
    assert placed == [8, 8]
    resolving(state, 0, [])
    state._end_round()
    assert [sum(row[c] for row in state.cubes) for c in (2, 3)] == [9, 9]
    assert state.standings().rows and all(row.seat < 2 for row in state.standings().rows)


def test_the_log_names_a_dummy_by_its_colour_not_as_a_seat():
    state = empty_board(two("dummies"))
    d = SAN_MARCO
    put(state, d, 2, 2)
    resolving(state, 0, ["transfer"])
    events = state.apply(0, PlayTransfer(0, d, 2))
    text = " ".join(e.text for e in events)
    assert "Dummy 1" in text and "seat 2" not in text
