"""St. Petersburg checked section by section against shared/rules/st_petersburg.md.

Scenarios the other St. Petersburg test files leave open (see their names): each test names the
spec section, ruling (§7 #n) or example it checks. Positions are set directly on a state, moves go
through legal_actions / allows / apply, and outcomes are read from the state, its view and its
standings.
"""

from __future__ import annotations

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.core import IllegalAction
from boardgames_tui.rules.st_petersburg.actions import (
    Buy,
    ObservatoryBuy,
    ObservatoryDiscard,
    ObservatoryToHand,
    Pass,
    Play,
    PubBuy,
    TakeToHand,
    UseObservatory,
)
from boardgames_tui.rules.st_petersburg.data import CARDS, PHASES

from .test_st_petersburg_examples import buys, make_state, pass_all, plays

GAME = registry.get("st_petersburg")
PHASE_OF_FACE = {"green": "worker", "blue": "building", "orange": "aristocrat"}
BUILDINGS = {k for k, c in CARDS.items() if c.deck == "building"}
ARISTOCRATS = {k for k, c in CARDS.items() if c.deck == "aristocrat"}

# §2.3, the card table as printed: key -> (deck, face, count, price, ₽, ★)
TABLE = {
    "lumberjack": ("worker", "green", 6, 3, 3, 0),
    "gold_miner": ("worker", "green", 6, 4, 3, 0),
    "shepherd": ("worker", "green", 6, 5, 3, 0),
    "fur_trapper": ("worker", "green", 6, 6, 3, 0),
    "ship_builder": ("worker", "green", 6, 7, 3, 0),
    "czar_and_carpenter": ("worker", "green", 1, 8, 3, 0),
    "market": ("building", "blue", 5, 5, 0, 1),
    "customs_house": ("building", "blue", 5, 8, 0, 2),
    "firehouse": ("building", "blue", 3, 11, 0, 3),
    "hospital": ("building", "blue", 3, 14, 0, 4),
    "library": ("building", "blue", 3, 17, 0, 5),
    "theater": ("building", "blue", 2, 20, 0, 6),
    "academy": ("building", "blue", 1, 23, 0, 7),
    "potjomkins_village": ("building", "blue", 1, 2, 0, 0),
    "pub": ("building", "blue", 2, 1, 0, 0),
    "warehouse": ("building", "blue", 1, 2, 0, 0),
    "observatory": ("building", "blue", 2, 6, 0, 1),
    "author": ("aristocrat", "orange", 6, 4, 1, 0),
    "administrator": ("aristocrat", "orange", 5, 7, 2, 0),
    "warehouse_manager": ("aristocrat", "orange", 5, 10, 3, 0),
    "secretary": ("aristocrat", "orange", 4, 12, 4, 0),
    "controller": ("aristocrat", "orange", 3, 14, 4, 1),
    "judge": ("aristocrat", "orange", 2, 16, 5, 2),
    "mistress_of_ceremonies": ("aristocrat", "orange", 2, 18, 6, 3),
    "carpenter_workshop": ("trading", "green", 1, 4, 3, 0),
    "gold_smelter": ("trading", "green", 1, 6, 3, 0),
    "weaving_mill": ("trading", "green", 2, 8, 6, 0),
    "fur_shop": ("trading", "green", 3, 10, 3, 2),
    "wharf": ("trading", "green", 3, 12, 6, 1),
    "mariinskij_theater": ("trading", "blue", 1, 10, 0, 0),
    "bank": ("trading", "blue", 1, 13, 5, 1),
    "peterhof": ("trading", "blue", 1, 14, 4, 2),
    "st_isaacs_cathedral": ("trading", "blue", 1, 15, 3, 3),
    "church_of_resurrection": ("trading", "blue", 1, 16, 2, 4),
    "harbor": ("trading", "blue", 1, 16, 5, 2),
    "catherine_palace": ("trading", "blue", 1, 17, 1, 5),
    "smolny_cathedral": ("trading", "blue", 1, 17, 4, 3),
    "hermitage": ("trading", "blue", 1, 18, 3, 4),
    "winter_palace": ("trading", "blue", 1, 19, 2, 5),
    "pope": ("trading", "orange", 1, 6, 1, 1),
    "chamber_maid": ("trading", "orange", 1, 8, 0, 2),
    "weapon_master": ("trading", "orange", 1, 8, 4, 0),
    "builder": ("trading", "orange", 1, 10, 5, 0),
    "senator": ("trading", "orange", 1, 12, 2, 2),
    "patriarch": ("trading", "orange", 1, 16, 0, 4),
    "tax_man": ("trading", "orange", 1, 17, 0, 0),
    "admiral": ("trading", "orange", 1, 18, 3, 3),
    "minister_of_foreign_affairs": ("trading", "orange", 1, 20, 2, 4),
    "czar": ("trading", "orange", 1, 24, 0, 6),
}
# §2.3 / §5.2: the worker each green trading card replaces (besides the Czar and Carpenter)
GREEN_PAIRS = {
    "carpenter_workshop": "lumberjack",
    "gold_smelter": "gold_miner",
    "weaving_mill": "shepherd",
    "fur_shop": "fur_trapper",
    "wharf": "ship_builder",
}
WORKERS = ["lumberjack", "gold_miner", "shepherd", "fur_trapper", "ship_builder", "czar_and_carpenter"]


