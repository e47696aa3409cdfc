"""The display drawn as Text from a scene: two rows of eight, the four stacks, the card line and the
special decisions.

─upper───┬─────────┬ … ┬─────────┐   cells: short name / colour letter and price for the
 Market  │ Library │ … │ Pub     │     player to act ("5→4₽" discounted, "*" trading card
B   5→4₽ │B  17→16₽│ … │B     1₽ │     that replaces a card, "—" no legal target)
─lower───┼─────────┼ … ┼─────────┤   lower row right-aligned; eight cells and eight borders
─────────┴─────────┴ … ┴─────────┘   fill 80 columns exactly
 stacks W27 B28 A27 T30 · next deal B · start W◆ B◆ A● T● · prices for ◆ Ann
▸ Library (building, B) 17→16₽ · +5★ each building phase
                                     the card under the cursor in words (data.card_gives)
"""

from __future__ import annotations

from rich.text import Text

from ....rules.st_petersburg.data import CARDS, ROWS, card_gives, card_replaces
from ... import theme
from ...boardkit import PLACE
from .layout import COLUMNS, Layout, card_at
from .places import NEXT_DEAL, STACKS, START_MARKERS, cell_marked
from .scene import Scene
from .signs import DECK_LETTER, DRAWN_KEYS, FACE_LETTER, card_letter, card_style, income_text, price_text


def display_lines(scene: Scene, layout: Layout) -> list[Text]:
    """Every line of the board, top to bottom."""
    width = layout.width
    out: list[Text] = []
    out.append(rule(scene, layout, "upper", "┬", "┐"))
    out += row_lines(scene, layout, "upper")
    out.append(rule(scene, layout, "lower", "┼", "┤"))
    out += row_lines(scene, layout, "lower")
    out.append(rule(scene, layout, "", "┴", "┘"))
    out.append(stacks_line(scene, width))
    out += card_lines(scene, width)
    special = special_line(scene)
    if special is not None:
        out.append(special)
    return out


def rule(scene: Scene, layout: Layout, label: str, joint: str, edge: str) -> Text:
    w = layout.cell_width
    first = ("─" + label).ljust(w, "─") if label else "─" * w
    text = Text(joint.join([first] + ["─" * w] * (COLUMNS - 1)) + edge, style="dim")
    if label and f"{label} row" in scene.marked:  # the row's name, with its cells
        text.stylize(PLACE, 1, 1 + len(label))
    return text


def row_lines(scene: Scene, layout: Layout, row: str) -> list[Text]:
    view = scene.view
    w = layout.cell_width
    height = layout.cell_lines
    prices = view.prices.row(row)
    lines = [Text() for _ in range(height)]
    for column in range(COLUMNS):
        cell = card_at(view, row, column)
        cursor = scene.show_cursor and scene.place == (row, column)
        if cell is None:
            parts = [Text(" " * w) for _ in range(height)]
            if cursor:
                parts[0] = Text("▸".ljust(w), style="reverse")
        else:
            index, key = cell
            card = CARDS[key]
            price = prices[index] if index < len(prices) else None
            name = card.name if len(card.name) <= w - 1 else card.short
            style = f"bold {card_style(key)}"
            first = Text("▸" if cursor else " ", style="bold")
            first.append(name.ljust(w - 1)[: w - 1], style=style)
            second = Text(card_letter(key), style=style)
            # once over, nobody's prices are shown: the printed one, not "—" (nothing to replace)
            ptext = price_text(key, price) if view.step != "over" else f"{card.price}₽"
            second.append(ptext.rjust(w - 1)[-(w - 1) :], style="bold" if price is not None else "dim")
            parts = [first, second]
            if height >= 3:
                letter = FACE_LETTER[card.face]
                pays = income_text(card.rubles, card.points)
                if card.per_card:  # "1₽/A": a ruble per orange card
                    pays = f"1₽/{FACE_LETTER[card.per_card]}"
                    if key == "tax_man" and view.options.taxman_phase == "worker":
                        letter = "W"
                third = Text(f" {letter} pays {pays}"[:w].ljust(w), style="dim")
                parts.append(third)
            if cursor:
                for part in parts:
                    part.stylize("reverse")
        if cell_marked(scene.marked, row, column, cell[1] if cell is not None else None):
            for part in parts:
                part.stylize(PLACE)
        for i in range(height):
            lines[i].append_text(parts[i])
            lines[i].append("│", style="dim")
    return lines


def stacks_line(scene: Scene, width: int) -> Text:
    view = scene.view
    stacks = view.stacks
    text = Text(" stacks ")
    for deck in ("worker", "building", "aristocrat", "trading"):
        letter = DECK_LETTER[deck]
        count = stacks.left(deck)
        nxt = view.next_deal == deck
        text.append(f"{letter}{count}", style="bold underline" if nxt else "")
        text.append(" ")
    mark(scene, text, STACKS, 1)
    nd = view.next_deal
    if nd:
        start = len(text)
        text.append(f"· next deal {DECK_LETTER[nd]} ")
        mark(scene, text, NEXT_DEAL, start + 2)
    markers = view.markers
    start = len(text)
    text.append("· start ")
    for phase in ("worker", "building", "aristocrat", "trading"):
        seat = markers.get(phase)
        text.append(DECK_LETTER[phase])
        if seat is not None:
            text.append(theme.symbol(seat), style=theme.seat_style(seat))
        text.append(" ")
    mark(scene, text, START_MARKERS, start + 2)
    if view.final_round:
        text.append("FINAL ROUND", style="bold reverse")
        text.append(" ")
    owner = scene.prices_for
    if owner is not None and owner < len(scene.names):
        # Last and least: whose prices these are is also in the header ("▶ Ann to act"), so it
        # gives way when a long name would push the line past the screen's edge.
        prices = Text("· prices for ")
        prices.append_text(theme.seat_label(owner, scene.names[owner]))
        if text.cell_len + prices.cell_len <= width:
            text.append_text(prices)
    return text


