"""San Marco's board marks the places a walkthrough step names (a district, a canal, the Doge, a
pile) in reverse video: exactly that place's cells, keeping their other styles, and nothing else;
while marks are up the cursors are underlined instead, and clearing the marks draws the board as
it was, through the board's caches too."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from boardgames_tui.learn import script
from boardgames_tui.rules.san_marco.data import DISTRICTS, PAIRS
from boardgames_tui.rules.san_marco.view import SanMarcoView
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.san_marco.layout import Layout
from boardgames_tui.ui.boards.san_marco.places import CANAL_NAMES, available, pile_name, place_named
from boardgames_tui.ui.boards.san_marco.scene import Scene
from boardgames_tui.ui.boards.san_marco.screen import SanMarcoScreen
from boardgames_tui.ui.boards.san_marco.tray import tray_lines
from boardgames_tui.ui.boards.san_marco.venice import draw_map

from .helpers import random_positions, saved_san_marco, to_the_board

SIZES = [(80, 24), (120, 40)]
CONSOLE = Console(width=200, color_system="truecolor", force_terminal=True)

Cells = dict[tuple[int, int], tuple[str, Style]]


def cells_of(rows: list[list[Segment]]) -> Cells:
    """Each cell (x, y) of rendered rows: its character and style."""
    out: Cells = {}
    for y, segments in enumerate(rows):
        x = 0
        for segment in segments:
            style = segment.style or Style()
            for char in segment.text:
                out[(x, y)] = (char, style)
                x += cell_len(char)
    return out


def render(lines: list[Text]) -> Cells:
    return cells_of([list(line.render(CONSOLE)) for line in lines])


def reversed_cells(cells: Cells) -> set[tuple[int, int]]:
    return {xy for xy, (_, style) in cells.items() if style.reverse}


def looks(style: Style) -> tuple:
    """A style's look but for reverse video."""
    return (style.color, style.bgcolor, style.bold, style.dim, style.italic, style.underline)


# -- where each kind of place is, in cells -------------------------------------------------------
def place_cells(layout: Layout, tray: list, view: SanMarcoView, name: str) -> set[tuple[int, int]]:
    place = place_named(name)
    assert place is not None, name
    if place[0] == "district":
        x, y = layout.box_of(place[1])
        return {(x + i, y + j) for i in range(layout.box_width) for j in range(layout.box_lines)}
    if place[0] == "canal":
        canal = layout.canal(place[1:])
        start = 0 if canal.kind == "far" else canal.x  # a far canal's words are marked too
        return {(x, canal.y) for x in range(start, canal.x + canal.width)}
    if place[0] == "doge":
        x, y = layout.box_of(view.doge)
        return {(x + layout.box_width - 2, y + 1)}
    assert place[0] == "pile"
    return {
        (x, layout.map_lines + i)
        for i, line in enumerate(tray)
        if line.pile == place[1]
        for x in range(line.text.cell_len)
    }


def walkthrough_view(title: str) -> SanMarcoView:
    """The learner's view at a walkthrough step (its scripted and bot moves made)."""
    walk = script.load("san_marco")
    pos = script.start(walk)
    for n, step in enumerate(walk.steps):
        script.run_moves(walk, n, pos)
        if step.title == title:
            return pos.state.view(script.LEARNER)
        if step.expect is not None:
            pos.record.play(pos.state, script.LEARNER, step.expect)
    raise AssertionError(title)


@pytest.fixture(scope="module")
def view() -> SanMarcoView:
    # Katya's piles face up for the learner to choose; the Doge in Dorsoduro; bridges on the
    # far canal (San Marco – Dorsoduro)
    view = walkthrough_view("Boris moves the Doge")
    assert view.step == "choose" and view.doge is not None
    return view


def scene_of(view: SanMarcoView, names=(), **kw) -> Scene:
    spots = frozenset(place_named(n) for n in names)
    return Scene(view=view, names=["Sam", "Boris", "Katya"], viewer=0, acting=True, spots=spots, **kw)


def drawn(layout: Layout, scene: Scene) -> tuple[Cells, list]:
    tray = tray_lines(scene, layout.width - 1)
    return render(draw_map(layout, scene) + [line.text for line in tray]), tray


# A district at each end of the grid; a canal of each kind the layout draws (beside, above,
# across a corner, on its own line), named either way round; the Doge; two piles.
PLACES = [
    "San Marco",
    "Santa Croce",
    "Cannaregio – Santa Croce",
    "Cannaregio – San Polo",
    "San Marco – Cannaregio",
    "Dorsoduro – San Marco",
    "the Doge",
    "pile 1",
    "pile 3",
]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_the_places_cover_every_kind_of_canal(size):
    layout = Layout(*size)
    kinds = {layout.canal(place_named(n)[1:]).kind for n in PLACES if place_named(n)[0] == "canal"}
    assert kinds == {"h", "v", "d", "far"}


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("name", PLACES)
def test_a_marked_place_is_reversed_there_and_nowhere_else(view, size, name):
    layout = Layout(*size)
    plain, tray = drawn(layout, scene_of(view))
    marked, _ = drawn(layout, scene_of(view, [name]))
    assert not reversed_cells(plain)  # no cursor here: nothing is reversed before
    want = place_cells(layout, tray, view, name)
    assert want and reversed_cells(marked) == want
    assert marked.keys() == plain.keys()
    for xy, (char, style) in marked.items():
        assert char == plain[xy][0]
        if xy in want:
            assert looks(style) == looks(plain[xy][1]), (xy, char)  # its own styles stay
        else:
            assert style == plain[xy][1], (xy, char)


