"""The rules contract (DESIGN.md §2), checked on every registered game with no game-specific code.

A game joins this suite by being registered. Each game is played to the end by seeded random bots
for every player count, with the default options and then with enough other option sets that any
two values of two options meet in some game (pairwise, not the full cross product). Along the way:

* the shape of a turn: who is to move, their legal actions (complete, no duplicates, stable,
  one-line descriptions, JSON that decodes to an equal action), nobody else has any;
* refusals: another seat's move, a move that was legal before, malformed moves and near misses of
  legal ones all raise IllegalAction with a one-line reason (the one explain_illegal gives) and
  leave the state equal; apply accepts the listed moves;
* copies are independent and the RNG is part of equality;
* secrets, from the game's own declaration (`State.plant_secrets`): a state whose hidden values
  are replaced by marks shows none of them in any other seat's view, in the public view or in
  the standings, shows others exactly what the unmarked state shows, and shows the owner all of
  its own;
* what a bot is shown (`State.bot_view`) is a part of the mover's view, never more;
* every bot level chooses one of the legal actions;
* what a search bot plans on (`State.redeal_hidden`): the seat's view unchanged, nothing of the
  others' secrets in it, nothing in it decided by them, and a game that plays on to its end;
* save -> load gives an equal state; replaying the moves gives the same events and state;
* at the end: nobody moves, everything is refused, and the standings are complete.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng, shown_to
from boardgames_tui.rules.core import Action, Event, Game, IllegalAction, Seat, State
from boardgames_tui.rules.opponents import bot_levels, make_bot
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.rules.view import PlayerView, View, encode, is_part_of

PROBE_EVERY = 6  # steps between refusal, copy and listing checks
SECRETS_EVERY = 24  # steps between secret checks (they build a view per seat per owner)
REDEAL_PLAYED_AT = 30  # the step at which a redealt copy is played to its end
SAVE_EVERY = 60  # steps between save/load round trips (each replays the game so far)
MAX_STEPS = 20_000  # a game still going after this many moves is stuck, not long
MARK = "\x00secret#"  # no text a game writes contains a NUL


def option_sets(game: Game, players: int) -> list[dict[str, str]]:
    """The defaults, then option sets until any two values of two options that apply to
    `players` have been played together (pairwise coverage, built greedily and deterministically)."""
    specs = [spec for spec in game.options if spec.applies_to(players)]
    values = {spec.key: [value for value, _ in spec.choices] for spec in specs}
    keys = list(values)
    sets = [{spec.key: spec.default for spec in specs}]

    def pairs(chosen: dict[str, str]) -> set[tuple[str, str, str, str]]:
        items = sorted(chosen.items())
        return {(a, x, b, y) for i, (a, x) in enumerate(items) for b, y in items[i + 1 :]}

    wanted = set().union(
        *(
            pairs({a: x, b: y})
            for i, a in enumerate(keys)
            for b in keys[i + 1 :]
            for x in values[a]
            for y in values[b]
        )
    )
    wanted |= {(k, v, "", "") for k in keys for v in values[k]}  # every value, even of a lone option
    wanted -= pairs(sets[0]) | {(k, v, "", "") for k, v in sets[0].items()}
    while wanted:
        a, x, b, y = min(wanted)
        chosen = {a: x, **({b: y} if b else {})}
        for key in keys:
            if key not in chosen:
                chosen[key] = max(values[key], key=lambda v: len(pairs({**chosen, key: v}) & wanted))
        sets.append({key: chosen[key] for key in keys})
        wanted -= pairs(chosen) | {(k, v, "", "") for k, v in chosen.items()}
    return sets


def cases() -> Iterator[Any]:
    for game_id in registry.ids():
        game = registry.get(game_id)
        for players in range(game.min_players, game.max_players + 1):
            for i, options in enumerate(option_sets(game, players)):
                seed = 1000 * players + i
                # One short game of each stays in the quick tier; the sweep over counts and options is slow.
                marks = () if players == game.min_players and i == 0 else pytest.mark.slow
                case = f"{game_id}-{players}p-{i}"
                yield pytest.param(game_id, players, options, seed, id=case, marks=marks)


# -- helpers ---------------------------------------------------------------------------------------
class Foreign(Action):
    """An action no game knows."""

    kind = "contract-suite-probe"

    def describe(self) -> str:
        return "Probe"


WRONG_VALUES = (None, -7, 10**6, "?", 2.5)


def near_misses(action: Action) -> list[Action]:
    """The action with one field at a time set to a value of a wrong type or out of any range."""
    out = []
    for f in dataclasses.fields(action):
        for wrong in WRONG_VALUES:
            if getattr(action, f.name) != wrong:
                out.append(dataclasses.replace(action, **{f.name: wrong}))
    return out


def one_line(text: Any) -> bool:
    return isinstance(text, str) and text.strip() != "" and "\n" not in text


def assert_refused(state: State, seat: Any, action: Any) -> None:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as refusal:
        state.apply(seat, action)
    reason = refusal.value.reason
    assert one_line(reason), (action, reason)
    assert state.snapshot() == before, f"refusing {action!r} changed the state"
    assert state.explain_illegal(seat, action) == reason, action


def strings(value: Any) -> Iterator[str]:
    """Every string in a view (keys included), walking dataclasses, dicts, lists and tuples."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield from strings(encode(value))
    elif isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from strings(item)