def act(st, seat, action):
    """Apply a move that must be legal: listed by legal_actions and allowed, for the mover."""
    assert st.to_move() == (seat,)
    assert action in st.legal_actions(seat)
    assert st.allows(seat, action)
    return st.apply(seat, action)


def refused(st, seat, action):
    before = st.snapshot()
    assert not st.allows(seat, action)
    with pytest.raises(IllegalAction):
        st.apply(seat, action)
    assert st.snapshot() == before


def final_row(st, seat):
    st.step = "over"
    st.active = None
    return next(r for r in st.standings().rows if r.seat == seat)


# ---------------------------------------------------------------------------- §2.3 card table
@pytest.mark.parametrize("key", sorted(TABLE))
def test_s2_3_card_table_row(key):
    deck, face, count, price, rubles, points = TABLE[key]
    card = CARDS[key]
    assert (card.deck, card.face, card.count, card.price, card.rubles, card.points) == TABLE[key]
    # the income is paid at the scoring of the card's face colour, and at no other
    st = make_state(areas=[[key], []])
    for phase in ("worker", "building", "aristocrat"):
        expected = (rubles, points) if phase == PHASE_OF_FACE[face] else (0, 0)
        assert st.income(0, phase) == expected
    # the printed price, through a buy from the upper row (a trading card over its cheapest target)
    if deck != "trading":
        st = make_state(upper=[key], rubles=[99, 0])
        assert buys(st, 0, key) == [Buy("upper", 0, key, price)]
        return
    target = {"green": GREEN_PAIRS.get(key), "blue": "pub", "orange": "author"}[face]
    st = make_state(phase="trading", upper=[key], areas=[[target], []], rubles=[99, 0])
    expected_price = max(1, price - CARDS[target].price)
    assert buys(st, 0, key) == [Buy("upper", 0, key, expected_price, target)]


def test_s2_4_every_stack_holds_the_table_counts():
    st = GAME.new(["Ann", "Bob", "Cleo", "Dan"], 3)
    cards = [c for stack in st.stacks.values() for c in stack] + st.upper
    for key, (deck, _face, count, *_rest) in TABLE.items():
        assert cards.count(key) == count, key
        place = st.stacks[deck] + (st.upper if deck == "worker" else [])
        assert place.count(key) == count, key
    assert len(cards) == 116


# ---------------------------------------------------------------------------- §5.2 who replaces what
@pytest.mark.parametrize("trading_card", sorted(GREEN_PAIRS))
def test_s5_2_green_trading_card_replaces_its_icon_or_the_czar_only(trading_card):
    st = make_state(phase="trading", upper=[trading_card], areas=[WORKERS, []], rubles=[99, 0])
    assert {a.replace for a in buys(st, 0, trading_card)} == {
        GREEN_PAIRS[trading_card],
        "czar_and_carpenter",
    }


def test_s5_2_both_targets_offered_at_their_own_price():
    # Weaving Mill (8) over a Shepherd (5) costs 3, over the Czar and Carpenter (8) costs 1 (§5.9)
    st = make_state(phase="trading", upper=["weaving_mill"], areas=[["shepherd", "czar_and_carpenter"], []])
    assert {a.replace: a.price for a in buys(st, 0, "weaving_mill")} == {
        "shepherd": 3,
        "czar_and_carpenter": 1,
    }
    act(st, 0, Buy("upper", 0, "weaving_mill", 1, "czar_and_carpenter"))
    assert st.areas[0] == ["shepherd", "weaving_mill"] and st.discard[-1] == "czar_and_carpenter"


@pytest.mark.parametrize("building", sorted(BUILDINGS))
def test_s5_2_blue_trading_card_replaces_any_building(building):
    st = make_state(phase="trading", upper=["hermitage"], areas=[[building], []], rubles=[99, 0])
    value = 6 if building == "potjomkins_village" else CARDS[building].price
    assert buys(st, 0, "hermitage") == [Buy("upper", 0, "hermitage", max(1, 18 - value), building)]


@pytest.mark.parametrize("aristocrat", sorted(ARISTOCRATS))
def test_s5_2_orange_trading_card_replaces_any_aristocrat(aristocrat):
    st = make_state(phase="trading", upper=["czar"], areas=[[aristocrat], []], rubles=[99, 0])
    assert buys(st, 0, "czar") == [Buy("upper", 0, "czar", 24 - CARDS[aristocrat].price, aristocrat)]


