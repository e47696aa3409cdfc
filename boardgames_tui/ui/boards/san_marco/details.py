"""The `i` screen: every colour on the board in words (the players', and with two players the
neutral colour or the dummies), where its cubes and bridges stand, and what scoring each district
would give now. All of it is public: a divider's hidden cards are shown under the map, not here.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ....rules.san_marco.data import DISTRICTS, NDISTRICTS, PERIODS
from ....rules.san_marco.view import SanMarcoView
from .signs import DOGE, colour_count, colour_label, cube_text, seat_names
from .venice import scores_text


def details(view: SanMarcoView, viewer: int | None) -> tuple[str | Text, RenderableType]:
    names = seat_names(view)
    parts: list[RenderableType] = []
    prestige = view.prestige
    supply = view.supply
    limits = view.limits
    cubes = view.cubes
    for colour in range(colour_count(view)):
        line = colour_label(view, colour, names)
        if colour == viewer:
            line.append(" (you)")
        line.append(f"  ★ {prestige[colour]}", style="bold")
        if colour < len(limits):
            line.append(f" · limit {sum(limits[colour])}")
            if limits[colour]:
                line.append(f" ({', '.join(map(str, limits[colour]))})")
        line.append(f" · {supply[colour]} cubes in supply")
        parts.append(line)
        where = Text("    cubes: ")
        placed = [f"{DISTRICTS[d].name} {cubes[d][colour]}" for d in range(NDISTRICTS) if cubes[d][colour]]
        where.append(", ".join(placed) or "none")
        owned = [
            f"{DISTRICTS[a].name} – {DISTRICTS[b].name}" for a, b, owner in view.bridges if owner == colour
        ]
        where.append(" · bridges: " + ("; ".join(owned) or "none"))
        parts.append(where)
    parts.append(Text(""))
    parts.append(Text("If each district were scored now", style="bold"))
    for d, district in enumerate(DISTRICTS):
        line = Text(f"  {district.die} {district.name:<12} {district.high}/{district.low}  ")
        line.append_text(cube_text(view, cubes[d]) or Text("empty", style="dim"))
        line.append("  → ")
        line.append_text(scores_text(view, d))
        if view.doge == d:
            line.append(f"  {DOGE} the Doge is here")
        parts.append(line)
    parts.append(Text(""))
    parts.append(
        Text(
            f"Action cards left in the deck: {view.decks.action} · "
            f"limit cards: {view.decks.limit}. "
            "The values and neighbours of the districts other than San Marco are provisional "
            "(see the rules reference).",
            style="dim",
        )
    )
    title = Text("Venice", style="bold")
    title.append(f" · period {view.period}/{PERIODS} · round {view.round}")
    return title, Group(*parts)
