"""The `i` screen: every participant's public facts in words (and the viewer's own hand, which the
view holds for the viewer alone), and what scoring each district would give now."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ....rules.rialto.data import BUILDING_SPACES, DISTRICTS, NDISTRICTS, ROUNDS
from . import signs
from .venice import council_text, scores_now, value_of


def details(view: dict, viewer: int | None) -> tuple[str | Text, RenderableType]:
    parts: list[RenderableType] = []
    order = (view.get("doge") or {}).get("order") or []
    for p in range(signs.participants(view)):
        line = signs.label(view, p)
        if p == viewer:
            line.append(" (you)")
        rank = order.index(p) + 1 if p in order else 0
        if signs.is_virtual(view, p):
            line.append(f" · Doge {signs.ordinal(rank)} · scores nothing")
            parts.append(line)
            hand = Text(f"    hand, face up: {signs.cards_text(view.get('virtual_hand') or [], long=True)}")
            parts.append(hand)
            continue
        line.append(f"  {view['vp'][p]} VP", style="bold")
        line.append(f" · Doge {signs.ordinal(rank)} · {signs.count(view['coins'][p], 'coin')}")
        line.append(f" · councilmen {view['personal'][p]} own, {view['general'][p]} general")
        parts.append(line)
        built = [signs.building(b) for b in view["buildings"][p]]
        more = Text(f"    buildings ({len(built)}/{BUILDING_SPACES}): {' '.join(built) or 'none'}")
        more.append(f" · hand {signs.count(view['hand_sizes'][p], 'card')}")
        if p == viewer and view.get("hand") is not None:
            more.append(f": {signs.cards_text(view['hand'], long=True)}")
        parts.append(more)
    parts.append(Text(""))
    parts.append(Text("If each district were scored now", style="bold"))
    numbers = view.get("numbers") or [0] * NDISTRICTS
    for d, district in enumerate(DISTRICTS):
        line = Text(f"  {numbers[d]} {district.name:<12} value {value_of(view, d):>2}  ")
        line.append_text(council_text(view, d) or Text("empty", style="dim"))
        line.append("  → ")
        scores = scores_now(view, d)
        for p, points in sorted(scores.items(), key=lambda kv: -kv[1]):
            line.append_text(signs.sign(view, p, f"+{points}"))
            line.append(" ")
        if not scores:
            line.append("nobody", style="dim")
        parts.append(line)
    parts.append(Text(""))
    parts.append(
        Text(
            f"Deck {view.get('deck', 0)} cards · discards {view.get('discards', 0)} · coins in the "
            f"supply {view.get('general_coins', 0)}. Which districts the slots join and the bridges' "
            "numbers are provisional (see the rules reference).",
            style="dim",
        )
    )
    title = Text("Venice", style="bold")
    title.append(f" · round {view.get('round')}/{ROUNDS}")
    return title, Group(*parts)
