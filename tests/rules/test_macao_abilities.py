"""Macao's card abilities done so far, each against its exact semantics in the house data (§3.2):
uses a round, TRADE's prices and gains, ON triggers (never by the card itself), warehouses and the
cooperage, extra quarters and tributes, the diplomat's discount, the gate and the guard, the wall
discounts, payments under WILD and DISCOUNT, ships, activation choices, the Juggler, and the
phase-1 and phase-2 cards. Worked example 11 (the Herald, the Fountain, Customs twice, the Juggler)."""

from __future__ import annotations

import pytest

from boardgames_tui.rules.core import IllegalAction, Pass
from boardgames_tui.rules.macao.abilities import get_options, pay_options
from boardgames_tui.rules.macao.actions import (
    Activate,
    ChooseDice,
    Deliver,
    Draft,
    Sail,
    TakeQuarter,
    Tribute,
    UseCard,
    UseJoker,
    Wall,
)
from boardgames_tui.rules.macao.data import COLOURS
from boardgames_tui.rules.macao.reckoning import LAST, cubes, wall_position
from boardgames_tui.rules.macao.state import card_cost, quarter_cost

from .test_macao_rules import act, at_actions

C = {letter: i for i, letter in enumerate(COLOURS)}


def turn(*active: str, available: str = "R5 B5 G5 K5 Y5 V5", gold: int = 20):
    s = at_actions(2)
    p = s.to_move()[0]
    s.active[p] = list(active)
    s.available[p] = cubes(available)
    s.gold[p] = gold
    return s, p


def test_trade_prices_and_gains():
    assert pay_options("R1", cubes("R1 B2"), 0) == [((C["R"],), 0)]
    assert pay_options("R1", cubes("B2"), 0) == []
    assert sorted(pay_options("X2", cubes("R1 B2"), 0)) == [((C["R"], C["B"]), 0), ((C["B"], C["B"]), 0)]
    assert pay_options("S2", cubes("R1 B2 G3"), 0) == [((C["B"], C["B"]), 0), ((C["G"], C["G"]), 0)]
    assert pay_options("D3", cubes("R1 B2"), 0) == []
    assert pay_options("2g", cubes(), 1) == [] and pay_options("2g", cubes(), 2) == [((), 2)]
    assert len(get_options("2×any")) == 21 and len(get_options("2×same")) == 6


def test_a_card_is_used_once_a_round_and_customs_twice():
    s, p = turn("B17", "O17")  # School: 2 gold; Customs: 1 cube for 1 gold, twice a round
    act(s, UseCard("B17"))
    assert s.gold[p] == 22 and UseCard("B17") not in s.legal_actions(p)
    with pytest.raises(IllegalAction):
        act(s, UseCard("B17"))
    act(s, UseCard("O17", (C["R"],)))
    act(s, UseCard("O17", (C["B"],)))
    assert s.gold[p] == 24 and s.available[p] == cubes("R4 B4 G5 K5 Y5 V5")
    assert not any(isinstance(a, UseCard) and a.card == "O17" for a in s.legal_actions(p))


def test_trades_for_cubes_and_pp():
    s, p = turn("P29", "B26")  # Moneylender: 2 gold for 2 cubes of any colours; Lacquer Workshop K2 → 5 PP
    act(s, UseCard("P29", (), (C["V"], C["V"])))
    assert s.gold[p] == 18 and s.available[p][C["V"]] == 7
    act(s, UseCard("B26", (C["K"], C["K"])))
    assert s.pp[p] == 5 and s.available[p][C["K"]] == 3


def test_on_triggers_fire_for_other_cards_only():
    s, p = turn()
    s.tableau[p] = ["O15", "B22"]  # Crown Judge: 1 PP per other card activated
    s.available[p] = card_cost("O15")
    act(s, Activate("O15"))
    assert s.pp[p] == 0  # not for itself
    s.available[p] = card_cost("B22")
    act(s, Activate("B22"))
    assert s.pp[p] == 1


def test_activation_gold():
    s, p = turn()
    s.tableau[p] = ["O23"]  # Embassy to Peking: 6 gold on activation
    s.available[p] = card_cost("O23")
    gold = s.gold[p]
    act(s, Activate("O23"))
    assert s.gold[p] == gold + 6


