"""The rules contract every game implements.

A `Game` describes a game and makes `State`s. A `State` is advanced only by `apply(seat, action)`;
everything random comes from the state's own seeded RNG, so a seed plus the list of applied actions
reproduces a game exactly (see record.py). Hidden information leaves a state only through
`view(seat)`, and every `Event` says who may see it.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import importlib
import random
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, TypeVar

from .view import View, decode


class IllegalAction(Exception):
    """An action that is not allowed now. `reason` is one plain-language line for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Seat:
    """A place at the table. `bot` names a bot level (levels.LEVELS or "random") or is None for a
    human; `think` is a hard bot's thinking time per decision in seconds (None: the default). It
    is kept with the seat, so that a resumed game's bot searches exactly as long as before."""

    name: str
    bot: str | None = None
    think: float | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "bot": self.bot}
        if self.think is not None:
            data["think"] = self.think
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        name = data.get("name")
        bot = data.get("bot")
        think = data.get("think")
        if not isinstance(name, str) or not (bot is None or isinstance(bot, str)):
            raise ValueError("a seat needs a name and an optional bot level")
        number = isinstance(think, (int, float)) and not isinstance(think, bool)
        if think is not None and not (number and think > 0):
            raise ValueError("a bot's thinking time is a number of seconds above 0")
        return cls(name, bot, None if think is None else float(think))


@dataclass(frozen=True)
class Action:
    """Base for a game's actions: small frozen dataclasses whose fields are JSON scalars or tuples.

    Subclasses set `kind` (a short unique tag within the game) and implement `describe()`.
    Fields a subclass adds only for display (a card's name, a price) are part of equality.
    `apply` accepts every action `legal_actions` lists and no other, except where a family of
    moves is endless (San Marco's Doge routes that enter a district again): there the list holds a
    finite part that reaches every outcome at its cheapest, and `allows` and `apply` judge the
    rest, each refusal with its reason.
    """

    kind: ClassVar[str] = ""

    def describe(self) -> str:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


A = TypeVar("A", bound=Action)


def keep_sorted(action: Action, *names: str) -> None:
    """Put `action`'s fields `names`, each a tuple that stands for a bag (the cubes paid, the cards
    turned), in sorted order: called from `__post_init__`, so that however a bag is written it
    names one move."""
    for name in names:
        value = getattr(action, name)
        if isinstance(value, tuple) and all(type(item) is int for item in value):
            object.__setattr__(action, name, tuple(sorted(value)))


@functools.lru_cache(maxsize=16384)
def make(cls: type[A], *fields: Any) -> A:
    """One shared instance per distinct action (they are frozen): a game listing its legal actions
    at every decision then makes no new objects."""
    return cls(*fields)


@dataclass(frozen=True)
class Pass(Action):
    """Pass: let the turn go by. Every game that has a pass uses this one class, so a pass is saved
    as `{"kind": "pass"}` whatever the game; what passing means is each game's own rule."""

    kind: ClassVar[str] = "pass"

    def describe(self) -> str:
        return "Pass"


