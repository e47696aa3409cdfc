"""The worked examples of shared/rules/rialto.md §8, each played through the rules (E1–E14), and
the effective-count table of §5.7."""

from __future__ import annotations

import itertools

import pytest

from boardgames_tui.rules.core import IllegalAction, Pass
from boardgames_tui.rules.rialto.actions import (
    FROM_PERSONAL,
    Build,
    PlaceBridge,
    PlaceGondola,
    Play,
    UseBlue,
    UseGreen,
)
from boardgames_tui.rules.rialto.data import (
    BLUE,
    BRIDGE,
    DISTRICTS,
    GOLD,
    GREEN,
    JOKER,
    SLOTS,
    YELLOW,
)
from boardgames_tui.rules.rialto.reckoning import (
    effective_count,
    marker_slot,
    rank_points,
    ranking,
    supply_points,
)

from .rialto_helpers import D, act, at_stage, cards, new, set_doge, slot_of

# -- E6 and the effective-count table (§5.7) --------------------------------------------------


def spec_count(real: int, jokers: int, y2: int, y4: int, y3: int, holds: bool) -> int | None:
    """§5.7 in words: with a card of the kind (real or turned by Yellow 2/4), every Joker and
    Yellow 3 adds one; without one, two wild cards stand for a card the player does not hold and
    each further one adds one; one wild card alone, or nothing, is no play."""
    cards_of_kind = real + y2 + 2 * y4
    wild = jokers + y3
    if cards_of_kind:
        return cards_of_kind + wild
    if wild < 2 or holds:
        return None
    return wild - 1


@pytest.mark.parametrize(
    "real,jokers,y2,y4,y3,holds",
    [
        combo
        for combo in itertools.product(range(3), range(4), range(2), range(2), range(2), (False, True))
        if not (combo[0] and not combo[5])  # playing a card of the kind means holding one
    ],
)
def test_effective_count_table(real, jokers, y2, y4, y3, holds):
    assert effective_count(real, jokers, y2, y4, y3, holds) == spec_count(real, jokers, y2, y4, y3, holds)


@pytest.mark.parametrize(
    "play,holds,expected",
    [
        ((0, 3, 0, 0, 0), False, 2),  # P1: 3 Jokers, no Gold held
        ((0, 2, 0, 0, 0), False, 1),  # P1 alternative: 2 Jokers
        ((1, 1, 0, 0, 0), True, 2),  # P2: Gold + Joker
        ((0, 1, 0, 0, 0), False, None),  # P3: a lone Joker
        ((0, 1, 0, 0, 1), False, 1),  # P3 alternative: Yellow 3 + Joker, no Gold held
        ((2, 2, 0, 0, 1), True, 5),  # P4: 2 Gold + Yellow 3 + 2 Jokers
        ((0, 1, 0, 1, 0), False, 3),  # P5: Yellow 4 on a Doge card + Joker
        ((0, 2, 0, 0, 0), True, None),  # P6: 2 Jokers while holding a Gold card
        ((0, 0, 0, 0, 1), False, None),  # a lone Yellow 3
        ((0, 0, 0, 0, 2), False, None),  # two Yellow 3s and no card from the hand: no play
        ((0, 1, 0, 0, 2), False, 2),  # two Yellow 3s beside a Joker card
    ],
)
def test_e6_joker_arithmetic(play, holds, expected):
    assert effective_count(*play, holds) == expected


def test_e6_in_stage_b():
    """E6 played out: P4's 5 wins the bonus and 6 coins, net +5 after Yellow 3's coin; the lone
    Joker and the Joker pair over a held Gold card are refused with a reason and change nothing."""
    s = new(4, seed=3)
    s.ring = [0, 1, 2, 3]
    set_doge(s, [0, 1, 2, 3])
    s.buildings[1] = [[YELLOW, 3, 0, 0]]
    s.coins = [0, 2, 0, 0]
    s.general_coins = 28
    at_stage(
        s,
        "B",
        {
            0: cards("Joker"),
            1: cards("2 Gold", "2 Joker"),
            2: cards("Gold", "2 Joker"),
            3: cards("Gold", "Joker"),
        },
        previous_bonus=0,
    )
    before = s.snapshot()
    with pytest.raises(IllegalAction, match="Joker cannot be played on its own"):
        act(s, Play(0, 1))
    assert s.snapshot() == before
    act(s, Pass())
    act(s, Play(2, 2, extra=1))
    with pytest.raises(IllegalAction, match="do not hold"):
        act(s, Play(0, 2))
    act(s, Play(1, 1))
    act(s, Play(1, 1))
    assert s.coins[1] == 2 - 1 + 6
    assert s.coins[2] == 2 and s.coins[3] == 2
    assert s.stage == 2 and s.stage_start == 1  # stage C starts with the bonus winner


