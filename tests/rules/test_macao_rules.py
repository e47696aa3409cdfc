"""Macao's core rules (shared/rules/macao.md §3–§6) through the state machine: set-up, the draft and
its overflow, the dice and the rotation with the empty-pile penalty, the action turn's limits, the
ship and deliveries, the wall, jokers, final scoring; random games with the issue's invariants."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from boardgames_tui.rules.core import IllegalAction, Pass, Seat
from boardgames_tui.rules.macao import GAME
from boardgames_tui.rules.macao.actions import (
    Activate,
    ChooseDice,
    Deliver,
    Draft,
    Overflow,
    PayCube,
    Sail,
    StartCubes,
    TakeQuarter,
    Tribute,
    UseJoker,
    Wall,
)
from boardgames_tui.rules.macao.data import CARD, COLOURS, PORT_OF_GOOD, PORTS, QUARTER
from boardgames_tui.rules.macao.reckoning import LAST, NO_CUBES, cubes, wall_position
from boardgames_tui.rules.macao.state import MacaoState, card_cost

C = {letter: i for i, letter in enumerate(COLOURS)}


def new(players: int = 3, seed: int = 1, **options: str) -> MacaoState:
    state = GAME.new([f"P{i}" for i in range(players)], seed, options=options)
    assert isinstance(state, MacaoState)
    return state


def act(state, action) -> None:
    (seat,) = state.to_move()
    state.apply(seat, action)


def through_set_up(state: MacaoState) -> None:
    while state.step in ("start_card", "start_cubes"):
        act(state, state.legal_actions(state.to_move()[0])[0])


def at_actions(players: int = 3, seed: int = 1) -> MacaoState:
    """Round 1's action phase, everyone having drafted and chosen the first dice listed."""
    s = new(players, seed)
    through_set_up(s)
    while s.step != "actions":
        act(s, s.legal_actions(s.to_move()[0])[0])
    return s


def test_set_up_order_and_supplies():
    s = new(3, seed=5)
    stack = list(s.wall[0])
    assert len(s.revealed) == 5 and s.gold == [5, 5, 5]
    pickers = []
    while s.step == "start_card":
        pickers.append(s.to_move()[0])
        act(s, s.legal_actions(pickers[-1])[0])
    assert pickers == list(reversed(stack))  # from the bottom of the stack up
    assert len(s.discard) == 2
    placers = []
    while s.step == "start_cubes":
        placers.append(s.to_move()[0])
        act(s, StartCubes(C["G"], C["B"]))
    assert placers == stack  # from the top down
    assert s.pending[stack[0]][0] == cubes("G1") and s.pending[stack[0]][1] == cubes("B2")
    assert s.step == "draft" and s.round == 1
    assert len(s.offices) == 12 and all(len(o) == 2 for o in s.offices)


@pytest.mark.parametrize("players, shown", [(2, 4), (3, 5), (4, 6)])
def test_the_display_and_the_tribute_from_all_six(players, shown):
    s = new(players, seed=2)
    through_set_up(s)
    assert len(s.display) == shown
    # the price was set from all six cards, the dropped ones included (they are on the discards)
    six = s.display + s.discard[-(6 - shown) :] if shown < 6 else s.display
    assert s.price == (sum(CARD[c].yellow for c in six), sum(CARD[c].red for c in six))


def test_a_full_tableau_discards_one_of_six_for_a_punish_marker():
    s = new(2, seed=3)
    through_set_up(s)
    p = s.to_move()[0]
    s.tableau[p] = list(s.deck[:5])
    new_card = s.display[0]
    act(s, Draft(new_card))
    assert s.step == "overflow" and s.to_move() == (p,) and len(s.legal_actions(p)) == 6
    act(s, Overflow(new_card))
    assert s.punish[p] == 1 and new_card in s.discard and len(s.tableau[p]) == 5


def test_dice_choices_and_the_empty_pile():
    s = new(2, seed=4)
    through_set_up(s)
    while s.step == "draft":
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert s.step == "dice" and len(s.legal_actions(s.to_move()[0])) == 15
    with pytest.raises(IllegalAction):
        act(s, ChooseDice(2, 2))  # two different dice
    order = list(s.queue)
    s.pending[order[1]] = [NO_CUBES] * 6  # nothing beside face 1 for the second player
    s.dice = [6] * 6
    for _ in order:
        act(s, ChooseDice(0, 1))
    assert s.punish[order[1]] == 1 and s.available[order[1]] == NO_CUBES
    assert s.step == "actions" and s.pending[order[1]][4] == cubes("R6 B6")