def marks_in(value: Any, marks: set[str]) -> set[str]:
    return {m for text in strings(value) if MARK in text for m in marks if m in text}


def standings_data(state: State) -> Any:
    return dataclasses.asdict(state.standings())


# -- the checks --------------------------------------------------------------------------------------
def check_turn_shape(state: State, n: int) -> tuple[int, ...]:
    movers = state.to_move()
    assert state.is_over() == (movers == ())
    assert len(set(movers)) == len(movers) and all(0 <= s < n for s in movers)
    for seat in range(n):
        if seat not in movers:
            assert state.legal_actions(seat) == [], f"seat {seat} is not to move but has moves"
    return movers


def check_listing(state: State, seat: int, legal: list[Action]) -> None:
    assert legal, f"seat {seat} is to move but has no legal action"
    assert len(set(legal)) == len(legal), "legal_actions lists a move twice"
    assert state.legal_actions(seat) == legal, "legal_actions is not stable"
    for action in legal:
        assert one_line(action.describe()), action


def check_json(game: Game, legal: list[Action]) -> None:
    for action in legal:
        decoded = game.decode_action(json.loads(json.dumps(action.to_json())))
        assert decoded == action and type(decoded) is type(action), action


def check_refusals(
    state: State, seat: int, legal: list[Action], stale: list[Action], n: int, rng: random.Random
) -> None:
    for other in range(n):
        if other not in state.to_move():
            assert_refused(state, other, legal[rng.randrange(len(legal))])
    for action in [a for a in stale if a not in legal][:3]:
        assert_refused(state, seat, action)
    for junk in (None, "pass", {"kind": "pass"}, object(), Foreign()):
        assert_refused(state, seat, junk)
    for bad_seat in (-1, n, None, "0"):
        assert_refused(state, bad_seat, legal[0])
    sample = [legal[0], legal[-1], legal[rng.randrange(len(legal))]]
    for action in sample:
        for near in near_misses(action):
            if near not in legal:
                assert_refused(state, seat, near)
    # apply takes what legal_actions lists (the move actually played is checked by playing it)
    for action in (legal[0], legal[-1]):
        state.copy().apply(seat, action)


def check_copy(state: State) -> None:
    clone = state.copy()
    assert clone == state and clone.game is state.game
    twin = state.copy()
    twin.rng.random()
    assert twin != state, "the RNG state is not part of equality"
    seat = state.to_move()[0]
    before = state.snapshot()
    clone.apply(seat, clone.legal_actions(seat)[0])
    assert state.snapshot() == before, "a copy shares something with the original"