def test_a_warehouse_doubles_the_port_and_the_cooperage_is_not_doubled():
    s, p = turn("B08", "B05")  # Tea Warehouse; Cooperage: 2 PP per tile delivered
    s.ship[p] = "London"
    s.cargo[p] = ["tea"]
    act(s, Deliver("tea"))
    assert s.pp[p] == 2 * 5 + 2


def test_the_herald_takes_two_quarters_and_the_fountain_steps_for_free():
    s, p = turn("P02", "B01")
    before = wall_position(s.wall, p)
    for q in ("q01", "q03"):
        s.available[p] = quarter_cost(q)
        act(s, TakeQuarter(q))
    assert s.quarters_taken[p] == 2 and wall_position(s.wall, p) == before + 2
    assert not any(isinstance(a, TakeQuarter) for a in s.legal_actions(p))
    s.available[p] = cubes("R3")
    assert Wall(2) in s.legal_actions(p)  # the free steps are not the round's wall move


def test_envoy_diplomat_and_message_at_the_tribute():
    s, p = turn("P14", "P13", "O24", gold=10)  # twice a turn; 1 gold less; 2 PP more
    s.price = (3, 5)
    act(s, Tribute())
    act(s, Tribute())
    assert s.gold[p] == 10 - 2 - 2 and s.pp[p] == 2 * (5 + 2)
    assert Tribute() not in s.legal_actions(p)
    with pytest.raises(IllegalAction, match="2 times a round"):  # the Envoy's limit, not one
        act(s, Tribute())
    plain, q = turn(gold=10)
    act(plain, Tribute())
    with pytest.raises(IllegalAction, match="once a round"):
        act(plain, Tribute())


def test_the_gate_wins_wall_ties_and_the_guard_steps():
    s, p = turn("B03", "P08")
    other = 1 - p
    s.wall = [[] for _ in range(LAST + 1)]
    s.wall[3] = [other, p]
    assert s.order() == [p, other]
    act(s, UseCard("P08"))
    assert wall_position(s.wall, p) == 4


@pytest.mark.parametrize(
    "cards, costs",
    [
        ((), [1, 3, 5, 7]),
        (("B04",), [0, 2, 4, 6]),  # Tower: a cube less a move
        (("P07",), [1, 2, 3, 4]),  # Cannoneer: further spaces 1 each
        (("B04", "P07"), [0, 1, 2, 3]),  # both: n spaces for n − 1
    ],
)
def test_wall_costs_with_the_tower_and_the_cannoneer(cards, costs):
    s, p = turn(*cards)
    assert [s.wall_cost(p, n) for n in (1, 2, 3, 4)] == costs


def test_a_free_wall_move_needs_no_payment():
    s, p = turn("B04")
    before = wall_position(s.wall, p)
    act(s, Wall(1))
    assert s.step == "actions" and wall_position(s.wall, p) == before + 1 and s.walled[p]


def test_recolour_changes_up_to_its_number_of_cubes():
    s, p = turn("B30", available="R2")  # Bazaar: up to 2 cubes
    act(s, UseCard("B30", (C["R"], C["R"]), (C["B"], C["V"])))
    assert s.available[p] == cubes("B1 V1")
    assert not any(isinstance(a, UseCard) for a in s.legal_actions(p))
    s2, p2 = turn("O21", available="R1")  # Dyers' Licence: 1 cube
    options = [a for a in s2.legal_actions(p2) if isinstance(a, UseCard)]
    assert len(options) == 5 and all(a.pay == (C["R"],) and len(a.get) == 1 for a in options)


def test_the_carpenter_leaves_a_cube_out_of_a_quarters_cost():
    s, p = turn("P06", available="R2 K1")  # q09 Monte costs R2 K1 Y1
    legal = [a for a in s.legal_actions(p) if isinstance(a, TakeQuarter) and a.quarter == "q09"]
    assert legal == [TakeQuarter("q09", (C["R"], C["R"], C["K"]))]
    act(s, legal[0])
    assert s.owner["q09"] == p and s.available[p] == cubes()


def test_night_watchmen_pay_one_cube_of_any_colour():
    s, p = turn("P03", available="V1 B1")  # q06 Tap Seac costs V2
    act(s, TakeQuarter("q06", (C["B"], C["V"])))
    assert s.owner["q06"] == p
    with pytest.raises(IllegalAction):
        act(s, TakeQuarter("q06", (C["B"], C["V"])))  # taken now


