"""Rialto's board: the map drawn from the board table, the cards picked for a stage and what they
count, a bridge placed with the arrows and turned, each hand kept from everyone but its owner, and
a whole game played by keystrokes."""

from __future__ import annotations

import dataclasses
import re

import pytest

from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.rialto import GAME
from boardgames_tui.rules.rialto.actions import PlaceBridge, Play
from boardgames_tui.rules.rialto.data import BUILDING, DOGE, JOKER, ROUNDS, SLOT_LETTERS, SLOTS, YELLOW
from boardgames_tui.rules.rialto.view import Building, DogeTrack
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.rialto.layout import Layout
from boardgames_tui.ui.boards.rialto.picking import AS_ONE, Picks
from boardgames_tui.ui.boards.rialto.scene import Scene
from boardgames_tui.ui.boards.rialto.signs import cards_text
from boardgames_tui.ui.boards.rialto.venice import draw_map
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen

from .helpers import (
    answers_keys,
    first_line_key,
    frame_key,
    keys_until,
    press,
    saved_rialto,
    send_batch,
    to_the_board,
)

SIZES = [(80, 24), (120, 40), (100, 30)]


# -- the map, from the board table ------------------------------------------------------------------
def empty_view(**kw):
    """A three-player game's public view in round 1, the districts numbered in order, with `kw`."""
    view = GAME.new(["Ann", "Bob", "Cleo"], 1).view(None)
    fields = dict(
        numbers=(1, 2, 3, 4, 5, 6),
        slots=(None,) * len(SLOTS),
        council=((0, 0, 0),) * 6,
        neutral=(0,) * 6,
        banks=(None, None),
        doge=DogeTrack(position=(0, 0, 0), height=(3, 2, 1), order=(0, 1, 2)),
        district=0,
        round=1,
        marker=None,
    )
    return dataclasses.replace(view, **{**fields, **kw})


def cell(lines, x: int, y: int, n: int) -> str:
    return lines[y].plain[x : x + n]


@pytest.mark.parametrize("size", SIZES)
def test_every_slot_of_the_table_is_drawn_with_its_letter_and_a_click_finds_it(size):
    layout = Layout(*size)
    assert [spot.slot for spot in layout.spots] == list(range(len(SLOTS)))
    assert layout.map_width <= size[0]
    lines = draw_map(layout, Scene(view=empty_view(), viewer=None, acting=False))
    text = "\n".join(line.plain for line in lines)
    for letter in SLOT_LETTERS[: len(SLOTS)]:
        assert letter in text
    for spot in layout.spots:
        points = spot.ends if spot.kind == "cross" else (spot.point,)
        for x, y in points:
            assert layout.place_at(x, y) == ("slot", spot.slot)
            assert SLOT_LETTERS[spot.slot] in lines[y].plain[x - 3 : x + 4]


@pytest.mark.parametrize("size", SIZES[:2])
def test_a_bridge_shows_each_number_beside_the_district_it_faces(size):
    layout = Layout(*size)
    for slot in range(len(SLOTS)):
        slots: list = [None] * len(SLOTS)
        slots[slot] = (0, 5, 3, 1)  # 5 faces district a, 3 faces district b
        lines = draw_map(layout, Scene(view=empty_view(slots=tuple(slots)), viewer=None, acting=False))
        spot = layout.spot(slot)
        if spot.kind == "cross":
            assert cell(lines, *spot.ends[0], 3) == f"{SLOT_LETTERS[slot]}═5"
            assert cell(lines, *spot.ends[1], 3) == f"{SLOT_LETTERS[slot]}═3"
            continue
        line = lines[spot.point[1]].plain
        (xa, _), (xb, _) = spot.ends
        found = re.search(r"(\d)[═─]+ ?" + SLOT_LETTERS[slot] + r" ?[═─]+(\d)", line)
        assert found, line
        left, right = found.group(1), found.group(2)
        assert (left, right) == (("5", "3") if xa < xb else ("3", "5"))