# -- E1, E14: district ranks ------------------------------------------------------------------


def test_e1_district_ranks_with_doge_tie_break():
    red, blue, green, yellow, white = range(5)
    counts = [5, 3, 3, 1, 0]
    order = [red, green, blue, yellow, white]  # Green ahead of Blue on the Doge track
    ranked = ranking(counts, order)
    assert ranked == [red, green, blue, yellow]
    assert rank_points(12, ranked) == {red: 12, green: 6, blue: 3, yellow: 1}


def test_e14_rulebook_district_example():
    s = new(5)
    san_polo = D["San Polo"]
    neighbours = [i for i, pair in enumerate(SLOTS) if san_polo in pair]
    for slot, value, kind in zip(neighbours, (5, 4, 1, 1), (0, 0, 1, 1)):
        a, _ = SLOTS[slot]
        s.slots[slot] = [kind, value, 9, 0] if a == san_polo else [kind, 9, value, 0]
    from boardgames_tui.rules.rialto.reckoning import district_value

    assert district_value(s.slots, san_polo) == 11
    assert list(rank_points(11, [0, 1, 2, 3, 4]).values()) == [11, 5, 2, 1, 0]


# -- E3: above 4 and the 7 limit --------------------------------------------------------------


def test_e3_building_above_four_and_the_seven_limit():
    s = new(3, seed=5)
    s.ring = [0, 1, 2]
    set_doge(s, [0, 1, 2])
    s.buildings[0] = [
        [GREEN, 1, 0, 0],
        [GREEN, 2, 0, 0],
        [YELLOW, 1, 0, 0],
        [YELLOW, 2, 0, 0],
        [BLUE, 1, 0, 0],
        [BLUE, 2, 0, 0],
    ]
    vp = s.vp[0]
    at_stage(s, "C", {0: cards("4 Building", "Joker")}, previous_bonus=0)
    act(s, Play(4, 1))
    act(s, Pass())
    act(s, Pass())
    assert s.step == "build" and s.to_move() == (0,)
    # the first building of an allowance of 6 is a value-4 one
    assert s.build == {"allowance": 6, "first": 1}
    act(s, Build(BLUE, 4))
    assert len(s.buildings[0]) == 7 and s.build == {"allowance": 2, "first": 0}
    legal = s.legal_actions(0)
    assert Build(YELLOW, 3, GREEN, 1) not in legal  # the second is worth at most 2
    with pytest.raises(IllegalAction, match="return a building"):
        act(s, Build(YELLOW, 2))  # an 8th needs room made
    act(s, Build(YELLOW, 2, GREEN, 1))
    assert s.vp[0] == vp + 1
    assert sorted((b[0], b[1]) for b in s.buildings[0]) == sorted(
        [(GREEN, 2), (YELLOW, 1), (YELLOW, 2), (YELLOW, 2), (BLUE, 1), (BLUE, 2), (BLUE, 4)]
    )
    assert s.stage == 3  # on to stage D


def test_without_a_value_four_in_stock_the_highest_comes_first():
    s = new(3, seed=5)
    s.ring = [0, 1, 2]
    set_doge(s, [0, 1, 2])
    for colour in range(3):
        s.stock[colour][3] = 0
    at_stage(s, "C", {0: cards("5 Building")}, previous_bonus=0)
    act(s, Play(5))
    act(s, Pass())
    act(s, Pass())
    act(s, Build(GREEN, 3))  # allowance 6, the highest in stock is 3
    assert s.build == {"allowance": 3, "first": 0}
    act(s, Build(YELLOW, 3))
    assert s.stage == 3


# -- E4: the Bridge stage ---------------------------------------------------------------------


