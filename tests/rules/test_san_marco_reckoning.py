"""San Marco's arithmetic against the worked examples of shared/rules/san_marco.md §10. Values
other than San Marco's 8/6 and neighbouring pairs other than Castello – San Marco are provisional:
tests read them from data.py."""

import pytest

from boardgames_tui.rules.san_marco import data
from boardgames_tui.rules.san_marco.reckoning import (
    banishment_losses,
    district_card_targets,
    district_scores,
    doge_paths,
    doge_reach,
    doge_routes,
    follow,
    free_banisher,
    neutral_start,
    period_bonus,
    starting_cubes,
    winners,
)

SAN_MARCO = data.DISTRICTS[data.SAN_MARCO]
D = {d.die: d.die - 1 for d in data.DISTRICTS}  # die number -> district index


def sm(counts):
    return district_scores(counts, SAN_MARCO.high, SAN_MARCO.low)


def test_the_rulebook_figures_in_the_board_table():
    assert (SAN_MARCO.name, SAN_MARCO.high, SAN_MARCO.low, SAN_MARCO.provisional) == (
        "San Marco",
        8,
        6,
        False,
    )
    castello = data.DISTRICTS[D[6]]
    assert castello.name == "Castello" and castello.provisional
    confirmed = [(a, b) for a, b, sure in data.NEIGHBOUR_PAIRS if sure]
    assert confirmed == [(D[4], D[6])]
    assert sum(n for _, n in data.ACTION_DECK) == 62
    assert sum(n for _, n in data.LIMIT_DECK) == 28 and sum(v * n for v, n in data.LIMIT_DECK) == 58
    # every district can be reached: a bridge place always exists (spec §2.3)
    assert all(data.NEIGHBOURS[d] for d in range(data.NDISTRICTS))
    assert len(data.PAIRS) * data.BRIDGES_PER_PAIR >= data.BRIDGES


def test_x1_clear_first_and_a_tie_for_second():
    assert sm({"R": 4, "B": 3, "G": 3, "Y": 1}) == {"R": 8}


def test_x2_and_x3_ties_for_first_take_the_low_value():
    assert sm({"R": 3, "B": 3, "G": 2}) == {"R": 6, "B": 6}
    assert sm({"R": 2, "B": 2, "G": 2, "Y": 1}) == {"R": 6, "B": 6, "G": 6}


def test_x4_first_and_second_a_sole_occupant_and_an_empty_district():
    assert sm({"R": 5, "B": 2, "G": 1}) == {"R": 8, "B": 6}
    assert sm({"Y": 2, "R": 0}) == {"Y": 8}
    assert sm({}) == {} and sm({"R": 0}) == {}


def test_the_rulebooks_five_three_three_example():
    assert sm({"R": 5, "B": 3, "G": 3}) == {"R": 8}


def test_x6_and_the_rulebooks_banishments():
    assert banishment_losses(1, foreign=0, own=2) == (0, 1)  # X6: no foreign cube, own goes
    assert banishment_losses(5, foreign=4, own=2) == (4, 1)  # the rulebook's San Marco example
    assert banishment_losses(4, foreign=4, own=2) == (4, 0)  # r = O: own cubes are safe (E3)
    assert banishment_losses(2, foreign=5, own=3) == (2, 0)
    assert banishment_losses(6, foreign=1, own=2) == (1, 2)  # the district ends empty


def test_x9_a_district_card_crosses_one_own_bridge():
    bridges = [(data.pair(D[3], D[2]), "R"), (data.pair(D[3], D[4]), "R"), (data.pair(D[3], D[5]), "B")]
    assert district_card_targets(D[3], bridges, "R") == {D[3], D[2], D[4]}
    assert district_card_targets(D[3], bridges, "B") == {D[3], D[5]}


def test_x7_doge_path_costs():
    bridges = [
        (data.pair(D[4], D[3]), "R"),
        (data.pair(D[3], D[2]), "B"),
        (data.pair(D[2], D[5]), "G"),
        (data.pair(D[4], D[6]), "B"),
    ]
    routes = doge_routes(D[4], bridges, "R", prestige=10)
    summary = {d + 1: (r.cost, dict(r.paid)) for d, r in routes.items()}
    assert summary == {
        4: (0, {}),
        3: (0, {}),
        2: (1, {"B": 1}),
        5: (2, {"B": 1, "G": 1}),
        6: (1, {"B": 1}),
    }  # 1 is unreachable: no bridge reaches it, and 4 has bridges (no 2-PP step)
    assert routes[D[5]].path == (D[4], D[3], D[2], D[5])
    # what cannot be paid for is not offered
    poor = doge_routes(D[4], bridges, "R", prestige=1)
    assert set(poor) == {D[4], D[3], D[2], D[6]}
    # the board tells "no route at all" from "not for your prestige": 5 is out of reach only
    # for want of prestige, 1 whatever the prestige
    assert doge_reach(D[4], bridges, "R") == {D[4], D[3], D[2], D[5], D[6]}
    assert D[1] not in doge_reach(D[4], bridges, "R")