def check_secrets(state: State, n: int) -> None:
    viewers: list[int | None] = [None, *range(n)]
    plain = {viewer: state.view(viewer) for viewer in viewers}
    plain_standings = standings_data(state)
    counter = iter(range(10**9))
    for owner in viewers:
        planted = state.copy()
        made: list[str] = []

        def mark(made: list[str] = made) -> str:
            made.append(f"{MARK}{next(counter)}\x00")
            return made[-1]

        planted.plant_secrets(owner, mark)
        marks = set(made)
        assert len(marks) == len(made), "mark() values must stay unique"
        for viewer in viewers:
            view = planted.view(viewer)
            if owner is not None and viewer == owner:
                missing = marks - marks_in(view, marks)
                assert not missing, f"seat {owner}'s view hides {len(missing)} of its own secrets"
                continue
            leaked = marks_in(view, marks)
            assert not leaked, f"view({viewer}) shows {len(leaked)} secrets of owner {owner}"
            assert view == plain[viewer], f"view({viewer}) depends on secrets of owner {owner}"
        assert not marks_in(standings_data(planted), marks), f"the standings show {owner}'s secrets"
        assert standings_data(planted) == plain_standings


def check_redeal(state: State, n: int, seed: int) -> None:
    """What a search bot plans on (`State.redeal_hidden`): for each seat, a copy that shows that
    seat exactly what the state shows it, and that is drawn from that seat's knowledge alone. With
    every other seat's secrets and the face-down order replaced by marks, and the RNG moved on,
    the redeal (from the same RNG) must be the same state, with no mark in it."""
    counter = iter(range(10**9))
    for seat in range(n):
        redealt = state.redeal_hidden(seat, random.Random(f"redeal:{seed}:{seat}"))
        assert redealt.view(seat) == state.view(seat), f"a redeal for seat {seat} changes its view"
        assert redealt.to_move() == state.to_move()
        if seat in state.to_move():
            assert redealt.legal_actions(seat) == state.legal_actions(seat)
        planted = state.copy()
        made: list[str] = []

        def mark(made: list[str] = made) -> str:
            made.append(f"{MARK}{next(counter)}\x00")
            return made[-1]

        for owner in [None, *range(n)]:
            if owner != seat:
                planted.plant_secrets(owner, mark)
        planted.rng.random()
        again = planted.redeal_hidden(seat, random.Random(f"redeal:{seed}:{seat}"))
        assert not marks_in(again.snapshot(), set(made)), f"a redeal for seat {seat} keeps a secret"
        assert again == redealt, f"a redeal for seat {seat} depends on what it cannot see"


def check_redealt_plays_on(state: State, n: int, seed: int) -> None:
    """A redealt copy is a game that can be played to its end."""
    seat = state.to_move()[0]
    copy = state.redeal_hidden(seat, random.Random(seed))
    bot, step = RandomBot(), 0
    while not copy.is_over():
        assert step < MAX_STEPS, "a redealt game does not end"
        mover = copy.to_move()[0]
        copy.apply(mover, bot.choose({}, copy.legal_actions(mover), bot_rng(seed, mover, step)))
        step += 1
    check_end(copy.game, copy, list(copy.seats), n, {})


def check_levels(game: Game, state: State, seat: int, seed: int) -> None:
    """Every bot level, the hard one with a small budget, chooses one of the legal actions."""
    legal = state.legal_actions(seat)
    for level in bot_levels(game):
        bot = make_bot(game, level, think=0.01)
        rng = bot_rng(seed, seat)
        assert bot.choose(shown_to(bot, state, seat, rng), legal, rng) in legal, level


def check_save_load(record: GameRecord, state: State) -> None:
    loaded = GameRecord.loads(record.dumps())
    assert loaded.load_state() == state


def check_replay(record: GameRecord, state: State, events: list[list[Event]]) -> None:
    again = record.new_state()
    for step, expected in zip(record.steps, events):
        assert again.apply(step.seat, step.action) == expected, f"replaying {step.action} differs"
    assert again == state


def check_end(game: Game, state: State, seats: list[Seat], n: int, samples: dict[str, Action]) -> None:
    assert state.to_move() == () and state.is_over()
    for seat in range(n):
        assert state.legal_actions(seat) == []
        for action in list(samples.values())[:3]:
            assert_refused(state, seat, action)
    standings = state.standings()
    rows = standings.rows
    assert sorted(r.seat for r in rows) == list(range(n)), "one row per seat"
    assert {r.seat: r.name for r in rows} == {s: seat.name for s, seat in enumerate(seats)}
    keys = [(r.total, r.tiebreak) for r in rows]
    assert keys == sorted(keys, reverse=True), "rows are best first"
    for row in rows:
        assert row.total == sum(row.breakdown.values()), row
        assert row.rank == 1 + sum(key > (row.total, row.tiebreak) for key in keys), row
        assert row.winner == (row.rank == 1), row
    assert standings.winners and standings.winners == [r for r in rows if r.rank == 1]


