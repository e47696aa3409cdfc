"""The lines under the map: the round's offers (a divider's piles, seen only by that divider until
they are turned up), the pile being played, a banishment's roll, and a hint for the cursor.

Each line comes with what a click on it reaches: ("pile", p) for a pile's line, and the cards'
spans as ("card", i). A pile a walkthrough step points at (the scene's `spots`) has its lines
drawn in reverse (and the cursors are underlined meanwhile, as on the map).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from ....rules.san_marco.data import DISTRICTS, LIMIT_OUT
from ....rules.san_marco.view import Offer, SanMarcoView
from ...boardkit import PLACE, wrap_text
from .scene import Scene
from .signs import card_label, colour_label, limit_value


@dataclass
class TrayLine:
    text: Text
    pile: int | None = None
    cards: list[tuple[int, int, int]] = field(default_factory=list)  # (x0, x1, card index)


def who(scene: Scene, seat: int) -> Text:
    return colour_label(scene.view, seat, scene.names)


def roles_line(scene: Scene) -> Text:
    """'Round 3: ◆ Ann divides for ● Bob · ▲ Cleo divides for ■ Dan'."""
    view = scene.view
    text = Text(f"Round {view.round}", style="bold")
    if view.extra:
        text.append(" (extra)", style="bold")
    text.append(": ")
    for i, offer in enumerate(view.offers):
        if i:
            text.append(" · ")
        text.append_text(who(scene, offer.divider))
        text.append(" divides for ")
        for j, seat in enumerate(offer.choosers):
            if j:
                text.append(" then ")
            text.append_text(who(scene, seat))
    return text


def piles_lines(scene: Scene, offer: Offer, picking: bool, width: int) -> list[TrayLine]:
    """Every pile of an offer, a line each: with the long labels when every pile fits its line,
    else the short ones (a pile that still does not fit goes on over a second line)."""
    piles = range(offer.piles)
    for short in (False, True):
        lines = [pile_lines(scene, offer, p, picking, short, width) for p in piles]
        if all(len(each) == 1 for each in lines):
            break
    for p, each in zip(piles, lines):
        if ("pile", p) in scene.spots:  # a walkthrough points at this pile: reversed
            for line in each:
                line.text.stylize(PLACE)
    return [line for each in lines for line in each]


def pile_lines(
    scene: Scene, offer: Offer, pile: int, picking: bool, short: bool, width: int
) -> list[TrayLine]:
    cards = offer.cards
    draft = offer.draft
    line = TrayLine(Text(), pile=pile)
    lines = [line]
    on_pile = scene.pile == pile and scene.step == "choose"
    head = ("▸" if on_pile else " ") + f"Pile {pile + 1}"
    line.text.append(head, style=scene.cursor if on_pile else "bold")
    line.text.append(" │", style="dim")
    if cards is None or draft is None:
        line.text.append(" hidden", style="dim")
        return lines
    mine = [i for i, where in enumerate(draft) if where == pile]
    tail = Text("│ ", style="dim")
    tail.append(f"limit +{sum(limit_value(cards[i]) for i in mine)}")
    taker = offer.taken.get(pile)
    if taker is not None:
        tail.append(" → ")
        tail.append_text(who(scene, taker))
    if not mine:
        line.text.append(" empty ", style="dim")
    for n, i in enumerate(mine):
        card = cards[i]
        label = card_label(card, short=short)
        picked = picking and scene.card == i
        piece = f"[{label}]" if picked else f" {label} "
        room = width - (tail.cell_len if n == len(mine) - 1 else 0)
        if line.text.cell_len + len(piece) > room:
            line = TrayLine(Text(" " * 8 + "│", style="dim"), pile=pile)
            lines.append(line)
        x0 = line.text.cell_len
        plain = "" if card.startswith("limit:") else "bold"
        line.text.append(piece, style=scene.cursor if picked else plain)
        line.cards.append((x0, line.text.cell_len, i))
    line.text.append_text(tail)
    return lines


def split_lines(scene: Scene, width: int) -> list[TrayLine]:
    offer = scene.offer()
    if offer is None:
        return []
    divider = offer.divider
    lines = [TrayLine(roles_line(scene))]
    if offer.cards is None:
        text = Text()
        text.append_text(who(scene, divider))
        text.append(f" divides {offer.card_count} cards into {offer.piles} piles, in secret.", style="italic")
        lines.append(TrayLine(text))
        return lines
    picking = scene.acting
    return piles_lines(scene, offer, picking, width)  # the player rows say who divides for whom


def choose_lines(scene: Scene, width: int) -> list[TrayLine]:
    offer = scene.offer()
    if offer is None:
        return []
    head = Text()
    head.append_text(who(scene, offer.divider))
    head.append("'s piles, face up:")
    return [TrayLine(head)] + piles_lines(scene, offer, False, width)


def pending_line(scene: Scene) -> TrayLine:
    """'◆ Ann plays: ▸3 San Polo  Doge  Transfer' (the taker's action cards; limits already counted)."""
    view = scene.view
    line = TrayLine(Text())
    taker = view.taker
    if taker is None:
        return line
    line.text.append_text(who(scene, taker))
    line.text.append(" plays:")
    for i, card in enumerate(view.pending):
        x0 = line.text.cell_len
        label = card_label(card)
        if scene.acting and scene.card == i:
            line.text.append(f" ▸{label}", style=scene.cursor)
        else:
            line.text.append(f"  {label}", style="bold")
        line.cards.append((x0, line.text.cell_len, i))
    return line


def banish_line(scene: Scene) -> TrayLine:
    view = scene.view
    banish = view.banish
    text = Text()
    if banish is not None:
        text.append_text(who(scene, banish.player))
        text.append(f" banishes in {DISTRICTS[banish.district].name} and rolls {banish.roll}: ")
        text.append(
            f"{banish.foreign} cube{'s' * (banish.foreign != 1)} of other colours leave", style="bold"
        )
        text.append(" — whose?")
    return TrayLine(text)


def setup_line(scene: Scene) -> TrayLine:
    view = scene.view
    text = Text()
    to_move = view.to_move
    if not to_move:
        return TrayLine(text)
    seat = to_move[0]
    text.append_text(who(scene, seat))
    if scene.step == "reroll":
        rolls = view.rolls[seat]
        text.append(f" rolled {' '.join(map(str, rolls))} for the starting cubes: four the same.")
        text.append(" Reroll the fourth die, or keep them?", style="bold")
    elif scene.step == "bridges":
        text.append(" places a starting bridge (with a cube on it) between two neighbours.")
    elif scene.step == "neutral_place":
        text.append(f" puts a neutral cube back ({view.neutral_aside} set aside).")
    elif scene.step == "free_banish":
        text.append(" has the lowest limit total: one free banishment (d gives it up).")
    return TrayLine(text)


def rolls_line(scene: Scene) -> TrayLine:
    """The set-up's die rolls, each a district's die number where two cubes went."""
    view = scene.view
    text = Text("Starting rolls: ", style="dim")
    for colour, rolls in enumerate(view.rolls):
        if not rolls:
            continue
        if colour and text.cell_len > 16:
            text.append(" · ")
        text.append_text(who(scene, colour))
        text.append(" " + " ".join(map(str, rolls)))
    return TrayLine(text)


def tray_lines(scene: Scene, width: int) -> list[TrayLine]:
    step = scene.step
    if step == "split":
        lines = split_lines(scene, width)
    elif step == "choose":
        lines = choose_lines(scene, width)
    elif step == "resolve":
        lines = [TrayLine(roles_line(scene)), pending_line(scene)]
    elif step == "banish_pick":
        lines = [TrayLine(roles_line(scene)), banish_line(scene)]
    elif step in ("reroll", "bridges"):
        lines = [setup_line(scene), rolls_line(scene)]
    elif step in ("neutral_place", "free_banish"):
        lines = [setup_line(scene)]
    elif step == "over":
        lines = [
            TrayLine(
                Text("The game is over: every district has been scored. g shows the results.", style="bold")
            )
        ]
    else:
        lines = []
    if scene.hint.plain:
        lines.append(TrayLine(scene.hint))
    out: list[TrayLine] = []
    for line in lines:
        if line.cards:  # a line of cards to click: its places stay where they are drawn
            line.text.truncate(width, overflow="ellipsis")
            out.append(line)
            continue
        # wrapped, never cut (a pile's or a card's words hold numbers and names)
        out += [TrayLine(part, line.pile) for part in wrap_text(line.text, width)]
    return out


def limit_after(view: SanMarcoView, seat: int, extra: int) -> str:
    """'limit 5 → 8 (10 ends your period)'."""
    now = sum(view.limits[seat])
    return f"limit {now} → {now + extra}" + (f" (out at {LIMIT_OUT})" if now + extra >= LIMIT_OUT else "")
