"""Macao's screen: the frame's hooks (header, player rows, details, the action list) and what the
keys do. The board (board.py) draws the scene this screen gathers; the cursors (the dice marked,
the city's quarter, the sea's space, the card) live here, so the keys' `when` (keys.py) can ask
about them on a screen that has not been drawn.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, cast

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from ....play.table import Table
from ....rules.core import Action, Pass
from ....rules.macao import HOUSE_SET_NOTICE
from ....rules.macao.actions import (
    Activate,
    ChooseDice,
    Deliver,
    Draft,
    Overflow,
    PayCube,
    Sail,
    StartCard,
    StartCubes,
    TakeQuarter,
    Tribute,
    UseCard,
    UseJoker,
    Wall,
    colour_name,
)
from ....rules.macao.data import CARD, COLOURS, GOOD_NAMES, ROUNDS
from ....rules.macao.view import MacaoView
from ...boardkit import Target, TargetCursor
from ...screens.game import GameScreen
from ...widgets.actions import ActionGroup
from . import cards, city, panels, sea, signs
from . import places as marking
from .board import MacaoBoard
from .details import details
from .keys import HELP_NOTES, KEYMAP, Asked
from .layout import Layout
from .panels import Place
from .picking import DicePicks
from .scene import Scene

STEP_TITLE = {
    "start_card": "SET-UP: STARTING CARD",
    "start_cubes": "SET-UP: STARTING CUBES",
    "draft": "CARDS",
    "overflow": "TABLEAU FULL",
    "dice": "DICE",
    "actions": "ACTIONS",
    "pay": "PAYING",
    "over": "FINAL SCORES",
}
SHORT_TITLE = {"start_card": "SET-UP", "start_cubes": "SET-UP", "overflow": "OVERFLOW"}
PANEL_NAMES = {
    "dice": "the dice",
    "city": "the city",
    "sea": "the sea route",
    "cards": "the cards",
    "track": "the rounds",
}
# The panel a new decision opens on; an action turn keeps the one the player chose.
PANEL_FOR_STEP = {
    "start_card": "cards",
    "start_cubes": "track",
    "draft": "cards",
    "overflow": "cards",
    "dice": "dice",
}
# The action-list groups that first show their places on a panel (the same digit again lists them).
PANEL_OF_GROUP = {"quarter": "city", "sail": "sea", "activate": "cards", "use": "cards"}


class MacaoScreen(GameScreen[MacaoView]):
    KEYMAP = KEYMAP
    HELP_NOTES = HELP_NOTES

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.panel = "city"
        self.dice: DicePicks | None = None
        self.city = TargetCursor()
        self.sea = TargetCursor()
        self.card_at: int | None = None
        self.card_rows: list[cards.CardRow] = []
        self.card_owner: int | None = None  # whose cards the panel shows (←→); None: the rose's
        self.quarter_moves: dict[str, list[Action]] = {}
        self.space_moves: dict[str, list[Action]] = {}
        self._decision: tuple[str, int | None, int | None, int | None, bool] | None = None
        self._marked_panel: str | None = None  # the panel a walkthrough's marks bring up, once

    # -- reading the table ---------------------------------------------------------------------
    @property
    def rose_owner(self) -> int | None:
        """Whose rose and cards the board shows: the player to act, else the viewer."""
        to_move = self.view.to_move
        if to_move:
            return int(to_move[0])
        return self.viewer

    def follow_decision(self, view: MacaoView) -> None:
        """The cursors follow the new view; a new decision opens its panel and starts the dice."""
        step = view.step
        decision = (step, view.round, self.rose_owner, self.viewer, bool(self.legal))
        before = self._decision
        new = decision != before
        self._decision = decision
        if self.my_turn and step == "dice":
            if new or self.dice is None:
                self.dice = DicePicks()
        else:
            self.dice = None
        if new:
            panel = PANEL_FOR_STEP.get(str(step))
            if step == "pay" and view.payment is not None and view.payment.what == "sail":
                panel = "sea"
            same_turn = (
                before is not None and before[0] in ("actions", "pay") and before[1:3] == decision[1:3]
            )
            if step == "actions" and not same_turn and self.panel in ("dice", "track", "cards"):
                panel = "city"  # a new action turn opens on the city; within a turn the panel stays
            if panel is not None:
                self.panel = panel
        if self._marked_panel is not None:
            if self._marked_panel in self.panels():
                self.panel = self._marked_panel
            self._marked_panel = None  # once: a panel the player switches to by key stays
        self.set_targets(new)

    def set_targets(self, new: bool) -> None:
        view = self.view
        quarters: dict[str, list[Action]] = {}
        spaces: dict[str, list[Action]] = {}
        for action in self.legal:
            if isinstance(action, TakeQuarter):
                quarters.setdefault(action.quarter, []).append(action)
            elif isinstance(action, Activate) and action.quarter:
                quarters.setdefault(action.quarter, []).append(action)
            elif isinstance(action, Sail) or isinstance(action, UseCard) and action.to:
                spaces.setdefault(action.to, []).append(action)
            elif isinstance(action, Deliver) and self.viewer is not None:
                spaces.setdefault(view.players[self.viewer].ship, []).append(action)
        self.quarter_moves, self.space_moves = quarters, spaces
        if new:
            self.card_owner = None
        self.card_rows = cards.card_rows(view, self.cards_of, self.legal)
        # Each quarter and space where its panel draws it (panels.py), in the panel's cells.
        layout = Layout(*self.terminal_size())
        heights = dict(panels.plan(self.scene(), layout))
        geo = city.CityGeometry(layout.panel, tall=heights.get("city", 0) >= panels.TALL_CITY)
        self.city.set_targets(
            (
                Target(q, geo.centre_x(gx), geo.cell_y(gy), tuple(quarters.get(q, ())))
                for q, (gx, gy) in city.GRID.items()
            ),
            prefer_actionable=new,
        )
        x0 = sea.route_x0(layout.panel)
        self.sea.set_targets(
            (
                Target(s, x0 + x + sea.node_width(s) // 2, y, tuple(spaces.get(s, ())))
                for s, (x, y) in sea.NODES.items()
            ),
            prefer_actionable=new,
        )
        if new or self.card_at is None or self.card_at >= len(self.card_rows):
            actionable = [i for i, row in enumerate(self.card_rows) if row.actions]
            self.card_at = actionable[0] if actionable else (0 if self.card_rows else None)

    @property
    def cards_of(self) -> int | None:
        return self.card_owner if self.card_owner is not None else self.rose_owner

    def moves_here(self) -> list[Action]:
        if self.panel == "city" and self.city.place is not None:
            return list(self.quarter_moves.get(cast(str, self.city.place), ()))
        if self.panel == "sea" and self.sea.place is not None:
            return list(self.space_moves.get(cast(str, self.sea.place), ()))
        if self.panel == "cards" and self.card_at is not None and self.card_at < len(self.card_rows):
            return list(self.card_rows[self.card_at].actions)
        return []

    def jumps(self) -> bool:
        if self.panel == "city":
            return self.city.jumps()
        if self.panel == "sea":
            return self.sea.jumps()
        if self.panel == "cards":
            return sum(1 for row in self.card_rows if row.actions) > 1
        return False

    def panels(self) -> tuple[str, ...]:
        step = self.view.step
        shown = ["city", "sea", "cards", "track"]
        if step == "dice" or self.view.round and any(self.view.dice):
            shown.insert(0, "dice")
        return tuple(shown)

    # -- a walkthrough's places ----------------------------------------------------------------
    def lesson_places(self) -> frozenset[str]:
        """The places a walkthrough step may mark now (places.py has the words): the rose's
        piles, NOW and the wall, and the places on every panel there is something to show on,
        whichever is up (marking one brings its panel up)."""
        owner = self.rose_owner
        rows = cards.card_rows(self.view, owner, self.legal) if owner is not None else []
        return marking.names(self.view, self.panels(), [row.card for row in rows])

    def mark_parts(self, parts: Collection[str], places: Iterable[str] = ()) -> None:
        """New marks bring up the panel of the first marked place that is on one (a caption about
        the sea shows the sea); the same marks again (the caption back after Esc) leave the panel
        the player chose."""
        places = tuple(places)
        if frozenset(places) != self.marked_places:
            self._marked_panel = next((p for p in map(marking.panel_of, places) if p is not None), None)
        super().mark_parts(parts, places)

    # -- the scene ------------------------------------------------------------------------------
    def make_board(self) -> Widget:
        return MacaoBoard()

    def scene(self) -> Scene:
        view = self.view
        if self.panel not in self.panels():
            self.panel = "city"
        preview = tuple(self.dice.preview(view)) if self.dice is not None else ()
        return Scene(
            view=view,
            viewer=self.viewer,
            focus=self.rose_owner,
            acting=self.my_turn,
            panels=self.panels(),
            panel=self.panel,
            seats=len(self.table.seats),
            preview=preview,
            dice_at=self.dice.at if self.dice is not None else None,
            dice_marked=tuple(self.dice.marked) if self.dice is not None else (),
            quarter=cast(str | None, self.city.place),
            quarters=frozenset(self.quarter_moves),
            quarter_action=self.place_words(self.quarter_moves.get(cast(str, self.city.place), [])),
            space=cast(str | None, self.sea.place),
            spaces=frozenset(self.space_moves),
            space_action=self.place_words(self.space_moves.get(cast(str, self.sea.place), [])),
            card_owner=self.cards_of,
            card_rows=tuple(self.card_rows),
            card_at=self.card_at,
            marks=self.marked_places,
        )

    def place_words(self, moves: Sequence[Action]) -> str:
        """What Enter does at a place, in a few words."""
        if not moves:
            return ""
        if len(moves) > 1:
            return f"Enter: {len(moves)} ways"
        move = moves[0]
        if isinstance(move, Deliver):
            return "Enter delivers"
        if isinstance(move, Sail):
            return f"Enter sails ({move.cubes} cube{'s' if move.cubes != 1 else ''})"
        if isinstance(move, UseCard):
            return f"Enter: {CARD[move.card].name}, free"
        if isinstance(move, TakeQuarter):
            return "Enter takes it"
        return "Enter: " + move.describe()

    # -- the frame's hooks ---------------------------------------------------------------------
    def header_text(self, view: MacaoView) -> Text:
        step = view.step
        rnd = view.round or 0
        price = view.price
        turn = self.turn_text().cell_len
        room = self.terminal_size()[0] - turn - 3
        for level in (2, 1, 0):
            text = Text(f" {self.table.game.title}", style="bold")
            if rnd:
                text.append(f" · round {rnd}/{ROUNDS}" if level else f" · r{rnd}/{ROUNDS}")
            title = STEP_TITLE.get(step, step.upper())
            text.append(f" · {title if level == 2 else SHORT_TITLE.get(step, title)}")
            if rnd and step != "over":
                gold, pp = price[0], price[1]
                text.append(f" · tribute {gold} GC → {pp} PP" if level == 2 else f" · tribute {gold}→{pp} PP")
            text.append(" · ")
            text.append(HOUSE_SET_NOTICE.split(":")[0], style="italic")
            if text.cell_len <= room:
                return text
        return text

    def decision_title(self, view: MacaoView) -> str:
        return STEP_TITLE.get(view.step, "your move")

    def player_rows(self, view: MacaoView) -> list[Text]:
        rows = []
        width = self.terminal_size()[0] - 1
        long = width >= 100
        owner = view.owner
        for p, player in enumerate(view.players):
            prefix = self.player_prefix(p)
            parts = [Text(f"PP {player.pp:>2}", style="bold"), Text(f"{player.gold} GC")]
            goods = (
                " ".join(GOOD_NAMES[g] if long else signs.GOOD_SHORT[g] for g in player.cargo) or "no goods"
            )
            parts.append(Text(f"ship {sea.short(player.ship)}: {goods}"))
            if player.jokers:
                parts.append(Text(f"jokers {player.jokers}"))
            if player.punish:
                parts.append(Text(f"−3×{player.punish}", style="bold"))
            quarters = sum(1 for o in owner.values() if o == p)
            parts.append(Text(f"quarters {quarters}"))
            parts.append(Text(f"cards {len(player.tableau)}+{len(player.active)} active"))
            row = prefix
            row.append(" ")
            row.append_text(signs.fit(parts, width - prefix.cell_len - 1))
            rows.append(row)
        return rows

    def private_note(self, view: MacaoView) -> Text | None:
        """In the simultaneous option, the viewer's own pick before all have chosen."""
        if view.step != "dice" or self.viewer is None:
            return None
        players = view.players
        mine = players[self.viewer].pick if self.viewer < len(players) else None
        if not mine or self.table.options.get("dice_choice") != "simultaneous":
            return None
        text = Text("your dice: ", style="bold")
        text.append_text(signs.colours(mine[:2]))
        text.append(" (only you see them)", style="dim")
        return text

    def action_groups(self, view: MacaoView, legal: list[Action]) -> list[ActionGroup]:
        step = view.step
        if step == "dice":
            return self.dice_groups(legal)
        if step == "start_cubes":
            groups: dict[str, ActionGroup] = {}
            for action in legal:
                one = cast(StartCubes, action).one
                key = f"one:{one}"
                label = f"1 {colour_name(one)} at 1"
                groups.setdefault(key, ActionGroup(key, label)).actions.append(action)
            return list(groups.values())
        if step in ("start_card", "draft", "overflow", "pay"):
            singles = [a for a in legal if not isinstance(a, UseJoker)]
            listed = [ActionGroup(f"{a.kind}:{i}", self.action_text(a), [a]) for i, a in enumerate(singles)]
            jokers: list[Action] = [a for a in legal if isinstance(a, UseJoker)]
            if jokers:
                listed.append(ActionGroup("joker", self.group_label("joker", jokers), jokers))
            return listed
        groups = {}
        for action in legal:
            key = action.kind
            if isinstance(action, Activate) and action.quarter and step == "actions":
                key = "activate"
            groups.setdefault(key, ActionGroup(key, "")).actions.append(action)
        for group in groups.values():
            group.label = self.group_label(group.key, group.actions)
        return list(groups.values())

    def dice_groups(self, legal: list[Action]) -> list[ActionGroup]:
        """The dice by the first of the two (a choice of the second follows)."""
        dice = self.view.dice
        groups: dict[int, ActionGroup] = {}
        for action in legal:
            a = cast(ChooseDice, action).a
            label = f"{COLOURS[a]}{dice[a] if a < len(dice) else ''} and …"
            groups.setdefault(a, ActionGroup(f"dice:{a}", label)).actions.append(action)
        return list(groups.values())

    def group_label(self, kind: str, actions: list[Action]) -> str:
        if len(actions) == 1:
            return self.action_text(actions[0])
        return {
            "activate": "Activate a card",
            "quarter": "Take a quarter",
            "sail": "Sail",
            "wall": "Wall forward",
            "use": "Use a card",
            "joker": "Use a joker",
            "pay": "Pay a cube",
        }.get(kind, actions[0].describe().split(" ")[0])

    def choice_title(self, kind: str, actions: list[Action]) -> str:
        if kind.startswith("one:"):
            return f"1 {colour_name(int(kind[4:]))} cube at 1: which colour for the 2 cubes at 2?"
        return self.group_label(kind, actions) + ": which one?"

    def action_text(self, action: Action) -> str:
        """Short labels: the action list is 40 cells wide at 80 columns, in two columns."""
        view = self.view
        if isinstance(action, Tribute):
            price = view.price
            return f"Tribute {price[0]} GC → {price[1]} PP"
        if isinstance(action, PayCube):
            return f"Pay {COLOURS[action.colour]} ({colour_name(action.colour)})"
        if isinstance(action, Deliver):
            return f"Deliver {GOOD_NAMES.get(action.good, action.good)}"
        if isinstance(action, Pass):
            if view.step == "draft":
                return "Take no card"
            lost = self.cubes_lost()
            return f"Pass (end turn; {lost} lost)" if lost else "Pass (end turn)"
        if isinstance(action, (StartCard, Draft)):
            return f"{'Start with' if isinstance(action, StartCard) else 'Take'} {CARD[action.card].name}"
        if isinstance(action, Overflow):
            return f"Discard {CARD[action.card].name}"
        if isinstance(action, Wall):
            return action.describe()
        return action.describe()

    def action_label(self, action: Action) -> str | Text:
        if isinstance(action, Wall):
            wall = self.view.wall
            here = next((s for s, stack in enumerate(wall) if self.viewer in stack), 0)
            prices = self.view.players[self.viewer or 0].wall_prices
            cost = prices[action.spaces - 1] if action.spaces <= len(prices) else None
            price = f", {cost} cube{'s' if cost != 1 else ''}" if cost is not None else ""
            return f"{action.describe()} (to space {min(here + action.spaces, len(wall) - 1) + 1}{price})"
        if isinstance(action, Activate):
            card = CARD[action.card]
            text = Text(action.describe())
            if not action.pay:
                text.append(" · ")
                text.append_text(signs.cost(card.cost))
            return text
        if isinstance(action, TakeQuarter):
            # what decides which quarter: its cost and its good (the city shows them only at the
            # cursor on a small terminal)
            text = Text(action.describe())
            for fact in city.quarter_facts(self.view, action.quarter):
                text.append(" · ")
                text.append_text(fact)
            return text
        return action.describe()

    def pick_group(self, group: ActionGroup) -> None:
        """Quarters, sails and cards first show their places on the panel; asked again (the panel
        already showing), the list of all of them."""
        panel = PANEL_OF_GROUP.get(group.key)
        if panel is not None and self.panel != panel and len(group.actions) > 1:
            self.show_panel(panel)
            self.put_cursor_on(group.actions)
            self.say(f"{group.label}: ←→↑↓ to a place marked +, Enter; or the same digit again for the list.")
            return
        super().pick_group(group)

    def put_cursor_on(self, actions: Sequence[Action]) -> None:
        """The panel's cursor to the first place one of `actions` is at."""
        if self.panel == "cards":
            for i, row in enumerate(self.card_rows):
                if any(a in row.actions for a in actions):
                    self.card_at = i
                    break
        cursor = self.city if self.panel == "city" else self.sea if self.panel == "sea" else None
        if cursor is not None and cursor.current is not None and not cursor.current.actionable:
            cursor.next(1)
        self.redraw_board()

    # -- details (i) ---------------------------------------------------------------------------
    def details(self, view: MacaoView) -> tuple[str | Text, RenderableType]:
        return details(view, self.viewer)

    # -- keys ------------------------------------------------------------------------------------
    def show_panel(self, name: str) -> None:
        if name not in self.panels():
            self.say(f"There is nothing to show on {PANEL_NAMES.get(name, name)} now.", error=True)
            return
        self.panel = name
        self.redraw_board()

    def action_show(self, name: str) -> None:
        self.show_panel(name)

    def action_next_panel(self) -> None:
        shown = self.panels()
        at = shown.index(self.panel) if self.panel in shown else -1
        self.show_panel(shown[(at + 1) % len(shown)])

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.dice is not None:
            if self.panel != "dice":
                self.panel = "dice"
            self.dice.move(dx or dy)
        elif self.panel == "city":
            self.city.move(dx, dy)
        elif self.panel == "sea":
            self.sea.move(dx, dy)
        elif self.panel == "cards" and dx:
            # ←→ turn to another player's cards (public: tableau and active cards with their text)
            players = len(self.table.seats)
            self.card_owner = ((self.cards_of or 0) + dx) % players
            self.card_rows = cards.card_rows(self.view, self.cards_of, self.legal)
            self.card_at = 0 if self.card_rows else None
        elif self.panel == "cards" and self.card_rows:
            self.card_at = max(0, min(len(self.card_rows) - 1, (self.card_at or 0) + dy))
        else:
            return
        self.redraw_board()

    def action_jump(self, delta: int) -> None:
        if self.panel == "city" and self.city.next(delta):
            self.redraw_board()
        elif self.panel == "sea" and self.sea.next(delta):
            self.redraw_board()
        elif self.panel == "cards":
            actionable = [i for i, row in enumerate(self.card_rows) if row.actions]
            if actionable:
                at = self.card_at if self.card_at is not None else -1
                later = [i for i in actionable if (i - at) * delta > 0]
                self.card_at = (
                    (later[0] if delta > 0 else later[-1]) if later else actionable[0 if delta > 0 else -1]
                )
                self.redraw_board()

    def action_space(self) -> None:
        if self.dice is not None:
            self.mark_die(None)
            return
        self.action_pass_turn()

    def cubes_lost(self) -> str:
        """The viewer's unspent cubes, which passing would lose ("" when none)."""
        if self.viewer is None or self.view.step != "actions":
            return ""
        have = self.view.players[self.viewer].available
        return " ".join(f"{COLOURS[c]}{n}" for c, n in enumerate(have) if n)

    def action_pass_turn(self) -> None:
        """A pass that would throw cubes away is asked about first: Space also marks dice, and a
        key typed for the dice must not end an action turn."""
        lost = self.cubes_lost()
        if not lost or self.not_your_turn():
            super().action_pass_turn()
            return
        from ...screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                super(MacaoScreen, self).action_pass_turn()

        self.app.push_screen(
            ConfirmScreen(
                f"End your turn and lose {lost}?",
                "Unspent cubes go back to the supply.",
                yes="pass",
                no="go on",
            ),
            answered,
        )

    def mark_die(self, colour: int | None) -> None:
        assert self.dice is not None
        if colour is not None:
            self.dice.at = colour
        if not self.dice.toggle(colour):
            self.say("Two dice are marked: take a mark off first (Space on a marked die).", error=True)
            return
        self.notice = Text("")
        self.update_message()
        self.panel = "dice"
        self.redraw_board()

    def action_enter(self) -> None:
        if self.not_your_turn():
            return
        if self.dice is not None:
            self.take_dice()
            return
        moves = self.moves_here()
        if not moves:
            if self.panel in ("city", "sea", "cards"):
                self.say(
                    "Nothing to do there now: the places marked + take a move (Tab goes to the next).",
                    error=True,
                )
            else:
                self.say(
                    "Choose from the action list (1–9), or show the city (c), the sea (s) or the cards (a).",
                    error=True,
                )
            return
        self.choose_and_play(moves, self.place_title(moves))

    def place_title(self, moves: Sequence[Action]) -> str:
        first = moves[0]
        if isinstance(first, (TakeQuarter, Activate)) and all(isinstance(m, TakeQuarter) for m in moves):
            return f"{first.describe().split(',')[0]}: which cubes pay?"
        if isinstance(first, Activate) and all(
            isinstance(m, Activate) and m.card == first.card for m in moves
        ):
            return f"Activate {CARD[first.card].name}: how?"
        return "Which one?"

    def take_dice(self) -> None:
        assert self.dice is not None
        pair = self.dice.pair()
        if pair is None:
            if self.dice.at not in self.dice.marked:
                self.mark_die(None)
            else:
                self.say("Mark a second die (←→ and Space or Enter), then Enter takes both.", error=True)
            return
        a, b = pair
        moves = [m for m in self.legal if isinstance(m, ChooseDice) and (m.a, m.b) == (a, b)]
        if not moves:
            self.say("Those two dice cannot be taken.", error=True)
            return
        title = f"{colour_name(a).capitalize()} and {colour_name(b)}: what do your cards do?"
        self.choose_and_play(moves, title)

    def action_colour(self, letter: str) -> None:
        colour = COLOURS.index(letter)
        if self.dice is not None:
            self.mark_die(colour)
            return
        if self.view.step == "pay" and self.my_turn:
            moves = [m for m in self.legal if isinstance(m, PayCube) and m.colour == colour]
            if not moves:
                self.say(f"You have no {colour_name(colour)} cube to pay with.", error=True)
                return
            self.play(moves[0])
            return
        if letter == "G" and self.table.is_over():
            self.action_results()
            return
        self.say("A colour's letter pays a cube while paying, or marks a die in the dice phase.", error=True)

    def play_kind(self, kind: str, refusal: str) -> None:
        if self.not_your_turn():
            return
        moves = self.actions_of(kind)
        if not moves:
            self.say(refusal, error=True)
            return
        self.choose_and_play(moves, self.choice_title(kind, moves))

    def action_tribute(self) -> None:
        self.play_kind(
            "tribute", "No tribute now: once a turn (twice with the Envoy), in your turn, with the gold."
        )

    def action_wall(self) -> None:
        self.play_kind("wall", "No wall move now: once a round, in your action turn, with the cubes for it.")

    def action_deliver(self) -> None:
        self.play_kind(
            "deliver", "Nothing to deliver: your ship must be in a port that wants a good you carry."
        )

    def action_joker(self) -> None:
        self.play_kind("joker", "You have no joker to use now.")

    # -- the mouse -------------------------------------------------------------------------------
    def board_clicked(self, place: Hashable) -> None:
        self.map_clicked(cast(Place, place))  # the board posts the places it drew (panels.Hit)

    def map_clicked(self, place: Place) -> None:
        # place[0] picks the kind of place, and with it the type of place[1]
        if place[0] == "die" and self.dice is not None:
            self.mark_die(place[1])
            return
        if place[0] == "card":
            again = self.card_at == place[1]
            self.card_at = place[1]
        elif place[0] == "quarter":
            again = self.city.place == place[1]
            self.city.put(place[1])
        elif place[0] == "space":
            again = self.sea.place == place[1]
            self.sea.put(place[1])
        else:
            return
        self.redraw_board()
        if again and self.moves_here():
            self.action_enter()


if TYPE_CHECKING:
    # The keys reach the screen through Textual, untyped: here mypy holds the screen to what
    # they ask of it.
    _asked_by_keys: type[Asked] = MacaoScreen
