"""GameRecord: a seed, the seats, the options and the list of actions, which together are a game.

A save is a record written as JSON; loading replays it. Undo is a replay without the last actions.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import registry
from .core import Action, Event, Game, IllegalAction, Seat, State

FORMAT = "boardgames-tui/record"
FORMAT_VERSION = 1


class RecordError(ValueError):
    """A save that cannot be read as a game of ours; the message is one line for the player."""


@dataclass(frozen=True)
class RecordHeader:
    """What a save says about itself, read without decoding or replaying its moves."""

    game_id: str
    seat_names: tuple[str, ...]
    moves: int


def parse_json(text: str) -> Any:
    """The JSON document in `text`; RecordError with one line when it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"This save is damaged: not valid JSON ({exc.msg}, line {exc.lineno}).") from None
    except UnicodeDecodeError:
        raise RecordError("This save is damaged: it is not text.") from None


@dataclass
class Step:
    seat: int
    action: Action
    # True when this action showed something random or hidden: undo stops here.
    revealed: bool = False
    # True when nobody chose it: a formality taken for a player who had no other move. Undo passes
    # over it as over a bot's move; replaying reaches it again.
    auto: bool = False


@dataclass
class GameRecord:
    game_id: str
    seed: int
    seats: tuple[Seat, ...]
    options: dict[str, str]
    variant: str | None = None
    rules_version: str = ""
    steps: list[Step] = field(default_factory=list)

    # -- building ------------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        game_id: str,
        seats: Sequence[Seat | str],
        seed: int,
        variant: str | None = None,
        options: Mapping[str, str] | None = None,
    ) -> tuple[GameRecord, State]:
        game = registry.get(game_id)
        state = game.new(seats, seed, variant, options)
        record = cls(
            game_id,
            int(seed),
            state.seats,
            dict(game.resolve_options(options or {})),
            variant,
            game.rules_version,
        )
        return record, state

    def new_state(self) -> State:
        return registry.get(self.game_id).new(self.seats, self.seed, self.variant, self.options)

    def play(self, state: State, seat: int, action: Action, auto: bool = False) -> list[Event]:
        """Apply an action to `state` and record it; raises IllegalAction and records nothing."""
        events = state.apply(seat, action)
        self.steps.append(Step(seat, action, any(e.reveal for e in events), auto))
        return events

    def upto(self, n: int | None = None) -> GameRecord:
        """The game's first `n` moves (all of them by default), as a record of its own."""
        return replace(self, options=dict(self.options), steps=list(self.steps[:n]))

    def replay(self, upto: int | None = None) -> State:
        """The state after the first `upto` steps (all of them by default)."""
        state = self.new_state()
        for step in self.steps[:upto]:
            state.apply(step.seat, step.action)
        return state

    # -- undo ----------------------------------------------------------------------------------
    def undo_count(self, seat: int, bots: Iterable[int] = ()) -> int:
        """How many trailing steps `seat` may take back: its own last run of moves, together with
        the moves of `bots` that followed it (bots replay deterministically, so taking them back
        takes nothing from a person). Never past another person's move, nor past a step that
        revealed something random or hidden: 0 when nothing may be taken back."""
        bots = frozenset(bots) - {seat}
        count = own = 0
        for step in reversed(self.steps):
            if step.revealed:
                break
            if step.auto and not own:
                pass  # taken for somebody with no choice: it comes back on replay
            elif step.seat == seat:
                own += 1
            elif own or step.seat not in bots:
                break
            count += 1
        return count if own else 0

    def undo(self, seat: int, bots: Iterable[int] = ()) -> State:
        """Take back `seat`'s trailing steps (and the bot steps after them); the replayed state."""
        n = self.undo_count(seat, bots)
        if n == 0:
            raise IllegalAction("There is nothing of yours to take back.")
        del self.steps[len(self.steps) - n :]
        return self.replay()

    # -- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game_id,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "variant": self.variant,
            "options": self.options,
            "actions": [
                {
                    "seat": s.seat,
                    "action": s.action.to_json(),
                    **({"revealed": True} if s.revealed else {}),
                    **({"auto": True} if s.auto else {}),
                }
                for s in self.steps
            ],
        }

    def dumps(self) -> str:
        """The record as compact JSON: a save is written after every move, and the indented form
        took several times as long to produce (json's C encoder does no indenting). Readers
        take either."""
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def _checked_game(data: Any) -> Game:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError("This is not a boardgames-tui save.")
        if data.get("version") != FORMAT_VERSION:
            raise RecordError(
                f"This save has format version {data.get('version')}, "
                f"this program reads version {FORMAT_VERSION}."
            )
        game_id = data.get("game")
        try:
            if not isinstance(game_id, str):
                raise KeyError(game_id)
            return registry.get(game_id)
        except KeyError:
            raise RecordError(f"This save is for a game this program does not know: {game_id!r}.") from None

    @classmethod
    def header(cls, data: Any) -> RecordHeader:
        """The game, the seats' names and the number of moves of a parsed save, checked only that
        far: RecordError when even that is wrong. A good header does not make a good save; only
        `from_json` and `load_state` tell."""
        cls._checked_game(data)
        try:
            names = tuple(Seat.from_json(s).name for s in data["seats"])
            actions = data["actions"]
            if not isinstance(actions, list):
                raise TypeError("the moves are not a list")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"This save is damaged ({exc}).") from None
        return RecordHeader(data["game"], names, len(actions))

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        game = cls._checked_game(data)
        game_id = data["game"]
        try:
            seats = tuple(Seat.from_json(s) for s in data["seats"])
            seed = data["seed"]
            if not isinstance(seed, int):
                raise ValueError("seed")
            options = data.get("options") or {}
            game.resolve_options(options)
            steps = [
                Step(
                    int(a["seat"]),
                    game.decode_action(a["action"]),
                    bool(a.get("revealed")),
                    bool(a.get("auto")),
                )
                for a in data["actions"]
            ]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"This save is damaged ({exc}).") from None
        return cls(
            game_id,
            seed,
            seats,
            dict(options),
            data.get("variant"),
            str(data.get("rules_version", "")),
            steps,
        )

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        return cls.from_json(parse_json(text))

    def load_state(self) -> State:
        """Replay the whole record, turning any refusal into a RecordError."""
        game = registry.get(self.game_id)
        if self.rules_version and self.rules_version != game.rules_version:
            raise RecordError(
                f"This save was made with {game.title} rules version "
                f"{self.rules_version}; this program has version {game.rules_version}."
            )
        try:
            state = self.new_state()
            done = 0  # moves replayed, for the message if one is refused
            for step in self.steps:
                state.apply(step.seat, step.action)
                done += 1
        except IllegalAction as exc:
            raise RecordError(f"This save is damaged: move {done + 1} is not legal ({exc.reason}).") from None
        except ValueError as exc:
            raise RecordError(f"This save is damaged ({exc}).") from None
        return state
