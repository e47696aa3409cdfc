"""St. Petersburg's screen: the frame's hooks (header, player rows, details, choice labels), the
scene the board is shown, and the keys' actions. The board itself is board.py, the keys keys.py.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, cast

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from ....play.table import Table
from ....rules.core import Action
from ....rules.st_petersburg.actions import (
    Buy,
    ObservatoryBuy,
    ObservatoryToHand,
    Play,
    TakeToHand,
    UseObservatory,
)
from ....rules.st_petersburg.data import CARDS, PHASE_OF_FACE, ROWS, card_gives
from ....rules.st_petersburg.state import card_price
from ....rules.st_petersburg.view import PlayAreaCard, StPetersburgPlayer, StPetersburgView
from ... import theme
from ...boardkit import PLACE, Target, TargetCursor
from ...requests import host
from ...screens.game import GameScreen
from .board import DisplayBoard
from .details import details
from .keys import HELP_NOTES, KEYMAP, Asked
from .layout import COLUMNS, Cell, Layout, card_at, cell_of
from .places import available, cell_marked, faces_marked, place_of
from .scene import Scene
from .signs import DRAWN_KEYS, FACE_LETTER, FACE_STYLE, card_style, income_text


def display_targets(view: StPetersburgView, legal: Sequence[Action], layout: Layout) -> list[Target]:
    """Every card of the display, with the viewer's legal Buy and Take of it, at its cell's middle
    on the board as `layout` draws it."""
    moves: dict[tuple[str, int], list[Buy | TakeToHand]] = {}
    for action in legal:
        if isinstance(action, (Buy, TakeToHand)):
            moves.setdefault((action.row, action.index), []).append(action)
    out = []
    for y, row in enumerate(ROWS):
        for column in range(COLUMNS):
            cell = card_at(view, row, column)
            if cell is not None:
                x, line = layout.cell_middle(y, column)
                out.append(Target((row, column), x, line, tuple(moves.get((row, cell[0]), ()))))
    return out


class StPetersburgScreen(GameScreen[StPetersburgView]):
    KEYMAP = KEYMAP
    HELP_NOTES = HELP_NOTES

    GROUP_LABELS = {
        "buy": "Buy a card",
        "take": "Take a card into your hand",
        "play": "Play a card from your hand",
        "observatory": "Use the Observatory",
        "observatory_buy": "Buy the drawn card",
        "pub": "Buy points at the Pub",
    }

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        # The cursor over the display's cards lives here, not in the widget: keys and footer read
        # it on a screen that has not been drawn.
        self.cursor = TargetCursor()
        self.show_cursor = False

    def read_table(self) -> StPetersburgView | None:
        view = super().read_table()
        if view is None:
            return None
        self.show_cursor = self.my_turn and view.step == "actions"
        self.cursor.set_targets(display_targets(view, self.legal, Layout(*self.terminal_size())))
        return view

    # -- the scene ------------------------------------------------------------------------------
    def make_board(self) -> Widget:
        return DisplayBoard()

    @property
    def board(self) -> DisplayBoard:
        return self.query_one(DisplayBoard)

    def scene(self) -> Scene:
        view = self.view
        return Scene(
            view=view,
            viewer=self.viewer,
            place=cell_of(self.cursor.place),
            show_cursor=self.show_cursor,
            prices_for=view.active,
            names=tuple(seat.name for seat in self.table.seats),
            drawn_moves=frozenset(kind for _, kind in DRAWN_KEYS if self.actions_of(kind)),
            marked=frozenset(self.marked_places),
        )

    # -- walkthrough places --------------------------------------------------------------------
    def lesson_places(self) -> frozenset[str]:
        """The display's cells, rows and cards, the line under it, each player's row and its
        parts (the names: places.py)."""
        return available(self.view, [self.table.name(seat) for seat in range(len(self.view.players))])

    def mark_parts(self, parts: Collection[str], places: Iterable[str] = ()) -> None:
        """As the frame does; and the cursor goes to the first card the step marks, so that the
        cursor (also in reverse video) is never the odd one out among the marks, and Enter takes
        the card the caption names."""
        super().mark_parts(parts, places)
        if self.cursor_to_marks():
            self.redraw_board()

    def cursor_to_marks(self) -> bool:
        """Put the cursor on the first marked display card unless it is on a marked cell already;
        whether it moved."""
        marks = self.marked_places
        if not marks:
            return False
        marked: list[Cell] = []
        for target in self.cursor.targets:  # the display's cards, in reading order
            place = cast(Cell, target.place)  # display_targets makes every target with a Cell
            row, column = place
            cell = card_at(self.view, row, column)
            if cell is not None and cell_marked(marks, row, column, cell[1]):
                marked.append(place)
        here = cell_of(self.cursor.place)
        if not marked or here in marked or (here is not None and cell_marked(marks, *here, None)):
            return False
        return self.cursor.put(marked[0])

    def mark_part(self, text: Text, seat: int, part: str, start: int) -> None:
        """Reverse what was appended to `text` since `start` (less its spaces around) when a step
        marks that part of the player's row."""
        if self.marked_places and place_of(self.table.name(seat), part) in self.marked_places:
            plain = text.plain
            end = len(plain.rstrip())
            while start < end and plain[start] == " ":
                start += 1
            text.stylize(PLACE, start, end)

    # -- hooks ---------------------------------------------------------------------------------
    def header_text(self, view: StPetersburgView) -> Text:
        text = Text(f" {self.table.game.title}", style="bold")
        text.append(f" · round {view.round} · ")
        text.append(view.phase.upper(), style="bold")
        step = view.step
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

    def player_rows(self, view: StPetersburgView) -> list[Text]:
        rows = []
        width, height = self.terminal_size()
        players = view.players
        # A second line per player for long play areas, when the screen has the rows for it.
        two_lines_ok = 2 * len(players) <= height - 18
        for seat, player in enumerate(players):
            row = self.row_start(seat, player, listed=True)
            if row.cell_len + self.play_area_text(player, compact=True, income=False).cell_len > width - 1:
                row = self.row_start(seat, player, listed=False)  # the cards in hand are in `i`
            marked = faces_marked(self.marked_places, self.table.name(seat))
            full = self.play_area_text(player, compact=False, marked=marked)
            if row.cell_len + full.cell_len <= width - 1:
                row.append_text(full)
                self.mark_part(row, seat, "row", 0)
                rows.append(row)
                continue
            indent = 4
            if two_lines_ok and indent + full.cell_len <= width - 1:
                rows.append(row)
                second = Text(" " * indent)
                second.append_text(full)
                self.mark_part(row, seat, "row", 0)
                self.mark_part(second, seat, "row", 0)
                rows.append(second)
                continue
            # Shorter, never cut: each colour's count with its income, on this line or the next;
            # failing both, the counts alone (the income is in `i`).
            compact = self.play_area_text(player, compact=True, marked=marked)
            if row.cell_len + compact.cell_len > width - 1 and two_lines_ok:
                rows.append(row)
                row = Text(" " * indent)
            if row.cell_len + compact.cell_len > width - 1:
                compact = self.play_area_text(player, compact=True, marked=marked, income=False)
            row.append_text(compact)
            self.mark_part(row, seat, "row", 0)
            rows.append(row)
        return rows

    def row_start(self, seat: int, player: StPetersburgPlayer, listed: bool) -> Text:
        """A player row up to the play area: points, rubles, and the hand (its cards, where they
        may be seen and `listed`, else how many)."""
        row = self.player_prefix(seat)
        start = len(row)
        row.append(f" ★{player.points:>3}")
        self.mark_part(row, seat, "points", start)
        rubles = player.rubles
        start = len(row)
        row.append(f" {rubles:>3}₽" if rubles is not None else "   ?₽")
        self.mark_part(row, seat, "rubles", start)
        hand = player.hand
        start = len(row)
        if hand is not None and seat != self.viewer and listed:
            row.append(" hand:" + (",".join(CARDS[k].short for k in hand) or "—"))
        else:
            row.append(f" hand {player.hand_count}/{player.hand_limit}")
        self.mark_part(row, seat, "hand", start)
        row.append(" ")
        return row

    def play_area_text(
        self,
        player: StPetersburgPlayer,
        compact: bool,
        marked: frozenset[str] = frozenset(),
        income: bool = True,
    ) -> Text:
        """The cards in front of a player by colour (with what each colour pays, unless not
        `income`); the groups in `marked` (faces, or "all" for every group) in reverse video, for
        a walkthrough step that names them."""
        groups: dict[str, list[PlayAreaCard]] = {"green": [], "blue": [], "orange": []}
        for item in player.play_area:
            groups[CARDS[item.card].face].append(item)
        text = Text()
        first = True
        for face, items in groups.items():
            if not items:
                continue
            if not first:
                text.append(" │ ", style="dim")
            first = False
            start = len(text)
            letter = FACE_LETTER[face]
            style = FACE_STYLE[face]
            rubles, points = player.income.at(PHASE_OF_FACE[face])
            if compact:
                text.append(f"{letter}{len(items)}", style=f"bold {style}")
            else:
                text.append(letter, style=f"bold {style}")
                counts: dict[str, int] = {}
                used: set[str] = set()
                for item in items:
                    counts[item.card] = counts.get(item.card, 0) + 1
                    if item.used:
                        used.add(item.card)
                for key, count in counts.items():
                    name = CARDS[key].short + ("°" if key in used else "")
                    text.append(f" {name}" + (f"×{count}" if count > 1 else ""), style=style)
            if income:
                text.append(f" {income_text(rubles, points)}")
            if face in marked:
                text.stylize(PLACE, start, len(text))
        if first:
            text.append("no cards yet", style="dim")
        if "all" in marked:
            text.stylize(PLACE)
        return text

    def private_note(self, view: StPetersburgView) -> Text | None:
        seat = self.viewer
        players = view.players
        if seat is None or seat >= len(players):
            return None
        me = players[seat]
        text = Text()
        text.append_text(theme.seat_label(seat, self.table.name(seat)))
        if me.rubles is not None:
            text.append(f" {me.rubles} ₽", style="bold")
        hand = me.hand or ()
        text.append(" · hand: ")
        text.append(", ".join(CARDS[k].short for k in hand) if hand else "empty")
        if view.step != "over":  # the end shows everybody's money and hand
            text.append(" (only you see this)", style="dim")
        return text

    # A choice list's line holds this many cells beside its "1 " (a 70-wide dialog, less its
    # border, padding and a scrollbar when the list scrolls).
    CHOICE_WIDTH = 62

    def action_label(self, action: Action) -> str | Text:
        """The move, then what its card gives: on the same line when both fit, else below it."""
        card = getattr(action, "card", None)
        if not isinstance(action, (Buy, TakeToHand, Play, ObservatoryBuy, ObservatoryToHand)) or (
            card not in CARDS
        ):
            return action.describe()
        text = Text(action.describe())
        gives = card_gives(card, self.view.options.taxman_phase)
        if text.cell_len + 3 + len(gives) <= self.CHOICE_WIDTH:
            text.append(" — ", style="dim")
        else:
            text.append("\n  ")
        text.append(gives, style=card_style(card))
        return text

    # -- details (i) ---------------------------------------------------------------------------
    def details(self, view: StPetersburgView) -> tuple[str | Text, RenderableType]:
        bots = {
            seat: self.table.bot_tag(seat) for seat in range(len(view.players)) if self.table.is_bot(seat)
        }
        return details(view, self.viewer, bots)

    # -- keys ----------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        self.cursor.move(dx, dy)
        self.redraw_board()  # Enter and h in the footer follow the card under the cursor

    def action_jump(self, delta: int) -> None:
        self.cursor.next(delta)
        self.redraw_board()

    def under_cursor(self) -> tuple[str, int, str] | None:
        place = cell_of(self.cursor.place)
        if place is None:
            return None
        row, column = place
        cell = card_at(self.view, row, column)
        if cell is None:
            return None
        return row, cell[0], cell[1]

    def action_buy(self) -> None:
        if self.not_your_turn():
            return
        step = self.view.step
        if step == "observatory":
            buys = self.actions_of("observatory_buy")
            if not buys:
                card = self.view.observatory_card
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
        prices = self.view.prices.row(row)
        price = prices[index] if index < len(prices) else None
        if price is None:
            price = CARDS[key].price
        return Buy(row, index, key, price)

    def action_take(self) -> None:
        if self.not_your_turn():
            return
        step = self.view.step
        if step == "observatory":
            takes = self.actions_of("observatory_hand")
            if takes:
                self.play(takes[0])
            else:
                card = self.view.observatory_card or ""
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
        me = self.me()
        hand = me.hand if me is not None else None
        if not hand:
            self.say("Your hand is empty.", error=True)
        elif self.view.step != "actions":
            self.say("You cannot play from your hand now: choose from the action list.", error=True)
        else:
            # Each card in hand is blocked by something of its own: the rules name each.
            reasons = []
            for key in dict.fromkeys(hand):
                reason = host(self).human_play(Play(key, self.hand_price(key)))
                if reason is None:
                    return  # cannot happen (no Play was legal), but then it was played
                reasons.append(reason)
            self.say(" ".join(reasons), error=True)

    def me(self) -> StPetersburgPlayer | None:
        """The viewer's entry in the view's players (their own money and hand are in it)."""
        players = self.view.players
        seat = self.viewer
        return players[seat] if seat is not None and 0 <= seat < len(players) else None

    def my_play_area(self) -> tuple[PlayAreaCard, ...]:
        me = self.me()
        return me.play_area if me is not None else ()

    def hand_price(self, key: str) -> int:
        """What the viewer pays for a card not on the display (from the hand, or drawn with the
        Observatory): from their play area, which is public. A trading card: its printed price,
        as it goes without a card to replace (the rules then name what blocks it)."""
        if CARDS[key].is_trading:
            return CARDS[key].price
        return card_price(key, [item.card for item in self.my_play_area()])

    def action_observatory(self) -> None:
        if self.not_your_turn():
            return
        uses = self.actions_of("observatory")
        if uses:
            self.choose_and_play(uses, "Observatory: draw from which stack?")
            return
        observatories = [item for item in self.my_play_area() if item.card == "observatory"]
        if (
            self.view.step != "actions"
            or self.view.phase != "building"
            or all(item.used for item in observatories)
        ):
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

    def board_cursor_actions(self) -> tuple[Action, ...]:
        """The viewer's legal moves on the card under the cursor (none while it is hidden)."""
        here = self.cursor.current
        return here.actions if here is not None and self.show_cursor else ()

    def moves_here(self, kind: type[Action]) -> list[Action]:
        return [a for a in self.board_cursor_actions() if isinstance(a, kind)]

    # -- the mouse -------------------------------------------------------------------------------
    def board_clicked(self, place: Hashable) -> None:
        """A click on a display cell puts the cursor there; on a card, it asks what to do with it."""
        if not self.cursor.put(place):
            return
        self.redraw_board()
        self.card_menu()

    def card_menu(self) -> None:
        """A click on a card: what can be done with it."""
        if self.not_your_turn():
            return
        target = self.under_cursor()
        if target is None:
            return
        row, index, key = target
        options = [
            a for a in self.legal if isinstance(a, (Buy, TakeToHand)) and a.row == row and a.index == index
        ]
        if not options:
            # Neither move is legal, so neither is made: the rules say what blocks each.
            reasons = [
                host(self).human_play(self.refused_buy(row, index, key)),
                host(self).human_play(TakeToHand(row, index, key)),
            ]
            self.say(" ".join(reason for reason in reasons if reason), error=True)
            return
        self.choose_and_play(options, CARDS[key].name)


if TYPE_CHECKING:
    # The keys reach the screen through Textual, untyped: here mypy holds the screen to what
    # they ask of it.
    _asked_by_keys: type[Asked] = StPetersburgScreen
