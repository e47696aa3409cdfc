"""Audit of the Santiago rules against shared/rules/santiago.md: one test per defect found."""

from __future__ import annotations

import json

import pytest

from boardgames_tui.rules.core import IllegalAction
from boardgames_tui.rules.figures import Move
from boardgames_tui.rules.record import GameRecord, RecordError
from boardgames_tui.rules.santiago import GAME
from boardgames_tui.rules.santiago import data as D
from boardgames_tui.rules.santiago.actions import Bid, Pass, PlaceSpring, Plant

from .figures_helpers import table


def _to_planting(st):
    st.apply(st.to_move()[0], PlaceSpring(2, 1))
    for i, seat in enumerate(st.view(None).bid_order):
        st.apply(seat, Bid(i + 1))
    assert st.step == "plant"
    return st


@pytest.mark.parametrize("crop", [{}, [{}], {"banana": 1}])
def test_plant_with_an_unhashable_crop_is_refused_not_a_crash(crop):
    """A damaged save may hold any JSON in a field; apply must refuse it with IllegalAction
    (the contract), not raise TypeError, and must change nothing."""
    st = _to_planting(GAME.new("ABCD", 4))
    seat = st.to_move()[0]
    action = GAME.decode_action({"kind": "plant", "crop": crop, "workers": 2, "col": 0, "row": 0})
    before = st.snapshot()
    with pytest.raises(IllegalAction, match="not a Santiago tile"):
        st.apply(seat, action)
    assert st.snapshot() == before
    assert "not a Santiago tile" in st.explain_illegal(seat, action)


def test_damaged_save_with_an_unhashable_crop_loads_as_a_record_error():
    record, st = GameRecord.start("santiago", ["A", "B", "C", "D"], 4)
    _to_planting(st)
    data = json.loads(record.dumps())
    data["actions"] = [{"seat": st.start_player, "action": {"kind": "spring", "x": 2, "y": 1}}]
    for i, seat in enumerate(st.view(None).bid_order):
        data["actions"].append({"seat": seat, "action": {"kind": "bid", "amount": i + 1}})
    data["actions"].append(
        {"seat": st.to_move()[0], "action": {"kind": "plant", "crop": {}, "workers": 2, "col": 0, "row": 0}}
    )
    loaded = GameRecord.loads(json.dumps(data))
    with pytest.raises(RecordError, match="not legal"):
        loaded.load_state()


# -- issue #7: checked against the official English rulebook --------------------------------------------
def test_the_pepper_crop_has_the_rulebooks_name_and_keeps_its_saved_key():
    assert D.CROP_NAMES["chili"] == "Red pepper" and D.CROP_SHORT["chili"] == "Pe"
    assert D.CROP_WORDS["chili"] == "Pepper"
    assert "Chili" not in GAME.rules_markdown() and "red pepper" in GAME.rules_markdown()
    # saves name the crop by its key, so an old save still decodes
    assert GAME.decode_action({"kind": "plant", "crop": "chili", "workers": 2, "col": 0, "row": 0}) == Plant(
        "chili", 2, 0, 0
    )


def test_the_tile_mix_is_the_rulebooks_not_provisional():
    assert D.TILE_MIX == ((2, 6), (1, 3))
    assert "provisional" not in GAME.rules_markdown().lower()
    assert "provisional" not in (D.__doc__ or "").lower()


def test_playing_time_and_the_harder_spring():
    assert GAME.minutes == 60
    st = GAME.new(["A", "B", "C"], 1)
    prompt = st.view(None).prompt
    assert st.step == "spring" and "an edge or corner is the rulebook's harder variant" in prompt
    setup = " ".join(GAME.rules_markdown().split("## A round")[0].split())
    assert "a spring on the edge or in a corner is its harder variant" in setup
    spring = next(o for o in GAME.options if o.key == "spring")
    assert "harder" in spring.label_of("random_any") and "harder variant" in spring.help


def test_legal_bids_start_at_one():
    st = GAME.new(["A", "B", "C"], 1, options={"spring": "random_inner"})
    seat = st.to_move()[0]
    bids = [a.amount for a in st.legal_actions(seat) if isinstance(a, Bid)]
    assert bids == list(range(1, 11))


def test_a_bid_of_nothing_counts_as_a_pass():
    bid0 = GAME.new(["A", "B", "C"], 1, options={"spring": "random_inner"})
    passed = bid0.copy()
    seat = bid0.to_move()[0]
    events = bid0.apply(seat, Bid(0))
    assert [e.text for e in events] == [e.text for e in passed.apply(seat, Pass())]
    assert bid0.view(None) == passed.view(None) and bid0.to_move() == passed.to_move()


def test_a_bid_of_nothing_is_checked_and_counted_as_the_pass_it_is():
    st = GAME.new(["A", "B", "C"], 1, options={"spring": "random_inner"})
    seat = st.to_move()[0]
    st.check_turn(seat, Bid(0))  # what apply accepts, the check accepts
    before = st.copy()
    events = st.apply(seat, Bid(0))
    rows = table(GAME.figures([Move(seat, Bid(0), before, st.copy(), tuple(events))]))
    assert rows[("Bidding", "passed")][seat] == 1 and rows[("Bidding", "escudos bid")][seat] == 0


def test_a_bid_of_nothing_is_no_move_outside_the_bidding():
    st = GAME.new(["A", "B", "C", "D"], 3, options={"spring": "random_inner"})
    while st.step != "bribe":
        seat = st.to_move()[0]
        free = [a for a in st.legal_actions(seat) if not isinstance(a, Pass)]
        st.apply(seat, free[0] if st.step == "bid" else st.legal_actions(seat)[0])
    seat = st.to_move()[0]
    snapshot = st.view(None)
    with pytest.raises(IllegalAction, match="cannot bid now"):
        st.apply(seat, Bid(0))
    assert st.view(None) == snapshot and list(st.to_move()) == [seat]


@pytest.mark.parametrize("spring", ["random_inner", "random_any"])
def test_a_spring_drawn_at_random_is_told_with_the_set_up(spring):
    st = GAME.new(["A", "B", "C"], 4, options={"spring": spring, "palms": "on", "palm_placement": "random"})
    said = [e.text for e in st.setup_said]
    x, y = D.inter_xy(st.spring)
    assert said[0] == f"The spring is placed at intersection {x},{y}, drawn at random."
    assert any("Palm trees" in text for text in said)
    assert any(text.startswith("Round 1 of 11") and "Put back in the box" in text for text in said)


def test_palm_placement_matters_only_with_palms():
    spec = next(o for o in GAME.options if o.key == "palm_placement")
    assert spec.applies_to(3, {"palms": "on"}) and not spec.applies_to(3, {"palms": "off"})
