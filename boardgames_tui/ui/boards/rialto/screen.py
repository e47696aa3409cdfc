"""Rialto's screen: the frame's hooks (header, player rows, details, the action list) and what the
keys do. The map is venice.py and the lines under it tray.py, drawn by board.py from the scene this
screen gathers; the cursors (the hand's picks, the slot for a new tile) live here, so the keys'
`when` (keys.py) can ask about them on a screen that has not been drawn.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, cast

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from ....play.table import Table
from ....rules.core import Action, Pass
from ....rules.rialto.actions import (
    BLUE_TEXT,
    Build,
    Discard,
    PlaceBridge,
    PlaceGondola,
    Recall,
    TakeRow,
    UseBlue,
    UseGreen,
    Wait,
)
from ....rules.rialto.data import (
    BLUE_EFFECTS,
    CARD_NAMES,
    COLOUR_LETTERS,
    COLOURS,
    DISTRICTS,
    ROUNDS,
    SLOT_LETTERS,
    STAGES,
    building_name,
)
from ....rules.rialto.view import RialtoView
from ...boardkit import Target, TargetCursor
from ...screens.game import GameScreen
from ...widgets.actions import ActionGroup
from . import places, signs
from .board import RialtoBoard
from .details import details
from .keys import HELP_NOTES, KEYMAP, Asked
from .layout import Layout, Place
from .picking import Picks
from .scene import Scene

STEP_TITLE = {
    "start": "SET-UP",
    "rows": "ROWS",
    "green": "GREEN BUILDINGS",
    "discard": "DISCARDS",
    "play": "PLAYING CARDS",
    "build": "BUILDING",
    "bridge": "A BRIDGE",
    "gondola": "A GONDOLA",
    "recall": "COUNCILMEN",
    "blue": "BLUE BUILDINGS",
    "over": "FINAL SCORES",
}
PASS_WORDS = {
    "green": "Done with greens",
    "play": "Pass",
    "build": "Take no building",
    "recall": "Stop moving councilmen",
    "blue": "Done with blues",
}


class RialtoScreen(GameScreen[RialtoView]):
    KEYMAP = KEYMAP
    HELP_NOTES = HELP_NOTES

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.cursor = TargetCursor()
        self.map_kind: str | None = None  # "bridge" or "gondola" while a tile is being placed
        self.moves: dict[Hashable, list[Action]] = {}
        self.picks: Picks | None = None
        self.flip = False
        self._decision: tuple[object, ...] | None = None

    # -- reading the table ---------------------------------------------------------------------
    def follow_decision(self, view: RialtoView) -> None:
        """The picks and the slot cursor follow the new view; a new decision starts them afresh."""
        step = view.step
        viewer = self.viewer
        stage = view.current_stage
        hand = view.hand or ()
        decision = (step, view.round, stage, viewer, hand, len(self.table.record.steps))
        new = decision[:5] != (self._decision or ())[:5]
        self._decision = decision
        if self.my_turn and step == "play" and viewer is not None and stage is not None:
            if new or self.picks is None:
                me = view.players[viewer]
                self.picks = Picks.start(stage, hand, me.buildings, me.coins)
        else:
            self.picks = None
        if new:
            self.flip = False
        self.set_map_targets(new)

    def set_map_targets(self, new: bool) -> None:
        kind: str | None = None
        moves: dict[Hashable, list[Action]] = {}
        for action in self.legal:
            if isinstance(action, (PlaceBridge, PlaceGondola)):
                kind = "bridge" if isinstance(action, PlaceBridge) else "gondola"
                moves.setdefault(("slot", action.slot), []).append(action)
        self.map_kind, self.moves = kind, moves
        layout = self.map_layout()
        targets = []
        if kind is not None:
            for spot in layout.spots:
                x, y = spot.point
                targets.append(Target(("slot", spot.slot), x, y, tuple(moves.get(("slot", spot.slot), ()))))
            targets = [t for t in targets if t.actionable]
        if new:
            self.cursor.place = None
        self.cursor.set_targets(targets, prefer_actionable=True)

    def map_layout(self) -> Layout:
        return Layout(*self.terminal_size())

    def moves_here(self) -> list[Action]:
        place = self.cursor.place
        return list(self.moves.get(place, ())) if self.map_kind is not None and place is not None else []

    def bridge_here(self) -> PlaceBridge | None:
        for move in self.moves_here():
            if isinstance(move, PlaceBridge) and move.swap == self.flip:
                return move
        moves = [m for m in self.moves_here() if isinstance(m, PlaceBridge)]
        return moves[0] if moves else None

    def preview(self) -> tuple[int, int] | None:
        """The numbers the bridge would show at the cursor, in the slot's order of districts."""
        move = self.bridge_here() if self.map_kind == "bridge" else None
        if move is None:
            return None
        x, y = move.tile[::-1] if move.swap else move.tile
        return (x, y)

    # -- the scene ------------------------------------------------------------------------------
    def make_board(self) -> Widget:
        return RialtoBoard()

    def scene(self) -> Scene:
        view = self.view
        return Scene(
            view=view,
            viewer=self.viewer,
            acting=self.my_turn,
            place=self.slot_place(),
            marked=frozenset(self.moves) if self.map_kind is not None else frozenset(),
            preview=self.preview(),
            map_kind=self.map_kind,
            picks=self.picks,
            player_lines=len(self.player_rows(view)),
            places=self.marked_places,
        )

    def slot_place(self) -> Place | None:
        """The slot under the map cursor while a tile is being placed."""
        if self.map_kind is None:
            return None
        # set_map_targets gives the cursor slots only: ("slot", i)
        return cast(Place | None, self.cursor.place)

    def lesson_places(self) -> frozenset[str]:
        """The districts, links, banks, the Doge order and the next bridge always; the rows while
        Phase I shows them (the names: places.py)."""
        return places.available(self.view or None)  # no view before the table is first read

    # -- the frame's hooks ---------------------------------------------------------------------
    def header_text(self, view: RialtoView) -> Text:
        text = Text(f" {self.table.game.title}", style="bold")
        rnd = view.round or 0
        if rnd:
            text.append(f" · round {rnd}/{ROUNDS}")
        stage = view.current_stage
        step = view.step
        if stage is not None:
            text.append(f" · {STAGES[stage]} {CARD_NAMES[stage].upper()}")
            if step != "play":
                text.append(f" · {STEP_TITLE.get(step, step).lower()}")
        else:
            text.append(f" · {STEP_TITLE.get(step, step.upper())}")
        if rnd and step != "over":
            text.append(f" · {DISTRICTS[view.district].name}")
        return text

    def decision_title(self, view: RialtoView) -> str:
        return STEP_TITLE.get(view.step, "your move")

    def player_rows(self, view: RialtoView) -> list[Text]:
        rows = []
        order = view.doge.order
        width = self.terminal_size()[0] - 1
        long = width >= 100
        for p, who in enumerate(view.participants()):
            player = view.players[p] if not signs.is_virtual(view, p) else None
            row = self.player_prefix(p) if player is not None else self.virtual_prefix(view, p)
            if player is not None:
                row.append(f" VP {player.vp:>2}", style="bold")
            else:
                row.append("      ")
            rank = order.index(p) + 1 if p in order else 0
            row.append(f" · Doge {signs.ordinal(rank)}" if long else f" · Doge {rank}")
            if player is not None:
                row.append(f" · {player.coins}¢" if not long else f" · coins {player.coins}")
            personal, general = who.personal, who.general
            row.append(
                f" · men {personal}/{general}"
                if not long
                else f" · councilmen {personal} own / {general} general"
            )
            if player is None and view.virtual is not None:
                row.append(" · hand ")
                row.append(signs.cards_text(view.virtual.hand, long=long))
                if view.marker is not None:
                    row.append(f" · slot {SLOT_LETTERS[view.marker]}")
            elif player is not None:
                built = " ".join(signs.building(b) for b in player.buildings) or "no buildings"
                row.append(f" · {built}")
                row.append(f" · hand {player.hand_size}")
            row.truncate(width, overflow="ellipsis")
            rows.append(row)
        return rows

    def virtual_prefix(self, view: RialtoView, p: int) -> Text:
        width = max(len(s.name) for s in self.table.seats)
        text = Text("  ")
        text.append(f"{signs.VIRTUAL_SYMBOL} {'Virtual':<{width}}", style=signs.VIRTUAL_STYLE)
        text.append("    ")
        return text

    def private_note(self, view: RialtoView) -> Text | None:
        """The viewer's hand, by kind, in the bar over the log: only there on a small terminal."""
        hand = view.hand
        if hand is None:
            return None
        text = Text(f"your hand {len(hand)}: ", style="bold")
        text.append(signs.cards_text(hand) if hand else "no cards")
        text.append(" (only you see it)", style="dim")
        return text

    def group_label(self, kind: str, actions: list[Action]) -> str:
        if len(actions) == 1:
            return actions[0].describe()
        first = actions[0]
        if isinstance(first, PlaceBridge):
            return f"Place the bridge {first.tile[0]}│{first.tile[1]}"
        if isinstance(first, PlaceGondola):
            return "Place a gondola"
        if isinstance(first, (Build, UseGreen, UseBlue)):
            return self.group_of(first)[1]
        return first.describe().split(":")[0].split(",")[0]

    def choice_title(self, kind: str, actions: list[Action]) -> str:
        return self.group_label(kind, actions) + ": which one?"

    def action_groups(self, view: RialtoView, legal: list[Action]) -> list[ActionGroup]:
        step = view.step
        if step == "play" and self.picks is not None:
            return self.play_groups(legal)
        # Buildings are grouped by building even in a short listing: "take the Councilman from
        # the leftover row" does not fit a column of the action list at 80 columns.
        if len(legal) <= 9 and step not in ("green", "blue", "build"):
            return [
                ActionGroup(f"{a.kind}:{i}", self.action_text(a), [a], number=self.action_number(a))
                for i, a in enumerate(legal)
            ]
        groups: dict[str, ActionGroup] = {}
        for action in legal:
            key, label = self.group_of(action)
            number = self.action_number(action)
            groups.setdefault(key, ActionGroup(key, label, number=number)).actions.append(action)
        for group in groups.values():
            if len(group.actions) == 1:
                group.label = self.action_text(group.actions[0])
        return list(groups.values())

    def group_of(self, action: Action) -> tuple[str, str]:
        """A big listing's groups: buildings by colour, greens and blues by building."""
        if isinstance(action, Build):
            return f"build:{action.colour}", f"Build a {COLOURS[action.colour]} building"
        if isinstance(action, (UseGreen, UseBlue)):
            return f"{action.kind}:{action.value}", f"Use {action.describe().split(':')[0]}"
        if isinstance(action, PlaceBridge):
            return "bridge", self.group_label("bridge", [action, action])
        if isinstance(action, PlaceGondola):
            return "gondola", "Place a gondola"
        if isinstance(action, (TakeRow, Recall)):
            # Each its own line, under the number the board prints for it.
            return f"{action.kind}:{self.action_number(action)}", self.action_text(action)
        return action.kind, self.action_text(action)

    def action_label(self, action: Action) -> str | Text:
        if isinstance(action, Build):  # in the list of buildings to build: what each does
            return self.action_text(action)
        return super().action_label(action)

    def action_number(self, action: Action) -> int | None:
        """A row by its number in the tray; a district by its round number on the map."""
        if isinstance(action, TakeRow):
            return action.row + 1
        if isinstance(action, Recall):
            numbers = self.view.numbers
            return numbers[action.district] if action.district < len(numbers) else None
        return None

    def action_text(self, action: Action) -> str:
        """Short labels: the action list is 40 cells wide at 80 columns, often in two columns."""
        view = self.view
        if isinstance(action, TakeRow):
            rows = view.rows
            cards = rows[action.row] if action.row < len(rows) else ()
            return f"Row {action.row + 1}: {signs.cards_text(cards)}"
        if isinstance(action, UseGreen):
            if action.value == 2:
                return "G2: hand limit +1"
            what = "draw 3" if action.card is None else f"take {CARD_NAMES[action.card]}"
            return f"G{action.value}: {what}"
        if isinstance(action, UseBlue):
            if action.value == 1:
                return f"B1: {COLOUR_LETTERS[action.colour]}{action.up_value} → {action.up_value + 1}"
            return f"B{action.value}: {BLUE_TEXT[BLUE_EFFECTS[action.value]]}"
        if isinstance(action, Build):
            # what each does decides the choice: said beside the building's name
            name = building_name(action.colour, action.value)
            effect = signs.building_effect(action.colour, action.value)
            return action.describe().replace(name, f"{name} ({effect})", 1)
        if isinstance(action, Discard):
            return f"Discard {CARD_NAMES[action.card]}"
        if isinstance(action, Recall):
            return f"Move one from {DISTRICTS[action.district].name}"
        if isinstance(action, Wait):
            return "Wait (Yellow 1)"
        if isinstance(action, Pass):
            return PASS_WORDS.get(view.step, "Pass")
        return action.describe()

    def play_groups(self, legal: list[Action]) -> list[ActionGroup]:
        picks = self.picks
        assert picks is not None
        groups = []
        count = picks.count()
        if count is not None:
            groups.append(ActionGroup("picked", f"Play the picked cards (count {count})", [picks.action()]))
        else:
            groups.append(ActionGroup("picked", "Play the picked cards (refused)", [], counted=False))
        for action in legal:
            if action.kind in ("wait", "pass"):
                groups.append(ActionGroup(action.kind, self.action_text(action), [action]))
        return groups

    def pick_group(self, group: ActionGroup) -> None:
        if group.key == "picked":
            self.play_picks()
            return
        super().pick_group(group)

    # -- details (i) ---------------------------------------------------------------------------
    def details(self, view: RialtoView) -> tuple[str | Text, RenderableType]:
        return details(view, self.viewer)

    # -- keys ------------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        if self.picks is not None:
            if dx:
                self.picks.move(dx)
                self.redraw_board()
            return
        if self.map_kind is None:
            return
        self.cursor.move(dx, dy)
        self.redraw_board()

    def action_jump(self, delta: int) -> None:
        if self.map_kind is not None and self.cursor.next(delta):
            self.redraw_board()

    def action_space(self) -> None:
        if self.picks is None:
            self.action_pass_turn()
            return
        if not self.picks.chips:
            self.say("You have no cards: p passes.", error=True)
            return
        if not self.picks.toggle():
            kind = self.picks.chips[self.picks.at]
            self.say(
                f"A {CARD_NAMES[kind]} card plays in stage {STAGES[kind]}; here only through an unused "
                "Yellow 2 or Yellow 4.",
                error=True,
            )
            return
        self.picks_changed()

    def action_pick_all(self) -> None:
        if self.picks is None:
            return
        self.picks.pick_all()
        self.picks_changed()

    def picks_changed(self) -> None:
        """The count follows the picks: the action list's first line and the board's summary."""
        self.notice = Text("")
        self.update_message()
        self.groups = self.action_groups(self.view, self.legal) if self.legal else []
        if self.is_mounted and getattr(self.app, "game_screen", self) is self:
            from ...widgets.actions import ActionList

            self.query_one(ActionList).show(self.groups, self.idle_text())
        self.redraw_board()

    def play_picks(self) -> None:
        if self.not_your_turn() or self.picks is None:
            return
        reason = self.picks.refusal()
        if reason is not None:
            self.say(reason, error=True)
            return
        self.play(self.picks.action())

    def action_enter(self) -> None:
        if self.not_your_turn():
            return
        if self.picks is not None:
            self.play_picks()
            return
        if self.map_kind is None:
            self.say("Choose from the action list (1–9).", error=True)
            return
        moves = self.moves_here()
        if not moves:
            self.say("No free slot there: the slots marked + take the tile.", error=True)
            return
        if self.map_kind == "bridge":
            move = self.bridge_here()
            if move is not None:
                self.play(move)
            return
        gondola = moves[0]
        assert isinstance(gondola, PlaceGondola)  # a slot's moves are all of the tile being placed
        self.choose_and_play(moves, f"Gondola {SLOT_LETTERS[gondola.slot]}: where does the councilman go?")

    def action_flip(self) -> None:
        if self.map_kind != "bridge":
            self.say("Only a bridge is turned.", error=True)
            return
        self.flip = not self.flip
        self.redraw_board()

    def action_wait(self) -> None:
        if self.not_your_turn():
            return
        waits = self.actions_of("wait")
        if not waits:
            self.say("Waiting needs an unused Yellow 1 and a coin, once a stage.", error=True)
            return
        self.play(waits[0])

    # -- the mouse -------------------------------------------------------------------------------
    def board_clicked(self, place: Hashable) -> None:
        if self.map_kind is None:
            return
        again = self.cursor.place == place
        if not self.cursor.put(place):
            return
        self.redraw_board()
        if again:
            self.action_enter()


if TYPE_CHECKING:
    # The keys reach the screen through Textual, untyped: here mypy holds the screen to what
    # they ask of it.
    _asked_by_keys: type[Asked] = RialtoScreen