def test_several_places_at_once_and_no_marks_draw_as_before(view):
    layout = Layout(80, 24)
    names = ["Cannaregio", "San Marco – Dorsoduro", "pile 2"]
    plain, tray = drawn(layout, scene_of(view))
    marked, _ = drawn(layout, scene_of(view, names))
    assert reversed_cells(marked) == set().union(*(place_cells(layout, tray, view, n) for n in names))
    again, _ = drawn(layout, scene_of(view, []))
    assert again == plain


def test_with_marks_up_the_cursors_are_underlined_not_reversed(view):
    layout = Layout(80, 24)
    san_marco = ("district", 3)
    cursor = scene_of(view, place=san_marco, pile=1)
    plain, tray = drawn(layout, cursor)
    x, y = layout.box_of(3)
    title = {(x + 1 + i, y) for i in range(len("▸4 San Marco"))}
    pile = place_cells(layout, tray, view, "pile 2")
    pile_head = {(i, py) for (i, py) in pile if i < len("▸Pile 2")}
    assert reversed_cells(plain) == title | pile_head  # the map's cursor and the pile's
    marked, _ = drawn(layout, scene_of(view, ["Castello"], place=san_marco, pile=1))
    assert reversed_cells(marked) == place_cells(layout, tray, view, "Castello")
    assert all(marked[xy][1].underline and marked[xy][1].bold for xy in title | pile_head)
    # a cursor on a marked place: reversed with the place, and underlined
    both, _ = drawn(layout, scene_of(view, ["San Marco"], place=san_marco))
    assert all(both[xy][1].reverse and both[xy][1].underline for xy in title)


def test_the_names_read_as_the_board_writes_them():
    for d, district in enumerate(DISTRICTS):
        assert place_named(district.name) == ("district", d)
    for a, b in PAIRS:
        ab, ba = f"{DISTRICTS[a].name} – {DISTRICTS[b].name}", f"{DISTRICTS[b].name} – {DISTRICTS[a].name}"
        assert place_named(ab) == place_named(ba) == ("canal", a, b)
    assert place_named("the Doge") == ("doge",)
    assert place_named("pile 2") == ("pile", 1)
    for other in ("San Marco – Castello – Dorsoduro", "pile 0", "pile", "Rialto", "Doge"):
        assert place_named(other) is None


@pytest.mark.parametrize("names", [("Ann", "Bob", "Cleo"), ("Ann", "Bob")], ids=["3 players", "2 players"])
def test_the_names_offered_are_the_places_drawn_for_every_viewer(names):
    """`available` offers a pile exactly while the tray draws that pile's lines, whoever looks (a
    divider's hidden piles are drawn for that divider alone)."""
    piles_seen = 0
    for state in random_positions("san_marco", names, 4):
        for viewer in (None, *range(len(names))):
            view = state.view(viewer)
            scene = Scene(view=view, names=names, viewer=viewer, acting=viewer in view.to_move)
            tray = {pile_name(line.pile) for line in tray_lines(scene, 79) if line.pile is not None}
            doge = {"the Doge"} if view.doge is not None else set()
            map_places = {d.name for d in DISTRICTS} | set(CANAL_NAMES)
            assert available(view) == map_places | doge | tray
            piles_seen += bool(tray)
    assert piles_seen > 50


# -- on the real board, through its caches -------------------------------------------------------
def board_cells(board) -> Cells:
    return cells_of([list(board.render_line(y)) for y in range(len(board._lines))])


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_the_board_marks_what_lesson_places_names_and_clears_back_to_before(size):
    path = saved_san_marco(lambda v: v.step == "choose" and v.doge is not None)
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await to_the_board(app, pilot)
        game = app.game_screen
        assert isinstance(game, SanMarcoScreen) and app.screen is game
        board = game.query_one("#board")
        places = game.lesson_places()
        names = [d.name for d in DISTRICTS] + ["the Doge", "pile 1", "pile 2", "pile 3"]
        assert set(names) <= places and len(places) == len(names) + 2 * len(PAIRS)
        before = board_cells(board)
        cursor = reversed_cells(before)  # the pile under the cursor, reversed as ever
        for name in sorted(places):  # every name it offers can be marked, one at a time
            game.mark_parts((), [name])
            await pilot.pause()
            assert game.marked_places == {name}
            marked = board_cells(board)
            want = place_cells(board.layout_now, board.tray, game.view, name)
            assert want and reversed_cells(marked) == want, name
        game.mark_parts((), ["San Marco", "Cannaregio – San Marco", "pile 2"])
        await pilot.pause()
        assert len(reversed_cells(board_cells(board))) > 2 * board.layout_now.box_width
        game.mark_parts((), [])
        await pilot.pause()
        assert board_cells(board) == before and reversed_cells(before) == cursor


async def test_the_maps_cache_knows_the_marks():
    """A redraw from the same view (as a cursor move makes) shows a mark, and drops it after."""
    path = saved_san_marco(lambda v: v.step == "choose" and v.doge is not None)
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        game = app.game_screen
        board = game.query_one("#board")
        before = board_cells(board)
        game.marked_places = frozenset({"Castello"})
        game.redraw_board()
        await pilot.pause()
        want = place_cells(board.layout_now, board.tray, game.view, "Castello")
        assert reversed_cells(board_cells(board)) == want
        game.marked_places = frozenset()
        game.redraw_board()
        await pilot.pause()
        assert board_cells(board) == before