def test_s5_2_colours_never_cross():
    # a blue trading card cannot replace a worker or an aristocrat, an orange one no building or
    # worker, a green one no building or aristocrat
    area = ["lumberjack", "author", "market"]
    st = make_state(phase="trading", upper=["bank", "pope", "gold_smelter"], areas=[area, []])
    assert {a.replace for a in buys(st, 0, "bank")} == {"market"}
    assert {a.replace for a in buys(st, 0, "pope")} == {"author"}
    assert buys(st, 0, "gold_smelter") == []
    refused(st, 0, Buy("upper", 0, "bank", 10, "lumberjack"))
    refused(st, 0, Buy("upper", 1, "pope", 1, "market"))
    refused(st, 0, Buy("upper", 2, "gold_smelter", 1, "lumberjack"))


def test_s5_2_trading_card_played_from_hand_replaces_and_discards():
    # "The same applies whether the trading card is bought from the display or played from hand"
    st = make_state(phase="worker", hands=[["admiral"], []], areas=[["judge", "author"], []])
    assert {a.replace: a.price for a in plays(st, 0, "admiral")} == {"judge": 2, "author": 14}
    act(st, 0, Play("admiral", 2, "judge"))
    assert st.areas[0] == ["admiral", "author"] and st.hands[0] == []
    assert st.discard[-1] == "judge" and st.rubles[0] == 23


# ---------------------------------------------------------------------------- §5.1 / §5.3 prices
def test_s5_1_workshop_and_smelter_touch_only_their_own_colour():
    area = ["carpenter_workshop", "gold_smelter"]
    st = make_state(upper=["shepherd", "market", "author"], areas=[area, []])
    assert buys(st, 0, "shepherd") == [Buy("upper", 0, "shepherd", 5)]  # green: no discount
    assert buys(st, 0, "market") == [Buy("upper", 1, "market", 4)]  # workshop only
    assert buys(st, 0, "author") == [Buy("upper", 2, "author", 3)]  # smelter only


def test_s5_1_discount_applies_only_once_the_workshop_is_in_the_play_area():
    # buying the Carpenter Workshop over a Lumberjack, then a Market at once costs 1 less
    st = make_state(phase="trading", upper=["carpenter_workshop", "market"], areas=[["lumberjack"], []])
    assert buys(st, 0, "market") == [Buy("upper", 1, "market", 5)]
    act(st, 0, Buy("upper", 0, "carpenter_workshop", 1, "lumberjack"))
    act(st, 1, Pass())
    assert buys(st, 0, "market") == [Buy("upper", 0, "market", 4)]


def test_s5_1_all_reductions_stack_before_the_floor_on_a_trading_card():
    # Pope over an Author with the Gold Smelter: lower row 6 - 1 - 1 - 4 = 0 -> 1 ₽; upper row 6 - 1 - 4 = 1
    st = make_state(phase="trading", lower=["pope"], upper=["pope"], areas=[["gold_smelter", "author"], []])
    assert {(a.row, a.price) for a in buys(st, 0, "pope")} == {("lower", 1), ("upper", 1)}
    # Minister (20) - 1 (lower) - 1 (smelter) - 10 (Warehouse Manager) = 8
    st = make_state(
        phase="trading",
        lower=["minister_of_foreign_affairs"],
        areas=[["gold_smelter", "warehouse_manager"], []],
    )
    assert buys(st, 0, "minister_of_foreign_affairs") == [
        Buy("lower", 0, "minister_of_foreign_affairs", 8, "warehouse_manager")
    ]


def test_s5_3_displacement_is_the_printed_price_not_what_was_paid():
    # A Judge bought for 13 (lower row, Smelter, a Judge already owned) is still worth 16 when the
    # Czar replaces it: 24 - 1 (smelter) - 16 = 7, not 24 - 1 - 13 = 10
    st = make_state(
        phase="aristocrat", lower=["judge"], upper=["czar"], areas=[["gold_smelter", "judge"], []]
    )
    act(st, 0, Buy("lower", 0, "judge", 13))
    act(st, 1, Pass())
    offers = {a.replace: a.price for a in buys(st, 0, "czar")}
    assert offers == {"judge": 7}
    act(st, 0, Buy("upper", 0, "czar", 7, "judge"))
    assert st.areas[0] == ["gold_smelter", "czar", "judge"]
    assert st.rubles[0] == 25 - 13 - 7


def test_s5_1_same_name_discount_counts_trading_cards_of_that_name():
    # two Fur Shops owned: a third over a Fur Trapper costs 10 - 2 - 6 = 2
    st = make_state(phase="trading", upper=["fur_shop"], areas=[["fur_shop", "fur_shop", "fur_trapper"], []])
    assert buys(st, 0, "fur_shop") == [Buy("upper", 0, "fur_shop", 2, "fur_trapper")]


