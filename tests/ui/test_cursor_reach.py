"""The board kit's cursor on every board, from positions of random games, at 80×24 and 160×50:
from any place the arrows reach every place where a move is possible, and so does Tab; an arrow
followed by its opposite comes back; an arrow goes to the nearest place that way on screen; no two
places stand in one cell (each board gives its targets the cell where it draws them)."""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable

import pytest

from boardgames_tui.play.table import Table
from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.ui.boardkit import ASPECT, LINE_REACH, TargetCursor
from boardgames_tui.ui.boards import board_for
from boardgames_tui.ui.screens.game import GameScreen

GAMES = registry.ids()
SIZES = [(80, 24), (160, 50)]
ARROWS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
PER_STEP = 6  # positions checked per kind of step and cursor: enough to vary, quick to run


def cursors(screen: GameScreen) -> dict[str, TargetCursor]:
    """The screen's cursors, by attribute name (one level down too: Santiago's island holds three)."""
    out: dict[str, TargetCursor] = {}
    for name, value in vars(screen).items():
        if isinstance(value, TargetCursor):
            out[name] = value
        elif hasattr(value, "__dict__") and not isinstance(value, type):
            for inner, deep in vars(value).items():
                if isinstance(deep, TargetCursor):
                    out[f"{name}.{inner}"] = deep
    return out


def arrow_graph(cursor: TargetCursor) -> dict[Hashable, list[Hashable]]:
    """Where each arrow goes from each place, from a cursor put there (no trail)."""
    out: dict[Hashable, list[Hashable]] = {}
    for target in cursor.targets:
        out[target.place] = []
        for dx, dy in ARROWS:
            cursor.put(target.place)
            if cursor.move(dx, dy):
                out[target.place].append(cursor.place)
    return out


def check(cursor: TargetCursor, where: str) -> None:
    targets = list(cursor.targets)
    places = [t.place for t in targets]
    cells = [(t.x, t.y) for t in targets]
    assert len(set(cells)) == len(cells), f"{where}: two places in one cell"
    wanted = {t.place for t in targets if t.actionable}
    graph = arrow_graph(cursor)
    for start in places:  # the arrows reach every place a move can use, from anywhere
        seen, todo = {start}, deque([start])
        while todo:
            for there in graph[todo.popleft()]:
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
        assert wanted <= seen, f"{where}: from {start} the arrows never reach {wanted - seen}"
    for start in places:  # Tab: every such place, round and back to the first
        cursor.put(start)
        tabbed = set()
        for _ in range(len(wanted)):
            assert cursor.next()
            tabbed.add(cursor.place)
        assert tabbed == wanted, f"{where}: Tab from {start} misses {wanted - tabbed}"
    for target in targets:
        for dx, dy in ARROWS:
            cursor.put(target.place)
            if not cursor.move(dx, dy):
                continue
            first = cursor.place
            assert cursor.move(-dx, -dy) and cursor.place == target.place, (
                f"{where}: {(dx, dy)} from {target.place} to {first}, back to {cursor.place}"
            )
            # the nearest that way on screen: ahead along the arrow, within 45° when one is
            ahead = {}
            for other in targets:
                x, y = other.x - target.x, (other.y - target.y) * ASPECT
                along, side = x * dx + y * dy, abs(x * dy) + abs(y * dx)
                if along > 0:
                    ahead[other.place] = (side <= along, (along**2 + side**2) ** 0.5)
            cone = {p: d for p, (inside, d) in ahead.items() if inside}
            level = {
                t.place: abs(t.x - target.x)
                for t in targets
                if dx and t.y == target.y and (t.x - target.x) * dx > 0
            }
            if level and (not cone or min(level.values()) <= LINE_REACH * min(cone.values())):
                # Left/Right along a line: the next place on it, unless far off
                assert level.get(first) == min(level.values()), (
                    f"{where}: {(dx, dy)} from {target.place} leaves its line for {first}"
                )
            elif cone:
                assert first in cone and cone[first] <= min(cone.values()) + 1e-9, (
                    f"{where}: {(dx, dy)} from {target.place} goes to {first}, not the nearest"
                )


@pytest.mark.slow  # every target, every arrow, from positions of random games, two sizes
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_the_cursor_reaches_every_move_and_comes_back(game_id, size):
    game = registry.get(game_id)
    seats = [f"P{i}" for i in range(max(3, game.min_players))][: game.max_players]
    table = Table.new(game_id, seats, 5, autosave=False)
    screen = board_for(game_id).screen(table)
    screen.terminal_size = lambda: size  # an unmounted screen lays its board out for this size
    bot = RandomBot()
    checked: dict[tuple[str, str], int] = {}
    i = 0
    while not table.is_over():
        seat = table.to_move()[0]
        screen.viewer = screen.actor = seat
        view = screen.read_table()
        step = str(getattr(view, "step", None) or getattr(view, "phase", ""))
        for name, cursor in cursors(screen).items():
            if not any(t.actionable for t in cursor.targets):
                continue
            key = (step, name)
            if checked.get(key, 0) < PER_STEP:
                checked[key] = checked.get(key, 0) + 1
                check(cursor, f"{game_id} {size} {step} {name} move {i}")
        table.act(seat, bot.choose(table.view(seat), table.legal(seat), bot_rng(5, i)))
        i += 1
    assert checked, f"no step of {game_id} used a cursor"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_rialto_links_as_a_player_reads_them(size):
    """Every link free (a bridge to place): from a, Right goes on along its line to c; Tab reaches
    k; Down, Down, Up comes back the way it went (issue 34's reports)."""
    from boardgames_tui.rules.rialto.data import SLOT_LETTERS
    from boardgames_tui.ui.boardkit import Target
    from boardgames_tui.ui.boards.rialto.layout import Layout

    letter = {("slot", s): SLOT_LETTERS[s] for s in range(len(SLOT_LETTERS))}
    targets = [Target(("slot", spot.slot), *spot.point, ("move",)) for spot in Layout(*size).spots]
    cursor = TargetCursor(targets)
    at = {name: place for place, name in letter.items()}
    cursor.put(at["a"])
    assert cursor.move(1, 0) and letter[cursor.place] == "c"
    assert cursor.move(-1, 0) and letter[cursor.place] == "a"
    tabbed = []
    for _ in range(len(targets)):
        cursor.next()
        tabbed.append(letter[cursor.place])
    assert sorted(tabbed) == sorted(letter.values()) and "k" in tabbed
    cursor.put(at["a"])
    path = []
    for dx, dy in ((0, 1), (0, 1), (0, -1)):
        cursor.move(dx, dy)
        path.append(letter[cursor.place])
    assert path[2] == path[0], path
