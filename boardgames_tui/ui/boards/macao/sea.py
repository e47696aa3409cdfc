"""The sea route as Text (Table E of the house data): Macao's slips, the 17 sea spaces and the 8
ports, every ship on it, and each port's good and delivery spaces (filled by whom).

                       ╭──·───·───·───·──╮               the open sea London–Hamburg
    MAC─·─·─·─LIS─·─·─LON─·─ANT─AMS─·─·─HAM
               ╰─·─BAR─·─MAR─·─GEN                     the Mediterranean coast
                    ╰──·────·───╯                      and its open sea
    LIS Sp 5◆ 3· 2·         BAR Pa 5· 3· 2·            each port: its good, its spaces (◆ filled
    ...                                                by Ann), the ships in it

A sea space shows the ship on it (a figure when several share it: the ships' line names them).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ....rules.macao.data import PORTS, SPACE, SPACE_LIST
from ....rules.macao.view import MacaoView
from . import signs

TEMPLATE = (
    "                   ╭──·───·───·───·──╮",
    "MAC─·─·─·─LIS─·─·─LON─·─ANT─AMS─·─·─HAM",
    "           ╰─·─BAR─·─MAR─·─GEN",
    "                ╰──·────·───╯",
)
# Each space of the route: (x, line) of its first cell in TEMPLATE.
NODES: dict[str, tuple[int, int]] = {
    "Macao": (0, 1),
    "s01": (4, 1),
    "s02": (6, 1),
    "s03": (8, 1),
    "Lisboa": (10, 1),
    "s04": (14, 1),
    "s05": (16, 1),
    "London": (18, 1),
    "s06": (22, 1),
    "Antwerpen": (24, 1),
    "Amsterdam": (28, 1),
    "s07": (32, 1),
    "s08": (34, 1),
    "Hamburg": (36, 1),
    "s09": (22, 0),
    "s10": (26, 0),
    "s11": (30, 0),
    "s12": (34, 0),
    "s13": (13, 2),
    "Barcelona": (15, 2),
    "s14": (19, 2),
    "Marseille": (21, 2),
    "s15": (25, 2),
    "Genova": (27, 2),
    "s16": (19, 3),
    "s17": (24, 3),
}
ROUTE_WIDTH = max(len(line) for line in TEMPLATE)
WATER = Style(color="#4a7fb0")
PORT = Style(bold=True)


def node_width(space: str) -> int:
    return 3 if SPACE[space].kind != "sea" else 1


def short(space: str) -> str:
    return signs.PORT_SHORT.get(space, space)


def ships_at(view: MacaoView, space: str) -> list[int]:
    return [p for p, player in enumerate(view.players) if player.ship == space]


def slots_text(view: MacaoView, port: str) -> Text:
    """'5◆ 3· 2·': each delivery space's points and who filled it."""
    filled = view.delivered.get(port) or ()
    values = view.port_points
    text = Text()
    for i, value in enumerate(values):
        if i:
            text.append(" ")
        text.append(str(value))
        if i < len(filled):
            text.append_text(signs.sign(filled[i]))
        else:
            text.append("·", style=signs.DIM)
    return text


