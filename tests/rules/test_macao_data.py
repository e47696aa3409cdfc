"""Macao's house data (shared/rules/macao_house_data.md): the loader's checks of the figures the
rulebook fixes, each shown to fail on an edit that breaks it, and the tables' own consistency."""

from __future__ import annotations

import dataclasses
from collections import Counter, deque

import pytest

from boardgames_tui.rules.macao import data as D


def test_the_house_set_keeps_the_rulebooks_figures():
    D.check()
    assert Counter(c.kind for c in D.CARD_LIST) == {"office": 24, "building": 44, "person": 52}
    assert len(D.DECK_IDS) == 96 and len(D.OFFICE_IDS) == 24
    assert Counter((c.yellow, c.red) for c in D.CARD_LIST) == {
        (0, 0): 20,
        (1, 1): 20,
        (2, 2): 20,
        (0, 1): 30,
        (1, 2): 30,
    }
    for colour in D.COLOURS:
        offices = [c for c in D.CARD_LIST if c.kind == "office" and c.cost[0][0] == colour]
        assert sorted(c.cost for c in offices) == [((colour, n),) for n in (1, 2, 3, 4)]
    assert all(not c.official for c in D.CARD_LIST)
    assert {c.effect.code for c in D.CARD_LIST} == set(D.PRIMITIVES) and len(D.PRIMITIVES) == 24


def test_the_rulebooks_named_cards_are_there_with_the_known_effects():
    by_name = {c.name: c for c in D.CARD_LIST}
    assert by_name["Juggler"].effect == D.Effect("JOKER_DOUBLE", ())
    assert by_name["Abbot"].effect == D.Effect("SHIELD", ("tableau",))
    assert by_name["Fountain"].cost == (("R", 2), ("B", 1))
    assert sum(1 for c in D.CARD_LIST if c.effect.code == "WAREHOUSE") == 8
    assert {c.effect.args[0] for c in D.CARD_LIST if c.effect.code == "WAREHOUSE"} == set(D.GOODS)


def edited(monkeypatch, card_id: str, **changes) -> None:
    cards = tuple(dataclasses.replace(c, **changes) if c.id == card_id else c for c in D.CARD_LIST)
    monkeypatch.setattr(D, "CARD_LIST", cards)


@pytest.mark.parametrize(
    "card_id, changes, complaint",
    [
        ("O01", {"yellow": 1}, "tribute pairs"),  # 0-1 becomes 1-1
        ("O02", {"cost": (("R", 3),)}, "red offices cost"),
        ("O03", {"cost": (("B", 3),)}, "offices cost"),  # a red office paid in blue
        ("P01", {"cost": (("V", 3), ("R", 2))}, "costs 5 cubes"),
        ("P01", {"effect": D.Effect("STEAL", ())}, "not a primitive"),
        ("O15", {"text": "When you activate another card, gain 1 PP."}, "does not say so"),
        ("P02", {"kind": "office"}, "cards by kind"),
    ],
)
def test_an_edit_that_breaks_a_fixed_figure_fails_the_check(monkeypatch, card_id, changes, complaint):
    edited(monkeypatch, card_id, **changes)
    with pytest.raises(ValueError, match=complaint):
        D.check()


def test_a_missing_card_fails_the_check(monkeypatch):
    monkeypatch.setattr(D, "CARD_LIST", D.CARD_LIST[1:])
    with pytest.raises(ValueError, match="cards by kind"):
        D.check()


def test_the_city_map_is_one_connected_map_with_symmetric_borders():
    assert len(D.QUARTER_LIST) == 30 and sum(q.dark for q in D.QUARTER_LIST) == 6
    borders = {frozenset((q.id, n)) for q in D.QUARTER_LIST for n in q.neighbours}
    assert len(borders) == 43  # the data file's count
    seen, todo = {"q01"}, deque(["q01"])
    while todo:
        for n in D.QUARTER[todo.popleft()].neighbours:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 30
    assert D.QUARTER["q01"].cost == (("Y", 1),)  # the gray 1 a report implies


def test_the_sea_routes_distances_are_the_tables():
    distance = {D.START_SPACE: 0}
    todo = deque([D.START_SPACE])
    while todo:
        here = todo.popleft()
        for n in D.SPACE[here].neighbours:
            if n not in distance:
                distance[n] = distance[here] + 1
                todo.append(n)
    assert distance == {s.id: s.distance for s in D.SPACE_LIST}
    assert len(D.PORTS) == 8 and D.PORT_OF_GOOD["tea"] == "London"
    edges = {frozenset((s.id, n)) for s in D.SPACE_LIST for n in s.neighbours}
    assert len(D.SPACE_LIST) == 26 and len(edges) == 27
