"""The launcher: choose a game, its players (human or bot), its options and seed; or resume a save.

Each game's set-up is remembered (`prefs`) when Play starts it, and comes back when that game is
chosen again, in this run or the next. While the launcher is open, a game's set-up also survives
moving to another game and back.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from ... import prefs, saves
from ...rules import registry
from ...rules.core import Game, Seat
from .. import theme
from ..widgets.cycler import Cycler
from .base import BaseScreen

SEAT_KINDS = (("human", "human"), ("smart", "bot"), ("random", "bot (random moves)"))
NAME_MAX = 12

# The key bar follows the focus: Enter does something different in each part of the launcher, and
# in a text field q and ? are typed rather than obeyed.
KEYS_GAMES = " ↑↓ choose  Enter set it up  Tab next  F5 play  ? help  q quit"
KEYS_SAVES = " ↑↓ choose  Enter resume  Tab next  F5 play  ? help  q quit"
KEYS_CHOICE = " ←→ change  Enter/Tab next  Shift+Tab back  F5 play  ? help  q quit"
KEYS_TEXT = " type here  Enter/Tab next  Shift+Tab back  F5 play"
KEYS_PLAY = " Enter play  Shift+Tab back  ? help  q quit"


def random_seed() -> int:
    return random.SystemRandom().randrange(10000, 100000)


# Keys that arrive together (a fast typist over SSH) are all handed to the focused widget before
# any is handled, and then each key's binding is looked up from wherever the focus is by then. So
# Enter moves the focus in its own action: through a message, handled after the keys that follow,
# the arrows and Enters typed next would go to the field being left.

class GameList(OptionList):
    """The games list: Enter (or a click) on a game moves into that game's set-up."""

    def action_select(self) -> None:
        screen = self.screen
        if isinstance(screen, LauncherScreen):
            screen.enter_setup()


class FieldInput(Input):
    """A text field of the set-up: Enter moves on to the next field."""

    async def action_submit(self) -> None:
        self.screen.focus_next()


