"""Command line: the launcher, `play`, `simulate`, `--version`.

Bad input (unknown game, wrong player count, bad option) is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TextIO, TypedDict

from . import __version__
from .names import name_problem
from .rules import registry
from .rules.core import SEED_MAX, Game, Seat, check_options_in_play, new_seed
from .rules.levels import ALIASES, DEFAULT_THINK, LEVELS, level_named

# A seat's kind before ':' in --players: a level, "random", or an older name for a level.
BOT_PREFIXES = (*LEVELS, "random", *ALIASES)


class UsageError(Exception):
    pass


def parse_players(text: str, think: float | None = None) -> list[Seat]:
    """ "Ann,hard:Bob,bot:Cleo" -> seats: `easy:`, `normal:` and `hard:` are the bot levels
    (`bot:` and `smart:` the normal one), `random:` RandomBot; a hard bot thinks `think` seconds.

    A ':' always introduces a kind, so a typo such as "rnadom:Dan" is refused rather than seating
    a human called "rnadom:Dan"; for the same reason no name may contain ':'. A name is otherwise
    what `names.name_problem` allows: no control characters.
    """
    parts = [p.strip() for p in text.split(",")]
    for i, part in enumerate(parts):
        problem = name_problem(part) if part else None
        if problem:
            # Before any message below repeats the text: it would reach the terminal as it is.
            raise UsageError(f"player {i + 1} in --players: {problem}")
    seats = []
    for i, part in enumerate(parts):
        if not part:
            raise UsageError(f"player {i + 1} has no name in --players '{text}'")
        kind, sep, name = part.partition(":")
        if not sep:
            seats.append(Seat(part))
            continue
        kind = kind.strip().lower()
        if kind not in BOT_PREFIXES:
            what = f"unknown seat kind '{kind}'" if kind else "no seat kind before ':'"
            raise UsageError(
                f"{what} in '{part}': the kinds are {', '.join(LEVELS)} and random; "
                "a name without ':' is a human"
            )
        name = name.strip()
        if ":" in name:
            raise UsageError(f"a player's name cannot contain ':' ('{part}')")
        level = level_named(kind)
        seats.append(Seat(name or f"Bot {i + 1}", level, think if level == "hard" else None))
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise UsageError("player names must differ")
    return seats


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes KEY=VALUE, not '{pair}'")
        options[key.strip()] = value.strip()
    return options


def check_think(seconds: float) -> None:
    if not 0 < seconds <= 60:
        raise UsageError(f"--think takes seconds above 0 and at most 60, not {seconds:g}")


def get_game(game_id: str) -> Game:
    try:
        return registry.get(game_id)
    except KeyError as exc:
        raise UsageError(exc.args[0]) from None


def check_seed(seed: int) -> int:
    if not 0 <= seed <= SEED_MAX:
        raise UsageError(f"--seed takes a whole number from 0 to {SEED_MAX}, not {seed}")
    return seed


def check_setup(game: Game, seats: list[Seat], options: dict[str, str]) -> None:
    if not game.min_players <= len(seats) <= game.max_players:
        raise UsageError(
            f"{game.title} takes {game.min_players}–{game.max_players} players, not {len(seats)}"
        )
    try:
        check_options_in_play(game, len(seats), options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardgames-tui",
        description="Five Euro board games, hot-seat in a terminal. With no command: the launcher.",
    )
    parser.add_argument("--version", action="version", version=f"boardgames-tui {__version__}")
    parser.add_argument("--load", metavar="FILE", help="resume a saved game")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="start a game straight away")
    play.add_argument("game", help="game id: " + ", ".join(registry.ids()))
    play.add_argument(
        "--players",
        default=None,
        help='comma-separated names, no ":" in a name; "easy:Name", "normal:Name" (or "bot:Name") and '
        '"hard:Name" for a bot of that level, "random:Name" for one that plays at random',
    )
    play.add_argument(
        "--think",
        type=float,
        default=DEFAULT_THINK,
        metavar="SECONDS",
        help=f"a hard bot's thinking time per move (default {DEFAULT_THINK:g})",
    )
    play.add_argument("--seed", type=int, default=None, help="random by default")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")

    learn = sub.add_parser("learn", help="a quick rules walkthrough on the game's own board")
    learn.add_argument("game", help="game id: " + ", ".join(registry.ids()))

    sim = sub.add_parser("simulate", help="headless bot games: wins, scores, speed")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--bot",
        default="normal",
        help="easy | normal | hard | random, or one level per seat, e.g. hard,normal",
    )
    sim.add_argument(
        "--think",
        type=float,
        default=DEFAULT_THINK,
        metavar="SECONDS",
        help=f"a hard bot's thinking time per move (default {DEFAULT_THINK:g})",
    )
    sim.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    sim.add_argument(
        "--jobs",
        type=int,
        default=0,
        help="worker processes; 0 (the default) uses every processor; the figures do not depend on it",
    )
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")

    sub.add_parser("games", help="list the games")

    serve = sub.add_parser("serve", help="let others play without installing anything")
    how = serve.add_subparsers(dest="serve_command", metavar="{ssh,web}", required=True)
    ssh = how.add_parser("ssh", help="the launcher on every SSH client's terminal")
    ssh.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine)")
    ssh.add_argument("--port", type=int, default=2222)
    ssh.add_argument("--authorized-keys", type=Path, metavar="FILE", help="the public keys let in")
    ssh.add_argument(
        "--allow-anonymous", action="store_true", help="let in any key; each key is its own user"
    )
    add_limits(ssh, "games")
    ssh.add_argument(
        "--login-timeout",
        default="20s",
        metavar="TIME",
        help="a connection that has not logged in by then is closed (default 20s)",
    )
    ssh.add_argument(
        "--max-startups",
        type=int,
        default=10,
        metavar="N",
        help="connections not yet logged in at once, half of them from one address (default 10)",
    )
    ssh.add_argument(
        "--names-per-key", type=int, default=1, metavar="N", help="user names one key may claim (default 1)"
    )
    ssh.add_argument(
        "--seat-hold",
        default="5m",
        metavar="TIME",
        help="how long a shared table keeps the seat of a player who dropped (default 5m)",
    )
    ssh.add_argument(
        "--spectators", action="store_true", help="let players watch shared tables (the public view)"
    )
    ssh.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="the pause before a bot moves at a shared table, for the players to follow (default 0.6)",
    )
    page = how.add_parser("web", help="the launcher in a browser page")
    page.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine)")
    page.add_argument("--port", type=int, default=8000)
    add_limits(page, "pages")
    page.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another origin whose pages may connect (a proxy's public address, e.g. https://games.example.org)",
    )
    return parser


def add_limits(command: argparse.ArgumentParser, what: str) -> None:
    """The limits both servers take, in the same words."""
    command.add_argument(
        "--max-sessions", type=int, default=8, metavar="N", help=f"{what} at once (default 8)"
    )
    command.add_argument(
        "--max-per-player", type=int, default=2, metavar="N", help=f"{what} at once of one player (default 2)"
    )
    command.add_argument(
        "--idle-timeout",
        default="30m",
        metavar="TIME",
        help="a game with no key for that long is saved and closed: 30m, 90s, 2h; 0: never (default 30m)",
    )


# A run that ends sooner gets no bar: one that flashed up and vanished would only flicker.
PROGRESS_DELAY = 1.0
# Redrawing more often than this costs time and tells the eye nothing more.
PROGRESS_INTERVAL = 0.1


class ProgressBar:
    """`simulate`'s progress on a terminal: one line on `stream`, redrawn in place with \\r.

    Plain characters only, no escape codes, so that it works on any terminal; the caller makes
    one only when the stream is a terminal. Passed to `simulate` as its progress callback.
    """

    def __init__(
        self,
        stream: TextIO,
        label: str,
        delay: float = PROGRESS_DELAY,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.stream = stream
        self.label = label
        self.clock = clock
        self.start = clock()
        self.next_draw = self.start + delay
        self.width = 0  # of the line last drawn; 0 while nothing is on screen

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if now < self.next_draw or done >= total:
            return  # at the end the report replaces the bar, so the full bar is never drawn
        self.next_draw = now + PROGRESS_INTERVAL
        self.draw(done, total, now - self.start)

    def draw(self, done: int, total: int, elapsed: float) -> None:
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f"{(total - done) / rate:.0f} s left" if rate else ""
        figures = f" {done}/{total} games  {rate:.1f} games/s  {left}"
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = 80
        # Never the last column: a line that fills it wraps on some terminals, and \r then
        # redraws on the next line instead of this one.
        room = columns - 1 - len(self.label) - len(figures) - 3
        cells = max(0, min(40, room))
        filled = cells * done // total
        line = f"{self.label} [{'#' * filled}{'.' * (cells - filled)}]{figures}"[: columns - 1]
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def clear(self) -> None:
        """Blank the bar's line, so that what is printed next starts on a clean line."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def run_serve(args: argparse.Namespace) -> int:
    idle = duration(args.idle_timeout, "--idle-timeout")
    if args.max_sessions < 1:
        raise UsageError("--max-sessions must be at least 1")
    if args.max_per_player < 1:
        raise UsageError("--max-per-player must be at least 1")
    if args.serve_command == "web":
        from .serve import web

        limits = web.Limits(args.max_sessions, args.max_per_player, idle, tuple(args.allow_origin))
        try:
            web.check_origins(limits.origins)
        except ValueError as exc:
            raise UsageError(f"--allow-origin: {exc}") from exc
        return web.run(args.host, args.port, limits=limits)
    from .serve import ssh

    hold = duration(args.seat_hold, "--seat-hold")
    login = duration(args.login_timeout, "--login-timeout")
    if not 0 <= args.bot_delay <= 60:
        raise UsageError("--bot-delay is between 0 and 60 seconds")
    if login <= 0:
        raise UsageError("--login-timeout must be more than 0")
    if args.max_startups < 1:
        raise UsageError("--max-startups must be at least 1")
    if args.names_per_key < 1:
        raise UsageError("--names-per-key must be at least 1")
    if args.authorized_keys is None and not args.allow_anonymous:
        raise UsageError("give --authorized-keys FILE, or --allow-anonymous to let anyone play")
    options = ssh.Options(
        host=args.host,
        port=args.port,
        authorized_keys=args.authorized_keys,
        allow_anonymous=args.allow_anonymous,
        max_sessions=args.max_sessions,
        max_per_player=args.max_per_player,
        idle_timeout=idle,
        login_timeout=login,
        max_startups=args.max_startups,
        names_per_key=args.names_per_key,
        seat_hold=hold,
        spectators=args.spectators,
        bot_delay=args.bot_delay,
    )
    return ssh.run(options)


