"""St. Petersburg's board: the display of two rows of eight, the four stacks, the card line.

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

from collections.abc import Hashable, Sequence
from typing import Protocol, cast

from rich.text import Span, Text
from textual import events
from textual.geometry import Size

from ....play.table import GameTable
from ....rules.core import Action
from ....rules.st_petersburg.actions import Buy, TakeToHand
from ....rules.st_petersburg.data import CARDS, ROWS, card_gives, card_replaces
from ....rules.st_petersburg.view import StPetersburgView
from ... import theme
from ...boardkit import PLACE, Target, TargetCursor
from ...widgets.stripboard import StripBoard


class Shown(Protocol):
    """What the board reads of the StPetersburgScreen, named here because screen.py imports this
    module (no import circles, tests/test_layering.py); screen.py checks that its screen answers."""

    cursor: TargetCursor
    show_cursor: bool
    marked_places: frozenset[str]

    @property
    def table(self) -> GameTable: ...
    def actions_of(self, *kinds: str) -> list[Action]: ...


FACE_STYLE = {"green": "#5cb85c", "blue": "#6aa5f0", "orange": "#f0a040"}
FACE_LETTER = {"green": "W", "blue": "B", "orange": "A"}
DECK_LETTER = {"worker": "W", "building": "B", "aristocrat": "A", "trading": "T"}
FACE_TITLE = {"green": "Workers", "blue": "Buildings", "orange": "Aristocrats"}
PHASE_TITLE = {
    "worker": "Workers",
    "building": "Buildings",
    "aristocrat": "Aristocrats",
    "trading": "Trading",
}
COLUMNS = 8
# The board's places a walkthrough step may mark (learn/script.py: a step's `places`), besides
# each display card by its name ("Market": every Market on show) and each player's row's parts
# (screen.py): a display cell by row and slot as the screen shows it, left to right ("upper 1" …
# "lower 8"), a whole row, and the parts of the line under the display.
ROW_PLACES = tuple(f"{row} row" for row in ROWS)
SLOT_PLACES = tuple(f"{row} {column + 1}" for row in ROWS for column in range(COLUMNS))
STACKS, NEXT_DEAL, START_MARKERS = "stacks", "next deal", "start markers"

# A display cell as the cursor's targets name it: (row, column 0..7).
Cell = tuple[str, int]
# A board line's content (plain text, spans, style, width): a finished strip is kept by it.
LineKey = tuple[str, tuple[Span, ...], str, int]
# What the board's lines are made from: the view, width, cursor, whose prices, height, marks.
LinesKey = tuple[int, int, Cell | None, bool, int | None, int, frozenset[str]]


def cell_of(place: Hashable | None) -> Cell | None:
    """The cursor's place as the display cell it is: every target here is made with a Cell."""
    return cast(Cell | None, place)


def card_letter(key: str) -> str:
    """W/B/A for workers, buildings, aristocrats; T for trading cards (whatever their face)."""
    return DECK_LETTER[CARDS[key].deck]


def card_style(key: str) -> str:
    return FACE_STYLE[CARDS[key].face]


def price_text(key: str, price: int | None) -> str:
    """'5→4₽' when discounted, '4₽', '—' with no legal target; '*' marks a trading card."""
    card = CARDS[key]
    star = "*" if card.is_trading else ""
    if price is None:
        return "—" + star
    if price < card.price:
        return f"{card.price}→{price}₽{star}"
    return f"{price}₽{star}"


def income_text(rubles: int, points: int) -> str:
    parts = []
    if rubles:
        parts.append(f"{rubles}₽")
    if points:
        parts.append(f"{points}★")
    return "+" + "".join(parts) if parts else "+0"


def card_at(view: StPetersburgView, row: str, column: int) -> tuple[int, str] | None:
    """(index in its row, card key) at a display column, or None for an empty cell: the upper row
    from the left, the lower row right-aligned."""
    cards = view.row(row)
    if row == "upper":
        return (column, cards[column]) if column < len(cards) else None
    start = COLUMNS - len(cards)
    return (column - start, cards[column - start]) if column >= start else None