class LauncherScreen(BaseScreen):
    BINDINGS = [
        Binding("f5", "play", "play"),
        Binding("enter", "next_field", show=False),
        Binding("question_mark", "help", "help"),
        Binding("q", "app.quit", "quit"),
        Binding("r", "refresh_saves", "refresh saves", show=False),
    ]

    def __init__(self, seed: int | None = None, game_id: str | None = None, message: str = ""):
        super().__init__()
        self.games: list[Game] = registry.all_games()
        ids = [g.id for g in self.games]
        if game_id is None:
            game_id = prefs.last_game()  # open on the game played last time
        self.game_index = ids.index(game_id) if game_id in ids else 0
        self.seed = seed if seed is not None else random_seed()
        self.saves: list[saves.SaveEntry] = []
        self.start_message = message
        self.max_seats = max(g.max_players for g in self.games)
        self.options_generation = 0
        # Raw entries by game id: read from disk on mount, then also this run's unplayed set-ups.
        self.remembered: dict[str, dict] = {}

    @property
    def game(self) -> Game:
        return self.games[self.game_index]

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(" boardgames-tui · five Euro games, hot-seat", classes="topline")
        with Horizontal(id="launcher"):
            with Vertical(id="left"):
                games = GameList(*[Option(self.game_line(g, i == self.game_index), id=g.id)
                                   for i, g in enumerate(self.games)], id="games")
                games.border_title = "Games"
                yield games
                saved = OptionList(id="saves")
                saved.border_title = "Saved games"
                yield saved
            with VerticalScroll(id="setup"):
                yield Static(id="pitch")
                yield Cycler("Players", [("2", "2")], "2", label_width=8, id="players-count")
                for seat in range(self.max_seats):
                    with Horizontal(classes="seat-row", id=f"seat-row-{seat}"):
                        yield Static(Text(f"{theme.letter(seat)} {theme.symbol(seat)} ",
                                          style=theme.seat_style(seat)), classes="seat-tag")
                        yield FieldInput(theme.DEFAULT_NAMES[seat % len(theme.DEFAULT_NAMES)],
                                         max_length=NAME_MAX, compact=True, id=f"name-{seat}",
                                         classes="seat-name")
                        yield Cycler("", SEAT_KINDS, "human", id=f"kind-{seat}", classes="seat-kind")
                yield Vertical(id="options")
                with Horizontal(id="seed-row"):
                    yield Static("Seed     ", classes="seed-label")
                    yield FieldInput(str(self.seed), compact=True, restrict=r"[0-9]*", max_length=9,
                                     id="seed")
                    yield Button("▶ Play", id="play", compact=True, variant="primary")
                yield Static(id="launcher-message")
        yield Static(KEYS_GAMES, id="launcher-keys", classes="keybar")

    @staticmethod
    def game_line(game: Game, chosen: bool) -> Text:
        # The ▸ shows the chosen game where a highlight colour may not (NO_COLOR, unfocused list).
        text = Text("▸" if chosen else " ", style="bold")
        text.append(f"{game.title:<15}", style="bold")
        text.append(f" {game.min_players}–{game.max_players}  {game.minutes}′")
        return text

    def on_mount(self) -> None:
        self.remembered = prefs.load()
        games = self.query_one("#games", OptionList)
        games.highlighted = self.game_index
        self.show_game()
        self.load_saves()
        games.focus()
        if self.start_message:
            self.say(self.start_message, error=True)
        # The help of the game shown, rendered while the player looks at the launcher.
        self.set_timer(self.app.HELP_WARMUP_DELAY, lambda: self.app.prepare_help(self.game))

    # -- the chosen game -----------------------------------------------------------------------
    def show_game(self) -> None:
        game = self.game
        games = self.query_one("#games", OptionList)
        for i, each in enumerate(self.games):
            games.replace_option_prompt_at_index(i, self.game_line(each, i == self.game_index))
        setup = self.query_one("#setup", VerticalScroll)
        setup.border_title = game.title
        self.query_one("#pitch", Static).update(Text(game.pitch))
        remembered = prefs.setup(game, self.remembered.get(game.id), [k for k, _ in SEAT_KINDS],
                                 NAME_MAX)
        count = self.query_one("#players-count", Cycler)
        counts = [(str(n), str(n)) for n in range(game.min_players, game.max_players + 1)]
        old = str(remembered.players) if remembered is not None and remembered.players else count.value
        count.choices = counts
        values = [c[0] for c in counts]
        count.set_reactive(Cycler.index, values.index(old) if old in values else 0)
        count.refresh()
        options = self.query_one("#options", Vertical)
        # Removal finishes later; a new generation in the ids keeps the new widgets from
        # clashing with old ones of the same option (both games have open_money).
        options.remove_children()
        self.options_generation += 1
        chosen = remembered.options if remembered is not None else {}
        widgets = [Cycler(spec.label, spec.choices, chosen.get(spec.key, spec.default), label_width=16,
                          id=self.option_id(spec.key), classes="option")
                   for spec in game.options]
        if widgets:
            options.mount_all(widgets)
        if remembered is not None:
            self.show_names(remembered)
        self.show_seats()

    def show_names(self, remembered: prefs.Setup) -> None:
        # Seats the set-up does not mention keep what they show.
        for seat, (name, kind) in enumerate(zip(remembered.names, remembered.kinds)):
            self.query_one(f"#name-{seat}", Input).value = (
                name or theme.DEFAULT_NAMES[seat % len(theme.DEFAULT_NAMES)])
            self.query_one(f"#kind-{seat}", Cycler).value = kind or "human"

    def current_entry(self) -> dict:
        """The set-up on screen, shaped as `prefs` stores it, checked or not."""
        n = int(self.query_one("#players-count", Cycler).value)
        seats = [(self.query_one(f"#name-{seat}", Input).value,
                  self.query_one(f"#kind-{seat}", Cycler).value) for seat in range(n)]
        options = {}
        for spec in self.game.options:
            found = self.query(f"#{self.option_id(spec.key)}")
            if found:
                options[spec.key] = found.first(Cycler).value
        return prefs.entry(n, seats, options)

    def option_id(self, key: str) -> str:
        return f"option-{self.options_generation}-{key}"

    def show_seats(self) -> None:
        n = int(self.query_one("#players-count", Cycler).value)
        for seat in range(self.max_seats):
            self.query_one(f"#seat-row-{seat}").display = seat < n

    def follow_games_list(self) -> None:
        """Show the game the list highlights now, if it is not the one shown.

        Called from the keys' own actions too: a highlight message may still be on its way.
        """
        index = self.query_one("#games", OptionList).highlighted
        if index is None or index == self.game_index:
            return
        # Kept in memory only: what reaches the disk is what was played.
        self.remembered[self.game.id] = self.current_entry()
        self.game_index = index
        self.show_game()

    def enter_setup(self) -> None:
        self.follow_games_list()
        game = self.game
        first = "#players-count" if game.min_players < game.max_players else "#name-0"
        self.set_focus(self.query_one(first))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "games":
            self.follow_games_list()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "saves":
            self.resume(event.option_index)

    def watch_focused(self, focused) -> None:
        if isinstance(focused, Cycler):
            keys = KEYS_CHOICE
        elif isinstance(focused, Input):
            keys = KEYS_TEXT
        elif isinstance(focused, Button):
            keys = KEYS_PLAY
        elif isinstance(focused, OptionList) and focused.id == "saves":
            keys = KEYS_SAVES
        else:  # the games list, or nothing yet: Enter then focuses the games list
            keys = KEYS_GAMES
        for bar in self.query("#launcher-keys"):
            bar.update(keys)

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        if event.cycler.id == "players-count":
            self.show_seats()

    # -- saved games ---------------------------------------------------------------------------
    def load_saves(self) -> None:
        self.saves = saves.list_saves()
        saved = self.query_one("#saves", OptionList)
        saved.clear_options()
        for entry in self.saves:
            saved.add_option(Option(self.save_line(entry)))
        if not self.saves:
            saved.add_option(Option(Text("(none yet)", style="dim"), disabled=True))
        saved.can_focus = bool(self.saves)
        if self.saves:
            saved.highlighted = 0

    @staticmethod
    def save_line(entry: saves.SaveEntry) -> Text:
        if entry.error:
            # The reason is long for this narrow list; Enter on the entry shows it in full.
            text = Text("⚠ damaged", style="bold")
            text.append(f" · {saves.age(entry.modified)}")
            text.append(f"\n  {entry.path.name}", style="dim")
            return text
        text = Text(entry.title, style="bold")
        text.append(f" · {saves.age(entry.modified)}")
        text.append(f"\n  {entry.summary}", style="dim")
        text.append(f"\n  {', '.join(entry.seats)}", style="dim")
        # One fact per line, each cut to the list's width rather than wrapped under the title.
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def action_refresh_saves(self) -> None:
        self.load_saves()

    def resume(self, index: int) -> None:
        if not 0 <= index < len(self.saves):
            return
        entry = self.saves[index]
        if entry.error:
            self.app.show_message("This save cannot be opened",
                                  f"{entry.path}\n\n{entry.error}\n\nThe file was left as it is.")
            return
        self.app.resume_game(entry.path)

    # -- starting ------------------------------------------------------------------------------
    def collect(self) -> tuple[str, list[Seat], int, dict[str, str]] | str:
        """The chosen game, seats, seed and options; or a one-line reason why not."""
        game = self.game
        n = int(self.query_one("#players-count", Cycler).value)
        seats = []
        names = set()
        for seat in range(n):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            name = " ".join(name.split())[:NAME_MAX] or theme.DEFAULT_NAMES[seat % len(theme.DEFAULT_NAMES)]
            if name.casefold() in names:
                return f"Two players are called {name}: please give them different names."
            names.add(name.casefold())
            kind = self.query_one(f"#kind-{seat}", Cycler).value
            seats.append(Seat(name, None if kind == "human" else kind))
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text.isdigit():
            return "The seed must be a whole number."
        options = {spec.key: self.query_one(f"#{self.option_id(spec.key)}", Cycler).value
                   for spec in game.options}
        return game.id, seats, int(seed_text), options

    def action_play(self) -> None:
        self.follow_games_list()
        result = self.collect()
        if isinstance(result, str):
            self.say(result, error=True)
            return
        game_id, seats, seed, options = result
        try:
            self.remembered = prefs.remember(
                game_id, len(seats), [(seat.name, seat.bot or "human") for seat in seats], options)
        except OSError:
            pass  # an unwritable data folder must not stop the game; the set-up is just forgotten
        self.app.new_game(game_id, seats, seed, options)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.action_play()

    def action_next_field(self) -> None:
        self.focus_next()

    def action_help(self) -> None:
        self.app.show_help(self.game)

    def say(self, text: str, error: bool = False) -> None:
        self.query_one("#launcher-message", Static).update(
            Text(text, style="bold reverse" if error else ""))
