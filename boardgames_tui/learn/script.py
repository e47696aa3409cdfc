"""A walkthrough's script, read from its data file (`learn/data/<game id>.toml`) and checked by
replaying it through the rules layer: no hand-built states, so a rules change that breaks a
walkthrough fails where it breaks.

The file, in the words of the one who writes it:

    game = "st_petersburg"
    title = "St. Petersburg in ten minutes"
    seed = 7
    seats = ["You", "Boris", "Katya"]    # the learner plays the first seat
    options = {}

    [[step]]
    title = "The goal"
    caption = '''A few plain sentences about one rule.'''
    highlight = ["header", "players"]     # screen parts: header board players log actions footer
    places = ["4,2"]                      # places on the board, in the game board's own words
                                          # (its GameScreen.lesson_places): marked in reverse
    moves = [{ seat = 1, kind = "buy", card = "…" }]   # made before the step is shown
    auto = 4                              # then normal-bot moves: a number, "you" (until the
                                          # learner is to move) or "end" (to the game's end)

    [[step]]
    title = "Your move"
    caption = "…"
    expect = { kind = "buy", card = "…" } # the learner's move: the step waits for it
    hint = "Why this one, said when another move is tried."
    claims = { phase = "building", to_move = "You", legal = ["buy", "pass"] }
                                          # what the caption says of the position, checked
                                          # against it (tests): the phase or step, who moves,
                                          # the kinds of move that are (or, "!kind", are not) legal

A step's `moves` and `auto` run before it is shown; its `expect`, once made, is the first move
of what follows. Everything here is plain Python: the screens that show a walkthrough are in ui/.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..rules import registry
from ..rules.bots import bot_move, bot_rng
from ..rules.core import Action, IllegalAction, State
from ..rules.opponents import make_bot
from ..rules.record import GameRecord

LEARNER = 0
# The parts of every game screen a caption may point at.
FRAME_PARTS = ("header", "board", "players", "log", "actions", "footer")
END = "end"
YOU = "you"
# What a step's caption may claim of its position, checked against it (claims_broken).
CLAIMS = ("phase", "step", "to_move", "legal")


class ScriptError(ValueError):
    """A walkthrough file that cannot be read or does not replay; the message names the step."""


@dataclass(frozen=True)
class Move:
    seat: int
    action: Action


@dataclass(frozen=True)
class Step:
    title: str
    caption: str
    highlight: tuple[str, ...] = ()
    places: tuple[str, ...] = ()  # places on the board; the board says which exist (ui/)
    moves: tuple[Move, ...] = ()
    auto: int | str = 0  # normal-bot moves before the step: a number, YOU or END
    expect: Action | None = None  # the learner's move, for a "your move" step
    hint: str = ""
    claims: Mapping[str, Any] = field(default_factory=dict)  # checked against the position

    @property
    def your_move(self) -> bool:
        return self.expect is not None


@dataclass(frozen=True)
class Walkthrough:
    game_id: str
    title: str
    seed: int
    seats: tuple[str, ...]
    options: Mapping[str, str] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()


def _where(n: int, title: str) -> str:
    return f"step {n} ({title!r})" if title else f"step {n}"


def _action(game_id: str, data: Any, where: str) -> Action:
    if not isinstance(data, Mapping):
        raise ScriptError(f"{where}: a move is a table with its kind and fields")
    try:
        return registry.get(game_id).decode_action({k: v for k, v in data.items() if k != "seat"})
    except (ValueError, TypeError, KeyError) as exc:
        raise ScriptError(f"{where}: not a move of this game: {exc}") from None


def parse(text: str, name: str = "walkthrough") -> Walkthrough:
    """The walkthrough in `text` (TOML); ScriptError says what is wrong and where."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScriptError(f"{name}: not valid TOML ({exc})") from None
    game_id = data.get("game")
    if game_id not in registry.ids():
        raise ScriptError(f"{name}: unknown game {game_id!r}")
    seats = data.get("seats")
    game = registry.get(game_id)
    if not isinstance(seats, list) or not game.min_players <= len(seats) <= game.max_players:
        raise ScriptError(f"{name}: seats must name {game.min_players} to {game.max_players} players")
    steps = []
    for n, raw in enumerate(data.get("step") or [], start=1):
        title = str(raw.get("title", ""))
        where = f"{name}, {_where(n, title)}"
        if not raw.get("caption"):
            raise ScriptError(f"{where}: every step needs a caption")
        highlight = tuple(raw.get("highlight") or ())
        for part in highlight:
            if part not in FRAME_PARTS:
                raise ScriptError(f"{where}: {part!r} is not a screen part ({', '.join(FRAME_PARTS)})")
        moves = []
        for move in raw.get("moves") or ():
            seat = move.get("seat") if isinstance(move, Mapping) else None
            if not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise ScriptError(f"{where}: each scripted move names its seat (0 to {len(seats) - 1})")
            moves.append(Move(seat, _action(game_id, move, where)))
        auto = raw.get("auto", 0)
        if not (auto in (END, YOU) or isinstance(auto, int) and auto >= 0):
            raise ScriptError(f'{where}: auto is a number of moves, "you" or "end"')
        expect = _action(game_id, raw["expect"], where) if "expect" in raw else None
        hint = str(raw.get("hint", ""))
        if expect is not None and not hint:
            raise ScriptError(f"{where}: a 'your move' step needs a hint for a wrong move")
        places = raw.get("places", [])
        if not isinstance(places, list) or not all(isinstance(p, str) and p for p in places):
            raise ScriptError(f"{where}: places is a list of the board's place names")
        claims = raw.get("claims", {})
        if not isinstance(claims, Mapping) or set(claims) - set(CLAIMS):
            raise ScriptError(f"{where}: claims may say {', '.join(CLAIMS)}")
        steps.append(
            Step(
                title,
                str(raw["caption"]).strip(),
                highlight,
                tuple(places),
                tuple(moves),
                auto,
                expect,
                hint,
                dict(claims),
            )
        )
    if not steps:
        raise ScriptError(f"{name}: no steps")
    return Walkthrough(
        game_id,
        str(data.get("title") or game.title),
        int(data.get("seed", 1)),
        tuple(str(s) for s in seats),
        {str(k): str(v) for k, v in (data.get("options") or {}).items()},
        tuple(steps),
    )


