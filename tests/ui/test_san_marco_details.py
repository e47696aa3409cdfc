"""San Marco's details (`i`): every colour on the board by name (the players', the neutral colour,
the dummies), the viewer's own marked "(you)", and nothing only one seat may see. The game's one
secret, a divider's cards before its piles are turned up, is shown to that divider under the map
and never here: the details read the same for every viewer but for the "(you)"."""

from __future__ import annotations

import pytest
from rich.console import Console

from boardgames_tui.play.table import Table
from boardgames_tui.ui.boards.san_marco.details import details
from boardgames_tui.ui.boards.san_marco.screen import SanMarcoScreen
from boardgames_tui.ui.boards.san_marco.signs import colour_label

from .helpers import random_positions

GAMES = {
    "3 players": (("Ann", "Bob", "Cleo"), {}),
    "4 players": (("Ann", "Bob", "Cleo", "Dan"), {}),
    "2, neutral": (("Ann", "Bob"), {"two_player": "neutral"}),
    "2, dummies": (("Ann", "Bob"), {"two_player": "dummies"}),
}


def plain(renderable) -> str:
    """Plain text, wide enough that nothing wraps (a search would miss a wrapped name)."""
    console = Console(width=300, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_details_name_every_colour_and_show_no_viewer_a_secret(game):
    names, options = game
    secrets = 0
    for n, state in enumerate(random_positions("san_marco", names, 11, options)):
        if n % 4:
            continue  # every fourth position is enough: a split lasts a card's move per card
        public_view = state.view(None)
        views = [state.view(seat) for seat in range(len(names))]
        secrets += sum(view.offers != public_view.offers for view in views)  # a split nobody else sees
        public_title, public_body = (plain(part) for part in details(public_view, None))
        assert "(you)" not in public_body
        labels = [colour_label(public_view, c, ()).plain for c in range(len(public_view.colours))]
        assert len(labels) > len(names) or not options  # the neutral colour or the dummies too
        for label in labels:
            assert label in public_body
        for seat, view in enumerate(views):
            title, body = (plain(part) for part in details(view, seat))
            assert body.count("(you)") == 1 and f"{labels[seat]} (you)" in body
            assert body.replace(" (you)", "", 1) == public_body and title == public_title
    assert secrets > 10  # the splits were there to be shown, and were not


def test_the_screens_details_name_the_seats_as_the_table_does():
    table = Table.new("san_marco", ["Ann", "Bob", "Cleo"], 3, autosave=False)
    screen = SanMarcoScreen(table)  # not mounted: the hook reads the view and the viewer only
    screen.viewer = 1
    view = table.view(1)
    title, body = screen.details(view)
    text = plain(body)
    names = [table.name(seat) for seat in range(3)]
    for seat in range(3):
        assert colour_label(view, seat, names).plain + (" (you)" if seat == 1 else "  ") in text
    assert plain(title).startswith("Venice · period 1/")