def action_codec(*classes: type[Action]) -> Callable[[Any], Action]:
    """Return a decoder from JSON dicts to the given action classes, raising ValueError when malformed."""
    by_kind = {cls.kind: cls for cls in classes}
    if len(by_kind) != len(classes):
        raise ValueError("two action classes share a kind")

    def decode(data: Any) -> Action:
        if not isinstance(data, Mapping) or data.get("kind") not in by_kind:
            raise ValueError(f"unknown action: {data!r}")
        cls = by_kind[data["kind"]]
        names = {f.name for f in dataclasses.fields(cls)}
        extra = set(data) - names - {"kind"}
        if extra:
            raise ValueError(f"unexpected fields for {cls.kind}: {sorted(extra)}")
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is dataclasses.MISSING:
                    raise ValueError(f"{cls.kind} needs {f.name}")
                continue
            value = data[f.name]
            kwargs[f.name] = tuple(value) if isinstance(value, list) else value
        return cls(**kwargs)

    return decode


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log and the recap.

    `visible_to` is None when everybody may see `text`; otherwise only those seats see it and the
    others see `others_text` (or nothing when that is None). `reveal` marks an event that showed
    something random or hidden; undo never goes back past such an action.
    """

    text: str
    visible_to: frozenset[int] | None = None
    others_text: str | None = None
    reveal: bool = False

    def text_for(self, seat: int | None) -> str | None:
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self.text
        return self.others_text


@dataclass(frozen=True)
class OptionSpec:
    """A switch from the rules reference: key, label, allowed values with labels, default.

    `players` names the player counts the option changes anything for (empty: every count), and
    `needs` the other options' values it matters under ((key, value) pairs, all of them). The
    option is still accepted everywhere, so a remembered set-up never fails to start; a launcher
    may simply hide it where it does nothing.
    """

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str
    help: str = ""
    players: tuple[int, ...] = ()
    needs: tuple[tuple[str, str], ...] = ()

    def label_of(self, value: str) -> str:
        return dict(self.choices).get(value, value)

    def applies_to(self, players: int, options: Mapping[str, str] | None = None) -> bool:
        """Whether the option changes anything with `players` players and the other `options`
        (not given: whatever they are)."""
        if self.players and players not in self.players:
            return False
        return options is None or all(options.get(key) == value for key, value in self.needs)


@dataclass
class StandingRow:
    seat: int
    name: str
    total: int
    breakdown: dict[str, int]
    tiebreak: int = 0
    rank: int = 0
    winner: bool = False


@dataclass
class Standings:
    """Final (or current) scores, best first. `note` explains how ties were broken, if they were."""

    rows: list[StandingRow]
    tiebreak_label: str = ""
    note: str = ""

    @property
    def winners(self) -> list[StandingRow]:
        return [row for row in self.rows if row.winner]


def rank_rows(rows: list[StandingRow]) -> list[StandingRow]:
    """Order by total then tie-break, give ranks (equal keys share a rank) and mark the winners."""
    rows = sorted(rows, key=lambda r: (-r.total, -r.tiebreak, r.seat))
    for i, row in enumerate(rows):
        prev = rows[i - 1] if i else None
        if prev and (prev.total, prev.tiebreak) == (row.total, row.tiebreak):
            row.rank = prev.rank
        else:
            row.rank = i + 1
        row.winner = row.rank == 1
    return rows


class State(ABC):
    """One game in progress. Subclasses implement the abstract methods below.

    Games keep all chance in `self.rng` (a random.Random seeded at creation) and never use the
    module-level random functions.
    """

    game: Game
    seats: tuple[Seat, ...]
    rng: random.Random

    # -- the contract -------------------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        raise NotImplementedError

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    @abstractmethod
    def view(self, seat: int | None) -> View[Any]:
        """What `seat` may see (None: what everybody may see), as the game's View."""
        raise NotImplementedError

    def bot_view(self, seat: int) -> Any:
        """What a bot deciding for `seat` is given: `view(seat)`, or a part of it (see `is_part_of`)
        holding what the game's bots read. A bot decides hundreds of times a game, so a game may
        leave out of it what costs time to build and no bot of it reads. Never more than the view."""
        return self.view(seat)

    @abstractmethod
    def is_over(self) -> bool:
        raise NotImplementedError

    @abstractmethod
    def standings(self) -> Standings:
        raise NotImplementedError

    # What setting the game up said (San Marco's starting rolls…), kept by the state made by
    # Game.new so that a log can open with it: apply() returns only what a move says.
    setup_said: tuple[Event, ...] = ()

    def redeal_hidden(self, seat: int, rng: random.Random) -> State:
        """A copy of this state as `seat` may believe it to be: everything `seat` cannot see now
        (others' hands and money, the order of face-down cards, a choice made in secret) drawn
        afresh from `rng`, and the future too (the copy's RNG is seeded from `rng`). The copy is
        a state the game could really have reached, and its view(seat) is this state's.

        Search bots plan on such copies, so that they know what their seat knows and no more. A
        game fills in its secrets in `_redeal`, working out what to draw from what `seat` can see
        and never from the values it replaces: the contract suite plants marks in those (see
        `plant_secrets`) and checks that none of them, and nothing they decide, comes through.
        """
        clone = self.copy()
        clone.rng = random.Random(rng.getrandbits(64))
        clone._redeal(seat, rng)
        return clone

    @abstractmethod
    def _redeal(self, seat: int, rng: random.Random) -> None:
        """Draw, in this copy, everything `seat` cannot see (see `redeal_hidden`). No default, as
        with `plant_secrets`: a game without secrets but its RNG implements it as a no-op."""
        raise NotImplementedError

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """Everything that makes up the state, as plain data; two states are equal iff these are."""
        raise NotImplementedError

    @abstractmethod
    def plant_secrets(self, owner: int | None, mark: Callable[[], Any]) -> None:
        """The game's declaration of what is hidden, for the contract suite (tests/test_contract.py).

        Replace, in this state (a throwaway copy), every value that only `owner` may know now with
        a fresh `mark()`; `owner` None stands for what nobody may know (the order of a face-down
        stack). A value that the options or the end of the game have made public is not a secret
        and stays. The suite then checks that no view but `owner`'s ever shows a mark, and that
        `owner`'s view shows all of its own. Views may copy the planted values but must not compute
        with them. A game without secrets implements this as a no-op; there is no default, so that
        forgetting the declaration cannot pass for having nothing to hide.
        """
        raise NotImplementedError

    # -- shared behaviour ---------------------------------------------------------------------
    def begin(self, game: Game, seats: Sequence[Seat], seed: int, options: Mapping[str, str]) -> int:
        """What every game's state starts with: its game, seats and options, and all its chance
        in one RNG seeded with `seed`. The number of seats."""
        self.game = game
        self.seats = tuple(seats)
        self.options = dict(options)
        self.rng = random.Random(seed)
        return len(self.seats)

    def copy(self) -> State:
        clone = self.__class__.__new__(self.__class__)
        memo = {id(self.game): self.game}
        for key, value in self.__dict__.items():
            clone.__dict__[key] = copy.deepcopy(value, memo)
        return clone

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def turn_refusal(self, seat: Any, action: Any) -> str | None:
        """The reasons every game shares for refusing a move, in this order: the game is over, it
        is not that seat's turn (or there is no such seat), it is not a move at all. None when
        none of them applies."""
        if self.is_over():
            return "The game is over."
        if type(seat) is not int or seat not in self.to_move():
            return f"It is not {self.seat_name(seat)}'s turn."
        if not isinstance(action, Action):
            return "That is not a move in this game."
        return None

    def allows(self, seat: int, action: Action) -> bool:
        """Whether `action` is one of `seat`'s legal actions; a game may answer without listing
        them all."""
        return action in self.legal_actions(seat)

    def check_turn(self, seat: int, action: Action) -> None:
        """Raise IllegalAction unless `seat` may act now and `action` is one of its legal actions."""
        reason = self.turn_refusal(seat, action)
        if reason is None and not self.allows(seat, action):
            reason = self.explain_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)

    def explain_illegal(self, seat: int, action: Action) -> str:
        """The reason `apply` refuses `action` (one line); games override with specifics. Asked
        about a move that `apply` accepts, a game answers with this generic refusal rather than
        claim the move is allowed: a caller asks only after something refused it."""
        return "That move is not allowed now."

    def is_formality(self, action: Action) -> bool:
        """Whether `action` changes nothing a player would think over: a pass, buying nothing.
        Games with other such moves override this."""
        return action.kind == "pass"

    def only_formality(self, seat: int) -> Action | None:
        """`seat`'s only legal action when it is a formality (the UI may take it for them)."""
        if self.is_over() or seat not in self.to_move():
            return None
        legal = self.legal_actions(seat)
        if len(legal) == 1 and self.is_formality(legal[0]):
            return legal[0]
        return None

    def forced_in_public(self, seat: int) -> bool:
        """Whether everybody can tell from the public view that `seat` has no choice now. False by
        default: a game says when its secrets (money, hands) do not decide it."""
        return False

    def seat_name(self, seat: int) -> str:
        if type(seat) is not int:
            return "that seat"
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return f"seat {seat}"