def mark(scene: Scene, text: Text, place: str, start: int) -> None:
    """Reverse `text` from `start` to its end, less the space that ends it, when `place` is
    marked."""
    if place in scene.marked:
        text.stylize("reverse", start, len(text.plain.rstrip()))


def card_lines(scene: Scene, width: int) -> list[Text]:
    """The card under the cursor in words (in the Observatory step, the drawn card), in as many
    lines as the wordiest card on show needs at this width: moving the cursor, or the turn
    passing to someone without a cursor, never moves the rest of the screen."""
    view = scene.view
    taxman = view.options.taxman_phase
    described: dict[tuple[str, int], list[Text]] = {}
    for row in ROWS:
        row_prices = view.prices.row(row)
        for i, key in enumerate(view.row(row)):
            price = row_prices[i] if i < len(row_prices) else None
            described[(row, i)] = describe(key, price, width, taxman, priced=True)
    drawn = view.observatory_card
    if drawn:
        described[("drawn", 0)] = describe(drawn, None, width, taxman, lead="  drawn: ")
    if not described or view.step == "over":
        return []
    height = max(len(lines) for lines in described.values())
    lines: list[Text] = []
    if view.step == "observatory" and drawn:
        lines = described[("drawn", 0)]
    elif scene.show_cursor and scene.place is not None:
        cell = card_at(view, *scene.place)
        if cell is not None:
            lines = described[(scene.place[0], cell[0])]
    return lines + [Text("")] * (height - len(lines))


def describe(
    key: str, price: int | None, width: int, taxman: str, lead: str = "▸ ", priced: bool = False
) -> list[Text]:
    """'▸ Fur Shop (trading, T) 10→4₽ · +3₽ +2★ each worker phase · replaces a Fur Trapper or
    Czar and Carpenter', broken between its parts where it does not fit; without the letter (T)
    when that saves a line. `priced`: `price` is the display's price for the player to act
    (None: a trading card with nothing to replace); otherwise the printed price is shown.
    `taxman`: the scoring at which the Tax Man pays, as the game's option says."""
    lines = describe_lines(key, price, width, taxman, lead, priced, letter=True)
    shorter = describe_lines(key, price, width, taxman, lead, priced, letter=False)
    return shorter if len(shorter) < len(lines) else lines


def describe_lines(
    key: str, price: int | None, width: int, taxman: str, lead: str, priced: bool, letter: bool
) -> list[Text]:
    card = CARDS[key]
    head = Text(lead, style="bold")
    head.append(card.name, style=f"bold {card_style(key)}")
    head.append(f" ({card.deck}, {card_letter(key)}) " if letter else f" ({card.deck}) ")
    if priced and price is not None and price < card.price:
        head.append(f"{card.price}→{price}₽", style="bold")
    else:
        head.append(f"{card.price}₽", style="bold")
    pieces = [Text(card_gives(key, taxman))]
    replaces = card_replaces(key)
    if replaces:
        piece = Text(replaces)
        if priced and price is None:
            piece.append(" (you have none)", style="bold")
        pieces.append(piece)
    lines = [head]
    for piece in pieces:
        if lines[-1].cell_len + 3 + piece.cell_len <= width:
            lines[-1].append(" · ", style="dim")
        else:
            lines.append(Text(" " * len(lead)))
        lines[-1].append_text(piece)
    for line in lines:
        if line.cell_len > width:
            line.truncate(width, overflow="ellipsis")
    return lines


def special_line(scene: Scene) -> Text | None:
    view = scene.view
    step = view.step
    active = view.active
    key = view.observatory_card
    if step == "observatory" and key:
        card = CARDS[key]
        text = Text(" Observatory: ", style="bold")
        if active is not None:
            text.append_text(theme.seat_label(active, scene.names[active]))
            text.append(" drew ")
        text.append(f"{card_letter(key)} {card.name}", style=f"bold {card_style(key)}")
        text.append(f" ({card.price}₽)", style="bold")
        # only the keys that work (a full hand can't take the card)
        keys = [words for words, kind in DRAWN_KEYS if kind in scene.drawn_moves]
        if keys:
            text.append("  → " + " · ".join(keys), style="bold")
        return text
    pub = view.pub
    if step == "pub" and pub is not None:
        seat = pub.seat
        text = Text(" Pub: ", style="bold")
        text.append_text(theme.seat_label(seat, scene.names[seat]))
        text.append(f" may buy up to {pub.max_points} ★ at 2 ₽ each  → pick from the list", style="bold")
        return text
    return None
