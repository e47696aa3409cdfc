"""The worked examples of shared/rules/st_petersburg.md §8, one test each."""

from __future__ import annotations

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.core import IllegalAction
from boardgames_tui.rules.st_petersburg.actions import Buy, Pass, Play, TakeToHand
from boardgames_tui.rules.st_petersburg.data import CARDS, PHASES
from boardgames_tui.rules.st_petersburg.view import Prices

GAME = registry.get("st_petersburg")
NAMES = ["Ann", "Bob", "Cleo", "Dan"]
GAME_DECK = {deck: {k for k, c in CARDS.items() if c.deck == deck} for deck in PHASES}


def make_state(
    n: int = 2,
    *,
    seed: int = 1,
    options=None,
    phase: str = "worker",
    active: int = 0,
    upper=(),
    lower=(),
    areas=None,
    hands=None,
    rubles=None,
    points=None,
    markers=None,
    took: bool = False,
):
    """A fresh game whose situation is then set directly: the display, play areas, hands, money.

    Markers all go to `active` unless given. Card conservation is not kept (these are rule tests).
    """
    st = GAME.new(NAMES[:n], seed, options=options)
    st.phase = phase
    st.step = "actions"
    st.active = active
    st.passes = 0
    st.took = took
    st.upper = list(upper)
    st.lower = list(lower)
    st.areas = [list(a) for a in areas] if areas is not None else [[] for _ in range(n)]
    st.hands = [list(h) for h in hands] if hands is not None else [[] for _ in range(n)]
    if rubles is not None:
        st.rubles = list(rubles)
    if points is not None:
        st.points = list(points)
    st.markers = dict(markers) if markers else {ph: active for ph in PHASES}
    return st


def buys(st, seat, card):
    return [a for a in st.legal_actions(seat) if isinstance(a, Buy) and a.card == card]


def plays(st, seat, card):
    return [a for a in st.legal_actions(seat) if isinstance(a, Play) and a.card == card]


def pass_all(st, count=None):
    """Everybody passes in turn (count passes, default one per player); returns the events."""
    events = []
    for _ in range(count or st.n):
        events += st.apply(st.to_move()[0], Pass())
    return events


def test_e1_price_never_below_one():
    st = make_state(areas=[["lumberjack", "lumberjack"], []], lower=["lumberjack"])
    assert buys(st, 0, "lumberjack") == [Buy("lower", 0, "lumberjack", 1)]
    st.apply(0, Buy("lower", 0, "lumberjack", 1))
    assert st.rubles[0] == 24
    assert st.areas[0].count("lumberjack") == 3


def test_e2_stacked_building_discounts():
    st = make_state(
        areas=[["library", "carpenter_workshop"], []],
        upper=["library"],
        lower=["library"],
        hands=[["library"], []],
    )
    assert {(a.row, a.price) for a in buys(st, 0, "library")} == {("lower", 14), ("upper", 15)}
    assert plays(st, 0, "library") == [Play("library", 15)]
    assert st.view(0).prices == Prices(upper=(15,), lower=(14,))


def test_e3_stacked_aristocrat_discounts():
    st = make_state(
        phase="aristocrat", areas=[["gold_smelter", "judge"], []], lower=["judge"], upper=["author"]
    )
    assert buys(st, 0, "judge") == [Buy("lower", 0, "judge", 13)]
    assert buys(st, 0, "author") == [Buy("upper", 0, "author", 3)]


def test_e4_trading_card_replaces_market():
    st = make_state(
        phase="trading", areas=[["market", "carpenter_workshop"], []], lower=["st_isaacs_cathedral"]
    )
    assert buys(st, 0, "st_isaacs_cathedral") == [Buy("lower", 0, "st_isaacs_cathedral", 8, "market")]
    st.apply(0, Buy("lower", 0, "st_isaacs_cathedral", 8, "market"))
    assert st.rubles[0] == 17
    assert st.areas[0] == ["st_isaacs_cathedral", "carpenter_workshop"]
    assert st.discard[-1] == "market"


def test_e5_potjomkins_village_counts_six():
    st = make_state(phase="trading", areas=[["potjomkins_village", "market"], []], upper=["winter_palace"])
    options = {a.replace: a.price for a in buys(st, 0, "winter_palace")}
    assert options == {"potjomkins_village": 13, "market": 14}
    st.areas[0].append("carpenter_workshop")
    options = {a.replace: a.price for a in buys(st, 0, "winter_palace")}
    assert options["potjomkins_village"] == 12
    # the Village itself with the workshop, from the lower row: 2 - 1 - 1 = 0 -> 1 ₽
    st2 = make_state(phase="building", areas=[["carpenter_workshop"], []], lower=["potjomkins_village"])
    assert buys(st2, 0, "potjomkins_village") == [Buy("lower", 0, "potjomkins_village", 1)]


