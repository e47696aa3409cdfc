"""The board kit: what every game's board is made of, with no Textual in it (tested without an app).

- **Targets**: each place on a board that a player can point at, with the legal actions there
  (what Enter or a click does). A place is any hashable name the board chooses ("card", "upper",
  3); its position (x, y) is the cell of the board where it is drawn (column, line), so that the
  arrows go where the player sees the next place.
- **TargetCursor**: an arrow goes to the nearest target in that direction on screen, and its
  opposite goes back the way it came; Tab goes to the next place (in reading order) where a move
  is possible. From any target, the arrows reach every one where a move is possible.
- **KeyMap**: rows of key, action, label and when the row applies. The screen's bindings, its
  footer, the help screen's key table and the command palette's game commands are all made from
  it, so a key is written once and the footer shows exactly the keys that work at that moment.
- **Board**: the one object a game's UI package exports (its screen, its game-over results, its
  key map); `ui.boards.board_for(game_id)` finds it from the game id.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len  # Rich measures wide characters; no Textual here
from rich.console import Console
from rich.style import Style
from rich.text import Text

# A place a walkthrough's step marks (GameScreen.marked_places), laid over the place's own styles:
# reverse video, which stands out on any terminal and without colour. Every board draws it so.
PLACE = Style(reverse=True)
# The frame's lines around a board at their least (screens/game.py): header, private bar, log and
# actions (3), a message, keys. A board that fits itself to the terminal leaves these.
FRAME_LINES = 7

# Measures text for wrapping only: nothing is ever printed to it.
_MEASURE = Console(file=io.StringIO(), width=400, color_system=None)


def wrap_text(text: Text, width: int, indent: int = 2) -> list[Text]:
    """`text` in lines of at most `width` cells, broken between words (styles kept), the lines
    after the first indented: a line too long for the board is wrapped, never cut."""
    if text.cell_len <= width:
        return [text]
    lines = list(text.wrap(_MEASURE, max(1, width - indent)))
    for line in lines[1:]:
        line.pad_left(indent)
    return lines


# -- targets and the cursor over them --------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    place: Hashable
    x: float
    y: float
    actions: tuple[Any, ...] = ()

    @property
    def actionable(self) -> bool:
        return bool(self.actions)


def reading_order(target: Target) -> tuple[float, float]:
    return (target.y, target.x)


# A terminal cell is about twice as tall as it is wide: a line counts as two columns on screen.
ASPECT = 2.0
# Left/Right take the next place on the cursor's own line when it is no farther than this many
# times the nearest place that way off the line.
LINE_REACH = 3.0


def offset(a: Target, b: Target, dx: int, dy: int) -> tuple[float, float]:
    """(ahead, sideways) from a to b for the arrow (dx, dy), as the eye measures on screen."""
    x, y = b.x - a.x, (b.y - a.y) * ASPECT
    return x * dx + y * dy, abs(y * dx) + abs(x * dy)


class TargetCursor:
    """A cursor over a board's targets. It stays on its place while that place is a target, and
    otherwise moves to the nearest one when the targets change.

    The arrows: see `move`. The cursor remembers the arrows that took it here (its trail), so that
    an arrow's opposite retraces them, whatever is nearest from where it stands now: Down, Down,
    Up, Up comes back to the start. A click, Tab or new places forget the trail."""

    def __init__(self, targets: Iterable[Target] = ()):
        self.targets: list[Target] = []
        self.place: Hashable | None = None
        self.trail: list[tuple[Hashable, int, int]] = []  # (place left, dx, dy), the last one last
        self.set_targets(targets)

    # -- the targets -----------------------------------------------------------------------------
    def set_targets(self, targets: Iterable[Target], prefer_actionable: bool = False) -> None:
        """New targets (after every change of the game). The cursor keeps its place if that is
        still a target; else it goes to the nearest one (the nearest actionable one when
        `prefer_actionable` and there is one)."""
        old = self.current
        before = {(t.place, t.x, t.y) for t in self.targets}
        self.targets = sorted(targets, key=reading_order)
        if {(t.place, t.x, t.y) for t in self.targets} != before:
            self.trail = []  # the way back may lead through places that are gone or have moved
        if self.current is not None and not (
            prefer_actionable and not self.current.actionable and any(t.actionable for t in self.targets)
        ):
            return
        self.trail = []
        pool = [t for t in self.targets if t.actionable] if prefer_actionable else []
        pool = pool or self.targets
        if not pool:
            self.place = None
            return
        if old is None:
            self.place = pool[0].place
            return
        self.place = min(pool, key=lambda t: (abs(t.x - old.x) + abs(t.y - old.y),) + reading_order(t)).place

    def target_at(self, place: Hashable) -> Target | None:
        for target in self.targets:
            if target.place == place:
                return target
        return None

    @property
    def current(self) -> Target | None:
        return self.target_at(self.place) if self.place is not None else None

    def put(self, place: Hashable) -> bool:
        """Put the cursor on `place` (a click); False when that is not a target."""
        if self.target_at(place) is None:
            return False
        self.place = place
        self.trail = []
        return True

    # -- moving ----------------------------------------------------------------------------------
    def move(self, dx: int, dy: int) -> bool:
        """The arrow (dx, dy). Back along the trail when it is the opposite of the last arrow that
        moved; else the nearest target (on screen) that lies that way, within 45° of the arrow,
        and failing that the nearest further along that axis at all (side drift counting double);
        Left and Right keep to the cursor's line while it has a place that way not much farther
        off (LINE_REACH). False, and no move, when there is none that way."""
        here = self.current
        if here is None:
            if self.targets:
                self.place = self.targets[0].place
                return True
            return False
        if self.trail and self.trail[-1][1:] == (-dx, -dy):
            self.place = self.trail.pop()[0]
            return True
        goal = self.goal(here, dx, dy)
        best: tuple[tuple[float, ...], Target] | None = None
        for target in self.targets:
            ahead, side = offset(here, target, dx, dy)
            if ahead <= 0:
                continue
            within = side <= ahead
            distance = (ahead * ahead + side * side) ** 0.5 if within else ahead + 2 * side
            drift = offset(goal, target, dx, dy)[1]
            key = (0 if within else 1, distance, side, drift, *reading_order(target))
            if best is None or key < best[0]:
                best = (key, target)
        chosen = best[1] if best is not None else None
        if dx and not dy:
            # Along a line the eye follows the line: the next place on it wins unless it is much
            # farther than the nearest that way (Rialto's link a, Right: c, not i below it).
            level = [t for t in self.targets if t.y == here.y and (t.x - here.x) * dx > 0]
            if level:
                near = min(level, key=lambda t: abs(t.x - here.x))
                if best is None or best[0][0] == 1 or abs(near.x - here.x) <= LINE_REACH * best[0][1]:
                    chosen = near
        if chosen is None:
            return False
        self.trail.append((here.place, dx, dy))
        self.place = chosen.place
        return True

    def goal(self, here: Target, dx: int, dy: int) -> Target:
        """Where the arrows along this axis started (as a text editor keeps its column going
        down): of two places equally near, the one nearer that line wins, so that a run of Right
        on a staggered board (Santiago's ditches) keeps to its line instead of drifting."""
        goal = here
        for place, tx, _ in reversed(self.trail):
            if (tx != 0) != (dx != 0):
                break
            goal = self.target_at(place) or goal
        return goal

    def jumps(self) -> bool:
        """Whether Tab has another place to go: more than one place takes a move."""
        return sum(t.actionable for t in self.targets) > 1

    def next(self, delta: int = 1, actionable: bool = True) -> bool:
        """Tab (delta 1) / Shift+Tab (-1): the next place in reading order where a move is possible
        (any place when `actionable` is False), round the end. False when there is none."""
        self.trail = []
        pool = [t for t in self.targets if t.actionable or not actionable]
        if not pool:
            return False
        here = self.current
        if here is None:
            self.place = pool[0 if delta > 0 else -1].place
            return True
        # By index in the reading order, not by comparing positions: two places drawn on one line
        # at one column would otherwise skip each other.
        order = self.targets.index(here)
        rank = [self.targets.index(t) for t in pool]
        if delta > 0:
            later = [t for t, r in zip(pool, rank) if r > order]
            self.place = (later[0] if later else pool[0]).place
        else:
            earlier = [t for t, r in zip(pool, rank) if r < order]
            self.place = (earlier[-1] if earlier else pool[-1]).place
        return True


# -- the key map ----------------------------------------------------------------------------------


def always(_: Any) -> bool:
    return True


@dataclass(frozen=True)
class KeyRow:
    """One thing a key does.

    `binds`: (Textual key name, action) pairs; several pairs share the row when they read as one
    ("←→↑↓ card" binds four keys). `show` is how footer and help name the keys ("←→↑↓", "Enter").
    `when(screen)` says whether the row applies now: the footer lists only the rows that do, and
    the command palette offers only those. The action itself still runs when pressed at another
    time, and says why it cannot act. `help` is the help screen's text (the label by default).
    An `essential` row stays in a footer too narrow for all: the others give way first.
    """

    show: str
    label: str
    binds: tuple[tuple[str, str], ...]
    when: Callable[[Any], bool] = always
    help: str = ""
    footer: bool = True
    palette: bool = True
    essential: bool = False

    @property
    def footer_item(self) -> str:
        return f"{self.show} {self.label}"

    @property
    def help_text(self) -> str:
        return self.help or self.label


def row(
    show: str,
    label: str,
    *binds: tuple[str, str],
    when: Callable[[Any], bool] = always,
    help: str = "",
    footer: bool = True,
    palette: bool = True,
    essential: bool = False,
) -> KeyRow:
    return KeyRow(show, label, tuple(binds), when, help, footer, palette, essential)


# 1–9 then 0 pick the first ten of a numbered list: the screen's `pick(n)` action.
DIGITS: tuple[tuple[str, str], ...] = (*((str(n), f"pick({n - 1})") for n in range(1, 10)), ("0", "pick(9)"))
# The arrow keys as every board binds them: to its screen's cursor(dx, dy).
ARROWS: tuple[tuple[str, str], ...] = (
    ("left", "cursor(-1, 0)"),
    ("right", "cursor(1, 0)"),
    ("up", "cursor(0, -1)"),
    ("down", "cursor(0, 1)"),
)


def digits_row(label: str, when: Callable[[Any], bool], help: str, footer: bool = True) -> KeyRow:
    """1–9 and 0 pick from the screen's numbered list (its `pick` action): every screen has one,
    each with its own words for what the list holds."""
    return row("1–9", label, *DIGITS, when=when, help=help, footer=footer, palette=False)


def tab_row(when: Callable[[Any], bool], help: str) -> KeyRow:
    """Tab to the next place where a move is possible, Shift+Tab back: every board has it (the
    screen's `jump` action moves its TargetCursor)."""
    return row(
        "Tab", "next", ("tab", "jump(1)"), ("shift+tab", "jump(-1)"), when=when, palette=False, help=help
    )


@dataclass(frozen=True)
class KeyMap:
    rows: tuple[KeyRow, ...]

    def __add__(self, other: KeyMap) -> KeyMap:
        return KeyMap(self.rows + other.rows)

    def row(self, show: str) -> KeyRow:
        """The (first) row for these keys: to place a frame row elsewhere, or to reword it."""
        return next(r for r in self.rows if r.show == show)

    def without(self, *shows: str) -> KeyMap:
        return KeyMap(tuple(r for r in self.rows if r.show not in shows))

    def bindings(self) -> list[tuple[str, str, str]]:
        """(key, action, description) for every key bound, first row first: the first row that
        binds a key wins, so a board's rows may take over a frame key."""
        seen: set[str] = set()
        out = []
        for r in self.rows:
            for key, action in r.binds:
                if key not in seen:
                    seen.add(key)
                    out.append((key, action, r.label))
        return out

    def active(self, context: Any) -> list[KeyRow]:
        out = []
        for r in self.rows:
            try:
                applies = r.when(context)
            except Exception:  # a predicate that cannot tell (nothing shown yet): not now
                applies = False
            if applies:
                out.append(r)
        return out

    def footer(self, context: Any) -> list[tuple[str, bool]]:
        """The footer's items for the rows that apply now, in the map's order, each with whether
        it is essential (see fit_footer). A key is listed once: when two rows that apply name the
        same keys, the first one says what they do."""
        shown: set[str] = set()
        out = []
        for r in self.active(context):
            if r.footer and r.show not in shown:
                shown.add(r.show)
                out.append((r.footer_item, r.essential))
        return out

    def commands(self, context: Any) -> list[tuple[str, str, str]]:
        """(title, help, action) for the command palette: the rows that apply now."""
        return [
            (f"{r.label[:1].upper()}{r.label[1:]} ({r.show})", r.help_text, r.binds[0][1])
            for r in self.active(context)
            if r.palette and r.binds
        ]

    def help_markdown(self) -> str:
        """The help screen's key table, one line per row, in the map's order."""
        return "\n".join(f"- **{r.show}**: {r.help_text}" for r in self.rows)


SEPARATOR = "  "


def fit_footer(items: list[tuple[str, bool]], width: int) -> str:
    """The footer line for `width` cells (after a leading space): the items in their order, as
    many as fit. When not all do, the last non-essential items are left out first, whole."""
    kept = list(items)

    def length(chosen: list[tuple[str, bool]]) -> int:
        return 1 + cell_len(SEPARATOR.join(text for text, _ in chosen))

    while kept and length(kept) > width:
        optional = [i for i, (_, essential) in enumerate(kept) if not essential]
        kept.pop(optional[-1] if optional else len(kept) - 1)
    return (" " + SEPARATOR.join(text for text, _ in kept)) if kept else ""


# -- a game's UI, as one object -------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """What a game's UI package exports as BOARD: its GameScreen subclass, its game-over results
    (table, width) -> renderable or None for the shared standings table, and its key map."""

    screen: type
    keys: KeyMap
    results: Callable[[Any, int], Any] | None = None
