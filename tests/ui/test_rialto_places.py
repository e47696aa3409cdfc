"""The places a Rialto walkthrough step marks on the board: each drawn in reverse video on its own
cells and nowhere else, keeping its other styles; the board drawn as before once the marks are
cleared; every name the board offers can be marked and shows; the line with the Doge order stays
on a short terminal while a place on it is marked."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.style import Style

from boardgames_tui.rules.rialto.data import DISTRICTS, SLOT_LETTERS
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.rialto import places
from boardgames_tui.ui.boards.rialto.layout import END, Layout
from boardgames_tui.ui.boards.rialto.tray import tray_lines
from boardgames_tui.ui.screens.lesson import CaptionScreen

ROWS_STEP = 4  # "Your move: take a row": the rows are shown, no cursor on the map
BRIDGE_STEP = 13
BORDER = "─━"  # "Your move: place the bridge": the cursor on the map


async def caption_up(app, pilot) -> None:
    for _ in range(20):
        await pilot.pause()
        if isinstance(app.screen, CaptionScreen):
            return
    raise AssertionError(f"no caption: {type(app.screen).__name__}")


async def walk_to(app, pilot, index: int):
    """The walkthrough's step `index`, its caption up over the board; its game screen."""
    await caption_up(app, pilot)
    if index:
        app.screen.dismiss("look")
        await pilot.pause()
        app.lesson_step(index)
        await caption_up(app, pilot)
    assert app.lesson.index == index
    return app.game_screen


Cells = list[list[tuple[str, Style]]]


def drawn(board) -> Cells:
    """The board as rendered: per line, per cell, the character and its style."""
    out = []
    for y in range(len(board._lines)):
        line = []
        for segment in board.render_line(y):
            style = segment.style or Style()
            for char in segment.text:
                line.extend([(char, style)] * max(1, cell_len(char)))
        out.append(line)
    return out


def plain(cells: Cells) -> list[str]:
    return ["".join(c for c, _ in line) for line in cells]


def reversed_cells(cells: Cells) -> set[tuple[int, int]]:
    return {(x, y) for y, line in enumerate(cells) for x, (_, s) in enumerate(line) if s.reverse}


def run(text: str, start: int) -> set[int]:
    """The columns of the piece at `start`: up to two spaces, or the end of the line's text."""
    end = text.find("  ", start)
    end = len(text.rstrip()) if end < 0 else end
    return set(range(start, end))


def expected(place: str, layout: Layout, lines: list[str]) -> set[tuple[int, int]]:
    """The cells a place covers, found from the layout and the text, not from the drawing's code."""
    names = [d.name for d in DISTRICTS]
    if place in names:
        d = names.index(place)
        x, _ = layout.box_of(d)
        y = layout.title_y(d)
        assert lines[y][x + 1 :].startswith(f"{d + 1} {place}") or place in lines[y]
        return {(c, y) for c in range(x + 1, x + layout.box_width - 1)}
    letter = place.removeprefix("link ")
    if letter in SLOT_LETTERS:
        spot = layout.spot(SLOT_LETTERS.index(letter))
        if spot.kind == "cross":  # 'l·' free, 'l═5' taken: on the border, up to its line
            ends = [(x, y, lines[y][x : x + END]) for x, y in spot.ends]
            return {(x + i, y) for x, y, cells in ends for i in range(len(cells.rstrip(BORDER)))}
        x, y = spot.point
        text = lines[y]
        if spot.kind == "arc":
            left = text.index("╭" if y == 0 else "╰")
            right = text.index("╮" if y == 0 else "╯")
            return {(c, y) for c in range(left, right + 1)}
        left = text.rindex(" ", 0, x) + 1
        return {(c, y) for c in range(left, text.index(" ", x))}
    if place in ("north bank", "south bank"):
        y = layout.canal_y
        text = lines[y]
        start = text.index(("↑ " if place == "north bank" else "↓ ") + place)
        return {(c, y) for c in range(start, text.index(" ≈", start))}
    if place == "Doge":
        y = next(i for i, line in enumerate(lines) if line.startswith("Doge "))
        end = lines[y].index(" · next bridge")  # the order, without "(first to last)"
        return {(c, y) for c in range(0, lines[y].find(" (first", 0, end) % (end + 1))}
    if place == "next bridge":
        y = next(i for i, line in enumerate(lines) if line.startswith("Doge "))
        start = lines[y].index("next bridge")
        return {(c, y) for c in range(start, lines[y].index(" (", start))}
    if place.startswith("row "):
        head = f"Row {place.split()[1]}: "
        y = next(i for i, line in enumerate(lines) if head in line)
        return {(c, y) for c in run(lines[y], lines[y].index(head))}
    raise AssertionError(f"no cells known for {place!r}")