def test_e7_green_trading_cards_match_icons():
    st = make_state(areas=[["czar_and_carpenter", "lumberjack"], []], hands=[["weaving_mill"], []])
    assert plays(st, 0, "weaving_mill") == [Play("weaving_mill", 1, "czar_and_carpenter")]
    # a Wharf may not replace a Lumberjack
    st = make_state(areas=[["lumberjack"], []], upper=["wharf"])
    assert buys(st, 0, "wharf") == []
    before = st.snapshot()
    with pytest.raises(IllegalAction) as exc:
        st.apply(0, Buy("upper", 0, "wharf", 9, "lumberjack"))
    assert exc.value.reason == "The Wharf must replace a Ship Builder or the Czar and Carpenter."
    assert st.snapshot() == before
    # a second Wharf from the lower row replacing a Ship Builder: 12 - 1 - 1 - 7 = 3
    st = make_state(areas=[["wharf", "ship_builder"], []], lower=["wharf"])
    assert buys(st, 0, "wharf") == [Buy("lower", 0, "wharf", 3, "ship_builder")]


def test_e9_refill_shifts_and_deals_into_the_upper_row():
    st = make_state(lower=["author"], upper=["market", "judge"], took=True)
    top5 = st.stacks["building"][-5:][::-1]  # the next five cards, in the order they are drawn
    size = len(st.stacks["building"])
    pass_all(st)
    assert st.phase == "building"
    assert st.lower == ["author"]
    assert st.upper == top5 + ["market", "judge"]
    assert len(st.upper) + len(st.lower) == 8
    assert len(st.stacks["building"]) == size - 5


def test_e10_round_end():
    st = make_state(
        n=4,
        phase="trading",
        lower=["market", "author"],
        upper=["fur_trapper", "bank", "senator"],
        markers={"worker": 0, "building": 1, "aristocrat": 2, "trading": 0},
    )
    workers = st.stacks["worker"][-5:][::-1]
    st.round = 2
    pass_all(st)
    assert st.discard[-2:] == ["market", "author"]
    assert st.lower == ["fur_trapper", "bank", "senator"]
    assert st.upper == workers
    assert st.markers == {"worker": 1, "building": 2, "aristocrat": 3, "trading": 1}
    assert st.round == 3 and st.phase == "worker" and st.active == 1
    # leftovers now cost 1 less: the Fur Trapper from the lower row costs 5
    assert st.view(1).prices.lower[0] == 5


def test_e11_two_player_opening():
    st = GAME.new(["Ann", "Bob"], 11)
    first = st.markers["worker"]
    second = 1 - first
    assert len(st.upper) == 4 and st.lower == []
    for seat in (first, second):
        buy = next(a for a in st.legal_actions(seat) if isinstance(a, Buy))
        st.apply(seat, buy)
    money = list(st.rubles)
    st.apply(first, Pass())
    st.apply(second, Pass())
    assert [st.rubles[s] - money[s] for s in (0, 1)] == [3, 3]
    assert st.phase == "building"
    assert len(st.upper) == 8
    assert sum(1 for c in st.upper if c in GAME_DECK["building"]) == 6


def test_e11_nothing_taken_means_nothing_dealt():
    st = GAME.new(["Ann", "Bob"], 11)
    workers = list(st.upper)
    pass_all(st)
    assert st.phase == "building"
    assert st.upper == workers
    assert len(st.stacks["building"]) == 28


def test_e12_worker_scoring():
    area = ["lumberjack", "lumberjack", "weaving_mill", "fur_shop", "czar_and_carpenter"]
    st = make_state(areas=[area, []])
    assert st.income(0, "worker") == (18, 2)
    pass_all(st)
    assert (st.rubles[0], st.points[0]) == (25 + 18, 2)
    # the Tax Man: +5 ₽ at worker scoring under the seed reading, else at aristocrat scoring
    seed_rule = make_state(options={"taxman_phase": "worker"}, areas=[area + ["tax_man"], []])
    assert seed_rule.income(0, "worker") == (23, 2)
    assert seed_rule.income(0, "aristocrat") == (0, 0)
    official = make_state(areas=[area + ["tax_man"], []])
    assert official.income(0, "worker") == (18, 2)
    assert official.income(0, "aristocrat") == (5, 0)


