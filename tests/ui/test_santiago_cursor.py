"""Santiago's island without an app: the cursor's targets and how the arrows walk them, the
picture's geometry (read from the rules' data, every place clickable where it is drawn), a tile
nobody owns, and what the modules need."""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import bot_rng
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.rules.santiago.actions import PersonalCanal, Plant, Propose, Support
from boardgames_tui.rules.santiago.data import FIELD_CR, IX, IY, SEGMENTS
from boardgames_tui.rules.santiago.view import ProposalView
from boardgames_tui.ui.boardkit import TargetCursor
from boardgames_tui.ui.boards.santiago import cursor as cursor_module
from boardgames_tui.ui.boards.santiago.cursor import (
    IslandCursor,
    ditch_targets,
    field_targets,
    point_targets,
)
from boardgames_tui.ui.boards.santiago.layout import Layout
from boardgames_tui.ui.boards.santiago.picture import draw_grid, field_lines

PACKAGE = Path(cursor_module.__file__).resolve().parent
SIZES = [(80, 24), (120, 40), (160, 50), (120, 30)]


def played(seed: int = 5, until=lambda view: False, names=("Ann", "Bob", "Cleo")):
    """A state played by the smart bot for every seat until `until(view)` holds (or the end)."""
    _, state = GameRecord.start("santiago", list(names), seed)
    bot = make_bot(registry.get("santiago"), "smart")
    while not state.is_over() and not until(state.view(None)):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, bot.choose(state.view(seat), legal, bot_rng(seed, seat, 0)))
    return state


# -- targets ------------------------------------------------------------------------------------
def test_every_place_is_a_target_with_the_moves_there():
    fields = field_targets([Plant("banana", 2, 3, 1), Plant("beans", 1, 3, 1), Plant("beans", 1, 0, 0)])
    assert len(fields) == 48 and {t.place for t in fields} == set(FIELD_CR)
    moves = {t.place: t.actions for t in fields if t.actionable}
    assert moves == {
        (3, 1): (Plant("banana", 2, 3, 1), Plant("beans", 1, 3, 1)),
        (0, 0): (Plant("beans", 1, 0, 0),),
    }
    proposals = [ProposalView(number=1, segment=("V", 2, 0), proposer=0, total=1, pledges=())]
    ditches = ditch_targets(proposals, [Propose("H", 1, 1, 2), Support(1, 3), PersonalCanal("H", 0, 0)])
    assert len(ditches) == 31 and {t.place for t in ditches} == set(SEGMENTS)
    assert {t.place: t.actions for t in ditches if t.actionable} == {
        ("H", 1, 1): (Propose("H", 1, 1, 2),),
        ("V", 2, 0): (Support(1, 3),),
        ("H", 0, 0): (PersonalCanal("H", 0, 0),),
    }
    assert len(point_targets([])) == IX * IY


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_the_arrows_walk_along_a_ditch_line_and_come_back(size):
    cursor = TargetCursor(ditch_targets([], [], Layout(*size)))
    cursor.put(("H", 1, 1))
    # Right keeps to the line: the next ditch along it, then past its end on to the border's
    walk = [cursor.place]
    for _ in range(3):
        assert cursor.move(1, 0)
        walk.append(cursor.place)
    assert walk == [("H", 1, 1), ("H", 2, 1), ("H", 3, 1), ("V", 4, 0)]
    assert cursor.move(-1, 0) and cursor.place == ("H", 3, 1)  # the way it came
    cursor.put(("V", 2, 0))  # the player's report: Right, Left came back elsewhere
    assert cursor.move(1, 0) and cursor.place == ("V", 3, 0)
    assert cursor.move(-1, 0) and cursor.place == ("V", 2, 0)


def test_the_arrows_reach_every_ditch_field_and_intersection():
    for cursor in (IslandCursor().ditches, IslandCursor().fields, IslandCursor().points):
        start = cursor.targets[0].place
        seen, todo = {start}, deque([start])
        while todo:
            here = todo.popleft()
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cursor.put(here)
                if cursor.move(dx, dy) and cursor.place not in seen:
                    seen.add(cursor.place)
                    todo.append(cursor.place)
        assert seen == {t.place for t in cursor.targets}