def test_secret_dice_are_picked_by_all_at_once_and_stay_hidden_until_all_have_chosen():
    s = new(3, seed=6, dice_choice="simultaneous")
    through_set_up(s)
    while s.step == "draft":
        act(s, s.legal_actions(s.to_move()[0])[0])
    pending = s.to_move()
    assert sorted(pending) == [0, 1, 2]  # nobody waits for anybody: the picks are hidden
    first = pending[-1]  # the last in wall order may pick first
    s.apply(first, ChooseDice(0, 5))
    assert first not in s.to_move() and len(s.to_move()) == 2
    other = s.to_move()[0]
    assert s.view(first).players[first].pick[:2] == (0, 5)
    assert s.view(other).players[first].pick is None and s.view(None).players[first].pick is None
    assert s.view(other).players[first].picked
    for seat in s.to_move()[::-1]:
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.step == "actions" and s.view(other).players[first].pick[:2] == (0, 5)


def test_one_quarter_one_tribute_one_wall_move_a_round():
    s = at_actions()
    p = s.to_move()[0]
    s.available[p] = cubes("R5 B5 G5 K5 Y5 V5")
    s.gold[p] = 20
    s.price = (2, 4)
    act(s, TakeQuarter("q01"))
    assert s.owner["q01"] == p and not any(isinstance(a, TakeQuarter) for a in s.legal_actions(p))
    act(s, Tribute())
    assert s.gold[p] == 18 and s.pp[p] == 4 and Tribute() not in s.legal_actions(p)
    act(s, Wall(2))
    assert s.step == "pay" and s.payment["due"] == 3
    for colour in ("R", "B", "G"):
        act(s, PayCube(C[colour]))
    assert s.step == "actions" and wall_position(s.wall, p) == 2
    assert not any(isinstance(a, Wall) for a in s.legal_actions(p))
    assert s.available[p] == cubes("R4 B4 G4 K5 Y4 V5")  # q01 cost a gray


def test_activating_pays_the_exact_cost():
    s = at_actions()
    p = s.to_move()[0]
    card = "B22"  # Kun Iam Temple: B2, nothing chosen on activation
    s.tableau[p] = [card]
    s.available[p] = NO_CUBES
    assert Activate(card) not in s.legal_actions(p)
    s.available[p] = card_cost(card)
    act(s, Activate(card))
    assert card in s.active[p] and card not in s.tableau[p] and s.available[p] == NO_CUBES


def test_the_ship_and_deliveries_fill_the_highest_space():
    s = at_actions(2)
    p = s.to_move()[0]
    s.cargo[p] = ["tea", "tea"]
    s.available[p] = cubes("R7")
    act(s, Sail("London", 7))  # one colour: paid by itself
    assert s.ship[p] == "London" and s.available[p] == NO_CUBES and s.step == "actions"
    act(s, Deliver("tea"))
    act(s, Deliver("tea"))
    assert s.pp[p] == 5 + 3 and s.delivered["London"] == [p, p]
    assert PORT_OF_GOOD["tea"] == "London" and "London" in PORTS


def test_ex5_ships_and_deliveries_on_the_house_route():
    s = at_actions(2)
    a = s.to_move()[0]
    b = 1 - a
    # A on the slips with one tea: 7 spaces to London (Lisboa counts as one), the first space: 5
    s.cargo[a], s.available[a] = ["tea"], cubes("G7")
    act(s, Sail("London", 7))
    act(s, Deliver("tea"))
    assert s.pp[a] == 5 and s.ship[a] == "London"
    # F (A again, next): spices for Lisboa on the way to London; stopping costs nothing extra
    s.ship[a], s.cargo[a], s.available[a], s.delivered["London"] = "Macao", ["spices"], cubes("R7"), []
    act(s, Sail("Lisboa", 4))
    act(s, Deliver("spices"))
    act(s, Sail("London", 3))
    assert s.ship[a] == "London" and s.available[a] == NO_CUBES and s.pp[a] == 5 + 5
    # D (A, holding no tea) in London: nothing to deliver
    assert not any(isinstance(x, Deliver) for x in s.legal_actions(a))
    act(s, Pass())
    # B in Lisboa with two tea: 3 spaces to London, then the two highest empty spaces left
    assert s.to_move() == (b,)
    s.delivered["London"] = [a]
    s.ship[b], s.cargo[b], s.available[b] = "Lisboa", ["tea", "tea"], cubes("K3")
    act(s, Sail("London", 3))
    act(s, Deliver("tea"))
    act(s, Deliver("tea"))
    assert s.pp[b] == 3 + 2 and s.delivered["London"] == [a, b, b]
    assert Deliver("tea") not in s.legal_actions(b)


def test_ex7_the_two_player_display_and_the_overflow():
    s = new(2, seed=3)
    through_set_up(s)
    drawn = [c for c in s.display if CARD[c].kind != "office"]
    offices = [c for c in s.display if CARD[c].kind == "office"]
    assert len(drawn) == 2 and len(offices) == 2 and len(s.discard) == 2 + 2  # set-up's 2, then 2 drawn
    first, second = s.order()
    act(s, Draft(drawn[0]))
    s.tableau[second] = list(s.deck[:5])  # nothing activated: five cards already
    act(s, Draft(offices[1]))
    assert s.step == "overflow"
    old = s.tableau[second][0]
    act(s, Overflow(old))
    assert s.punish[second] == 1 and old in s.discard
    assert offices[0] in s.discard and drawn[1] in s.discard  # the cards nobody took
    assert s.step == "dice"