def test_s5_4_potjomkins_village_itself_scores_nothing_and_costs_its_price():
    st = make_state(phase="building", upper=["potjomkins_village"], took=True)
    act(st, 0, Buy("upper", 0, "potjomkins_village", 2))
    pass_all(st)
    assert st.points[0] == 0 and st.rubles[0] == 23


def test_s5_4_village_worth_six_to_the_cheapest_blue_trading_card():
    # Mariinskij (10) over the Village: 10 - 6 = 4; over a Pub: 10 - 1 = 9
    st = make_state(phase="trading", upper=["mariinskij_theater"], areas=[["pub", "potjomkins_village"], []])
    assert {a.replace: a.price for a in buys(st, 0, "mariinskij_theater")} == {
        "pub": 9,
        "potjomkins_village": 4,
    }


def test_s4_3_no_debt_exact_money_is_enough():
    st = make_state(upper=["ship_builder"], rubles=[7, 0])
    act(st, 0, Buy("upper", 0, "ship_builder", 7))
    assert st.rubles[0] == 0
    st = make_state(upper=["ship_builder"], rubles=[6, 0])
    assert buys(st, 0, "ship_builder") == []
    refused(st, 0, Buy("upper", 0, "ship_builder", 7))


# ---------------------------------------------------------------------------- §4.3 hand
def test_s4_3_cards_in_hand_do_nothing():
    hand = ["warehouse", "carpenter_workshop"]
    st = make_state(phase="building", hands=[hand, []], upper=["market", "library"], took=True)
    # no Warehouse in play: the limit stays 3; no Workshop in play: no blue discount
    assert st.hand_limit(0) == 3 and st.view(0).players[0].hand_limit == 3
    assert buys(st, 0, "library") == [Buy("upper", 1, "library", 17)]
    act(st, 0, TakeToHand("upper", 0, "market"))
    act(st, 1, Pass())
    assert not any(isinstance(a, TakeToHand) for a in st.legal_actions(0))
    # an Observatory, a Pub, an aristocrat and the Tax Man in hand neither act nor pay
    st = make_state(
        phase="building",
        hands=[["observatory", "pub", "judge"], []],
        areas=[["lumberjack"], []],
        rubles=[20, 0],
    )
    assert not any(isinstance(a, UseObservatory) for a in st.legal_actions(0))
    pass_all(st)
    assert st.step == "actions" and st.phase == "aristocrat"  # no Pub step
    pass_all(st)
    assert st.rubles[0] == 20 and st.points[0] == 0  # the Judge in hand paid nothing


def test_s4_3_take_to_hand_is_free_and_any_kind_in_any_phase():
    st = make_state(phase="worker", upper=["academy"], lower=["czar"], rubles=[0, 0])
    act(st, 0, TakeToHand("upper", 0, "academy"))
    act(st, 1, TakeToHand("lower", 0, "czar"))
    assert st.hands == [["academy"], ["czar"]] and st.rubles == [0, 0]
    assert st.view(1).players[0].hand is None  # §4.7: contents secret...
    assert st.view(1).players[0].hand_count == 1  # ...size public


def test_s4_3_hand_play_pays_same_name_and_colour_discounts():
    # §5.1: a hand play pays the formula minus only the lower-row term
    st = make_state(
        phase="aristocrat", hands=[["secretary"], []], areas=[["gold_smelter", "secretary", "secretary"], []]
    )
    assert plays(st, 0, "secretary") == [Play("secretary", 12 - 2 - 1)]


# ---------------------------------------------------------------------------- §4.2 / §4.3 passing, phase flow
def test_s4_4_each_phase_starts_with_its_marker_holder():
    markers = {"worker": 2, "building": 0, "aristocrat": 3, "trading": 1}
    st = make_state(n=4, active=2, markers=markers)
    starters = []
    for phase in PHASES:
        assert st.phase == phase
        starters.append(st.to_move()[0])
        pass_all(st)
    assert starters == [2, 0, 3, 1]
    # next round: every marker one seat on, clockwise
    assert st.markers == {"worker": 3, "building": 1, "aristocrat": 0, "trading": 2}
    assert st.phase == "worker" and st.to_move() == (3,)


@pytest.mark.parametrize(
    ("n", "before", "after"),
    [
        (
            2,
            {"worker": 0, "building": 1, "aristocrat": 0, "trading": 1},
            {"worker": 1, "building": 0, "aristocrat": 1, "trading": 0},
        ),
        (
            3,
            {"worker": 0, "building": 1, "aristocrat": 2, "trading": 2},
            {"worker": 1, "building": 2, "aristocrat": 0, "trading": 0},
        ),
    ],
)
def test_s4_4_markers_rotate_clockwise_with_two_and_three_players(n, before, after):
    st = make_state(n=n, phase="trading", active=before["trading"], markers=before)
    pass_all(st)
    assert st.markers == after and st.round == 2
    assert st.to_move() == (after["worker"],)