def test_e14_aristocrat_scoring_with_tax_man():
    area = [
        "author",
        "administrator",
        "controller",
        "judge",
        "senator",
        "tax_man",
        "lumberjack",
        "gold_miner",
        "shepherd",
        "fur_trapper",
        "ship_builder",
        "wharf",
    ]
    st = make_state(phase="aristocrat", areas=[area, []])
    assert st.income(0, "aristocrat") == (20, 5)
    pass_all(st)
    assert (st.rubles[0], st.points[0]) == (45, 5)


def test_e15_final_scoring():
    area = ["author", "author", "administrator", "secretary", "judge", "pope", "czar", "market"]
    st = make_state(areas=[area, []], hands=[["hospital"], []], points=[60, 0], rubles=[47, 0])
    st.step = "over"
    row = next(r for r in st.standings().rows if r.seat == 0)
    assert row.breakdown == {"track": 60, "aristocrats": 21, "money": 4, "hand": -5}
    assert list(row.breakdown) == ["track", "aristocrats", "money", "hand"]
    assert row.total == 80


def test_e16_aristocrat_bonus_capped_at_ten_kinds():
    ten = [
        "author",
        "administrator",
        "warehouse_manager",
        "secretary",
        "controller",
        "judge",
        "mistress_of_ceremonies",
        "pope",
        "chamber_maid",
        "weapon_master",
    ]
    st = make_state(areas=[ten + ["author"], ten + ["builder", "senator"]])
    st.step = "over"
    bonus = {r.seat: r.breakdown["aristocrats"] for r in st.standings().rows}
    assert bonus == {0: 55, 1: 55}


def test_e18_end_trigger_mid_round():
    st = make_state(n=4, phase="aristocrat", upper=["author", "market", "lumberjack"], took=True)
    st.discard += st.stacks["trading"][:-4]
    st.stacks["trading"] = st.stacks["trading"][-4:]
    events = pass_all(st)
    assert st.phase == "trading"
    assert len(st.upper) + len(st.lower) == 7
    assert st.stacks["trading"] == []
    assert st.final_round
    assert any("final round" in e.text for e in events)
    assert not st.is_over()
    pass_all(st)
    assert st.is_over()
    assert st.to_move() == ()
    assert st.round == 1


def test_e20_passing_sequence():
    st = make_state(n=4, upper=["lumberjack"] * 4 + ["gold_miner"] * 4)

    def act(seat, kind):
        assert st.to_move() == (seat,)
        assert st.phase == "worker"
        if kind == "buy":
            st.apply(seat, next(a for a in st.legal_actions(seat) if isinstance(a, Buy)))
        else:
            st.apply(seat, Pass())

    A, B, C, D = range(4)
    for seat, kind in [
        (A, "buy"),
        (B, "buy"),
        (C, "pass"),
        (D, "buy"),
        (A, "pass"),
        (B, "pass"),
        (C, "buy"),
        (D, "pass"),
        (A, "pass"),
        (B, "pass"),
    ]:
        act(seat, kind)
    assert st.passes == 3 and st.phase == "worker"
    st.apply(C, Pass())
    assert st.phase == "building"
    assert [len(a) for a in st.areas] == [1, 1, 1, 1]


def test_e21_a_whole_action_step():
    """The rulebook's action step: buys, takes into hand, a hand play, and four passes end it."""
    st = make_state(
        n=4,
        phase="aristocrat",
        upper=[
            "administrator",
            "administrator",
            "secretary",
            "ship_builder",
            "st_isaacs_cathedral",
            "author",
        ],
        hands=[[], [], ["warehouse_manager"], []],
        rubles=[30, 3, 30, 30],
    )
    trading = st.stacks["trading"][-7:][::-1]  # the next seven, in the order they are drawn
    A, B, C, D = range(4)

    def act(seat, action):
        assert st.to_move() == (seat,)
        assert st.phase == "aristocrat"
        st.apply(seat, action)

    assert buys(st, A, "administrator") == [
        Buy("upper", 0, "administrator", 7),
        Buy("upper", 1, "administrator", 7),
    ]
    act(A, Buy("upper", 0, "administrator", 7))
    assert buys(st, B, "administrator") == []  # 3 ₽ is too little money
    act(B, Pass())
    act(C, Buy("upper", 0, "administrator", 7))
    act(D, TakeToHand("upper", 0, "secretary"))
    act(A, TakeToHand("upper", 0, "ship_builder"))  # a worker, in the aristocrat phase
    act(B, TakeToHand("upper", 0, "st_isaacs_cathedral"))  # the same B who passed before
    assert plays(st, C, "warehouse_manager") == [Play("warehouse_manager", 10)]
    act(C, Play("warehouse_manager", 10))
    assert st.rubles == [23, 3, 13, 30]
    assert st.hands == [["ship_builder"], ["st_isaacs_cathedral"], [], ["secretary"]]
    assert st.areas == [["administrator"], [], ["administrator", "warehouse_manager"], []]
    assert st.upper == ["author"]
    for seat in (D, A, B):
        act(seat, Pass())
    assert st.passes == 3
    st.apply(C, Pass())
    # aristocrats score (Administrator 2 ₽, Warehouse Manager 3 ₽), then trading cards are dealt
    assert st.rubles == [25, 3, 18, 30]
    assert st.phase == "trading"
    assert st.upper == trading + ["author"]
    assert len(st.upper) + len(st.lower) == 8