def test_the_delivery_points_option_sets_what_the_spaces_score():
    s = new(2, delivery_points="6-4-2")
    through_set_up(s)
    while s.step != "actions":
        act(s, s.legal_actions(s.to_move()[0])[0])
    p = s.to_move()[0]
    s.cargo[p] = ["spices"] * 3
    s.ship[p] = "Lisboa"
    for _ in range(3):
        act(s, Deliver("spices"))
    assert s.pp[p] == 6 + 4 + 2 and Deliver("spices") not in s.legal_actions(p)
    assert s.view(None).port_points == (6, 4, 2)


def test_a_good_taken_where_its_port_is_can_be_delivered_at_once():
    s = at_actions(2)
    p = s.to_move()[0]
    quarter = next(q for q, tile in s.tile.items() if tile == "tea")
    s.ship[p] = "London"
    s.available[p] = cubes(" ".join(f"{k}{n}" for k, n in QUARTER[quarter].cost))
    act(s, TakeQuarter(quarter))
    assert Deliver("tea") in s.legal_actions(p)


def test_a_joker_gives_a_cube_or_three_gold_also_mid_payment():
    s = at_actions(2)
    p = s.to_move()[0]
    s.jokers[p] = 2
    s.available[p] = cubes("R1 B1")
    act(s, Sail("s03", 3))
    assert s.step == "pay"
    with pytest.raises(IllegalAction, match="a joker gives a cube"):
        act(s, UseJoker())  # its gold would leave the move unpaid
    act(s, UseJoker(C["V"]))  # the third cube
    act(s, PayCube(C["V"]))
    act(s, PayCube(C["R"]))
    act(s, PayCube(C["B"]))
    assert s.ship[p] == "s03" and s.jokers[p] == 1
    act(s, UseJoker())
    assert s.gold[p] == 8


def test_the_last_wall_space_is_reached_and_not_passed():
    s = at_actions(2)
    p = s.to_move()[0]
    s.wall = [[] for _ in range(LAST + 1)]
    s.wall[13] = [p]
    s.wall[LAST] = [1 - p]
    s.available[p] = cubes("K9")
    walls = [a.spaces for a in s.legal_actions(p) if isinstance(a, Wall)]
    assert walls == [1, 2]
    act(s, Wall(2))
    assert s.wall[LAST] == [1 - p, p]


def test_passing_loses_the_cubes_left():
    s = at_actions(2)
    p = s.to_move()[0]
    s.available[p] = cubes("R3")
    act(s, Pass())
    assert s.available[p] == NO_CUBES


# -- random games ----------------------------------------------------------------------------------


def invariants(s: MacaoState) -> None:
    places = (
        s.deck
        + s.discard
        + s.display
        + s.revealed
        + [c for t in s.tableau for c in t]
        + [c for a in s.active for c in a]
        + [c for r in range(s.round, 12) for c in s.offices[r]]
    )
    assert Counter(places) == Counter(list(CARD)), "every card in exactly one place"
    for p in range(s.n):
        assert s.gold[p] >= 0 and min(s.available[p]) >= 0
        assert all(min(pile) >= 0 for pile in s.pending[p])
    assert all(len(d) <= 3 for d in s.delivered.values())
    order = s.order()
    assert sorted(order) == list(range(s.n))


@pytest.mark.parametrize(
    "players, options",
    [(2, {}), (3, {}), (4, {"delivery_points": "3-2-1"}), (3, {"dice_choice": "simultaneous"})],
    ids=["2p", "3p", "4p", "3p-secret"],
)
@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_the_invariants(players, options, seed):
    from boardgames_tui.rules.record import GameRecord

    record, s = GameRecord.start("macao", [Seat(f"P{i}") for i in range(players)], seed, options=options)
    rng = random.Random(seed)
    steps = 0
    while not s.is_over():
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        action = rng.choice(legal)
        waiting = [p for p in range(players) if p not in s.to_move()]
        if steps % 40 == 0 and waiting:
            before = s.copy()
            with pytest.raises(IllegalAction):
                s.apply(waiting[0], action)
            assert s == before
        record.play(s, seat, action)
        invariants(s)
        steps += 1
    assert s.round == 12 and s.final is not None
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert loaded.replay() == s


def test_ex8_final_scoring_through_the_state_with_and_without_the_abbot():
    s = at_actions(2)
    p, q = s.order()
    for seat in (p, q):
        s.pp[seat], s.punish[seat] = 62, 2
        s.tableau[seat] = [s.deck.pop()]
        s.active[seat] = []
    s.owner = {"q13": p, "q14": p, "q15": p, "q16": p, "q30": p}
    s.active[q] = ["P16"]  # the abbot
    s._final_scoring()
    rows = s.final["rows"]
    assert rows[p]["total"] == 62 - 9 + 8 == 61
    assert rows[q]["total"] == 62 - 6
    assert s.standings().rows[0].seat == p
