"""Santiago's screen: the frame's hooks (header, player rows, details, the action list) and what the
keys do. The island is drawn by board.py (its side panel by panel.py); the cursor over it
(cursor.py) and the amount and tile picked (picks.py) live here, on the screen, so that the keys'
`when` (keys.py) can ask about them on a screen that has not been drawn.

Bid and bribe amounts are a number on the board changed with + / − (or typed after `a`), never a
list of every amount; the action list's Bid / Propose / Support ask for the number the same way,
in the shared amount dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, cast

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from ....play.table import Table
from ....rules.core import Action
from ....rules.santiago.actions import (
    Accept,
    Bid,
    Build,
    NoCanal,
    PersonalCanal,
    PlaceLeftover,
    PlacePalm,
    PlaceSpring,
    Plant,
    Propose,
    Support,
)
from ....rules.santiago.data import (
    COLS,
    CROP_SHORT,
    FIELD_CR,
    ROWS,
    SEG_FIELDS,
    SEG_INDEX,
    tile_gives,
    tile_label,
)
from ....rules.santiago.view import SantiagoView
from ... import theme
from ...screens.amount import AmountScreen
from ...screens.dialogs import ChoiceScreen
from ...screens.game import GameScreen
from ...widgets.actions import ActionGroup
from .board import SantiagoBoard
from .cursor import IslandCursor, seg_position
from .details import details
from .keys import HELP_NOTES, KEYMAP, Asked
from .layout import Layout
from .picks import Picks, viewer_passed
from .places import place_names
from .results import plantation_parts
from .scene import Scene, proposal_on
from .signs import Seg, fit, number_sign, seg_name, tile_code

PHASE_TITLE = {
    "spring": "SET-UP",
    "palms": "SET-UP",
    "bid": "BIDS",
    "plant": "PLANTING",
    "leftover": "LEFTOVER",
    "bribe": "BRIBES",
    "overseer": "OVERSEER",
    "extra": "EXTRA CANAL",
    "over": "FINAL SCORES",
}


class SantiagoScreen(GameScreen[SantiagoView]):
    KEYMAP = KEYMAP
    HELP_NOTES = HELP_NOTES
    # What the hand-off screen warns the next screen shows (GameScreen's is "hand and money").

    GROUP_LABELS = {
        "spring": "Place the spring",
        "palm": "Place a palm",
        "bid": "Bid an amount…",
        "plant": "Plant a tile",
        "leftover": "Place the leftover tile",
        "propose": "Propose a canal…",
        "support": "Support a proposal…",
        "accept": "Accept a proposal",
        "build": "Refuse: build elsewhere",
        "personal": "Lay your personal canal",
    }

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.cursor = IslandCursor()
        self.picks = Picks()
        # (phase, round, actor, viewer) of the decision shown: a new one resets the picks and cursor.
        self._decision: tuple[str, int, int | None, int | None] | None = None

    def read_table(self) -> SantiagoView | None:
        view = super().read_table()
        if view is None:
            return None
        decision = (view.phase, view.round, self.actor, self.viewer)
        new = decision != self._decision
        self._decision = decision
        self.picks.update(view, self.legal, new)
        self.cursor.update(view, self.legal, self.my_turn, new, Layout(*self.terminal_size()))
        return view

    def scene(self) -> Scene:
        view = self.view
        return Scene(
            view=view,
            names=[s.name for s in self.table.seats],
            viewer=self.viewer,
            acting=self.my_turn,
            legal=self.legal,
            mode=self.cursor.mode,
            place=self.cursor.place,
            here=self.cursor.here,
            amount=self.picks.amount,
            amounts=self.picks.range,
            tile=self.picks.tile(view),
            tile_slot=self.picks.tile_slot,
            passed=viewer_passed(view, self.viewer),
            marked=self.marked_places,
        )

    def make_board(self) -> Widget:
        return SantiagoBoard()

    def lesson_places(self) -> frozenset[str]:
        """Fields "4,2", ditches "V 2,0", intersections "point 2,1", and what the side panel shows
        now: "offer", "offer 1"…, "proposals", "proposal 1"… (places.py)."""
        if not self.view:
            return frozenset()
        if self.is_mounted:
            layout = self.board.current_layout()
        else:
            layout = Layout(*self.terminal_size())
        return place_names(self.scene(), layout)

    @property
    def board(self) -> SantiagoBoard:
        return self.query_one(SantiagoBoard)

    def show_picks(self) -> None:
        """After the cursor, the amount or the tile changed: the board and the footer follow."""
        self.redraw_board()

    def name_of(self, seat: int) -> str:
        return self.table.name(seat)

    # -- hooks ---------------------------------------------------------------------------------
    def header_text(self, view: SantiagoView) -> Text:
        text = Text(f" {self.table.game.title}", style="bold")
        phase = view.phase
        if view.round:
            text.append(f" · round {view.round}/{view.rounds}")
        text.append(" · ")
        text.append(PHASE_TITLE.get(phase, str(phase).upper()), style="bold")
        width = self.terminal_size()[0]
        room = width - self.turn_text().cell_len - 3
        extras = []
        if phase != "over" and view.round:
            ov = view.overseer
            extra = Text(" · overseer ")
            extra.append_text(theme.seat_label(ov, self.name_of(ov)))
            extras.append(extra)
            extras.append(Text(f" · canals left {view.canals_left}"))
            if view.last_round:
                extras.append(Text(" · LAST ROUND", style="bold"))
        for extra in extras:
            if text.cell_len + extra.cell_len <= room:
                text.append_text(extra)
        return text

    def decision_title(self, view: SantiagoView) -> str:
        return PHASE_TITLE.get(view.phase, view.phase.upper())

    def player_rows(self, view: SantiagoView) -> list[Text]:
        if view.phase == "over":
            return self.final_rows(view)
        width = self.terminal_size()[0] - 1
        rows = []
        for seat in range(len(self.table.seats)):
            row = self.player_prefix(seat)
            player = view.players[seat]
            cash = player.cash
            row.append(
                f"{cash:>3} esc" if cash is not None else "  ? esc",
                style="bold" if seat == self.viewer else "",
            )
            overseer = seat == view.overseer and view.round
            row.append(" overseer " if overseer else " " * 10, style="bold")
            bid = Text()
            if view.round:
                if player.passed:
                    bid.append("passed")
                elif player.bid:
                    bid.append(f"bid {player.bid}")
            row.append_text(fit(bid, 7))
            tile = Text()
            for offer in view.offer:
                if offer.taken_by == seat:
                    tile.append("→ ")
                    tile.append_text(tile_code(offer.crop, offer.workers))
                    if offer.field:
                        tile.append(" {},{}".format(*offer.field))
            row.append_text(fit(tile, 12))
            choice = player.bribe_choice
            bribe = Text()
            if choice:
                word, _, number = choice.partition(" ")
                if word == "passed":
                    bribe.append("no bribe")
                else:
                    bribe.append(f"{'proposed' if word == 'proposed' else 'supports'} ")
                    bribe.append(number_sign(int(number)) if number.isdigit() else number)
            row.append_text(fit(bribe, 12))
            free = player.personal_canal
            row.append("canal ✓ " if free else "canal – ", style="" if free else "dim")
            row.append(f"pays {player.plantation_score}")
            if row.cell_len > width:
                row.truncate(width, overflow="ellipsis")
            rows.append(row)
        return rows

    def final_rows(self, view: SantiagoView) -> list[Text]:
        """At the end, per player: total = cash + each plantation's size × markers."""
        width = self.terminal_size()[0] - 1
        height = self.terminal_size()[1]
        board_height = Layout(self.terminal_size()[0], height).height_in_lines
        scores = view.scores or ()
        spare = max(0, height - board_height - 7 - len(scores))
        rows: list[Text] = []
        for row in scores:
            seat = row.seat
            line = Text(f"{row.rank}", style="bold")
            line.append_text(self.player_prefix(seat))
            line.append(f" {row.total:>3}", style="bold")
            line.append(" = ")
            line.append(f"{row.cash} cash", style="bold")
            lines = [line]
            for part in plantation_parts(view, seat):
                piece = Text(" + ")
                piece.append_text(part)
                if lines[-1].cell_len + piece.cell_len > width:
                    if spare > 0:
                        spare -= 1
                        lines.append(Text(" " * 8))
                    else:
                        lines[-1].append(" …")
                        break
                lines[-1].append_text(piece)
            rows += [fit(line, width) if line.cell_len > width else line for line in lines]
        return rows

    def private_note(self, view: SantiagoView) -> Text | None:
        seat = self.viewer
        if seat is None or seat >= len(view.players) or view.players[seat].cash is None:
            return None
        text = theme.seat_label(seat, self.name_of(seat))
        text.append(f" {view.players[seat].cash} escudos", style="bold")
        if not view.open_money:
            text.append(" (only you see this)", style="dim")
        return text

    def group_label(self, kind: str, actions: list[Action]) -> str:
        if len(actions) == 1:
            return actions[0].describe()
        return self.GROUP_LABELS.get(kind, actions[0].describe())

    def choice_title(self, kind: str, actions: list[Action]) -> str:
        return self.GROUP_LABELS.get(kind, "Choose").rstrip("…") + ": which one?"

    def action_label(self, action: Action) -> str | Text:
        view = self.view
        if isinstance(action, Accept):
            p = next((p for p in view.proposals if p.number == action.proposal), None)
            if p:
                text = Text(f"Accept {number_sign(p.number)} {seg_name(p.segment)}: +{p.total} from ")
                for i, pledge in enumerate(p.pledges):
                    if i:
                        text.append(", ")
                    text.append_text(theme.seat_label(pledge.seat, self.name_of(pledge.seat)))
                    text.append(f" {pledge.amount}")
                return text
        if isinstance(action, Build):
            return f"Refuse the bribes, build {action.orient} {action.x},{action.y} for {action.cost}"
        if isinstance(action, PersonalCanal):
            return f"Personal canal on {action.orient} {action.x},{action.y}"
        if isinstance(action, PlaceSpring):
            return f"Spring at intersection {action.x},{action.y}"
        return action.describe()

    def action_number(self, action: Action) -> int | None:
        """A proposal by the number on its ditch."""
        return action.proposal if isinstance(action, Accept) else None

    def action_groups(self, view: SantiagoView, legal: list[Action]) -> list[ActionGroup]:
        groups = super().action_groups(view, legal)
        for group in groups:
            # Groups that ask for a number read without their count of hundreds of actions.
            group.counted = group.key not in ("bid", "propose", "support")
        return groups

    # -- details (i) ---------------------------------------------------------------------------
    def details(self, view: SantiagoView) -> tuple[str | Text, RenderableType]:
        return details(view, self.viewer)

    # -- what Enter does -------------------------------------------------------------------------
    def enter_action(self) -> Action | None:
        """The move Enter would make now, legal or not (the rules say why not); None when Enter
        has nothing to do (not the viewer's turn, no tile picked, no cursor)."""
        if not self.my_turn:
            return None
        phase = self.view.phase
        if phase == "bid":
            return Bid(self.picks.amount)
        place = self.cursor.place
        if place is None:
            return None
        if phase in ("spring", "palms", "leftover", "plant"):
            x, y = cast(tuple[int, int], place)  # a field, or an intersection for the spring
            if phase == "spring":
                return PlaceSpring(x, y)
            if phase == "palms":
                return PlacePalm(x, y)
            if phase == "leftover":
                return PlaceLeftover(x, y)
            tile = self.picks.tile(self.view)
            return Plant(tile.crop, tile.workers, x, y) if tile else None
        orient, x, y = cast(Seg, place)
        proposal = proposal_on(self.view, place)
        if phase == "bribe":
            if proposal:
                return Support(proposal.number, self.picks.amount)
            return Propose(orient, x, y, self.picks.amount)
        if phase == "overseer":
            if proposal:
                return Accept(proposal.number)
            return Build(orient, x, y, self.view.reject_cost)
        if phase == "extra":
            return PersonalCanal(orient, x, y)
        return None

    def enter_is_legal(self, action: Action) -> bool:
        here = self.cursor.here
        pool = self.legal if isinstance(action, Bid) else (here.actions if here is not None else ())
        return action in pool

    # -- keys ----------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        if self.my_turn and self.view.phase == "bid":
            self.action_amount(1 if (dx > 0 or dy < 0) else -1)
            return
        cursor = self.cursor
        if cursor.mode is None:
            if self.my_turn or not self.view:
                return
            cursor.look()
        active = cursor.active
        if active is not None:
            active.move(dx, dy)
        self.show_picks()

    def action_jump(self, delta: int) -> None:
        active = self.cursor.active if self.my_turn else None
        if active is not None and active.next(delta):
            self.show_picks()

    def action_amount(self, delta: int) -> None:
        if self.not_your_turn():
            return
        if self.view.phase not in ("bid", "bribe"):
            self.say("There is no amount to change now.", error=True)
            return
        if self.picks.step_amount(delta):
            self.show_picks()
            return
        amounts = self.picks.range
        allowed = [n for n in range(amounts.low, amounts.high + 1) if n not in amounts.banned]
        if not allowed:
            self.say("You have no escudos to offer.", error=True)
            return
        taken = ", ".join(str(n) for n in sorted(amounts.banned))
        why = f"; {taken} taken" if taken else ""
        self.say(f"The amount goes from {allowed[0]} to {allowed[-1]}{why}.", error=True)

    def ask_amount(self, title: str, then: Callable[[int], object], note: str = "") -> None:
        amounts = self.picks.range
        if amounts.first_from(1) is None:
            self.say("You have no escudos to offer.", error=True)
            return
        bidders = {p.bid: seat for seat, p in enumerate(self.view.players) if p.bid}

        def explain(n: int) -> str:
            seat = bidders.get(n)
            who = self.name_of(seat) if seat is not None else "someone"
            return f"{who} already bid {n}; every bid must be different."

        def done(value: int | None) -> None:
            if value is not None:
                self.picks.set_amount(value)
                self.show_picks()
                then(value)

        self.app.push_screen(
            AmountScreen(
                title,
                amounts.low,
                amounts.high,
                amounts.banned,
                self.picks.amount,
                note,
                explain,
                banned_word="taken",
            ),
            done,
        )

    def action_type_amount(self) -> None:
        if self.not_your_turn():
            return
        phase = self.view.phase
        if phase not in ("bid", "bribe"):
            self.say("There is no amount to type now.", error=True)
            return
        title = "Your bid" if phase == "bid" else "Your bribe"
        self.ask_amount(title, lambda n: None, "Enter sets it; then Enter on the board does it.")

    def action_tile(self) -> None:
        if self.not_your_turn():
            return
        if self.view.phase != "plant":
            self.say("There is no tile to choose now.", error=True)
            return
        if self.picks.next_tile(self.view):
            self.show_picks()
        else:
            self.say("Only one kind of tile is left to plant.", error=True)

    def action_enter(self) -> None:
        if self.not_your_turn():
            return
        action = self.enter_action()
        if action is not None:
            self.play(action)
        elif self.view.phase == "plant":
            self.say("Choose a tile with t.", error=True)
        else:
            self.say("Choose from the action list.", error=True)

    def action_support(self) -> None:
        if self.not_your_turn():
            return
        supports = self.actions_of("support")
        if not supports:
            if self.view.phase != "bribe":
                self.say("You can support a proposal only in the bribes.", error=True)
            else:
                self.say("There is no proposal to support yet.", error=True)
            return
        proposal = proposal_on(self.view, self.cursor.place) if self.cursor.mode == "ditch" else None
        if proposal:
            self.play(Support(proposal.number, self.picks.amount))
            return
        self.pick_proposal_then_support()

    def pick_proposal_then_support(self) -> None:
        proposals = self.view.proposals

        def support(number: int) -> None:
            self.ask_amount(
                f"Support proposal {number} with how much?", lambda n: self.play(Support(number, n))
            )

        if len(proposals) == 1:
            support(proposals[0].number)
            return
        labels = []
        for p in proposals:
            text = Text(f"{number_sign(p.number)} {seg_name(p.segment)}, {p.total} so far, by ")
            text.append_text(theme.seat_label(p.proposer, self.name_of(p.proposer)))
            labels.append(text)

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(proposals):
                support(proposals[index].number)

        self.app.push_screen(ChoiceScreen("Support which proposal?", labels), chosen)

    def action_no_canal(self) -> None:
        if self.not_your_turn():
            return
        moves = self.actions_of("no_canal")
        if moves:
            self.play(moves[0])
        elif self.view.phase == "overseer":
            self.play(NoCanal())  # the rules say why not
        else:
            self.say("Only the overseer decides that, in the overseer's step.", error=True)

    def board_clicked(self, spot: Hashable) -> None:
        """A click on the island, (kind, place): the first puts the cursor there, a second one acts
        there. While someone else acts, a click on a field looks at it."""
        kind, place = cast(tuple[str, Hashable], spot)  # the island posts its picture's spots
        cursor = self.cursor
        if kind == "field" and cursor.mode is None and not self.my_turn and self.view:
            cursor.look()
        if kind != cursor.mode:
            return
        active = cursor.active
        if active is None:
            return
        again = active.place == place
        active.put(place)
        self.show_picks()
        if again and self.my_turn:
            self.action_enter()

    # -- the action list -------------------------------------------------------------------------
    def pick_group(self, group: ActionGroup) -> None:
        kind = group.key
        if kind == "bid":
            self.ask_amount("Bid how much?", lambda n: self.play(Bid(n)))
        elif kind == "support":
            self.pick_proposal_then_support()
        elif kind == "propose":
            self.pick_ditch_then_propose(group)
        elif kind == "plant":
            self.pick_tile_then_field(group)
        else:
            super().pick_group(group)

    def pick_ditch_then_propose(self, group: ActionGroup) -> None:
        segs = sorted(
            {(a.orient, a.x, a.y) for a in group.actions if isinstance(a, Propose)},
            key=lambda s: seg_position(s)[::-1],
        )
        labels = [f"{seg_name(s)}  (waters fields {self.watered_text(s)})" for s in segs]

        def chosen(i: int | None) -> None:
            if i is not None and 0 <= i < len(segs):
                seg = segs[i]
                self.cursor.ditches.put(seg)
                self.show_picks()
                self.ask_amount(
                    f"Propose {seg_name(seg)} with how much?", lambda n: self.play(Propose(*seg, n))
                )

        self.app.push_screen(ChoiceScreen("Propose a canal where?", labels), chosen)

    def pick_tile_then_field(self, group: ActionGroup) -> None:
        plants = [a for a in group.actions if isinstance(a, Plant)]
        kinds: list[tuple[str, int]] = []
        for a in plants:
            if (a.crop, a.workers) not in kinds:
                kinds.append((a.crop, a.workers))

        def plant_kind(k: int | None) -> None:
            if k is None or not 0 <= k < len(kinds):
                return
            crop, workers = kinds[k]
            self.picks.choose_tile(self.view, crop, workers)
            self.show_picks()
            moves = [a for a in plants if (a.crop, a.workers) == (crop, workers)]
            labels = [f"Field {a.col},{a.row}  {self.field_note(a.col, a.row)}" for a in moves]

            def field(i: int | None) -> None:
                if i is not None and 0 <= i < len(moves):
                    self.play(moves[i])

            self.app.push_screen(
                ChoiceScreen(
                    f"Plant {tile_label(crop, workers)} where?",
                    labels,
                    "Or Esc, move the cursor to the field and press Enter.",
                ),
                field,
            )

        if len(kinds) == 1:
            plant_kind(0)
        else:
            passed = viewer_passed(self.view, self.viewer)
            labels = [Text(tile_gives(c, w, passed)) for c, w in kinds]
            self.app.push_screen(ChoiceScreen("Plant which tile?", labels), plant_kind)

    @staticmethod
    def watered_text(seg: Seg) -> str:
        return " ".join("{},{}".format(*FIELD_CR[f]) for f in SEG_FIELDS[SEG_INDEX[seg]])

    def field_note(self, c: int, r: int) -> str:
        fields = self.view.fields
        near = []
        for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            cc, rr = c + dc, r + dr
            if 0 <= cc < COLS and 0 <= rr < ROWS:
                crop = fields[rr][cc].crop
                if crop:
                    near.append(CROP_SHORT[crop])
        note = "watered" if fields[r][c].irrigated else "dry"
        if near:
            note += " · next to " + " ".join(near)
        return note


if TYPE_CHECKING:
    # The keys reach the screen through Textual, untyped: here mypy holds the screen to what they
    # ask of it.
    _asked_by_keys: type[Asked] = SantiagoScreen
