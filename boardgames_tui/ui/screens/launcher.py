"""The launcher: choose a game, its players (human or bot), its options and seed; or resume a save.

Each game's set-up is remembered (`prefs`) when Play starts it, and comes back when that game is
chosen again, in this run or the next. While the launcher is open, a game's set-up also survives
moving to another game and back.

Both the set-ups and the saves live in the data directory the launcher is given (each SSH user has
their own); without one, the default data directory.

The saved games are first listed from the folder alone (file name, time, the game the name
starts with), so the launcher shows at once however many there are; a short list is also read
(seats, number of moves; files that are not saves show as damaged). A worker thread then reads
the rest, then replays each file, newest first, for where the game stands and whether it is
finished; a file found damaged moves down to the other damaged ones. Listing never changes a file.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ... import prefs, saves
from ...names import name_problem
from ...play import wire
from ...rules import registry
from ...rules.core import SEED_MAX, Game, OptionSpec, Seat, new_seed
from ...rules.levels import DEFAULT_THINK
from ...rules.record import RecordError
from .. import theme
from ..formfields import Button, Choice, Entry, Field
from ..requests import (
    HELP_WARMUP_DELAY,
    JoinShared,
    OpenGame,
    OpenLesson,
    OpenSave,
    OpenShared,
    PrepareHelp,
    ShowHelp,
    ShowMessage,
    host,
)
from ..widgets.plain import Plain, PlainOptionList
from ..widgets.setupform import SetupForm
from .base import BaseScreen

SEAT_KINDS = (
    ("human", "human"),
    ("easy", "bot: easy"),
    ("normal", "bot: normal"),
    ("hard", "bot: hard"),
    ("random", "bot: random moves"),
)
# A hard bot's thinking time per move, in seconds, as offered (levels.DEFAULT_THINK among them).
THINK_TIMES = (("0.5", "½ s a move"), ("1", "1 s a move"), ("2", "2 s a move"), ("5", "5 s a move"))
NAME_MAX = 12

# The key bar follows the focus: Enter does something different in each part of the launcher, and
# in a text field q and ? are typed rather than obeyed.
KEYS_GAMES = " ↑↓ choose  Enter set it up  l learn  Tab next  F5 play  ? help  q quit"
KEYS_SAVES = " ↑↓ choose  Enter resume  Tab next  F5 play  ? help  q quit"
KEYS_FINISHED = " ↑↓ choose  Enter open  r review  Del/x delete  Tab next  F5 play  ? help"
KEYS_CHOICE = " ←→ change  ↑↓ Tab next  Shift+Tab back  Esc games  F5 play  ? help  q quit"
KEYS_TEXT = " type here  ↑↓ Enter Tab next  Shift+Tab back  Esc games  F5 play"
KEYS_PLAY = " Enter play  ↑ Shift+Tab back  Esc games  ? help  q quit"
# Over SSH, on a server with shared tables, F6 opens the set-up as a table others join (F7).
KEYS_SHARED = "F6 open table  F7 join"
KEYBAR_WIDTH = 79
SHARE_ONLY_OVER_SSH = (
    "Shared tables are for games played over SSH on a server (boardgames-tui serve ssh): each "
    "player at their own terminal."
)

# How often, at most, the saves list is redrawn while the worker replays the saves.
CHECK_BATCH_SECONDS = 0.1
# Up to this many saves are read (not replayed) before the first frame, at about a millisecond
# each: a short list then shows its seats and damaged files from the start. A longer one is read
# in the background.
READ_AT_ONCE = 24
# Only the saves that fit on the screen (three lines each), and never more than this many, go
# into the list before the first frame (the list lays out every entry it holds, visible or not);
# the others follow right after it.
SHOW_AT_ONCE = 30


# Keys that arrive together (a fast typist over SSH) are all handed to the focused widget before
# any is handled, and then each key's binding is looked up from wherever the focus is by then. So
# Enter moves the focus in its own action: through a message, handled after the keys that follow,
# the arrows and Enters typed next would go to the list being left. Inside the set-up, every key
# goes to the one form widget, which moves its own cursor there and then.


class GameList(PlainOptionList):
    """The games list: Enter (or a click) on a game moves into that game's set-up; l starts its
    rules walkthrough."""

    BINDINGS = [Binding("l", "learn", "learn", show=False)]

    def action_select(self) -> None:
        screen = self.screen
        if isinstance(screen, LauncherScreen):
            screen.enter_setup()

    def action_learn(self) -> None:
        screen = self.screen
        if isinstance(screen, LauncherScreen):
            screen.follow_games_list()
            host(self).ask(OpenLesson(screen.game.id))


class SaveList(PlainOptionList):
    """The saved games: Enter resumes one (OptionList's own selection), Del or x deletes a finished
    one. Bound here, not on the screen, so that Del and x in a text field edit the text."""

    BINDINGS = [
        Binding("delete", "delete_save", "delete", show=False),
        Binding("x", "delete_save", "delete", show=False),
        Binding("r", "review_save", "review", show=False),
    ]

    def action_delete_save(self) -> None:
        screen = self.screen
        if isinstance(screen, LauncherScreen):
            screen.delete_save()

    def action_review_save(self) -> None:
        """r on a finished game opens its review; on any other save it refreshes the list, as r
        does elsewhere in the launcher."""
        screen = self.screen
        if isinstance(screen, LauncherScreen):
            entry = screen.highlighted_save()
            if entry is not None and screen.highlighted_finished():
                host(self).ask(OpenSave(entry.path, review=True))
            else:
                screen.action_refresh_saves()


class SavesChecked(Message):
    """Entries the worker has replayed, for the list generation `generation`; `last` with the
    final batch."""

    def __init__(self, entries: list[saves.SaveEntry], generation: int, last: bool):
        super().__init__()
        self.entries = entries
        self.generation = generation
        self.last = last


class LauncherScreen(BaseScreen[None]):
    BINDINGS = [
        Binding("f5", "play", "play"),
        Binding("f6", "open_shared", "open a shared table", show=False),
        Binding("f7", "join_shared", "join a shared table", show=False),
        Binding("enter", "next_field", show=False),
        Binding("tab", "next_widget", show=False),
        Binding("shift+tab", "previous_widget", show=False),
        Binding("escape", "back_to_games", show=False),
        Binding("question_mark", "help", "help"),
        Binding("q", "app.quit", "quit"),
        Binding("r", "refresh_saves", "refresh saves", show=False),
    ]

    def __init__(
        self,
        seed: int | None = None,
        game_id: str | None = None,
        message: str = "",
        data_dir: Path | str | None = None,
        save: Path | None = None,
    ):
        """`save`: the saved game to have chosen in the list (the one just left)."""
        super().__init__()
        self.came_from = save
        # Resolved once, now: the launcher must not switch folders half way (tests change the
        # environment between apps).
        self.data_dir = Path(data_dir) if data_dir is not None else saves.data_dir()
        self.prefs_file = prefs.prefs_path(self.data_dir)
        self.save_folder = saves.save_dir(self.data_dir)
        self.games: list[Game] = registry.all_games()
        ids = [g.id for g in self.games]
        if game_id is None:
            game_id = prefs.last_game(self.prefs_file)  # open on the game played last time
        self.game_index = ids.index(game_id) if game_id in ids else 0
        self.seed = seed if seed is not None else new_seed()
        self.saves: list[saves.SaveEntry] = []
        # Bumped by every new listing: batches from the worker of an older one are dropped.
        self.saves_generation = 0
        self.checking_saves = False
        self.start_message = message
        # The set-up's fields (formfields), drawn by one SetupForm: the player count, a name and
        # a kind for every seat any game has (those beyond the count are hidden, and keep what was
        # typed in them), the options of the game shown, the seed and Play.
        self.seats_max = max(g.max_players for g in self.games)
        self.count = Choice("players", "Players", [], width=8)
        self.name_fields = [
            Entry(
                f"name-{seat}",
                theme.DEFAULT_NAMES[seat % len(theme.DEFAULT_NAMES)],
                width=NAME_MAX + 4,
                max_length=NAME_MAX,
                prefix=Text(f"{theme.letter(seat)} {theme.symbol(seat)}  ", style=theme.seat_style(seat)),
                when=self.seat_shown(seat),
            )
            for seat in range(self.seats_max)
        ]
        self.kind_fields = [
            Choice(f"kind-{seat}", "", SEAT_KINDS, "human", when=self.seat_shown(seat))
            for seat in range(self.seats_max)
        ]
        self.think_field = Choice(
            "think", "Hard bots", THINK_TIMES, f"{DEFAULT_THINK:g}", width=16, when=self.hard_shown
        )
        self.option_fields: list[Choice] = []
        self.seed_field = Entry(
            "seed",
            str(self.seed),
            width=12,
            max_length=len(str(SEED_MAX)),
            restrict=r"[0-9]*",
            prefix="Seed     ",
        )
        self.play_button = Button("play", " ▶ Play ", self.action_play)
        self.pitch = Text()
        self.message = Text()
        self.refused = False  # the message line holds a refusal of the set-up
        self.form = SetupForm(id="setup")
        # Raw entries by game id: as read from disk, then also this run's unplayed set-ups.
        self.remembered: dict[str, dict[str, Any]] = prefs.load(self.prefs_file)

    @property
    def game(self) -> Game:
        return self.games[self.game_index]

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # Every widget costs the first frame dearly, containers too: the screen itself lays out
        # the two columns (the top line and the key bar are docked), and the whole set-up is one
        # widget.
        yield Plain(" boardgames-tui · five Euro games, hot-seat", classes="topline")
        with Vertical(id="left"):
            games = GameList(
                *[Option(self.game_line(g, i == self.game_index), id=g.id) for i, g in enumerate(self.games)],
                id="games",
            )
            games.border_title = "Games"
            yield games
            saved = SaveList(id="saves")
            saved.border_title = "Saved games"
            yield saved
        # Built as the chosen game's set-up shows it: filling it in after the first frame would
        # lay it all out twice before the player sees anything.
        self.show_setup(self.game, self.remembered_setup(self.game), shown="2")
        yield self.form
        yield Plain(self.with_shared_keys(KEYS_GAMES), id="launcher-keys", classes="keybar")

    @staticmethod
    def game_line(game: Game, chosen: bool) -> Text:
        # The ▸ shows the chosen game where a highlight colour may not (NO_COLOR, unfocused list).
        text = Text("▸" if chosen else " ", style="bold")
        text.append(f"{game.title:<15}", style="bold")
        text.append(f" {game.min_players}–{game.max_players}  {game.minutes}′")
        return text

    def seat_shown(self, seat: int) -> Callable[[], bool]:
        return lambda: seat < self.players_shown()

    def option_shown(self, spec: OptionSpec) -> Callable[[], bool]:
        return lambda: spec.applies_to(self.players_shown(), self.options_shown())

    def hard_shown(self) -> bool:
        """Whether a seat shown is a hard bot (the thinking time is asked only then)."""
        return any(self.kind_fields[seat].value == "hard" for seat in range(self.players_shown()))

    def on_mount(self) -> None:
        games = self.query_one("#games", PlainOptionList)
        games.highlighted = self.game_index
        self.load_saves(keep=self.came_from)
        games.focus()
        if self.start_message:
            self.say(self.start_message, error=True)
        # The help of the game shown, rendered while the player looks at the launcher.
        self.set_timer(HELP_WARMUP_DELAY, lambda: host(self).ask(PrepareHelp(self.game)))

    # -- the chosen game -----------------------------------------------------------------------
    def remembered_setup(self, game: Game) -> prefs.Setup | None:
        return prefs.setup(
            game,
            self.remembered.get(game.id),
            [k for k, _ in SEAT_KINDS],
            NAME_MAX,
            [t for t, _ in THINK_TIMES],
        )

    @staticmethod
    def player_counts(game: Game) -> list[tuple[str, str]]:
        return [
            (str(n), f"{n} (not official)" if n in game.unofficial_players else str(n))
            for n in range(game.min_players, game.max_players + 1)
        ]

    @staticmethod
    def players_wanted(game: Game, remembered: prefs.Setup | None, shown: str = "2") -> str:
        """The player count to show: the remembered one, else the one shown so far; a count the
        game does not allow, or does not officially, gives way to its smallest official one."""
        if remembered is not None and remembered.players:
            return str(remembered.players)
        official = [
            n for n in range(game.min_players, game.max_players + 1) if n not in game.unofficial_players
        ]
        if shown.isdigit() and int(shown) in official:
            return shown
        return str(official[0]) if official else shown

    def show_setup(self, game: Game, remembered: prefs.Setup | None, shown: str) -> None:
        """Fill the form with `game`'s set-up: the remembered one, else the defaults (the player
        count shown so far when the game allows it, and the names and kinds the seats show)."""
        self.form.border_title = Text(game.title)
        self.pitch = Text(game.pitch)
        counts = self.player_counts(game)
        self.count.choices = counts
        wanted = self.players_wanted(game, remembered, shown)
        values = [c[0] for c in counts]
        self.count.index = values.index(wanted) if wanted in values else 0
        if remembered is not None:
            self.show_names(remembered)
        chosen = remembered.options if remembered is not None else {}
        self.option_fields = [
            Choice(
                f"option-{spec.key}",
                spec.label,
                spec.choices,
                chosen.get(spec.key, spec.default),
                width=16,
                # St. Petersburg's youngest player: an option that only some player counts have;
                # San Marco's free banishment for variant B: one that another option's value needs
                when=self.option_shown(spec),
            )
            for spec in game.options
        ]
        self.form.set_rows(self.setup_rows())

    def setup_rows(self) -> list[Sequence[Field] | Text]:
        return [
            self.pitch,
            [self.count],
            *[[name, kind] for name, kind in zip(self.name_fields, self.kind_fields)],
            [self.think_field],
            *[[option] for option in self.option_fields],
            [self.seed_field, self.play_button],
            self.message,
        ]

    def option(self, key: str) -> Choice:
        """The field of the shown game's option `key`."""
        field = self.form.field(f"option-{key}")
        assert isinstance(field, Choice)
        return field

    def show_game(self) -> None:
        """Show the set-up of the game chosen now, in place of the one shown."""
        game = self.game
        games = self.query_one("#games", PlainOptionList)
        for i, each in enumerate(self.games):
            games.replace_option_prompt_at_index(i, self.game_line(each, i == self.game_index))
        self.show_setup(game, self.remembered_setup(game), shown=self.count.value)

    def show_names(self, remembered: prefs.Setup) -> None:
        # Seats the set-up does not mention keep what they show.
        for seat, (name, kind) in enumerate(zip(remembered.names, remembered.kinds)):
            if seat < self.seats_max:
                self.name_fields[seat].value = name or theme.DEFAULT_NAMES[seat % len(theme.DEFAULT_NAMES)]
                self.kind_fields[seat].value = kind or "human"
        if remembered.think is not None:
            self.think_field.value = remembered.think

    def current_entry(self) -> dict[str, Any]:
        """The set-up on screen, shaped as `prefs` stores it, checked or not."""
        n = self.players_shown()
        seats = [(self.name_fields[seat].value, self.kind_fields[seat].value) for seat in range(n)]
        return prefs.entry(n, seats, self.options_shown(), self.think_field.value)

    def players_shown(self) -> int:
        """The player count chosen now."""
        return int(self.count.value)

    def options_shown(self) -> dict[str, str]:
        """The options' values on screen, shown or not."""
        return {field.key.removeprefix("option-"): field.value for field in self.option_fields}

    def follow_games_list(self) -> None:
        """Show the game the list highlights now, if it is not the one shown.

        Called from the keys' own actions too: a highlight message may still be on its way.
        """
        index = self.query_one("#games", PlainOptionList).highlighted
        if index is None or index == self.game_index:
            return
        # Kept in memory only: what reaches the disk is what was played.
        self.remembered[self.game.id] = self.current_entry()
        self.game_index = index
        self.show_game()

    def enter_setup(self) -> None:
        self.follow_games_list()
        game = self.game
        self.set_focus(self.form)
        self.form.move_to("players" if game.min_players < game.max_players else "name-0")

    def on_option_list_option_highlighted(self, event: PlainOptionList.OptionHighlighted) -> None:
        if event.option_list.id == "games":
            self.follow_games_list()
        elif event.option_list.id == "saves":
            self.update_keys()

    def on_option_list_option_selected(self, event: PlainOptionList.OptionSelected) -> None:
        if event.option_list.id == "saves":
            self.resume(event.option_index)

    def watch_focused(self, focused: Widget | None) -> None:
        field = self.form.current if focused is self.form else None
        if isinstance(field, Choice):
            keys = KEYS_CHOICE
        elif isinstance(field, Entry):
            keys = KEYS_TEXT
        elif isinstance(field, Button):
            keys = KEYS_PLAY
        elif isinstance(focused, SaveList):
            keys = KEYS_FINISHED if self.highlighted_finished() else KEYS_SAVES
        else:  # the games list, or nothing yet: Enter then focuses the games list
            keys = KEYS_GAMES
        for bar in self.query("#launcher-keys").results(Plain):
            bar.update(self.with_shared_keys(keys))

    def with_shared_keys(self, keys: str) -> str:
        """The key bar, with the shared tables' keys where the server offers them (the least
        needed hints make room)."""
        if not wire.offered():
            return keys
        keys = keys.replace("F5 play", f"F5 play  {KEYS_SHARED}")
        for hint in ("  Tab next", "  q quit", "  Shift+Tab back", "  ? help"):
            if len(keys) <= KEYBAR_WIDTH:
                break
            keys = keys.replace(hint, "")
        return keys

    def on_setup_form_moved(self) -> None:
        self.update_keys()

    # -- saved games ---------------------------------------------------------------------------
    def load_saves(self, keep: Path | None = None, near: int = 0) -> None:
        """List the saves folder afresh, from the folder alone, and start reading and replaying
        the files in the background. The highlight goes to `keep` if it is still listed, else to
        the entry at `near`."""
        self.saves_generation += 1
        listed = saves.listing(self.save_folder)
        if len(listed) <= READ_AT_ONCE:
            listed = saves.sort_entries(saves.peek(entry) for entry in listed)
        self.saves = listed
        self.show_saves(keep, near, limit=min(SHOW_AT_ONCE, max(1, self.app.size.height // 3)))
        self.checking_saves = any(not entry.checked for entry in self.saves)
        # After the frame that shows the list: the rest of it, and reading files, must not delay
        # the first one. At start-up the app draws nothing until it has finished mounting (a
        # frame refreshed before is dropped), so the wait for a refresh starts from the app's
        # own queue, after that.
        self.app.call_later(self.call_after_refresh, self.check_saves, self.saves_generation)

    def show_saves(self, keep: Path | None = None, near: int = 0, limit: int | None = None) -> None:
        """Fill the list from `self.saves`: the first `limit` entries (all when None, or when the
        highlight belongs further down); `check_saves` adds the others."""
        saved = self.query_one("#saves", PlainOptionList)
        saved.clear_options()
        paths = [entry.path for entry in self.saves]
        highlight = paths.index(keep) if keep in paths else min(max(near, 0), len(paths) - 1)
        if limit is not None and highlight >= limit:
            limit = None
        if self.saves:
            saved.add_options([Option(self.save_line(entry)) for entry in self.saves[:limit]])
        else:
            saved.add_option(Option(Text("(none yet)", style="dim"), disabled=True))
        saved.can_focus = bool(self.saves)
        if self.saves:
            saved.highlighted = highlight
        self.update_keys()

    def check_saves(self, generation: int) -> None:
        if generation != self.saves_generation or not self.is_attached:
            return
        saved = self.query_one("#saves", PlainOptionList)
        if self.saves and saved.option_count < len(self.saves):
            saved.add_options([Option(self.save_line(entry)) for entry in self.saves[saved.option_count :]])
        todo = [entry for entry in self.saves if not entry.checked]
        if not todo:
            self.checking_saves = False
            return
        self.run_worker(
            lambda: self.check_in_thread(todo, generation),
            thread=True,
            group="saves",
            exclusive=True,
            exit_on_error=False,
            name="check saves",
        )

    def check_in_thread(self, todo: list[saves.SaveEntry], generation: int) -> None:
        """Read every file of `todo`, then replay each (in list order: the ones on screen first),
        posting the results in batches; runs in a worker thread and touches no widget."""
        worker = get_current_worker()
        batch: list[saves.SaveEntry] = []
        sent = time.monotonic()
        try:
            # Reading is quick and shows seats and damaged files; replaying takes longer.
            for step in (saves.peek, saves.check):
                for index, entry in enumerate(todo):
                    if worker.is_cancelled:
                        return
                    done = step(entry)
                    if done is not entry:
                        todo[index] = done
                        batch.append(done)
                    if time.monotonic() - sent >= CHECK_BATCH_SECONDS:
                        self.post_message(SavesChecked(batch, generation, last=False))
                        batch, sent = [], time.monotonic()
        finally:
            # Also after an unforeseen error: the list must not wait for the rest for ever.
            self.post_message(SavesChecked(batch, generation, last=True))

    def on_saves_checked(self, message: SavesChecked) -> None:
        if message.generation != self.saves_generation:
            return  # a list shown before a refresh or a deletion
        if message.last:
            self.checking_saves = False
        found = {entry.path: entry for entry in message.entries}
        if not found:
            return
        order_changed = False
        saved = self.query_one("#saves", PlainOptionList)
        for index, entry in enumerate(self.saves):
            new = found.get(entry.path)
            if new is None:
                continue
            order_changed |= new.ok != entry.ok
            self.saves[index] = new
            if not order_changed and index < saved.option_count:
                saved.replace_option_prompt_at_index(index, self.save_line(new))
        if order_changed:
            # A file found damaged only by replaying it joins the other damaged ones at the end;
            # the highlight stays on the entry it was on.
            highlighted = saved.highlighted
            keep = (
                self.saves[highlighted].path
                if highlighted is not None and highlighted < len(self.saves)
                else None
            )
            self.saves = saves.sort_entries(self.saves)
            self.show_saves(keep)
        else:
            self.update_keys()

    def saves_pending(self) -> bool:
        """Whether some listed saves are still being replayed (for tests and benchmarks)."""
        return self.checking_saves

    @staticmethod
    def save_line(entry: saves.SaveEntry) -> Text:
        if entry.error:
            # The reason is long for this narrow list; Enter on the entry shows it in full.
            text = Text("⚠ damaged", style="bold")
            text.append(f" · {saves.age(entry.modified)}")
            text.append(f"\n  {entry.path.name}", style="dim")
            return text
        text = Text(entry.title or entry.path.name, style="bold")
        text.append(f" · {saves.age(entry.modified)}")
        # What is not known yet shows as … until the worker has read or replayed the file.
        if entry.over:
            text.append("\n  ✓ finished", style="dim")
        elif entry.checked:
            text.append(f"\n  {entry.summary}", style="dim")
        elif entry.peeked:
            text.append(f"\n  {entry.summary} …", style="dim")
        else:
            text.append("\n  …", style="dim")
        text.append(f"\n  {', '.join(entry.seats) if entry.peeked or entry.checked else '…'}", style="dim")
        # One fact per line, each cut to the list's width rather than wrapped under the title.
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def highlighted_save(self) -> saves.SaveEntry | None:
        saved = self.query_one("#saves", PlainOptionList)
        index = saved.highlighted
        if not self.saves or index is None or not 0 <= index < len(self.saves):
            return None
        return self.saves[index]

    def highlighted_finished(self) -> bool:
        entry = self.highlighted_save()
        return entry is not None and entry.ok and entry.over

    def update_keys(self) -> None:
        self.watch_focused(self.focused)

    def action_refresh_saves(self) -> None:
        entry = self.highlighted_save()
        self.load_saves(entry.path if entry is not None else None)

    # -- deleting a finished game --------------------------------------------------------------
    def delete_save(self) -> None:
        """Del or x on a save: ask, then delete it, if it is a finished game."""
        entry = self.highlighted_save()
        if entry is None:
            return
        index = self.saves.index(entry)
        if not entry.checked:  # not replayed yet: do it now, it is one file
            entry = saves.check(entry)
            self.saves[index] = entry
            saved = self.query_one("#saves", PlainOptionList)
            if index < saved.option_count:
                saved.replace_option_prompt_at_index(index, self.save_line(entry))
        if entry.error:
            self.say(
                "This file is damaged, or not a save: it is left as it is. Only finished games "
                "are deleted here.",
                error=True,
            )
            return
        if not entry.over:
            self.say(
                "This game is not finished: resume it to play on. Only finished games are "
                "deleted here, so no game in progress is lost to a slip of a key.",
                error=True,
            )
            return
        detail = Text(entry.title, style="bold")
        detail.append(f" · {saves.age(entry.modified)} · {', '.join(entry.seats)}")
        detail.append(f"\n{entry.path.name}", style="dim")

        def answered(yes: bool | None) -> None:
            if yes:
                self.delete_finished(entry.path, index)

        from .confirm import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen("Delete this finished game? y/n", detail, yes="delete", no="keep it"), answered
        )

    def delete_finished(self, path: Path, index: int) -> None:
        try:
            saves.delete_finished(path)
        except (RecordError, saves.NotFinished) as exc:
            self.say(f"Not deleted: {exc}", error=True)
        except OSError as exc:
            self.say(f"Could not delete {path.name}: {exc.strerror or exc}", error=True)
        else:
            self.say(f"Deleted {path.name}.")
        self.load_saves(near=index)

    def resume(self, index: int) -> None:
        if not 0 <= index < len(self.saves):
            return
        entry = self.saves[index]
        if entry.error:
            said = f"{entry.path}\n\n{entry.error}\n\nThe file was left as it is."
            host(self).ask(ShowMessage("This save cannot be opened", said))
            return
        host(self).ask(OpenSave(entry.path))

    # -- starting ------------------------------------------------------------------------------
    def collect(self) -> tuple[str, list[Seat], int, dict[str, str]] | str:
        """The chosen game, seats, seed and options; or a one-line reason why not."""
        game = self.game
        n = self.players_shown()
        seats = []
        names = set()
        for seat in range(n):
            name = self.name_fields[seat].value.strip()
            name = " ".join(name.split())[:NAME_MAX] or theme.DEFAULT_NAMES[seat % len(theme.DEFAULT_NAMES)]
            # The name fields drop what the rule refuses as it is typed or pasted; every name
            # leaves the set-up here, so the rule is kept here as well.
            problem = name_problem(name)
            if problem:
                return f"Player {seat + 1}: {problem}."
            if name.casefold() in names:
                return f"Two players are called {name}: please give them different names."
            names.add(name.casefold())
            kind = self.kind_fields[seat].value
            think = float(self.think_field.value) if kind == "hard" else None
            seats.append(Seat(name, None if kind == "human" else kind, think))
        seed_text = self.seed_field.value.strip()
        if not seed_text.isdigit():
            return "The seed must be a whole number."
        shown = self.options_shown()
        options = {spec.key: shown[spec.key] for spec in game.options if spec.applies_to(n, shown)}
        return game.id, seats, int(seed_text), options

    def collected(self) -> tuple[str, list[Seat], int, dict[str, str]] | None:
        """The set-up on screen (`collect`), or None with the reason on the message line."""
        self.follow_games_list()
        result = self.collect()
        if isinstance(result, str):
            self.say(result, error=True)
            return None
        return result

    def action_play(self) -> None:
        result = self.collected()
        if result is None:
            return
        game_id, seats, seed, options = result
        try:
            self.remembered = prefs.remember(
                game_id,
                len(seats),
                [(seat.name, seat.bot or "human") for seat in seats],
                options,
                path=self.prefs_file,
                think=self.think_field.value,
            )
        except OSError:
            pass  # an unwritable data folder must not stop the game; the set-up is just forgotten
        host(self).ask(OpenGame(game_id, seats, seed, options))

    def action_open_shared(self) -> None:
        """F6: the set-up on screen as a shared table: the first human seat is the player's own,
        the other human seats are open to anyone with the table's code, or kept for the SSH user
        named "@name"; bots are bots."""
        if not wire.offered():
            self.say(SHARE_ONLY_OVER_SSH, error=True)
            return
        result = self.collected()
        if result is None:
            return
        game_id, seats, seed, options = result
        wanted, mine = [], False
        for seat in seats:
            if seat.bot is not None:
                wanted.append({"kind": "bot", "name": seat.name, "level": seat.bot, "think": seat.think})
            elif not mine:
                wanted.append({"kind": "me", "name": seat.name})
                mine = True
            elif seat.name.startswith("@") and len(seat.name) > 1:
                wanted.append({"kind": "user", "user": seat.name[1:]})
            else:
                wanted.append({"kind": "open", "name": seat.name})
        if not mine:
            self.say("A shared table needs a human seat for you: make one seat human.", error=True)
            return
        self.say("Opening the table…")
        request = {"type": "open", "game": game_id, "seats": wanted, "options": options, "seed": seed}
        host(self).ask(OpenShared(request))

    def action_join_shared(self) -> None:
        if not wire.offered():
            self.say(SHARE_ONLY_OVER_SSH, error=True)
            return
        host(self).ask(JoinShared())

    def action_back_to_games(self) -> None:
        """Esc in the set-up (or the saves): back to the list of games, on the game shown."""
        if self.focused is not self.query_one("#games"):
            self.set_focus(self.query_one("#games"))

    def action_next_field(self) -> None:
        self.action_next_widget()

    def action_next_widget(self) -> None:
        # Into the set-up from the widget before it: at its first field; from the one after it
        # (Shift+Tab), at its last.
        if self.focus_next() is self.form:
            self.form.first_field()

    def action_previous_widget(self) -> None:
        if self.focus_previous() is self.form:
            self.form.last_field()

    def action_help(self) -> None:
        host(self).ask(ShowHelp(self.game))

    def on_setup_form_edited(self) -> None:
        # A refusal of the set-up goes once what it refused is put right (a seed typed again).
        if self.refused and not isinstance(self.collect(), str):
            self.say("")

    def say(self, text: str, error: bool = False) -> None:
        """Show `text` on the set-up's message line (below Play), or clear it."""
        self.refused = error
        self.message.truncate(0)
        self.message.spans.clear()
        self.message.append(text, style="bold reverse" if error else "")
        self.form.changed(layout=True)
