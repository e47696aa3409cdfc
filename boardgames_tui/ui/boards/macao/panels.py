"""The board's two columns, from a scene: on the left the wind rose, the wall and the others' roses
in a line each (and the round track when there is room); on the right the panels that fit, the
one the player looks at always among them. Each part also says where its places are, for the
mouse: (line, first cell, last cell + 1, place).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Literal, cast

from rich.text import Text

from ....rules.macao.view import MacaoView
from . import cards, city, dice, places, rose, sea, signs
from .layout import Layout
from .scene import Scene

ORDER = ("dice", "city", "sea", "cards", "track")
FLEXIBLE = ("cards", "track")  # they take the lines they get (at least MIN_FLEXIBLE)
MIN_FLEXIBLE = 5
TALL_CITY = 16  # the lines a city with two lines a quarter (its cost) needs

# A place the mouse can pick: a die or a card row by its index, a quarter or a sea space by its name.
Place = tuple[Literal["die", "card"], int] | tuple[Literal["quarter", "space"], str]
Hit = tuple[int, int, int, Place]  # (line, first cell, last cell + 1, place)


def wall_line(view: MacaoView, width: int) -> Text:
    """The wall as the turn order: '◆7 › ●3 › ▲0' (space numbers 1–16), first to act first."""
    where = {p: s for s, stack in enumerate(view.wall) for p in stack}
    text = Text("wall ", style=signs.DIM)
    for i, p in enumerate(view.order):
        if i:
            text.append(" › ", style=signs.DIM)
        text.append_text(signs.sign(p, str(where.get(p, 0) + 1)))
    text.truncate(width, overflow="ellipsis")
    return text


def notes(view: MacaoView, width: int) -> list[Text]:
    """Lines under the rose: a payment under way."""
    out = []
    payment = view.payment
    if payment:
        due = payment.due
        what = f"sail to {payment.to}" if payment.what == "sail" else "the wall"
        text = Text(f"pay {due} cube{'s' if due != 1 else ''}: {what}", style="bold")
        text.truncate(width, overflow="ellipsis")
        out.append(text)
        out.append(Text("RBGKYV pays one, j a joker", style=signs.DIM))
    return out


def left_column(scene: Scene, layout: Layout) -> list[Text]:
    view, width = scene.view, layout.left
    p = scene.focus if scene.focus is not None else 0
    marks = scene.marks
    lines = rose.draw_rose(view, p, scene.preview, width, places.faces(marks), places.NOW in marks)
    lines += notes(view, width)  # a payment under way comes before the others' roses: it is the decision
    wall = wall_line(view, width)
    lines.append(places.mark(wall) if places.WALL in marks else wall)
    for q in range(signs.players(view)):
        if q != p:
            lines.append(rose.summary(view, q, width))
    total = layout.lines(scene.seats)
    room = total - len(lines)
    if room >= 6 and layout.wide:
        lines += cards.track_lines(view, width, room, places.rounds(marks))
    return [signs.pad(line, width) for line in lines[:total]]


def wanted(name: str, scene: Scene, layout: Layout) -> int:
    """The lines a panel would like."""
    if name == "dice":
        return 7
    if name == "city":
        return city.CityGeometry(layout.panel).lines + 2
    if name == "sea":
        return len(sea.TEMPLATE) + 4 + 3
    if name == "cards":
        sections = len({row.section for row in scene.card_rows})
        return 1 + len(scene.card_rows) + sections + 3
    return 13


def plan(scene: Scene, layout: Layout) -> list[tuple[str, int]]:
    """The panels shown and their lines: the focus first in its claim, then the others in ORDER
    while they fit (the dice only while they are chosen), then the city's cost lines when there is
    room for them, then the card list or the round track in the lines left."""
    focus = scene.panel
    total = layout.lines(scene.seats)
    shown = {focus: min(total, wanted(focus, scene, layout))}
    left = total - shown[focus]
    dicing = scene.view.step == "dice"
    for name in ORDER:
        if name == focus or name not in scene.panels or name in FLEXIBLE or name == "dice" and not dicing:
            continue
        need = wanted(name, scene, layout)
        if need <= left:
            shown[name] = need
            left -= need
    if "city" in shown and left >= TALL_CITY - shown["city"]:
        left -= TALL_CITY - shown["city"]
        shown["city"] = TALL_CITY
    for name in FLEXIBLE:
        if name != focus and name in scene.panels and left >= MIN_FLEXIBLE:
            shown[name] = min(left, wanted(name, scene, layout))
            left -= shown[name]
    return [(name, shown[name]) for name in ORDER if name in shown]


def panel_key(name: str, scene: Scene) -> tuple[Hashable, ...]:
    """What a panel shows besides the view: its cursor and marks."""
    if name == "dice":
        return (scene.dice_at, scene.dice_marked, scene.preview)
    if name == "city":
        return (scene.quarter, scene.quarters, scene.quarter_action)
    if name == "sea":
        return (scene.space, scene.spaces, scene.space_action)
    if name == "cards":
        rows = tuple((row.card, row.section, len(row.actions)) for row in scene.card_rows)
        return (scene.card_owner, rows, scene.card_at)
    return ()


def draw_panel(name: str, scene: Scene, layout: Layout, height: int) -> tuple[list[Text], list[Hit]]:
    """A panel's lines and where its places are; the places the walkthrough marks in reverse."""
    lines, hits = _draw_panel(name, scene, layout, height)
    if scene.marks:
        lines = mark_panel(name, scene, layout, height, lines, hits)
    return lines, hits


