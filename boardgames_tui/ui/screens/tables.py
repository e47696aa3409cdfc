"""Shared tables' own screens: joining a table by its code, and the table's lobby while it waits
for its players. (Opening a table is the launcher's set-up, sent with F6.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input
from textual.widgets.option_list import Option

from ...names import name_problem
from ...play import wire
from ...play.remote import LinkError
from ...rules import registry
from .. import theme
from ..requests import LeaveShared, host
from ..widgets.plain import Plain, PlainOptionList
from .base import BaseScreen


def seat_line(seat: int, place: Mapping[str, Any], you: str = "") -> Text:
    """One seat of a shared table: letter, symbol and name, then who sits there."""
    text = theme.seat_label(seat, str(place.get("name")))
    kind, user = place.get("kind"), place.get("user")
    if kind == "bot":
        level = place.get("bot")
        text.append(f"  bot: {level}", style="dim")
    elif kind == "open":
        text.append("  open: anyone with the code may sit here")
    elif kind == "reserved":
        text.append(f"  kept for {user}")
    else:
        here = "here" if place.get("here") else "away"
        text.append(f"  {user}{' (you)' if user == you else ''}, {here}", style="dim")
    return text


class JoinScreen(BaseScreen[None]):
    """'Join a table': type its code, see its seats, sit down (or watch, where the server lets
    people watch). The tables the player already has a seat at are listed first."""

    BINDINGS = [
        Binding("escape", "back", "back"),
        Binding("down", "app.focus_next", show=False),
        Binding("up", "app.focus_previous", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.code = ""
        self.choices: list[tuple[str, int | None]] = []  # per option: code, seat (None: watch)

    def compose(self) -> ComposeResult:
        yield Plain(" boardgames-tui · join a table", classes="topline")
        with Vertical(id="join-box"):
            yield Plain("The table's code (the player who opened it has it):", classes="join-label")
            yield Input(placeholder="e.g. KXPT4", max_length=12, id="join-code")
            yield Plain("Your name at the table:", classes="join-label")
            yield Input(max_length=12, id="join-name")
            yield PlainOptionList(id="join-seats")
            yield Plain("", id="join-message")
        yield Plain(" type the code, Enter  ↑↓ Tab move  Enter sit down  Esc back", classes="keybar")

    def on_mount(self) -> None:
        self.query_one("#join-code", Input).focus()
        self.query_one("#join-seats", PlainOptionList).display = False
        self.load_mine()

    @work(exclusive=True, group="join")
    async def load_mine(self) -> None:
        sharing = host(self).sharing
        try:
            answer = await sharing.request({"type": "mine"}, {"mine"})
        except LinkError as exc:
            self.say(str(exc), error=True)
            return
        name = self.query_one("#join-name", Input)
        if not name.value:
            name.value = sharing.user[:12]
        tables = [t for t in answer.get("tables") or [] if not t.get("over")]
        if tables and not self.code:
            options = []
            self.choices = []
            for table in tables:
                game = registry.get(table["game"])
                line = f"{table['code']}  {game.title}, your seat {table['seat'] + 1}: go back"
                options.append(Option(line))
                self.choices.append((table["code"], table["seat"]))
            self.show_options(options, "Your tables")

    def show_options(self, options: list[Option], title: str) -> None:
        seats = self.query_one("#join-seats", PlainOptionList)
        seats.clear_options()
        seats.add_options(options)
        seats.border_title = Text(title)
        seats.display = True
        seats.highlighted = next((i for i, o in enumerate(options) if not o.disabled), None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "join-code":
            code = wire.normal_code(event.value)
            if not code:
                self.say("Type the table's code first.", error=True)
                return
            self.peek(code)
        else:
            seats = self.query_one("#join-seats", PlainOptionList)
            if seats.display and seats.option_count:
                seats.focus()

    @work(exclusive=True, group="join")
    async def peek(self, code: str) -> None:
        try:
            answer = await host(self).sharing.request({"type": "peek", "code": code}, {"peek"})
        except LinkError as exc:
            self.say(str(exc), error=True)
            return
        self.code = answer["code"]
        game = registry.get(answer["game"])
        options, self.choices = [], []
        yours = answer.get("yours")
        for seat, place in enumerate(answer["seats"]):
            free = place["kind"] == "open" or (
                place["kind"] == "reserved" and place.get("user") == host(self).sharing.user
            )
            line = seat_line(seat, place, host(self).sharing.user)
            if seat == yours:
                line.append("  ← your seat: Enter to go back", style="bold")
            options.append(Option(line, disabled=not (free or seat == yours)))
            self.choices.append((self.code, seat))
        if answer.get("spectators") and yours is None:
            options.append(Option("watch the game (the public view)"))
            self.choices.append((self.code, None))
        started = "in play" if answer.get("started") else "waiting for players"
        self.show_options(options, f"{game.title} · {self.code} · {started}")
        if all(o.disabled for o in options):
            self.say("This table is full.", error=True)
        else:
            self.say("")
            self.query_one("#join-seats", PlainOptionList).focus()

    def on_option_list_option_selected(self, event: PlainOptionList.OptionSelected) -> None:
        index = event.option_index
        if 0 <= index < len(self.choices):
            code, seat = self.choices[index]
            self.join(code, seat)

    @work(exclusive=True, group="join")
    async def join(self, code: str, seat: int | None) -> None:
        name = " ".join(self.query_one("#join-name", Input).value.split())[:12]
        # A paste can put any character in the field, and the others at the table would see it.
        # (An empty name keeps the one the seat has.)
        problem = name_problem(name) if name else None
        if problem:
            self.say(f"Your name: {problem}.", error=True)
            return
        try:
            await host(self).sharing.request(
                {"type": "join", "code": code, "seat": seat, "name": name}, {"joined"}
            )
        except LinkError as exc:
            self.say(str(exc), error=True)
            return
        self.say("Joined: the table comes up…")  # the table's first update opens it

    def say(self, text: str, error: bool = False) -> None:
        self.query_one("#join-message", Plain).update(Text(text, style="bold reverse" if error else ""))

    def action_back(self) -> None:
        host(self).ask(LeaveShared())


class LobbyScreen(BaseScreen[None]):
    """A shared table waiting for its players: its code, its seats, who is there. The player who
    opened it may start at once, with bots in the seats nobody took."""

    BINDINGS = [
        Binding("s", "start", "start now"),
        Binding("escape", "leave", "leave"),
        Binding("q", "app.request_quit", "quit", show=False),
        Binding("question_mark", "app.show_help", "help", show=False),
    ]

    def __init__(self, update: Mapping[str, Any], user: str):
        super().__init__()
        self.update = update
        self.user = user

    def compose(self) -> ComposeResult:
        yield Plain(" boardgames-tui · a shared table", classes="topline")
        with Vertical(id="lobby-box"):
            yield Plain("", id="lobby-head")
            yield Plain("", id="lobby-seats")
            yield Plain("", id="lobby-message")
        yield Plain("", id="lobby-keys", classes="keybar")

    def on_mount(self) -> None:
        self.show(self.update)

    def show(self, update: Mapping[str, Any]) -> None:
        self.update = update
        game = registry.get(update["game"])
        head = Text()
        head.append(f"{game.title}", style="bold")
        head.append("  ·  table code ")
        head.append(f" {update['code']} ", style="bold reverse")
        head.append("\nTell the others the code: they join with F7 in their launcher.")
        self.query_one("#lobby-head", Plain).update(head)
        lines = Text("\n").join(seat_line(i, p, self.user) for i, p in enumerate(update["seats"]))
        self.query_one("#lobby-seats", Plain).update(lines)
        waiting = sum(p["kind"] in ("open", "reserved") for p in update["seats"])
        self.query_one("#lobby-message", Plain).update(
            f"The game starts when every seat is taken: waiting for {waiting} more."
        )
        opener = update.get("opener") == self.user
        keys = " s start now, bots in the empty seats  Esc leave" if opener else " Esc leave the table"
        self.query_one("#lobby-keys", Plain).update(keys)

    def action_start(self) -> None:
        if self.update.get("opener") != self.user:
            self.query_one("#lobby-message", Plain).update(
                Text("Only the player who opened the table can start it.", style="bold reverse")
            )
            return
        host(self).sharing.send({"type": "start"})

    def action_leave(self) -> None:
        host(self).ask(LeaveShared())