def cell_marked(marks: frozenset[str], row: str, column: int, key: str | None) -> bool:
    """Whether a walkthrough step marks the display cell at `row`, `column` (holding card `key`,
    None when empty): by its slot ("upper 4"), its row ("upper row") or its card's name."""
    return bool(marks) and (
        f"{row} {column + 1}" in marks
        or f"{row} row" in marks
        or (key is not None and CARDS[key].name in marks)
    )


def display_targets(view: StPetersburgView, legal: Sequence[Action]) -> list[Target]:
    """Every card of the display, with the viewer's legal Buy and Take of it."""
    moves: dict[tuple[str, int], list[Buy | TakeToHand]] = {}
    for action in legal:
        if isinstance(action, (Buy, TakeToHand)):
            moves.setdefault((action.row, action.index), []).append(action)
    out = []
    for y, row in enumerate(ROWS):
        for column in range(COLUMNS):
            cell = card_at(view, row, column)
            if cell is not None:
                out.append(Target((row, column), column, y, tuple(moves.get((row, cell[0]), ()))))
    return out


class DisplayBoard(StripBoard):
    """The two rows of eight, the stacks and the special decisions. Cursor keys live on the screen."""

    DEFAULT_CSS = """
    DisplayBoard { height: auto; }
    """

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.view: StPetersburgView | None = None
        # Over the display's cards: place (row, column 0..7); Enter buys, h takes the card there.
        self.cursor = TargetCursor()
        self.show_cursor = False
        self.cell_lines = 2
        self.cell_width = 9
        self.price_owner: int | None = None
        self.seat_names: list[str] = []
        self.drawn_keys: list[str] = []
        # The places a walkthrough step marks (the screen's marked_places), drawn in reverse video.
        self.marks: frozenset[str] = frozenset()
        # A cursor move changes two or three lines: the strips are kept by content (StripBoard).
        self._lines: list[tuple[Text, LineKey]] = []  # (text, what it shows) per line
        self._lines_key: LinesKey | None = None

    # -- data ----------------------------------------------------------------------------------
    def update_view(self, view: StPetersburgView, screen: Shown) -> None:
        self.view = view
        self.cursor = screen.cursor  # the screen's: its keys and footer read it without the board
        self.show_cursor = screen.show_cursor
        self.price_owner = view.active
        self.seat_names = [s.name for s in screen.table.seats]
        self.marks = frozenset(screen.marked_places)
        # After an Observatory draw: only the keys that work (a full hand can't take the card).
        self.drawn_keys = [
            words
            for words, kind in (
                ("Enter buy", "observatory_buy"),
                ("h hand", "observatory_hand"),
                ("d discard", "observatory_discard"),
            )
            if screen.actions_of(kind)
        ]
        self.refresh(layout=True)

    @property
    def place(self) -> Cell | None:
        """(row, column) of the cursor, None on an empty display."""
        return cell_of(self.cursor.place)

    def card_at(self, row: str, column: int) -> tuple[int, str] | None:
        return None if self.view is None else card_at(self.view, row, column)

    # -- drawing -------------------------------------------------------------------------------
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def prepared(self, width: int) -> list[tuple[Text, LineKey]]:
        """The lines for the current view, cursor and size, each with the key it is cached by."""
        key: LinesKey = (
            id(self.view),
            width,
            self.place,
            self.show_cursor,
            self.price_owner,
            self.app.size.height if self.is_attached else 24,
            self.marks,
        )
        if key != self._lines_key:
            self._lines = [
                (text, (text.plain, tuple(text.spans), str(text.style), width)) for text in self.lines(width)
            ]
            self._lines_key = key
        return self._lines

    def redraw(self) -> None:
        """After a cursor move: repaint only the lines whose content changed (the cursor's old and
        new cells and the card line), not the whole board."""
        before: list[Hashable] = [key for _, key in self._lines] if self._lines_key is not None else []
        self.changed_lines(before, [key for _, key in self.prepared(self.line_width())])

    def line_count(self) -> int:
        return len(self.prepared(self.line_width()))

    def line_key(self, y: int) -> Hashable:
        return self._lines[y][1]

    def line_text(self, y: int) -> Text:
        return self._lines[y][0]

    def lines(self, width: int) -> list[Text]:
        view = self.view
        if view is None:
            return [Text("")]
        # Each cell has its border on the right, the 8th too: 8 × (9 + 1) = 80 columns.
        self.cell_width = max(9, min(16, (width - COLUMNS) // COLUMNS))
        tall = (self.app.size.height if self.is_attached else 24) >= 34
        self.cell_lines = 3 if tall else 2
        out: list[Text] = []
        out.append(self.rule("upper", "┬", "┐"))
        out += self.row_lines(view, "upper")
        out.append(self.rule("lower", "┼", "┤"))
        out += self.row_lines(view, "lower")
        out.append(self.rule("", "┴", "┘"))
        out.append(self.stacks_line(view, width))
        out += self.card_lines(view, width)
        special = self.special_line(view)
        if special is not None:
            out.append(special)
        return out

    def rule(self, label: str, joint: str, edge: str) -> Text:
        w = self.cell_width
        first = ("─" + label).ljust(w, "─") if label else "─" * w
        text = Text(joint.join([first] + ["─" * w] * (COLUMNS - 1)) + edge, style="dim")
        if label and f"{label} row" in self.marks:  # the row's name, with its cells
            text.stylize(PLACE, 1, 1 + len(label))
        return text

    def row_lines(self, view: StPetersburgView, row: str) -> list[Text]:
        w = self.cell_width
        prices = view.prices.row(row)
        lines = [Text() for _ in range(self.cell_lines)]
        for column in range(COLUMNS):
            cell = self.card_at(row, column)
            cursor = self.show_cursor and self.place == (row, column)
            if cell is None:
                parts = [Text(" " * w) for _ in range(self.cell_lines)]
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
                if self.cell_lines >= 3:
                    letter = FACE_LETTER[card.face]
                    pays = income_text(card.rubles, card.points)
                    if card.per_card:  # "1₽/A": a ruble per orange card
                        pays = f"1₽/{FACE_LETTER[card.per_card]}"
                        if key == "tax_man" and self.taxman_phase() == "worker":
                            letter = "W"
                    third = Text(f" {letter} pays {pays}"[:w].ljust(w), style="dim")
                    parts.append(third)
                if cursor:
                    for part in parts:
                        part.stylize("reverse")
            if cell_marked(self.marks, row, column, cell[1] if cell is not None else None):
                for part in parts:
                    part.stylize(PLACE)
            for i in range(self.cell_lines):
                lines[i].append_text(parts[i])
                lines[i].append("│", style="dim")
        return lines

    def stacks_line(self, view: StPetersburgView, width: int) -> Text:
        stacks = view.stacks
        text = Text(" stacks ")
        for deck in ("worker", "building", "aristocrat", "trading"):
            letter = DECK_LETTER[deck]
            count = stacks.left(deck)
            nxt = view.next_deal == deck
            text.append(f"{letter}{count}", style="bold underline" if nxt else "")
            text.append(" ")
        self.mark(text, STACKS, 1)
        nd = view.next_deal
        if nd:
            start = len(text)
            text.append(f"· next deal {DECK_LETTER[nd]} ")
            self.mark(text, NEXT_DEAL, start + 2)
        markers = view.markers
        start = len(text)
        text.append("· start ")
        for phase in ("worker", "building", "aristocrat", "trading"):
            seat = markers.get(phase)
            text.append(DECK_LETTER[phase])
            if seat is not None:
                text.append(theme.symbol(seat), style=theme.seat_style(seat))
            text.append(" ")
        self.mark(text, START_MARKERS, start + 2)
        if view.final_round:
            text.append("FINAL ROUND", style="bold reverse")
            text.append(" ")
        owner = self.price_owner
        if owner is not None and owner < len(self.seat_names):
            # Last and least: whose prices these are is also in the header ("▶ Ann to act"), so it
            # gives way when a long name would push the line past the screen's edge.
            prices = Text("· prices for ")
            prices.append_text(theme.seat_label(owner, self.seat_names[owner]))
            if text.cell_len + prices.cell_len <= width:
                text.append_text(prices)
        return text

    def mark(self, text: Text, place: str, start: int) -> None:
        """Reverse `text` from `start` to its end, less the space that ends it, when `place` is
        marked."""
        if place in self.marks:
            text.stylize("reverse", start, len(text.plain.rstrip()))

    def card_lines(self, view: StPetersburgView, width: int) -> list[Text]:
        """The card under the cursor in words (in the Observatory step, the drawn card), in as
        many lines as the wordiest card on show needs at this width: moving the cursor, or the
        turn passing to someone without a cursor, never moves the rest of the screen."""
        described: dict[tuple[str, int], list[Text]] = {}
        for row in ROWS:
            row_prices = view.prices.row(row)
            for i, key in enumerate(view.row(row)):
                price = row_prices[i] if i < len(row_prices) else None
                described[(row, i)] = self.describe(key, price, width, priced=True)
        drawn = view.observatory_card
        if drawn:
            described[("drawn", 0)] = self.describe(drawn, None, width, lead="  drawn: ")
        if not described or view.step == "over":
            return []
        height = max(len(lines) for lines in described.values())
        lines: list[Text] = []
        if view.step == "observatory" and drawn:
            lines = described[("drawn", 0)]
        elif self.show_cursor and self.place is not None:
            cell = self.card_at(*self.place)
            if cell is not None:
                lines = described[(self.place[0], cell[0])]
        return lines + [Text("")] * (height - len(lines))

    def describe(
        self, key: str, price: int | None, width: int, lead: str = "▸ ", priced: bool = False
    ) -> list[Text]:
        """'▸ Fur Shop (trading, T) 10→4₽ · +3₽ +2★ each worker phase · replaces a Fur Trapper
        or Czar and Carpenter', broken between its parts where it does not fit; without the
        letter (T) when that saves a line. `priced`: `price` is the display's price for the
        player to act (None: a trading card with nothing to replace); otherwise the printed
        price is shown."""
        lines = self.describe_lines(key, price, width, lead, priced, letter=True)
        shorter = self.describe_lines(key, price, width, lead, priced, letter=False)
        return shorter if len(shorter) < len(lines) else lines

    def describe_lines(
        self, key: str, price: int | None, width: int, lead: str, priced: bool, letter: bool
    ) -> list[Text]:
        card = CARDS[key]
        head = Text(lead, style="bold")
        head.append(card.name, style=f"bold {card_style(key)}")
        head.append(f" ({card.deck}, {card_letter(key)}) " if letter else f" ({card.deck}) ")
        if priced and price is not None and price < card.price:
            head.append(f"{card.price}→{price}₽", style="bold")
        else:
            head.append(f"{card.price}₽", style="bold")
        pieces = [Text(card_gives(key, self.taxman_phase()))]
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

    def taxman_phase(self) -> str:
        """The scoring at which the Tax Man pays, as the game's option says."""
        return "aristocrat" if self.view is None else self.view.options.taxman_phase

    def special_line(self, view: StPetersburgView) -> Text | None:
        step = view.step
        active = view.active
        key = view.observatory_card
        if step == "observatory" and key:
            card = CARDS[key]
            text = Text(" Observatory: ", style="bold")
            if active is not None:
                text.append_text(theme.seat_label(active, self.seat_names[active]))
                text.append(" drew ")
            text.append(f"{card_letter(key)} {card.name}", style=f"bold {card_style(key)}")
            text.append(f" ({card.price}₽)", style="bold")
            if self.drawn_keys:
                text.append("  → " + " · ".join(self.drawn_keys), style="bold")
            return text
        pub = view.pub
        if step == "pub" and pub is not None:
            seat = pub.seat
            text = Text(" Pub: ", style="bold")
            text.append_text(theme.seat_label(seat, self.seat_names[seat]))
            text.append(f" may buy up to {pub.max_points} ★ at 2 ₽ each  → pick from the list", style="bold")
            return text
        return None

    # -- mouse ---------------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        y = event.y
        lines = self.cell_lines
        if 1 <= y <= lines:
            row = "upper"
        elif lines + 2 <= y <= 2 * lines + 1:
            row = "lower"
        else:
            return
        column = min(COLUMNS - 1, event.x // (self.cell_width + 1))
        menu = getattr(self.screen, "card_menu", None)
        if self.cursor.put((row, column)) and menu is not None:
            self.refresh()
            menu()