def test_wild_and_discount_on_activation_keep_at_least_one_cube():
    s, p = turn("P22", available="R2")  # Linguist: 2 cubes of any colour
    s.tableau[p] = ["P31"]  # Tax Collector costs K2
    act(s, Activate("P31", (C["R"], C["R"])))
    assert "P31" in s.active[p]
    s2, p2 = turn("O18", available="R1")  # Guild Charter: a cube less, at least one
    s2.tableau[p2] = ["P01"]  # Juggler costs V1
    assert [a for a in s2.legal_actions(p2) if isinstance(a, Activate)] == []
    s2.available[p2] = cubes("V1")
    assert [a.pay for a in s2.legal_actions(p2) if isinstance(a, Activate)] == [(C["V"],)]


def test_lighthouse_and_sail_maker_lower_the_sailing_cost():
    s, p = turn()
    assert s.sail_costs(p)["London"] == 7  # Macao s01 s02 s03 Lisboa s04 s05 London
    s.active[p] = ["B14"]  # Lighthouse: entering a port costs nothing
    assert s.sail_costs(p)["London"] == 5
    s.active[p] = ["P11"]  # Sail Maker: 2 spaces a cube
    assert s.sail_costs(p)["London"] == 4
    s.active[p] = ["B14", "P11"]  # after the port discount: 5 spaces, 3 cubes
    assert s.sail_costs(p)["London"] == 3
    act(s, Sail("London", 3))
    assert s.step == "pay" and s.payment["due"] == 3


def test_the_cabin_boy_sails_two_spaces_for_free_once_a_round():
    s, p = turn("P10")
    moves = {a.to for a in s.legal_actions(p) if isinstance(a, UseCard) and a.card == "P10"}
    assert moves == {"s01", "s02"}
    act(s, UseCard("P10", to="s02"))
    assert s.ship[p] == "s02" and s.available[p] == cubes("R5 B5 G5 K5 Y5 V5")
    assert not any(isinstance(a, UseCard) and a.card == "P10" for a in s.legal_actions(p))


def test_a_second_ship_card_may_start_while_the_first_ones_move_has_spaces_left():
    """Spec A2: any card at any point of the turn. Starting the Cabin Boy ends the Helmsman's move
    (as any action but a delivery does): its unused spaces lapse."""
    s, p = turn("P10", "P12", available="")
    act(s, UseCard("P12", to="s01"))  # the Helmsman: 1 of its 3 free spaces
    assert s.free_sail == ("P12", 2)
    offered = {(a.card, a.to) for a in s.legal_actions(p) if isinstance(a, UseCard)}
    assert ("P12", "s03") in offered and ("P10", "s03") in offered
    act(s, UseCard("P10", to="s03"))  # the Cabin Boy's own 2 spaces, from s01
    assert s.ship[p] == "s03" and s.free_sail is None  # both moves used up
    assert not any(isinstance(a, UseCard) and a.to for a in s.legal_actions(p))


def test_a_card_ship_move_goes_on_with_its_own_spaces_only():
    s, p = turn("P10", "P12", available="")
    act(s, UseCard("P10", to="s01"))  # the Cabin Boy: 1 of 2 spaces left
    act(s, UseCard("P12", to="s02"))  # the Helmsman starts afresh: 3 spaces from s01, 2 left
    assert s.free_sail == ("P12", 2) and s.uses[p]["P10"] == s.uses[p]["P12"] == 1


def test_the_soldier_takes_a_quarter_of_three_cubes_for_free():
    s, p = turn()
    s.tableau[p] = ["P04"]  # Soldier: R2
    s.available[p] = card_cost("P04")
    quarters = {a.quarter for a in s.legal_actions(p) if isinstance(a, Activate)}
    assert "q01" in quarters and "q09" not in quarters  # Monte costs 4 cubes
    act(s, Activate("P04", quarter="q01"))
    assert s.owner["q01"] == p and s.quarters_taken[p] == 0  # not one of the round's quarters


def test_the_porter_gives_three_cubes_of_chosen_colours():
    s, p = turn(available="Y2")
    s.tableau[p] = ["P39"]
    act(s, Activate("P39", get=(C["R"], C["R"], C["V"])))
    assert s.available[p] == cubes("R2 V1")


