"""Audit of the Santiago rules against shared/rules/santiago.md: one test per defect found."""

from __future__ import annotations

import json

import pytest

from boardgames_tui.rules.core import IllegalAction
from boardgames_tui.rules.record import GameRecord, RecordError
from boardgames_tui.rules.santiago import GAME
from boardgames_tui.rules.santiago.actions import Bid, Pass, PlaceSpring


def _to_planting(st):
    st.apply(st.to_move()[0], PlaceSpring(2, 1))
    for i, seat in enumerate(st.view(None)["bid_order"]):
        st.apply(seat, Bid(i + 1))
    assert st.phase == "plant"
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
    for i, seat in enumerate(st.view(None)["bid_order"]):
        data["actions"].append({"seat": seat, "action": {"kind": "bid", "amount": i + 1}})
    data["actions"].append({"seat": st.to_move()[0],
                            "action": {"kind": "plant", "crop": {}, "workers": 2, "col": 0, "row": 0}})
    loaded = GameRecord.loads(json.dumps(data))
    with pytest.raises(RecordError, match="not legal"):
        loaded.load_state()
