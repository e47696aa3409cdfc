"""Rialto's rules one at a time, beyond the worked examples: set-up, the yellow buildings, the
blue ones, stage F's moves, the gondola bonus with an empty supply, the bank tiles in F, the Doge
stacking, reshuffling, private discards (shared/rules/rialto.md §3–§7)."""

from __future__ import annotations

import pytest

from boardgames_tui.rules.core import IllegalAction, Pass
from boardgames_tui.rules.rialto.actions import (
    FROM_GENERAL,
    FROM_NOWHERE,
    FROM_PERSONAL,
    Discard,
    PickStart,
    PlaceGondola,
    Play,
    Recall,
    UseBlue,
    UseGreen,
    Wait,
)
from boardgames_tui.rules.rialto.data import (
    BANK_BONUS,
    BANKS,
    BLUE,
    CARD_NAMES,
    DISTRICTS,
    DOGE,
    GOLD,
    GREEN,
    JOKER,
    SLOTS,
    START_COINS,
    YELLOW,
)

from .rialto_helpers import act, at_stage, cards, new, set_doge


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_set_up_stack_coins_and_pick_order(players):
    s = new(players, seed=players)
    start = s.ring[0]
    # the start player's disc on top, the others below in clockwise order
    assert s.order() == s.ring
    assert [s.coins[p] for p in s.ring] == list(START_COINS[players])
    assert s.vp == [3] * players and s.personal == [5] * players and s.general == [13] * players
    # value-1 picks: counter-clockwise from the start player's right, the start player last
    picked = []
    while s.step == "start":
        picked.append(s.to_move()[0])
        act(s, s.legal_actions(picked[-1])[0])
    assert picked == list(reversed(s.ring)) and picked[-1] == start


@pytest.mark.parametrize("players, limit", [(2, 1), (3, 1), (4, 2), (5, 2)])
def test_each_value_one_building_is_chosen_at_most_once_or_twice(players, limit):
    s = new(players, seed=1)
    for _ in range(limit):
        act(s, PickStart(GREEN))
    with pytest.raises(IllegalAction, match="chosen as often"):
        act(s, PickStart(GREEN))
    assert PickStart(GREEN) not in s.legal_actions(s.to_move()[0])


def four(seed: int = 1):
    s = new(4, seed=seed)
    s.ring = [0, 1, 2, 3]
    set_doge(s, [0, 1, 2, 3])
    return s


def test_yellow_one_waits_until_everybody_else_in_the_order_declared():
    s = four()
    for p in (0, 1):
        s.buildings[p] = [[YELLOW, 1, 0, 0]]
        s.coins[p] = 1
    coins = s.general_coins
    at_stage(s, "A", {p: cards("Doge") for p in range(4)})
    act(s, Wait())  # 0
    assert s.to_move() == (1,) and s.coins[0] == 1 and s.general_coins == coins - 1
    act(s, Wait())  # 1
    act(s, Play(1))  # 2
    act(s, Play(1))  # 3
    assert s.to_move() == (0,)
    assert Wait() not in s.legal_actions(0)  # a delayed turn is not delayed again
    act(s, Pass())
    assert s.to_move() == (1,)
    act(s, Play(1))
    assert s.stage == 1


def test_yellow_two_and_four_turn_other_cards_but_never_a_joker():
    s = four()
    s.buildings[0] = [[YELLOW, 2, 0, 0], [YELLOW, 4, 0, 0]]
    s.coins[0] = 2
    at_stage(s, "A", {0: cards("Gold", "Bridge", "Joker")})
    with pytest.raises(IllegalAction, match="not a Joker"):
        act(s, Play(0, 0, (JOKER,)))
    with pytest.raises(IllegalAction, match="another kind"):
        act(s, Play(0, 0, (DOGE,)))
    act(s, Play(0, 1, (GOLD,), (3,)))  # Gold as a Doge, Bridge as two, and a Joker
    assert s.played[0]["count"] == 1 + 2 + 1
    assert s.coins[0] == 0 and sorted(b[2] for b in s.buildings[0]) == [1, 1]
    assert s.hands[0] == []


def test_a_lone_yellow_three_is_refused():
    s = four()
    s.buildings[0] = [[YELLOW, 3, 0, 0]]
    s.coins[0] = 1
    at_stage(s, "B", {0: cards("Doge")}, previous_bonus=0)
    before = s.snapshot()
    with pytest.raises(IllegalAction, match="on its own"):
        act(s, Play(0, 0, extra=1))
    assert s.snapshot() == before


def test_a_trailing_disc_landing_on_the_leader_goes_on_top():
    s = four()
    set_doge(s, [0, 1, 2, 3], spaces=[3, 1, 0, 0])
    at_stage(s, "A", {0: cards("Doge"), 1: cards("2 Doge"), 2: [], 3: []})
    for a in (Play(1), Play(2), Pass(), Pass()):
        act(s, a)
    # in Doge order: 0 moves to 4 first, then 1 (2 cards and the bonus) lands there, on top
    assert s.doge_pos[0] == s.doge_pos[1] == 4
    assert s.order()[:2] == [1, 0]