def test_ex11_the_juggler_counts_a_joker_double():
    s, p = turn("P01", available="V1")
    s.jokers[p] = 1
    options = {(a.colour, a.also) for a in s.legal_actions(p) if isinstance(a, UseJoker)}
    assert (C["V"], -1) in options and (-1, -1) in options and (C["R"], C["B"]) in options
    assert not any(isinstance(a, TakeQuarter) and a.quarter == "q06" for a in s.legal_actions(p))  # V2
    gold = s.gold[p]
    act(s, UseJoker(C["V"], -1))  # the missing violet cube, and 3 gold
    assert s.available[p] == cubes("V2") and s.gold[p] == gold + 3 and s.jokers[p] == 0
    act(s, TakeQuarter("q06"))
    assert s.owner["q06"] == p


@pytest.mark.parametrize("what", ["sail", "wall"])
def test_a_doubled_joker_inside_a_payment_pays_it_in_full(what):
    """With the Juggler a joker gives 2 cubes or a cube and 3 gold (F13); inside a payment the
    cube and gold only while the rest still pays what is due: a move is never left part-paid."""
    s, p = turn("P01", available="R1")
    s.jokers[p] = 1  # 1 cube and a joker worth 2: 3 cubes
    act(s, Sail("s03", 3) if what == "sail" else Wall(2))
    assert s.step == "pay" and s.payment["due"] == 3
    jokers = {(a.colour, a.also) for a in s.legal_actions(p) if isinstance(a, UseJoker)}
    assert jokers and all(also is not None and also >= 0 for _, also in jokers)
    with pytest.raises(IllegalAction):
        s.apply(p, UseJoker(C["R"], -1))
    gold = s.gold[p]
    act(s, UseJoker(C["B"], C["B"]))
    assert s.step == "actions" and s.available[p] == cubes("") and s.gold[p] == gold


def test_a_doubled_joker_may_give_gold_inside_a_payment_it_still_covers():
    s, p = turn("P01", available="")
    s.jokers[p] = 1
    act(s, Sail("s01", 1))
    jokers = {(a.colour, a.also) for a in s.legal_actions(p) if isinstance(a, UseJoker)}
    assert (C["R"], -1) in jokers and (-1, -1) not in jokers
    gold = s.gold[p]
    act(s, UseJoker(C["R"], -1))  # the cube pays the one space; 3 gold besides
    assert s.step == "actions" and s.ship[p] == "s01" and s.gold[p] == gold + 3


def test_a_doubled_joker_lists_each_choice_once_and_takes_either_order():
    s, p = turn("P01", available="V1")
    s.jokers[p] = 1
    jokers = [(a.colour, a.also) for a in s.legal_actions(p) if isinstance(a, UseJoker)]
    assert len(jokers) == len(set(jokers)) == 1 + 6 + 21  # 6 gold; a cube and 3 gold; two cubes
    assert (-1, C["V"]) not in jokers
    gold = s.gold[p]
    act(s, UseJoker(-1, C["V"]))  # gold named first, as a save from before may hold it
    assert s.available[p] == cubes("V2") and s.gold[p] == gold + 3 and s.jokers[p] == 0
    s.jokers[p] = 1
    act(s, UseJoker(-1, 0))  # colour 0 too
    assert s.available[p][0] == 1 and s.gold[p] == gold + 6


# -- phases 1 and 2 ---------------------------------------------------------------------------------


def at_draft(*active_for_first: str, players: int = 2):
    from .test_macao_rules import new, through_set_up

    s = new(players, seed=9)
    through_set_up(s)
    first = s.to_move()[0]
    s.active[first] = list(active_for_first)
    return s, first


def test_phase_one_gold_comes_by_itself_and_the_idler_may_take_nothing():
    s, p = at_draft("O08", "P15")  # Treasurer of the Senate: 2 gold in phase 1; Idler
    gold = s.gold[p]
    s._start_round(2)
    assert s.gold[p] == gold + 2
    assert Pass() in s.legal_actions(p)
    tableau = list(s.tableau[p])
    act(s, Pass())
    assert s.tableau[p] == tableau and s.to_move() != (p,)


def test_the_archive_holds_six_cards_before_the_overflow():
    s, p = at_draft("B32")
    s.tableau[p] = s.deck[:5]
    del s.deck[:5]
    act(s, Draft(s.display[0]))
    assert len(s.tableau[p]) == 6 and s.step == "draft" and s.punish[p] == 0


