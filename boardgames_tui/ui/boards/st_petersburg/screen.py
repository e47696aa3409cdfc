"""St. Petersburg's screen: the frame's hooks (header, player rows, details, choice labels) and the
keys' actions. The board itself is display.py, the keys keys.py.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, cast

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
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
from ....rules.st_petersburg.data import (
    ARISTOCRAT_BONUS,
    CARD_ORDER,
    CARDS,
    PHASE_OF_FACE,
    ROWS,
    aristocrat_bonus,
    card_gives,
)
from ....rules.st_petersburg.state import card_price
from ....rules.st_petersburg.view import PlayAreaCard, StPetersburgPlayer, StPetersburgView
from ... import theme
from ...boardkit import PLACE, TargetCursor
from ...requests import host
from ...screens.game import GameScreen
from .display import (
    FACE_LETTER,
    FACE_STYLE,
    FACE_TITLE,
    NEXT_DEAL,
    PHASE_TITLE,
    ROW_PLACES,
    SLOT_PLACES,
    STACKS,
    START_MARKERS,
    Cell,
    DisplayBoard,
    Shown,
    card_at,
    card_style,
    cell_marked,
    cell_of,
    display_targets,
    income_text,
)
from .keys import HELP_NOTES, KEYMAP, Asked


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
        self.cursor.set_targets(display_targets(view, self.legal))
        return view

    def make_board(self) -> Widget:
        return DisplayBoard()

    @property
    def board(self) -> DisplayBoard:
        return self.query_one(DisplayBoard)

    # -- walkthrough places --------------------------------------------------------------------
    # A player's row's parts a step may mark: "Sam's points", "Sam's workers"… (place_of).
    ROW_PARTS = ("row", "points", "rubles", "hand", "tableau")

    def place_of(self, seat: int, part: str) -> str:
        """A part of a player's row as a walkthrough names it: "Sam's hand", "Sam's workers"."""
        return f"{self.table.name(seat)}'s {part}"

    def lesson_places(self) -> frozenset[str]:
        """The display's cells by slot ("upper 1" … "lower 8", left to right as shown) and by row
        ("upper row"), each card on show by its name ("Market": every Market there), the line
        under the display ("stacks", "next deal", "start markers") and each player's row and its
        parts ("Sam's row", "Sam's points", "Sam's rubles", "Sam's hand", "Sam's tableau", and
        "Sam's workers", "Sam's buildings", "Sam's aristocrats" when Sam has some)."""
        view = self.view
        places = {*ROW_PLACES, *SLOT_PLACES, STACKS, START_MARKERS}
        if view.next_deal:
            places.add(NEXT_DEAL)
        for row in ROWS:
            places.update(CARDS[key].name for key in view.row(row))
        for seat, player in enumerate(view.players):
            places.update(self.place_of(seat, part) for part in self.ROW_PARTS)
            faces = {CARDS[item.card].face for item in player.play_area}
            places.update(self.place_of(seat, FACE_TITLE[face].lower()) for face in faces)
        return frozenset(places)

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

    def marked_faces(self, seat: int) -> frozenset[str]:
        """The groups of a player's tableau a step marks: faces, or "all" for the whole tableau."""
        marks = self.marked_places
        if not marks:
            return frozenset()
        out = {face for face, title in FACE_TITLE.items() if self.place_of(seat, title.lower()) in marks}
        if self.place_of(seat, "tableau") in marks:
            out.add("all")
        return frozenset(out)

    def mark_part(self, text: Text, seat: int, part: str, start: int) -> None:
        """Reverse what was appended to `text` since `start` (less its spaces around) when a step
        marks that part of the player's row."""
        if self.marked_places and self.place_of(seat, part) in self.marked_places:
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
        width = self.size.width or 80
        height = self.size.height or 24
        players = view.players
        # A second line per player for long play areas, when the screen has the rows for it.
        two_lines_ok = 2 * len(players) <= height - 18
        for seat, player in enumerate(players):
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
            if hand is not None and seat != self.viewer:
                row.append(" hand:" + (",".join(CARDS[k].short for k in hand) or "—"))
            else:
                row.append(f" hand {player.hand_count}/{player.hand_limit}")
            self.mark_part(row, seat, "hand", start)
            row.append(" ")
            marked = self.marked_faces(seat)
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
            row.append_text(self.play_area_text(player, compact=True, marked=marked))
            row.truncate(width - 1, overflow="ellipsis")
            self.mark_part(row, seat, "row", 0)
            rows.append(row)
        return rows

    def play_area_text(
        self, player: StPetersburgPlayer, compact: bool, marked: frozenset[str] = frozenset()
    ) -> Text:
        """The cards in front of a player by colour; the groups in `marked` (faces, or "all" for
        every group) in reverse video, for a walkthrough step that names them."""
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
        """Every player's tableau: public facts, plus the viewer's own hand and money."""
        title = Text("All players' tableaus", style="bold")
        title.append(f" · round {view.round} · {view.phase.upper()}")
        parts: list[RenderableType] = []
        for seat, player in enumerate(view.players):
            if seat:
                parts.append(Text(""))
            parts += self.player_details(view, seat, player)
        parts.append(Text(""))
        legend = (
            "pays: what that colour's scoring would give now (workers in the worker phase, "
            "buildings in the building phase, aristocrats in the aristocrat phase); trading "
            "cards count with their colour. Aristocrat bonus at the end, for 1–10 different: "
            + " ".join(str(b) for b in ARISTOCRAT_BONUS[1:])
            + " ★. "
            "Each card left in hand at the end costs 5 ★."
        )
        parts.append(Text(legend, style="dim"))
        return title, Group(*parts)

    def player_details(
        self, view: StPetersburgView, seat: int, player: StPetersburgPlayer
    ) -> list[RenderableType]:
        options = view.options
        mine = seat == self.viewer
        head = Text()
        head.append_text(theme.seat_label(seat, self.table.name(seat)))
        if mine:
            head.append(" (you)")
        if self.table.is_bot(seat):
            head.append(f" {self.table.bot_tag(seat)}", style="dim")
        head.append(f"  ★ {player.points}", style="bold")
        head.append(f" · hand {player.hand_count}/{player.hand_limit}")
        markers = player.markers
        if markers:
            head.append(
                " · start marker"
                + ("s" if len(markers) > 1 else "")
                + ": "
                + ", ".join(PHASE_TITLE[m] for m in markers)
            )
        out: list[RenderableType] = [head]
        # Money and hand: the view has them for the viewer, and for everyone when they are open.
        rubles, hand = player.rubles, player.hand
        if rubles is not None or hand is not None:
            line = Text("   ")
            if rubles is not None:
                line.append(f"{rubles} ₽", style="bold")
                line.append(" · " if hand is not None else "")
            if hand is not None:
                line.append("hand: " + (", ".join(CARDS[k].name for k in hand) if hand else "empty"))
            secret = "off" in (options.open_money, options.open_hands)
            if mine and secret and view.step != "over":
                line.append(" (only you see this)", style="dim")
            out.append(line)
        grid = RichTable.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, width=15)  # "  A Aristocrats"
        grid.add_column(no_wrap=True, width=13)  # "pays 12 ₽ 4 ★"
        grid.add_column(ratio=1)
        area = player.play_area
        faces = {
            face: [item for item in area if CARDS[item.card].face == face]
            for face in ("green", "blue", "orange")
        }
        taxman_phase = "worker" if options.taxman_phase == "worker" else "aristocrat"
        for face, items in faces.items():
            phase = PHASE_OF_FACE[face]
            style = FACE_STYLE[face]
            label = Text(f"  {FACE_LETTER[face]} ", style=f"bold {style}")
            label.append(FACE_TITLE[face], style=style)
            cards = self.cards_text(items)
            notes = []
            keys = [item.card for item in area]
            if face == "blue" and "mariinskij_theater" in keys:
                n = sum(1 for k in keys if CARDS[k].face == "orange")
                notes.append(f"Mariinskij Theater +{n} ₽ for {n} orange card{'s' if n != 1 else ''}")
            if phase == taxman_phase and "tax_man" in keys:
                n = sum(1 for k in keys if CARDS[k].face == "green")
                notes.append(f"Tax Man +{n} ₽ for {n} green card{'s' if n != 1 else ''}")
            used = sum(1 for item in items if item.used)
            if face == "blue" and used:
                notes.append(f"Observatory used this round: −{used} ★")
            if notes:
                cards.append(" (" + "; ".join(notes) + ")", style="italic")
            rubles_, points_ = player.income.at(phase)
            pays = Text("pays ")
            if rubles_ or points_:
                pays.append(
                    " ".join(
                        p for p in (f"{rubles_} ₽" if rubles_ else "", f"{points_} ★" if points_ else "") if p
                    ),
                    style="bold",
                )
            else:
                pays.append("nothing", style="dim")
            grid.add_row(label, pays, cards)
        kinds = len({item.card for item in faces["orange"]})
        bonus = Text("bonus ")
        bonus.append(f"{aristocrat_bonus(kinds)} ★", style="bold")
        why = Text(f"{kinds} different aristocrat{'s' if kinds != 1 else ''} now")
        if kinds < 10:
            why.append(f" (with {kinds + 1}: {aristocrat_bonus(kinds + 1)} ★)", style="dim")
        grid.add_row(Text(""), bonus, why)
        out.append(grid)
        return out

    @staticmethod
    def cards_text(items: list[PlayAreaCard]) -> Text:
        """'Lumberjack ×2, Gold Miner · trading: Weaving Mill' in table order."""
        counts: dict[str, int] = {}
        for item in items:
            counts[item.card] = counts.get(item.card, 0) + 1
        used: dict[str, int] = {}
        for item in items:
            if item.used:
                used[item.card] = used.get(item.card, 0) + 1
        plain = [k for k in sorted(counts, key=CARD_ORDER.__getitem__) if not CARDS[k].is_trading]
        trading = [k for k in sorted(counts, key=CARD_ORDER.__getitem__) if CARDS[k].is_trading]
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
    # The keys and the board reach the screen through Textual, untyped: here mypy holds the
    # screen to what they ask of it.
    _asked_by_keys: type[Asked] = StPetersburgScreen
    _shown_on_board: type[Shown] = StPetersburgScreen
