"""Rialto scenario tests by section of shared/rules/rialto.md, for the rules, rulings, options and
player counts the worked-example and rules tests do not yet pin down. Each test names the section
(or ruling / example) it checks; positions are set on a state directly and played through the
contract (legal_actions / apply / allows / view)."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.rules.core import IllegalAction, Pass
from boardgames_tui.rules.rialto.actions import (
    FROM_GENERAL,
    Build,
    PlaceBridge,
    PlaceGondola,
    Play,
    Recall,
    TakeRow,
    UseBlue,
    UseGreen,
    Wait,
)
from boardgames_tui.rules.rialto.data import (
    BANK_BONUS,
    BANKS,
    BLUE,
    CARD_NAMES,
    COINS,
    DISTRICTS,
    DOGE,
    GOLD,
    GONDOLA,
    GREEN,
    JOKER,
    SLOTS,
    YELLOW,
)
from boardgames_tui.rules.rialto.reckoning import district_value, marker_slot

from .rialto_helpers import D, act, at_stage, cards, new, set_doge, slot_of


def ring_state(players: int = 3, seed: int = 1, order: list[int] | None = None):
    """A game whose seats sit 0..n-1 clockwise, the Doge order `order` (default: seat order)."""
    s = new(players, seed=seed)
    s.ring = list(range(players))
    set_doge(s, order or list(range(players)))
    return s


def pass_all(s) -> None:
    """Everyone left in the stage passes (the stage then resolves)."""
    stage = s.stage
    while s.step == "play" and s.stage == stage:
        act(s, Pass())


def finish_picks(s) -> None:
    while s.step == "start":
        act(s, s.legal_actions(s.to_move()[0])[0])


# -- §3 set-up and player counts ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_s3_step13_rows_are_players_plus_one_and_a_row_brings_two_blind(players):
    s = new(players, seed=20 + players)
    finish_picks(s)
    assert s.step == "rows"
    assert len(s.rows) == players + 1 and all(len(row) == 6 for row in s.rows)
    first = s.to_move()[0]
    before = len(s.hands[first])
    act(s, TakeRow(0))
    assert len(s.hands[first]) == before + 6 + 2


def test_s3_1_variant_setup_supplies_rows_and_start_picks():
    # §3.1: 18 councilmen in the virtual player's personal supply, no coins, no VP, no building;
    # the humans pick H2 then H1 (virtual player skipped); each value-1 type once; 3 rows.
    s = new(2, seed=5, virtual_player="on")
    v, h1, h2 = s.ring
    assert v == s.V and s.personal[v] == 18 and s.general[v] == 0
    assert len(s.coins) == 2 and len(s.vp) == 2 and len(s.buildings) == 2
    picked = []
    while s.step == "start":
        seat = s.to_move()[0]
        picked.append(seat)
        act(s, s.legal_actions(seat)[0])
    assert picked == [h2, h1]
    assert {s.buildings[h1][0][0], s.buildings[h2][0][0]} == {GREEN, YELLOW}
    assert len(s.rows) == 3
    assert s.to_move() == (h1,)  # rows in Doge order: the virtual player (top) is skipped


def test_s1_variant_option_is_off_by_default_and_only_for_two_players():
    assert new(2).V is None and new(2).m == 2
    s = new(3, seed=1, virtual_player="on")
    assert s.V is None and s.m == 3  # §3.1: a 2-player variant only


# -- §4.1 Phase I -------------------------------------------------------------------------------


def test_s4_1_i2_rows_are_taken_in_doge_order_and_blind_cards_are_private():
    s = new(3, seed=7)
    r = s.ring
    while len(s.queue) > 1:  # all but the last starting pick
        act(s, s.legal_actions(s.to_move()[0])[0])
    set_doge(s, [r[2], r[0], r[1]])  # the rows are dealt after the last pick
    act(s, s.legal_actions(s.to_move()[0])[0])
    takers = []
    while s.step == "rows":
        seat = s.to_move()[0]
        takers.append(seat)
        events = s.apply(seat, s.legal_actions(seat)[0])
        blind = events[-1]
        other = next(p for p in range(3) if p != seat)
        assert blind.text_for(other).endswith("draws 2 cards blind")
        assert blind.text_for(seat) != blind.text_for(other)
    assert takers == [r[2], r[0], r[1]]


def _after_picks_with_greens(seed: int, greens: dict[int, list[int]]):
    s = new(3, seed=seed)
    finish_picks(s)
    for p in range(3):
        s.buildings[p] = [[GREEN, v, 0, 0] for v in greens.get(p, [])]
        s.coins[p] = 2 if p in greens else 0
    return s


def test_s4_1_i3_greens_only_after_every_row_is_taken():
    s = new(3, seed=8)
    finish_picks(s)
    first = s.to_move()[0]
    s.buildings[first] = [[GREEN, 1, 0, 0]]
    s.coins[first] = 1
    with pytest.raises(IllegalAction):
        s.apply(first, UseGreen(1, None))
    assert not s.allows(first, UseGreen(1, None))
    assert s.step == "rows" and len(s.hands[first]) == 0


def test_s4_1_i3_i4_green_one_from_the_leftover_row_then_the_rest_is_discarded():
    # §2.3 Green 1, §4.1 I.3 (Doge order), I.4 (leftover discarded), §4.6 / E9 (the card taken
    # from the leftover row is public, a green draw is not)
    s = _after_picks_with_greens(9, {0: [1], 1: [1]})
    set_doge(s, [1, 0, 2])
    s.queue = s.human_order()
    while s.step == "rows":
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert s.step == "green" and s.to_move() == (1,)
    leftover = s.leftover()
    assert len(leftover) == 6
    card = leftover[0]
    events = s.apply(1, UseGreen(1, card))
    assert any(
        e.visible_to is None and e.text.endswith(f"takes the {CARD_NAMES[card]} from the leftover row")
        for e in events
    )
    assert len(s.hands[1]) == 9 and len(s.leftover()) == 5 and s.coins[1] == 1
    assert s.to_move() == (0,)  # one Green 1: used, so seat 1 is done
    deck = len(s.deck)
    events = s.apply(0, UseGreen(1, None))
    assert len(s.deck) == deck - 3 and len(s.hands[0]) == 11
    drew = next(e for e in events if e.visible_to == frozenset({0}))
    assert drew.text_for(2).endswith("draws 3 cards") and drew.text_for(0) != drew.text_for(2)
    # the leftover row (5 cards left) is discarded before anyone discards down
    assert s.step == "discard"
    assert s.leftover() == [] and len(s.discards[s.m]) == 5


def test_s4_1_i5_discards_in_doge_order_down_to_each_limit():
    s = _after_picks_with_greens(10, {2: [2]})
    set_doge(s, [2, 1, 0])
    s.queue = s.human_order()
    while s.step == "rows":
        act(s, s.legal_actions(s.to_move()[0])[0])
    act(s, UseGreen(2))
    assert s.hand_limit(2) == 8
    seen = []
    while s.step == "discard":
        seat = s.to_move()[0]
        if not seen or seen[-1] != seat:
            seen.append(seat)
        act(s, s.legal_actions(seat)[0])
    # seat 2 (limit 8) holds 8 and keeps them; seats 1 and 0 discard one each, in Doge order
    assert seen == [1, 0]
    assert [len(h) for h in s.hands] == [7, 7, 8]


def test_s3_1_virtual_hand_drawn_after_phase_one_face_up_even_from_the_reshuffle():
    # §3.1 Phase I: 7 cards after both humans finish (after the leftover row is discarded), public
    s = new(2, seed=13, virtual_player="on")
    v, h1, h2 = s.ring
    finish_picks(s)
    while s.step != "discard":
        act(
            s,
            s.legal_actions(s.to_move()[0])[-1] if s.step == "green" else s.legal_actions(s.to_move()[0])[0],
        )
    assert s.hands[v] == []
    s.deck = []  # the leftover row (6) and the humans' discards are all that is left
    while s.step == "discard":
        act(s, s.legal_actions(s.to_move()[0])[0])
    # it is first in Doge order, so it has played its Doge cards of stage A already
    shown = s.hands[v] + s.played[v]["cards"]
    assert s.stage == DOGE and len(shown) == 7 and len(s.deck) == 8 - 7
    assert all(c != DOGE for c in s.hands[v]) and all(c == DOGE for c in s.played[v]["cards"])
    for seat in (h1, h2):
        view = s.view(seat)
        assert view.virtual is not None and list(view.virtual.hand) == s.hands[v]
        assert view.hand is not None and list(view.hand) == s.hands[seat]
        assert [p.hand_size for p in view.participants()] == [len(h) for h in s.hands]
        assert view.marker == s.marker


# -- §4.2 Phase II ----------------------------------------------------------------------------


def test_s4_2_ii1_stage_a_starts_with_the_doge_leader_then_clockwise():
    s = ring_state(4, order=[2, 0, 3, 1])
    at_stage(s, "A", {p: [] for p in range(4)})
    seen = []
    while s.stage == DOGE:
        seen.append(s.to_move()[0])
        act(s, Pass())
    assert seen == [2, 3, 0, 1]


def test_s4_2_ii4_resolution_in_doge_order_decides_the_last_building():
    # §4.2 II.4, §7 row 8: seat 1 plays after seat 0 but is ahead on the Doge track, so it
    # resolves first and takes the only building in stock; seat 0 then has nothing to take.
    s = ring_state(3, order=[1, 0, 2])
    s.stock = [[0] * 4 for _ in range(3)]
    s.stock[BLUE][2] = 1
    at_stage(s, "C", {0: cards("3 Building"), 1: cards("3 Building"), 2: []}, previous_bonus=0)
    act(s, Play(3))
    act(s, Play(3))
    act(s, Pass())
    assert s.bonus == 1 and s.step == "build" and s.to_move() == (1,)
    act(s, Build(BLUE, 3))
    assert s.buildings[1][-1] == [BLUE, 3, 0, 0]
    assert s.stage == 3 and all(b[:2] != [BLUE, 3] for b in s.buildings[0])


def test_s2_4_unplayed_cards_carry_over_and_played_ones_go_to_own_discard_pile():
    s = ring_state(3)
    s.round = 1
    at_stage(s, "F", {0: cards("3 Councilman", "Gold"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(1))
    act(s, Pass())
    act(s, Pass())
    # §4.2 II.5: the played card lies on seat 0's own pile; §2.4: the rest stays in hand
    assert s.discards[0] == cards("Councilman") and all(not pile for pile in s.discards[1:])
    assert s.round == 2 and s.step == "rows"
    assert s.hands[0] == cards("2 Councilman", "Gold")


def test_s4_5_a_yellow_building_works_once_a_round():
    s = ring_state(3)
    s.buildings[0] = [[YELLOW, 2, 0, 0]]
    s.coins[0] = 2
    at_stage(s, "A", {0: cards("Gold", "Bridge"), 1: [], 2: []})
    act(s, Play(0, 0, (GOLD,)))
    assert s.played[0]["count"] == 1 and s.coins[0] == 1
    pass_all(s)
    assert s.stage == GOLD and s.to_move() == (0,)
    with pytest.raises(IllegalAction, match="no unused Yellow 2"):
        act(s, Play(0, 0, (3,)))


def test_cards_turned_by_yellow_buildings_name_one_play_in_any_order():
    s = ring_state(3)
    s.buildings[0] = [[YELLOW, 2, 0, 0], [YELLOW, 2, 0, 0]]
    s.coins[0] = 2
    at_stage(s, "A", {0: cards("Gold", "Gondola"), 1: [], 2: []})
    backwards = tuple(sorted((GOLD, GONDOLA), reverse=True))
    assert Play(0, 0, backwards) == Play(0, 0, (GOLD, GONDOLA)) == Play(0, 0, (GONDOLA, GOLD))
    act(s, Play(0, 0, backwards))
    assert s.played[0]["count"] == 2 and s.coins[0] == 0 and s.hands[0] == []


def test_s4_5_ruling_a_yellow_built_in_stage_c_is_usable_in_stage_d():
    s = ring_state(3)
    s.coins[0] = 1
    at_stage(s, "C", {0: cards("2 Building", "Gold"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(2))
    act(s, Pass())
    act(s, Pass())
    act(s, Build(YELLOW, 3 - 1))  # allowance 3 with the bonus; a Yellow 2
    assert s.stage == 3 and s.to_move() == (0,)
    assert s.allows(0, Play(0, 0, (GOLD,)))
    act(s, Play(0, 0, (GOLD,)))
    assert s.played[0]["count"] == 1


def test_s4_5_ruling_a_blue_built_in_stage_c_is_usable_in_phase_three():
    s = ring_state(3)
    s.coins[0] = 1
    s.round = 1
    at_stage(s, "C", {0: cards("3 Building"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(3))
    act(s, Pass())
    act(s, Pass())
    act(s, Build(BLUE, 4))
    while s.step == "play":
        act(s, Pass())
        while s.step == "bridge":
            act(s, s.legal_actions(s.to_move()[0])[0])
    assert s.step == "blue" and s.to_move() == (0,)
    assert UseBlue(4) in s.legal_actions(0)


# -- §5.2 / §2.5 coins -------------------------------------------------------------------------


def test_s2_5_ruling_gold_stops_when_the_general_supply_is_empty():
    s = ring_state(3)
    total = s.general_coins + sum(s.coins)
    s.general_coins, s.coins = 2, [0, 0, total - 2]
    at_stage(s, "B", {0: cards("3 Gold"), 1: cards("Gold"), 2: []}, previous_bonus=0)
    act(s, Play(3))
    act(s, Play(1))
    act(s, Pass())
    assert s.coins[:2] == [2, 0] and s.general_coins == 0
    assert s.general_coins + sum(s.coins) == total


# -- §5.3 Stage C -------------------------------------------------------------------------------


def test_s5_3_returning_a_used_building_puts_its_coin_back_and_scores_its_value():
    s = ring_state(3)
    s.buildings[0] = [
        [GREEN, 1, 0, 0],
        [GREEN, 1, 0, 0],
        [YELLOW, 2, 1, 0],
        [YELLOW, 1, 0, 0],
        [BLUE, 1, 0, 0],
        [BLUE, 2, 0, 0],
        [BLUE, 3, 0, 0],
    ]
    general, vp = s.general_coins, s.vp[0]
    at_stage(s, "C", {0: cards("Building"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(1))
    act(s, Pass())
    act(s, Pass())
    assert Build(GREEN, 2, YELLOW, 2) in s.legal_actions(0)
    act(s, Build(GREEN, 2, YELLOW, 2))  # allowance 1 + bonus; the Green 2 is a second copy type
    assert s.vp[0] == vp + 2 and s.general_coins == general + 1
    assert len(s.buildings[0]) == 7 and [YELLOW, 2, 1, 0] not in s.buildings[0]


def test_s5_3_no_return_while_a_space_is_free_and_same_type_twice_is_fine():
    s = ring_state(3)
    s.buildings[0] = [[GREEN, 1, 0, 0]]
    at_stage(s, "C", {0: cards("Building"), 1: [], 2: cards("Building")}, previous_bonus=2)
    act(s, Play(1))  # seat 2
    act(s, Play(1))  # seat 0: ties seat 2 and is ahead on the Doge track, so wins the bonus
    act(s, Pass())  # seat 1
    assert s.step == "build" and s.to_move() == (0,) and s.build["allowance"] == 2
    assert all(a.back_colour == -1 for a in s.legal_actions(0) if isinstance(a, Build))
    with pytest.raises(IllegalAction):
        act(s, Build(GREEN, 1, GREEN, 1))
    act(s, Build(GREEN, 1))
    assert sorted(b[:2] for b in s.buildings[0]) == [[GREEN, 1], [GREEN, 1]]
    assert s.to_move() == (2,) and s.build["allowance"] == 1
    act(s, Pass())  # §5.3 ruling: declining is allowed
    assert s.stage == 3 and s.buildings[2] == []


def test_s5_3_allowance_above_eight_gives_at_most_two_buildings_of_four():
    s = ring_state(3)
    at_stage(s, "C", {0: cards("8 Building"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(8))
    act(s, Pass())
    act(s, Pass())
    assert s.build == {"allowance": 9, "first": 1}
    act(s, Build(GREEN, 4))
    assert s.build == {"allowance": 5, "first": 0}
    assert max(a.value for a in s.legal_actions(0) if isinstance(a, Build)) == 4
    act(s, Build(BLUE, 4))
    assert s.step == "play" and s.stage == 3  # no third building
    assert sorted(b[:2] for b in s.buildings[0]) == [[GREEN, 4], [BLUE, 4]]


# -- §5.4 Stage D -------------------------------------------------------------------------------


def test_s5_4_bonus_with_no_bridge_tile_left_is_only_the_vp():
    s = ring_state(3)
    s.bridges = []
    vp = list(s.vp)
    at_stage(s, "D", {0: cards("2 Bridge"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(2))
    act(s, Pass())
    act(s, Pass())
    assert s.stage == GONDOLA and s.slots == [None] * 12
    assert s.vp == [vp[0] + 3, vp[1] - 1, vp[2] - 1]


def test_s5_4_bridge_orientation_is_the_placers_choice_and_the_next_tile_shows():
    s = ring_state(3)
    s.bridges = [[3, 6], [4, 5]]
    at_stage(s, "D", {0: cards("Bridge"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(1))
    act(s, Pass())
    act(s, Pass())
    slot = slot_of("San Marco", "Dorsoduro")
    assert not s.allows(0, Pass())  # §5.4: the bonus holder must place the tile
    assert {PlaceBridge(slot, False, (3, 6)), PlaceBridge(slot, True, (3, 6))} <= set(s.legal_actions(0))
    with pytest.raises(IllegalAction, match="top tile, 3│6"):  # a move that names no tile says so
        s.apply(0, PlaceBridge(slot, True))
    act(s, PlaceBridge(slot, True, (3, 6)))
    a, b = SLOTS[slot]
    assert district_value(s.slots, a) == 6 and district_value(s.slots, b) == 3
    assert s.view(1).bridge_next == (4, 5)


# -- §5.5 Stage E -------------------------------------------------------------------------------


def test_s5_5_gondola_bonus_councilman_from_the_general_supply_into_either_district():
    s = ring_state(3)
    s.round = 1
    here = s.district_now()
    slot = next(i for i, pair in enumerate(SLOTS) if here not in pair)
    far = SLOTS[slot][1]
    at_stage(s, "E", {0: cards("2 Gondola"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(2))
    act(s, Pass())
    act(s, Pass())
    assert s.step == "gondola"
    legal = s.legal_actions(0)
    assert PlaceGondola(slot, SLOTS[slot][0], FROM_GENERAL) in legal and PlaceGondola(slot, far) in legal
    act(s, PlaceGondola(slot, far))
    assert s.general[0] == 13 - 3 and s.personal[0] == 5 + 2 and s.council[far][0] == 1
    assert s.slots[slot][:3] == [1, 1, 1] and s.gondolas == 5
    assert district_value(s.slots, far) == 1 and district_value(s.slots, SLOTS[slot][0]) == 1


def test_s5_5_no_gondola_tile_left_means_no_placement():
    s = ring_state(3)
    s.gondolas = 0
    at_stage(s, "E", {0: cards("Gondola"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(1))
    act(s, Pass())
    act(s, Pass())
    assert s.stage == 5 and s.personal[0] == 6 and s.slots == [None] * 12


def test_s5_5_a_claimed_bank_tile_cannot_be_won_again():
    s = ring_state(3)
    s.round = 1
    here = s.district_now()
    bank = next(b for b, ds in enumerate(BANKS) if here in ds)
    s.banks[bank] = [1]
    for d in BANKS[bank]:
        if d != here:
            s.council[d][0] = 1
    vp = s.vp[0]
    at_stage(s, "F", {0: cards("Councilman"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(1))
    act(s, Pass())
    act(s, Pass())
    assert all(s.council[d][0] for d in BANKS[bank])
    assert s.vp[0] == vp and s.banks[bank] == [1]


def test_s5_5_ruling_one_player_may_win_both_bank_tiles():
    s = ring_state(3)
    s.banks[1] = [0]
    s.council[D["Cannaregio"]][0] = 1
    s.council[D["Castello"]][0] = 1
    vp = s.vp[0]
    at_stage(s, "E", {0: cards("Gondola"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(1))
    act(s, Pass())
    act(s, Pass())
    act(s, PlaceGondola(slot_of("San Marco", "Dorsoduro"), D["San Marco"]))
    assert s.banks == [[0], [0]] and s.vp[0] == vp + BANK_BONUS


def test_s4_2_ii6_bank_in_e_only_for_the_bonus_holder_at_once():
    # E: the tile goes to the bonus holder as it places; a player resolving later is not checked
    s = ring_state(3, order=[1, 0, 2])
    for p in (0, 1):
        s.council[D["Cannaregio"]][p] = 1
        s.council[D["Castello"]][p] = 1
    vp = list(s.vp)
    at_stage(s, "E", {0: cards("2 Gondola"), 1: cards("Gondola"), 2: []}, previous_bonus=0)
    act(s, Play(2))
    act(s, Play(1))
    act(s, Pass())
    # seat 1 resolves first (Doge order), seat 0 then places with the bonus
    assert s.personal[1] == 6 and s.step == "gondola" and s.to_move() == (0,)
    act(s, PlaceGondola(slot_of("Cannaregio", "San Marco"), D["San Marco"]))
    assert s.banks[0] == [0] and s.vp[0] == vp[0] + BANK_BONUS and s.vp[1] == vp[1]


# -- §5.6 Stage F -------------------------------------------------------------------------------


def test_s4_1_i0_s5_6_councilmen_go_to_this_rounds_district_bonus_is_one_more():
    s = ring_state(3)
    s.round = 3
    here = s.number.index(3)
    at_stage(s, "F", {0: cards("2 Councilman"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(2))
    act(s, Pass())
    act(s, Pass())
    assert s.council[here][0] == 3 and s.personal[0] == 2
    assert sum(row[0] for row in s.council) == 3


def test_s5_6_ruling_with_no_councilman_anywhere_the_rest_is_lost():
    s = ring_state(3)
    s.round = 1
    s.personal[0] = 0
    at_stage(s, "F", {0: cards("2 Councilman"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(2))
    act(s, Pass())
    act(s, Pass())
    assert s.round == 2 and s.step == "rows"  # nothing to recall: the stage and round end
    assert all(row[0] == 0 for row in s.council) and s.general[0] == 13


def test_s5_6_the_bonus_councilman_comes_from_the_personal_supply_only():
    """Spec §5.6: one Councilman card and the bonus, one councilman in the personal supply and one
    in another district. The card's councilman comes from the supply; the bonus one would need the
    fallback, which is for the cards' councilmen only: it is lost, and nothing is moved."""
    s = ring_state(3)
    s.round = 1
    here = s.district_now()
    there = next(d for d in range(6) if d != here)
    s.personal[0] = 1
    s.council[there][0] = 1
    at_stage(s, "F", {0: cards("Councilman"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(1))
    act(s, Pass())
    events = s.apply(2, Pass())
    assert s.step != "recall" and s.recall_left == 0  # the old ruling asked to move one here
    assert s.council[here][0] == 1 and s.council[there][0] == 1 and s.personal[0] == 0
    said = [e.text for e in events]
    assert f"P0 places 1 councilman in {DISTRICTS[here].name}; the bonus councilman is lost" in " ".join(said)
    seat = s.to_move()[0]
    with pytest.raises(IllegalAction, match="never the bonus one"):
        s.apply(seat, Recall(there))


def test_s5_6_the_fallback_moves_the_cards_missing_councilmen_never_the_bonus_one():
    """Two Councilman cards and the bonus with an empty personal supply and three councilmen in
    another district: two may be moved (the cards'), not a third (the bonus's)."""
    s = ring_state(3)
    s.round = 1
    here = s.district_now()
    there = next(d for d in range(6) if d != here)
    s.personal[0] = 0
    s.council[there][0] = 3
    at_stage(s, "F", {0: cards("2 Councilman"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(2))
    act(s, Pass())
    act(s, Pass())
    assert s.step == "recall" and s.recall_left == 2
    assert s.legal_actions(0) == [Recall(there), Pass()]
    act(s, Recall(there))
    act(s, Recall(there))
    assert s.step != "recall" and s.council[here][0] == 2 and s.council[there][0] == 1


def test_s5_6_with_the_personal_supply_enough_the_bonus_councilman_is_placed_too():
    s = ring_state(3)
    s.round = 1
    here = s.district_now()
    s.personal[0] = 3
    at_stage(s, "F", {0: cards("2 Councilman"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(2))
    act(s, Pass())
    events = s.apply(2, Pass())
    assert s.council[here][0] == 3 and s.personal[0] == 0 and s.step != "recall"
    assert "lost" not in " ".join(e.text for e in events)


# -- §5.7 via the contract --------------------------------------------------------------------


def test_s5_7_yellow_three_with_one_joker_only_for_a_kind_not_held():
    s = ring_state(3)
    for p in (0, 1):
        s.buildings[p] = [[YELLOW, 3, 0, 0]]
        s.coins[p] = 1
    at_stage(s, "B", {0: cards("Joker", "Doge"), 1: cards("Joker", "Gold"), 2: []}, previous_bonus=0)
    assert s.allows(0, Play(0, 1, extra=1))
    act(s, Play(0, 1, extra=1))
    assert s.played[0]["count"] == 1 and s.coins[0] == 0 and s.hands[0] == cards("Doge")
    assert not s.allows(1, Play(0, 1, extra=1))
    with pytest.raises(IllegalAction, match="do not hold"):
        act(s, Play(0, 1, extra=1))
    act(s, Play(1, 1, extra=1))
    assert s.played[1]["count"] == 3


def test_s5_7_yellow_four_on_a_doge_card_with_a_joker_counts_three_e6_p5():
    s = ring_state(3)
    s.buildings[0] = [[YELLOW, 4, 0, 0]]
    s.coins[0] = 1
    at_stage(s, "B", {0: cards("Doge", "Joker"), 1: [], 2: []}, previous_bonus=0)
    act(s, Play(0, 1, (), (DOGE,)))
    act(s, Pass())
    act(s, Pass())
    assert s.coins[0] == 3 + 1  # its 1 coin paid for Yellow 4, then 3 coins and the bonus


# -- §5.8 / §4.3 Phase III ---------------------------------------------------------------------


def test_s5_8_blue_four_three_vp_once_and_needs_a_coin():
    s = ring_state(3)
    s.round = 1
    s.buildings[0] = [[BLUE, 4, 0, 0]]
    s.buildings[1] = [[BLUE, 4, 0, 0]]
    s.coins = [2, 0, 0]
    vp = list(s.vp)
    s._start_blues()
    assert s.to_move() == (0,)
    act(s, UseBlue(4))
    assert s.vp[0] == vp[0] + 3 and s.coins[0] == 1
    # used once this round; seat 1 has no coin: nobody is asked, the round ends
    assert s.round == 2 and s.vp[1] == vp[1]


def test_s5_8_ruling_blue_one_upgrading_itself_returns_its_coin_and_scores_nothing():
    s = ring_state(3)
    s.round = 1
    s.buildings[0] = [[BLUE, 1, 0, 0]]
    s.coins[0] = 1
    general, vp = s.general_coins, s.vp[0]
    stock = [list(row) for row in s.stock]
    s._start_blues()
    act(s, UseBlue(1, BLUE, 1))
    assert s.vp[0] == vp and s.coins[0] == 0
    assert s.general_coins == general + 1
    assert s.stock[BLUE][:2] == [stock[BLUE][0] + 1, stock[BLUE][1] - 1]
    assert [b[:2] for b in s.buildings[0]] == [[BLUE, 2]]


def test_s4_4_coins_on_buildings_go_back_at_the_end_of_the_round():
    s = ring_state(3)
    s.round = 1
    s.buildings[0] = [[GREEN, 1, 1, 0], [YELLOW, 2, 1, 0], [BLUE, 4, 0, 0]]
    s.coins = [1, 0, 0]
    s.general_coins = COINS - 3
    s._start_blues()
    act(s, UseBlue(4))
    assert s.round == 2
    assert s.general_coins == COINS - 3 + 3 and s.coins[0] == 0
    assert all(b[2] == 0 for b in s.buildings[0])


def test_s4_4_after_round_six_comes_the_final_scoring():
    s = ring_state(3)
    s.round = 6
    s._start_blues()
    assert s.step == "over" and s.is_over() and s.final is not None
    assert s.legal_actions(0) == []


# -- §6 final scoring through the engine -----------------------------------------------------


def _district_with(s, district: int, faces: list[int]) -> None:
    """Put tiles on `district`'s slots with `faces` toward it (bridges > 1, gondolas 1)."""
    mine = [i for i, pair in enumerate(SLOTS) if district in pair]
    for slot, face in zip(mine, faces):
        a, _ = SLOTS[slot]
        kind = 1 if face == 1 else 0
        other = 1 if kind else 3
        s.slots[slot] = [kind, face, other, 0] if a == district else [kind, other, face, 0]


def test_e1_district_ranks_through_the_final_scoring():
    red, blue, green, yellow, white = range(5)
    s = new(5, seed=2)
    set_doge(s, [red, green, blue, yellow, white])
    sp = D["San Polo"]
    _district_with(s, sp, [6, 4, 1, 1])
    for p, n in zip(range(5), (5, 3, 3, 1, 0)):
        s.council[sp][p] = n
    s.round = 6
    s._final_scoring()
    assert s.final["districts"][sp]["value"] == 12
    assert s.final["districts"][sp]["points"] == [12, 3, 6, 1, 0]


def test_e14_five_players_the_fifth_scores_nothing_and_empty_slots_add_zero():
    s = new(5, seed=3)
    set_doge(s, [0, 1, 2, 3, 4])
    sp = D["San Polo"]
    _district_with(s, sp, [5, 4, 1, 1])
    for p in range(5):
        s.council[sp][p] = 5 - p
    # the far ends (bridges 3, gondolas 1) are all the other districts get; empty slots add 0
    assert [district_value(s.slots, d) for d in range(6)] == [1, 1, 0, 3, 11, 3]
    s.round = 6
    s._final_scoring()
    assert s.final["districts"][sp]["points"] == [11, 5, 2, 1, 0]
    assert [r["districts"] for r in s.final["rows"]] == [11, 5, 2, 1, 0]


# -- §3.1 the 2-player variant --------------------------------------------------------------------

E13_NUMBERS = {
    "Cannaregio": 1,
    "San Marco": 2,
    "Castello": 3,
    "Santa Croce": 4,
    "Dorsoduro": 5,
    "San Polo": 6,
}


def variant(seed: int = 12):
    s = new(2, seed=seed, virtual_player="on")
    v, h1, h2 = s.ring
    s.number = [E13_NUMBERS[d.name] for d in DISTRICTS]
    s.marker = marker_slot(s.slots, s.number)
    return s, v, h1, h2


def test_s3_1_virtual_wins_stage_c_bonus_so_no_human_gets_it_and_it_starts_d():
    s, v, h1, h2 = variant()
    s.hands[v] = cards("2 Building")
    at_stage(s, "C", {h1: cards("Building"), h2: []}, previous_bonus=h1)
    act(s, Play(1))  # H1
    act(s, Pass())  # H2, then the virtual player plays its 2
    assert s.bonus == v and s.step == "build" and s.to_move() == (h1,)
    assert max(a.value for a in s.legal_actions(h1) if isinstance(a, Build)) == 1
    act(s, Build(GREEN, 1))
    assert s.stage == 3 and s.stage_start == v


def test_s3_1_virtual_bridge_bonus_with_no_tile_left_does_nothing_humans_still_lose_one():
    s, v, h1, h2 = variant()
    s.bridges = []
    marker = s.marker
    s.hands[v] = cards("Bridge")
    vp = list(s.vp)
    at_stage(s, "D", {h1: [], h2: []}, previous_bonus=v)
    act(s, Pass())
    act(s, Pass())
    assert s.stage == GONDOLA and s.slots == [None] * 12 and s.marker == marker
    assert s.vp == [x - 1 for x in vp]


def test_s3_1_virtual_gondola_claims_a_bank_for_nobody():
    s, v, h1, h2 = variant()
    assert s.marker == slot_of("Cannaregio", "San Marco")
    s.council[D["Castello"]][v] = 1
    s.personal[v] = 17
    s.hands[v] = cards("Gondola")
    vp = list(s.vp)
    at_stage(s, "E", {h1: [], h2: []}, previous_bonus=v)
    act(s, Pass())
    act(s, Pass())
    assert s.council[D["Cannaregio"]][v] == 1 and s.council[D["San Marco"]][v] == 1
    assert s.personal[v] == 15 and s.banks[0] == [v] and s.vp == vp
    # later a human completes the same bank in F (round 1's district is Cannaregio): no 5 VP
    s.council[D["San Marco"]][h1] = 1
    s.council[D["Castello"]][h1] = 1
    assert s.stage == 5 and s.district_now() == D["Cannaregio"]
    s.hands[h1] = cards("Councilman")
    while s.stage == 5:
        seat = s.to_move()[0]
        act(s, Play(1) if seat == h1 else Pass())
    assert s.council[D["Cannaregio"]][h1] == 2  # 1 card + the bonus
    assert s.banks[0] == [v] and s.vp == vp


def test_s3_1_ruling_human_and_virtual_completing_a_bank_in_f_the_human_scores():
    s, v, h1, h2 = variant()
    s.round = 1
    for p in (v, h1):
        s.council[D["San Marco"]][p] = 1
        s.council[D["Castello"]][p] = 1
    s.hands[v] = cards("Councilman")
    vp = list(s.vp)
    at_stage(s, "F", {h1: cards("Councilman"), h2: []}, previous_bonus=h1)
    while s.stage == 5:
        seat = s.to_move()[0]
        act(s, Play(1) if seat == h1 else Pass())
    assert set(s.banks[0]) == {v, h1}
    assert s.vp[h1] == vp[h1] + BANK_BONUS and s.vp[h2] == vp[h2]


def test_s3_1_ruling_virtual_single_joker_counts_one_councilman_no_pair_rule():
    s, v, h1, h2 = variant()
    s.round = 1
    here = s.district_now()
    s.hands[v] = cards("Joker")
    at_stage(s, "F", {h1: cards("2 Councilman"), h2: []}, previous_bonus=h1)
    act(s, Play(2))
    act(s, Pass())
    assert s.council[here][v] == 1 and s.council[here][h1] == 3
    assert s.hands[v] == [] and s.discards[v] == [JOKER]


def test_s3_1_ruling_neutral_councilmen_once_its_own_run_out_and_they_rank_as_its_own():
    s, v, h1, h2 = variant()
    s.round = 6  # the last round: San Polo (tile 6) is the current district
    sp = D["San Polo"]
    assert s.district_now() == sp
    _district_with(s, sp, [6])
    s.personal[v] = 1
    s.council[sp][h1] = 2
    s.hands[v] = cards("Councilman", "Joker")
    at_stage(s, "F", {h1: [], h2: []}, previous_bonus=v)
    act(s, Pass())
    act(s, Pass())
    # count 2 + bonus 1: one of its own colour, then two neutral
    assert s.council[sp][v] == 1 and s.neutral[sp] == 2 and s.neutral_supply == 16
    assert s.step == "over"
    assert s.final["districts"][sp]["value"] == 6
    assert s.final["districts"][sp]["ranked"][:2] == [v, h1]
    assert s.final["rows"][h1]["districts"] == 3


def test_s3_1_marker_is_removed_when_no_slot_is_empty():
    s, v, h1, h2 = variant()
    last = s.marker
    for i in range(12):
        if i != last:
            s.slots[i] = [1, 1, 1, h2]
    s.bridges = [[3, 4]]
    at_stage(s, "D", {h1: cards("Bridge"), h2: []}, previous_bonus=h1)
    act(s, Play(1))
    act(s, Pass())
    assert [a.slot for a in s.legal_actions(h1)] == [last, last]
    act(s, PlaceBridge(last, False, (3, 4)))
    assert s.marker is None and None not in s.slots


def test_s3_1_ruling_yellow_one_lets_the_virtual_players_turn_pass():
    s, v, h1, h2 = variant()
    s.buildings[h1] = [[YELLOW, 1, 0, 0]]
    s.coins[h1] = 1
    s.hands[v] = cards("Gold")
    at_stage(s, "B", {h1: cards("Gold"), h2: []}, previous_bonus=h1)
    s.coins[h1] = 0
    assert not s.allows(h1, Wait())  # §2.3: activating needs a coin to put on the building
    s.coins[h1] = 1
    assert s.allows(h1, Wait())
    act(s, Wait())
    assert s.to_move() == (h2,) and not s.allows(h2, Wait())  # H2 owns no Yellow 1
    act(s, Pass())
    assert s.played[v] is not None and s.played[v]["count"] == 1 and s.to_move() == (h1,)
    act(s, Play(1))
    # a tie at 1: the virtual player is ahead on the Doge track, wins, and starts stage C
    assert s.stage == 2 and s.stage_start == v and s.coins[h1] == 1 + 1


def test_s3_1_ruling_blue_doge_rank_counts_the_virtual_player():
    s, v, h1, h2 = variant()
    set_doge(s, [h2, v, h1], spaces=[5, 4, 3])
    s.buildings[h1] = [[BLUE, 3, 0, 0]]
    s.coins[h1] = 1
    s.round = 1
    s._start_blues()
    assert s.to_move() == (h1,)
    act(s, UseBlue(3))
    assert s.doge_pos[h1] == 6 and s.order() == [h1, h2, v]


def test_s3_1_winner_is_the_human_with_more_vp_ties_by_doge_order():
    s, v, h1, h2 = variant()
    set_doge(s, [v, h2, h1])
    s.vp[h1] = s.vp[h2] = 20
    s.coins[h1] = s.coins[h2] = 0
    s.personal[h1] = s.personal[h2] = 0
    s.round = 6
    s._final_scoring()
    standings = s.standings()
    assert len(standings.rows) == 2
    assert standings.rows[0].seat == h2 and standings.rows[0].winner and not standings.rows[1].winner


def test_s4_6_hands_are_private_and_sizes_public():
    s = ring_state(3)
    at_stage(s, "A", {0: cards("2 Doge"), 1: cards("Gold"), 2: []})
    view = s.view(1)
    assert view.hand == tuple(cards("Gold")) and [p.hand_size for p in view.players] == [2, 1, 0]
    assert s.view(None).hand is None
    act(s, Play(1))
    played = s.view(2).played[0]
    assert played is not None and played.cards == (DOGE,) and s.view(2).counts[0] == 1
    assert s.view(2).hand == () and s.view(0).hand == tuple(cards("Doge"))


def _marker_by_the_steps(slots, number):
    """§3.1's three steps, literally: the lowest-numbered district with an empty slot, then its
    lowest-numbered neighbour across an empty slot."""
    empty = [i for i, tile in enumerate(slots) if tile is None]
    if not empty:
        return None
    with_empty = {d for i in empty for d in SLOTS[i]}
    first = min(with_empty, key=lambda d: number[d])
    across = [(number[b if a == first else a], i) for i in empty for a, b in [SLOTS[i]] if first in (a, b)]
    return min(across)[1]


def test_s3_1_marker_follows_the_three_steps_for_any_numbering_and_fill():
    rng = random.Random(31)
    for _ in range(300):
        number = list(range(1, 7))
        rng.shuffle(number)
        slots = [None if rng.random() < 0.5 else [1, 1, 1, 0] for _ in SLOTS]
        assert marker_slot(slots, number) == _marker_by_the_steps(slots, number)


def test_s3_1_marker_stays_when_another_slot_is_built():
    s, v, h1, h2 = variant()
    marker = s.marker
    other = slot_of("San Polo", "Dorsoduro")
    assert other != marker
    s.bridges = [[3, 4], [5, 6]]
    at_stage(s, "D", {h1: cards("Bridge"), h2: []}, previous_bonus=h1)
    act(s, Play(1))
    act(s, Pass())
    act(s, PlaceBridge(other, False, (3, 4)))
    assert s.slots[other] is not None and s.marker == marker


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_s2_s3_components_and_round_tiles_at_set_up(players):
    s = new(players, seed=40 + players)
    assert len(s.deck) == 77 and all(s.deck.count(k) == 11 for k in range(7))
    assert s.general_coins + sum(s.coins) == COINS
    assert s.stock == [[5] * 4 for _ in range(3)] and s.gondolas == 6
    assert len(s.bridges) == 6 and all(3 <= x <= 6 for tile in s.bridges for x in tile)
    assert sorted(s.number) == [1, 2, 3, 4, 5, 6] and s.district_now() == s.number.index(1)
    assert s.slots == [None] * 12 and s.banks == [None, None]
    assert s.council == [[0] * players for _ in range(6)]
