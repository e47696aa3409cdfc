"""Macao checked section by section against shared/rules/macao.md and macao_house_data.md: the
player counts and set-up (§3), the phases and their turn order (§4, E7), the actions (§5), final
scoring and the tie-break (§6), the rulings (E-numbers), the worked examples of §8 played through
the state machine, and the house cards' primitives (F-numbers, G-rules) not tested elsewhere.
Each test names the section, ruling, example or card it checks."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.rules.core import IllegalAction, Pass
from boardgames_tui.rules.macao import GAME
from boardgames_tui.rules.macao.actions import (
    Activate,
    ChooseDice,
    Deliver,
    Draft,
    PayCube,
    Sail,
    StartCubes,
    TakeQuarter,
    Tribute,
    UseCard,
    UseJoker,
    Wall,
)
from boardgames_tui.rules.macao.data import CARD, COLOURS, DECK_IDS, GOODS, OFFICE_IDS, QUARTER
from boardgames_tui.rules.macao.reckoning import LAST, NO_CUBES, cubes, wall_position
from boardgames_tui.rules.macao.state import card_cost, quarter_cost

from .test_macao_rules import act, at_actions, new, through_set_up

C = {letter: i for i, letter in enumerate(COLOURS)}
RICH = "R5 B5 G5 K5 Y5 V5"


class FixedDice(random.Random):
    """The dice roller of §4 phase 2, told what to roll: six values a round, in colour order
    R B G K Y V."""

    def __init__(self, values):
        super().__init__(0)
        self.values = list(values)

    def randint(self, a, b):
        return self.values.pop(0)


def rolls(*rounds: str) -> list[int]:
    """'R1 B2 G2 K4 Y6 V6' per round, as the values in colour order."""
    out = []
    for text in rounds:
        by_colour = {part[0]: int(part[1:]) for part in text.split()}
        out += [by_colour[c] for c in COLOURS]
    return out


def dice(a: str, b: str) -> ChooseDice:
    x, y = sorted((C[a], C[b]))
    return ChooseDice(x, y)


def finish_draft(s) -> None:
    while s.step in ("draft", "overflow"):
        act(s, s.legal_actions(s.to_move()[0])[0])


def choose_dice(s, picks: dict[int, ChooseDice]) -> None:
    while s.step == "dice":
        seat = s.to_move()[0]
        act(s, picks.get(seat) or s.legal_actions(seat)[0])


def all_pass(s) -> None:
    step_round = s.round
    while s.step == "actions" and s.round == step_round:
        act(s, Pass())


def turn(*active: str, available: str = RICH, gold: int = 20, players: int = 2):
    s = at_actions(players)
    p = s.to_move()[0]
    s.active[p] = list(active)
    s.available[p] = cubes(available)
    s.gold[p] = gold
    return s, p


def uses_of(s, p, card):
    return [a for a in s.legal_actions(p) if isinstance(a, UseCard) and a.card == card]


def empty_wall():
    return [[] for _ in range(LAST + 1)]


# -- §1 / §3: player counts, options and set-up ------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5])
def test_s1_only_two_to_four_players(players):
    with pytest.raises(ValueError):
        GAME.new([f"P{i}" for i in range(players)], 1)


def test_s7_options_take_only_their_listed_values_and_default_to_the_rulebook():
    s = new(2)
    assert s.options["dice_choice"] == "sequential" and s.options["delivery_points"] == "5-3-2"
    assert s.port_points == (5, 3, 2)
    with pytest.raises(ValueError):
        GAME.new(["a", "b"], 1, options={"dice_choice": "sometimes"})
    with pytest.raises(ValueError):
        GAME.new(["a", "b"], 1, options={"delivery_points": "9-9-9"})


@pytest.mark.parametrize("players", [2, 4])
def test_s3_step9_n_plus_two_starting_cards_from_the_bottom_of_the_stack_two_discarded(players):
    s = new(players, seed=11)
    stack = list(s.wall[0])
    assert len(s.revealed) == players + 2 and len(stack) == players
    pickers = []
    while s.step == "start_card":
        pickers.append(s.to_move()[0])
        act(s, s.legal_actions(pickers[-1])[0])
    assert pickers == stack[::-1]
    assert len(s.discard) == 2 and all(len(s.tableau[p]) == 1 for p in range(players))
    placers = []
    while s.step == "start_cubes":
        placers.append(s.to_move()[0])
        act(s, StartCubes(C["V"], C["V"]))  # the two colours may be the same
    assert placers == stack
    assert all(s.pending[p][0] == cubes("V1") and s.pending[p][1] == cubes("V2") for p in range(players))


def test_s3_starting_cubes_offer_every_colour_pair():
    s = new(2, seed=3)
    while s.step == "start_card":
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert len(s.legal_actions(s.to_move()[0])) == 36


def test_s3_board_set_up_gold_ships_tiles_offices_and_deck():
    s = new(4, seed=7)
    assert s.gold == [5] * 4 and s.pp == [0] * 4 and s.punish == [0] * 4
    assert s.ship == ["Macao"] * 4
    dark = {q for q, quarter in QUARTER.items() if quarter.dark}
    assert {q for q, t in s.tile.items() if t == "joker"} == dark and len(dark) == 6
    light = [t for q, t in s.tile.items() if q not in dark]
    assert sorted(light) == sorted(g for g in GOODS for _ in range(3))
    assert sorted(c for o in s.offices for c in o) == sorted(OFFICE_IDS)
    assert len(s.offices) == 12 and all(len(o) == 2 for o in s.offices)
    assert len(s.deck) + len(s.revealed) == len(DECK_IDS) == 96
    assert not set(s.deck) & set(OFFICE_IDS)
    # §4 hidden information: every office is public from the start; the deck shows only its size
    view = s.view(0)
    assert view.offices == tuple(map(tuple, s.offices)) and view.deck == len(s.deck)


def test_s3_the_wall_stack_starts_on_the_first_space_and_gives_the_first_order():
    s = new(3, seed=4)
    assert len(s.wall) == 16 and sorted(s.wall[0]) == [0, 1, 2]
    assert all(not stack for stack in s.wall[1:])
    through_set_up(s)
    assert list(s.queue) == list(s.wall[0])  # the draft in stack order, top first


# -- §4 phase 1 -------------------------------------------------------------------------------------


def test_s4_phase1_the_drawn_cards_dropped_are_the_last_drawn_and_offices_stay():
    # Ex 4 / Ex 7 (2 players): the tribute counts all six; the last two drawn are discarded
    s = new(2, seed=12)
    through_set_up(s)
    want = [(2, 2), (1, 2), (0, 1), (1, 1)]
    drawn = []
    for pair in want:
        card = next(c for c in s.deck if (CARD[c].yellow, CARD[c].red) == pair and c not in drawn)
        drawn.append(card)
    for c in drawn:
        s.deck.remove(c)
    s.deck += drawn[::-1]  # drawn from the top: p1 first
    s.offices[4] = ["O02", "O01"]  # yellow 1 red 2; yellow 0 red 1
    discards = len(s.discard)
    s._start_round(5)
    assert s.price == (5, 9)
    assert s.display == ["O02", "O01", drawn[0], drawn[1]]
    assert s.discard[discards:] == [drawn[2], drawn[3]]


def test_s4_phase1_the_tribute_is_set_anew_each_round_not_added():
    s = new(3, seed=13)
    through_set_up(s)
    finish_draft(s)
    choose_dice(s, {})
    all_pass(s)
    assert s.round == 2
    six = s.display + s.discard[-1:]  # 3 players: the last drawn card was dropped
    assert s.price == (sum(CARD[c].yellow for c in six), sum(CARD[c].red for c in six))


def test_s4_phase1_a_card_must_be_taken_and_only_from_the_display():
    s = new(3, seed=14)
    through_set_up(s)
    p = s.to_move()[0]
    assert Pass() not in s.legal_actions(p)  # no Idler: no declining
    outside = next(c for c in s.deck)
    with pytest.raises(IllegalAction):
        act(s, Draft(outside))
    assert len(s.legal_actions(p)) == len(s.display) == 5


def test_s4_phase1_idler_declines_and_three_cards_are_left():
    s = new(3, seed=15)
    through_set_up(s)
    p = s.to_move()[0]
    s.active[p] = ["P15"]
    discards = len(s.discard)
    act(s, Pass())
    finish_draft(s)
    assert len(s.discard) - discards == 3  # 5 shown, 2 taken


# -- §4 phase 2 (E2, E3, E5) and worked examples 1 to 3 through the state ------------------------------


def test_ex1_wind_rose_over_six_rounds_through_the_state():
    s = new(2, seed=21)
    while s.step == "start_card":
        act(s, s.legal_actions(s.to_move()[0])[0])
    x = s.to_move()[0]
    act(s, StartCubes(C["G"], C["B"]))
    act(s, StartCubes(C["R"], C["R"]))
    s.rng = FixedDice(
        rolls(
            "R1 B2 G2 K4 Y6 V6",
            "R3 B1 G5 K2 Y1 V4",
            "R2 B6 G2 K1 Y5 V3",
            "R5 B4 G6 K3 Y2 V1",
            "R1 B1 G1 K1 Y1 V1",
            "R1 B1 G1 K1 Y1 V1",
        )
    )
    picks = [("K", "V"), ("B", "R"), ("G", "K"), ("V", "Y"), ("R", "B"), ("R", "B")]
    seen = []
    for a, b in picks:
        finish_draft(s)
        choose_dice(s, {x: dice(a, b)})
        seen.append(s.available[x])
        all_pass(s)
    assert seen[0] == cubes("G1")
    assert seen[1] == cubes("B3")
    assert seen[2] == cubes("K1")
    assert seen[3] == cubes("K4 R3 G2 V1")
    assert seen[4] == cubes("Y2 R1 B1")  # Y2 from round 4, plus round 5's two 1s
    assert seen[5] == cubes("V6 R1 B1")  # violet 6 of round 1 arrives in round 6


def test_ex2_empty_pile_gives_a_punish_marker_and_tribute_is_still_open():
    s = new(2, seed=22)
    while s.step == "start_card":
        act(s, s.legal_actions(s.to_move()[0])[0])
    y = s.to_move()[0]
    act(s, StartCubes(C["R"], C["R"]))
    act(s, StartCubes(C["G"], C["G"]))
    s.rng = FixedDice(rolls("R1 B1 G1 K6 Y1 V5", "R1 B1 G3 K1 Y4 V1", "R6 B5 G1 K1 Y1 V1"))
    for pick in [dice("K", "V"), dice("Y", "G")]:
        finish_draft(s)
        choose_dice(s, {y: pick})
        assert s.punish[y] == 0
        all_pass(s)
    finish_draft(s)
    choose_dice(s, {y: dice("B", "R")})
    assert s.available[y] == NO_CUBES and s.punish[y] == 1
    assert s.pending[y][:5] == [cubes("G3"), cubes("V5 Y4"), cubes("K6"), cubes("B5"), cubes("R6")]
    while s.to_move()[0] != y:
        act(s, Pass())
    s.gold[y], s.price = 9, (4, 7)
    act(s, Tribute())  # A6 needs no cubes
    assert s.pp[y] == 7 and s.gold[y] == 5


def test_ex3_late_round_dice_are_turned_before_the_choice_and_count_as_1():
    s = new(2, seed=23)
    through_set_up(s)
    s._start_round(8)
    x = s.queue[0]
    s.active[x] = ["P17", "P48"]  # Professor (die 1: 2 gold), Astrologer (die 6: 3 PP)
    s.pending[x] = [NO_CUBES] * 6
    s.rng = FixedDice(rolls("R6 B5 G1 K6 Y2 V4"))
    finish_draft(s)
    assert s.dice == [1, 5, 1, 1, 2, 4]
    gold, pp = s.gold[x], s.pp[x]
    choose_dice(s, {x: dice("R", "B")})
    assert s.available[x] == cubes("R1")  # the red 6 gave one red cube, usable in round 8
    assert s.pending[x][3] == cubes("B5")  # blue 5: collected in round 12 (4 more turns)
    assert s.gold[x] == gold + 2  # a turned die shows 1 for the Professor
    assert s.pp[x] == pp  # and no longer 6 for the Astrologer


def test_ex3_blue_5_of_round_8_arrives_in_round_12_and_round_12_dice_all_show_1():
    s = new(2, seed=24)
    through_set_up(s)
    s._start_round(8)
    x = s.queue[0]
    s.pending[x] = [NO_CUBES] * 6
    s.rng = FixedDice(
        rolls(
            "R6 B5 G1 K6 Y2 V4",
            "R6 B5 G1 K1 Y1 V1",  # round 9: 5s and 6s turned
            "R1 B1 G1 K1 Y1 V1",
            "R1 B1 G1 K1 Y1 V1",
            "R6 B5 G4 K3 Y2 V6",  # round 12: every die turned to 1
        )
    )
    finish_draft(s)
    choose_dice(s, {x: dice("R", "B")})
    all_pass(s)
    finish_draft(s)
    assert s.dice == [1] * 6
    choose_dice(s, {x: dice("R", "G")})
    assert s.available[x] == cubes("R1 G1")
    all_pass(s)
    for _ in (10, 11):
        finish_draft(s)
        choose_dice(s, {x: dice("R", "G")})
        all_pass(s)
    assert s.round == 12
    finish_draft(s)
    assert s.dice == [1] * 6
    choose_dice(s, {x: dice("K", "V")})
    assert s.available[x] == cubes("B5 K1 V1")  # exactly the 2 cubes of the dice, plus the blue 5


def test_e3_two_different_dice_and_several_players_may_take_the_same_die():
    s = new(3, seed=25)
    through_set_up(s)
    finish_draft(s)
    order = list(s.queue)
    assert order == s.order()  # §4: the dice are chosen in wall order
    for seat in order:
        assert s.to_move() == (seat,)
        act(s, ChooseDice(0, 1))
    assert s.step == "actions"
    assert all(s.picks[p][:2] == (0, 1) for p in order)


# -- §4 turn order, E7 and Ex 6 through the state ---------------------------------------------------------


def test_ex6_wall_moves_change_turn_order_from_the_next_round_only():
    s = new(3, seed=26)
    through_set_up(s)
    a, b, c = s.wall[0]
    finish_draft(s)
    choose_dice(s, {})
    assert s.to_move() == (a,)
    assert list(s.queue) == [a, b, c]
    act(s, Pass())  # A does not move
    s.available[b] = cubes("R1")
    act(s, Wall(1))
    assert wall_position(s.wall, b) == 1 and s.available[b] == NO_CUBES
    act(s, Pass())
    s.available[c] = cubes("K3")
    act(s, Wall(2))
    assert wall_position(s.wall, c) == 2 and s.available[c] == NO_CUBES
    act(s, Pass())
    assert s.round == 2 and list(s.queue) == [c, b, a]  # the draft of round 2: C, B, A
    finish_draft(s)
    choose_dice(s, {})
    assert list(s.queue) == [c, b, a]
    act(s, Pass())
    act(s, Pass())
    s.available[a] = cubes("G3")
    act(s, Wall(2))
    assert s.wall[2] == [a, c]  # on top of C
    assert not any(isinstance(x, Wall) for x in s.legal_actions(a))  # once a round
    act(s, Pass())
    assert list(s.queue) == [a, c, b]


def test_e7_a_wall_move_in_the_action_phase_does_not_change_that_phase_order():
    s = new(3, seed=27)
    through_set_up(s)
    finish_draft(s)
    choose_dice(s, {})
    first, second, third = s.queue
    act(s, Pass())
    s.available[second] = cubes("B9")
    act(s, Wall(5))
    act(s, Pass())
    assert s.to_move() == (third,)


# -- §5 actions -----------------------------------------------------------------------------------------


def test_a1_e16_a_card_is_usable_in_the_round_it_is_activated():
    s, p = turn(available="G1 Y1 K2")
    s.tableau[p] = ["B17"]  # School: G1 Y1 K2, 2 gold once a round
    act(s, Activate("B17"))
    assert s.available[p] == NO_CUBES
    act(s, UseCard("B17"))
    assert s.gold[p] == 22


def test_a1_activation_needs_the_exact_colours():
    s, p = turn(available="R3")
    s.tableau[p] = ["B22"]  # B2
    assert not any(isinstance(a, Activate) for a in s.legal_actions(p))
    with pytest.raises(IllegalAction):
        act(s, Activate("B22"))


def test_a3_a_dark_quarter_gives_a_joker_usable_at_once_e23():
    s, p = turn(available="G2 B1")
    act(s, TakeQuarter("q04"))  # Ilha Verde, dark: G2 B1
    assert s.jokers[p] == 1 and s.cargo[p] == []
    act(s, UseJoker(C["K"]))
    assert s.available[p] == cubes("K1") and s.jokers[p] == 0


def test_a3_a_quarter_needs_its_exact_colours():
    s, p = turn(available="R1 B1 G1 K1 Y1")
    assert not any(isinstance(a, TakeQuarter) and a.quarter == "q06" for a in s.legal_actions(p))  # V2
    with pytest.raises(IllegalAction):
        act(s, TakeQuarter("q06"))


def test_a3_a_quarter_owned_by_another_player_cannot_be_taken():
    s, p = turn()
    s.owner["q01"] = 1 - p
    assert TakeQuarter("q01") not in s.legal_actions(p)


def test_a4_ship_moves_any_direction_several_times_and_ships_share_spaces():
    s, p = turn(available="R10")
    s.ship[1 - p] = "Lisboa"
    act(s, Sail("Lisboa", 4))
    assert s.ship == ["Lisboa", "Lisboa"]
    act(s, Sail("s02", 2))  # back towards Macao
    act(s, Sail("Barcelona", 4))
    assert s.ship[p] == "Barcelona" and s.available[p] == cubes("R0")


def test_a4_sail_colours_are_chosen_cube_by_cube():
    s, p = turn(available="R1 B1 G1")
    act(s, Sail("s02", 2))
    assert s.step == "pay"
    with pytest.raises(IllegalAction):
        act(s, PayCube(C["V"]))  # no violet
    act(s, PayCube(C["G"]))
    act(s, PayCube(C["R"]))
    assert s.step == "actions" and s.available[p] == cubes("B1") and s.ship[p] == "s02"


def test_a5_only_the_good_a_port_wants_is_delivered_and_a_joker_never():
    s, p = turn()
    s.ship[p] = "London"
    s.cargo[p] = ["spices", "jade"]
    s.jokers[p] = 1
    assert not any(isinstance(a, Deliver) for a in s.legal_actions(p))
    with pytest.raises(IllegalAction):
        act(s, Deliver("spices"))


def test_a5_no_delivery_at_sea():
    s, p = turn()
    s.ship[p] = "s05"
    s.cargo[p] = ["tea"]
    assert not any(isinstance(a, Deliver) for a in s.legal_actions(p))


def test_a6_e11_a_zero_gold_tribute_gives_its_pp_for_free():
    s, p = turn(available="", gold=0)
    s.price = (0, 3)
    act(s, Tribute())
    assert s.pp[p] == 3 and s.gold[p] == 0


def test_ex4_tribute_four_players():
    s = at_actions(4)
    s.price = (5, 9)
    a, b, c, d = s.queue
    s.gold[a], s.gold[b], s.gold[c], s.gold[d] = 7, 2, 4, 6
    s.jokers[b] = 1
    s.available[d] = NO_CUBES
    act(s, Tribute())
    assert s.gold[a] == 2 and s.pp[a] == 9
    with pytest.raises(IllegalAction):
        act(s, Tribute())  # a second purchase
    act(s, Pass())
    assert Tribute() not in s.legal_actions(b)
    act(s, UseJoker())  # the joker as 3 gold
    act(s, Tribute())
    assert s.gold[b] == 0 and s.pp[b] == 9 and s.jokers[b] == 0
    act(s, Pass())
    assert Tribute() not in s.legal_actions(c)
    with pytest.raises(IllegalAction):
        act(s, Tribute())
    act(s, Pass())
    act(s, Tribute())  # no cubes this round, 6 gold
    assert s.gold[d] == 1 and s.pp[d] == 9


def test_a6_tribute_is_all_or_nothing():
    s, p = turn(gold=4)
    s.price = (5, 9)
    assert Tribute() not in s.legal_actions(p)


def test_e21_a_disc_on_the_last_space_cannot_move_and_moves_stop_at_the_last_space():
    s, p = turn(available="R20")
    s.wall = empty_wall()
    s.wall[LAST] = [p, 1 - p]
    assert not any(isinstance(a, Wall) for a in s.legal_actions(p))
    s.wall = empty_wall()
    s.wall[10] = [p]
    s.wall[0] = [1 - p]
    assert sorted(a.spaces for a in s.legal_actions(p) if isinstance(a, Wall)) == [1, 2, 3, 4, 5]


def test_a7_a_wall_move_lands_on_top_of_a_stack_below_the_last_space():
    s, p = turn(available="R1")
    s.wall = empty_wall()
    s.wall[4] = [p]
    s.wall[5] = [1 - p]
    act(s, Wall(1))
    assert s.wall[5] == [p, 1 - p] and s.order() == [p, 1 - p]


def test_a9_g7_cubes_a_card_gave_are_lost_at_the_pass():
    s, p = turn("O10", available="")
    act(s, UseCard("O10", (), (C["B"],)))  # Water Rights: a blue cube
    assert s.available[p] == cubes("B1")
    act(s, Pass())
    assert s.available[p] == NO_CUBES


# -- §6 final scoring, E17, Ex 8 and Ex 10 through the state --------------------------------------------


def test_e17_after_round_12_the_game_ends_and_round_12_cards_on_the_tableau_are_markers():
    s = at_actions(2)
    s.round = 12
    p, q = s.queue
    s.tableau[p] = ["B22"]
    s.tableau[q] = []
    s.pp[p] = s.pp[q] = 20
    act(s, Pass())
    act(s, Pass())
    assert s.step == "over" and s.round == 12 and s.is_over()
    rows = s.final["rows"]
    assert rows[p]["punish"] == -3 and rows[p]["total"] == 17 and rows[q]["total"] == 20


def test_s6_step5_gold_goods_and_jokers_score_nothing():
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.gold[p], s.jokers[p], s.cargo[p] = 10, 40, 3, ["tea", "rice"]
    s.tableau[p], s.active[p] = [], []
    s._final_scoring()
    assert s.final["rows"][p]["total"] == 10


def test_ex8_a_tie_goes_to_the_player_further_along_the_wall():
    s = at_actions(2)
    p, q = s.queue
    s.pp[p], s.punish[p], s.tableau[p], s.active[p] = 62, 2, ["B22"], []
    s.owner = {"q13": p, "q14": p, "q15": p, "q16": p, "q30": p}
    s.pp[q], s.punish[q], s.tableau[q], s.active[q] = 61, 0, [], []
    s.wall = empty_wall()
    s.wall[5], s.wall[3] = [q], [p]
    s._final_scoring()
    rows = s.final["rows"]
    assert rows[p]["total"] == rows[q]["total"] == 61
    ranked = s.standings().rows
    assert [r.seat for r in ranked] == [q, p] and ranked[0].winner and not ranked[1].winner


def test_ex8_same_space_the_higher_disc_wins_the_tie():
    s = at_actions(2)
    p, q = s.queue
    for seat in (p, q):
        s.pp[seat], s.punish[seat], s.tableau[seat], s.active[seat] = 30, 0, [], []
    s.wall = empty_wall()
    s.wall[5] = [p, q]
    s._final_scoring()
    assert [r.seat for r in s.standings().rows] == [p, q]
    s.wall[5] = [q, p]
    assert [r.seat for r in s.standings().rows] == [q, p]


def test_ex10_smithy_statue_and_the_largest_string_through_the_state():
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.punish[p], s.tableau[p] = 40, 0, []
    s.active[p] = ["B02", "B15"]  # Smithy: 1 PP a quarter owned; Statue: 3 PP
    s.owner = {"q13": p, "q14": p, "q15": p, "q01": p, "q30": p}  # a string of 3, and 2 apart
    s._final_scoring()
    row = s.final["rows"][p]
    assert row["cards"] == 5 + 3 and row["city"] == 6 and row["total"] == 54


@pytest.mark.parametrize(
    "card, points",
    [("B15", 3), ("B21", 11), ("B33", 4), ("B37", 12), ("B42", 10), ("P34", 9), ("P35", 7)],
)
def test_f02_fixed_game_end_pp(card, points):
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.punish[p], s.tableau[p], s.active[p] = 10, 0, [], [card]
    s._final_scoring()
    assert s.final["rows"][p]["total"] == 10 + points


def test_s6_a_game_end_card_left_on_the_tableau_scores_nothing_and_is_a_marker():
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.punish[p], s.tableau[p], s.active[p] = 10, 0, ["B37"], []
    s._final_scoring()
    assert s.final["rows"][p]["total"] == 10 - 3


def test_f24_end_counters_through_the_state():
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.punish[p], s.tableau[p] = 0, 0, []
    # University (1 a card), Strongroom (1 a gold), Mandarin (3 an office), Dominican Friar (2 a
    # person), Printing Press (2 a building), Chronicler (3 a trio); plus one office O01
    s.active[p] = ["B16", "B34", "P44", "P45", "B20", "P46", "O01"]
    s.gold[p] = 4
    s._final_scoring()
    # 7 cards; 4 gold; 1 office; 3 persons; 3 buildings; 1 trio
    assert s.final["rows"][p]["cards"] == 7 + 4 + 3 + 6 + 6 + 3


@pytest.mark.parametrize("abbot, expected", [(False, -6 + 6), (True, -3 + 3)])
def test_f23_the_confessor_counts_the_markers_after_step_1(abbot, expected):
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.punish[p], s.tableau[p] = 0, 1, ["B22"]
    s.active[p] = ["P28"] + (["P16"] if abbot else [])
    s._final_scoring()
    assert s.final["rows"][p]["total"] == expected


def test_f23_the_confessor_refunds_at_most_two_markers():
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.punish[p], s.tableau[p], s.active[p] = 20, 4, [], ["P28"]
    s._final_scoring()
    assert s.final["rows"][p]["total"] == 20 - 12 + 6


# -- the house cards: TRADE, GOLD, PP, CUBE (F01 to F04) ------------------------------------------------

TRADES = [
    # card, supply, cubes paid, gold change, PP change, supply after
    ("O01", "R1 B1", "R", 0, 2, "B1"),
    ("O04", "K1 V1", "K V", 0, 4, ""),
    ("O05", "G2", "G G", 2, 0, ""),
    ("O07", "Y1", "Y", 2, 0, ""),
    ("O11", "R1 V1", "R V", 3, 0, ""),
    ("O13", "B2", "B B", 2, 0, ""),
    ("O14", "R1 G1", "R G", 0, 3, ""),
    ("O19", "Y3", "Y Y", 4, 0, "Y1"),
    ("O20", "R1 G1 V1", "R G V", 0, 5, ""),
    ("P19", "K1 V1 G1", "G K V", 0, 6, ""),
    ("P21", "R1", "R", 2, 0, ""),
    ("P23", "G1", "G", 2, 0, ""),
    ("P24", "B2", "B B", 0, 5, ""),
    ("P25", "V2", "V V", 0, 5, ""),
    ("P26", "Y2", "Y Y", 0, 5, ""),
    ("P27", "G2", "G G", 0, 5, ""),
    ("P31", "K1", "K", 2, 0, ""),
    ("P37", "R1 Y1", "R Y", 0, 3, ""),
    ("B18", "Y1 V1", "Y V", 3, 0, ""),
    ("B19", "K1 B1", "B K", 3, 0, ""),
    ("B24", "V2", "V V", 0, 4, ""),
    ("B25", "V1", "V", 2, 0, ""),
    ("B27", "R1 R1 R1", "R R R", 4, 0, ""),
    ("B38", "K1", "K", 0, 2, ""),
    ("B39", "R2", "R R", 0, 5, ""),
]


@pytest.mark.parametrize("card, supply, paid, gold, pp, after", TRADES, ids=[t[0] for t in TRADES])
def test_f04_trades_pay_and_give_exactly_their_text(card, supply, paid, gold, pp, after):
    s, p = turn(card, available=supply, gold=10)
    pay = tuple(sorted(C[x] for x in paid.split()))
    act(s, UseCard(card, pay))
    assert s.gold[p] == 10 + gold and s.pp[p] == pp and s.available[p] == cubes(after)
    assert not uses_of(s, p, card)  # once a round


def test_cubes_paid_or_taken_name_one_move_in_any_order():
    s, p = turn("P19", available="K1 V1 G1", gold=10)
    backwards = tuple(sorted((C[x] for x in "G K V".split()), reverse=True))
    assert UseCard("P19", backwards) == UseCard("P19", tuple(sorted(backwards)))
    act(s, UseCard("P19", backwards))
    assert s.pp[p] == 6 and s.available[p] == cubes("")
    assert TakeQuarter("q01", (C["V"], C["R"])) == TakeQuarter("q01", (C["R"], C["V"]))
    assert Activate("B01", (C["K"], C["R"]), (C["V"], C["B"])) == Activate(
        "B01", (C["R"], C["K"]), (C["B"], C["V"])
    )


@pytest.mark.parametrize(
    "card, supply",
    [
        ("O11", "R2"),  # D2: two different colours
        ("B19", "K2"),
        ("P19", "K1 V2"),  # D3: three different colours
        ("O05", "R1 B1"),  # S2: two of one colour
        ("B24", "G1 V1"),
        ("O01", "B3"),  # R1: red only
        ("O19", "Y1 R1"),  # Y2: two gray
        ("O20", "R2"),  # X3: three cubes
    ],
)
def test_f04_a_trade_price_not_met_is_not_offered(card, supply):
    s, p = turn(card, available=supply, gold=10)
    assert uses_of(s, p, card) == []


@pytest.mark.parametrize(
    "card, gold, paid, pp, cubes_got",
    [
        ("P41", 2, 2, 4, ()),  # Patron of the Arts: 2 gold for 4 PP
        ("P42", 3, 3, 6, ()),  # Collector of Curiosities: 3 gold for 6 PP
        ("P30", 1, 1, 0, ("K", "K")),  # Money-changer: 1 gold for 2 cubes of one colour
    ],
)
def test_f04_trades_paid_in_gold(card, gold, paid, pp, cubes_got):
    s, p = turn(card, available="", gold=gold - 1)
    assert uses_of(s, p, card) == []  # one gold short
    s.gold[p] = gold
    get = tuple(C[x] for x in cubes_got)
    act(s, UseCard(card, (), get))
    assert s.gold[p] == 0 and s.pp[p] == pp
    assert s.available[p] == cubes(" ".join(cubes_got))


def test_f04_money_changer_gives_two_of_one_colour_only():
    s, p = turn("P30", available="", gold=5)
    gets = {a.get for a in uses_of(s, p, "P30")}
    assert gets == {(c, c) for c in range(6)}


@pytest.mark.parametrize(
    "card, options, example, after",
    [
        ("O03", 6, ("V",), "V1"),  # Commissary: 1 cube of any colour
        ("P38", 6, ("G",), "G1"),  # Quartermaster: the same
        ("O10", 1, ("B",), "B1"),  # Water Rights: a blue cube
        ("O12", 1, ("G", "G"), "G2"),  # Rice Monopoly: 2 green
        ("P36", 1, ("K",), "K1"),  # Sacristan: a black cube
        ("P52", 6, ("Y", "Y"), "Y2"),  # Great Merchant: 2 of one colour
    ],
)
def test_f03_cube_cards_in_the_action_turn(card, options, example, after):
    s, p = turn(card, available="")
    assert len(uses_of(s, p, card)) == options
    act(s, UseCard(card, (), tuple(C[x] for x in example)))
    assert s.available[p] == cubes(after)
    assert not uses_of(s, p, card)


@pytest.mark.parametrize("card, gold", [("O02", 1), ("B40", 1), ("B43", 2)])
def test_f01_gold_each_round(card, gold):
    s, p = turn(card, available="", gold=0)
    act(s, UseCard(card))
    assert s.gold[p] == gold and not uses_of(s, p, card)


@pytest.mark.parametrize("card, pp", [("B22", 1), ("B44", 2)])
def test_f02_pp_each_round_ex11_kun_iam_once(card, pp):
    s, p = turn(card, available="")
    act(s, UseCard(card))
    assert s.pp[p] == pp and not uses_of(s, p, card)
    with pytest.raises(IllegalAction):
        act(s, UseCard(card))


@pytest.mark.parametrize(
    "card, gold", [("O09", 3), ("B23", 5), ("B28", 6), ("B29", 3), ("P33", 5), ("P40", 7)]
)
def test_f01_gold_on_activation_once(card, gold):
    s, p = turn(gold=0)
    s.tableau[p] = [card]
    s.available[p] = card_cost(card)
    act(s, Activate(card))
    assert s.gold[p] == gold and not uses_of(s, p, card)


def test_g2_a_round_card_is_usable_again_next_round():
    s = new(2, seed=31)
    through_set_up(s)
    finish_draft(s)
    choose_dice(s, {})
    p = s.to_move()[0]
    s.active[p] = ["B22"]
    act(s, UseCard("B22"))
    assert not uses_of(s, p, "B22")
    all_pass(s)
    finish_draft(s)
    choose_dice(s, {})
    while s.to_move()[0] != p:
        act(s, Pass())
    act(s, UseCard("B22"))
    assert s.pp[p] == 2


PHASE3_ROUND = sorted(c for c in CARD if CARD[c].timing == "phase3" and CARD[c].uses in ("round", "round2"))
NOT_IN_TURN = sorted(
    c for c in CARD if not (CARD[c].timing == "phase3" and CARD[c].uses in ("round", "round2"))
)


@pytest.mark.parametrize("card", NOT_IN_TURN)
def test_g2_g3_cards_that_act_at_another_time_or_always_are_never_used_as_a_move(card):
    s, p = turn(card)
    assert uses_of(s, p, card) == []


def test_g2_every_phase3_round_card_is_offered_as_a_move():
    for card in PHASE3_ROUND:
        s, p = turn(card)
        assert uses_of(s, p, card), card


# -- triggers (F17) ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "owner, activated, gold, pp",
    [
        ("O16", "B22", 1, 0),  # Procurator: 1 gold for any other card
        ("P51", "O01", 1, 0),  # Banker: the same
        ("P43", "P01", 0, 1),  # Franciscan Friar: 1 PP for any other card
        ("P18", "P01", 1, 0),  # Go-between: a person
        ("P18", "B22", 0, 0),  # ... not a building
        ("B31", "P01", 0, 1),  # Inn: a person
        ("B31", "O01", 0, 0),  # ... not an office
        ("B41", "B22", 2, 0),  # Guild Hall: another building
        ("B41", "P01", 0, 0),  # ... not a person
        ("P47", "O01", 0, 3),  # Notary: an office
        ("P47", "B22", 0, 0),  # ... not a building
    ],
)
def test_f17_activation_triggers_by_kind(owner, activated, gold, pp):
    s, p = turn(owner, gold=0)
    s.tableau[p] = [activated]
    s.available[p] = card_cost(activated)
    act(s, Activate(activated))
    assert s.gold[p] == gold and s.pp[p] == pp


@pytest.mark.parametrize("card, gold, pp", [("P18", 0, 0), ("B41", 0, 0), ("O16", 0, 0), ("P43", 0, 0)])
def test_g4_an_activation_trigger_does_not_fire_for_its_own_activation(card, gold, pp):
    s, p = turn(gold=0)
    s.tableau[p] = [card]
    s.available[p] = card_cost(card)
    act(s, Activate(card))
    assert s.gold[p] == gold and s.pp[p] == pp


def test_f17_speculator_pays_for_each_quarter_also_the_soldiers_free_one():
    s, p = turn("P05", "P02", gold=0)  # Speculator 2 gold a quarter; Herald: two a round
    s.available[p] = quarter_cost("q01")
    act(s, TakeQuarter("q01"))
    assert s.gold[p] == 2
    s.tableau[p] = ["P04"]  # Soldier: a free quarter of at most 3 cubes
    s.available[p] = card_cost("P04")
    act(s, Activate("P04", quarter="q03"))
    assert s.owner["q03"] == p and s.gold[p] == 4


def test_f17_fountain_steps_for_the_soldiers_quarter_too():
    s, p = turn("B01")
    s.wall = empty_wall()
    s.wall[0] = [p, 1 - p]
    s.tableau[p] = ["P04"]
    s.available[p] = card_cost("P04")
    act(s, Activate("P04", quarter="q07"))
    assert wall_position(s.wall, p) == 1 and not s.walled[p]


def test_f17_captain_pays_for_each_tile_delivered():
    s, p = turn("P09", gold=0)
    s.ship[p] = "Lisboa"
    s.cargo[p] = ["spices", "spices"]
    act(s, Deliver("spices"))
    act(s, Deliver("spices"))
    assert s.gold[p] == 4 and s.pp[p] == 5 + 3


def test_f17_message_adds_its_pp_to_each_tribute_only():
    s, p = turn("O24", gold=10)
    s.price = (2, 3)
    act(s, Tribute())
    assert s.pp[p] == 5 and s.gold[p] == 8


# -- F06, F09, F10, F12, F15: ships, the wall, the Soldier, discounts -------------------------------------


def test_f01_fountain_step_from_the_space_before_the_last_goes_under_and_stops_there():
    s, p = turn("B01", "P02")
    s.wall = empty_wall()
    s.wall[14] = [p]
    s.wall[LAST] = [1 - p]
    s.available[p] = quarter_cost("q01")
    act(s, TakeQuarter("q01"))
    assert s.wall[LAST] == [1 - p, p]
    s.available[p] = quarter_cost("q03")
    act(s, TakeQuarter("q03"))  # on the last space: no further step
    assert s.wall[LAST] == [1 - p, p]


def test_f09_guard_step_onto_the_last_space_goes_under_and_is_not_offered_there():
    s, p = turn("P08")
    s.wall = empty_wall()
    s.wall[14] = [p]
    s.wall[LAST] = [1 - p]
    act(s, UseCard("P08"))
    assert s.wall[LAST] == [1 - p, p] and not s.walled[p]
    s2, q = turn("P08")
    s2.wall = empty_wall()
    s2.wall[LAST] = [q]
    s2.wall[0] = [1 - q]
    assert uses_of(s2, q, "P08") == []


def test_f10_gate_stays_on_top_when_another_disc_arrives_later():
    s = at_actions(2)
    p, q = s.queue
    s.active[q] = ["B03"]
    s.wall = empty_wall()
    s.wall[3] = [q]
    s.wall[2] = [p]
    s.available[p] = cubes("R1")
    act(s, Wall(1))
    assert s.wall[3] == [p, q]  # physically on top
    assert s.order() == [q, p]  # the Gate keeps q first
    s.pp = [0, 0]
    s.tableau = [[], []]
    s.punish = [0, 0]
    s._final_scoring()
    assert s.standings().rows[0].seat == q  # and it wins the tie


def test_f12_soldier_when_no_quarter_qualifies_does_nothing_more():
    s, p = turn()
    for q, quarter in QUARTER.items():
        if sum(n for _, n in quarter.cost) <= 3:
            s.owner[q] = 1 - p
    s.tableau[p] = ["P04"]
    s.available[p] = card_cost("P04")
    assert [a for a in s.legal_actions(p) if isinstance(a, Activate)] == [Activate("P04")]
    act(s, Activate("P04"))
    assert "P04" in s.active[p] and p not in s.owner.values()


def test_f12_soldier_good_is_delivered_at_once_in_its_port():
    s, p = turn()
    quarter = next(q for q, t in s.tile.items() if t == "spices" and sum(n for _, n in QUARTER[q].cost) <= 3)
    s.ship[p] = "Lisboa"
    s.tableau[p] = ["P04"]
    s.available[p] = card_cost("P04")
    act(s, Activate("P04", quarter=quarter))
    act(s, Deliver("spices"))
    assert s.pp[p] == 5


def test_f12_soldier_may_take_a_dark_quarter_for_its_joker():
    s, p = turn()
    s.tableau[p] = ["P04"]
    s.available[p] = card_cost("P04")
    act(s, Activate("P04", quarter="q11"))  # Guia, dark, V2 G1
    assert s.jokers[p] == 1 and s.owner["q11"] == p
    assert s.quarters_taken[p] == 0


def test_f15_diplomat_never_below_zero():
    s, p = turn("P13", gold=0)
    s.price = (1, 4)
    act(s, Tribute())
    assert s.gold[p] == 0 and s.pp[p] == 4


def test_f06_a_free_move_reaches_at_most_its_spaces_for_free():
    s, p = turn("P12", available="")  # Helmsman: up to 3 spaces
    moves = {a.to for a in uses_of(s, p, "P12")}
    assert moves == {"s01", "s02", "s03"}
    act(s, UseCard("P12", to="s03"))
    assert s.ship[p] == "s03" and uses_of(s, p, "P12") == []


def test_f06_paid_sailing_after_a_free_move():
    s, p = turn("P10", available="R2")  # Cabin Boy: 2 free spaces
    act(s, UseCard("P10", to="s02"))
    act(s, Sail("Lisboa", 2))
    assert s.ship[p] == "Lisboa" and s.available[p] == NO_CUBES


# -- phase 1 and phase 2 cards (F01 phase 1, F20, F21) ----------------------------------------------------


def test_f01_rent_collector_gives_a_gold_at_each_card_phase():
    s = new(2, seed=41)
    through_set_up(s)
    p = s.queue[0]
    s.active[p] = ["P50"]
    gold = s.gold[p]
    s._start_round(2)
    assert s.gold[p] == gold + 1
    s.step = "actions"
    assert uses_of(s, p, "P50") == []


def to_dice_with(*active: str):
    s = new(2, seed=42)
    through_set_up(s)
    p = s.queue[0]
    s.active[p] = list(active)
    finish_draft(s)
    assert s.to_move() == (p,)
    s.pending[p] = [NO_CUBES] * 6
    return s, p


def test_f20_monsoon_watcher_adds_two_cubes_to_one_die():
    s, p = to_dice_with("P49")
    s.dice = [1, 3, 1, 1, 1, 1]
    choices = {(a.a, a.b, a.extra) for a in s.legal_actions(p)}
    assert (C["R"], C["B"], -1) not in choices and (C["R"], C["B"], 1) in choices
    act(s, ChooseDice(C["R"], C["B"], extra=1))
    choose_dice(s, {})
    assert s.available[p] == cubes("R1")
    assert s.pending[p][1] == cubes("B5")  # 3 + 2 blue, at face 3, one turn on


def test_two_dice_named_the_other_way_round_are_the_same_choice():
    assert C["R"] < C["B"]
    assert ChooseDice(C["B"], C["R"], extra=0) == ChooseDice(C["R"], C["B"], extra=1)
    s, p = to_dice_with("P49")
    s.dice = [1, 3, 1, 1, 1, 1]
    act(s, ChooseDice(C["B"], C["R"], extra=0))  # blue named first gets the Monsoon Watcher's two
    choose_dice(s, {})
    assert s.available[p] == cubes("R1")
    assert s.pending[p][1] == cubes("B5")


def test_f20_rose_extra_on_a_die_at_1_arrives_at_once():
    s, p = to_dice_with("B36")
    s.dice = [1, 3, 1, 1, 1, 1]
    act(s, ChooseDice(C["R"], C["B"], extra=0))
    choose_dice(s, {})
    assert s.available[p] == cubes("R2")


def test_f21_astronomer_places_a_die_up_to_two_faces_earlier_not_below_1():
    s, p = to_dice_with("P20")
    s.dice = [2, 5, 1, 1, 1, 1]
    shifts = {(a.shift_die, a.shift) for a in s.legal_actions(p) if (a.a, a.b) == (C["R"], C["B"])}
    assert shifts == {(-1, 0), (0, 1), (0, 2), (1, 1), (1, 2)}
    act(s, ChooseDice(C["R"], C["B"], shift_die=0, shift=2))  # red 2 at face max(1, 0)
    choose_dice(s, {})
    assert s.available[p] == cubes("R2")
    assert s.pending[p][3] == cubes("B5")


# -- Ex 11 and E23: jokers in the action turn -------------------------------------------------------------


def test_e23_a_joker_is_not_offered_outside_its_owners_action_turn():
    s = new(2, seed=43)
    through_set_up(s)
    p = s.to_move()[0]
    s.jokers = [1, 1]
    assert not any(isinstance(a, UseJoker) for a in s.legal_actions(p))  # the draft
    with pytest.raises(IllegalAction):
        act(s, UseJoker())
    finish_draft(s)
    assert not any(isinstance(a, UseJoker) for a in s.legal_actions(s.to_move()[0]))  # the dice


def test_e23_a_joker_cube_pays_a_wall_move():
    s, p = turn(available="R2")
    s.jokers[p] = 1
    act(s, Wall(2))  # 3 cubes: 2 red and the joker's
    assert s.step == "pay" and s.payment["due"] == 3
    act(s, UseJoker(C["V"]))  # now every cube must go: paid by itself
    assert s.step == "actions" and s.jokers[p] == 0 and s.available[p] == NO_CUBES
    assert s.walled[p]


# -- further rulings: G6 stacking, F12 and F13 timing, player-count draft, options, negative totals ---------


def test_g6_two_wild_activate_cards_add_up():
    s, p = turn("O22", "P22", available="R4")  # up to 2 + 2 cubes of any colour
    s.tableau[p] = ["B16"]  # University: K1 V1 B1 G1
    act(s, Activate("B16", (C["R"],) * 4))
    assert "B16" in s.active[p] and s.available[p] == NO_CUBES


def test_a_cost_a_card_bends_is_refused_unpaid_with_the_cubes_to_name():
    s, p = turn("P06")  # the Carpenter: a quarter's cost may be paid 1 cube short
    s.available[p] = quarter_cost("q01")
    before = s.snapshot()
    with pytest.raises(IllegalAction) as refusal:
        s.apply(p, TakeQuarter("q01"))  # no cubes named
    assert refusal.value.reason == "Your cards change what this costs: say which cubes you pay (Y)."
    assert s.snapshot() == before
    assert quarter_cost("q01") == cubes("Y1")
    act(s, TakeQuarter("q01", (C["Y"],)))


def test_g6_discount_and_wild_on_one_activation_add_up():
    s, p = turn("O18", "P22", available="R2 K1")  # a cube less, and 2 of any colour
    s.tableau[p] = ["B16"]  # K1 V1 B1 G1: 3 cubes paid, K matched, 2 wild
    act(s, Activate("B16", (C["R"], C["R"], C["K"])))
    assert s.available[p] == NO_CUBES
    s2, q = turn("O18", available="R2 K1")
    s2.tableau[q] = ["B16"]
    assert not any(isinstance(a, Activate) for a in s2.legal_actions(q))  # the discount alone is not enough


def test_f12_the_soldiers_quarter_is_not_limited_by_the_rounds_quarter():
    s, p = turn()
    s.available[p] = quarter_cost("q01")
    act(s, TakeQuarter("q01"))
    s.tableau[p] = ["P04"]
    s.available[p] = card_cost("P04")
    act(s, Activate("P04", quarter="q07"))
    assert s.owner["q07"] == p and s.owner["q01"] == p


def test_f13_the_juggler_doubles_jokers_taken_before_it_was_activated():
    s, p = turn(available="V1")
    s.jokers[p] = 1
    assert len([a for a in s.legal_actions(p) if isinstance(a, UseJoker)]) == 7  # 3 gold or a cube
    s.tableau[p] = ["P01"]
    act(s, Activate("P01"))
    act(s, UseJoker(-1, -1))
    assert s.gold[p] == 26


def test_f14_the_envoys_second_tribute_needs_the_gold_again():
    s, p = turn("P14", gold=5)
    s.price = (3, 5)
    act(s, Tribute())
    assert Tribute() not in s.legal_actions(p) and s.gold[p] == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s3_table_two_cards_are_left_over_each_round(players):
    s = new(players, seed=51)
    through_set_up(s)
    shown = len(s.display)
    assert shown == players + 2
    before = len(s.discard)
    finish_draft(s)
    assert len(s.discard) - before == 2 and shown - 2 == players


@pytest.mark.parametrize("option, values", [("4-3-2", [4, 3, 2]), ("3-2-1", [3, 2, 1])])
def test_e9_delivery_points_option_values(option, values):
    s = new(2, seed=52, delivery_points=option)
    through_set_up(s)
    finish_draft(s)
    choose_dice(s, {})
    p = s.to_move()[0]
    s.ship[p], s.cargo[p] = "London", ["tea"] * 3
    for _ in range(3):
        act(s, Deliver("tea"))
    assert s.pp[p] == sum(values)


def test_s2_8_a_total_may_go_below_zero():
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.punish[p], s.tableau[p], s.active[p] = 2, 3, [], []
    s._final_scoring()
    assert s.final["rows"][p]["total"] == 2 - 9


def test_e14_punish_markers_are_not_capped_at_twelve():
    s = at_actions(2)
    p = s.queue[0]
    s.pp[p], s.punish[p], s.tableau[p], s.active[p] = 50, 14, [], []
    s._final_scoring()
    assert s.final["rows"][p]["total"] == 50 - 42


def test_s4_hidden_information_the_discard_pile_roses_and_gold_are_open():
    s = at_actions(3)
    p, q = s.queue[0], s.queue[1]
    view = s.view(q)
    player = view.players[p]
    assert view.discard == tuple(s.discard) and player.gold == s.gold[p]
    assert player.pending == tuple(s.pending[p])
    assert player.tableau == tuple(s.tableau[p]) and isinstance(view.deck, int)


WAREHOUSES = [
    ("B06", "lacquerware", "Marseille"),
    ("B07", "rice", "Hamburg"),
    ("B08", "tea", "London"),
    ("B09", "jade", "Antwerpen"),
    ("B10", "silk", "Genova"),
    ("B11", "paper", "Barcelona"),
    ("B12", "porcelain", "Amsterdam"),
    ("B13", "spices", "Lisboa"),
]


@pytest.mark.parametrize("card, good, port", WAREHOUSES, ids=[w[0] for w in WAREHOUSES])
def test_f08_each_warehouse_doubles_its_own_good_only(card, good, port):
    # Table E: the port that wants each good; F08: the printed PP twice
    s, p = turn(card)
    s.ship[p] = port
    s.cargo[p] = [good, good]
    act(s, Deliver(good))
    assert s.pp[p] == 10
    other = next(w for w in WAREHOUSES if w[0] != card)
    s2, q = turn(other[0])
    s2.ship[q], s2.cargo[q] = port, [good]
    act(s2, Deliver(good))
    assert s2.pp[q] == 5


def test_f20_keeper_of_the_almanac_adds_one_cube():
    s, p = to_dice_with("O06")
    s.dice = [2, 1, 1, 1, 1, 1]
    act(s, ChooseDice(C["R"], C["B"], extra=0))
    choose_dice(s, {})
    assert s.available[p] == cubes("B1") and s.pending[p][0] == cubes("R3")