def check_decoder(game: Game, samples: dict[str, Action]) -> None:
    for junk in (None, [], {}, "pass", {"kind": Foreign.kind}):
        with pytest.raises(ValueError):
            game.decode_action(junk)
    for action in samples.values():
        data = action.to_json()
        with pytest.raises(ValueError):
            game.decode_action({**data, "contract_suite_extra": 1})
        for f in dataclasses.fields(action):
            if f.default is dataclasses.MISSING:
                with pytest.raises(ValueError):
                    game.decode_action({k: v for k, v in data.items() if k != f.name})


# -- the suite ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id, players, options, seed", list(cases()))
def test_game_keeps_the_contract(game_id: str, players: int, options: dict[str, str], seed: int):
    game = registry.get(game_id)
    seats = [Seat(f"Player {i + 1}", "random") for i in range(players)]
    record, state = GameRecord.start(game_id, seats, seed, options=options)
    assert record.options == game.resolve_options(options)
    bot = RandomBot()
    rng = random.Random(seed)
    events: list[list[Event]] = []
    samples: dict[str, Action] = {}
    stale: list[Action] = []
    step = 0
    while not state.is_over():
        assert step < MAX_STEPS, "the game does not end"
        movers = check_turn_shape(state, players)
        seat = movers[0]
        legal = state.legal_actions(seat)
        check_json(game, legal)
        for action in legal:
            samples.setdefault(action.kind, action)
        if step % PROBE_EVERY == 0:
            check_listing(state, seat, legal)
            check_refusals(state, seat, legal, stale, players, rng)
            check_copy(state)
            stale = legal
        if step % SECRETS_EVERY == 0:
            check_secrets(state, players)
            check_redeal(state, players, seed + step)
            check_levels(game, state, seat, seed + step)
        if step == REDEAL_PLAYED_AT:
            check_redealt_plays_on(state, players, seed)
        if step % SAVE_EVERY == 0:
            check_save_load(record, state)
        view = state.view(seat)
        check_view(game, state, seat, view)
        assert is_part_of(state.bot_view(seat), view), "bot_view shows what view does not"
        action = bot.choose(view, legal, bot_rng(seed, seat, step))
        happened = record.play(state, seat, action)
        assert isinstance(happened, list) and all(isinstance(e, Event) for e in happened)
        for event in happened:
            assert one_line(event.text), event
            assert event.others_text is None or one_line(event.others_text), event
        events.append(happened)
        step += 1
    check_turn_shape(state, players)
    check_end(game, state, seats, players, samples)
    check_secrets(state, players)
    check_save_load(record, state)
    check_replay(record, state, events)
    check_decoder(game, samples)


def check_view(game: Game, state: State, seat: int, view: Any) -> None:
    """A view is JSON once encoded; a typed one says what every view says, and the game's own
    decoder rebuilds it from the wire exactly."""
    data = json.loads(json.dumps(encode(view)))
    assert isinstance(view, View), type(view)
    assert (view.game, view.viewer, view.to_move) == (game.id, seat, state.to_move())
    assert [p.name for p in view.players] == [s.name for s in state.seats]
    assert game.decode_view(data) == view, "the view does not come back the same from the wire"


