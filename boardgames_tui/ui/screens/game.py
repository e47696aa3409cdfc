"""GameScreen: the frame every game's screen shares.

    header      game · round · phase                      who acts (name, colour, symbol)
    board       the game's own picture (a subclass's widget)
    players     one line per player
    private     ── log ─────────── what only the viewer may see ──
    log | actions
    message     why a move was refused, what undo did (wrapped, up to three lines)
    keys        the keys that work here (the key map's rows that apply now)

A game's board package subclasses this, supplies the board widget and its KEYMAP (boardkit) and
fills in the hooks; it never
changes game state itself: every move goes through `play()`, which asks the app (and so the Table).
The app decides who is looking (`viewer`) and hides the screen behind a hand-off when that changes.

The hooks, all optional (each has a plain default here):

    make_board() -> Widget                          the board (widgets/sceneboard.py): it is
                                                    shown scene() after every change
    scene() -> the game's Scene                     what the board draws now, gathered here
    board_clicked(place) -> None                    a place on the board was clicked
    header_text(view) -> Text                       the left part of the header
    player_rows(view) -> list[Text]                 the player strip
    private_note(view) -> Text | None               the viewer's secrets, right of "── log"
    action_groups(view, legal) -> list[ActionGroup] the numbered action list; a group the board
                                                    prints a number for carries it (`number`),
                                                    and that digit picks it
    action_number(action) -> int | None             the number the board prints for this choice
                                                    (the default grouping lists it alone with it)
    group_label / choice_title / action_label       how groups, choices and actions read
    pick_group(group) -> None                       a digit (or click) picked this group
    details(view) -> (title, renderable)            the `i` screen: public facts about every
                                                    player, plus the viewer's own secrets
    decision_title(view) -> str                     the decision in words ("PLANTING")
    follow_decision(view) -> None                   new view and moves: the board's picks follow,
                                                    before the action list is made
    on_view_changed() -> None                       after every refresh
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from typing import Any, ClassVar, Generic, cast

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.geometry import Region
from textual.widget import Widget
from typing_extensions import TypeVar

from ...play.table import Table
from ...rules.core import Action
from ...rules.view import View, encode
from .. import theme
from ..boardkit import KeyMap, digits_row, row
from ..requests import AskQuit, GoOn, ShowCaption, ShowHelp, ShowResults, host
from ..widgets.actions import ActionGroup, ActionList, digit_name, digits, group_actions
from ..widgets.log import LogPane
from ..widgets.plain import Plain
from ..widgets.players import KeyBar, PlayerStrip
from ..widgets.sceneboard import BoardClicked, SceneBoard
from ..widgets.stripboard import StripBoard
from .base import BaseScreen
from .dialogs import ChoiceScreen

# The view a game's screen is shown from (what its table's `view` gives). A board's screen names
# its game's own (GameScreen[SantiagoView]).
ViewT = TypeVar("ViewT", bound="View[Any]", default="View[Any]")


class GenericBoard(Plain):
    """The fallback board for a game that has no board module yet: its public facts as text (its
    scene is the view)."""

    def show(self, view: View[Any]) -> None:
        lines = []
        for key, value in encode(view).items():
            if key in ("players", "options", "viewer", "game"):
                continue
            lines.append(f"{key}: {value}")
        self.update("\n".join(lines[:8]))


# -- when a key applies (the key map's `when`; each gets the screen) -----------------------------


def my_turn(screen: GameScreen[Any]) -> bool:
    return screen.my_turn


def can(*kinds: str) -> Callable[[GameScreen[Any]], bool]:
    """A row that applies when the viewer has a legal action of one of these kinds."""

    def applies(screen: GameScreen[Any]) -> bool:
        return bool(screen.actions_of(*kinds))

    return applies


def can_undo(screen: GameScreen[Any]) -> bool:
    if screen.in_lesson:
        return False  # a walkthrough goes back a step from its caption instead
    if screen.table.undo_count(screen.viewer) > 0:
        return True
    # The keyboard passed without a hand-off: the one who moved may take it back (Flow.undo_seat).
    return screen.is_attached and host(screen).undo_seat() is not None


def game_over(screen: GameScreen[Any]) -> bool:
    return screen.table.is_over()


def frame_keys(details: str = "details", details_help: str = "") -> KeyMap:
    """The keys every game screen has; a board's key map puts its own rows before (or among)
    these. `details` names what `i` shows in that game ("tableaus", "payouts")."""
    return KeyMap(
        (
            digits_row(
                "action",
                my_turn,
                "pick from the action list, where every legal move is (a group with several "
                "moves asks which); where the board prints a number for a choice (a pile, a row, "
                "a district), that digit picks it",
                footer=False,
            ),
            row("Space", "pass", ("space", "pass_turn"), when=can("pass")),
            row(
                "u",
                "undo",
                ("u", "undo"),
                when=can_undo,
                help="take back your last move and the bot moves after it, while no other person has "
                "acted and nothing new was revealed",
            ),
            row("g", "results", ("g", "results"), when=game_over, help="the results again"),
            row(
                "i",
                details,
                ("i", "details"),
                help=details_help or "details on every player (public facts, and your own secrets)",
            ),
            row("l", "log", ("l", "show_log"), help="the whole log"),
            row("?", "help", ("question_mark", "help"), essential=True, help="this help"),
            row(
                "q",
                "quit",
                ("q", "quit"),
                essential=True,
                help="quit (asks first; the game is saved after every move)",
            ),
            row("Esc", "clear the message", ("escape", "clear_message"), footer=False, palette=False),
        )
    )


def bindings_of(keymap: KeyMap) -> list[BindingType]:
    return [Binding(key, action, label, show=False) for key, action, label in keymap.bindings()]


class GameScreen(BaseScreen[None], Generic[ViewT]):
    """The shared frame. Subclasses override `make_board` and the hooks marked below, and set
    KEYMAP (their board's rows plus `frame_keys()`): bindings, footer, help and the command
    palette all come from it."""

    KEYMAP: ClassVar[KeyMap] = frame_keys()
    BINDINGS = bindings_of(KEYMAP)
    # Prose for the help screen after the key table: what the board's signs mean.
    HELP_NOTES = ""
    PASS_KINDS = ("pass",)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The bindings are the key map's, made before Textual merges the class's bindings.
        if "KEYMAP" in cls.__dict__:
            cls.BINDINGS = bindings_of(cls.KEYMAP)
        super().__init_subclass__(**kwargs)

    def __init__(self, table: Table):
        super().__init__()
        self.table = table
        self.viewer: int | None = None  # whose private information this screen may show
        self.actor: int | None = None  # whose decision is pending (None when over)
        # Empty until the first read_table, which comes before any hook is given the view.
        self.view: ViewT = cast(ViewT, {})
        self.legal: list[Action] = []
        self.groups: list[ActionGroup] = []
        self.notice: Text = Text("")

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Plain(id="header", classes="topline")
        board = self.make_board()
        if board.id is None:
            board.id = "board"
        yield board
        yield PlayerStrip(id="players")
        yield Plain(id="private-bar")
        with Horizontal(id="bottom"):
            yield LogPane(id="log")
            yield ActionList(id="actions")
        yield Plain(id="message")
        yield KeyBar(id="keys")

    # Set by the app when this screen shows a walkthrough's step (play/lesson.py).
    in_lesson = False
    # Set by the app while the review steps through a finished game: nobody is thinking then.
    in_review = False
    # The parts a walkthrough's caption may point at (learn/script.py FRAME_PARTS): their widgets.
    PARTS = {
        "header": "#header",
        "board": "#board",
        "players": "#players",
        "log": "#log",
        "actions": "#actions",
        "footer": "#keys",
    }

    # The places on the board a walkthrough step points at (learn/script.py: a step's `places`).
    marked_places: frozenset[str] = frozenset()

    def mark_parts(self, parts: Collection[str], places: Iterable[str] = ()) -> None:
        """Outline the parts a walkthrough step talks about (and only those), and mark the places
        on the board it names."""
        for name, selector in self.PARTS.items():
            self.query_one(selector).set_class(name in parts, "lesson-mark")
        places = frozenset(places)
        if places != self.marked_places:
            self.marked_places = places
            self.refresh_view(force=True)

    def marked_regions(self) -> list[Region]:
        """Where on the screen the marks of a walkthrough's step are: each marked part's widget,
        and each board line that a marked place is drawn on. A caption keeps off them."""
        regions = [
            self.query_one(selector).region
            for name, selector in self.PARTS.items()
            if self.query_one(selector).has_class("lesson-mark")
        ]
        board = self.query_one("#board")
        if not self.marked_places:
            return regions
        if not isinstance(board, StripBoard) or not isinstance(self.view, View):
            return [*regions, board.region]
        shown = cast(SceneBoard, board)
        # The lines a mark is drawn on are the ones that read otherwise without the marks: the
        # board is shown the scene without them for a moment (every board draws them its own way).
        marked = [board.line_key(y) for y in range(board.line_count())]
        kept = self.marked_places
        self.marked_places = frozenset()
        try:
            shown.show(self.scene())
            plain = [board.line_key(y) for y in range(board.line_count())]
        finally:
            self.marked_places = kept
            shown.show(self.scene())
        if len(plain) != len(marked):
            return [*regions, board.region]
        area = board.region
        top = area.y - board.scroll_offset.y
        lines = [Region(area.x, top + y, area.width, 1) for y, key in enumerate(marked) if key != plain[y]]
        return regions + [line for line in lines if area.overlaps(line)]

    def lesson_places(self) -> frozenset[str]:
        """Hook: the names of the places this board can mark now, in the walkthrough files' words
        (a field "4,2", a district "San Marco"…). A board draws each place in `marked_places`
        in reverse video, so it stands out without colour."""
        return frozenset()

    def make_board(self) -> Widget:
        """Hook: the game's board widget (a SceneBoard): it is shown `scene()` on every change."""
        return GenericBoard(id="board")

    def scene(self) -> object:
        """Hook: what the board draws now, in the board's own terms (its game's Scene): the board
        reads this and nothing of the screen. The generic board's scene is the view."""
        return self.view

    def board_clicked(self, place: Hashable) -> None:
        """Hook: a place on the board was clicked (as the board's scene names it)."""

    def on_board_clicked(self, message: BoardClicked) -> None:
        message.stop()
        if isinstance(self.view, View):
            self.board_clicked(message.place)

    def terminal_size(self) -> tuple[int, int]:
        """The screen's size in cells; 80×24 while it is not shown (its hooks are read, and its
        scene made, on screens that are not mounted)."""
        if not self.is_mounted:
            return 80, 24
        return self.size.width or 80, self.size.height or 24

    def show_board(self) -> None:
        """Give the board the scene as it is now."""
        board = self.query_one("#board")
        assert isinstance(board, SceneBoard), "a board is shown scenes (widgets/sceneboard.py)"
        board.show(self.scene())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Until the screen has read its table there is no view for a game's keys to read: a key
        that comes with the screen (in a batch over SSH, or pasted) does nothing then, except
        asking for help or to quit."""
        return isinstance(self.view, View) or action in ("help", "quit")

    # -- hooks for a game ----------------------------------------------------------------------
    def header_text(self, view: ViewT) -> Text:
        text = Text(f" {self.table.game.title}", style="bold")
        if view.round is not None:
            text.append(f" · round {view.round}")
        if view.phase:
            text.append(f" · {view.phase.upper()}")
        return text

    def player_rows(self, view: ViewT) -> list[Text]:
        rows = []
        for seat in range(len(self.table.seats)):
            row = self.player_prefix(seat)
            players = view.players
            entry = encode(players[seat]) if seat < len(players) else None
            points = entry.get("points") if isinstance(entry, dict) else None
            if points is not None:
                row.append(f" ★{points}")
            rows.append(row)
        return rows

    def private_note(self, view: ViewT) -> Text | None:
        """What only the viewer may see, for the bar above the log (e.g. their money)."""
        return None

    def group_label(self, kind: str, actions: list[Action]) -> str:
        if len(actions) == 1:
            return actions[0].describe()
        return actions[0].describe().split(" ")[0] + "…"

    def choice_title(self, kind: str, actions: list[Action]) -> str:
        return self.group_label(kind, actions).rstrip("…") + ": which one?"

    def action_label(self, action: Action) -> str | Text:
        """How one action reads in a choice list."""
        return action.describe()

    def keys_help(self) -> str:
        """The help screen's keys: the key map's table, then the board's notes."""
        text = self.KEYMAP.help_markdown()
        if self.HELP_NOTES:
            text += "\n\n" + self.HELP_NOTES.strip()
        return text

    def action_groups(self, view: ViewT, legal: list[Action]) -> list[ActionGroup]:
        """The numbered action list: by default the legal actions grouped by kind, each action the
        board prints a number for alone, with that number."""
        return group_actions(legal, self.group_label, self.action_number)

    def action_number(self, action: Action) -> int | None:
        """Hook: the number the board prints for the choice this action makes (a pile, a row, a
        district), so that digit picks it; None where the board prints none."""
        return None

    def pick_group(self, group: ActionGroup) -> None:
        """A digit or a click picked `group` (it is the viewer's turn and the group exists)."""
        self.choose_and_play(group.actions, self.choice_title(group.key, group.actions))

    def details(self, view: ViewT) -> tuple[str | Text, RenderableType]:
        """The `i` screen: a title and what it shows. Only what `view` holds may appear: public
        facts about every player, and the viewer's own secrets (the view has them only for the
        viewer). The default lists each player's plain facts from the view."""
        lines = Text()
        players = view.players
        for seat, player in enumerate(players):
            if seat:
                lines.append("\n")
            lines.append_text(theme.seat_label(seat, self.table.name(seat)))
            facts = encode(player)
            if isinstance(facts, dict):
                for key, value in facts.items():
                    if key == "name" or value is None:
                        continue
                    lines.append(f"\n    {key.replace('_', ' ')}: {value}")
        if not players:
            lines.append("Nothing more to show for this game.", style="dim")
        return "Players", lines

    def footer_items(self) -> list[tuple[str, bool]]:
        """The footer: the key map's rows that apply now, each with whether it must be kept when
        the line is too narrow for all of them."""
        return self.KEYMAP.footer(self)

    def refresh_footer(self) -> None:
        """For a board whose cursor changed what Enter would do (the footer follows it)."""
        if self.is_mounted and getattr(self.app, "game_screen", self) is self:
            self.query_one(KeyBar).show(self.footer_items())

    def redraw_board(self) -> None:
        """After a cursor or a pick on the screen changed (not the game): the board redraws the
        lines that changed, and the footer follows what Enter would do now."""
        if self.is_mounted and getattr(self.app, "game_screen", self) is self:
            self.show_board()
            self.refresh_footer()

    def decision_title(self, view: ViewT) -> str:
        """The decision in a few words, for "Ann, you act again: …" (the phase by default)."""
        phase, step = view.phase, view.step
        words = [phase.upper()]
        if step and step not in ("actions", phase):
            words.append(step)
        return " · ".join(w for w in words if w) or "your move"

    def on_view_changed(self) -> None:
        """Hook: called after every refresh, for a board to adjust what it highlights."""

    # -- helpers for subclasses ----------------------------------------------------------------
    def player_prefix(self, seat: int) -> Text:
        """'▶ ◆ Ann' (the arrow only for the seat to act), padded to a common width."""
        width = max(len(s.name) for s in self.table.seats)
        text = Text()
        text.append("▶" if seat == self.actor else " ", style="bold")
        text.append(f"{theme.symbol(seat)} {self.table.name(seat):<{width}}", style=theme.seat_style(seat))
        if self.table.is_bot(seat):
            text.append("·bot", style="dim")
        else:
            text.append("    ")
        return text

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    # -- showing -------------------------------------------------------------------------------
    def show(self, viewer: int | None, actor: int | None) -> None:
        """Called by the app: who is looking and who acts next."""
        changed = (viewer, actor) != (self.viewer, self.actor)
        self.viewer = viewer
        self.actor = actor
        if changed:
            self.notice = Text("")
        self.refresh_view()

    def _key(self) -> tuple[object, ...]:
        steps = self.table.record.steps
        return (
            len(steps),
            steps[-1] if steps else None,
            self.viewer,
            self.actor,
            self.size.width,
            self.size.height,
        )

    def refresh_view(self, force: bool = False) -> None:
        """Redraw from the table; skipped when nothing it depends on changed (unless forced)."""
        # A screen the app has let go of (a game left for the launcher, then another opened) may
        # still get a late resize callback: its widgets are gone, and there is nothing to draw.
        if not self.is_mounted or getattr(self.app, "game_screen", self) is not self:
            return
        if self._closing or self._closed:  # being taken down (the app quits): nothing to draw on
            return
        key = self._key()
        if not force and key == getattr(self, "_shown_key", None):
            return
        table = self.table
        view = self.read_table()
        if not view:
            # A shared table's update that holds nothing for this viewer (the seat was left as the
            # update came): the app's next step changes the viewer; there is nothing to draw yet.
            return
        self._shown_key = key

        header = self.header_text(view)
        turn = self.turn_text()
        gap = max(2, self.terminal_size()[0] - header.cell_len - turn.cell_len - 1)
        header.append(" " * gap)
        header.append_text(turn)
        self.query_one("#header", Plain).update(header)
        self.show_board()
        self.query_one(PlayerStrip).show(self.player_rows(view))
        self.query_one("#private-bar", Plain).update(self.private_bar())
        self.query_one(LogPane).show(table.log_for(self.viewer))
        self.query_one(ActionList).show(self.groups, self.idle_text())
        self.query_one(KeyBar).show(self.footer_items())
        self.update_message()
        self.on_view_changed()

    def read_table(self) -> ViewT | None:
        """Take the view, the legal actions and the action groups for `viewer` from the table
        (no drawing: the hooks that only read these work on a screen that is not mounted)."""
        table = self.table
        view = table.view(self.viewer)
        if view is None:  # a shared table's update held nothing for this seat: keep what is shown
            return None
        # A table gives its game's view: the one this game's screen names.
        self.view = cast(ViewT, view)
        self.legal = (
            table.legal(self.viewer)
            if (self.viewer is not None and self.actor == self.viewer and not table.is_over())
            else []
        )
        self.follow_decision(self.view)
        self.groups = self.action_groups(self.view, self.legal) if self.legal else []
        return self.view

    def follow_decision(self, view: ViewT) -> None:
        """Hook: the view and the legal moves are new; a board updates what its action list and
        keys depend on (a card picked, a cursor) before the action list is made."""

    def turn_text(self) -> Text:
        table = self.table
        if table.is_over():
            return Text("game over", style="bold")
        if self.actor is None:
            return Text("")
        text = Text()
        text.append("▶ ", style="bold")
        text.append_text(theme.seat_label(self.actor, table.name(self.actor)))
        if table.is_bot(self.actor):
            text.append(f" {table.bot_tag(self.actor)}")
        elif self.actor == self.viewer:
            text.append(" to act")
        return text

    def idle_text(self) -> Text:
        table = self.table
        if table.is_over():
            return Text("The game is over. g results  q quit", style="bold")
        if self.actor is None:
            return Text("")
        text = Text()
        text.append_text(theme.seat_label(self.actor, table.name(self.actor)))
        if table.is_bot(self.actor) and not self.in_review:
            text.append(f" {table.bot_tag(self.actor)} is thinking…")
        else:
            text.append(" moved next." if self.in_review else " is next.")
        return text

    def private_bar(self) -> Text:
        width = max(40, self.terminal_size()[0])
        left = Text("── log ", style="dim")
        note = self.private_note(self.view) if self.viewer is not None else None
        right = Text("")
        if note is not None and note.plain:
            right = Text(" ")
            right.append_text(note)
            right.append(" ──", style="dim")
        fill = max(1, width - left.cell_len - right.cell_len)
        left.append("─" * fill, style="dim")
        left.append_text(right)
        return left

    def say(self, text: str | Text, error: bool = False) -> None:
        style = "bold reverse" if error else "italic"
        if isinstance(text, str):
            self.notice = Text(text, style=style)
        else:
            self.notice = Text("", style=style)
            self.notice.append_text(text)
        self.update_message()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.call_after_refresh(self.refresh_view)

    def update_message(self) -> None:
        if not self.is_mounted or getattr(self.app, "game_screen", self) is not self:
            return
        if self._closing or self._closed:  # being taken down: its widgets are going
            return
        message = self.notice
        warning = self.table.save_error
        if warning:
            # Kept above whatever else is said until a save succeeds: the player must not miss
            # that quitting now would lose the game.
            shown = Text(f"⚠ {warning}", style="bold reverse")
            if message.plain:
                shown.append("\n")
                shown.append_text(message)
            message = shown
        self.query_one("#message", Plain).update(message)

    # -- acting --------------------------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Send a move to the app; a refusal shows its reason in the message line."""
        self.notice = Text("")  # what was said before this move is stale after it
        reason = host(self).human_play(action)
        if reason:
            self.say(reason, error=True)
            return False
        return True

    def choose_and_play(self, actions: Sequence[Action], title: str, note: str = "") -> None:
        """One action: play it. Several: ask which, then play it. None: say so."""
        actions = list(actions)
        if not actions:
            self.say("Nothing to choose from here.", error=True)
            return
        if len(actions) == 1:
            self.play(actions[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(actions):
                self.play(actions[index])

        self.app.push_screen(ChoiceScreen(title, [self.action_label(a) for a in actions], note), chosen)

    def actions_of(self, *kinds: str) -> list[Action]:
        return [a for a in self.legal if a.kind in kinds]

    # -- keys ----------------------------------------------------------------------------------
    def not_your_turn(self) -> bool:
        if self.legal:
            return False
        if self.table.is_over():
            self.say("The game is over: g shows the results.", error=True)
        elif self.actor is not None and self.table.is_bot(self.actor):
            self.say(
                f"{self.table.name(self.actor)} {self.table.bot_tag(self.actor)} is playing; please wait.",
                error=True,
            )
        else:
            self.say("It is not your turn.", error=True)
        return True

    def group_of_digit(self, digit: int) -> ActionGroup | None:
        """The group a digit picks now (the one the action list shows with it)."""
        for group, shown in zip(self.groups, digits(self.groups)):
            if shown == digit:
                return group
        return None

    def action_pick(self, index: int) -> None:
        """A digit key (the boardkit's DIGITS: index 0–8 are 1–9, 9 is 0)."""
        if self.not_your_turn():
            return
        digit = digit_name(index)
        group = self.group_of_digit(digit)
        if group is None:
            self.say(f"There is no action {digit} in the list.", error=True)
            return
        self.pick_group(group)

    def on_action_list_picked(self, event: ActionList.Picked) -> None:
        # A click names the line itself, whatever its digit.
        if self.not_your_turn():
            return
        if 0 <= event.index < len(self.groups):
            self.pick_group(self.groups[event.index])

    def action_pass_turn(self) -> None:
        if self.not_your_turn():
            return
        passes = self.actions_of(*self.PASS_KINDS)
        if not passes:
            self.say("You cannot pass now: choose from the action list.", error=True)
            return
        self.play(passes[0])

    def action_undo(self) -> None:
        host(self).human_undo()

    def action_show_log(self) -> None:
        from .handoff import LogScreen

        self.app.push_screen(LogScreen(self.table, self.viewer))

    def action_details(self) -> None:
        from .details import DetailsScreen

        title, body = self.details(self.view)
        self.app.push_screen(DetailsScreen(title, body))

    def action_results(self) -> None:
        if self.table.is_over():
            host(self).ask(ShowResults())
        else:
            self.say("The game is not over yet.", error=True)

    def action_help(self) -> None:
        host(self).ask(ShowHelp())

    def action_quit(self) -> None:
        host(self).ask(AskQuit())

    def action_clear_message(self) -> None:
        if self.in_lesson:
            host(self).ask(ShowCaption())  # in a walkthrough, Esc brings the step's caption back
            return
        self.notice = Text("")
        self.update_message()

    def on_screen_resume(self) -> None:
        host(self).ask(GoOn())
