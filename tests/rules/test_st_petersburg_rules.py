"""Targeted tests of St. Petersburg rulings (§7), options, hidden information and refusals."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.core import IllegalAction
from boardgames_tui.rules.opponents import make_bot
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
from boardgames_tui.rules.st_petersburg.bot import SmartBot
from boardgames_tui.rules.st_petersburg.data import CARDS, DECK_SIZES
from boardgames_tui.rules.st_petersburg.view import (
    Income,
    PlayAreaCard,
    Prices,
    Pub,
    StPetersburgPlayer,
    StPetersburgView,
)

from .test_st_petersburg_examples import NAMES, buys, make_state, pass_all, plays

GAME = registry.get("st_petersburg")


def refused(st, seat, action) -> str:
    """Apply an action that must be refused; check the state is untouched; return the reason."""
    before = st.snapshot()
    with pytest.raises(IllegalAction) as exc:
        st.apply(seat, action)
    assert st.snapshot() == before
    assert exc.value.reason and "\n" not in exc.value.reason
    return exc.value.reason


# ---------------------------------------------------------------------------- cards and setup
def test_card_counts():
    assert DECK_SIZES == {"worker": 31, "building": 28, "aristocrat": 27, "trading": 30}
    assert sum(c.count for c in CARDS.values()) == 116
    assert len(CARDS) == 49
    assert all(len(c.short) <= 8 for c in CARDS.values())
    green_trading = [c for c in CARDS.values() if c.is_trading and c.face == "green"]
    assert sum(c.count for c in green_trading) == 10
    assert CARDS["observatory"].price == 6 and CARDS["tax_man"].price == 17
    assert CARDS["judge"].price == 16 and CARDS["mistress_of_ceremonies"].price == 18


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    st = GAME.new(NAMES[:n], 5)
    assert st.rubles == [25] * n and st.points == [0] * n
    assert len(st.upper) == 2 * n and st.lower == []
    assert all(CARDS[c].deck == "worker" for c in st.upper)
    assert {d: len(s) for d, s in st.stacks.items()} == {
        "worker": 31 - 2 * n,
        "building": 28,
        "aristocrat": 27,
        "trading": 30,
    }
    held = Counter(st.markers.values())
    expected = {2: [2, 2], 3: [1, 1, 2], 4: [1, 1, 1, 1]}[n]
    assert sorted(held.values()) == expected and len(held) == n
    assert st.phase == "worker" and st.to_move() == (st.markers["worker"],)


@pytest.mark.parametrize("youngest", ["1", "2", "3"])
def test_youngest_gets_fourth_marker(youngest):
    for seed in range(5):
        st = GAME.new(NAMES[:3], seed, options={"youngest": youngest})
        assert Counter(st.markers.values())[int(youngest) - 1] == 2


def test_youngest_random_is_seeded():
    picks = set()
    for seed in range(30):
        st = GAME.new(NAMES[:3], seed)
        twice = [s for s, k in Counter(st.markers.values()).items() if k == 2]
        assert len(twice) == 1
        picks.add(twice[0])
        assert GAME.new(NAMES[:3], seed).markers == st.markers
    assert picks == {0, 1, 2}


def test_different_seeds_deal_different_games():
    assert GAME.new(NAMES[:3], 4) != GAME.new(NAMES[:3], 5)


# ---------------------------------------------------------------------------- pricing rulings
def test_same_name_discount_counts_play_area_only():
    st = make_state(areas=[["market"], []], hands=[["market", "market"], []], upper=["market"])
    assert buys(st, 0, "market") == [Buy("upper", 0, "market", 4)]


def test_no_lower_row_discount_for_hand_plays_or_observatory():
    st = make_state(
        phase="building", areas=[["observatory"], []], hands=[["hospital"], []], lower=["hospital"]
    )
    assert plays(st, 0, "hospital") == [Play("hospital", 14)]
    assert buys(st, 0, "hospital") == [Buy("lower", 0, "hospital", 13)]
    st.stacks["building"].append("library")
    st.apply(0, UseObservatory("building"))
    assert ObservatoryBuy("library", 17) in st.legal_actions(0)


def test_workshop_and_smelter_discount_trading_cards():
    st = make_state(
        phase="trading",
        areas=[["carpenter_workshop", "gold_smelter", "market", "author"], []],
        upper=["bank", "senator"],
    )
    assert buys(st, 0, "bank") == [Buy("upper", 0, "bank", 13 - 1 - 5, "market")]
    assert buys(st, 0, "senator") == [Buy("upper", 1, "senator", 12 - 1 - 4, "author")]


def test_trading_price_floor_is_one():
    st = make_state(phase="trading", areas=[["academy"], []], upper=["pope", "mariinskij_theater"])
    assert buys(st, 0, "mariinskij_theater") == [Buy("upper", 1, "mariinskij_theater", 1, "academy")]
    assert buys(st, 0, "pope") == []  # no aristocrat to replace


def test_trading_cards_never_replace_trading_cards():
    st = make_state(
        phase="trading", areas=[["bank", "senator", "wharf"], []], upper=["harbor", "czar", "wharf"]
    )
    assert [a for a in st.legal_actions(0) if isinstance(a, Buy)] == []
    reason = refused(st, 0, Buy("upper", 0, "harbor", 1, "bank"))
    assert reason == "A trading card can never replace another trading card."


def test_blue_and_orange_targets():
    area = ["market", "pub", "potjomkins_village", "author", "judge", "lumberjack"]
    st = make_state(phase="trading", areas=[area, []], upper=["hermitage", "admiral", "fur_shop"])
    assert {a.replace for a in buys(st, 0, "hermitage")} == {"market", "pub", "potjomkins_village"}
    assert {a.replace for a in buys(st, 0, "admiral")} == {"author", "judge"}
    assert buys(st, 0, "fur_shop") == []
    st.areas[0].append("czar_and_carpenter")
    assert {a.replace for a in buys(st, 0, "fur_shop")} == {"czar_and_carpenter"}


def test_replacing_a_card_bought_earlier_in_the_same_phase():
    st = make_state(phase="trading", upper=["market", "bank"], rubles=[30, 30])
    st.apply(0, Buy("upper", 0, "market", 5))
    st.apply(1, Pass())
    assert buys(st, 0, "bank") == [Buy("upper", 0, "bank", 8, "market")]
    st.apply(0, Buy("upper", 0, "bank", 8, "market"))
    assert st.areas[0] == ["bank"] and st.rubles[0] == 17


def test_buying_any_group_in_any_phase_and_playing_in_any_phase():
    st = make_state(phase="aristocrat", lower=["lumberjack"], upper=["library"], hands=[["market"], []])
    legal = st.legal_actions(0)
    assert Buy("lower", 0, "lumberjack", 2) in legal
    assert Buy("upper", 0, "library", 17) in legal
    assert Play("market", 5) in legal


def test_trading_card_can_be_taken_without_target():
    st = make_state(phase="trading", upper=["czar"])
    assert buys(st, 0, "czar") == []
    st.apply(0, TakeToHand("upper", 0, "czar"))
    assert st.hands[0] == ["czar"]
    assert plays(st, 0, "czar") == []


def test_zero_rubles_may_take_and_pass():
    st = make_state(upper=["lumberjack"], rubles=[0, 0])
    assert st.legal_actions(0) == [TakeToHand("upper", 0, "lumberjack"), Pass()]


def test_legal_action_order():
    st = make_state(
        phase="building",
        areas=[["observatory"], []],
        hands=[["market"], []],
        upper=["pub"],
        lower=["market"],
        rubles=[30, 0],
    )
    kinds = [type(a) for a in st.legal_actions(0)]
    assert kinds == [Buy, Buy, TakeToHand, TakeToHand, Play] + [UseObservatory] * 4 + [Pass]
    assert [a.stack for a in st.legal_actions(0) if isinstance(a, UseObservatory)] == [
        "worker",
        "building",
        "aristocrat",
        "trading",
    ]


# ---------------------------------------------------------------------------- refusals
def test_refusal_reasons_and_unchanged_state():
    st = make_state(
        n=2,
        phase="building",
        upper=["library", "market", "wharf"],
        rubles=[9, 25],
        hands=[["hospital", "market", "author"], []],
        areas=[["lumberjack"], []],
    )
    assert refused(st, 0, Buy("upper", 0, "library", 17)) == "Library costs 17 ₽ and you have 9 ₽."
    assert refused(st, 0, Buy("upper", 0, "library", 3)) == "Library costs 17 ₽ for you, not 3 ₽."
    assert refused(st, 0, TakeToHand("upper", 1, "market")) == "Your hand is full (3 cards)."
    assert refused(st, 1, Pass()) == "It is not Bob's turn."
    assert refused(st, 0, Buy("upper", 2, "wharf", 1, "lumberjack")) == (
        "The Wharf must replace a Ship Builder or the Czar and Carpenter."
    )
    assert refused(st, 0, Play("czar", 1, "author")) == "You have no Czar in your hand."
    assert refused(st, 0, Buy("upper", 1, "library", 17)) == "The card there is Market, not Library."
    assert refused(st, 0, UseObservatory("building")) == "You have no Observatory."
    assert refused(st, 0, PubBuy(0, 0)) == "The Pub is used only right after the building phase is scored."
    assert refused(st, 0, ObservatoryDiscard("market")) == "No card has been drawn with an Observatory."
    assert refused(st, 0, Buy("upper", 1, "market", 5, "lumberjack")) == (
        "Only a trading card replaces another card."
    )
    assert refused(st, 0, Play("hospital", 14)) == "Hospital costs 14 ₽ and you have 9 ₽."
    # reasons also come from explain_illegal
    assert st.explain_illegal(0, Buy("upper", 0, "library", 17)) == "Library costs 17 ₽ and you have 9 ₽."


@pytest.mark.parametrize(
    "action",
    [
        Buy("upper", 99, "library", 17),
        Buy("upper", -1, "library", 17),
        Buy("middle", 0, "library", 17),
        Buy("upper", "0", "library", 17),
        Buy("upper", 0, "nonsense", 17),
        Buy("upper", 0, ["x"], 17),
        Buy("upper", 0, "library", "17"),
        Buy("upper", 0, "library", 17.0),
        Buy("upper", True, "library", 17),
        Buy("upper", 0, "library", 17, ["market"]),
        TakeToHand("upper", None, "library"),
        Play(None, 1),
        Play("library", 17, 5),
        UseObservatory("moon"),
        UseObservatory(None),
        PubBuy(-1, -2),
        PubBuy("a", 0),
        ObservatoryBuy(None, 0),
        42,
        Pass,
    ],
)
def test_malformed_actions_are_refused(action):
    st = make_state(upper=["library"], rubles=[30, 30], areas=[["observatory"], []], phase="building")
    refused(st, 0, action)


@pytest.mark.parametrize("seat", [7, 0.0, True])
def test_bad_seats_are_refused(seat):
    st = make_state(upper=["library"])
    assert refused(st, seat, Pass()) in ("There is no such seat.", "It is not Bob's turn.")
    assert st.legal_actions(seat) == []


# ---------------------------------------------------------------------------- observatory
def obs_state(**kw):
    kw.setdefault("phase", "building")
    kw.setdefault("areas", [["observatory"], []])
    return make_state(**kw)


def test_observatory_flow_and_scoring():
    st = obs_state(upper=["market"], rubles=[30, 30])
    st.stacks["building"] += ["academy", "library"]
    events = st.apply(0, UseObservatory("building"))
    assert st.obs_card == "library" and st.step == "observatory" and st.to_move() == (0,)
    assert events[0].reveal and "Library" in events[0].text
    assert st.view(None).observatory_card == "library" and st.view(None).step == "observatory"
    assert st.legal_actions(0) == [
        ObservatoryBuy("library", 17),
        ObservatoryToHand("library"),
        ObservatoryDiscard("library"),
    ]
    assert refused(st, 0, Pass()) == "First decide what to do with the drawn Library."
    assert refused(st, 0, ObservatoryDiscard("academy")) == "The drawn card is Library, not Academy."
    st.apply(0, ObservatoryBuy("library", 17))
    assert st.areas[0] == ["observatory", "library"] and st.rubles[0] == 13
    assert st.to_move() == (1,) and st.step == "actions" and st.obs_card is None
    assert st.view(0).players[0].play_area[0] == PlayAreaCard(card="observatory", used=True)
    assert st.income(0, "building") == (0, 5)  # the used Observatory scores 0 ★
    # once per card per round
    st.apply(1, Pass())
    assert not any(isinstance(a, UseObservatory) for a in st.legal_actions(0))
    assert refused(st, 0, UseObservatory("building")) == "Your Observatory has already been used this round."
    st.apply(0, Pass())  # Bob passed, Ann passes: the phase ends
    assert st.points[0] == 5  # scored: Library 5 + used Observatory 0
    # the Observatory does not count as taking a card from the display
    assert st.phase == "aristocrat"


def test_observatory_does_not_count_as_taking_from_display():
    st = obs_state(upper=["market"])
    st.apply(0, UseObservatory("aristocrat"))
    st.apply(0, ObservatoryDiscard(st.obs_card))
    aristocrats = len(st.stacks["aristocrat"])
    pass_all(st)
    assert st.phase == "aristocrat" and st.upper == ["market"]
    assert len(st.stacks["aristocrat"]) == aristocrats


def test_observatory_flips_back_at_round_end():
    st = obs_state(phase="trading")
    st.obs_used = [1, 0]
    assert st.view(0).players[0].play_area == (PlayAreaCard(card="observatory", used=True),)
    pass_all(st)
    assert st.obs_used == [0, 0] and st.phase == "worker"


def test_two_observatories_each_once():
    st = obs_state(areas=[["observatory", "observatory"], []], rubles=[0, 0])
    st.apply(0, UseObservatory("worker"))
    st.apply(0, ObservatoryDiscard(st.obs_card))
    st.apply(1, Pass())
    st.apply(0, UseObservatory("trading"))
    st.apply(0, ObservatoryToHand(st.obs_card))
    st.apply(1, Pass())
    assert not any(isinstance(a, UseObservatory) for a in st.legal_actions(0))
    assert st.income(0, "building") == (0, 0)


def test_observatory_only_in_building_phase_and_needs_two_cards():
    st = obs_state(phase="worker")
    assert not any(isinstance(a, UseObservatory) for a in st.legal_actions(0))
    assert refused(st, 0, UseObservatory("building")) == (
        "The Observatory can only be used in the building phase."
    )
    st = obs_state()
    st.stacks["trading"] = ["czar"]
    assert UseObservatory("trading") not in st.legal_actions(0)
    assert refused(st, 0, UseObservatory("trading")) == (
        "The trading stack has fewer than 2 cards; the Observatory can't draw from it."
    )
    st.stacks["trading"] = ["czar", "pope"]
    assert UseObservatory("trading") in st.legal_actions(0)


def test_observatory_bought_this_phase_is_usable():
    st = make_state(phase="building", upper=["observatory"])
    st.apply(0, Buy("upper", 0, "observatory", 6))
    st.apply(1, Pass())
    assert UseObservatory("building") in st.legal_actions(0)


def test_used_observatory_cannot_be_replaced():
    st = obs_state(phase="building", upper=["bank"], rubles=[30, 30])
    st.stacks["building"] += ["market", "market"]
    st.apply(0, UseObservatory("building"))
    st.apply(0, ObservatoryDiscard("market"))
    st.apply(1, Pass())
    assert buys(st, 0, "bank") == []
    assert refused(st, 0, Buy("upper", 0, "bank", 7, "observatory")) == (
        "A used Observatory can't be replaced until it is turned back next round."
    )
    st.areas[0].append("observatory")  # a second, unused one may be replaced
    assert buys(st, 0, "bank") == [Buy("upper", 0, "bank", 7, "observatory")]
    st.apply(0, Buy("upper", 0, "bank", 7, "observatory"))
    assert st.areas[0].count("observatory") == 1 and st.obs_used[0] == 1
    assert st.areas[0] == ["bank", "observatory"]
    assert st.view(0).players[0].play_area == (
        PlayAreaCard(card="bank", used=False),
        PlayAreaCard(card="observatory", used=True),
    )


def test_observatory_trading_card_needs_a_target():
    st = obs_state(rubles=[30, 30])
    st.stacks["trading"] += ["bank", "czar"]
    st.apply(0, UseObservatory("trading"))
    assert st.legal_actions(0) == [ObservatoryToHand("czar"), ObservatoryDiscard("czar")]
    st.apply(0, ObservatoryDiscard("czar"))
    assert st.discard[-1] == "czar"


# ---------------------------------------------------------------------------- pub, warehouse, specials
def test_pub_after_building_scoring_in_seat_order_from_starter():
    st = make_state(
        n=3,
        phase="building",
        active=1,
        areas=[["pub"], ["pub", "pub"], ["market"]],
        rubles=[7, 30, 30],
        took=True,
    )
    aristocrats = len(st.stacks["aristocrat"])
    pass_all(st)
    assert st.step == "pub" and st.to_move() == (1,)
    assert len(st.stacks["aristocrat"]) == aristocrats  # the refill waits for the Pub
    assert st.view(None).pub == Pub(seat=1, max_points=10)
    assert st.legal_actions(1) == [PubBuy(k, 2 * k) for k in range(11)]
    assert refused(st, 1, PubBuy(11, 22)) == "With 2 Pubs you may buy at most 10 ★ per round."
    assert refused(st, 0, PubBuy(1, 2)) == "It is not Ann's turn."
    assert refused(st, 1, Pass()) == "First decide how many points to buy at the Pub."
    st.apply(1, PubBuy(10, 20))
    assert st.to_move() == (0,)
    assert st.legal_actions(0) == [PubBuy(k, 2 * k) for k in range(4)]  # 7 ₽ -> at most 3 ★
    assert refused(st, 0, PubBuy(4, 8)) == "4 ★ at the Pub cost 8 ₽ and you have 7 ₽."
    st.apply(0, PubBuy(3, 6))
    assert st.points[:2] == [3, 10] and st.rubles[:2] == [1, 10]
    assert st.phase == "aristocrat" and st.step == "actions"
    assert len(st.stacks["aristocrat"]) < aristocrats


def test_pub_in_final_round():
    st = make_state(phase="building", areas=[["pub"], []], rubles=[10, 0])
    st.final_round = True
    pass_all(st)
    assert st.step == "pub"
    st.apply(0, PubBuy(5, 10))
    assert st.points[0] == 5


def test_pub_asks_owner_without_money_too():
    # asking everybody who owns a Pub reveals nothing about money
    st = make_state(phase="building", areas=[["pub"], []], rubles=[1, 0])
    pass_all(st)
    assert st.to_move() == (0,) and st.legal_actions(0) == [PubBuy(0, 0)]


def test_warehouse_hand_limit_and_losing_it():
    st = make_state(
        phase="trading",
        areas=[["warehouse"], []],
        hands=[["a", "b", "c"], []],
        upper=["market", "bank"],
        rubles=[30, 30],
    )
    st.hands[0] = ["author", "market", "hospital"]
    assert st.view(0).players[0].hand_limit == 4
    st.apply(0, TakeToHand("upper", 0, "market"))
    assert len(st.hands[0]) == 4
    st.apply(1, Pass())
    assert refused(st, 0, TakeToHand("upper", 0, "bank")) == "Your hand is full (4 cards)."
    # lose the Warehouse: keep all 4 cards, but no taking until below 3
    st.apply(0, Buy("upper", 0, "bank", 11, "warehouse"))
    assert len(st.hands[0]) == 4 and st.hand_limit(0) == 3
    st.upper = ["lumberjack"]
    st.apply(1, Pass())
    assert refused(st, 0, TakeToHand("upper", 0, "lumberjack")) == "Your hand is full (4 cards)."
    st.apply(0, Play("author", 4))
    st.apply(1, Pass())
    assert refused(st, 0, TakeToHand("upper", 0, "lumberjack")) == "Your hand is full (3 cards)."
    st.apply(0, Play("market", 5))
    st.apply(1, Pass())
    assert TakeToHand("upper", 0, "lumberjack") in st.legal_actions(0)


def test_mariinskij_and_tax_man_count_whole_colour():
    area = ["mariinskij_theater", "author", "author", "pope", "tax_man", "lumberjack", "wharf", "market"]
    st = make_state(areas=[area, []])
    # building: Market 1 ★; Mariinskij: 4 orange cards (Author ×2, Pope, Tax Man)
    assert st.income(0, "building") == (4, 1)
    # aristocrat: Author 1+1, Pope 1 ₽ 1 ★, Tax Man 2 green cards
    assert st.income(0, "aristocrat") == (5, 1)
    assert st.income(0, "worker") == (9, 1)


@pytest.mark.parametrize("phase,expected", [("aristocrat", (0, 2)), ("worker", (2, 0))])
def test_taxman_phase_option_changes_scoring(phase, expected):
    st = make_state(options={"taxman_phase": phase}, areas=[["tax_man", "lumberjack", "wharf"], []])
    money = st.rubles[0]
    pass_all(st)  # worker scoring
    assert st.rubles[0] - money == 9 + expected[0]
    assert st.income(0, "aristocrat")[0] == expected[1]


# ---------------------------------------------------------------------------- refill and end
@pytest.mark.parametrize("option,dealt", [("on", 0), ("off", 5)])
def test_skip_refill_option(option, dealt):
    st = make_state(options={"skip_refill_if_nothing_taken": option}, upper=["market", "judge", "author"])
    pass_all(st)
    assert len(st.upper) == 3 + dealt and st.phase == "building"


def test_round_end_worker_deal_always_happens():
    st = make_state(phase="trading", upper=["market"])
    pass_all(st)
    assert st.lower == ["market"] and len(st.upper) == 7
    assert st.view(None).next_deal == "building"


def test_round_end_emptying_worker_stack_makes_next_round_final():
    st = make_state(phase="trading", upper=["market"] * 4)
    st.stacks["worker"] = st.stacks["worker"][-4:]
    pass_all(st)
    assert st.round == 2 and st.final_round and st.stacks["worker"] == []
    assert st.phase == "worker" and not st.is_over()
    for _ in range(4):  # four phases with nobody taking anything
        pass_all(st)
    assert st.is_over()


def test_short_stack_also_triggers_and_full_display_never_does():
    st = make_state(upper=["market"], took=True)
    st.stacks["building"] = ["library", "hospital"]
    pass_all(st)
    assert st.final_round and st.upper == ["hospital", "library", "market"]
    # a deal that needs 0 cards never triggers, even from a stack that could be emptied by it
    st = make_state(upper=["market"] * 8, took=True)
    st.stacks["building"] = ["library"]
    pass_all(st)
    assert not st.final_round and st.stacks["building"] == ["library"]


def test_game_end_and_standings():
    st = make_state(phase="trading", points=[30, 30], rubles=[27, 33], areas=[["author"], ["author"]])
    st.final_round = True
    events = pass_all(st)
    assert st.is_over() and st.view(None).step == "over" and st.view(None).active is None
    rows = st.standings().rows
    assert [(r.seat, r.total, r.tiebreak, r.winner) for r in rows] == [(1, 34, 33, True), (0, 33, 27, False)]
    assert "Game over" in events[-1].text


def test_tiebreak_total_vs_remainder():
    def standings(option):
        st = make_state(points=[30, 31], rubles=[29, 19], options={"tiebreak": option})
        st.step = "over"
        return st.standings()

    total = standings("total")
    assert [r.total for r in total.rows] == [32, 32]
    assert [(r.seat, r.tiebreak, r.winner) for r in total.rows] == [(0, 29, True), (1, 19, False)]
    assert total.tiebreak_label == "rubles held" and "tie on 32" in total.note
    rem = standings("remainder")
    assert [(r.tiebreak, r.winner) for r in rem.rows] == [(9, True), (9, True)]
    assert "share" in rem.note


def test_shared_win_and_negative_totals():
    st = make_state(hands=[["czar", "pope"], ["czar", "pope"]], rubles=[5, 5])
    st.step = "over"
    rows = st.standings().rows
    assert [r.total for r in rows] == [-10, -10] and all(r.winner for r in rows)
    assert all(r.total == sum(r.breakdown.values()) for r in rows)


def test_standings_hide_money_until_the_end():
    st = make_state(rubles=[99, 0], points=[1, 2])
    assert [r.breakdown["money"] for r in st.standings().rows] == [0, 0]
    st.options["open_money"] = "on"
    assert 9 in [r.breakdown["money"] for r in st.standings().rows]


# ---------------------------------------------------------------------------- view and options
CONTRACT_KEYS = {
    "game",
    "viewer",
    "round",
    "phase",
    "step",
    "final_round",
    "to_move",
    "active",
    "passes",
    "markers",
    "upper",
    "lower",
    "prices",
    "stacks",
    "next_deal",
    "discard",
    "observatory_card",
    "pub",
    "options",
    "players",
}
PLAYER_KEYS = {
    "name",
    "points",
    "rubles",
    "hand",
    "hand_count",
    "hand_limit",
    "play_area",
    "income",
    "markers",
}


def test_view_shape():
    st = make_state(
        n=3,
        hands=[["czar"], ["pope", "bank"], []],
        rubles=[11, 12, 13],
        upper=["bank"],
        areas=[["market"], [], []],
    )
    for viewer in (None, 0, 1, 2):
        view = st.view(viewer)
        assert isinstance(view, StPetersburgView)
        assert {f.name for f in dataclasses.fields(view)} == CONTRACT_KEYS
        for seat, player in enumerate(view.players):
            assert isinstance(player, StPetersburgPlayer)
            assert {f.name for f in dataclasses.fields(player)} == PLAYER_KEYS
            assert player.hand_count == len(st.hands[seat])
    assert st.view(None).viewer is None
    assert st.view(0).players[0].income == Income(worker=(0, 0), building=(0, 1), aristocrat=(0, 0))
    assert st.view(0).prices == Prices(upper=(8,), lower=())  # Bank replacing the Market
    assert st.view(1).prices == Prices(upper=(8,), lower=())  # always the active player's prices
    st.active = 1
    assert st.view(0).prices == Prices(upper=(None,), lower=())


def test_open_money_and_open_hands():
    st = make_state(options={"open_money": "on"}, hands=[["czar"], []], rubles=[3, 4])
    assert [p.rubles for p in st.view(None).players] == [3, 4]
    assert [p.hand for p in st.view(None).players] == [None, None]
    st = make_state(options={"open_hands": "on"}, hands=[["czar"], []], rubles=[3, 4])
    assert [p.hand for p in st.view(1).players] == [("czar",), ()]
    assert [p.rubles for p in st.view(1).players] == [None, 4]


def test_options_match_the_contract():
    specs = {o.key: (o.default, [c[0] for c in o.choices]) for o in GAME.options}
    assert specs == {
        "taxman_phase": ("aristocrat", ["aristocrat", "worker"]),
        "tiebreak": ("total", ["total", "remainder"]),
        "skip_refill_if_nothing_taken": ("on", ["on", "off"]),
        "open_money": ("off", ["off", "on"]),
        "open_hands": ("off", ["off", "on"]),
        "youngest": ("random", ["random", "1", "2", "3"]),
    }
    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players) == (
        "st_petersburg",
        "St. Petersburg",
        2,
        4,
    )


def test_rules_markdown_lists_options_with_values():
    text = GAME.rules_markdown({"taxman_phase": "worker"})
    assert text.startswith("# St. Petersburg")
    for needle in ("Pub", "Observatory", "Warehouse", "Potjomkin", "1 ₽", "−5 ★", "55", "Tax Man"):
        assert needle in text
    options = text.split("## Options in this game")[1]
    assert "worker scoring (seed text)" in options and "all rubles held" in options
    assert GAME.rules_markdown() != text


def test_events_reveal_deals_and_hide_money():
    st = make_state(upper=["market"], took=True, rubles=[17, 23])
    events = pass_all(st)
    dealt = [e for e in events if "dealt" in e.text]
    assert dealt and all(e.reveal for e in dealt)
    for e in events:
        assert "17 ₽" not in e.text and "23 ₽" not in e.text


# ---------------------------------------------------------------------------- actions and bots
def test_action_descriptions():
    assert Buy("lower", 0, "library", 14).describe() == "Buy Library from the lower row for 14 ₽"
    assert (
        Buy("lower", 2, "bank", 8, "market").describe()
        == "Buy Bank from the lower row for 8 ₽ replacing Market"
    )
    assert PubBuy(0, 0).describe() == "Buy no points at the Pub"
    assert UseObservatory("building").describe() == "Use the Observatory on the building stack"


def test_make_bot():
    assert isinstance(make_bot(GAME, "random"), RandomBot)
    assert isinstance(make_bot(GAME, "smart"), SmartBot)


def play_bots(seed, levels, n=2):
    st = GAME.new(NAMES[:n], seed)
    bots = [make_bot(GAME, level) for level in levels]
    while not st.is_over():
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        action = bots[seat].choose(st.view(seat), legal, bot_rng(seed, seat))
        assert action in legal
        st.apply(seat, action)
    return st


@pytest.mark.slow
def test_smart_bot_beats_random_bot():
    wins = 0
    games = 40
    for seed in range(games):
        smart = seed % 2
        levels = ["random", "random"]
        levels[smart] = "smart"
        st = play_bots(1000 + seed, levels)
        winners = [r.seat for r in st.standings().rows if r.winner]
        wins += winners == [smart]
    assert wins >= 0.7 * games


def test_smart_bots_finish_four_player_game_without_hand_penalties_from_nothing():
    st = play_bots(77, ["smart"] * 4, n=4)
    assert st.is_over()
    rows = st.standings().rows
    assert all(r.total == sum(r.breakdown.values()) for r in rows)
    assert sum(r.breakdown["hand"] for r in rows) >= -10


# ---------------------------------------------------------------------------- refusals: the first blocker
def test_trading_card_without_its_target_names_what_blocks_it():
    """A Buy or Play of a trading card that does not say what it replaces (as a screen sends it when
    no such move is legal): the rules name the price, or that there is nothing to replace (#6)."""
    st = make_state(
        phase="trading",
        upper=["fur_shop", "carpenter_workshop", "bank", "pope"],
        areas=[["fur_trapper", "market"], []],
        rubles=[1, 25],
        hands=[["wharf", "winter_palace"], []],
    )
    assert refused(st, 0, Buy("upper", 0, "fur_shop", 4)) == "Fur Shop costs 4 ₽ and you have 1 ₽."
    assert refused(st, 0, Buy("upper", 0, "fur_shop", 10)) == "Fur Shop costs 4 ₽ and you have 1 ₽."
    assert refused(st, 0, Buy("upper", 1, "carpenter_workshop", 4)) == (
        "You have no Lumberjack or Czar and Carpenter for the Carpenter Workshop to replace."
    )
    assert refused(st, 0, Buy("upper", 2, "bank", 8)) == "Bank costs 8 ₽ and you have 1 ₽."
    assert refused(st, 0, Buy("upper", 3, "pope", 6)) == "You have no aristocrat for the Pope to replace."
    assert refused(st, 0, Play("wharf", 12)) == (
        "You have no Ship Builder or Czar and Carpenter for the Wharf to replace."
    )
    assert refused(st, 0, Play("winter_palace", 19)) == "Winter Palace costs 14 ₽ and you have 1 ₽."
    # with the money for it, the missing target is what is wrong
    st.rubles[0] = 25
    assert refused(st, 0, Buy("upper", 0, "fur_shop", 4)) == (
        "The Fur Shop must replace a Fur Trapper or the Czar and Carpenter."
    )
    # only trading cards of that colour, or only a used Observatory, to replace
    st = make_state(
        phase="building", upper=["hermitage"], areas=[["bank", "observatory"], []], rubles=[30, 30]
    )
    st.obs_used = [1, 0]
    assert refused(st, 0, Buy("upper", 0, "hermitage", 12)) == (
        "A used Observatory can't be replaced until it is turned back next round."
    )
    st = make_state(phase="building", upper=["hermitage"], areas=[["bank"], []], rubles=[30, 30])
    assert refused(st, 0, Buy("upper", 0, "hermitage", 12)) == (
        "Your buildings are all trading cards: the Hermitage can't replace one."
    )


def test_trading_card_drawn_with_the_observatory_names_what_blocks_it():
    st = obs_state(areas=[["observatory"], []], rubles=[3, 30])
    st.stacks["trading"] += ["fur_shop"]
    st.apply(0, UseObservatory("trading"))
    assert refused(st, 0, ObservatoryBuy("fur_shop", 10)) == (
        "You have no Fur Trapper or Czar and Carpenter for the Fur Shop to replace."
    )
    st = obs_state(areas=[["observatory", "market"], []], rubles=[3, 30])
    st.stacks["trading"] += ["bank"]
    st.apply(0, UseObservatory("trading"))
    assert refused(st, 0, ObservatoryBuy("bank", 13)) == "Bank costs 8 ₽ and you have 3 ₽."


def test_no_observatory_is_named_before_the_phase():
    st = make_state(phase="worker", areas=[["market"], []], upper=["lumberjack"])
    assert refused(st, 0, UseObservatory("building")) == "You have no Observatory."


def test_the_end_reveals_every_players_money_and_hand():
    st = make_state(n=3, hands=[["czar"], ["pope", "bank"], []], rubles=[11, 12, 13])
    assert [p.rubles for p in st.view(None).players] == [None, None, None]
    st.step = "over"
    st.active = None
    for viewer in (None, 0, 1, 2):
        players = st.view(viewer).players
        assert [p.rubles for p in players] == [11, 12, 13]
        assert [p.hand for p in players] == [("czar",), ("pope", "bank"), ()]