def test_a_new_decision_puts_the_cursor_where_a_move_is_possible():
    state = played(until=lambda view: view.phase == "plant" and view.round == 2)
    seat = state.to_move()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    cursor = IslandCursor()
    occupied = next(
        (c, r) for r, row in enumerate(view.fields) for c, cell in enumerate(row) if cell.crop or cell.desert
    )
    cursor.fields.put(occupied)
    cursor.update(view, legal, acting=True, new_decision=True)
    assert cursor.mode == "field" and cursor.here.actionable
    cursor.fields.put(occupied)  # moved there by hand: a refresh of the same decision keeps it
    cursor.update(view, legal, acting=True, new_decision=False)
    assert cursor.place == occupied
    cursor.update(view, legal, acting=False, new_decision=True)  # someone else's turn: no cursor
    assert cursor.mode is None and cursor.here is None
    cursor.look()
    assert cursor.mode == "field" and not any(t.actionable for t in cursor.fields.targets)


def test_the_overseer_starts_on_the_best_bribe():
    state = played(until=lambda view: view.phase == "overseer" and view.proposals)
    seat = state.to_move()[0]
    view = state.view(seat)
    cursor = IslandCursor()
    cursor.update(view, state.legal_actions(seat), acting=True, new_decision=True)
    best = max(view.proposals, key=lambda p: (p.total, -p.number))
    assert cursor.mode == "ditch" and cursor.place == best.segment


# -- the picture --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_each_place_is_drawn_and_clicked_where_the_layout_says(size):
    layout = Layout(*size)
    view = played(until=lambda view: view.round == 4).view(None)
    pic = draw_grid(view, layout, set())
    assert len(pic.lines) == layout.grid_height
    assert all(line.cell_len == layout.grid_width for line in pic.lines[1:])
    for c, r in FIELD_CR:
        spans = pic.fields[(c, r)]
        assert [y for y, _, _ in spans] == [layout.field_y(r) + k for k in range(layout.row_lines)]
        assert all(
            (x0, x1) == (layout.field_x(c), layout.field_x(c) + layout.cell_width) for _, x0, x1 in spans
        )
    assert set(pic.ditches) == set(SEGMENTS) and len(pic.points) == IX * IY
    # A click anywhere on a place finds that place.
    for kind, places in (("field", pic.fields), ("ditch", pic.ditches)):
        for place, spans in places.items():
            for y, _x0, x1 in spans:
                hits = [p for a, b, k, p in pic.spots[y] if a <= x1 - 1 < b and k == kind]
                assert hits == [place]
    for (x, y), (line, x0, _) in pic.points.items():
        assert line == layout.point_y(y) and x0 == layout.line_x(x)


def test_a_tile_nobody_owns_shows_no_owner():
    # The rules report no owner once the drought took the last marker (and for the leftover tile).
    state = played(
        until=lambda view: any(
            cell.crop and cell.owner is None and not cell.leftover for row in view.fields for cell in row
        )
    )
    view = state.view(None)
    c, r = next(
        (c, r)
        for r, row in enumerate(view.fields)
        for c, cell in enumerate(row)
        if cell.crop and cell.owner is None and not cell.leftover
    )
    for size in SIZES:
        text = "".join(line.plain for line in field_lines(view, c, r, Layout(*size), False))
        assert "·" in text and not any(ch in "0123456789" for ch in text), text


def test_the_owner_shows_while_markers_are_left():
    view = played(until=lambda view: view.round == 3).view(None)
    cell = next(cell for row in view.fields for cell in row if cell.owner is not None)
    text = field_lines(view, cell.col, cell.row, Layout(80, 24), False)[0].plain
    assert text.endswith(f"{cell.markers}")


# -- the modules ---------------------------------------------------------------------------------
def test_the_board_does_not_redefine_the_islands_geometry():
    # COLS, ROWS, IX, IY, the ditches and what they water come from rules/santiago/data.py.
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assigned = {
            target.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        assert not assigned & {"COLS", "ROWS", "IX", "IY", "SEGMENTS", "ALL_SEGMENTS"}, path.name
        functions = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        assert "seg_fields" not in functions, path.name


def imports(path: Path) -> set[str]:
    """The modules a file imports, relative ones as written ('.signs', '...boardkit')."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


def test_only_the_screen_and_the_board_need_textual():
    # The cursor, the picks, the panel, the picture, the layout, the details and the results are
    # plain code: they import no Textual, and nothing of the package that does (so no cycle
    # through them).
    plain = {"signs", "picks", "cursor", "layout", "scene", "panel", "picture", "details", "results"}
    for name in plain:
        found = imports(PACKAGE / f"{name}.py")
        assert not any(m.split(".")[0] == "textual" for m in found), name
        ours = {m[1:] for m in found if m.startswith(".") and not m.startswith("..")}
        assert ours <= plain - {name}, (name, ours)
    assert "textual" not in " ".join(imports(PACKAGE.parent.parent / "boardkit.py"))