def test_a_part_of_a_view_leaves_things_out_and_adds_nothing():
    whole = {"a": 1, "players": [{"x": 1, "y": [2]}, {"x": 3, "y": []}], "flag": True}
    assert is_part_of({}, whole) and is_part_of(whole, whole)
    assert is_part_of({"players": [{"x": 1}, {}]}, whole)
    assert not is_part_of({"a": 2}, whole)  # a different value
    assert not is_part_of({"b": 1}, whole)  # a key the whole lacks
    assert not is_part_of({"players": [{"x": 1}]}, whole)  # an entry left out of the list itself
    assert not is_part_of({"players": [{"x": 1, "y": [2, 5]}, {}]}, whole)
    assert not is_part_of({"flag": 1}, whole)  # 1 is not True here
    assert not is_part_of({"a": [1]}, whole)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_bot_level_plays_a_legal_move(game_id: str):
    game = registry.get(game_id)
    levels = bot_levels(game)
    assert levels[0] == "random"
    state = game.new([f"P{i}" for i in range(game.min_players)], 3)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    for level in (*levels, "no-such-level"):
        bot = make_bot(game, level, think=0.01)
        rng = bot_rng(3, seat, 0)
        assert bot.choose(shown_to(bot, state, seat, rng), legal, rng) in legal, level


@pytest.mark.parametrize("game_id", registry.ids())
def test_description_and_options_are_complete(game_id: str):
    game = registry.get(game_id)
    assert game.id == game_id and game.title and one_line(game.pitch)
    assert 1 <= game.min_players <= game.max_players and game.minutes > 0
    for spec in game.options:
        values = [value for value, _ in spec.choices]
        assert spec.default in values and len(set(values)) == len(values) >= 2, spec.key
        assert all(game.min_players <= p <= game.max_players for p in spec.players), spec.key
        assert any(spec.applies_to(p) for p in range(game.min_players, game.max_players + 1))
    assert game.resolve_options({}) == {spec.key: spec.default for spec in game.options}
    rules = game.rules_markdown()
    assert rules.startswith(f"# {game.title}")
    with pytest.raises(ValueError):
        game.resolve_options({"contract_suite_no_such_option": "1"})
    with pytest.raises(ValueError):
        game.new([f"P{i}" for i in range(game.max_players + 1)], 1)
    with pytest.raises(ValueError):
        game.new([f"P{i}" for i in range(game.min_players)], 1, variant="contract-suite")


def test_a_part_of_a_typed_view_may_leave_fields_out_as_none():
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Small:
        players: tuple[Any, ...]
        round: int | None

    whole = View(
        game="g",
        viewer=0,
        to_move=(0,),
        round=2,
        phase="",
        step="",
        players=(PlayerView(name="Ann"), PlayerView(name="Bob")),
    )
    assert is_part_of(whole, whole)
    assert is_part_of(Small(players=(PlayerView(name="Ann"), None), round=None), whole)
    assert not is_part_of(Small(players=(PlayerView(name="Eve"), None), round=2), whole)
    assert not is_part_of(Small(players=(None,), round=2), whole)  # an entry left out of the tuple
    assert not is_part_of(Small(players=(None, None), round=3), whole)


def test_a_view_comes_back_from_the_wire_only_in_its_own_shape(toy_registered: Game):
    game = toy_registered
    view = game.new(["Ann", "Bob"], 1).view(0)
    data = json.loads(json.dumps(encode(view)))
    assert game.decode_view(data) == view
    for broken in (
        {**data, "round": "3"},
        {**data, "extra": 1},
        {k: v for k, v in data.items() if k != "step"},
        {**data, "players": [{"name": "Ann", "pile": True, "secret": None}]},
        {**data, "to_move": [10**400 > 0]},
        [],
    ):
        with pytest.raises(ValueError):
            game.decode_view(broken)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_declares_its_parts_and_each_is_whole(game_id: str):
    """A game is its declarations: each part named is there, of the kind it must be, with no
    method of the contract left out (an abstract state could not even be made)."""
    import inspect

    from boardgames_tui.rules.figures import Figure

    game = registry.get(game_id)
    state_class = game.part(game.state_class)
    assert issubclass(state_class, State) and not inspect.isabstract(state_class)
    assert issubclass(game.part(game.view_class), View)
    assert callable(game.part(game.actions_module).decode_action)
    assert callable(game.part(game.rules_values))
    normal = game.part(game.normal_bot)()
    assert callable(normal.choose)
    state = game.new([f"P{i}" for i in range(game.min_players)], 5)
    assert isinstance(state, state_class) and isinstance(state.view(None), game.part(game.view_class))
    assert game.figures([]) == [] or all(isinstance(f, Figure) for f in game.figures([]))