class Game(ABC):
    """A game's description and factory. A game declares what it is (title, players, options…)
    and where its parts are; nothing else. Each part is "module" or "module:Name", relative to
    the game's package and imported only when first needed, so that the launcher starts without
    loading every game. A game that leaves out a declaration fails as its module is imported."""

    # Declarations every game makes (checked in __init_subclass__).
    REQUIRED: ClassVar[tuple[str, ...]] = (
        "id",
        "title",
        "min_players",
        "max_players",
        "minutes",
        "pitch",
        "state_class",
        "view_class",
    )

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # Player counts the rulebook does not cover (a players' variant): offered, said to be not
    # official, and never the count a launcher shows first.
    unofficial_players: ClassVar[tuple[int, ...]] = ()
    minutes: ClassVar[int]
    pitch: ClassVar[str]
    rules_version: ClassVar[str] = "1"
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    # The game's heuristic bot, "module:Class" with the module relative to the game's package
    # (".bot:SmartBot"): the normal level, which the easy one blurs and the hard one plays its
    # search's rollouts with (bots.py).
    normal_bot: ClassVar[str] = ""
    # Moves a second that the hard bot's search plays in this game (rules/search.py), by player
    # count, as measured on the reference machine by benchmarks/search.py: it turns a thinking
    # time into a budget of moves, so that a decision does not depend on the machine's speed.
    search_rate: ClassVar[Mapping[int, int]] = {}
    # The game's parts. state_class is made as cls(game, seats, seed, options); view_class is
    # what its states' views are (the wire decodes with it); actions_module has
    # decode_action(data); figures_module has figures(moves), the review's table; rules_file is
    # the rules reference, Markdown shipped in the package, whose {{name}} fields rules_values
    # (a function of the resolved options) fills in from the game's data.
    state_class: ClassVar[str]
    view_class: ClassVar[str]
    actions_module: ClassVar[str] = ".actions"
    figures_module: ClassVar[str] = ".figures"
    rules_file: ClassVar[str] = "rules.md"
    rules_values: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [name for name in Game.REQUIRED if not getattr(cls, name, None)]
        if missing:
            raise TypeError(f"game {cls.__name__} does not declare {', '.join(missing)}")

    def new(
        self,
        seats: Sequence[Seat | str],
        seed: int,
        variant: str | None = None,
        options: Mapping[str, str] | None = None,
    ) -> State:
        """A new game. `variant` is only still accepted so that old callers and saves (which
        carry `"variant": null`) work: a game's variants are options now, and a named variant
        is refused rather than silently ignored."""
        if variant is not None:
            raise ValueError(f"{self.title} has no variant '{variant}': variants are options")
        players = tuple(s if isinstance(s, Seat) else Seat(str(s)) for s in seats)
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players}–{self.max_players} players, not {len(players)}"
            )
        opts = self.resolve_options(options or {})
        return self._new(players, int(seed), opts)

    def _new(self, seats: tuple[Seat, ...], seed: int, options: dict[str, str]) -> State:
        state: State = self.part(self.state_class)(self, seats, seed, options)
        return state

    def resolve_options(self, given: Mapping[str, str]) -> dict[str, str]:
        """Fill in defaults and check every value; raise ValueError with a one-line reason."""
        specs = {spec.key: spec for spec in self.options}
        for key, value in given.items():
            spec = specs.get(key)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise ValueError(f"{self.title} has no option '{key}' (options: {known})")
            allowed = [c[0] for c in spec.choices]
            if str(value) not in allowed:
                raise ValueError(f"option {key} takes {' | '.join(allowed)}, not '{value}'")
        return {key: str(given.get(key, spec.default)) for key, spec in specs.items()}

    def decode_view(self, data: Any) -> Any:
        """Rebuild a view that `rules.view.encode` turned into plain data (from the wire); raise
        ValueError when it is not of this game's view's shape."""
        return decode(self.part(self.view_class), data)

    def part(self, spec: str) -> Any:
        """One of the game's declared parts, "module:Name" relative to its package, imported now."""
        module_name, _, name = spec.partition(":")
        package = sys.modules[type(self).__module__].__package__
        module = importlib.import_module(module_name, package)
        return getattr(module, name) if name else module

    def decode_action(self, data: Any) -> Action:
        """Turn a saved action back into an Action; raise ValueError when malformed."""
        action: Action = self.part(self.actions_module).decode_action(data)
        return action

    def rules_markdown(self, options: Mapping[str, str] | None = None, players: int | None = None) -> str:
        """The rules reference shown by the help screen, in our own words: the rules file with
        its fields filled in for `options` (defaults where they are not valid), then the options
        of this game (those in play with `players` players, when it is given)."""
        try:
            resolved = self.resolve_options(options or {})
        except ValueError:
            resolved = self.resolve_options({})
        values = self.part(self.rules_values)(resolved) if self.rules_values else {}
        package = sys.modules[type(self).__module__].__package__ or ""
        text = resources.files(package).joinpath(self.rules_file).read_text(encoding="utf-8")
        return fill_fields(text, values).strip() + "\n\n" + self.options_markdown(resolved, players)

    def options_in_play(
        self, options: Mapping[str, str], players: int | None
    ) -> tuple[list[OptionSpec], list[OptionSpec]]:
        """The options that change something in this game, and those that do not (meant for other
        player counts, or for another option's value); every option is in play when `players` is
        not given."""
        if players is None:
            return list(self.options), []
        resolved = self.resolve_options(options)
        in_play = [spec for spec in self.options if spec.applies_to(players, resolved)]
        return in_play, [spec for spec in self.options if spec not in in_play]

    def options_markdown(self, options: Mapping[str, str] | None = None, players: int | None = None) -> str:
        """The rules reference's closing section: each option in play with its value in this game,
        then the ones that change nothing here."""
        resolved = self.resolve_options(options or {})
        in_play, idle = self.options_in_play(resolved, players)
        lines = ["## Options in this game", ""]
        lines += [f"- **{spec.label}:** {spec.label_of(resolved[spec.key])}" for spec in in_play]
        return "\n".join(lines + idle_options_lines(idle, players)) + "\n"

    def figures(self, moves: Sequence[Any]) -> list[Any]:
        """The review's table of per-player figures (rules.figures.Figure) over `moves`
        (rules.figures.Move, in order from the start): each game's own figures module counts
        what its players care about."""
        figures: list[Any] = self.part(self.figures_module).figures(moves)
        return figures


