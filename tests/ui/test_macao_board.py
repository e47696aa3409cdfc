"""Macao's board: the wind rose and the house-set notice at 80×24 and 120×40, the dice marked by
keys with their landing previewed on the rose, a quarter taken on the city map, a ship sailed and
a good delivered on the sea map, cubes paid by colour letter and a cost paid in a chosen way,
nobody shown another's hidden dice, and random keys from every step never raising."""

from __future__ import annotations

import dataclasses
import random

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import bot_move, bot_rng
from boardgames_tui.rules.macao.actions import ChooseDice, Deliver, PayCube, Sail, TakeQuarter, UseCard
from boardgames_tui.rules.macao.data import CARD, COLOURS, QUARTER, SPACE
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.macao import city, sea
from boardgames_tui.ui.boards.macao.layout import Layout
from boardgames_tui.ui.boards.macao.panels import left_column
from boardgames_tui.ui.boards.macao.scene import Scene
from boardgames_tui.ui.screens.dialogs import ChoiceScreen

from .helpers import answers_keys, press, saved_by_bot, send_batch, to_the_board, write_save

SIZES = [(80, 24), (120, 40)]


def saved_where(pred, names=("Ann", "Bob"), seed: int = 1, name: str = "macao-test.json", options=None):
    """A game played by the smart bot in every seat until `pred(view, legal)` holds for the seat to
    move (its own view and legal moves), saved there: the app resumes it with that seat to act."""
    record, state = GameRecord.start("macao", list(names), seed, options=options or {})
    bot = make_bot(registry.get("macao"), "smart")
    while not state.is_over():
        seat = state.to_move()[0]
        if pred(state.view(seat), state.legal_actions(seat)):
            return write_save(record, name)
        record.play(state, seat, bot_move(state, seat, bot, bot_rng(seed, seat, len(record.steps))))
    raise AssertionError("the game ended before the position was found")


def a_view(**changes):
    """A view of a new two-player game (Ann and Bob) with `changes`."""
    state = registry.get("macao").new(["Ann", "Bob"], 1)
    return dataclasses.replace(state.view(0), **changes)


def with_pending(player, counts):
    """`player` with the wind rose `counts` (six piles of six colours) and no cubes at hand."""
    return dataclasses.replace(player, pending=tuple(map(tuple, counts)), available=(0,) * 6)


def last_action(app):
    return app.table.record.steps[-1].action


def board_text(app) -> str:
    board = app.game_screen.query_one("#board")
    return "\n".join(text.plain for text, _ in board._lines)


# -- the drawing, without an app ---------------------------------------------------------------------
def test_every_border_of_table_d_is_drawable_and_every_sea_space_has_its_node():
    kinds = {city.kind_of(a, b) for a, b in city.borders()}
    assert kinds <= {"across", "down", "diagonal", "road"}
    assert len(city.borders()) == 43 and sea.every_space_drawn()
    assert set(city.GRID) == set(QUARTER) and len(set(city.GRID.values())) == len(QUARTER)


@pytest.mark.parametrize("width", [52, 84])
def test_the_city_shows_owners_goods_and_a_gap_where_there_is_no_border(width):
    geo = city.CityGeometry(width)
    view = a_view(owner={"q09": 1}, tiles={"q09": "joker", "q10": "tea"})
    lines = [line.plain for line in city.draw_city(geo, view, None, frozenset({"q10"}))]
    assert len(lines) == geo.lines and all(len(line) <= width for line in lines)

    def at(q: str) -> str:
        gx, gy = city.GRID[q]
        return lines[geo.cell_y(gy)][geo.cell_x(gx) : geo.cell_x(gx) + 4]

    assert at("q09").startswith("●Jk")  # Bob's joker quarter
    assert at("q10").startswith("·Te+")  # free, tea, and takeable now

    # on the turned map Table D's columns are lines: q09–q14 share a border, q20–q24 do not
    def across(a: str, b: str) -> str:
        (xa, y), (xb, _) = city.GRID[a], city.GRID[b]
        return lines[geo.cell_y(y)][geo.cell_x(xa) + geo.cell : geo.cell_x(xb)]

    assert set(across("q09", "q14")) == {"─"} and set(across("q20", "q24")) == {" "}

    # and Table D's rows are columns: q08–q09 share a border, q09–q10 do not
    def down(a: str, b: str) -> str:
        (x, ya), (_, yb) = city.GRID[a], city.GRID[b]
        return lines[geo.cell_y(min(ya, yb)) + 1][geo.centre_x(x)]

    assert down("q08", "q09") == "│" and down("q09", "q10") == " "