def duration(text: str, flag: str) -> float:
    from .serve.policy import parse_duration

    try:
        return parse_duration(text)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc}") from exc


def run_simulate(args: argparse.Namespace) -> int:
    from .rules.simulate import cpu_count, simulate

    game = get_game(args.game)
    levels = [b.strip() for b in args.bot.split(",")]
    for level in levels:
        if level not in BOT_PREFIXES:
            raise UsageError(f"--bot takes {' | '.join((*LEVELS, 'random'))}, not '{level}'")
    levels = [level_named(level) or level for level in levels]
    check_think(args.think)
    players = args.players or (len(levels) if len(levels) > 1 else game.min_players)
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise UsageError(f"--bot names {len(levels)} bots for {players} players")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.jobs < 0:
        raise UsageError("--jobs must be 0 (every processor) or more")
    check_seed(args.seed)
    options = parse_options(args.option)
    check_setup(game, [Seat(str(i)) for i in range(players)], options)
    # The bar goes to stderr and only to a terminal: piped or redirected, stdout and stderr
    # both carry nothing but plain lines.
    bar = None
    if sys.stderr is not None and sys.stderr.isatty():
        bar = ProgressBar(sys.stderr, f"{game.title}:", delay=PROGRESS_DELAY)
    try:
        result = simulate(
            game.id,
            levels,
            args.games,
            args.seed,
            rotate=not args.no_rotate,
            options=options,
            progress=bar,
            jobs=args.jobs or cpu_count(),
            think=args.think,
        )
    except KeyboardInterrupt:
        if bar is not None:
            bar.clear()
        print("boardgames-tui: simulate interrupted", file=sys.stderr)
        return 130
    if bar is not None:
        bar.clear()
    print(result.report())
    return 0