def test_s4_3_turn_order_is_clockwise_from_the_starter():
    st = make_state(n=4, active=2, upper=["lumberjack"] * 8)
    order = []
    for _ in range(6):
        seat = st.to_move()[0]
        order.append(seat)
        act(st, seat, buys(st, seat, "lumberjack")[0])
    assert order == [2, 3, 0, 1, 2, 3]


def test_s4_2_phase_needs_passes_from_every_player_in_a_row_four_players():
    st = make_state(n=4, upper=["lumberjack"] * 8)
    for seat in (0, 1, 2):
        act(st, seat, Pass())
    act(st, 3, buys(st, 3, "lumberjack")[0])  # resets the count
    for seat in (0, 1, 2):
        act(st, seat, Pass())
    assert st.phase == "worker" and st.passes == 3
    act(st, 3, Pass())
    assert st.phase == "building"


def test_s5_8_trading_phase_never_scores():
    area = ["bank", "senator", "wharf", "market", "author", "lumberjack", "tax_man", "mariinskij_theater"]
    st = make_state(phase="trading", areas=[area, []], rubles=[10, 10], points=[3, 3])
    pass_all(st)
    assert st.phase == "worker" and st.round == 2
    assert st.rubles == [10, 10] and st.points == [3, 3]


def test_s5_8_every_player_scores_cards_placed_this_phase():
    st = make_state(phase="aristocrat", upper=["judge", "author"], rubles=[30, 30])
    act(st, 0, Buy("upper", 0, "judge", 16))
    act(st, 1, Buy("upper", 0, "author", 4))
    pass_all(st)
    assert st.rubles == [30 - 16 + 5, 30 - 4 + 1] and st.points == [2, 0]


# ---------------------------------------------------------------------------- §4.5 / §4.6 refill
def test_s4_6_playing_from_hand_is_not_taking_a_card():
    st = make_state(upper=["lumberjack", "gold_miner"], hands=[["shepherd"], []])
    act(st, 0, Play("shepherd", 5))
    pass_all(st)
    assert st.phase == "building"
    assert st.upper == ["lumberjack", "gold_miner"] and len(st.stacks["building"]) == 28


def test_s4_6_option_off_deals_after_a_hand_play_only_phase():
    st = make_state(
        options={"skip_refill_if_nothing_taken": "off"},
        upper=["lumberjack", "gold_miner"],
        hands=[["shepherd"], []],
    )
    act(st, 0, Play("shepherd", 5))
    pass_all(st)
    assert len(st.upper) == 8 and st.upper[-2:] == ["lumberjack", "gold_miner"]
    assert all(c in BUILDINGS for c in st.upper[:6])


@pytest.mark.parametrize("row", ["upper", "lower"])
@pytest.mark.parametrize("how", ["buy", "take"])
def test_s4_6_a_buy_or_take_from_either_row_counts_as_taking(row, how):
    st = make_state(**{row: ["lumberjack", "gold_miner"]})
    if how == "buy":
        act(st, 0, buys(st, 0, "lumberjack")[0])
    else:
        act(st, 0, TakeToHand(row, 0, "lumberjack"))
    pass_all(st)
    assert len(st.upper) + len(st.lower) == 8
    assert len(st.stacks["building"]) == 28 - 7


def test_s4_6_applies_in_every_scoring_phase_and_as_often_as_it_happens():
    st = make_state(upper=["lumberjack", "gold_miner", "shepherd"])
    act(st, 0, Buy("upper", 0, "lumberjack", 3))
    pass_all(st)  # worker phase: a card was taken -> 6 buildings
    assert st.phase == "building" and len(st.upper) == 8
    upper = list(st.upper)
    pass_all(st)  # building phase: nothing taken, display full anyway -> nothing
    assert st.phase == "aristocrat" and st.upper == upper
    act(st, 0, Buy("upper", 0, upper[0], buys(st, 0, upper[0])[0].price))
    act(st, 1, TakeToHand("upper", 0, upper[1]))
    act(st, 0, Pass())
    act(st, 1, Pass())  # aristocrat phase: taken -> 2 trading cards
    assert st.phase == "trading" and len(st.upper) == 8
    assert all(CARDS[c].deck == "trading" for c in st.upper[:2])
    # building phase of a later turn: nothing taken with room on the display -> no aristocrats
    st = make_state(phase="building", upper=["market"], took=False)
    pass_all(st)
    assert st.phase == "aristocrat" and st.upper == ["market"] and len(st.stacks["aristocrat"]) == 27
    # aristocrat phase: nothing taken -> no trading cards
    pass_all(st)
    assert st.phase == "trading" and st.upper == ["market"] and len(st.stacks["trading"]) == 30


