"""San Marco's screen: the frame's hooks (header, player rows, details, the action list) and what
the keys do. The map is venice.py and the lines under it tray.py, drawn by board.py from the
scene this screen gathers; the cursors (the map's, the picked card, the pile) live here, so the
keys' `when` (keys.py) can ask about them on a screen that has not been drawn.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from ....play.table import Table
from ....rules.core import Action
from ....rules.san_marco.actions import (
    Choose,
    Confirm,
    Decline,
    PickBanished,
    PlaceBridge,
    PlaceNeutral,
    PlayBanish,
    PlayBridge,
    PlayDistrict,
    PlayDoge,
    PlayTransfer,
    PutCard,
)
from ....rules.san_marco.data import (
    BRIDGES_PER_PAIR,
    DISTRICTS,
    LIMIT_OUT,
    NDISTRICTS,
    PAIRS,
    PERIODS,
    district_of_card,
)
from ....rules.san_marco.reckoning import DOGE_MAX_STEPS, Route, doge_reach, doge_routes, doge_steps, follow
from ....rules.san_marco.view import Offer, SanMarcoView
from ...boardkit import Target, TargetCursor
from ...screens.dialogs import ChoiceScreen
from ...screens.game import GameScreen
from ...widgets.actions import ActionGroup
from . import places
from .board import VeniceBoard
from .details import details
from .keys import HELP_NOTES, KEYMAP, Asked
from .layout import Layout
from .scene import MapPlace, Scene, current_offer, is_map_place
from .signs import (
    DOGE,
    card_help,
    card_label,
    colour_count,
    colour_label,
    colour_style,
    colour_symbol,
    is_neutral,
    limit_value,
)
from .tray import limit_after
from .venice import scores_text

STEP_TITLE = {
    "reroll": "SET-UP",
    "bridges": "SET-UP",
    "neutral_place": "NEUTRAL CUBES",
    "split": "DIVIDING",
    "choose": "CHOOSING",
    "resolve": "PLAYING CARDS",
    "banish_pick": "BANISHMENT",
    "free_banish": "FREE BANISHMENT",
    "over": "FINAL SCORES",
}

GROUP_LABELS = {
    "start_bridge": "Build a starting bridge",
    "play_banish": "Banish for free in",
    "pick_banished": "Remove which cubes",
    "place_neutral": "Put a neutral cube back in",
}

District = tuple[str, int]


def bridge_tuples(view: SanMarcoView) -> list[tuple[tuple[int, int], int]]:
    return [((a, b), owner) for a, b, owner in view.bridges]


class SanMarcoScreen(GameScreen[SanMarcoView]):
    KEYMAP = KEYMAP
    HELP_NOTES = HELP_NOTES

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.cursor = TargetCursor()
        self.map_kind: str | None = None  # "district" or "canal" while the map takes a move
        self.moves: dict[MapPlace, list[Action]] = {}
        self.card: int | None = None
        self.pile: int | None = None
        # What the last view asked of whom (step, period, round, offer, viewer, cards to play): the
        # picks start afresh when it changes.
        self._decision: tuple[str, int, int | None, int, int | None, tuple[str, ...]] | None = None
        self._cursor_for: tuple[str | None, int | None] | None = None

    # -- reading the table ---------------------------------------------------------------------
    def follow_decision(self, view: SanMarcoView) -> None:
        """The picked card, the pile under the cursor and the map's targets follow the new view;
        the action list (made next) names the picked card's piles."""
        step = view.step
        pending = view.pending
        decision = (step, view.period, view.round, view.offer_at, self.viewer, pending)
        new = decision != self._decision
        self._decision = decision
        offer = self.offer()
        if self.my_turn and step == "split" and offer and offer.cards is not None:
            if new or self.card is None or self.card >= len(offer.cards):
                self.card = 0
        elif self.my_turn and step == "resolve" and pending:
            if new or self.card is None or self.card >= len(pending):
                self.card = 0
        else:
            self.card = None
        if self.my_turn and step == "choose" and offer:
            open_piles = self.open_piles()
            if self.pile not in open_piles:
                self.pile = open_piles[0] if open_piles else None
        else:
            self.pile = None
        self.set_map_targets(new)

    def offer(self) -> Offer | None:
        return current_offer(self.view)

    def open_piles(self) -> list[int]:
        offer = self.offer()
        if not offer:
            return []
        return [p for p in range(offer.piles) if p not in offer.taken]

    def distinct_cards(self) -> list[int]:
        """The pending cards' indexes, one per kind of card: two equal cards play alike."""
        pending = self.view.pending
        return [i for i, card in enumerate(pending) if pending.index(card) == i]

    def played_card(self) -> int | None:
        """The index the rules use for the picked card (the first of equal cards)."""
        pending = self.view.pending
        if self.card is None or not 0 <= self.card < len(pending):
            return None
        return pending.index(pending[self.card])

    def set_map_targets(self, new: bool) -> None:
        kind, moves = self.map_moves()
        self.map_kind, self.moves = kind, moves
        layout = self.map_layout()
        targets = []
        if kind == "district":
            for d in range(NDISTRICTS):
                x, y = layout.district_point(d)
                targets.append(Target(("district", d), x, y, tuple(moves.get(("district", d), ()))))
        elif kind == "canal":
            for a, b in PAIRS:
                x, y = layout.canal_point((a, b))
                targets.append(Target(("canal", a, b), x, y, tuple(moves.get(("canal", a, b), ()))))
        # The cursor stays where it is while it can play there (the next card of a pile often
        # goes to the same district); a new player, or districts after canals, start afresh.
        if new and (kind, self.viewer) != self._cursor_for:
            self.cursor.place = None
        self._cursor_for = (kind, self.viewer)
        self.cursor.set_targets(targets, prefer_actionable=True)

    def map_moves(self) -> tuple[str | None, dict[MapPlace, list[Action]]]:
        """The map's kind of place for the viewer's decision ("district", "canal", or None when
        the map takes no move now) and the viewer's moves at each place."""
        if not self.my_turn:
            return None, {}
        step = self.view.step
        moves: dict[MapPlace, list[Action]] = {}

        def add(place: MapPlace, action: Action) -> None:
            moves.setdefault(place, []).append(action)

        if step == "bridges":
            for a in self.legal:
                if isinstance(a, PlaceBridge):
                    add(("canal", a.a, a.b), a)
            return "canal", moves
        if step in ("neutral_place", "free_banish"):
            for a in self.legal:
                if isinstance(a, PlaceNeutral):
                    add(("district", a.district), a)
                elif isinstance(a, PlayBanish):
                    add(("district", a.district), a)
            return "district", moves
        card = self.played_card()
        if step != "resolve" or card is None:
            return None, {}
        kind = "canal" if self.view.pending[card] == "bridge" else "district"
        for a in self.legal:
            if getattr(a, "card", None) != card or isinstance(a, Decline):
                continue
            if isinstance(a, PlayBridge):
                add(("canal", a.a, a.b), a)
            elif isinstance(a, PlayDistrict):
                add(("district", a.target), a)
            elif isinstance(a, (PlayTransfer, PlayBanish, PlayDoge)):
                add(("district", a.district), a)
        return kind, moves

    def map_layout(self) -> Layout:
        return Layout(*self.terminal_size())

    def map_place(self) -> MapPlace | None:
        """Where the map's cursor is, if anywhere (it holds only the places set_map_targets gave)."""
        place = self.cursor.place
        return place if is_map_place(place) else None

    def moves_here(self) -> list[Action]:
        place = self.map_place()
        return list(self.moves.get(place, ())) if self.map_kind is not None and place is not None else []

    # -- the scene ------------------------------------------------------------------------------
    def scene(self) -> Scene:
        view = self.view
        return Scene(
            view=view,
            names=[s.name for s in self.table.seats],
            viewer=self.viewer,
            acting=self.my_turn,
            place=self.map_place() if self.map_kind is not None else None,
            marked=frozenset(self.moves) if self.map_kind is not None else frozenset(),
            notes=self.doge_notes(),
            spots=places.spots(self.marked_places),
            card=self.card,
            pile=self.pile,
            hint=self.hint(),
        )

    # -- a walkthrough's places -----------------------------------------------------------------
    def lesson_places(self) -> frozenset[str]:
        """The places a walkthrough step may mark now: the districts, the canals, the Doge while
        he is on the board, the piles while their lines are under the map (the names: places.py)."""
        return places.available(self.view)

    def make_board(self) -> Widget:
        return VeniceBoard()

    def names(self) -> list[str]:
        return [s.name for s in self.table.seats]

    def who(self, colour: int) -> Text:
        return colour_label(self.view, colour, self.names())

    # -- the Doge -------------------------------------------------------------------------------
    def doge_card_picked(self) -> bool:
        card = self.played_card()
        return card is not None and self.view.pending[card] == "doge"

    def doge_routes(self) -> dict[int, Route]:
        view, seat = self.view, self.viewer
        if view.doge is None or seat is None:
            return {}
        return doge_routes(view.doge, bridge_tuples(view), seat, view.prestige[seat])

    def route_cost(self, route: Route) -> Text:
        """'free', '1: ●1', '2: bank 2', '2: ●1 ▲1'."""
        if not route.cost:
            return Text("free")
        text = Text(f"{route.cost}:")
        for owner, amount in route.paid:
            assert isinstance(owner, int)
            text.append(f" {colour_symbol(self.view, owner)}{amount}", style=colour_style(self.view, owner))
        if route.bank:
            text.append(f" bank {route.bank}")
        return text

    def doge_notes(self) -> dict[int, Text]:
        if not (self.my_turn and self.doge_card_picked()) or self.view.doge is None:
            return {}
        notes = {}
        for d, route in self.doge_routes().items():
            note = Text(f"{DOGE} ", style="bold")
            note.append_text(Text("stays") if d == self.view.doge else self.route_cost(route))
            notes[d] = note
        return notes

    def route_text(self, action: PlayDoge, scores: bool = True) -> Text:
        """How a Doge move reads: where he goes, over whose bridges, what it costs, what it scores
        (not when the dialog's title says it already)."""
        view = self.view
        d = DISTRICTS[action.district].name
        start = view.doge
        text = Text()
        if start is None:
            text.append(f"Place the Doge in {d}")
        elif not action.steps:
            text.append(f"Leave the Doge in {d}")
        else:
            route = follow(start, action.steps, bridge_tuples(view), self.viewer)
            text.append(" → ".join(DISTRICTS[x].name for x in route.path))
            text.append(" (")
            text.append_text(self.route_cost(route))
            text.append(")")
        if scores:
            text.append("; scores ")
            text.append_text(scores_text(view, action.district))
        return text

    def route_cost_of(self, action: PlayDoge) -> tuple[int, int]:
        start = self.view.doge
        if start is None or not action.steps:
            return (0, 0)
        return (follow(start, action.steps, bridge_tuples(self.view), self.viewer).cost, len(action.steps))

    def choose_route(self, moves: list[PlayDoge]) -> None:
        """The Doge's routes to one district, cheapest first; the title says what he scores.
        Routes that differ only in which of one owner's bridges on a canal they cross go through
        the same districts and pay the same people: one of them stands for all."""
        moves = sorted(moves, key=self.route_cost_of)
        # by the districts passed and who is paid what (or by the district alone, for no route)
        distinct: dict[tuple[object, ...], PlayDoge] = {}
        start = self.view.doge
        for move in moves:
            if start is None or not move.steps:
                distinct.setdefault((move.district,), move)
                continue
            route = follow(start, move.steps, bridge_tuples(self.view), self.viewer)
            distinct.setdefault((route.path, route.paid, route.bank), move)
        moves = list(distinct.values())
        if len(moves) == 1:
            self.play(moves[0])
            return
        d = moves[0].district
        title = f"The Doge to {DISTRICTS[d].name} (scores {scores_text(self.view, d).plain}): which route?"

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(moves):
                self.play(moves[index])

        labels = [self.route_text(m, scores=False) for m in moves]
        self.app.push_screen(
            ChoiceScreen(title, labels, "Whose bridges are crossed decides who is paid."), chosen
        )

    def can_walk_doge(self) -> bool:
        return self.my_turn and self.doge_card_picked() and self.view.doge is not None

    def action_walk_doge(self) -> None:
        """The Doge walked a step at a time, by any route: the move list offers the routes that
        never enter a district twice, and a player may want another (spec §5.5: crossing a bridge
        again is paid again; who is paid can matter)."""
        if self.not_your_turn():
            return
        card = self.played_card()
        if card is None or not self.can_walk_doge():
            self.say("w walks the Doge once a Doge card is picked and he is on the board.", error=True)
            return
        self.walk_doge(card, ())

    def walk_doge(self, card: int, steps: tuple[int, ...]) -> None:
        """One step of the walk: stop here (and score), or the steps open from here."""
        view, seat = self.view, self.viewer
        assert seat is not None
        bridges = bridge_tuples(view)
        assert view.doge is not None, "the Doge walks once he is on the board"
        route = follow(view.doge, steps, bridges, seat)
        here = route.destination
        left = view.prestige[seat] - route.cost
        stop = Text(f"Stop in {DISTRICTS[here].name}; scores ")
        stop.append_text(scores_text(view, here))
        labels: list[Text] = [stop]
        nexts: list[int | None] = [None]
        seen: set[tuple[int, int]] = set()  # (district, owner) of the steps listed
        for there, step, price in doge_steps(here, bridges, seat) if len(steps) < DOGE_MAX_STEPS else ():
            if price > left:
                continue
            if step < 0:
                label = Text(f"To {DISTRICTS[there].name} for {price} to the bank")
            else:
                owner = bridges[step][1]
                if (there, owner) in seen:
                    continue  # one line for each owner's bridges on a canal: they do the same
                seen.add((there, owner))
                label = Text(f"To {DISTRICTS[there].name} over ")
                label.append(colour_symbol(view, owner), style=colour_style(view, owner))
                label.append("'s bridge " + ("(yours: free)" if price == 0 else "(pays 1)"))
            labels.append(label)
            nexts.append(step)
        title = f"Walking the Doge: he is in {DISTRICTS[here].name}"
        if steps:
            title += " · paid so far: " + self.route_cost(route).plain
        note = "Each crossing of another player's bridge pays its owner 1, again each time. Esc: call it off."

        def chosen(index: int | None) -> None:
            if index is None or not 0 <= index < len(nexts):
                self.say("The Doge's walk is called off: nothing was played.")
                return
            step = nexts[index]
            if step is None:
                self.play(PlayDoge(card, here, steps))
            else:
                self.walk_doge(card, (*steps, step))

        self.app.push_screen(ChoiceScreen(title, labels, note), chosen)

    # -- the hint under the map ------------------------------------------------------------------
    def hint(self) -> Text:
        view = self.view
        step = view.step
        if not self.my_turn:
            return Text()
        text = Text("▸ ", style="bold")
        offer = self.offer()
        if step == "split" and offer and self.card is not None and offer.cards:
            card = offer.cards[self.card]
            text.append(card_label(card, long=True), style="bold")
            text.append(f": {card_help(card)}")
            return text
        if step == "choose" and offer and self.pile is not None and offer.cards and offer.draft is not None:
            limit = sum(limit_value(c) for c, p in zip(offer.cards, offer.draft) if p == self.pile)
            text.append(f"Pile {self.pile + 1}: ", style="bold")
            text.append(limit_after(view, self.viewer or 0, limit))
            return text
        place = self.map_place()
        if self.map_kind is None or place is None:
            return Text()
        moves = self.moves.get(place, [])
        if place[0] == "canal":
            _, a, b = place
            owners = [o for (x, y), o in bridge_tuples(view) if (x, y) == (a, b)]
            text.append(f"Canal {DISTRICTS[a].name} – {DISTRICTS[b].name}: ", style="bold")
            if owners:
                text.append(f"{len(owners)} bridge{'s' * (len(owners) != 1)} (")
                for i, owner in enumerate(owners):
                    text.append(" " if i else "")
                    text.append(colour_symbol(view, owner), style=colour_style(view, owner))
                text.append(")")
            else:
                text.append("no bridge")
            if moves:
                text.append(
                    " · Enter builds one"
                    if not any(getattr(m, "take", None) is not None for m in moves)
                    else " · Enter: take over a bridge to here"
                )
            elif len(owners) >= BRIDGES_PER_PAIR:
                text.append(" · full")
            return text
        d = place[1]
        text.append(f"{DISTRICTS[d].name}: ", style="bold")
        if not moves:
            text.append(self.why_not_here(d), style="dim")
            return text
        first = moves[0]
        if isinstance(first, PlayDoge):
            if len(moves) == 1:
                text.append_text(self.route_text(first))
            else:
                text.append(f"Enter: one of {len(moves)} routes; scores ")
                text.append_text(scores_text(view, d))
        elif isinstance(first, PlayDistrict):
            text.append("Enter places a cube here")
            if first.source is not None:
                text.append(" (moved from the board: your supply is empty)")
        elif isinstance(first, PlayTransfer):
            text.append("Enter replaces a cube of ")
            for i, colour in enumerate(dict.fromkeys(m.colour for m in moves if isinstance(m, PlayTransfer))):
                text.append(" or " if i else "")
                text.append_text(self.who(colour))
        elif isinstance(first, PlayBanish):
            cubes = view.cubes[d]
            own = cubes[self.viewer] if self.viewer is not None else 0
            foreign = sum(cubes) - own
            # the die is rolled after the district is named: say what stands here, not an outcome
            text.append(
                f"Enter rolls to banish here ({foreign} cube{'s' * (foreign != 1)} of others, {own} of yours)"
            )
        elif isinstance(first, PlaceNeutral):
            text.append("Enter puts a neutral cube here")
        return text

    def why_not_here(self, d: int) -> str:
        pending = self.view.pending
        card = self.played_card()
        kind = pending[card] if card is not None else ""
        if kind == "doge":
            doge, seat = self.view.doge, self.viewer
            if (
                doge is not None
                and seat is not None
                and d not in doge_reach(doge, bridge_tuples(self.view), seat)
            ):
                return "the Doge cannot get here: no run of bridges leads here"
            return "the Doge cannot get here for the prestige you have"
        if kind == "transfer":
            return "no cube of another colour to replace here"
        home = district_of_card(kind)
        if home is not None:
            return f"the {DISTRICTS[home].name} card places there, or across a bridge of yours"
        return "nothing to do here"

    # -- hooks ----------------------------------------------------------------------------------
    def header_text(self, view: SanMarcoView) -> Text:
        text = Text(f" {self.table.game.title}", style="bold")
        step = view.step
        if step not in ("reroll", "bridges", "over"):
            text.append(f" · period {view.period}/{PERIODS} · round {view.round}")
            if view.extra:
                text.append(" (extra)")
        text.append(" · ")
        text.append(STEP_TITLE.get(step, step.upper()), style="bold")
        return text

    def decision_title(self, view: SanMarcoView) -> str:
        return STEP_TITLE.get(view.step, "your move")

    def role_text(self, seat: int) -> Text:
        """The seat's part in this round: 'divides for ■ Dan', 'chooses 1st from ◆ Ann', 'took
        pile 2'; or 'out' when its limit cards reached the limit."""
        view = self.view
        text = Text(style="bold")
        for offer in view.offers:
            piles = [p for p, s in offer.taken.items() if s == seat]
            if piles:
                text.append(f"took pile {piles[0] + 1}")
                return text
            choosers = offer.choosers
            if offer.divider == seat:
                text.append("divides for ")
                text.append(" ".join(colour_symbol(view, c) for c in choosers))
                return text
            if seat in choosers:
                order = "" if len(choosers) == 1 else (" 1st", " 2nd")[choosers.index(seat)]
                text.append(f"chooses{order}")
                text.append(f" from {colour_symbol(view, offer.divider)}")
                return text
        if view.step not in ("reroll", "bridges", "over") and self.limit_total(seat) >= LIMIT_OUT:
            text.append(f"out (limit {LIMIT_OUT}+)")
        return text

    def limit_total(self, seat: int) -> int:
        limits = self.view.limits
        return sum(limits[seat]) if seat < len(limits) else 0

    def player_rows(self, view: SanMarcoView) -> list[Text]:
        """A row per colour on the board: prestige, limit cards, cubes in supply, bridges, and
        the player's part in this round (the neutral colour and the dummies have rows too)."""
        width = self.terminal_size()[0] - 1
        players = len(self.table.seats)
        colours = colour_count(view)
        heads = []
        for colour in range(colours):
            if colour < players:
                heads.append(self.player_prefix(colour))
            else:
                head = Text("  ")
                head.append_text(self.who(colour))
                heads.append(head)
        column = max(head.cell_len for head in heads) if heads else 0
        prestige = view.prestige
        supply = view.supply
        bridges = [owner for _, _, owner in view.bridges]
        rows = []
        for colour, row in enumerate(heads):
            row.append(" " * (column - row.cell_len))
            if is_neutral(view, colour):  # it scores for nobody; its cubes taken off wait aside
                row.append(f" its points are dropped · {view.neutral_aside} cubes set aside")
                rows.append(row)
                continue
            row.append(f" ★{prestige[colour]:>3}", style="bold")
            if colour < players:
                limits = view.limits[colour]
                total = sum(limits)
                cards = "+".join(map(str, limits))
                if len(cards) > 11:  # the column keeps its width: the cards are in details (i)
                    cards = f"{len(limits)} cards"
                limit = f"limit {total:>2}" + (f" ({cards})" if len(limits) > 1 else "")
                row.append(f"  {limit:<20}", style="bold" if total >= LIMIT_OUT else "")
            else:
                row.append(" " * 22)
            row.append(f" supply {supply[colour]:>2}")
            row.append(f"  bridges {bridges.count(colour)}")
            if colour < players:
                role = self.role_text(colour)
                if role.plain:
                    row.append("  ")
                    row.append_text(role)
            if row.cell_len > width:
                row.truncate(width, overflow="ellipsis")
            rows.append(row)
        return rows

    def private_note(self, view: SanMarcoView) -> Text | None:
        seat = self.viewer
        if seat is None:
            return None
        for offer in view.offers:
            if offer.divider == seat and not offer.revealed and offer.cards is not None:
                text = self.who(seat)
                text.append(": only you see your cards", style="dim")
                return text
        return None

    def group_label(self, kind: str, actions: list[Action]) -> str:
        if len(actions) == 1:
            label = self.action_label(actions[0])
            return label.plain if isinstance(label, Text) else label
        return GROUP_LABELS.get(kind, actions[0].describe())

    def choice_title(self, kind: str, actions: list[Action]) -> str:
        return GROUP_LABELS.get(kind, "Choose") + ": which one?"

    def action_label(self, action: Action) -> str | Text:
        view = self.view
        if isinstance(action, PlayDoge):
            return self.route_text(action)
        if isinstance(action, PlayTransfer):
            text = Text("Replace ")
            text.append_text(self.who(action.colour))
            text.append(f"'s cube in {DISTRICTS[action.district].name}")
            if action.source is not None:
                text.append(f" (yours from {DISTRICTS[action.source].name})")
            return text
        if isinstance(action, PickBanished):
            text = Text("Remove ")
            first = True
            for colour, n in enumerate(action.counts):
                if n:
                    text.append("" if first else ", ")
                    first = False
                    text.append_text(self.who(colour))
                    text.append(f" ×{n}")
            return text
        if isinstance(action, PlayBridge):
            where = f"{DISTRICTS[action.a].name} – {DISTRICTS[action.b].name}"
            text = Text()
            if action.take is not None:
                a, b, owner = view.bridges[action.take]
                text.append("Take ")
                text.append_text(self.who(owner))
                text.append(f"'s bridge {DISTRICTS[a].name} – {DISTRICTS[b].name}")
                text.append(f", to {where}" if (a, b) != (action.a, action.b) else ", leaving it there")
            else:
                text.append(f"Build a bridge {where}")
            if action.source is not None:
                text.append(f" (cube from {DISTRICTS[action.source].name})")
            return text
        if isinstance(action, Choose):
            offer = self.offer()
            if offer and offer.cards is not None and offer.draft is not None:
                cards = [c for c, p in zip(offer.cards, offer.draft) if p == action.pile]
                limit = sum(limit_value(c) for c in cards)
                return (
                    f"Take pile {action.pile + 1}: "
                    + ", ".join(card_label(c) for c in cards)
                    + f" (limit +{limit})"
                )
        if isinstance(action, Decline):
            if action.card < 0:
                return action.describe()
            pending = view.pending
            if 0 <= action.card < len(pending):
                return f"Give up the {card_label(pending[action.card], long=True)}"
        return action.describe()

    def action_groups(self, view: SanMarcoView, legal: list[Action]) -> list[ActionGroup]:
        step = view.step
        offer = self.offer()
        if step == "split" and offer and offer.draft is not None and self.card is not None:
            groups = []
            where = offer.draft[self.card]
            for p in range(offer.piles):
                if p == where:
                    groups.append(
                        ActionGroup("here", f"(the card is in pile {p + 1})", [], counted=False, number=p + 1)
                    )
                else:
                    put: list[Action] = [
                        a for a in legal if isinstance(a, PutCard) and a.card == self.card and a.pile == p
                    ]
                    groups.append(ActionGroup("put", f"Move it to pile {p + 1}", put, number=p + 1))
            confirm: list[Action] = [a for a in legal if isinstance(a, Confirm)]
            groups.append(
                ActionGroup(
                    "confirm",
                    "Done: offer these piles" if confirm else "Done (each pile needs a card)",
                    confirm,
                    counted=False,
                )
            )
            return groups
        if step == "choose":
            return [
                ActionGroup("choose", str(self.group_label("choose", [a])), [a], number=self.action_number(a))
                for a in legal
            ]
        if step == "resolve":
            pending = view.pending
            groups = []
            for i in self.distinct_cards():
                acts = [a for a in legal if getattr(a, "card", None) == i and not isinstance(a, Decline)]
                label = f"Play the {card_label(pending[i], long=True)}" + ("…" if len(acts) != 1 else "")
                groups.append(ActionGroup(f"card:{i}", label, acts, counted=False))
            declines: list[Action] = [a for a in legal if isinstance(a, Decline)]
            if declines:
                groups.append(
                    ActionGroup(
                        "decline",
                        "Give up a card…" if len(declines) > 1 else str(self.action_label(declines[0])),
                        declines,
                        counted=False,
                    )
                )
            return groups
        if step == "banish_pick" and len(legal) <= 9:
            return [ActionGroup("pick", str(self.group_label("pick", [a])), [a]) for a in legal]
        return super().action_groups(view, legal)

    def action_number(self, action: Action) -> int | None:
        """Piles by their number in the tray; a district named alone (a neutral cube, the free
        banishment) by the die number in its box on the map."""
        if isinstance(action, (Choose, PutCard)):
            return action.pile + 1
        if isinstance(action, (PlaceNeutral, PlayBanish)):
            return DISTRICTS[action.district].die
        return None

    def pick_group(self, group: ActionGroup) -> None:
        key = group.key
        if key == "here":
            self.say("The card is in that pile already.", error=True)
            return
        if key == "confirm" and not group.actions:
            self.play(Confirm())  # the rules say why not
            return
        if key.startswith("card:"):
            self.card = int(key[5:])
            self.set_map_targets(False)
            self.redraw_board()
            pending = self.view.pending
            if not group.actions:
                self.say(
                    f"The {card_label(pending[self.card], long=True)} has no move now: d gives it up.",
                    error=True,
                )
                return
            title = f"Play the {card_label(pending[self.card], long=True)}: how?"
            self.choose_and_play(
                self.distinct(group.actions), title, "Or Esc, move the cursor on the map and press Enter."
            )
            return
        if key == "decline" and len(group.actions) > 1:
            self.choose_and_play(group.actions, "Give up which card?")
            return
        super().pick_group(group)

    # -- details (i) -----------------------------------------------------------------------------
    def details(self, view: SanMarcoView) -> tuple[str | Text, RenderableType]:
        return details(view, self.viewer)

    # -- keys ------------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        step = self.view.step
        if self.my_turn and step == "split":
            if dx:
                self.step_card(dx)
            else:
                self.move_card(dy)
            return
        if self.my_turn and step == "choose":
            piles = self.open_piles()
            if piles and self.pile in piles:
                self.pile = piles[(piles.index(self.pile) + (dx or dy)) % len(piles)]
                self.redraw_board()
            return
        if self.map_kind is None:
            return
        self.cursor.move(dx, dy)
        self.redraw_board()

    def split_order(self) -> list[int]:
        offer = self.offer()
        if not offer or offer.draft is None:
            return []
        draft = offer.draft
        return sorted(range(len(draft)), key=lambda i: (draft[i], i))

    def step_card(self, delta: int) -> None:
        order = self.split_order()
        if not order or self.card is None:
            return
        self.card = order[(order.index(self.card) + delta) % len(order)]
        self.refresh_groups()

    def move_card(self, delta: int) -> None:
        offer = self.offer()
        if not offer or self.card is None or offer.draft is None:
            return
        pile = offer.draft[self.card] + delta
        if not 0 <= pile < offer.piles:
            self.say(f"There is no pile {pile + 1}: the piles are 1 to {offer.piles}.", error=True)
            return
        self.play(PutCard(self.card, pile))

    def refresh_groups(self) -> None:
        """The picked card changed: the action list (its piles) and the board follow."""
        self.groups = self.action_groups(self.view, self.legal) if self.legal else []
        if self.is_mounted and getattr(self.app, "game_screen", self) is self:
            from ...widgets.actions import ActionList

            self.query_one(ActionList).show(self.groups, self.idle_text())
        self.redraw_board()

    def action_next_card(self) -> None:
        if self.not_your_turn():
            return
        step = self.view.step
        if step == "split":
            self.step_card(1)
            return
        cards = self.distinct_cards()
        if step != "resolve" or not cards:
            self.say("There is no card to pick now.", error=True)
            return
        if len(cards) == 1:
            self.say("That is your only card.", error=True)
            return
        at = self.played_card()
        self.card = cards[(cards.index(at) + 1) % len(cards)] if at in cards else cards[0]
        self.set_map_targets(True)
        self.redraw_board()

    def action_enter(self) -> None:
        if self.not_your_turn():
            return
        step = self.view.step
        if step == "split":
            self.play(Confirm())
            return
        if step == "choose":
            if self.pile is not None:
                self.play(Choose(self.pile))
            return
        if self.map_kind is None:
            self.say("Choose from the action list.", error=True)
            return
        place = self.map_place()
        moves = self.moves_here()
        if place is None or not moves:  # without a place there are no moves here either
            if place is not None and place[0] == "district":
                self.say(f"{DISTRICTS[place[1]].name}: {self.why_not_here(place[1])}.", error=True)
            else:
                self.say("No move there: the marked places take this card.", error=True)
            return
        if len(moves) == 1:
            self.play(moves[0])
            return
        if all(isinstance(m, PlayDoge) for m in moves):
            self.choose_route([m for m in moves if isinstance(m, PlayDoge)])
            return
        where = (
            DISTRICTS[place[1]].name
            if place[0] == "district"
            else f"{DISTRICTS[place[1]].name} – {DISTRICTS[place[2]].name}"
        )
        self.choose_and_play(self.distinct(moves), f"{where}: which?")

    def distinct(self, moves: list[Action]) -> list[Action]:
        """One move of each effect: taking over one or another of a player's bridges on the same
        canal reads the same and does the same, and is offered once."""
        seen: dict[str, Action] = {}
        for move in moves:
            label = self.action_label(move)
            seen.setdefault(label.plain if isinstance(label, Text) else label, move)
        return list(seen.values())

    def action_decline(self) -> None:
        if self.not_your_turn():
            return
        step = self.view.step
        if step == "free_banish":
            self.play(Decline(-1))
            return
        card = self.played_card()
        if step != "resolve" or card is None:
            self.say("There is no card to give up now.", error=True)
            return
        self.play(Decline(card))

    def action_jump(self, delta: int) -> None:
        if self.map_kind is not None and self.cursor.next(delta):
            self.redraw_board()

    # -- the mouse -------------------------------------------------------------------------------
    def board_clicked(self, place: Hashable) -> None:
        if is_map_place(place):
            self.map_clicked(place)
            return
        match place:
            case ("card", int(index)):
                self.card_clicked(index)
            case ("pile", int(pile)):
                self.pile_clicked(pile)

    def map_clicked(self, place: MapPlace) -> None:
        if self.map_kind is None:
            return
        again = self.cursor.place == place
        if not self.cursor.put(place):
            return
        self.redraw_board()
        if again:
            self.action_enter()

    def card_clicked(self, index: int) -> None:
        if not self.my_turn or self.view.step not in ("split", "resolve"):
            return
        self.card = index
        if self.view.step == "split":
            self.refresh_groups()
        else:
            self.set_map_targets(True)
            self.redraw_board()

    def pile_clicked(self, pile: int) -> None:
        if not self.my_turn or self.view.step != "choose" or pile not in self.open_piles():
            return
        if self.pile == pile:
            self.play(Choose(pile))
            return
        self.pile = pile
        self.redraw_board()


if TYPE_CHECKING:
    # The keys reach the screen through Textual, untyped: here mypy holds the screen to what
    # they ask of it.
    _asked_by_keys: type[Asked] = SanMarcoScreen
