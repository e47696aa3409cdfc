"""A shared table's app (play/remote.py) sends its seat's moves to the table service, which judges
them: the app refuses at once only what cannot be a move of its seat now."""

from __future__ import annotations

import pytest

from boardgames_tui.play.remote import RemoteTable
from boardgames_tui.rules.core import IllegalAction
from boardgames_tui.rules.san_marco.actions import Decline, PlayDoge


class Link:
    def __init__(self):
        self.sent: list[dict] = []

    def send(self, message):
        self.sent.append(dict(message))


def table(legal) -> tuple[RemoteTable, Link]:
    link = Link()
    update = {
        "type": "table",
        "code": "ABCDE",
        "game": "san_marco",
        "seats": [{"name": "Ann", "kind": "player"}, {"name": "Ben", "kind": "player"}],
        "you": 0,
        "started": True,
        "over": False,
        "to_move": [0],
        "legal": [a.to_json() for a in legal],
        "steps": [],
    }
    return RemoteTable(link, update), link


def test_a_move_of_a_kind_on_the_list_goes_to_the_service_even_when_the_list_leaves_it_out():
    remote, link = table([PlayDoge(0, 3, (2,)), Decline(0)])
    walked = PlayDoge(0, 3, (2, 2, 2))  # out over a bridge and back, and out again
    remote.act(0, walked)
    assert [m["type"] for m in link.sent] == ["act"] and link.sent[0]["action"] == walked.to_json()
    with pytest.raises(IllegalAction, match="on its way"):
        remote.act(0, Decline(0))  # one move at a time


def test_a_move_of_no_kind_on_the_list_or_for_another_seat_is_refused_here():
    remote, link = table([Decline(0)])
    with pytest.raises(IllegalAction, match="not open to you"):
        remote.act(0, PlayDoge(0, 3, ()))
    with pytest.raises(IllegalAction, match="your own seat"):
        remote.act(1, Decline(0))
    assert link.sent == []
