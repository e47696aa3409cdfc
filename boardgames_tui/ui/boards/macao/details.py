"""The `i` screen: every player's public facts in words (Macao hides nothing but a simultaneous dice
pick, which the view keeps out): prestige, gold, goods, jokers, punish markers, wall, ship,
quarters, the wind rose pile by pile, and every card with what it does."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ....rules.macao import HOUSE_SET_NOTICE
from ....rules.macao.data import CARD, GOOD_NAMES, QUARTER, ROUNDS
from ....rules.macao.reckoning import largest_group
from ....rules.macao.view import MacaoView
from . import rose, signs

NEIGHBOURS = {q: QUARTER[q].neighbours for q in QUARTER}


def card_words(card: str) -> Text:
    text = Text("      ")
    text.append_text(signs.card_line(card))
    text.append(f": {CARD[card].text}")
    return text


def rose_words(view: MacaoView, p: int) -> Text:
    text = Text("    wind rose: ")
    pending = view.players[p].pending
    parts = []
    for face in range(1, 7):
        counts = pending[face - 1]
        if any(counts):
            part = Text(f"pile {face} ")
            part.append_text(signs.cubes(counts))
            part.append(f" ({rose.when(view, face)})")
            parts.append(part)
    text.append_text(Text(" · ").join(parts) if parts else Text("empty", style="dim"))
    if rose.turned(view) and view.step != "over":
        text.append(" · now ")
        text.append_text(signs.cubes(view.players[p].available, none="none"))
    return text


def details(view: MacaoView, viewer: int | None) -> tuple[str | Text, RenderableType]:
    parts: list[RenderableType] = []
    owner = view.owner
    wall = view.wall
    order = view.order
    for p, player in enumerate(view.players):
        line = signs.label(view, p)
        if p == viewer:
            line.append(" (you)")
        line.append(f"  {player.pp} PP", style="bold")
        line.append(f" · {player.gold} gold · jokers {player.jokers}")
        line.append(f" · punish markers {player.punish}")
        space = next((s for s, stack in enumerate(wall) if p in stack), 0)
        rank = order.index(p) + 1 if p in order else 0
        line.append(f" · wall space {space + 1} ({signs.ordinal(rank)} to act)" if rank else "")
        parts.append(line)
        goods = ", ".join(GOOD_NAMES.get(g, g) for g in player.cargo) or "no goods"
        parts.append(Text(f"    ship: {player.ship} · {goods}"))
        owned = sorted(q for q, o in owner.items() if o == p)
        quarters = ", ".join(f"{QUARTER[q].name} ({q})" for q in owned) or "none"
        group = largest_group(owned, NEIGHBOURS)
        parts.append(Text(f"    quarters {len(owned)}, largest group {group}: {quarters}"))
        parts.append(rose_words(view, p))
        parts.append(Text(f"    tableau ({len(player.tableau)}, not active):", style="bold"))
        parts += [card_words(c) for c in player.tableau] or [Text("      none", style="dim")]
        parts.append(Text(f"    active ({len(player.active)}):", style="bold"))
        parts += [card_words(c) for c in player.active] or [Text("      none", style="dim")]
    parts.append(Text(""))
    price = view.price
    rnd = view.round or 0
    if rnd:
        parts.append(Text(f"Round {rnd}: the tribute buys {price[1]} PP for {price[0]} gold.", style="bold"))
    display = view.display
    if display:
        parts.append(Text("On offer this round:", style="bold"))
        parts += [card_words(c) for c in display]
    parts.append(Text("The round track (two offices a round):", style="bold"))
    for r, pair in enumerate(view.offices, start=1):
        text = Text(f"  {r:>2} " + ("▸ " if r == rnd else "  "))
        text.append_text(Text(" · ").join(signs.card_line(c) for c in pair))
        parts.append(text)
    discard = view.discard
    parts.append(Text(f"The discard pile (open, newest first): {len(discard)}", style="bold"))
    parts.append(
        Text("  " + ", ".join(CARD[c].name for c in reversed(discard)) if discard else "  empty", style="dim")
    )
    parts.append(Text(""))
    parts.append(
        Text(
            f"Deck {view.deck} cards · discards {len(discard)}. "
            f"The cards, quarters and sea route are the {HOUSE_SET_NOTICE}.",
            style="dim",
        )
    )
    title = Text("Macao", style="bold")
    if rnd:
        title.append(f" · round {rnd}/{ROUNDS}")
    return title, Group(*parts)
