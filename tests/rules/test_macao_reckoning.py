"""Macao's arithmetic against the worked examples of shared/rules/macao.md §8: the wind rose over six
rounds (Ex 1), the empty pile (Ex 2), the late-round dice (Ex 3), the tribute (Ex 4), the wall
and its turn order (Ex 6), final scoring and the tie-break (Ex 8)."""

from __future__ import annotations

import pytest

from boardgames_tui.rules.macao.data import COLOURS, QUARTER
from boardgames_tui.rules.macao.reckoning import (
    LAST,
    NO_CUBES,
    arrival,
    cubes,
    delivery_points,
    end_points,
    final_score,
    largest_group,
    late_value,
    move_on_wall,
    place,
    rotate,
    shielded,
    tribute,
    wall_order,
    wall_position,
    wall_step_cost,
)

C = {letter: i for i, letter in enumerate(COLOURS)}


def pick(pending, *dice: str):
    """Dice written as colour and value: 'K4'."""
    for die in dice:
        pending = place(pending, int(die[1:]), C[die[0]])
    return pending


def start(one: str, two: str):
    """The set-up cubes: one beside face 1, two of a colour beside face 2."""
    pending = (NO_CUBES,) * 6
    pending = place(pending, 1, C[one], 1)
    return place(pending, 2, C[two], 2)


def test_ex1_the_wind_rose_over_six_rounds():
    pending = start("G", "B")
    pending = pick(pending, "K4", "V6")
    available, pending = rotate(pending)
    assert available == cubes("G1")
    assert pending[0] == cubes("B2") and pending[2] == cubes("K4") and pending[4] == cubes("V6")
    pending = pick(pending, "B1", "R3")
    available, pending = rotate(pending)
    assert available == cubes("B3")
    assert pending[1] == cubes("K4 R3") and pending[3] == cubes("V6")
    pending = pick(pending, "G2", "K1")
    available, pending = rotate(pending)
    assert available == cubes("K1")
    assert pending[0] == cubes("K4 R3 G2") and pending[2] == cubes("V6")
    pending = pick(pending, "V1", "Y2")
    available, pending = rotate(pending)
    assert available == cubes("K4 R3 G2 V1") and sum(available) == 10
    assert pending[0] == cubes("Y2") and pending[1] == cubes("V6")
    available, pending = rotate(pending)
    assert available == cubes("Y2")
    available, pending = rotate(pending)
    assert available == cubes("V6")
    assert arrival(6, 1) == 6


def test_ex2_an_empty_pile():
    pending = start("R", "R")
    pending = pick(pending, "K6", "V5")
    available, pending = rotate(pending)
    assert available == cubes("R1")
    pending = pick(pending, "Y4", "G3")
    available, pending = rotate(pending)
    assert available == cubes("R2")
    pending = pick(pending, "B5", "R6")
    available, pending = rotate(pending)
    assert available == NO_CUBES  # a punish marker
    assert pending[:5] == (cubes("G3"), cubes("V5 Y4"), cubes("K6"), cubes("B5"), cubes("R6"))


@pytest.mark.parametrize(
    "round_no, turned",
    [(7, ()), (8, (6,)), (9, (5, 6)), (10, (4, 5, 6)), (11, (3, 4, 5, 6)), (12, (2, 3, 4, 5, 6))],
)
def test_ex3_late_round_dice_are_turned_to_one(round_no, turned):
    for value in range(1, 7):
        assert late_value(value, round_no) == (1 if value in turned else value)
        assert arrival(late_value(value, round_no), round_no) <= 12


def test_ex3_a_blue_five_in_round_eight_arrives_in_round_twelve():
    assert late_value(5, 8) == 5 and arrival(5, 8) == 12
    assert late_value(6, 8) == 1 and late_value(5, 9) == 1


def test_ex4_tribute_from_all_six_cards():
    assert tribute([(1, 2), (0, 1), (2, 2), (1, 2), (0, 1), (1, 1)]) == (5, 9)


def test_ex6_the_wall_and_its_turn_order():
    a, b, c = 0, 1, 2
    wall = [[a, b, c]] + [[] for _ in range(LAST)]
    assert wall_order(wall) == [a, b, c]
    assert wall_step_cost(1) == 1 and wall_step_cost(2) == 3 and wall_step_cost(4) == 7
    wall = move_on_wall(wall, b, 1)
    wall = move_on_wall(wall, c, 2)
    assert wall_order(wall) == [c, b, a]
    wall = move_on_wall(wall, a, 2)  # on top of C
    assert wall_order(wall) == [a, c, b]
    # the end of the wall: later arrivals go under
    end = [[] for _ in range(LAST + 1)]
    end[LAST], end[14], end[13] = [c], [b], [a]
    end = move_on_wall(end, b, 1)
    end = move_on_wall(end, a, 2)
    assert end[LAST] == [c, b, a] and wall_order(end) == [c, b, a]
    assert wall_position(end, a) == LAST


def test_the_gate_keeps_its_owner_on_top():
    a, b = 0, 1
    wall = [[b, a]] + [[] for _ in range(LAST)]
    assert wall_order(wall, always_on_top={a}) == [a, b]
    wall = move_on_wall(wall, b, 15)
    wall = move_on_wall(wall, a, 15)  # under b on the last space, but the gate lifts it
    assert wall[LAST] == [b, a] and wall_order(wall, always_on_top={a}) == [a, b]


def test_deliveries_fill_the_highest_empty_space():
    assert [delivery_points(n) for n in range(4)] == [5, 3, 2, None]


def test_ex8_final_scoring_and_the_abbot():
    neighbours = {q.id: q.neighbours for q in QUARTER.values()}
    owned = {"q13", "q14", "q15", "q16", "q30"}  # a chain of four on the house map, and one apart
    assert largest_group(owned, neighbours) == 4
    assert final_score(62, 2, 1, False, 0, 4)["total"] == 61
    assert final_score(62, 2, 1, True, 0, 4)["total"] == 64


def test_ex10_game_end_cards_smithy_and_statue():
    # white: Smithy (1 PP a quarter owned) with 5 quarters, Statue 3 PP; its largest string of 3
    active = ["B02", "B15"]
    assert end_points(active, markers=0, quarters=5, gold=0) == 5 + 3
    assert final_score(40, 0, 0, False, end_points(active, 0, 5, 0), 3)["total"] == 40 + 8 + 6


def test_game_end_counters_the_abbot_and_the_confessor():
    # University (1 a card), Printing Press (2 a building), Mandarin (3 an office), Dominican
    # Friar (2 a person), Chronicler (3 a trio), Strongroom (1 a gold), Confessor (3 a marker, 2 at most)
    active = ["B16", "B20", "P44", "P45", "P46", "B34", "P28", "O01"]
    # activated: 1 office, 3 buildings (B16, B20, B34), 4 persons
    expected = 8 * 1 + 3 * 2 + 1 * 3 + 4 * 2 + 1 * 3 + 7 * 1 + 3 * 2
    assert end_points(active, markers=5, quarters=0, gold=7) == expected
    assert shielded(["P16"]) and not shielded(active)
    assert end_points(["B22"], 0, 0, 0) == 0  # a per-round PP card scores nothing at the end