def idle_options_lines(idle: Sequence[OptionSpec], players: int | None) -> list[str]:
    """The line under the options in play naming those that change nothing in this game."""
    if not idle:
        return []
    return [
        "",
        f"Not in play with {players} players: " + ", ".join(option_scope(spec) for spec in idle) + ".",
    ]


def option_scope(spec: OptionSpec) -> str:
    """'Virtual player (2 players only)': an option with where it is in play."""
    where = []
    if spec.players:
        where.append(" or ".join(str(n) for n in spec.players) + " players only")
    where += [f"with {key.replace('_', ' ')} {value}" for key, value in spec.needs]
    return f"{spec.label} ({', '.join(where)})" if where else spec.label


def check_options_in_play(game: Game, players: int, given: Mapping[str, str]) -> None:
    """Refuse, in one line, an option asked for by name that changes nothing with `players`
    players (a set-up remembered by the launcher is not checked: it leaves such options out)."""
    game.resolve_options(given)  # an unknown option or value is refused first
    specs = {spec.key: spec for spec in game.options}
    for key in given:
        spec = specs[key]
        if spec.players and players not in spec.players:
            counts = " or ".join(str(n) for n in spec.players)
            raise ValueError(f"option {key} is for {counts} players only, not {players}")


def fill_fields(text: str, values: Mapping[str, str]) -> str:
    """`text` with every {{name}} replaced by values[name]; a name without a value is an error,
    so that a rules file cannot show a field unfilled."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(f"the rules text names {{{{{name}}}}}, which has no value")
        return str(values[name])

    return re.sub(r"\{\{([a-z_0-9]+)\}\}", value, text)


# The seeds a player may give (the launcher's field takes nine digits): whole numbers from 0.
SEED_MAX = 999_999_999


def new_seed() -> int:
    """A seed for a new game, from the system's randomness (the games' own RNGs must not pick
    it: they are seeded). Five digits, so a player can read it out and type it back."""
    return random.SystemRandom().randrange(10_000, 100_000)


def visible_lines(events: Iterable[Event], seat: int | None) -> list[str]:
    """The log lines `seat` may read from `events`, in order (None: what everybody may read)."""
    lines = []
    for event in events:
        text = event.text_for(seat)
        if text:
            lines.append(text)
    return lines