def test_e22_price_reductions():
    """The rulebook's discounts: same name, lower row, Carpenter Workshop, and the 1 ₽ floor."""
    st = make_state(phase="building", areas=[["market", "market"], []], upper=["market"])
    assert buys(st, 0, "market") == [Buy("upper", 0, "market", 3)]
    st = make_state(phase="building", lower=["theater"])
    assert buys(st, 0, "theater") == [Buy("lower", 0, "theater", 19)]
    st = make_state(phase="building", areas=[["theater", "carpenter_workshop"], []], lower=["theater"])
    assert buys(st, 0, "theater") == [Buy("lower", 0, "theater", 17)]
    # Lumberjacks, one after another from the upper row: 3, 2, 1, then 1 each (never 0)
    st = make_state(upper=["lumberjack"] * 5)
    paid = []
    for _ in range(5):
        assert st.to_move() == (0,)
        offer = buys(st, 0, "lumberjack")[0]
        paid.append(offer.price)
        st.apply(0, offer)
        st.apply(1, Pass())
    assert paid == [3, 2, 1, 1, 1]
    assert st.rubles[0] == 25 - 8
    assert st.areas[0] == ["lumberjack"] * 5


@pytest.mark.parametrize(
    ("trading_card", "worker", "price"),
    [
        ("carpenter_workshop", "lumberjack", 1),
        ("gold_smelter", "gold_miner", 2),
        ("weaving_mill", "shepherd", 3),
        ("fur_shop", "fur_trapper", 4),
        ("wharf", "ship_builder", 5),
    ],
)
def test_e23_green_trading_card_prices(trading_card, worker, price):
    """A green trading card replacing its matching worker costs its price less the worker's."""
    st = make_state(phase="trading", areas=[[worker], []], upper=[trading_card])
    assert buys(st, 0, trading_card) == [Buy("upper", 0, trading_card, price, worker)]
    st.apply(0, Buy("upper", 0, trading_card, price, worker))
    assert st.rubles[0] == 25 - price
    assert st.areas[0] == [trading_card]
    assert st.discard[-1] == worker


@pytest.mark.parametrize("aristocrat", ["secretary", "judge"])
def test_e23_senator_over_dear_aristocrat_costs_one(aristocrat):
    """A Senator (12) replacing an aristocrat that cost 12 ₽ or more costs 1 ₽."""
    st = make_state(phase="trading", areas=[[aristocrat], []], upper=["senator"])
    assert buys(st, 0, "senator") == [Buy("upper", 0, "senator", 1, aristocrat)]


def test_e24_final_scoring():
    """The rulebook's final scoring: 52 + 21 (6 kinds, a second Warehouse Manager adds nothing) + 1 = 74."""
    area = [
        "author",
        "administrator",
        "warehouse_manager",
        "warehouse_manager",
        "secretary",
        "controller",
        "judge",
    ]
    st = make_state(areas=[area, []], points=[52, 0], rubles=[17, 0])
    st.step = "over"
    row = next(r for r in st.standings().rows if r.seat == 0)
    assert row.breakdown == {"track": 52, "aristocrats": 21, "money": 1, "hand": 0}
    assert row.total == 74
    # with one Warehouse Manager fewer the bonus is the same
    st.areas[0].remove("warehouse_manager")
    assert next(r for r in st.standings().rows if r.seat == 0).breakdown["aristocrats"] == 21
