"""St. Petersburg's places a walkthrough step may mark (StPetersburgScreen.lesson_places): each is
drawn in reverse video, on its own cells and nothing else, in what the board really renders
(its cached strips) and in the player rows; clearing the marks gives the unmarked output back.

The positions are the walkthrough's own: its first step (Katya to act, so no cursor on the
display) and its fifth (Sam to act, Katya owns a lumberjack)."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.segment import Segment

from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.lesson import CaptionScreen

from .helpers import press

CELL = 9  # a display cell's width at 80 columns; its border follows: 8 × (9 + 1) = 80
UPPER, LOWER = (1, 2), (4, 5)  # the board lines of each row's cells at 80x24 (two lines a card)
STACKS_LINE = 7


async def at_step(pilot, n: int):
    """The game screen behind step `n`'s caption (1-based), walked to from the caption shown."""
    app = pilot.app
    await caption(pilot)
    while app.screen.index < n - 1:
        index = app.screen.index
        await press(pilot, "right")
        await caption(pilot, index + 1)
    assert app.screen.index == n - 1
    return app.game_screen


async def caption(pilot, index: int | None = None) -> None:
    app = pilot.app
    for _ in range(20):
        await pilot.pause()
        if isinstance(app.screen, CaptionScreen) and index in (None, app.screen.index):
            return
    raise AssertionError(f"no caption {index}: {type(app.screen).__name__}")


def reversed_cells(segments: list[Segment], y: int) -> set[tuple[int, int]]:
    out, x = set(), 0
    for segment in segments:
        width = segment.cell_length
        if segment.style is not None and segment.style.reverse:
            out.update((x + i, y) for i in range(width))
        x += width
    return out


def board_output(game) -> tuple[list[list[Segment]], set[tuple[int, int]]]:
    """The board's lines as it renders them (through its line and strip caches), and the cells
    in reverse video."""
    board = game.board
    lines = [list(board.render_line(y)) for y in range(len(board.prepared(80)))]
    cells = set()
    for y, segments in enumerate(lines):
        cells |= reversed_cells(segments, y)
    return lines, cells


def rows_output(game) -> tuple[list[str], set[tuple[int, int]]]:
    console = Console(width=200)
    rows = game.player_rows(game.view)
    cells = set()
    for y, row in enumerate(rows):
        cells |= reversed_cells(list(row.render(console)), y)
    return [row.plain for row in rows], cells


def mark(game, *places: str) -> None:
    game.mark_parts((), places)


def slot(row: tuple[int, int], column: int) -> set[tuple[int, int]]:
    """The cells of a display slot (0-based column), its border left out."""
    x0 = column * (CELL + 1)
    return {(x, y) for y in row for x in range(x0, x0 + CELL)}


def span(line: str, y: int, start: str, last: str) -> set[tuple[int, int]]:
    """The cells of `line` from the word `start` to the end of `last` (plain one-cell text)."""
    a = line.index(start)
    b = line.index(last, a) + len(last)
    return {(x, y) for x in range(a, b)}


async def test_display_places_are_reversed_on_their_cells_only_and_cleared_exactly():
    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await at_step(pilot, 1)
        mark(game)  # the first step marks Sam's points (a player row): none on the board
        before, none = board_output(game)
        assert none == set()  # Katya to act: no cursor on the display either
        text = [line.plain for line in game.board.lines(80)]
        assert (
            text[UPPER[0]].split("│")[:6]
            == [" GoldMin ", " Lumber  ", " Shepherd", " FurTrap "] + [" Lumber  "] * 2
        )
        stacks = text[STACKS_LINE]
        expected = {
            "upper 2": slot(UPPER, 1),
            "lower 8": slot(LOWER, 7),  # an empty slot is a place too
            "Lumberjack": slot(UPPER, 1) | slot(UPPER, 4) | slot(UPPER, 5),  # every one on show
            "Shepherd": slot(UPPER, 2),
            "upper row": set().union(*(slot(UPPER, c) for c in range(8))) | {(x, 0) for x in range(1, 6)},
            "lower row": set().union(*(slot(LOWER, c) for c in range(8))) | {(x, 3) for x in range(1, 6)},
            "stacks": span(stacks, STACKS_LINE, "stacks", "T30"),
            "next deal": span(stacks, STACKS_LINE, "next deal", "next deal B"),
            "start markers": span(stacks, STACKS_LINE, "start", "T●"),
        }
        for place, cells in expected.items():
            assert place in game.lesson_places()
            mark(game, place)
            assert board_output(game)[1] == cells, place
            assert rows_output(game)[1] == set(), place
            mark(game)
            assert board_output(game)[0] == before, place  # cleared: exactly the unmarked lines
        mark(game, "upper 1", "Shepherd", "stacks")  # several at once: each on its own cells
        assert board_output(game)[1] == slot(UPPER, 0) | expected["Shepherd"] | expected["stacks"]
        mark(game)
        assert board_output(game)[0] == before
        # the marks are part of the board's cache key: the same view redrawn with a mark shows it
        game.marked_places = frozenset({"lower 1"})
        game.board.show(game.scene())
        assert board_output(game)[1] == slot(LOWER, 0)
        game.marked_places = frozenset()
        game.board.show(game.scene())
        assert board_output(game)[0] == before