def test_e4_bridge_stage_with_a_tie_and_the_penalty():
    a, b, c = 0, 1, 2
    s = new(3, seed=7)
    s.ring = [a, b, c]
    set_doge(s, [b, a, c])
    s.bridges = [[6, 3], [4, 5]]
    s.vp = [10, 10, 10]
    at_stage(
        s, "D", {a: cards("2 Bridge"), b: cards("Bridge"), c: cards("Bridge", "Joker")}, previous_bonus=a
    )
    assert s.to_move() == (a,)  # A won stage C's bonus
    act(s, Play(2))
    act(s, Pass())
    act(s, Play(1, 1))
    assert s.bonus == a  # tied at 2 with C, ahead in Doge order
    # B has resolved (−1); A's turn to place the bridge, C still to come
    assert s.vp[b] == 9 and s.vp[a] == 13 and s.vp[c] == 10
    assert s.step == "bridge" and s.to_move() == (a,)
    slot = slot_of("San Marco", "San Polo")
    first, _ = SLOTS[slot]
    swap = first == D["San Polo"]  # the 6 faces San Polo
    act(s, PlaceBridge(slot, not swap, (6, 3)))
    faces = s.slots[slot]
    assert faces is not None
    facing = {SLOTS[slot][0]: faces[1], SLOTS[slot][1]: faces[2]}
    assert facing[D["San Polo"]] == 6 and facing[D["San Marco"]] == 3
    assert s.vp[c] == 12
    assert s.bridges == [[4, 5]]
    assert s.stage == 4 and s.to_move() == (a,)  # stage E starts with A


def test_bridge_penalty_when_nobody_plays_and_vp_never_below_zero():
    s = new(3, seed=2)
    s.ring = [0, 1, 2]
    set_doge(s, [0, 1, 2])
    s.vp = [0, 1, 5]
    at_stage(s, "D", {0: [], 1: [], 2: []}, previous_bonus=None, previous_start=1)
    assert s.to_move() == (1,)
    for _ in range(3):
        act(s, Pass())
    assert s.vp == [0, 0, 4]


# -- E5: the Gondola stage --------------------------------------------------------------------


def test_e5_gondola_shortfall_and_placement_bonus():
    red = 0
    s = new(3, seed=9)
    s.ring = [0, 1, 2]
    set_doge(s, [0, 1, 2])
    s.general[red], s.personal[red] = 1, 2
    s.council[D["Santa Croce"]][red] = 1
    s.council[D["San Polo"]][red] = 1
    vp = s.vp[red]
    at_stage(s, "E", {red: cards("3 Gondola")}, previous_bonus=red)
    act(s, Play(3))
    act(s, Pass())
    act(s, Pass())
    assert s.personal[red] == 3 and s.general[red] == 0 and s.vp[red] == vp + 2
    assert s.step == "gondola"
    slot = slot_of("Dorsoduro", "Santa Croce")
    legal = s.legal_actions(red)
    assert all(a.source != -1 for a in legal)  # nothing left in the general supply
    act(s, PlaceGondola(slot, D["Dorsoduro"], FROM_PERSONAL))
    assert s.personal[red] == 2 and s.council[D["Dorsoduro"]][red] == 1
    # +1 for the missing councilman, and the south bank's 5: all three districts there
    assert s.vp[red] == vp + 3 + 5
    assert s.banks[1] == [red]
    tile = s.slots[slot]
    assert tile is not None and tile[0] == 1 and tile[1:3] == [1, 1]


# -- E8: Blue 3 -------------------------------------------------------------------------------


def test_e8_blue_doge_advance_by_rank():
    p1, p2, p3 = 0, 1, 2
    s = new(3, seed=4)
    set_doge(s, [p1, p2, p3], spaces=[5, 4, 4])
    s.buildings[p3] = [[BLUE, 3, 0, 0]]
    s.coins[p3] = 1
    s.round = 1
    s._start_blues()
    assert s.step == "blue" and s.to_move() == (p3,)
    act(s, UseBlue(3))
    assert s.doge_pos[p3] == 7
    assert s.order() == [p3, p1, p2]


# -- E9: Phase I hand size --------------------------------------------------------------------


def test_e9_phase_one_hand_size():
    s = new(3, seed=11)
    for _ in range(3):
        act(s, s.legal_actions(s.to_move()[0])[0])  # starting buildings
    assert s.step == "rows"
    first = s.to_move()[0]
    # give the first player two carried-over cards and a Green 3 with a coin
    s.hands[first] = cards("Gold", "Doge")
    s.buildings[first] = [[GREEN, 3, 0, 0]]
    s.coins[first] = 1
    row = 0
    act(s, s.legal_actions(first)[row])
    assert len(s.hands[first]) == 10
    while s.step == "rows":
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert s.step == "green" and s.to_move() == (first,)
    leftover = s.leftover()
    act(s, UseGreen(3, leftover[0]))
    assert len(s.hands[first]) == 11
    assert s.hand_limit(first) == 8
    while s.step == "discard" and s.to_move() == (first,) or s.step == "green":
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert len(s.hands[first]) == 8