def test_s4_5_leftover_upper_cards_keep_full_price_then_move_down():
    st = make_state(phase="aristocrat", upper=["fur_trapper"], lower=["market"], rubles=[30, 30])
    assert buys(st, 0, "fur_trapper") == [Buy("upper", 0, "fur_trapper", 6)]
    pass_all(st)
    assert st.phase == "trading"
    assert buys(st, 0, "fur_trapper") == [Buy("upper", 0, "fur_trapper", 6)]
    pass_all(st)
    # round end: the lower row is discarded, the upper moves down (1 ₽ cheaper), workers fill to 8
    assert st.discard[-1] == "market"
    assert st.lower == ["fur_trapper"] and len(st.upper) == 7
    assert all(CARDS[c].deck == "worker" for c in st.upper)
    seat = st.to_move()[0]
    assert buys(st, seat, "fur_trapper")[-1] == Buy("lower", 0, "fur_trapper", 5)


def test_s3_three_player_first_refill_fills_to_eight():
    st = GAME.new(["Ann", "Bob", "Cleo"], 21)
    assert len(st.upper) == 6
    first = st.to_move()[0]
    act(st, first, TakeToHand("upper", 0, st.upper[0]))
    pass_all(st, 3)
    assert st.phase == "building"
    assert len(st.upper) == 8 and sum(1 for c in st.upper if c in BUILDINGS) == 3


# ---------------------------------------------------------------------------- §5.5 Pub
def test_s4_2_pub_comes_after_building_scoring_and_can_spend_its_income():
    # Pub + Bank (5 ₽ at building scoring) with 0 ₽ before: the Pub may buy 2 ★ with that money
    st = make_state(phase="building", areas=[["pub", "bank", "market"], []], rubles=[0, 0])
    pass_all(st)
    assert st.step == "pub" and st.rubles[0] == 5 and st.points[0] == 2
    assert st.legal_actions(0) == [PubBuy(0, 0), PubBuy(1, 2), PubBuy(2, 4)]
    act(st, 0, PubBuy(2, 4))
    assert st.rubles[0] == 1 and st.points[0] == 4 and st.phase == "aristocrat"


def test_s4_2_mariinskij_pays_before_the_pub():
    st = make_state(
        phase="building", areas=[["pub", "mariinskij_theater", "author", "judge", "pope"], []], rubles=[1, 0]
    )
    pass_all(st)
    assert st.rubles[0] == 4  # 1 + 3 orange cards
    assert PubBuy(2, 4) in st.legal_actions(0) and PubBuy(3, 6) not in st.legal_actions(0)


def test_s5_5_one_pub_caps_at_five_and_points_are_never_sold():
    st = make_state(phase="building", areas=[["pub"], []], rubles=[40, 0])
    pass_all(st)
    assert st.legal_actions(0) == [PubBuy(k, 2 * k) for k in range(6)]
    refused(st, 0, PubBuy(6, 12))
    refused(st, 0, PubBuy(-1, -2))
    refused(st, 0, PubBuy(1, 1))  # 2 ₽ a point, not less


def test_s5_5_no_pub_step_without_a_pub_owner():
    st = make_state(phase="building", areas=[["market"], ["observatory"]], rubles=[40, 40])
    pass_all(st)
    assert st.step == "actions" and st.phase == "aristocrat"


# ---------------------------------------------------------------------------- §5.6 Observatory
def test_s5_6_observatory_draw_with_full_hand_and_no_money_can_only_be_discarded():
    st = make_state(
        phase="building", areas=[["observatory"], []], hands=[["czar", "pope", "bank"], []], rubles=[0, 0]
    )
    top = st.stacks["aristocrat"][-1]
    act(st, 0, UseObservatory("aristocrat"))
    assert st.legal_actions(0) == [ObservatoryDiscard(top)]
    refused(st, 0, ObservatoryToHand(top))
    act(st, 0, ObservatoryDiscard(top))
    assert st.discard[-1] == top and st.to_move() == (1,)


def test_s5_7_warehouse_lets_an_observatory_draw_be_the_fourth_hand_card():
    st = make_state(
        phase="building",
        areas=[["observatory", "warehouse"], []],
        hands=[["czar", "pope", "bank"], []],
        rubles=[0, 0],
    )
    top = st.stacks["building"][-1]
    act(st, 0, UseObservatory("building"))
    act(st, 0, ObservatoryToHand(top))
    assert st.hands[0] == ["czar", "pope", "bank", top]