def test_landing_on_an_occupied_space_goes_on_top():
    s = four()
    set_doge(s, [0, 1, 2, 3], spaces=[3, 2, 0, 0])
    at_stage(s, "A", {0: [], 1: [], 2: cards("2 Doge"), 3: []})
    for _ in range(4):
        act(s, s.legal_actions(s.to_move()[0])[-1])
    assert s.doge_pos[2] == 3 and s.order() == [2, 0, 1, 3]


def test_blue_one_result_waits_for_the_next_round_and_fours_stay():
    s = four()
    s.buildings[0] = [[BLUE, 1, 0, 0], [BLUE, 2, 0, 0], [GREEN, 4, 0, 0]]
    s.coins[0] = 3
    s.buildings[1] = [[BLUE, 4, 0, 0]]
    s.coins[1] = 1
    s.round = 1
    s._start_blues()
    legal = s.legal_actions(0)
    assert UseBlue(1, GREEN, 4) not in legal  # a value-4 building has no next value
    assert UseBlue(1, BLUE, 2) in legal and UseBlue(1, BLUE, 1) in legal  # itself, too
    act(s, UseBlue(1, BLUE, 2))
    assert sorted((b[0], b[1], b[3]) for b in s.buildings[0]) == [(GREEN, 4, 0), (BLUE, 1, 0), (BLUE, 3, 1)]
    # the new Blue 3 cannot be used this round: with nothing else to use, the turn moves on
    assert s.to_move() == (1,)
    act(s, UseBlue(4))
    assert s.round == 2 and all(b[3] == 0 for b in s.buildings[0])  # usable from the next round


def test_blue_two_gives_a_councilman_or_a_second_vp():
    s = four()
    s.buildings[0] = [[BLUE, 2, 0, 0]]
    s.buildings[1] = [[BLUE, 2, 0, 0]]
    s.coins[0] = s.coins[1] = 1
    s.general[1] = 0
    vp = list(s.vp)
    s.round = 1
    s._start_blues()
    act(s, UseBlue(2))
    act(s, UseBlue(2))
    assert s.vp[0] == vp[0] + 1 and s.personal[0] == 6 and s.general[0] == 12
    assert s.vp[1] == vp[1] + 2 and s.personal[1] == 5


def test_phase_three_keeps_its_order_when_blue_three_jumps():
    s = four()
    for p in range(4):
        s.buildings[p] = [[BLUE, 3, 0, 0]]
        s.coins[p] = 1
    s.round = 1
    s._start_blues()
    seen = []
    while s.step == "blue":
        seen.append(s.to_move()[0])
        act(s, UseBlue(3))
    assert seen == [0, 1, 2, 3]  # 3 jumped 4 spaces, to the front, but still acted last


def _phase_three_with_stock(owned: list[list[list[int]]], coins: list[int]):
    """Phase III of round 1 in a four-player game where the seats own `owned` and nothing else,
    and the stock holds every other tile (five of each to begin with)."""
    s = four()
    s.round = 1
    s.buildings = owned
    s.stock = [[5] * 4 for _ in range(3)]
    for mine in owned:
        for colour, value, _, _ in mine:
            s.stock[colour][value - 1] -= 1
    s.coins = coins
    s._start_blues()
    return s


def test_phase_three_asks_each_player_when_their_turn_comes():
    # Every Green 3 is owned: seat 1's Blue 1 has no tile to turn its Green 2 into until seat 0
    # upgrades a Green 3 and so returns one to the stock.
    owned = [
        [[BLUE, 1, 0, 0], [GREEN, 3, 0, 0], [BLUE, 2, 0, 0], [BLUE, 2, 0, 0]],
        [[BLUE, 1, 0, 0], [GREEN, 2, 0, 0]],
        [[GREEN, 3, 0, 0]] * 4 + [[BLUE, 2, 0, 0]] * 3,
        [],
    ]
    s = _phase_three_with_stock(owned, [1, 1, 0, 0])
    assert s.to_move() == (0,) and s.stock[GREEN][2] == 0
    act(s, UseBlue(1, GREEN, 3))
    assert s.step == "blue" and s.to_move() == (1,)
    assert UseBlue(1, GREEN, 2) in s.legal_actions(1)
    said = [e.text for e in s.apply(1, Pass())]
    assert said[0] == f"{s.name(1)} is done with blue buildings"  # a pass is told too