def mark_panel(
    name: str, scene: Scene, layout: Layout, height: int, lines: list[Text], hits: list[Hit]
) -> list[Text]:
    """`lines` (the panel drawn, its places at `hits`) with the places of `scene.marks` on it in
    reverse video, each marked line a copy (the city keeps its map between draws). The round
    track marks its own lines (cards.track_lines)."""
    view, width, marks = scene.view, layout.panel, scene.marks
    cells: list[tuple[int, int, int]] = []  # (line, first cell, last cell + 1)
    if name == "dice":
        for c in places.dice(marks):
            cells += [(y, 1 + dice.CELL * c, dice.CELL * (c + 1)) for y in (1, 2, 3)]
    elif name == "city":
        geo = city.CityGeometry(width, tall=height >= TALL_CITY)
        for q in places.quarters(marks):
            gx, gy = city.GRID[q]
            x, y = geo.cell_x(gx), geo.cell_y(gy)
            cells.append((1 + y, x, x + city.cell_text(view, q, geo.cell, q in scene.quarters).cell_len))
            if geo.tall:
                cells.append((2 + y, x, x + city.cost_text(q, geo.cell).cell_len))
    elif name == "sea":
        x0 = sea.route_x0(width)
        for s in places.spaces(marks):
            x, y = sea.NODES[s]
            cells.append((1 + y, x0 + x, x0 + x + sea.node_width(s)))
            port = sea.port_cells(view, width, s)
            if port is not None:
                y, a, b = port
                cells.append((1 + len(sea.TEMPLATE) + y, a, b))
    elif name == "cards":
        for y, _, _, place in hits:
            card = scene.card_rows[cast(tuple[str, int], place)[1]].card
            if places.card_marked(card, marks):
                cells.append((y, 1, 1 + signs.card_line(card).cell_len))
    out = list(lines)
    for y, a, b in cells:
        if 0 <= y < len(out):
            out[y] = places.mark(out[y], a, min(b, len(out[y].plain)))
    return out


def _draw_panel(name: str, scene: Scene, layout: Layout, height: int) -> tuple[list[Text], list[Hit]]:
    view, width = scene.view, layout.panel
    if name == "dice":
        lines = [dice.dice_title(view, scene.acting, width)]
        picks = None
        if scene.dice_at is not None:
            from .picking import DicePicks

            picks = DicePicks(scene.dice_at, list(scene.dice_marked))
        lines += dice.draw_dice(view, picks, width, scene.acting)
        if scene.acting and view.step == "dice":
            lines.append(dice.landing(view, scene.preview, width))
        chosen = dice.chosen_line(view, width)
        if chosen is not None:
            lines.append(chosen)
        hits: list[Hit] = [(2, 1 + dice.CELL * c, dice.CELL * (c + 1), ("die", c)) for c in range(6)]
        return lines[:height], hits
    if name == "city":
        geo = city.CityGeometry(width, tall=height >= TALL_CITY)
        owned = Text("City · north ← · + you can take it now", style="bold")
        owned.truncate(width, overflow="ellipsis")
        lines = [owned] + city.draw_city(geo, view, scene.quarter, scene.quarters)
        if scene.quarter is not None:
            lines.append(city.quarter_hint(view, scene.quarter, width, scene.quarter_action))
        return lines[:height], [(y + 1, x0, x1, ("quarter", q)) for y, x0, x1, q in geo.hits()]
    if name == "sea":
        title = Text("Sea route · + you can sail there now", style="bold")
        lines = [title] + sea.draw_route(view, width, scene.space, scene.spaces)
        lines += sea.port_lines(view, width)
        lines.append(sea.ships_line(view, width))
        if scene.space is not None:
            lines.append(sea.space_hint(view, scene.space, width, scene.space_action))
        return lines[:height], [(y + 1, x0, x1, ("space", s)) for y, x0, x1, s in sea.hits(width)]
    if name == "cards":
        lines, index = cards.draw_cards(view, scene.card_owner, scene.card_rows, scene.card_at, width, height)
        return lines, [(y, 0, width, ("card", i)) for y, i in enumerate(index) if i is not None]
    return cards.track_lines(view, width, height, places.rounds(scene.marks)), []