# -- E10: final score -------------------------------------------------------------------------


def test_e10_final_score_and_tie_break():
    a, b, c = 0, 1, 2
    s = new(3, seed=6)
    set_doge(s, [b, a, c])
    s.vp = [38, 40, 10]
    s.coins = [3, 2, 0]
    s.personal = [4, 2, 0]
    s.buildings = [
        [[BLUE, 4, 0, 0], [GREEN, 2, 0, 0], [YELLOW, 1, 0, 0]],
        [[BLUE, 4, 0, 0], [GREEN, 4, 0, 0], [YELLOW, 1, 0, 0]],
        [],
    ]
    # Cannaregio worth 21 to A alone; San Marco worth 19 to B alone (other districts: nobody)
    can, sm = D["Cannaregio"], D["San Marco"]
    faces = {slot_of("Cannaregio", "San Marco"): (6, 4)}
    for slot, value in zip(
        [slot_of("Cannaregio", x) for x in ("Castello", "Santa Croce", "San Polo")], (5, 5, 5)
    ):
        faces[slot] = (value, 3)
    for slot in [slot_of("San Marco", x) for x in ("Castello", "San Polo", "Dorsoduro")]:
        faces[slot] = (5, 3)
    for slot, (x, y) in faces.items():
        s.slots[slot] = [0, x, y, 0]
    s.council = [[0] * 3 for _ in DISTRICTS]
    s.council[can][a] = 2
    s.council[sm][b] = 1
    s.round = 6
    s._final_scoring()
    assert supply_points(3, 4) == 4 and supply_points(2, 2) == 2
    rows = s.final["rows"]
    assert rows[a] == {"track": 38, "supply": 4, "buildings": 7, "districts": 21}
    assert rows[b] == {"track": 40, "supply": 2, "buildings": 9, "districts": 19}
    standings = s.standings()
    assert [r.total for r in standings.rows[:2]] == [70, 70]
    assert standings.rows[0].seat == b and standings.rows[0].winner
    assert not standings.rows[1].winner
    assert standings.note == "P1 and P0 have 70 VP; P1 is ahead on the Doge track."


# -- E12: no bonus, then who starts ------------------------------------------------------------


def test_e12_nobody_plays_and_the_start_player_stays():
    s = new(3, seed=8)
    s.ring = [0, 1, 2]
    set_doge(s, [0, 1, 2])
    at_stage(s, "C", {0: cards("Building"), 1: [], 2: []}, previous_bonus=2)
    assert s.to_move() == (2,)
    for _ in range(3):
        act(s, Pass())
    assert s.stage == BRIDGE and s.stage_start == 2 and s.to_move() == (2,)


# -- E13: the virtual player --------------------------------------------------------------------

# District k shows round tile k: 1 borders 2, 3, 4 and 6; 2 borders 1, 3, 5 and 6 (with the table).
E13_NUMBERS = {
    "Cannaregio": 1,
    "San Marco": 2,
    "Castello": 3,
    "Santa Croce": 4,
    "Dorsoduro": 5,
    "San Polo": 6,
}


def e13_state():
    s = new(2, seed=12, virtual_player="on")
    v = s.V
    assert s.ring[0] == v and s.order()[0] == v  # it starts, its disc on top
    h1, h2 = s.ring[1], s.ring[2]
    assert (s.coins[h1], s.coins[h2]) == (1, 2)
    assert s.order() == [v, h1, h2]
    s.number = [E13_NUMBERS[d.name] for d in DISTRICTS]
    s.marker = marker_slot(s.slots, s.number)
    return s, v, h1, h2