def test_phase_three_skips_a_player_whose_upgrade_an_earlier_one_took():
    # One Green 4 is left: seat 0 takes it, and seat 1, whose only use was the same upgrade, is
    # not asked for a pass.
    owned = [
        [[BLUE, 1, 0, 0], [GREEN, 3, 0, 0]],
        [[BLUE, 1, 0, 0], [GREEN, 3, 0, 0]],
        [[GREEN, 4, 0, 0]] * 4,
        [[BLUE, 2, 0, 0]] * 5,  # nor can a Blue 1 become a Blue 2
    ]
    s = _phase_three_with_stock(owned, [1, 1, 0, 0])
    assert s.stock[GREEN][3] == 1 and s.to_move() == (0,)
    act(s, UseBlue(1, GREEN, 3))
    assert s.step != "blue" and s.round == 2


def test_stage_f_moves_councilmen_from_other_districts_when_the_supply_is_short():
    s = four()
    s.round = 1
    here = s.district_now()
    there = [d for d in range(6) if d != here][:2]
    s.personal[0] = 1
    s.council[there[0]][0] = 2
    s.council[there[1]][0] = 1
    at_stage(s, "F", {0: cards("3 Councilman")}, previous_bonus=0)
    act(s, Play(3))
    for _ in range(3):
        act(s, Pass())
    assert s.step == "recall" and s.council[here][0] == 1
    assert set(a.district for a in s.legal_actions(0) if isinstance(a, Recall)) == set(there)
    act(s, Recall(there[0]))
    act(s, Pass())  # the other two are not moved: lost
    assert s.council[here][0] == 2 and s.council[there[0]][0] == 1 and s.council[there[1]][0] == 1
    assert s.stage is None or s.stage != 5


def test_gondola_bonus_with_an_empty_general_supply():
    s = four()
    s.general[0] = 0
    s.personal[0] = 2
    s.council[0][0] = 1
    at_stage(s, "E", {0: cards("Gondola")}, previous_bonus=0)
    act(s, Play(1))
    for _ in range(3):
        act(s, Pass())
    assert s.step == "gondola"
    legal = s.legal_actions(0)
    sources = {a.source for a in legal}
    assert FROM_GENERAL not in sources and {FROM_PERSONAL, FROM_NOWHERE, 0} <= sources
    vp = s.vp[0]
    slot = next(i for i, pair in enumerate(SLOTS) if 0 not in pair)
    act(s, PlaceGondola(slot, SLOTS[slot][0], 0))  # move the one from district 0
    assert s.vp[0] == vp + 1 and s.council[0][0] == 0 and s.council[SLOTS[slot][0]][0] == 1


def test_both_players_completing_a_bank_in_f_score_five():
    s = four()
    s.round = 1
    here = s.district_now()
    bank = next(b for b, ds in enumerate(BANKS) if here in ds)
    for p in (0, 1):
        for d in BANKS[bank]:
            if d != here:
                s.council[d][p] = 1
    vp = list(s.vp)
    at_stage(s, "F", {0: cards("Councilman"), 1: cards("Councilman")}, previous_bonus=0)
    act(s, Play(1))
    act(s, Play(1))
    act(s, Pass())
    act(s, Pass())
    assert s.banks[bank] == [0, 1]
    assert s.vp[0] == vp[0] + BANK_BONUS and s.vp[1] == vp[1] + BANK_BONUS


def test_green_buildings_raise_the_limit_and_discards_are_private():
    s = new(3, seed=4)
    while s.step == "start":
        act(s, s.legal_actions(s.to_move()[0])[0])
    first = s.to_move()[0]
    s.buildings[first] = [[GREEN, 2, 0, 0], [GREEN, 4, 0, 0]]
    s.coins[first] = 2
    while s.step == "rows":
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert s.to_move() == (first,)
    act(s, UseGreen(2))
    act(s, UseGreen(4, None))  # three from the pile
    assert s.hand_limit(first) == 7 + 1 + 2
    assert len(s.hands[first]) == 8 + 3
    while s.to_move() != (first,) or s.step != "discard":
        act(s, s.legal_actions(s.to_move()[0])[0])
    card = s.hands[first][0]
    events = s.apply(first, Discard(card))
    other = (first + 1) % 3
    assert events[0].text_for(first).endswith(CARD_NAMES[card])
    assert events[0].text_for(other).endswith("discards a card")
    assert len(s.hands[first]) == 10 and (s.step, s.to_move()) != ("discard", (first,))


def test_an_empty_draw_pile_takes_in_every_discard_pile():
    s = four()
    s.discards[0] = cards("3 Gold")
    s.discards[4] = cards("Doge")
    s.deck = []
    drawn = s._draw_many(5)
    assert sorted(drawn) == cards("3 Gold", "Doge")
    assert all(not pile for pile in s.discards) and s.deck == []


def test_the_districts_have_four_neighbours_each():
    for d in range(len(DISTRICTS)):
        assert sum(1 for pair in SLOTS if d in pair) == 4
    assert len(set(SLOTS)) == 12
