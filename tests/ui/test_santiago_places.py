"""Santiago's board marks the places a walkthrough's step names (ui/boards/santiago/places.py):
each in reverse video on exactly its own cells of the drawn board, and nothing else reversed but
what was before (the cursor and the tile picked excepted: while places are marked they are
underlined instead, so a mark and the cursor never look alike, also on the same place). Clearing
the marks draws the board as it was, strip for strip.

The expected cells come from the layout's geometry (layout.py), not from the picture's own record
of where it drew each place."""

from __future__ import annotations

import pytest

from boardgames_tui.rules.santiago.data import FIELD_CR, IX, IY, SEGMENTS
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.santiago.screen import SantiagoScreen

from .helpers import press
from .test_santiago_board import saved_game

NAMES = ["Ann", "Bob", "Cleo"]
Cells = set[tuple[int, int]]  # (line, cell) on the board


def saved_at(phase: str, count: int, then: int = 0, seed: int = 5):
    """A save played by the smart bot up to the `count`-th time `phase` comes up, `then` moves on."""
    return saved_game(phase, count, seed, then)


# -- reading the drawn board ------------------------------------------------------------------------
def drawn(screen: SantiagoScreen) -> list[list]:
    """Every line of the board as painted: its segments (text, style)."""
    board = screen.board
    return [list(board.render_line(y)) for y in range(board.get_content_height(None, None, 0))]


def cells(lines: list[list], attr: str) -> Cells:
    out: Cells = set()
    for y, segments in enumerate(lines):
        x = 0
        for seg in segments:
            on = bool(seg.style and getattr(seg.style, attr))
            for _ in seg.text:
                if on:
                    out.add((y, x))
                x += 1
    return out


def text(lines: list[list]) -> list[str]:
    return ["".join(seg.text for seg in segments) for segments in lines]


# -- where each place is drawn, from the layout ---------------------------------------------------
def field_cells(layout, c: int, r: int) -> Cells:
    x0 = layout.field_x(c)
    return {
        (layout.field_y(r) + k, x) for k in range(layout.row_lines) for x in range(x0, x0 + layout.cell_width)
    }


def ditch_cells(layout, seg) -> Cells:
    o, x, y = seg
    if o == "H":
        return {(layout.point_y(y), c) for c in range(layout.line_x(x) + 1, layout.line_x(x + 1))}
    return {(line, layout.line_x(x)) for line in range(layout.point_y(y) + 1, layout.point_y(y + 1))}


def grid_cells(layout, name: str) -> Cells:
    if name.startswith("point "):
        x, y = map(int, name.split()[1].split(","))
        return {(layout.point_y(y), layout.line_x(x))}
    if name[0] in "HV":
        o, xy = name.split()
        x, y = map(int, xy.split(","))
        return ditch_cells(layout, (o, x, y))
    c, r = map(int, name.split(","))
    return field_cells(layout, c, r)


def panel_line_cells(layout, lines: list[str], y: int) -> Cells:
    """The panel's part of line y up to its last sign (the panel starts after the grid)."""
    x0 = layout.grid_width + 1
    return {(y, x) for x in range(x0, len(lines[y].rstrip()))}


def cursor_cells(screen: SantiagoScreen, layout) -> Cells:
    """The cells the cursor covers (a field, a ditch or an intersection)."""
    mode, place = screen.cursor.mode, screen.cursor.place
    if mode == "field":
        return field_cells(layout, *place)
    if mode == "ditch":
        return ditch_cells(layout, place)
    if mode == "point":
        return grid_cells(layout, "point {},{}".format(*place))
    return set()


async def board_of(pilot) -> SantiagoScreen:
    await press(pilot, "enter", "enter")  # the hand-off, then the recap
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SantiagoScreen) and screen.my_turn
    return screen


async def mark(pilot, screen: SantiagoScreen, *places: str) -> list[list]:
    screen.mark_parts((), places)  # redraws the board at once: the strips are read as painted next
    return drawn(screen)