def load(game_id: str) -> Walkthrough:
    """The walkthrough shipped for `game_id`."""
    path = resources.files(__package__).joinpath("data", f"{game_id}.toml")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScriptError(f"no walkthrough for {game_id!r} yet") from None
    return parse(text, f"{game_id}.toml")


def available() -> list[str]:
    """The games with a walkthrough, in the registry's order."""
    folder = resources.files(__package__).joinpath("data")
    return [g for g in registry.ids() if folder.joinpath(f"{g}.toml").is_file()]


@dataclass
class Position:
    """Where the script stands at one step: the record so far and its state."""

    record: GameRecord
    state: State


def start(walk: Walkthrough) -> Position:
    record, state = GameRecord.start(walk.game_id, list(walk.seats), walk.seed, options=walk.options)
    return Position(record, state)


def run_moves(walk: Walkthrough, n: int, pos: Position) -> None:
    """Make step `n`'s scripted moves and its normal-bot moves on `pos`; ScriptError when one is
    not legal there (the rules' own reason)."""
    step = walk.steps[n]
    where = f"{walk.game_id}, {_where(n + 1, step.title)}"
    for move in step.moves:
        try:
            pos.record.play(pos.state, move.seat, move.action)
        except IllegalAction as exc:
            raise ScriptError(f"{where}: {move.action.describe()} is not legal: {exc}") from None
    bot = make_bot(registry.get(walk.game_id), "normal")
    left = step.auto
    while left and not pos.state.is_over():
        seat = pos.state.to_move()[0]
        if left == YOU and seat == LEARNER:
            break
        pos.record.play(
            pos.state, seat, bot_move(pos.state, seat, bot, bot_rng(walk.seed, seat, len(pos.record.steps)))
        )
        if isinstance(left, int):
            left -= 1
    if step.expect is not None:
        if LEARNER not in pos.state.to_move():
            raise ScriptError(f"{where}: the learner is not the one to move here")
        if step.expect not in pos.state.legal_actions(LEARNER):
            raise ScriptError(f"{where}: the expected move {step.expect.describe()} is not legal here")


def check(learner_move: Action, step: Step, pos: Position) -> str | None:
    """None when the learner's move is the one the step asks for (or reads the same: the script
    goes on with its own); else why not, in a line: the rules' reason for an illegal move, the
    step's hint for a legal but other one."""
    if learner_move == step.expect:
        return None
    if step.expect is not None and learner_move.describe() == step.expect.describe():
        return None  # the same card at another place in the row, say: what the caption asked for
    try:
        pos.state.copy().apply(LEARNER, learner_move)
    except IllegalAction as exc:
        return str(exc)
    return step.hint


def positions(walk: Walkthrough) -> list[Position]:
    """The position each step is shown at, the learner's expected moves made in between: the whole
    script replayed once (what the tests check, and what stepping back returns to)."""
    pos = start(walk)
    out = []
    for n, step in enumerate(walk.steps):
        run_moves(walk, n, pos)
        out.append(Position(pos.record.upto(), pos.state.copy()))
        if step.expect is not None:
            pos.record.play(pos.state, LEARNER, step.expect)
    return out


def claims_broken(walk: Walkthrough, step: Step, pos: Position) -> list[str]:
    """What the step's caption claims of its position that the position does not bear out."""
    state = pos.state
    view = state.view(None)
    wrong = []
    for key in ("phase", "step"):
        if key in step.claims and getattr(view, key) != step.claims[key]:
            wrong.append(f"{key} is {getattr(view, key)!r}, not {step.claims[key]!r}")
    movers = [walk.seats[seat] for seat in state.to_move()]
    if "to_move" in step.claims and step.claims["to_move"] not in movers:
        wrong.append(f"{', '.join(movers) or 'nobody'} to move, not {step.claims['to_move']}")
    if "legal" in step.claims:
        seat = state.to_move()[0] if state.to_move() else LEARNER
        kinds = {action.kind for action in state.legal_actions(seat)}
        for claim in step.claims["legal"]:
            kind = claim.removeprefix("!")
            if (kind in kinds) == claim.startswith("!"):
                wrong.append(f"{kind} is {'' if kind in kinds else 'not '}legal ({sorted(kinds)})")
    return wrong


def words(steps: Sequence[Step]) -> int:
    """The caption words of `steps`: a walkthrough is read in five to ten minutes."""
    return sum(len(step.caption.split()) for step in steps)