def route_x0(width: int) -> int:
    return max(0, (width - ROUTE_WIDTH) // 2)


def draw_route(view: MacaoView, width: int, cursor: str | None, marked: frozenset[str]) -> list[Text]:
    """The four lines of the route, centred in `width`, with the ships and the cursor."""
    x0 = route_x0(width)
    out = []
    for y, row in enumerate(TEMPLATE):
        chars = list(row.ljust(ROUTE_WIDTH))
        styles: list[Style | Text | None] = [WATER if ch != " " else None for ch in chars]
        for space, (x, line) in NODES.items():
            if line != y:
                continue
            here = ships_at(view, space)
            if SPACE[space].kind == "sea":
                if len(here) == 1:
                    chars[x] = signs.symbol(here[0])
                    styles[x] = signs.style(here[0])
                elif here:
                    chars[x] = str(len(here))
                    styles[x] = Style(bold=True)
                else:
                    chars[x] = "+" if space in marked else "·"
                    styles[x] = Style(bold=True) if space in marked else WATER
            else:
                for i in range(3):
                    styles[x + i] = PORT if space not in marked else Style(bold=True, underline=True)
            if space == cursor:
                for i in range(node_width(space)):
                    styles[x + i] = signs.CURSOR
        text = Text(" " * x0)
        for ch, st in zip(chars, styles, strict=True):
            text.append(ch, style=st if isinstance(st, Style) else "")
        text.truncate(width)
        out.append(text)
    return out


def port_entry(view: MacaoView, port: str, long: bool) -> Text:
    good = SPACE[port].good or ""
    text = Text(f"{port:<10}" if long else f"{short(port)} ", style=PORT)
    text.append(f"{signs.good(good):<13}" if long else f"{signs.GOOD_SHORT[good]} ")
    text.append_text(slots_text(view, port))
    here = ships_at(view, port)
    if here:
        text.append(" ")
        for p in here:
            text.append_text(signs.sign(p))
    return text


def port_cells(view: MacaoView, width: int, port: str) -> tuple[int, int, int] | None:
    """Where `port` is among the port lines: (line, first cell, last cell + 1); None for a space
    that is no port."""
    if port not in PORTS:
        return None
    column = width // 2
    long = column >= 36
    half = (len(PORTS) + 1) // 2
    i = PORTS.index(port)
    x = 0 if i < half else column
    end = x + port_entry(view, port, long).cell_len
    return i % half, x, min(end, column if i < half else width)


def port_lines(view: MacaoView, width: int) -> list[Text]:
    """The eight ports in two columns: name, good, delivery spaces, ships in port."""
    column = width // 2
    long = column >= 36
    out = []
    half = (len(PORTS) + 1) // 2
    for i in range(half):
        line = signs.pad(port_entry(view, PORTS[i], long), column)
        if i + half < len(PORTS):
            line.append_text(port_entry(view, PORTS[i + half], long))
        line.truncate(width, overflow="ellipsis")
        out.append(line)
    return out


def ships_line(view: MacaoView, width: int) -> Text:
    """Where every ship is, with its cargo: '◆ LIS Te Ri · ● s05 · ▲ MAC'."""
    parts = []
    for p, player in enumerate(view.players):
        part = signs.sign(p, f" {short(player.ship)}")
        goods = player.cargo
        if goods:
            part.append(" " + " ".join(signs.GOOD_SHORT.get(g, g) for g in goods), style=signs.DIM)
        parts.append(part)
    line = Text("ships ", style=signs.DIM)
    line.append_text(signs.fit(parts, width - 6))
    return line


def space_hint(view: MacaoView, space: str, width: int, action: str) -> Text:
    """The space under the cursor in words, and what Enter does there."""
    kind = SPACE[space].kind
    slots = None
    if kind == "port":
        good = SPACE[space].good or ""
        head = Text(space, style="bold")
        head.append(f" wants {signs.good(good)}")
        slots = slots_text(view, space)
    elif kind == "start":
        head = Text("Macao, the ship slips", style="bold")
    else:
        head = Text(f"open sea {space}", style="bold")
    parts = [head]
    if action:
        parts.append(Text(action, style="italic"))
    if slots is not None:
        parts.append(slots)
    here = ships_at(view, space)
    if here:
        ships = Text("ships ")
        for p in here:
            ships.append_text(signs.sign(p))
        parts.append(ships)
    return signs.fit(parts, width)


def hits(width: int) -> list[tuple[int, int, int, str]]:
    """(line, first cell, last cell + 1, space) for the mouse."""
    x0 = route_x0(width)
    return [(y, x0 + x, x0 + x + node_width(s), s) for s, (x, y) in NODES.items()]


def every_space_drawn() -> bool:
    """Each space of the route has its node in the template (a guard for the tests)."""
    for s in SPACE_LIST:
        x, y = NODES[s.id]
        cell = TEMPLATE[y][x : x + node_width(s.id)]
        if cell != ("·" if s.kind == "sea" else short(s.id)):
            return False
    return len(NODES) == len(SPACE_LIST)