# -- the tests --------------------------------------------------------------------------------------
SCENES = [
    # phase, count, then: planting (the field cursor, the offer); bribes with a proposal (the ditch
    # cursor, the proposals)
    ("plant", 2, 0),
    ("bribe", 5, 1),
]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("scene", SCENES, ids=[s[0] for s in SCENES])
async def test_each_place_marks_its_own_cells_and_clearing_restores_the_board(scene, size):
    phase, count, then = scene
    app = BoardgamesApp(load_path=saved_at(phase, count, then), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await board_of(pilot)
        assert screen.view.phase == phase
        layout = screen.board.current_layout()
        plain = drawn(screen)
        before = cells(plain, "reverse")
        under_cursor = cursor_cells(screen, layout)
        assert under_cursor and under_cursor <= before  # the cursor shows reversed without marks
        # ... and so does the tile picked to plant (▸ in the offer): both underlined under marks
        lines = text(plain)
        x0 = layout.grid_width + 1
        picked = {(y, x) for y, x in before if x > x0 and lines[y][x0] == "▸"}
        assert bool(picked) == (phase == "plant")
        pickers = under_cursor | picked
        names = screen.lesson_places()
        grid = {f"{c},{r}" for c, r in FIELD_CR}
        grid |= {f"{o} {x},{y}" for o, x, y in SEGMENTS}
        grid |= {f"point {x},{y}" for x in range(IX) for y in range(IY)}
        panel = (
            {"offer"} | {f"offer {i + 1}" for i in range(len(screen.view.offer))}
            if phase == "plant"
            else {"proposals"} | {f"proposal {p.number}" for p in screen.view.proposals}
        )
        assert screen.view.proposals or phase == "plant"
        assert names == grid | panel
        assert "offer 1" not in names or phase == "plant"

        # Every place the board names (at 80×24; a few of each kind on the wider board): reversed
        # on its cells and nowhere else new; the cursor underlined instead of reversed; the
        # characters unchanged.
        some = {"0,0", "7,5", "3,2", "H 0,0", "V 4,2", "V 2,1", "H 3,3", "point 0,0", "point 2,1"}
        for name in sorted(names if size == (80, 24) else (some | panel)):
            shown = await mark(pilot, screen, name)
            assert text(shown) == lines, name
            if name in grid:
                want = grid_cells(layout, name)
            elif name in ("offer", "proposals"):
                n = len(panel) - 1
                want = set().union(*(panel_line_cells(layout, lines, y) for y in range(n + 1)))
            elif name.startswith("offer "):
                want = panel_line_cells(layout, lines, int(name.split()[1]))
            else:
                number = int(name.split()[1])
                y = 1 + [p.number for p in screen.view.proposals].index(number)
                want = panel_line_cells(layout, lines, y)
            assert want, name
            got = cells(shown, "reverse")
            assert got == want | (before - pickers), name
            assert pickers <= cells(shown, "underline"), name

        # The cursor on a marked place: both show (reversed and underlined); the mark elsewhere.
        here = {"field": "{},{}", "ditch": "{} {},{}"}[screen.cursor.mode].format(*screen.cursor.place)
        shown = await mark(pilot, screen, here)
        assert under_cursor <= cells(shown, "reverse") & cells(shown, "underline")

        # Cleared: the board as it was, segment for segment (the strips cache keys on the marks).
        shown = await mark(pilot, screen)
        assert shown == plain
        assert screen.marked_places == frozenset()


async def test_the_cursor_moving_over_marks_keeps_both_signs():
    app = BoardgamesApp(load_path=saved_at("plant", 2), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board_of(pilot)
        layout = screen.board.current_layout()
        c, r = screen.cursor.place
        marked = field_cells(layout, c, r)
        await mark(pilot, screen, f"{c},{r}")
        await press(pilot, "right" if c < 7 else "left")  # the cursor moves off the mark
        await pilot.pause()
        moved = field_cells(layout, *screen.cursor.place)
        shown = drawn(screen)
        assert marked <= cells(shown, "reverse") and not marked & cells(shown, "underline")
        assert moved <= cells(shown, "underline") and not moved & cells(shown, "reverse")
        await press(pilot, "left" if c < 7 else "right")  # and back onto it
        await pilot.pause()
        shown = drawn(screen)
        assert marked <= cells(shown, "reverse") & cells(shown, "underline")
        assert not moved & (cells(shown, "reverse") | cells(shown, "underline"))


async def test_a_place_the_board_does_not_show_is_not_named():
    app = BoardgamesApp(load_path=saved_at("bribe", 5, 1), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await board_of(pilot)
        names = screen.lesson_places()
        assert "4,2" in names and "V 2,0" in names and "point 2,1" in names
        # no offer in the bribes; no such field, ditch or proposal
        assert not {"offer", "offer 1", "8,0", "V 2,3", "H 4,0", "point 5,0", "proposal 9"} & names