async def test_player_places_are_reversed_in_their_row_only():
    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await at_step(pilot, 5)  # Katya has bought a lumberjack; Sam to act
        mark(game)
        board_before, board_cells = board_output(game)
        rows, none = rows_output(game)
        assert none == set()
        sam, katya = rows[0], rows[2]
        assert "Katya" in katya and katya.endswith("W Lumber +3₽")
        expected = {
            "Sam's points": span(sam, 0, "★", "★  0"),
            "Sam's rubles": span(sam, 0, "25₽", "25₽"),
            "Sam's hand": span(sam, 0, "hand", "0/3"),
            "Sam's tableau": span(sam, 0, "no cards yet", "no cards yet"),
            "Katya's workers": span(katya, 2, "W Lumber", "+3₽"),
            "Katya's tableau": span(katya, 2, "W Lumber", "+3₽"),
            "Boris's row": span(rows[1], 1, "●", "no cards yet"),
        }
        for place, cells in expected.items():
            assert place in game.lesson_places()
            mark(game, place)
            # the cell's width: "★" and "₽" are one cell each, like every character of these rows
            assert rows_output(game)[1] == cells, place
            assert board_output(game) == (board_before, board_cells), place  # the board as it was
        mark(game)
        assert rows_output(game) == (rows, set())
        # only groups a player has are places: Sam has no cards yet
        assert "Sam's workers" not in game.lesson_places()
        assert {"Katya's workers", "Lumberjack", "Gold Miner"} <= game.lesson_places()


async def test_the_cursor_goes_to_the_first_marked_card():
    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await at_step(pilot, 5)  # the step marks the Lumberjacks: the cursor is on the first
        assert game.show_cursor and game.cursor.place == ("upper", 3)
        assert board_output(game)[1] == slot(UPPER, 3) | slot(UPPER, 4)
        mark(game, "Fur Trapper")
        assert game.cursor.place == ("upper", 2)
        assert board_output(game)[1] == slot(UPPER, 2)  # the cursor's reverse is the mark's
        mark(game, "upper row")  # already on a marked cell: it stays
        assert game.cursor.place == ("upper", 2)
        mark(game, "Sam's hand")  # nothing on the display marked: it stays
        assert game.cursor.place == ("upper", 2)


@pytest.mark.slow
async def test_every_place_can_be_marked():
    app = BoardgamesApp(learn="st_petersburg", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for n in (1, 5):
            game = await at_step(pilot, n)
            mark(game)
            unmarked = both_outputs(game)
            places = game.lesson_places()
            assert len(places) > 30
            for place in sorted(places):
                mark(game, place)
                cells = both_outputs(game)
                # step 1 has no cursor: every place shows, and only while it is marked
                assert n == 5 or (cells and cells != unmarked), place
                mark(game)
                if n == 1:
                    assert both_outputs(game) == unmarked, place


def both_outputs(game) -> set[tuple[int, int]]:
    """The reversed cells of the board and (below it) of the player rows."""
    return board_output(game)[1] | {(x, y + 100) for x, y in rows_output(game)[1]}