def test_s5_6_observatory_buy_keeps_every_discount_but_the_lower_row():
    # Observatory + Carpenter Workshop + a Market: a drawn Market costs 5 - 1 - 1 = 3
    st = make_state(phase="building", areas=[["observatory", "carpenter_workshop", "market"], []])
    st.stacks["building"] += ["market"]
    act(st, 0, UseObservatory("building"))
    assert ObservatoryBuy("market", 3) in st.legal_actions(0)
    refused(st, 0, ObservatoryBuy("market", 2))


def test_s5_6_observatory_draw_of_a_trading_card_replaces_a_target():
    st = make_state(phase="building", areas=[["observatory", "market", "hospital"], []], rubles=[30, 0])
    st.stacks["trading"] += ["winter_palace"]
    act(st, 0, UseObservatory("trading"))
    assert {a.replace: a.price for a in st.legal_actions(0) if isinstance(a, ObservatoryBuy)} == {
        "market": 14,
        "hospital": 5,
    }
    act(st, 0, ObservatoryBuy("winter_palace", 5, "hospital"))
    assert st.areas[0] == ["observatory", "market", "winter_palace"]
    assert st.discard[-1] == "hospital" and st.rubles[0] == 25


def test_s5_6_observatory_resets_the_pass_count():
    st = make_state(phase="building", areas=[[], ["observatory"]])
    act(st, 0, Pass())
    act(st, 1, UseObservatory("worker"))
    act(st, 1, ObservatoryDiscard(st.obs_card))
    act(st, 0, Pass())
    assert st.phase == "building" and st.passes == 1
    act(st, 1, Pass())
    assert st.phase == "aristocrat"


def test_s5_6_observatory_draw_is_not_a_take_but_buying_it_scores():
    # the drawn card bought goes into the play area and scores at once; no deal follows (§4.6)
    st = make_state(phase="building", areas=[["observatory"], []], upper=["market"], rubles=[30, 0])
    st.stacks["building"] += ["library"]
    act(st, 0, UseObservatory("building"))
    act(st, 0, ObservatoryBuy("library", 17))
    pass_all(st)
    assert st.points[0] == 5  # Library 5, used Observatory 0
    assert st.phase == "aristocrat" and st.upper == ["market"]


def test_s5_6_observatory_leaves_stack_with_one_and_cannot_empty_it():
    st = make_state(phase="building", areas=[["observatory", "observatory"], []], rubles=[0, 0])
    st.stacks["trading"] = ["czar", "pope"]
    act(st, 0, UseObservatory("trading"))
    act(st, 0, ObservatoryDiscard("pope"))
    assert st.stacks["trading"] == ["czar"] and not st.final_round
    act(st, 1, Pass())
    assert UseObservatory("trading") not in st.legal_actions(0)
    assert UseObservatory("worker") in st.legal_actions(0)  # the second Observatory is still free


def test_s5_6_observatory_used_one_scores_zero_unused_one_scores_one():
    st = make_state(phase="building", areas=[["observatory", "observatory"], []])
    act(st, 0, UseObservatory("worker"))
    act(st, 0, ObservatoryDiscard(st.obs_card))
    pass_all(st)
    assert st.points[0] == 1


# ---------------------------------------------------------------------------- §5.8 special incomes
def test_s5_8_mariinskij_and_tax_man_ignore_cards_in_hand():
    st = make_state(
        areas=[["mariinskij_theater", "tax_man", "author", "lumberjack"], []],
        hands=[["judge", "shepherd", "wharf"], []],
    )
    assert st.income(0, "building") == (2, 0)  # Author + Tax Man
    assert st.income(0, "aristocrat") == (1 + 1, 0)  # Author 1 + Tax Man: 1 green card


# ---------------------------------------------------------------------------- §6.1 end trigger
def test_s6_1_final_round_plays_on_with_refills_from_other_stacks():
    st = make_state(phase="worker", upper=["lumberjack", "gold_miner"], rubles=[30, 30])
    st.final_round = True
    act(st, 0, Buy("upper", 0, "lumberjack", 3))
    pass_all(st)
    assert st.phase == "building" and len(st.upper) == 8  # buildings still dealt
    act(st, st.to_move()[0], TakeToHand("upper", 0, st.upper[0]))
    pass_all(st)
    assert st.phase == "aristocrat" and len(st.upper) == 8  # aristocrats still dealt
    act(st, st.to_move()[0], TakeToHand("upper", 0, st.upper[0]))
    pass_all(st)
    assert st.phase == "trading" and len(st.upper) == 8  # trading cards still dealt
    upper, workers = list(st.upper), len(st.stacks["worker"])
    pass_all(st)
    # the game ends with the trading phase: no round-end discard, shift or worker deal
    assert st.is_over() and st.round == 1
    assert st.upper == upper and st.lower == [] and len(st.stacks["worker"]) == workers
    assert st.legal_actions(0) == [] and st.legal_actions(1) == []