class AppStart(TypedDict, total=False):
    """What the command line hands BoardgamesApp: a save, a walkthrough or a new game."""

    load_path: Path
    learn: str
    game_id: str
    seats: Sequence[Seat | str]
    seed: int
    options: Mapping[str, str]


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "serve":
            return run_serve(args)
        if args.command == "games":
            for game in registry.all_games():
                print(
                    f"{game.id:15} {game.title:16} {game.min_players}–{game.max_players} players  "
                    f"{game.minutes}′  {game.pitch}"
                )
            return 0
        app_kwargs: AppStart = {}
        if args.load:
            path = Path(args.load)
            if not path.is_file():
                raise UsageError(f"no such save file: {path}")
            app_kwargs["load_path"] = path
        elif args.command == "learn":
            from .learn import script

            game = get_game(args.game)
            if game.id not in script.available():
                ready = ", ".join(script.available()) or "none yet"
                raise UsageError(f"no walkthrough for {game.id} yet (walkthroughs: {ready})")
            app_kwargs["learn"] = game.id
        elif args.command == "play":
            game = get_game(args.game)
            check_think(args.think)
            seats = (
                parse_players(args.players, args.think)
                if args.players
                else [Seat(f"Player {i + 1}") for i in range(game.min_players)]
            )
            options = parse_options(args.option)
            check_setup(game, seats, options)
            seed = check_seed(args.seed) if args.seed is not None else new_seed()
            app_kwargs["game_id"] = game.id
            app_kwargs["seats"] = seats
            app_kwargs["seed"] = seed
            app_kwargs["options"] = options
    except UsageError as exc:
        print(f"boardgames-tui: {exc}", file=sys.stderr)
        return 2

    from .ui.app import BoardgamesApp

    app = BoardgamesApp(**app_kwargs)
    app.run()
    return app.return_code or 0