def to_dice(*active: str):
    s, p = at_draft(*active)
    while s.step == "draft":
        act(s, s.legal_actions(s.to_move()[0])[0])
    s.queue = [p] + [q for q in s.queue if q != p]
    return s, p


def test_rose_extra_shift_and_a_cube_at_one():
    s, p = to_dice("B36", "B35", "P32")  # Water Clock +1 cube, Observatory 1 face earlier, Fortune-teller
    s.dice = [3, 4, 1, 1, 1, 1]
    s.pending[p] = [cubes()] * 6
    act(s, ChooseDice(C["R"], C["B"], extra=0, shift_die=1, shift=1, cube=C["V"]))
    while s.step == "dice":
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert s.available[p] == cubes("V1")  # the cube at 1 arrived, so no punish marker
    assert s.punish[p] == 0
    # red 3 (+1 cube) at face 3, blue 4 placed at face 3 after the shift: one turn later, face 2
    assert s.pending[p][1] == cubes("R4 B4")


def test_professor_pays_once_and_astrologer_for_each_six():
    s, p = to_dice("P17", "P48")
    s.dice = [1, 1, 6, 6, 2, 2]
    gold, pp = s.gold[p], s.pp[p]
    act(s, ChooseDice(C["R"], C["B"]))  # two 1s: the Professor pays once
    assert s.gold[p] == gold  # paid at the rotation
    while s.step == "dice":
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert s.gold[p] == gold + 2 and s.pp[p] == pp
    s2, q = to_dice("P48")
    s2.dice = [6, 6, 1, 1, 1, 1]
    pp = s2.pp[q]
    act(s2, ChooseDice(C["R"], C["B"]))
    while s2.step == "dice":
        act(s2, s2.legal_actions(s2.to_move()[0])[0])
    assert s2.pp[q] == pp + 6


def test_the_lighthouse_sails_into_a_port_with_no_cubes_at_all():
    s, p = turn("B14", available="")
    s.ship[p] = "s03"  # a space before Lisboa
    assert Sail("Lisboa", 0) in s.legal_actions(p)
    act(s, Sail("Lisboa", 0))
    assert s.ship[p] == "Lisboa" and s.step == "actions"
    assert not any(isinstance(a, Sail) for a in s.legal_actions(p))  # the next space is no port


def test_sail_maker_spaces_bought_last_through_a_delivery_and_lapse_at_any_other_action():
    """F07: a movement of k spaces costs ⌈k ÷ 2⌉ cubes; delivering on the way does not end it."""
    s, p = turn("P11", available="R2")
    s.ship[p] = "s03"
    s.cargo[p] = ["spices"]  # wanted in Lisboa, a space on
    act(s, Sail("Lisboa", 1))  # the cube buys 2 spaces: 1 left
    act(s, Deliver("spices"))
    assert Sail("s04", 0) in s.legal_actions(p) and Sail("s05", 1) in s.legal_actions(p)
    act(s, Sail("s04", 0))
    assert s.ship[p] == "s04" and s.available[p] == cubes("R1")
    # bought and not used, then another action: the spaces lapse
    s.ship[p], s.sail_credit = "s03", 0
    act(s, Sail("Lisboa", 1))  # the last cube: 1 space left
    act(s, Tribute())
    assert not any(isinstance(a, Sail) for a in s.legal_actions(p))  # no cubes, no spaces left


def test_a_free_move_goes_on_after_a_delivery_in_a_port_on_the_way():
    """F06: up to n spaces for free as one movement; deliveries in ports entered work as usual."""
    s, p = turn("P12", available="")  # Helmsman: 3 spaces
    s.ship[p] = "s03"
    s.cargo[p] = ["spices"]
    act(s, UseCard("P12", to="Lisboa"))
    act(s, Deliver("spices"))
    onward = {a.to for a in s.legal_actions(p) if isinstance(a, UseCard) and a.card == "P12"}
    assert "s05" in onward and "London" not in onward  # 2 spaces left of 3
    act(s, UseCard("P12", to="s05"))
    assert s.ship[p] == "s05"
    assert not any(isinstance(a, UseCard) and a.card == "P12" for a in s.legal_actions(p))


def test_a_free_move_stopped_by_another_action_is_over():
    s, p = turn("P12")
    s.ship[p] = "s03"
    act(s, UseCard("P12", to="Lisboa"))
    act(s, Tribute())
    assert not any(isinstance(a, UseCard) and a.card == "P12" for a in s.legal_actions(p))