# -- the cards picked for a stage -------------------------------------------------------------------
def test_picks_count_like_the_rules_and_say_why_a_set_is_refused():
    hand = [DOGE, BUILDING, BUILDING, JOKER, JOKER]
    picks = Picks.start(BUILDING, hand, [Building(colour=YELLOW, value=2, coin=False, new=False)], coins=1)
    assert picks.chips[:4] == [BUILDING, BUILDING, JOKER, JOKER]  # the stage's kind first
    assert picks.count() == 2 and picks.action() == Play(2)
    picks.clear()
    picks.toggle(2)  # a lone Joker
    assert picks.count() is None and "cannot be played on its own" in (picks.refusal() or "")
    picks.toggle(3)  # two Jokers, while a Building card is in hand
    assert picks.count() is None and "do not hold" in (picks.refusal() or "")
    picks.pick_all()
    doge = picks.chips.index(DOGE)
    assert picks.toggle(doge) and picks.modes[doge] == AS_ONE  # the Yellow 2 turns the Doge
    assert picks.count() == 3 and picks.action() == Play(2, 0, (DOGE,))
    plain = Picks.start(BUILDING, hand, [], coins=0)
    assert not plain.toggle(plain.chips.index(DOGE))  # no yellow building: the Doge stays in hand


# -- playing by keys ----------------------------------------------------------------------------------
def board_key(game) -> str:
    if game.picks is not None:
        return "enter" if game.picks.count() is not None else "p"
    if game.map_kind is not None:
        return "enter"
    return first_line_key(game)


def next_key(app) -> str | None:
    """The first legal move, through the keyboard: the picked cards (or p when they cannot be
    played), Enter on a slot, the first line of the action list."""
    return frame_key(app, board_key)


async def play_by_keys(app, pilot, until, check=None) -> int:
    return await keys_until(app, pilot, until, next_key, check, press)


HAND_LINE = re.compile(r"[Yy]our hand (\d+)")
CHIPS_LINE = re.compile(r"^Play \w+:", re.MULTILINE)


class KeyboardWatch:
    """Who has the keyboard (the seat of the last hand-off passed), and a check at every screen
    that no hand and no blind draw is shown to anyone but its owner."""

    def __init__(self) -> None:
        self.at_keyboard: int | None = None
        self.handing_to: int | None = None
        self.seen_own = 0
        self.seen_other = 0

    def __call__(self, app) -> None:
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            self.handing_to, self.at_keyboard = screen.seat, None  # it shows nobody's hand
        elif self.handing_to is not None:
            self.at_keyboard, self.handing_to = self.handing_to, None
        text = app.screen_text()
        match = HAND_LINE.search(text)
        if match or CHIPS_LINE.search(text):
            # the board, or a dialog over it (a choice list lets the board show through)
            game = app.game_screen
            assert game in app.screen_stack and game.viewer == self.at_keyboard is not None, text
            if match:
                assert int(match.group(1)) == len(app.table.view(self.at_keyboard).hand)
            self.seen_own += 1
        flat = " ".join(text.split())
        for entry in app.table.log:
            event = entry.event
            if event.visible_to and self.at_keyboard not in event.visible_to and " blind" in event.text:
                assert event.text not in flat, text
                self.seen_other += 1


@pytest.mark.slow
async def test_three_players_by_keystrokes_nobody_sees_a_hand_or_a_blind_draw_but_its_owner():
    app = BoardgamesApp("rialto", [Seat("Ann"), Seat("Bob"), Seat("Cleo")], seed=2, bot_delay=0)
    watch = KeyboardWatch()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_by_keys(app, pilot, lambda a: a.table.view(None).round >= 3, watch)
    assert watch.seen_own > 30 and watch.seen_other > 30


@pytest.mark.slow
async def test_the_last_round_of_a_two_player_game_by_keystrokes():
    """The rounds before are the flow's and the rules' to test: here the last, by keys, from its
    save to the final scoring, district by district."""
    path = saved_rialto(
        lambda view: view.round >= ROUNDS, names=("Ann", "Bob"), seed=4, name="rialto-last.json"
    )
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = await play_by_keys(app, pilot, lambda a: isinstance(a.screen, GameOverScreen))
        assert app.table.is_over() and keys > 15
        text = app.screen_text()
        assert "The districts" in text and "total" in text


def joker_and_stage_card(view) -> bool:
    hand = view.hand or ()
    stage = view.current_stage
    return view.step == "play" and stage is not None and JOKER in hand and stage in hand