def test_e13_virtual_player_round():
    s, v, h1, h2 = e13_state()
    assert s.marker == slot_of("Cannaregio", "San Marco")  # slot 1–2
    s.round = 1
    s.hands[v] = cards("2 Doge", "Building", "Gondola", "Councilman", "2 Joker")
    at_stage(s, "A", {h1: cards("Doge", "Bridge"), h2: cards("Gondola")})
    assert s.to_move() == (h1,)  # the virtual player has played its 2 Doge cards already
    act(s, Play(1))
    act(s, Pass())
    assert s.doge_pos[v] == 3 and s.doge_pos[h1] == 1 and s.order() == [v, h1, h2]
    # B: nobody plays (the virtual player holds no Gold); C: the virtual player's Building wins
    act(s, Pass())
    act(s, Pass())
    assert s.stage == 2
    act(s, Pass())
    act(s, Pass())
    assert s.stage == BRIDGE and s.stage_start == v
    # D: H1's Bridge wins; it builds on the marked slot, and the marker moves to 1–3
    act(s, Play(1))
    act(s, Pass())
    slot = slot_of("Cannaregio", "San Marco")
    act(s, PlaceBridge(slot, False, tuple(s.bridges[0])))
    assert s.marker == slot_of("Cannaregio", "Castello")
    # E: H2 1 Gondola ties the virtual player's 1; the virtual player is ahead and wins
    assert s.stage == 4
    general = s.general[h2]
    act(s, Pass())  # H1 (the stage starts with H1, D's bonus winner)
    act(s, Play(1))  # H2
    assert s.stage_start == v  # F starts with E's bonus winner
    assert s.general[h2] == general - 1 and s.personal[h2] == 6
    gondola = s.slots[slot_of("Cannaregio", "Castello")]
    assert gondola is not None and gondola[0] == 1
    assert s.council[D["Cannaregio"]][v] == 1 and s.council[D["Castello"]][v] == 1
    assert s.marker == slot_of("Cannaregio", "Santa Croce")  # 1–4
    # F: its Councilman card and two Jokers count 3
    assert s.stage == 5
    while s.stage == 5:
        act(s, Pass())
    # round 1's district is Cannaregio, where the gondola's councilman already stood; the
    # humans passed, so the virtual player's count of 3 also wins the bonus councilman
    assert s.council[D["Cannaregio"]][v] == 1 + 3 + 1
    assert s.hands[v] == []


def test_e13_virtual_bridge_lower_number_to_lower_district_and_marker_moves():
    s, v, h1, h2 = e13_state()
    s.round = 2
    for slot in (slot_of("Cannaregio", "San Marco"), slot_of("Cannaregio", "Castello")):
        s.slots[slot] = [1, 1, 1, h1]
    s.marker = marker_slot(s.slots, s.number)
    assert s.marker == slot_of("Cannaregio", "Santa Croce")
    s.bridges = [[5, 3]]
    s.hands[v] = cards("Bridge")
    at_stage(s, "D", {h1: [], h2: []}, previous_bonus=v)
    act(s, Pass())
    act(s, Pass())
    tile = s.slots[slot_of("Cannaregio", "Santa Croce")]
    assert tile is not None
    facing = dict(zip(SLOTS[slot_of("Cannaregio", "Santa Croce")], tile[1:3]))
    assert facing[D["Cannaregio"]] == 3 and facing[D["Santa Croce"]] == 5
    assert s.marker == slot_of("Cannaregio", "San Polo")  # 1–6
    # no VP for the virtual player's card, −1 for the humans who played no Bridge card
    s.slots[slot_of("Cannaregio", "San Polo")] = [1, 1, 1, h1]
    assert marker_slot(s.slots, s.number) == slot_of("San Marco", "Castello")  # 2–3


def test_e13_final_ranking_counts_the_virtual_player():
    s, v, h1, h2 = e13_state()
    d = D["San Polo"]
    for slot in [i for i, pair in enumerate(SLOTS) if d in pair][:3]:
        a, _ = SLOTS[slot]
        s.slots[slot] = [0, 4, 4, h1] if a == d else [0, 4, 4, h1]
    s.slots[[i for i, pair in enumerate(SLOTS) if d in pair][3]] = None
    s.council = [[0, 0, 0] for _ in DISTRICTS]
    s.council[d][v] = 4
    s.council[d][h1] = 3
    s.round = 6
    s._final_scoring()
    assert s.final["districts"][d]["value"] == 12
    assert s.final["rows"][h1]["districts"] == 6  # 2nd behind the virtual player: half of 12
    assert s.final["rows"][h2]["districts"] == 0


def test_virtual_player_scores_nothing_and_its_gold_goes_nowhere():
    s, v, h1, h2 = e13_state()
    s.round = 1
    s.hands[v] = cards("2 Gold")
    coins = list(s.coins)
    at_stage(s, "B", {h1: [], h2: []}, previous_bonus=v)
    act(s, Pass())
    act(s, Pass())
    assert s.coins == coins and len(s.vp) == 2
    assert s.stage == 2 and s.stage_start == v
    assert GOLD not in s.hands[v] and JOKER not in s.hands[v]
