"""The `i` screen: every participant's public facts in words (and the viewer's own hand, which the
view holds for the viewer alone), and what scoring each district would give now."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ....rules.rialto.data import BUILDING_SPACES, DISTRICTS, ROUNDS
from ....rules.rialto.view import RialtoView
from . import signs
from .venice import council_text, scores_now, value_of


def details(view: RialtoView, viewer: int | None) -> tuple[str | Text, RenderableType]:
    parts: list[RenderableType] = []
    order = view.doge.order
    for p in range(signs.participants(view)):
        line = signs.label(view, p)
        if p == viewer:
            line.append(" (you)")
        rank = order.index(p) + 1 if p in order else 0
        if view.virtual is not None and signs.is_virtual(view, p):
            line.append(f" · Doge {signs.ordinal(rank)} · scores nothing")
            parts.append(line)
            hand = Text(f"    hand, face up: {signs.cards_text(view.virtual.hand, long=True)}")
            parts.append(hand)
            continue
        player = view.players[p]
        line.append(f"  {player.vp} VP", style="bold")
        line.append(f" · Doge {signs.ordinal(rank)} · {signs.count(player.coins, 'coin')}")
        line.append(f" · councilmen {player.personal} own, {player.general} general")
        parts.append(line)
        built = [signs.building(b) for b in player.buildings]
        more = Text(f"    buildings ({len(built)}/{BUILDING_SPACES}): {' '.join(built) or 'none'}")
        more.append(f" · hand {signs.count(player.hand_size, 'card')}")
        if p == viewer and view.hand is not None:
            more.append(f": {signs.cards_text(view.hand, long=True)}")
        parts.append(more)
    parts.append(Text(""))
    parts.append(Text("If each district were scored now", style="bold"))
    for d, district in enumerate(DISTRICTS):
        line = Text(f"  {view.numbers[d]} {district.name:<12} value {value_of(view, d):>2}  ")
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
            f"Deck {view.deck} cards · discards {view.discards} · coins in the "
            f"supply {view.general_coins}. Which districts the slots join and the bridges' "
            "numbers are provisional (see the rules reference).",
            style="dim",
        )
    )
    title = Text("Venice", style="bold")
    title.append(f" · round {view.round}/{ROUNDS}")
    return title, Group(*parts)
