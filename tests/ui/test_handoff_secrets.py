"""A hand-off comes when, and only when, a screen would show a secret (play/flow.py).

Over every game, every player count, with all seats human and with bots among them, the flow is
driven through random games, and at every change of person it is checked from the views
themselves (as plain data, without the flow's own comparison): a change with no hand-off leaves
no secret on either screen (the outgoing person's view and the incoming one's are both the public
view, but for who looks), and a hand-off comes only where one of them is not. The hand-off names
what is hidden in the game's words (each view's SECRET_WORDS), never by a bare field name.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgames_tui.play.flow import BotTurn, Flow, HandOff, Idle, Over, Present
from boardgames_tui.play.table import Table
from boardgames_tui.rules import registry
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.view import differing_fields, encode
from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
# Options that open or hide more: both branches of the rule come up in every game.
OPTIONS: dict[str, list[dict[str, str]]] = {
    "macao": [{}, {"dice_choice": "simultaneous"}],
    "st_petersburg": [{}, {"open_money": "on", "open_hands": "on"}],
    "santiago": [{}, {"open_money": "on"}],
}
# Moves a game is followed for: enough for several rounds, phases and set-ups in each.
MOVES = 160


def cases() -> list[Any]:
    found = []
    for game in registry.all_games():
        for players in range(game.min_players, game.max_players + 1):
            for options in OPTIONS.get(game.id, [{}]):
                for bots in (False, True):
                    opened = "+".join(options.values()) or "default"
                    tag = f"{game.id}-{players}-{'bots' if bots else 'humans'}-{opened}"
                    found.append(pytest.param(game.id, players, options, bots, id=tag))
    return found


def seats(players: int, bots: bool) -> list[Seat]:
    # With bots, every other seat is one, so that bots move between people and people in a row.
    return [Seat(NAMES[i], "random" if bots and i % 2 else None) for i in range(players)]


def screen_of(table: Table, seat: int | None) -> Any:
    """What `seat`'s screen shows, as plain data, leaving out only who looks."""
    data = encode(table.view(seat))
    data.pop("viewer")
    return data


@pytest.mark.slow  # 50 random games through the flow
@pytest.mark.parametrize(("game_id", "players", "options", "bots"), cases())
def test_a_hand_off_only_where_a_screen_holds_a_secret(game_id, players, options, bots):
    table = Table.new(game_id, seats(players, bots), 1000 + players, options, autosave=False)
    flow = Flow(table)
    rng = random.Random(players)
    words = type(table.view(None)).SECRET_WORDS
    changes = {"passed": 0, "handed": 0}
    while len(table.record.steps) < MOVES:
        outgoing = flow.viewer
        step = flow.next()
        if isinstance(step, (Over, Idle)):
            break
        if isinstance(step, BotTurn):
            table.bot_step(step.seat)
            continue
        public = screen_of(table, None)
        if isinstance(step, HandOff):
            changes["handed"] += 1
            assert step.outgoing == outgoing
            hides = outgoing is not None and screen_of(table, outgoing) != public
            shows = screen_of(table, step.seat) != public
            assert hides or shows, f"a hand-off to {step.seat} with nothing secret on either screen"
            assert bool(step.hides) == hides and bool(step.shows) == shows
            for seat in (outgoing, step.seat):
                if seat is not None:  # every secret has the game's words
                    assert differing_fields(table.view(seat), table.view(None)) <= set(words)
            step, _ = flow.handed_over(step.seat)
        elif step.passed is not None:
            changes["passed"] += 1
            assert outgoing != step.seat
            held = outgoing is not None and screen_of(table, outgoing) != public
            assert not held, "the outgoing screen held a secret"
            assert screen_of(table, step.seat) == public, "the incoming screen shows a secret"
        assert isinstance(step, Present) and flow.viewer == step.seat
        seat = step.seat
        table.act(seat, rng.choice(table.legal(seat)))
    humans = len(table.humans)
    if humans > 1:
        assert changes["passed"] + changes["handed"] > 0
    else:
        assert changes == {"passed": 0, "handed": 0}  # one person never hands off


