"""St. Petersburg: the display of two rows of eight, the four stacks, the players' play areas.

Only the board lives here; the frame (header, log, action list, hand-off, undo…) is GameScreen's.

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

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.strip import Strip
from textual.widget import Widget

from ...rules.core import Action
from ...rules.st_petersburg.actions import (Buy, ObservatoryBuy, ObservatoryToHand, Play, TakeToHand,
                                            UseObservatory)
from ...rules.st_petersburg.data import (ARISTOCRAT_BONUS, CARD_ORDER, CARDS, aristocrat_bonus, card_gives,
                                         card_replaces)
from ...rules.st_petersburg.state import card_price
from .. import theme
from ..screens.game import GameScreen

FACE_STYLE = {"green": "#5cb85c", "blue": "#6aa5f0", "orange": "#f0a040"}
FACE_LETTER = {"green": "W", "blue": "B", "orange": "A"}
DECK_LETTER = {"worker": "W", "building": "B", "aristocrat": "A", "trading": "T"}
PHASE_OF_FACE = {"green": "worker", "blue": "building", "orange": "aristocrat"}
PHASE_WORD = {"worker": "workers", "building": "buildings", "aristocrat": "aristocrats",
              "trading": "trading cards"}
FACE_TITLE = {"green": "Workers", "blue": "Buildings", "orange": "Aristocrats"}
PHASE_TITLE = {"worker": "Workers", "building": "Buildings", "aristocrat": "Aristocrats",
               "trading": "Trading"}
ROWS = ("upper", "lower")
COLUMNS = 8


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


def columns_of(view: dict) -> dict[tuple[str, int], int]:
    """(row, index) -> display column: the upper row from the left, the lower row right-aligned."""
    out = {}
    for i, _ in enumerate(view.get("upper", [])):
        out[("upper", i)] = i
    lower = view.get("lower", [])
    for i, _ in enumerate(lower):
        out[("lower", i)] = COLUMNS - len(lower) + i
    return out


class DisplayBoard(Widget):
    """The two rows of eight, the stacks and the special decisions. Cursor keys live on the screen."""

    DEFAULT_CSS = """
    DisplayBoard { height: auto; }
    """

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.view: dict = {}
        self.cursor: tuple[str, int] = ("upper", 0)  # (row, column 0..7)
        self.show_cursor = False
        self.cell_lines = 2
        self.cell_width = 9
        self.price_owner: int | None = None
        self.seat_names: list[str] = []
        self.drawn_keys: list[str] = []
        # Line API: a cursor move changes two or three lines, so finished strips are kept by content.
        self._strips: dict[tuple, Strip] = {}
        self._lines: list[Text] = []
        self._lines_key: tuple | None = None

    # -- data ----------------------------------------------------------------------------------
    def update_view(self, view: dict, screen: "StPetersburgScreen") -> None:
        self.view = view
        self.show_cursor = screen.my_turn and view.get("step") == "actions"
        self.price_owner = view.get("active")
        self.seat_names = [s.name for s in screen.table.seats]
        # After an Observatory draw: only the keys that work (a full hand can't take the card).
        self.drawn_keys = [words for words, kind in (("Enter buy", "observatory_buy"),
                                                     ("h hand", "observatory_hand"),
                                                     ("d discard", "observatory_discard"))
                           if screen.actions_of(kind)]
        self.fix_cursor()
        self.refresh(layout=True)

    def card_at(self, row: str, column: int) -> tuple[int, str] | None:
        """(index in its row, card key) at a display column, or None for an empty cell."""
        cards = self.view.get(row, [])
        if row == "upper":
            return (column, cards[column]) if column < len(cards) else None
        start = COLUMNS - len(cards)
        return (column - start, cards[column - start]) if column >= start else None

    def occupied(self, row: str) -> list[int]:
        return [c for c in range(COLUMNS) if self.card_at(row, c) is not None]

    def fix_cursor(self) -> None:
        row, column = self.cursor
        if self.card_at(row, column) is not None:
            return
        for candidate in (row, "lower" if row == "upper" else "upper"):
            cols = self.occupied(candidate)
            if cols:
                self.cursor = (candidate, min(cols, key=lambda c: abs(c - column)))
                return

    def move(self, dx: int, dy: int) -> None:
        row, column = self.cursor
        if dy:
            other = "lower" if row == "upper" else "upper"
            cols = self.occupied(other)
            if cols:
                self.cursor = (other, min(cols, key=lambda c: (abs(c - column), -c if dy > 0 else c)))
        elif dx:
            cols = self.occupied(row)
            ahead = [c for c in cols if (c > column if dx > 0 else c < column)]
            if ahead:
                self.cursor = (row, min(ahead) if dx > 0 else max(ahead))
            else:  # wrap into the other row
                other = "lower" if row == "upper" else "upper"
                other_cols = self.occupied(other)
                if other_cols:
                    self.cursor = (other, min(other_cols) if dx > 0 else max(other_cols))
        self.refresh()

    # -- drawing -------------------------------------------------------------------------------
    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.size.width or 80
        key = (id(self.view), width, self.cursor, self.show_cursor, self.price_owner,
               self.app.size.height if self.is_attached else 24)
        if key != self._lines_key:
            self._lines = self.lines(width)
            self._lines_key = key
            if len(self._strips) > 256:
                self._strips.clear()
        if y >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        text = self._lines[y]
        cache_key = (text.plain, tuple(text.spans), str(text.style), width)
        strip = self._strips.get(cache_key)
        if strip is None:
            segments = text.render(self.app.console)
            strip = Strip(list(segments)).extend_cell_length(width).crop(0, width)
            self._strips[cache_key] = strip
        return strip.apply_style(self.rich_style)

    def lines(self, width: int) -> list[Text]:
        view = self.view
        if not view:
            return [Text("")]
        # Each cell has its border on the right, the 8th too: 8 × (9 + 1) = 80 columns.
        self.cell_width = max(9, min(16, (width - COLUMNS) // COLUMNS))
        tall = (self.app.size.height if self.is_attached else 24) >= 34
        self.cell_lines = 3 if tall else 2
        out: list[Text] = []
        out.append(self.rule("upper", "┬", "┐"))
        out += self.row_lines("upper")
        out.append(self.rule("lower", "┼", "┤"))
        out += self.row_lines("lower")
        out.append(self.rule("", "┴", "┘"))
        out.append(self.stacks_line(width))
        out += self.card_lines(width)
        special = self.special_line()
        if special is not None:
            out.append(special)
        return out

    def rule(self, label: str, joint: str, edge: str) -> Text:
        w = self.cell_width
        first = ("─" + label).ljust(w, "─") if label else "─" * w
        return Text(joint.join([first] + ["─" * w] * (COLUMNS - 1)) + edge, style="dim")

    def row_lines(self, row: str) -> list[Text]:
        w = self.cell_width
        prices = (self.view.get("prices") or {}).get(row, [])
        lines = [Text() for _ in range(self.cell_lines)]
        for column in range(COLUMNS):
            cell = self.card_at(row, column)
            cursor = self.show_cursor and self.cursor == (row, column)
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
                first.append(name.ljust(w - 1)[:w - 1], style=style)
                second = Text(card_letter(key), style=style)
                # once over, nobody's prices are shown: the printed one, not "—" (nothing to replace)
                ptext = price_text(key, price) if self.view.get("step") != "over" else f"{card.price}₽"
                second.append(ptext.rjust(w - 1)[-(w - 1):], style="bold" if price is not None else "dim")
                parts = [first, second]
                if self.cell_lines >= 3:
                    letter = FACE_LETTER[card.face]
                    pays = income_text(card.rubles, card.points)
                    if card.per_card:  # "1₽/A": a ruble per orange card
                        pays = f"1₽/{FACE_LETTER[card.per_card]}"
                        taxman = (self.view.get("options") or {}).get("taxman_phase")
                        if key == "tax_man" and taxman == "worker":
                            letter = "W"
                    third = Text(f" {letter} pays {pays}"[:w].ljust(w), style="dim")
                    parts.append(third)
                if cursor:
                    for part in parts:
                        part.stylize("reverse")
            for i in range(self.cell_lines):
                lines[i].append_text(parts[i])
                lines[i].append("│", style="dim")
        return lines

    def stacks_line(self, width: int) -> Text:
        view = self.view
        stacks = view.get("stacks", {})
        text = Text(" stacks ")
        for deck in ("worker", "building", "aristocrat", "trading"):
            letter = DECK_LETTER[deck]
            count = stacks.get(deck, 0)
            nxt = view.get("next_deal") == deck
            text.append(f"{letter}{count}", style="bold underline" if nxt else "")
            text.append(" ")
        nd = view.get("next_deal")
        if nd:
            text.append(f"· next deal {DECK_LETTER[nd]} ")
        markers = view.get("markers", {})
        text.append("· start ")
        for phase in ("worker", "building", "aristocrat", "trading"):
            seat = markers.get(phase)
            text.append(DECK_LETTER[phase])
            if seat is not None:
                text.append(theme.symbol(seat), style=theme.seat_style(seat))
            text.append(" ")
        if view.get("final_round"):
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

    def card_lines(self, width: int) -> list[Text]:
        """The card under the cursor in words (in the Observatory step, the drawn card), in as
        many lines as the wordiest card on show needs at this width: moving the cursor, or the
        turn passing to someone without a cursor, never moves the rest of the screen."""
        view = self.view
        prices = view.get("prices") or {}
        described: dict[tuple[str, int], list[Text]] = {}
        for row in ROWS:
            row_prices = prices.get(row, [])
            for i, key in enumerate(view.get(row, [])):
                price = row_prices[i] if i < len(row_prices) else None
                described[(row, i)] = self.describe(key, price, width, priced=True)
        drawn = view.get("observatory_card")
        if drawn:
            described[("drawn", 0)] = self.describe(drawn, None, width, lead="  drawn: ")
        if not described or view.get("step") == "over":
            return []
        height = max(len(lines) for lines in described.values())
        lines: list[Text] = []
        if view.get("step") == "observatory" and drawn:
            lines = described[("drawn", 0)]
        elif self.show_cursor:
            cell = self.card_at(*self.cursor)
            if cell is not None:
                lines = described[(self.cursor[0], cell[0])]
        return lines + [Text("")] * (height - len(lines))

    def describe(self, key: str, price: int | None, width: int, lead: str = "▸ ",
                 priced: bool = False) -> list[Text]:
        """'▸ Fur Shop (trading, T) 10→4₽ · +3₽ +2★ each worker phase · replaces a Fur Trapper
        or Czar and Carpenter', broken between its parts where it does not fit; without the
        letter (T) when that saves a line. `priced`: `price` is the display's price for the
        player to act (None: a trading card with nothing to replace); otherwise the printed
        price is shown."""
        lines = self.describe_lines(key, price, width, lead, priced, letter=True)
        shorter = self.describe_lines(key, price, width, lead, priced, letter=False)
        return shorter if len(shorter) < len(lines) else lines

    def describe_lines(self, key: str, price: int | None, width: int, lead: str, priced: bool,
                       letter: bool) -> list[Text]:
        card = CARDS[key]
        head = Text(lead, style="bold")
        head.append(card.name, style=f"bold {card_style(key)}")
        head.append(f" ({card.deck}, {card_letter(key)}) " if letter else f" ({card.deck}) ")
        if priced and price is not None and price < card.price:
            head.append(f"{card.price}→{price}₽", style="bold")
        else:
            head.append(f"{card.price}₽", style="bold")
        taxman = (self.view.get("options") or {}).get("taxman_phase", "aristocrat")
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

    def special_line(self) -> Text | None:
        view = self.view
        step = view.get("step")
        active = view.get("active")
        if step == "observatory" and view.get("observatory_card"):
            key = view["observatory_card"]
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
        if step == "pub" and view.get("pub"):
            pub = view["pub"]
            seat = pub["seat"]
            text = Text(" Pub: ", style="bold")
            text.append_text(theme.seat_label(seat, self.seat_names[seat]))
            text.append(f" may buy up to {pub['max_points']} ★ at 2 ₽ each  → pick from the list",
                        style="bold")
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
        if self.card_at(row, column) is None:
            return
        self.cursor = (row, column)
        self.refresh()
        screen = self.screen
        if isinstance(screen, StPetersburgScreen):
            screen.card_menu()


class StPetersburgScreen(GameScreen):
    BINDINGS = [
        Binding("left", "cursor(-1, 0)", "card", show=False),
        Binding("right", "cursor(1, 0)", "card", show=False),
        Binding("up", "cursor(0, -1)", "card", show=False),
        Binding("down", "cursor(0, 1)", "card", show=False),
        Binding("enter", "buy", "buy"),
        Binding("h", "take", "take"),
        Binding("p", "play_hand", "play"),
        Binding("o", "observatory", "observatory"),
        Binding("d", "discard", "discard", show=False),
    ]
    # The footer is keys_hint's; this is the full set, for reference.
    KEYS_HINT = ("←→↑↓ card  Enter buy  h take  p play  o obs  Space pass  u undo  i tableaus  "
                 "? help  q quit")
    DETAILS_KEY = "i tableaus"
    KEYS_HELP = """