def test_the_doge_steps_to_a_neighbour_for_two_only_from_a_district_no_bridge_touches():
    # from the table: a district, a neighbour of it, and a district beyond that neighbour
    alone, near, far = next(
        (a, n, x)
        for a in range(data.NDISTRICTS)
        for n in sorted(data.NEIGHBOURS[a])
        for x in sorted(data.NEIGHBOURS[n] - data.NEIGHBOURS[a] - {a})
    )
    bridges = [(data.pair(near, far), "B")]
    routes = doge_routes(alone, bridges, "R", prestige=5)
    for neighbour in data.NEIGHBOURS[alone]:
        assert routes[neighbour].bank == 2 and routes[neighbour].cost == 2
    # on over B's bridge after the step: 2 to the bank and 1 to B
    assert routes[far].path == (alone, near, far)
    assert (routes[far].cost, routes[far].bank, dict(routes[far].paid)) == (3, 2, {"B": 1})
    assert set(doge_routes(alone, bridges, "R", prestige=1)) == {alone}
    # from a district a bridge touches there is no 2-prestige step, even toward a bridgeless one
    assert set(doge_routes(near, bridges, "R", prestige=5)) == {near, far}


def test_x13_three_players_out_the_bonus_and_the_free_banishment():
    totals = [10, 12, 11, 7]
    assert period_bonus(totals) == [0, 0, 0, 5]
    assert free_banisher(totals) == 3


def test_x15_the_bonus_after_an_extra_round():
    totals = [10, 9, 12]
    assert period_bonus(totals) == [0, 3, 0]
    assert free_banisher(totals) == 1


def test_a_tie_for_the_lowest_total_gives_nobody_the_free_banishment():
    assert free_banisher([4, 4, 11, 10]) is None
    assert free_banisher([10, 6]) == 1  # X16: the rules leave it to the variant (2A has none)


def test_x17_starting_rolls_and_x18_the_neutral_colour():
    assert starting_cubes([4, 4, 4, 4]) == [0, 0, 0, 8, 0, 0]
    assert starting_cubes([4, 4, 4, 2]) == [0, 2, 0, 6, 0, 0]
    assert neutral_start([3, 3, 6, 1, 5, 3]) == [2, 1, 4, 1, 2, 2]
    assert sum(neutral_start([3, 3, 6, 1, 5, 3])) == data.NEUTRAL_CUBES


@pytest.mark.parametrize(
    "prestige, cubes, players, expected",
    [
        ([47, 47], [3, 2], [0, 1], [0]),  # X19: most cubes in San Marco
        ([47, 47], [3, 3], [0, 1], [0, 1]),  # still tied: shared
        ([40, 52, 60], [1, 1, 9], [0, 1], [1]),  # a dummy (2) cannot win
    ],
)
def test_x19_winners_and_the_tie_break(prestige, cubes, players, expected):
    assert winners(prestige, cubes, players) == expected


def test_every_route_is_affordable_and_enters_no_district_twice():
    bridges = [
        (data.pair(D[4], D[3]), "R"),
        (data.pair(D[3], D[2]), "B"),
        (data.pair(D[2], D[5]), "G"),
        (data.pair(D[4], D[6]), "B"),
        (data.pair(D[4], D[6]), "G"),
    ]
    for prestige in (0, 1, 2, 5):
        paths = doge_paths(D[4], bridges, "R", prestige)
        routes = [follow(D[4], steps, bridges, "R") for _, steps in paths]
        assert [r.destination for r in routes] == [d for d, _ in paths]
        assert all(r.cost <= prestige for r in routes)
        for route in routes:
            assert len(set(route.path)) == len(route.path)  # no district twice
    # two ways to Castello, one per owner of a bridge there
    paths = doge_paths(D[4], bridges, "R", 5)
    to_castello = [follow(D[4], s, bridges, "R") for _, s in paths]
    payees = sorted(r.paid for r in to_castello if r.destination == D[6])
    assert payees == [(("B", 1),), (("G", 1),)]