def test_s6_1_trigger_in_the_worker_phase_refill():
    st = make_state(upper=["lumberjack"], took=True)
    st.stacks["building"] = ["market", "library", "hospital", "theater", "academy", "pub", "warehouse"]
    pass_all(st)
    assert st.final_round and st.stacks["building"] == [] and len(st.upper) == 8
    for _ in range(3):
        assert not st.is_over()
        pass_all(st)
    assert st.is_over()


def test_s6_1_a_stack_not_emptied_does_not_trigger():
    st = make_state(upper=["lumberjack"], took=True)
    st.stacks["building"] = ["market"] * 8
    pass_all(st)
    assert not st.final_round and st.stacks["building"] == ["market"]


# ---------------------------------------------------------------------------- §6.2 final scoring
BONUS_KINDS = [key for key, row in TABLE.items() if row[1] == "orange"][:12]  # 12 different kinds


@pytest.mark.parametrize(
    ("kinds", "bonus"), list(zip(range(13), [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 55, 55]))
)
def test_s6_2_aristocrat_bonus_table(kinds, bonus):
    st = make_state(areas=[BONUS_KINDS[:kinds], []], rubles=[0, 0])
    assert final_row(st, 0).breakdown["aristocrats"] == bonus


def test_s6_2_bonus_counts_play_area_only_not_hand_nor_other_colours():
    st = make_state(
        areas=[["author", "author", "tax_man", "market", "lumberjack", "bank"], []],
        hands=[["judge", "czar"], []],
        rubles=[0, 0],
    )
    row = final_row(st, 0)
    assert row.breakdown["aristocrats"] == 3  # Author and Tax Man: 2 kinds
    assert row.breakdown["hand"] == -10


@pytest.mark.parametrize(("rubles", "points"), [(0, 0), (9, 0), (10, 1), (19, 1), (20, 2), (109, 10)])
def test_s6_2_one_point_per_full_ten_rubles(rubles, points):
    st = make_state(rubles=[rubles, 0], points=[7, 0])
    row = final_row(st, 0)
    assert row.breakdown["money"] == points and row.total == 7 + points


def test_s6_2_hand_penalty_with_warehouse_four_cards():
    st = make_state(areas=[["warehouse"], []], hands=[["czar", "pope", "bank", "market"], []], points=[12, 0])
    st.rubles = [0, 0]
    row = final_row(st, 0)
    assert row.breakdown["hand"] == -20 and row.total == -8


# ---------------------------------------------------------------------------- §6.3 winner
def test_s6_3_three_way_tie_on_points_two_share_on_money():
    st = make_state(n=3, points=[10, 10, 11], rubles=[45, 45, 39])
    st.step = "over"
    st.active = None
    rows = st.standings().rows
    assert {r.seat: r.total for r in rows} == {0: 14, 1: 14, 2: 14}
    assert {r.seat for r in rows if r.winner} == {0, 1}
    assert {r.seat: r.rank for r in rows} == {0: 1, 1: 1, 2: 3}


def test_s6_3_game_end_through_play_names_the_winner_by_money():
    st = make_state(phase="trading", points=[30, 30], rubles=[28, 25])
    st.final_round = True
    pass_all(st)
    rows = st.standings().rows
    assert [(r.seat, r.total, r.winner) for r in rows] == [(0, 32, True), (1, 32, False)]


# ---------------------------------------------------------------------------- §1 / §2.1 players, bank
@pytest.mark.parametrize("n", [1, 5])
def test_s1_only_two_to_four_players(n):
    with pytest.raises(ValueError):
        GAME.new([f"P{i}" for i in range(n)], 1)


def test_s2_1_the_bank_is_unlimited():
    # 382 ₽ of notes in the box, but money is an unlimited integer bank
    st = make_state(areas=[["lumberjack"], ["wharf"]], rubles=[380, 381])
    pass_all(st)
    assert st.rubles == [383, 387]


def test_s5_6_used_observatory_scores_again_next_round_and_incomes_repeat():
    # §2.3 "Income is paid every time that phase is scored"; §5.6 the used Observatory is turned
    # face up again for the next round and scores its 1 ★ then
    st = make_state(phase="building", areas=[["observatory", "market"], []])
    act(st, 0, UseObservatory("worker"))
    act(st, 0, ObservatoryDiscard(st.obs_card))
    pass_all(st)
    assert st.points[0] == 1  # Market only
    for _ in range(3):  # aristocrat, trading, worker phases of nothing
        pass_all(st)
    assert st.phase == "building" and st.round == 2 and st.obs_used == [0, 0]
    act(st, 1, Pass())  # the building marker has moved on to seat 1
    assert UseObservatory("worker") in st.legal_actions(0)  # usable again
    act(st, 0, Pass())
    assert st.points[0] == 1 + 2  # Market 1 + Observatory 1