async def test_the_stage_keys_show_the_count_refuse_a_lone_joker_and_play_the_picked_set():
    path = saved_rialto(joker_and_stage_card, private=True, name="rialto-picks.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        picks = screen.picks
        view = screen.view
        stage, hand = view.current_stage, view.hand
        n = hand.count(stage)
        assert picks is not None and f"count {n}" in app.screen_text()
        # the cursor to the first Joker: Space adds it, and the count follows before Enter
        for _ in range(picks.chips.index(JOKER)):
            await pilot.press("right")
        await pilot.press("space")
        assert f"count {n + 1}" in app.screen_text()
        # every card of the stage's kind left out: a lone Joker, refused with the reason
        await pilot.press("left")
        for _ in range(n):
            await pilot.press("space", "left")
        assert "cannot be played on its own" in app.screen_text()
        steps = len(app.table.record.steps)
        await pilot.press("enter")
        assert len(app.table.record.steps) == steps and "cannot be played on its own" in app.screen_text()
        # all of the stage's kind and one Joker: Enter sends exactly that play
        await pilot.press("a")
        while picks.chips[picks.at] != JOKER:
            await pilot.press("right")
        await pilot.press("space", "enter")
        assert app.table.record.steps[steps].action == Play(n, 1)


def bridge_with_slots_taken(view) -> bool:
    return view.step == "bridge" and sum(s is not None for s in view.slots) >= 2


async def test_a_bridge_moves_over_free_slots_only_turns_and_is_placed():
    path = saved_rialto(bridge_with_slots_taken, name="rialto-bridge.json", seed=5)
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        view = screen.view
        assert screen.map_kind == "bridge"
        free = {i for i, s in enumerate(view.slots) if s is None}
        visited = {screen.cursor.place[1]}
        for key in ["right"] * 4 + ["down"] * 2 + ["left"] * 5 + ["up"] * 2 + ["tab"] * 6:
            await pilot.press(key)
            visited.add(screen.cursor.place[1])
        assert visited <= free and len(visited) > 2
        slot = screen.cursor.place[1]
        layout = Layout(80, 24)
        tile = view.bridge_next
        seat = screen.viewer

        def number_at(side: int) -> str:
            spot = layout.spot(slot)
            board = screen.query_one("#board")
            lines = [text for text, _ in board._lines]
            if spot.kind == "cross":
                return cell(lines, *spot.ends[side], 3)[2]
            found = re.search(
                r"(\d)\D+(\d)", lines[spot.point[1]].plain[min(spot.ends[0][0], spot.ends[1][0]) :]
            )
            assert found
            left_first = spot.ends[0][0] < spot.ends[1][0]
            return found.group(1 + (side if left_first else 1 - side))

        assert (number_at(0), number_at(1)) == (str(tile[0]), str(tile[1]))
        await pilot.press("f")
        assert (number_at(0), number_at(1)) == (str(tile[1]), str(tile[0]))
        steps = len(app.table.record.steps)
        await pilot.press("enter")
        assert app.table.record.steps[steps].action == PlaceBridge(slot, True, tile)
        assert app.table.view(None).slots[slot] == (0, tile[1], tile[0], seat)


@pytest.mark.slow
async def test_keys_in_batches_never_leave_a_dead_screen():
    path = saved_rialto(lambda v: v.step == "play" and v.round >= 2, name="rialto-batch.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        for batch in (
            ["right", "space", "space", "left", "enter", "a", "f", "w"],
            ["enter", "enter", "1", "escape", "space", "p", "tab", "down"],
            ["1", "1", "enter", "right", "space", "enter", "p", "enter"],
        ):
            await send_batch(pilot, *batch)
            assert answers_keys(app)


async def test_two_players_with_the_virtual_player_see_its_hand_and_its_slot():
    path = saved_rialto(
        lambda v: v.step == "play" and v.round >= 2,
        names=("Ann", "Bob"),
        options={"virtual_player": "on"},
        name="rialto-virtual.json",
    )
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        view = app.table.view(None)
        text = app.screen_text()
        virtual = [line for line in text.splitlines() if "○ Virtual" in line]
        assert virtual and f"slot {SLOT_LETTERS[view.marker]}" in virtual[0]
        assert f"hand {cards_text(view.virtual.hand)}" in virtual[0]  # face up, for everyone
        spot = Layout(80, 24).spot(view.marker)
        lines = [text for text, _ in app.game_screen.query_one("#board")._lines]
        if spot.kind == "cross":
            assert cell(lines, *spot.ends[0], 2) == SLOT_LETTERS[view.marker] + "○"
        else:
            assert "○" in lines[spot.point[1]].plain
