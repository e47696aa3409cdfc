"""Macao's places a walkthrough marks: each drawn in reverse video over its own styles, on its
cells and nothing else, gone again when the marks are cleared (through the board's caches); every
place the screen offers can be marked; marking a place on a panel brings that panel up once, and a
panel the player then chooses by key stays."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from boardgames_tui.learn import script
from boardgames_tui.play.table import Table
from boardgames_tui.rules.macao.data import CARD
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boardkit import PLACE
from boardgames_tui.ui.boards.macao import places, signs
from boardgames_tui.ui.boards.macao.board import MacaoBoard
from boardgames_tui.ui.boards.macao.layout import Layout
from boardgames_tui.ui.boards.macao.screen import MacaoScreen

from .helpers import press
from .test_lesson import caption_up

CONSOLE = Console(width=200, color_system=None)
WALK = script.load("macao")
POSITIONS = script.positions(WALK)


def step_index(title: str) -> int:
    return next(i for i, step in enumerate(WALK.steps) if step.title == title)


def screen_at(title: str) -> MacaoScreen:
    """The walkthrough's position at the step titled `title`, read by a screen not mounted (as the
    learner sees it)."""
    table = Table.replayed(POSITIONS[step_index(title)].record.upto())
    screen = MacaoScreen(table)
    screen.viewer = script.LEARNER
    to_move = table.to_move()
    screen.actor = to_move[0] if to_move else None
    screen.read_table()
    return screen


def drawn(board: MacaoBoard, screen: MacaoScreen, marks, size=(80, 24)) -> list[Text]:
    screen.marked_places = frozenset(marks)
    lines, _ = board.draw(screen.scene(), Layout(*size))
    return lines


def reversed_cells(lines: list[Text]) -> set[tuple[int, int]]:
    """The cells drawn in reverse video, as (line, cell), from what a terminal gets."""
    out = set()
    for y, line in enumerate(lines):
        x = 0
        for seg in line.render(CONSOLE):
            width = len(seg.text)
            if seg.style is not None and seg.style.reverse:
                out |= {(y, x + i) for i in range(width)}
            x += width
    return out


def runs(lines: list[Text], cells: set[tuple[int, int]]) -> list[str]:
    """The text under `cells`, a piece per run of neighbouring cells, top to bottom."""
    out: list[str] = []
    last = None
    for y, x in sorted(cells):
        if last == (y, x - 1):
            out[-1] += lines[y].plain[x]
        else:
            out.append(lines[y].plain[x])
        last = (y, x)
    return out


def rendered(lines: list[Text]) -> list[str]:
    """The lines as a terminal gets them (styles and all)."""
    return ["".join(seg.text + str(seg.style) for seg in line.render(CONSOLE)) for line in lines]


CASES = [
    # (step, panel, place, the text of each run it marks) — a place of each kind
    ("The rose turns", "city", "rose 3", ["3 R4 r4"]),
    ("The rose turns", "city", "rose 1", ["1 B2 r2"]),
    ("The rose turns", "city", "NOW", ["➤ NOW R1 Y1"]),
    ("The wall and turn order", "cards", "wall", ["wall ◆2 › ▲1 › ●1"]),
    ("Your move: choose two dice", "dice", "die G", ["┌──┐", "│G4│", "└──┘"]),
    ("Your move: choose two dice", "dice", "die V", ["┌──┐", "│V1│", "└──┘"]),
    ("Your move: sail to Lisboa", "city", "q05", ["·Po"]),
    ("Your move: sail to Lisboa", "city", "Porta do Cerco", ["◆Sp"]),
    ("Your move: deliver the spices", "sea", "Lisboa", ["LIS", "LIS Sp 5· 3· 2· ◆"]),
    ("Your move: deliver the spices", "sea", "HAM", ["HAM", "HAM Ri 5· 3· 2·"]),
    ("Your move: deliver the spices", "sea", "s10", ["·"]),
    ("Your move: a starting card", "cards", "Money-changer", ["P Money-changer R1"]),
    ("Round 1: the cards", "cards", "Captain", ["P Captain B2 R2"]),
    ("Round 2", "track", "round 3", None),  # the track's line for round 3, whatever it says
]


@pytest.mark.parametrize(("title", "panel", "place", "pieces"), CASES)
def test_a_marked_place_is_reversed_on_its_cells_and_nothing_else(title, panel, place, pieces):
    screen = screen_at(title)
    assert place in screen.lesson_places()
    screen.panel = panel
    board = MacaoBoard()
    before = drawn(board, screen, ())
    marked = drawn(board, screen, {place})
    assert [line.plain for line in marked] == [line.plain for line in before]  # only styles change
    new = reversed_cells(marked) - reversed_cells(before)
    assert new, f"{place} is not marked"
    assert reversed_cells(before) <= reversed_cells(marked)  # nothing else loses its reverse
    if pieces is None:
        (piece,) = runs(marked, new)
        assert piece.split()[:1] == ["3"]
    else:
        assert sorted(runs(marked, new)) == sorted(pieces)
    # the reverse is added to the place's own styles: a cube keeps its colour letter's colour
    y, x = min(new)
    assert marked[y].get_style_at_offset(CONSOLE, x) == before[y].get_style_at_offset(CONSOLE, x) + PLACE
    # cleared, the board draws exactly what it drew before (the cached parts too)
    assert rendered(drawn(board, screen, ())) == rendered(before)


def test_the_city_keeps_its_map_cache_clean_and_the_cursor_where_it_was():
    screen = screen_at("Your move: take a city quarter")
    board = MacaoBoard()
    before = drawn(board, screen, ())
    cursor = reversed_cells(before)
    assert cursor  # the cursor is on the quarter to take
    marked = drawn(board, screen, {"Sé"})
    assert runs(marked, reversed_cells(marked) - cursor) == ["·Sp"]
    other = MacaoBoard()  # a board of its own, drawn from the module's cached map: unmarked
    assert rendered(drawn(other, screen, ())) == rendered(before)


def test_a_round_is_marked_on_the_track_in_the_left_column_of_a_wide_board_too():
    screen = screen_at("What is hidden")
    screen.panel = "track"
    board = MacaoBoard()
    before = drawn(board, screen, (), size=(120, 40))
    marked = drawn(board, screen, {"round 11"}, size=(120, 40))
    pieces = runs(marked, reversed_cells(marked) - reversed_cells(before))
    assert len(pieces) == 2 and all(piece.startswith(" 11 ") for piece in pieces)
    assert rendered(drawn(board, screen, (), size=(120, 40))) == rendered(before)


@pytest.mark.slow
def test_every_place_offered_at_every_step_can_be_marked_at_once():
    board = MacaoBoard()
    for step in WALK.steps:
        screen = screen_at(step.title)
        names = screen.lesson_places()
        assert {"wall", "rose 1", "rose 6"} <= names and set(step.places) <= names
        for panel in screen.panels():
            screen.panel = panel
            plain = [line.plain for line in drawn(board, screen, ())]
            assert [line.plain for line in drawn(board, screen, names)] == plain
            drawn(board, screen, names, (120, 40))


def hidden_places(screen: MacaoScreen, lines: list[Text], name: str) -> bool:
    """Whether `name` cannot show as a mark on `lines`: under a cursor (reversed already), or a
    round or a card the panel has no room for."""
    if (places.QUARTERS.get(name) or places.SPACES.get(name)) in (screen.city.place, screen.sea.place):
        return True
    if screen.card_at is not None and screen.card_rows:
        if CARD[screen.card_rows[screen.card_at].card].name == name:
            return True
    shown: list[str] = []
    if name in places.ROUND:
        shown = [f"│{m}{places.ROUND[name]:>2} " for m in " ▸"]
    elif places.panel_of(name) == "cards":
        letter = signs.KIND_LETTER[next(c for c in CARD.values() if c.name == name).kind]
        shown = [f"│{m}{letter} {name} " for m in " +"]
    return bool(shown) and not any(words in line.plain for line in lines for words in shown)


def check_each_shows(screen: MacaoScreen, names) -> None:
    """Each place marked alone, on the panel it brings up, adds reverse cells (unless hidden)."""
    board = MacaoBoard()
    unmarked: dict[str, list[Text]] = {}
    for name in sorted(names):
        screen.panel = places.panel_of(name) or "city"
        if screen.panel not in unmarked:
            unmarked[screen.panel] = drawn(board, screen, ())
        lines = unmarked[screen.panel]
        before = reversed_cells(lines)
        after = reversed_cells(drawn(board, screen, {name}))
        assert before <= after, name
        assert after - before or hidden_places(screen, lines, name), name


@pytest.mark.parametrize("title", ["Set-up", "The rose turns", "Late-round dice"])
def test_every_place_offered_shows_when_marked_alone(title):
    screen = screen_at(title)
    check_each_shows(screen, screen.lesson_places())


def test_every_place_the_walkthrough_marks_shows_at_its_step():
    marking = [step for step in WALK.steps if step.places]
    assert len(marking) >= 12
    for step in marking:
        check_each_shows(screen_at(step.title), step.places)


def test_names_are_the_boards_words_and_name_one_panel_each():
    assert places.panel_of("die K") == "dice"
    assert places.panel_of("q01") == places.panel_of("Porta do Cerco") == "city"
    assert places.panel_of("LIS") == places.panel_of("Lisboa") == places.panel_of("s03") == "sea"
    assert places.panel_of("Money-changer") == "cards"
    assert places.panel_of("round 12") == "track"
    assert places.panel_of("NOW") is places.panel_of("wall") is places.panel_of("rose 4") is None
    assert places.QUARTERS["Porta do Cerco"] == "q01" and places.SPACES["MAC"] == "Macao"
    before_turn = screen_at("Your move: choose two dice").lesson_places()
    assert "NOW" not in before_turn and "die Y" in before_turn  # NOW is said once the rose turned
    assert "NOW" in screen_at("The rose turns").lesson_places()


async def test_a_mark_brings_its_panel_up_once_and_the_players_choice_stays():
    n = step_index("Your move: deliver the spices")
    assert WALK.steps[n].places == ("Lisboa",)
    app = BoardgamesApp(learn="macao", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await caption_up(app, pilot)
        app.lesson_step(n)
        caption = await caption_up(app, pilot)
        assert caption.index == n and caption.places == ("Lisboa",)  # said in words there too
        game = app.game_screen
        assert game.panel == "sea" and game.marked_places == {"Lisboa"}
        board = game.query_one("#board")
        text = [line for line, _ in board._lines]
        pieces = runs(text, reversed_cells(text))
        assert "LIS" in pieces and any(p.startswith("LIS Sp 5·") for p in pieces)
        await press(pilot, "enter")  # to the board
        await press(pilot, "c")  # the player looks at the city
        assert game.panel == "city"
        await press(pilot, "escape")  # the caption again: the same marks, the player's panel
        await caption_up(app, pilot)
        assert game.panel == "city" and game.marked_places == {"Lisboa"}
        await press(pilot, "enter")
        await pilot.pause()
        assert app.screen is game and game.panel == "city"