def test_the_rose_shows_each_pile_with_its_round_and_the_dice_previewed():
    pending = [[[0] * 6 for _ in range(6)], [[0] * 6 for _ in range(6)]]
    pending[0][2][3] = 4  # 4 black cubes beside face 3
    pending[1][0][0] = 2  # Bob gets 2 red at the next turn
    base = a_view()
    view = a_view(
        step="dice",
        round=5,
        players=tuple(with_pending(player, pending[p]) for p, player in enumerate(base.players)),
        wall=((0, 1),) + ((),) * 15,
        order=(0, 1),
    )
    scene = Scene(
        view=view,
        viewer=0,
        focus=0,
        acting=True,
        panels=("dice",),
        panel="dice",
        seats=2,
        preview=((3, 0, 3),),
    )
    text = "\n".join(line.plain for line in left_column(scene, Layout(80, 24)))
    assert "Ann's wind rose" in text
    assert "3 K4 +R3 r7" in text  # before the turn a pile at face 3 comes in round 5 + 2
    assert "● Bob r5: R2" in text


# -- the app at 80×24 and 120×40 ---------------------------------------------------------------------
def dice_step(view) -> bool:
    return view.step == "dice" and view.round >= 2


def action_step(view) -> bool:
    return view.step == "actions" and view.round >= 3


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("stop", [dice_step, action_step])
async def test_the_board_shows_the_rose_and_the_house_set_at_both_sizes(size, stop):
    path = saved_by_bot("macao", stop, ("Ann", "Bob", "Cleo"), 3, f"macao-{stop.__name__}.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await to_the_board(app, pilot)
        text = app.screen_text()
        lines = text.splitlines()
        assert "house card set" in lines[0]
        assert "'s wind rose" in text and "➤" in text
        assert "wall " in text
        if stop is dice_step:
            assert "┌──┐" in text or "╔══╗" in text  # the six dice
        else:
            assert "City" in text or "Sea route" in text
        for key in ("c", "s", "a", "o", "m"):
            await press(pilot, key)
            assert answers_keys(app)
        screen = app.game_screen
        board = screen.query_one("#board")
        assert len(board._lines) <= Layout(*size).lines(3)
        assert all(line.cell_len <= size[0] for line, _ in board._lines)
        if size == (120, 40):
            await press(pilot, "c")
            shown = board_text(app)
            titles = ("Dice ·", "City ·", "Sea route", "'s cards", "Round track")
            assert "City ·" in shown and sum(title in shown for title in titles) >= 3, shown


def no_phase2_card(view, legal) -> bool:
    if view.step != "dice" or view.round < 2:
        return False
    return not any(CARD[c].timing == "phase2" for c in view.players[view.viewer].active)


async def test_two_dice_marked_by_keys_show_where_they_land_and_enter_takes_them():
    path = saved_where(no_phase2_card, name="macao-dice.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        view = screen.view
        dice = view.dice
        assert screen.dice is not None and screen.dice.at == 0
        await press(pilot, "right", "right", "space")  # the green die
        await press(pilot, "left", "left", "enter")  # Enter marks the red one
        assert sorted(screen.dice.marked) == [0, 2]
        rose = board_text(app)
        for c in (0, 2):
            assert f"+{COLOURS[c]}{dice[c]}" in rose  # on the pile where they land
            assert f"{COLOURS[c]}{dice[c]} → pile {dice[c]}" in rose, rose
        steps = len(app.table.record.steps)
        await press(pilot, "enter")
        assert app.table.record.steps[steps].action == ChooseDice(0, 2)


async def test_a_third_die_is_refused_and_a_colour_letter_marks_its_die():
    path = saved_where(no_phase2_card, name="macao-dice2.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        await press(pilot, "b", "v", "k")
        assert sorted(screen.dice.marked) == [1, 5] and "Two dice are marked" in app.screen_text()
        await press(pilot, "B", "K")  # unmark blue, mark black: capitals (as the footer writes them) too
        steps = len(app.table.record.steps)
        await press(pilot, "enter")
        assert app.table.record.steps[steps].action == ChooseDice(3, 5)


async def test_simultaneous_dice_never_show_another_players_pick():
    def others_chose(view, legal) -> bool:
        return view.step == "dice" and any(p.picked for p in view.players) and view.round >= 2

    path = saved_where(others_chose, options={"dice_choice": "simultaneous"}, name="macao-secret.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        view = screen.view
        chooser = next(p for p, player in enumerate(view.players) if player.picked)
        assert view.players[chooser].pick is None  # the rules keep it out of the view
        text = app.screen_text()
        assert "hidden until all have chosen" in text
        # under the dice no symbol of the player who chose
        lines = board_text(app).splitlines()
        who = next(i for i, line in enumerate(lines) if "└──┘" in line) + 1
        assert screen.view.players[chooser].name not in lines[who]
        from boardgames_tui.ui import theme

        assert theme.symbol(chooser) not in lines[who].split("│", 1)[1]


def can_take_quarter(view, legal) -> bool:
    return view.step == "actions" and any(isinstance(a, TakeQuarter) for a in legal)


async def test_a_quarter_picked_on_the_city_map_by_keys_is_taken():
    path = saved_where(can_take_quarter, name="macao-quarter.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        await press(pilot, "s", "c")
        assert screen.panel == "city"
        start = screen.city.place
        await press(pilot, "right", "down", "left", "up")  # browse: the cursor stays on the map
        assert screen.city.place in QUARTER
        await press(pilot, "tab")
        q = screen.city.place
        assert screen.quarter_moves.get(q), (start, q)
        assert QUARTER[q].name in app.screen_text()  # the line under the map names it and its cost
        steps = len(app.table.record.steps)
        await press(pilot, "enter")
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, "1")
        action = app.table.record.steps[steps].action
        assert getattr(action, "quarter", None) == q
        assert app.table.view(None).owner[q] == screen.viewer


async def test_the_action_list_group_opens_the_map_then_the_list():
    path = saved_where(
        lambda v, legal: can_take_quarter(v, legal) and sum(isinstance(a, TakeQuarter) for a in legal) > 1,
        name="macao-group.json",
    )
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        await press(pilot, "o")
        index = next(i for i, g in enumerate(screen.groups) if g.key == "quarter")
        await press(pilot, str(index + 1))
        assert screen.panel == "city" and screen.quarter_moves.get(screen.city.place)
        await press(pilot, str(index + 1))
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "escape")
        assert answers_keys(app)


def can_sail_far(view, legal) -> bool:
    return view.step == "actions" and sum(isinstance(a, Sail) for a in legal) >= 3


async def test_a_sail_picked_on_the_sea_map_is_paid_cube_by_cube():
    path = saved_where(can_sail_far, name="macao-sail.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        seat = screen.viewer
        await press(pilot, "s")
        assert screen.panel == "sea"
        for _ in range(8):
            if screen.sea.place and any(
                isinstance(m, Sail) for m in screen.space_moves.get(screen.sea.place, [])
            ):
                break
            await press(pilot, "tab")
        to = screen.sea.place
        sail = next(m for m in screen.space_moves[to] if isinstance(m, Sail))
        steps = len(app.table.record.steps)
        await press(pilot, "enter")
        if isinstance(app.screen, ChoiceScreen):  # a free sail by a card as well: take the paid one
            labels = [str(screen.action_label(m)) for m in screen.space_moves[to]]
            await press(pilot, str(labels.index(sail.describe()) + 1))
        assert app.table.record.steps[steps].action == sail
        # the cubes: each colour letter pays one while the move is under way
        for _ in range(12):
            view = app.table.view(seat)
            if view.step != "pay":
                break
            colour = next(c for c, n in enumerate(view.players[seat].available) if n)
            await press(pilot, COLOURS[colour].lower())
            assert last_action(app) == PayCube(colour)
        assert app.table.view(None).players[seat].ship == to


def can_deliver(view, legal) -> bool:
    return view.step == "actions" and any(isinstance(a, Deliver) for a in legal)


async def test_a_delivery_is_made_on_the_sea_map_where_the_ship_is():
    path = saved_where(can_deliver, name="macao-deliver.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        seat = screen.viewer
        port = screen.view.players[seat].ship
        await press(pilot, "s")
        for _ in range(30):
            if screen.sea.place == port:
                break
            await press(pilot, "tab")
        assert screen.sea.place == port and SPACE[port].kind == "port"
        assert "Enter delivers" in board_text(app)
        pp = app.table.view(None).players[seat].pp
        await press(pilot, "enter")
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, "1")
        assert isinstance(last_action(app), (Deliver, UseCard, Sail))
        if isinstance(last_action(app), Deliver):
            assert app.table.view(None).players[seat].pp > pp
            assert seat in app.table.view(None).delivered[port]


def paying_with_a_choice(view, legal) -> bool:
    return view.step == "pay" and sum(1 for a in legal if isinstance(a, PayCube)) > 1


async def test_the_pay_step_takes_the_colour_the_player_names():
    path = saved_where(paying_with_a_choice, name="macao-pay.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        seat = screen.viewer
        assert "PAYING" in app.screen_text() and "pays one" in board_text(app)
        colours = [a.colour for a in screen.legal if isinstance(a, PayCube)]
        missing = next(c for c in range(6) if c not in colours)
        steps = len(app.table.record.steps)
        await press(pilot, COLOURS[missing].lower())  # a colour not at hand: refused, with why
        assert len(app.table.record.steps) == steps and "no " in app.screen_text()
        before = app.table.view(seat).players[seat].available[colours[-1]]
        await press(pilot, COLOURS[colours[-1]].lower())
        assert app.table.record.steps[steps].action == PayCube(colours[-1])
        assert app.table.view(seat).players[seat].available[colours[-1]] == before - 1


def several_ways_to_pay(view, legal) -> bool:
    if view.step != "actions":
        return False
    ways: dict = {}
    for a in legal:
        if isinstance(a, TakeQuarter) and a.pay:
            ways.setdefault(a.quarter, []).append(a)
    return any(len(w) > 1 for w in ways.values())


async def test_a_quarter_that_can_be_paid_in_several_ways_asks_which_cubes():
    path = saved_where(several_ways_to_pay, seed=2, name="macao-ways.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        await press(pilot, "c")
        for _ in range(31):
            moves = screen.quarter_moves.get(screen.city.place, [])
            if sum(isinstance(m, TakeQuarter) for m in moves) > 1:
                break
            await press(pilot, "tab")
        moves = [m for m in screen.quarter_moves[screen.city.place] if isinstance(m, TakeQuarter)]
        await press(pilot, "enter")
        assert isinstance(app.screen, ChoiceScreen) and "which cubes pay" in app.screen_text()
        steps = len(app.table.record.steps)
        await press(pilot, "2")
        assert app.table.record.steps[steps].action == moves[1]


# -- keys in batches, from every step ------------------------------------------------------------------
KEYS = ["left", "right", "up", "down", "enter", "space", "tab", "escape", "1", "2", "3"]
KEYS += list("rbgkyvcsaomtwdjpi")


@pytest.mark.slow
@pytest.mark.parametrize(
    "stop",
    [
        lambda v: True,
        lambda v: v.step == "start_cubes",
        lambda v: v.step == "draft" and v.round >= 2,
        dice_step,
        action_step,
        lambda v: v.step == "pay",
    ],
    ids=["start_card", "start_cubes", "draft", "dice", "actions", "pay"],
)
async def test_random_keys_from_every_step_never_raise(stop):
    path = saved_by_bot("macao", stop, ("Ann", "Bob"), 5, "macao-mash.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    rng = random.Random(11)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        for _ in range(12):
            await send_batch(pilot, *[rng.choice(KEYS) for _ in range(10)])
            assert answers_keys(app)
            if not isinstance(app.screen, type(app.game_screen)):
                await send_batch(pilot, "escape", "enter")