def check_marked_alone(game, board, place: str, before: Cells) -> None:
    game.mark_parts((), {place})
    after = drawn(board)
    assert plain(after) == plain(before), place
    cells = expected(place, board.layout_now, plain(before))
    changed = reversed_cells(after) - reversed_cells(before)
    assert changed == cells - reversed_cells(before), place
    assert reversed_cells(before) <= reversed_cells(after), place
    for y, line in enumerate(after):
        for x, (_, style) in enumerate(line):
            old = before[y][x][1]
            if (x, y) in cells:  # its own styles kept, reverse added
                assert style == old + Style(reverse=True), (place, x, y)
            else:
                assert style == old, (place, x, y)
    game.mark_parts((), ())
    assert drawn(board) == before, place  # cleared: exactly as before


KINDS = [
    "Cannaregio",  # the current district (heavy lines), north bank
    "Santa Croce",  # a south bank district: its name on the bottom border
    "a",  # a link between neighbours, by its letter
    "link b",  # a link as an arc over the row, as a caption says it
    "e",  # the arc under the south bank
    "l",  # a link across the canal: both its ends
    "north bank",
    "south bank",
    "Doge",
    "next bridge",
    "row 1",
    "row 3",
]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_marked_place_is_reversed_on_its_cells_alone_and_clearing_restores_the_board(size):
    app = BoardgamesApp(learn="rialto", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        game = await walk_to(app, pilot, ROWS_STEP)
        board = game.query_one("#board")
        game.mark_parts((), ())
        before = drawn(board)
        assert not reversed_cells(before)
        for place in KINDS:
            assert place in game.lesson_places()
            check_marked_alone(game, board, place, before)
        # several at once: each on its own cells
        game.mark_parts((), {"Castello", "k", "row 2"})
        lines, layout = plain(before), board.layout_now
        want = expected("Castello", layout, lines) | expected("k", layout, lines)
        assert reversed_cells(drawn(board)) == want | expected("row 2", layout, lines)
        game.mark_parts((), ())
        assert drawn(board) == before
        # the map is kept between redraws of one view: the marks are part of what it is kept by
        game.marked_places = frozenset({"San Polo"})
        game.redraw_board()
        assert reversed_cells(drawn(board)) == expected("San Polo", layout, lines)
        game.marked_places = frozenset()
        game.redraw_board()
        assert drawn(board) == before


async def test_a_mark_beside_the_bridge_cursor_and_on_a_bridge_placed():
    app = BoardgamesApp(learn="rialto", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await walk_to(app, pilot, BRIDGE_STEP)
        board = game.query_one("#board")
        game.mark_parts((), ())
        before = drawn(board)
        assert reversed_cells(before)  # the cursor, on a free slot
        assert game.cursor.place != ("slot", SLOT_LETTERS.index("l"))
        for place in ("l", "Dorsoduro", "g"):
            check_marked_alone(game, board, place, before)
        # the bridge on l (the next step): marked, its numbers reversed with it
        game = await walk_to(app, pilot, BRIDGE_STEP + 1)
        board = game.query_one("#board")
        game.mark_parts((), ())
        before = drawn(board)
        assert "l═5" in "\n".join(plain(before))
        check_marked_alone(game, board, "link l", before)


@pytest.mark.slow
async def test_every_place_the_board_offers_can_be_marked_and_shows():
    app = BoardgamesApp(learn="rialto", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await walk_to(app, pilot, ROWS_STEP)
        board = game.query_one("#board")
        offered = game.lesson_places()
        assert {d.name for d in DISTRICTS} | set(SLOT_LETTERS) <= offered
        assert {"north bank", "south bank", "Doge", "next bridge", "row 1", "row 4"} <= offered
        game.mark_parts((), ())
        before = drawn(board)
        for place in sorted(offered):
            game.mark_parts((), {place})
            after = drawn(board)
            assert plain(after) == plain(before), place
            assert reversed_cells(after), f"{place} marked but not shown"
        game.mark_parts((), sorted(offered))  # all at once
        assert plain(drawn(board)) == plain(before)
        game.mark_parts((), ())
        assert drawn(board) == before
        # out of Phase I the rows are gone, and so are their names
        game = await walk_to(app, pilot, 8)
        assert not any(name.startswith("row ") for name in game.lesson_places())


async def test_the_doge_line_stays_on_a_short_terminal_while_a_place_on_it_is_marked():
    app = BoardgamesApp(learn="rialto", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await walk_to(app, pilot, ROWS_STEP)
        short = Layout(80, 20)  # no room for the line with the Doge order

        def lines() -> list[str]:
            return [line.plain for line in tray_lines(game.scene(), short)]

        game.mark_parts((), ())
        assert not any(line.startswith("Doge ") for line in lines())
        for place in places.INFO:
            game.mark_parts((), {place})
            assert lines()[0].startswith("Doge "), place
        game.mark_parts((), {"row 1"})
        assert not any(line.startswith("Doge ") for line in lines())