- **← → ↑ ↓**: move the cursor over the cards of the display
- **Enter**: buy the card under the cursor (a trading card asks which card it replaces)
- **h**: take the card under the cursor into your hand
- **p**: play a card from your hand (asks which)
- **o**: use an Observatory (building phase; asks which stack)
- After an Observatory draw: **Enter** buy it · **h** take it into your hand · **d** discard it
- **Space**: pass
- **1–9, 0**: pick from the action list (every move is there); a group asks which
- **Click** a card: what you can do with it
- **u**: take back your last move and the bot moves after it, while no other person has acted
  and nothing new was revealed
- **i**: every player's tableau: their cards by colour with full names, what each colour pays at
  its scoring, the aristocrat bonus, points, hand size and start markers (your own hand and money
  too; nobody else's)
- **l**: the whole log · **?**: this help · **q**: quit (the game is saved after every move)

The footer shows only the keys that do something now: **p** when you can play a card from your
hand, **o** when you can use an Observatory, **u** when you can take a move back.

The line under the stacks says what the card under the cursor gives: its income and the
scoring that pays it, its power, and for a trading card what it must replace.

On the board: W workers (green), B buildings (blue), A aristocrats (orange), T trading cards
(their face colour). Prices are for the player to act, discounts applied: **5→4₽** means printed 5,
you pay 4; **\\*** marks a trading card, priced with the cheapest card it could replace; **—** means
it has nothing to replace. The underlined stack deals next; "start" shows who holds each phase's
start marker.
"""

    GROUP_LABELS = {
        "buy": "Buy a card",
        "take": "Take a card into your hand",
        "play": "Play a card from your hand",
        "observatory": "Use the Observatory",
        "observatory_buy": "Buy the drawn card",
        "pub": "Buy points at the Pub",
    }

    def make_board(self) -> Widget:
        return DisplayBoard()

    @property
    def board(self) -> DisplayBoard:
        return self.query_one(DisplayBoard)

    # -- hooks ---------------------------------------------------------------------------------
    def header_text(self, view: dict) -> Text:
        text = Text(f" {self.table.game.title}", style="bold")
        text.append(f" · round {view.get('round')} · ")
        phase = str(view.get("phase", ""))
        text.append(phase.upper(), style="bold")
        step = view.get("step")
        if step == "pub":
            text.append(" · Pub")
        elif step == "observatory":
            text.append(" · Observatory")
        return text

    def group_label(self, kind: str, actions: list[Action]) -> str:
        if len(actions) == 1 and kind not in ("buy", "take", "play"):
            return actions[0].describe()
        return self.GROUP_LABELS.get(kind, actions[0].describe())

    def choice_title(self, kind: str, actions: list[Action]) -> str:
        return self.GROUP_LABELS.get(kind, "Choose") + ": which?"

    def player_rows(self, view: dict) -> list[Text]:
        rows = []
        width = self.size.width or 80
        height = self.size.height or 24
        players = view.get("players", [])
        # A second line per player for long play areas, when the screen has the rows for it.
        two_lines_ok = 2 * len(players) <= height - 18
        for seat, player in enumerate(players):
            row = self.player_prefix(seat)
            row.append(f" ★{player['points']:>3}")
            rubles = player.get("rubles")
            row.append(f" {rubles:>3}₽" if rubles is not None else "   ?₽")
            hand = player.get("hand")
            if hand is not None and seat != self.viewer:
                row.append(" hand:" + (",".join(CARDS[k].short for k in hand) or "—"))
            else:
                row.append(f" hand {player['hand_count']}/{player['hand_limit']}")
            row.append(" ")
            full = self.play_area_text(player, compact=False)
            if row.cell_len + full.cell_len <= width - 1:
                row.append_text(full)
                rows.append(row)
                continue
            indent = 4
            if two_lines_ok and indent + full.cell_len <= width - 1:
                rows.append(row)
                second = Text(" " * indent)
                second.append_text(full)
                rows.append(second)
                continue
            row.append_text(self.play_area_text(player, compact=True))
            row.truncate(width - 1, overflow="ellipsis")
            rows.append(row)
        return rows

    def play_area_text(self, player: dict, compact: bool) -> Text:
        groups: dict[str, list[dict]] = {"green": [], "blue": [], "orange": []}
        for item in player.get("play_area", []):
            groups[CARDS[item["card"]].face].append(item)
        text = Text()
        first = True
        for face, items in groups.items():
            if not items:
                continue
            if not first:
                text.append(" │ ", style="dim")
            first = False
            letter = FACE_LETTER[face]
            style = FACE_STYLE[face]
            rubles, points = player.get("income", {}).get(PHASE_OF_FACE[face], [0, 0])
            if compact:
                text.append(f"{letter}{len(items)}", style=f"bold {style}")
            else:
                text.append(letter, style=f"bold {style}")
                counts: dict[str, int] = {}
                used: set[str] = set()
                for item in items:
                    counts[item["card"]] = counts.get(item["card"], 0) + 1
                    if item.get("used"):
                        used.add(item["card"])
                for key, count in counts.items():
                    name = CARDS[key].short + ("°" if key in used else "")
                    text.append(f" {name}" + (f"×{count}" if count > 1 else ""), style=style)
            text.append(f" {income_text(rubles, points)}")
        if first:
            text.append("no cards yet", style="dim")
        return text

    def private_note(self, view: dict) -> Text | None:
        seat = self.viewer
        players = view.get("players", [])
        if seat is None or seat >= len(players):
            return None
        me = players[seat]
        text = Text()
        text.append_text(theme.seat_label(seat, self.table.name(seat)))
        if me.get("rubles") is not None:
            text.append(f" {me['rubles']} ₽", style="bold")
        hand = me.get("hand") or []
        text.append(" · hand: ")
        text.append(", ".join(CARDS[k].short for k in hand) if hand else "empty")
        if view.get("step") != "over":  # the end shows everybody's money and hand
            text.append(" (only you see this)", style="dim")
        return text

    # A choice list's line holds this many cells beside its "1 " (a 70-wide dialog, less its
    # border, padding and a scrollbar when the list scrolls).
    CHOICE_WIDTH = 62

    def action_label(self, action: Action) -> str | Text:
        """The move, then what its card gives: on the same line when both fit, else below it."""
        card = getattr(action, "card", None)
        if not isinstance(action, (Buy, TakeToHand, Play, ObservatoryBuy, ObservatoryToHand)) or (
                card not in CARDS):
            return action.describe()
        text = Text(action.describe())
        gives = card_gives(card, (self.view.get("options") or {}).get("taxman_phase", "aristocrat"))
        if text.cell_len + 3 + len(gives) <= self.CHOICE_WIDTH:
            text.append(" — ", style="dim")
        else:
            text.append("\n  ")
        text.append(gives, style=card_style(card))
        return text

    def keys_hint(self, view: dict) -> str:
        """Only the keys that do something now (p, o, u only when legal or possible)."""
        undo = "u undo" if self.table.undo_count(self.viewer) else ""
        tail = [self.DETAILS_KEY, "? help", "q quit"]
        if self.table.is_over():
            items = ["g results", self.DETAILS_KEY, "l log", "? help", "q quit"]
        elif not self.my_turn:
            items = [undo, self.DETAILS_KEY, "l log", "? help", "q quit"]
        elif view.get("step") == "observatory":
            items = ["Enter buy" if self.actions_of("observatory_buy") else "",
                     "h hand" if self.actions_of("observatory_hand") else "",
                     "d discard" if self.actions_of("observatory_discard") else "",
                     undo] + tail
        elif view.get("step") == "pub":
            number = next((i + 1 for i, g in enumerate(self.groups) if g.key == "pub"), 1)
            items = [f"{number} buy points (2 ₽ per ★)", undo] + tail
        else:
            items = ["←→↑↓ card", "Enter buy", "h take",
                     "p play" if self.actions_of("play") else "",
                     "o obs" if self.actions_of("observatory") else "",
                     "Space pass" if self.actions_of(*self.PASS_KINDS) else "",
                     undo] + tail
        return "  ".join(item for item in items if item)

    # -- details (i) ---------------------------------------------------------------------------
    def details(self, view: dict) -> tuple[str | Text, RenderableType]:
        """Every player's tableau: public facts, plus the viewer's own hand and money."""
        title = Text("All players' tableaus", style="bold")
        title.append(f" · round {view.get('round')} · {str(view.get('phase', '')).upper()}")
        parts: list[RenderableType] = []
        for seat, player in enumerate(view.get("players", [])):
            if seat:
                parts.append(Text(""))
            parts += self.player_details(view, seat, player)
        parts.append(Text(""))
        legend = ("pays: what that colour's scoring would give now (workers in the worker phase, "
                  "buildings in the building phase, aristocrats in the aristocrat phase); trading "
                  "cards count with their colour. Aristocrat bonus at the end, for 1–10 different: "
                  + " ".join(str(b) for b in ARISTOCRAT_BONUS[1:]) + " ★. "
                  "Each card left in hand at the end costs 5 ★.")
        parts.append(Text(legend, style="dim"))
        return title, Group(*parts)

    def player_details(self, view: dict, seat: int, player: dict) -> list[RenderableType]:
        options = view.get("options") or {}
        mine = seat == self.viewer
        head = Text()
        head.append_text(theme.seat_label(seat, self.table.name(seat)))
        if mine:
            head.append(" (you)")
        if self.table.is_bot(seat):
            head.append(" (bot)", style="dim")
        head.append(f"  ★ {player['points']}", style="bold")
        head.append(f" · hand {player['hand_count']}/{player['hand_limit']}")
        markers = player.get("markers") or []
        if markers:
            head.append(" · start marker" + ("s" if len(markers) > 1 else "") + ": "
                        + ", ".join(PHASE_TITLE[m] for m in markers))
        out: list[RenderableType] = [head]
        # Money and hand: the view has them for the viewer, and for everyone when they are open.
        rubles, hand = player.get("rubles"), player.get("hand")
        if rubles is not None or hand is not None:
            line = Text("   ")
            if rubles is not None:
                line.append(f"{rubles} ₽", style="bold")
                line.append(" · " if hand is not None else "")
            if hand is not None:
                line.append("hand: " + (", ".join(CARDS[k].name for k in hand) if hand else "empty"))
            secret = "off" in (options.get("open_money", "off"), options.get("open_hands", "off"))
            if mine and secret and view.get("step") != "over":
                line.append(" (only you see this)", style="dim")
            out.append(line)
        grid = RichTable.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, width=15)  # "  A Aristocrats"
        grid.add_column(no_wrap=True, width=13)  # "pays 12 ₽ 4 ★"
        grid.add_column(ratio=1)
        area = player.get("play_area", [])
        faces = {face: [item for item in area if CARDS[item["card"]].face == face]
                 for face in ("green", "blue", "orange")}
        taxman_phase = "worker" if options.get("taxman_phase") == "worker" else "aristocrat"
        for face, items in faces.items():
            phase = PHASE_OF_FACE[face]
            style = FACE_STYLE[face]
            label = Text(f"  {FACE_LETTER[face]} ", style=f"bold {style}")
            label.append(FACE_TITLE[face], style=style)
            cards = self.cards_text(items)
            notes = []
            keys = [item["card"] for item in area]
            if face == "blue" and "mariinskij_theater" in keys:
                n = sum(1 for k in keys if CARDS[k].face == "orange")
                notes.append(f"Mariinskij Theater +{n} ₽ for {n} orange card{'s' if n != 1 else ''}")
            if phase == taxman_phase and "tax_man" in keys:
                n = sum(1 for k in keys if CARDS[k].face == "green")
                notes.append(f"Tax Man +{n} ₽ for {n} green card{'s' if n != 1 else ''}")
            used = sum(1 for item in items if item.get("used"))
            if face == "blue" and used:
                notes.append(f"Observatory used this round: −{used} ★")
            if notes:
                cards.append(" (" + "; ".join(notes) + ")", style="italic")
            rubles_, points_ = (player.get("income") or {}).get(phase, [0, 0])
            pays = Text("pays ")
            if rubles_ or points_:
                pays.append(" ".join(p for p in (f"{rubles_} ₽" if rubles_ else "",
                                                   f"{points_} ★" if points_ else "") if p),
                            style="bold")
            else:
                pays.append("nothing", style="dim")
            grid.add_row(label, pays, cards)
        kinds = len({item["card"] for item in faces["orange"]})
        bonus = Text("bonus ")
        bonus.append(f"{aristocrat_bonus(kinds)} ★", style="bold")
        why = Text(f"{kinds} different aristocrat{'s' if kinds != 1 else ''} now")
        if kinds < 10:
            why.append(f" (with {kinds + 1}: {aristocrat_bonus(kinds + 1)} ★)", style="dim")
        grid.add_row(Text(""), bonus, why)
        out.append(grid)
        return out

    @staticmethod
    def cards_text(items: list[dict]) -> Text:
        """'Lumberjack ×2, Gold Miner · trading: Weaving Mill' in table order."""
        counts: dict[str, int] = {}
        for item in items:
            counts[item["card"]] = counts.get(item["card"], 0) + 1
        used: dict[str, int] = {}
        for item in items:
            if item.get("used"):
                used[item["card"]] = used.get(item["card"], 0) + 1
        plain = [k for k in sorted(counts, key=CARD_ORDER.get) if not CARDS[k].is_trading]
        trading = [k for k in sorted(counts, key=CARD_ORDER.get) if CARDS[k].is_trading]
        text = Text()

        def name(key: str) -> str:
            label = CARDS[key].name + (f" ×{counts[key]}" if counts[key] > 1 else "")
            if key in used:
                label += " (used)" if used[key] == counts[key] == 1 else f" ({used[key]} used)"
            return label

        text.append(", ".join(name(k) for k in plain))
        if trading:
            text.append(" · " if plain else "")
            text.append("trading: ", style="dim")
            text.append(", ".join(name(k) for k in trading))
        if not counts:
            text.append("none", style="dim")
        return text

    # -- keys ----------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        self.board.move(dx, dy)

    def under_cursor(self) -> tuple[str, int, str] | None:
        board = self.board
        row, column = board.cursor
        cell = board.card_at(row, column)
        if cell is None:
            return None
        return row, cell[0], cell[1]

    def action_buy(self) -> None:
        if self.not_your_turn():
            return
        step = self.view.get("step")
        if step == "observatory":
            buys = self.actions_of("observatory_buy")
            if not buys:
                card = self.view.get("observatory_card")
                if card in CARDS:
                    self.play(ObservatoryBuy(card, self.hand_price(card)))
                else:
                    self.say("There is no drawn card to buy.", error=True)
                return
            self.choose_and_play(buys, "Buy the drawn card: replacing which card?")
            return
        target = self.display_target(step)
        if target is None:
            return
        row, index, key = target
        buys = [a for a in self.legal if isinstance(a, Buy) and a.row == row and a.index == index]
        if buys:
            self.choose_and_play(buys, f"Buy {CARDS[key].name}: replacing which card?")
            return
        # Not legal: let the rules say why, in their words.
        self.play(self.refused_buy(row, index, key))

    def refused_buy(self, row: str, index: int, key: str) -> Buy:
        """The Buy to send for a display card that cannot be bought, for the rules' reason. A
        trading card goes without the card it would replace, so that the rules name what blocks
        it: nothing to replace, or the price of the cheapest replacement."""
        prices = (self.view.get("prices") or {}).get(row, [])
        price = prices[index] if index < len(prices) and prices[index] is not None else CARDS[key].price
        return Buy(row, index, key, price)

    def action_take(self) -> None:
        if self.not_your_turn():
            return
        step = self.view.get("step")
        if step == "observatory":
            takes = self.actions_of("observatory_hand")
            if takes:
                self.play(takes[0])
            else:
                card = self.view.get("observatory_card") or ""
                self.play(ObservatoryToHand(card))
            return
        target = self.display_target(step)
        if target is None:
            return
        self.play(TakeToHand(*target))

    def display_target(self, step: str | None) -> tuple[str, int, str] | None:
        """The display card under the cursor for a Buy or Take, or None after saying why not."""
        if step != "actions":
            self.say("Choose from the action list.", error=True)
            return None
        target = self.under_cursor()
        if target is None:
            self.say("There is no card under the cursor.", error=True)
        return target

    def action_play_hand(self) -> None:
        if self.not_your_turn():
            return
        plays = self.actions_of("play")
        if plays:
            self.choose_and_play(plays, "Play which card from your hand?")
            return
        hand = self.me().get("hand")
        if not hand:
            self.say("Your hand is empty.", error=True)
        elif self.view.get("step") != "actions":
            self.say("You cannot play from your hand now: choose from the action list.", error=True)
        else:
            # Each card in hand is blocked by something of its own: the rules name each.
            reasons = []
            for key in dict.fromkeys(hand):
                reason = self.app.human_play(Play(key, self.hand_price(key)))
                if reason is None:
                    return  # cannot happen (no Play was legal), but then it was played
                reasons.append(reason)
            self.say(" ".join(reasons), error=True)

    def me(self) -> dict:
        """The viewer's entry in the view's players (their own money and hand are in it)."""
        players = self.view.get("players") or []
        seat = self.viewer
        return players[seat] if seat is not None and 0 <= seat < len(players) else {}

    def hand_price(self, key: str) -> int:
        """What the viewer pays for a card not on the display (from the hand, or drawn with the
        Observatory): from their play area, which is public. A trading card: its printed price,
        as it goes without a card to replace (the rules then name what blocks it)."""
        if CARDS[key].is_trading:
            return CARDS[key].price
        return card_price(key, [item["card"] for item in self.me().get("play_area", [])])

    def action_observatory(self) -> None:
        if self.not_your_turn():
            return
        uses = self.actions_of("observatory")
        if uses:
            self.choose_and_play(uses, "Observatory: draw from which stack?")
            return
        observatories = [item for item in self.me().get("play_area", []) if item["card"] == "observatory"]
        if (self.view.get("step") != "actions" or self.view.get("phase") != "building"
                or all(item.get("used") for item in observatories)):
            # no Observatory, the wrong phase or step, or all used: the rules say which
            self.play(UseObservatory("building"))
        else:
            self.say("No stack has 2 cards left for the Observatory to draw from.", error=True)

    def action_discard(self) -> None:
        if self.not_your_turn():
            return
        discards = self.actions_of("observatory_discard")
        if discards:
            self.play(discards[0])
        else:
            self.say("There is no drawn card to discard.", error=True)

    def card_menu(self) -> None:
        """A click on a card: what can be done with it."""
        if self.not_your_turn():
            return
        target = self.under_cursor()
        if target is None:
            return
        row, index, key = target
        options = [a for a in self.legal if isinstance(a, (Buy, TakeToHand))
                   and a.row == row and a.index == index]
        if not options:
            # Neither move is legal, so neither is made: the rules say what blocks each.
            reasons = [self.app.human_play(self.refused_buy(row, index, key)),
                       self.app.human_play(TakeToHand(row, index, key))]
            self.say(" ".join(reason for reason in reasons if reason), error=True)
            return
        self.choose_and_play(options, CARDS[key].name)