def test_both_kinds_of_change_come_up():
    """The rule decides: hands stay secret in St. Petersburg, Macao's open dice pass at once."""

    def count(game_id: str, options: dict[str, str]) -> tuple[int, int]:
        table = Table.new(game_id, seats(2, False), 3, options, autosave=False)
        flow, rng, handed, passed = Flow(table), random.Random(3), 0, 0
        while len(table.record.steps) < 60 and not table.is_over():
            step = flow.next()
            if isinstance(step, HandOff):
                handed += 1
                step, _ = flow.handed_over(step.seat)
            elif isinstance(step, Present) and step.passed is not None:
                passed += 1
            assert isinstance(step, Present)
            table.act(step.seat, rng.choice(table.legal(step.seat)))
        return handed, passed

    st_handed, st_passed = count("st_petersburg", {})
    assert st_handed > 10 and st_passed == 0
    macao_handed, macao_passed = count("macao", {})
    assert macao_handed == 0 and macao_passed > 10
    open_handed, open_passed = count("st_petersburg", {"open_money": "on", "open_hands": "on"})
    assert open_handed == 0 and open_passed > 10


# -- at the keyboard ------------------------------------------------------------------------------
def app_for(game_id: str, players: int, seed: int, options: dict[str, str] | None = None):
    from boardgames_tui.ui.app import BoardgamesApp

    return BoardgamesApp(game_id, seats(players, False), seed=seed, options=options or {}, bot_delay=0)


async def test_open_dice_pass_the_keyboard_with_a_line_and_the_mover_may_take_back():
    app = app_for("macao", 2, 4)
    rng = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        changes = took_back = 0
        for _ in range(40):
            assert not isinstance(app.screen, (HandoffScreen, RecapScreen)), app.screen_text()
            seat = app.viewer
            assert seat is not None and seat in app.table.to_move()
            assert app.human_play(rng.choice(app.table.legal(seat))) is None
            await pilot.pause()
            if app.viewer == seat:
                continue
            changes += 1
            text = app.screen_text()
            assert f"{app.table.name(app.viewer)}, your turn" in text
            if app.flow.passed_undo is None:  # a reveal (the dice) came after the move
                assert "u takes back" not in text
                continue
            assert f"{app.table.name(seat)}: u takes back your move" in text
            if not took_back:
                # The one who moved takes it back from the next person's screen: theirs comes back.
                steps = len(app.table.record.steps)
                await pilot.press("u")
                await pilot.pause()
                assert app.viewer == seat and len(app.table.record.steps) < steps
                assert app.screen is app.game_screen
                took_back += 1
        assert changes >= 5 and took_back == 1


async def test_secret_hands_are_handed_over_with_what_is_hidden_named():
    app = app_for("st_petersburg", 2, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        first, second = app.screen.seat, 1 - app.screen.seat
        one, two = app.table.name(first), app.table.name(second)
        text = app.screen_text()
        assert f"the next screen shows {one}'s hand and rubles" in text and "hidden" not in text
        await pilot.press("enter")
        await pilot.pause()
        while isinstance(app.screen, RecapScreen):
            await pilot.press("enter")
            await pilot.pause()
        while app.viewer == first:
            assert app.human_play(app.table.legal(first)[0]) is None
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.viewer is None
        text = app.screen_text()
        assert f"{one}'s hand and rubles: hidden." in text
        assert f"the next screen shows {two}'s hand and rubles" in text


async def test_san_marco_hands_over_only_around_a_split():
    """The set-up and the choosing pass at once; a divider's split is handed over."""
    app = app_for("san_marco", 3, 2)
    rng = random.Random(2)
    seen = {"handed": 0, "passed": 0}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while len(app.table.record.steps) < 60 and not app.table.is_over():
            if isinstance(app.screen, HandoffScreen):
                seen["handed"] += 1
                assert "cards to divide" in app.screen_text()
                await pilot.press("enter")
                await pilot.pause()
                continue
            if isinstance(app.screen, RecapScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            seat = app.viewer
            assert seat is not None
            if app.human_play(rng.choice(app.table.legal(seat))) is None and app.viewer not in (seat, None):
                seen["passed"] += 1
            await pilot.pause()
    assert seen["handed"] > 0 and seen["passed"] > 0
