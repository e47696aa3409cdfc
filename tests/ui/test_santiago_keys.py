"""Santiago's footer shows exactly the keys that work at that moment, the moment being the phase,
the cursor's place, the amount and the tile: checked at every decision of bot-played games, with
the cursor put on every place. Also: the help lists every key with words of its own, the amount is
never below 1, and a cursor move repaints only the lines that changed."""

from __future__ import annotations

import pytest

from boardgames_tui.play.table import Table
from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.santiago.actions import (
    Accept,
    Bid,
    Build,
    NoCanal,
    Pass,
    PersonalCanal,
    PlaceLeftover,
    PlacePalm,
    PlaceSpring,
    Plant,
    Propose,
    Support,
)
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.santiago.board import SantiagoBoard
from boardgames_tui.ui.boards.santiago.keys import FRAME, KEYMAP
from boardgames_tui.ui.boards.santiago.screen import SantiagoScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen

from .helpers import repaints_of
from .test_santiago_board import saved_game

MOVE_KEYS = ("Enter", "+/−", "a ", "t ", "s ", "n ", "Tab", "Space")


def decisions(names, seed: int, options=None):
    """(table, seat to move) at every decision of a game the smart bot plays for all seats."""
    table = Table.new("santiago", names, seed, options, autosave=False)
    bot = make_bot(registry.get("santiago"), "smart")
    while not table.is_over():
        seat = table.to_move()[0]
        yield table, seat
        rng = bot_rng(seed, seat, len(table.record.steps))
        table.act(seat, bot.choose(table.view(seat), table.legal(seat), rng))


def screen_for(table, viewer, actor) -> SantiagoScreen:
    screen = SantiagoScreen(table)
    screen.viewer, screen.actor = viewer, actor
    screen.read_table()
    return screen


def footer(screen) -> list[str]:
    return [text for text, _ in screen.footer_items()]


def expected_enter(screen, place) -> str | None:
    """What Enter should say with the cursor on `place`: worked out from the legal actions alone."""
    legal, view, picks = set(screen.legal), screen.view, screen.picks
    phase = view.phase
    proposals = {p.segment: p.number for p in view.proposals}
    if phase == "bid":
        move, label = Bid(picks.amount), "bid"
    elif phase == "plant":
        tile = picks.tile(view)
        move, label = Plant(tile.crop, tile.workers, *place), "plant"
    elif phase == "leftover":
        move, label = PlaceLeftover(*place), "place"
    elif phase == "palms":
        move, label = PlacePalm(*place), "palm here"
    elif phase == "spring":
        move, label = PlaceSpring(*place), "spring here"
    elif phase == "bribe":
        move, label = (
            (Support(proposals[place], picks.amount), "support")
            if place in proposals
            else (Propose(*place, picks.amount), "propose")
        )
    elif phase == "overseer":
        move, label = (
            (Accept(proposals[place]), "accept")
            if place in proposals
            else (Build(*place, view.reject_cost), "build")
        )
    else:
        move, label = PersonalCanal(*place), "lay canal"
    return f"Enter {label}" if move in legal else None


def places_with_moves(screen) -> set:
    """Where a move is possible, from the legal actions alone."""
    proposals = {p.number: p.segment for p in screen.view.proposals}
    out = set()
    for a in screen.legal:
        if isinstance(a, (Plant, PlaceLeftover, PlacePalm)):
            out.add((a.col, a.row))
        elif isinstance(a, PlaceSpring):
            out.add((a.x, a.y))
        elif isinstance(a, (Propose, Build, PersonalCanal)):
            out.add((a.orient, a.x, a.y))
        elif isinstance(a, (Support, Accept)):
            out.add(proposals[a.proposal])
    return out


def check(screen, seen: set) -> None:
    legal, view = screen.legal, screen.view
    phase = view.phase
    items = footer(screen)
    assert screen.picks.amount >= 1
    amounts = {a.amount for a in legal if isinstance(a, (Bid, Propose, Support))}
    assert ("+/− amount" in items) == (len(amounts) > 1)
    assert ("a type it" in items) == (len(amounts) > 1)
    kinds = {(a.crop, a.workers) for a in legal if isinstance(a, Plant)}
    assert ("t tile" in items) == (len(kinds) > 1)
    assert ("s support" in items) == any(isinstance(a, Support) for a in legal)
    assert ("n no canal" in items) == any(isinstance(a, NoCanal) for a in legal)
    passing = any(isinstance(a, Pass) for a in legal)
    assert ("Space keep it" in items) == (passing and phase == "extra")
    assert ("Space pass" in items) == (passing and phase != "extra")
    seen |= {f"{phase}: {item}" for item in items if item.startswith(MOVE_KEYS)}
    if phase == "bid":
        assert screen.enter_action() == Bid(screen.picks.amount)  # never Bid(0)
        assert ("Enter bid" in items) == (Bid(screen.picks.amount) in legal)
        return
    active = screen.cursor.active
    assert active is not None, phase
    movable = places_with_moves(screen)
    for target in active.targets:
        active.put(target.place)
        items = footer(screen)
        enters = [item for item in items if item.startswith("Enter")]
        assert enters == [e for e in [expected_enter(screen, target.place)] if e], (phase, target.place)
        assert ("Tab next" in items) == bool(movable - {target.place})
        seen.add(f"{phase}: {enters[0] if enters else 'no Enter'}")


@pytest.mark.parametrize(
    "names, seed, options",
    [
        (["Ann", "Bob", "Cleo"], 5, None),
        (["Ann", "Bob", "Cleo", "Dan", "Eve"], 3, {"palms": "on"}),
    ],
)
def test_the_footer_shows_exactly_the_keys_that_work(names, seed, options):
    seen: set[str] = set()
    for table, seat in decisions(names, seed, options):
        check(screen_for(table, seat, seat), seen)
        # Whoever waits may only look around.
        waiting = footer(screen_for(table, (seat + 1) % len(names), seat))
        assert waiting[0] == "←↑→↓ look"
        assert not any(item.startswith(MOVE_KEYS) for item in waiting)
    expected = {
        "spring: Enter spring here",
        "bid: Enter bid",
        "bid: +/− amount",
        "plant: Enter plant",
        "plant: no Enter",
        "plant: t tile",
        "plant: Tab next",
        "bribe: Enter propose",
        "bribe: Enter support",
        "bribe: no Enter",
        "bribe: s support",
        "bribe: Space pass",
        "overseer: Enter accept",
        "overseer: Enter build",
        "overseer: no Enter",
        "extra: Enter lay canal",
        "extra: Space keep it",
    }
    expected |= {"leftover: Enter place"} if len(names) == 3 else {"palms: Enter palm here"}
    assert expected <= seen, expected - seen


def test_every_key_has_help_of_its_own():
    board_rows = [r for r in KEYMAP.rows if r not in FRAME.rows]
    assert all(r.help for r in board_rows), [r.show + " " + r.label for r in board_rows if not r.help]
    help_text = KEYMAP.help_markdown()
    for r in KEYMAP.rows:
        assert f"**{r.show}**: {r.help_text}" in help_text
    assert help_text.count("**Space**") == 2  # keep it, pass: the frame's pass is not listed twice


# -- on screen ----------------------------------------------------------------------------------
async def to_the_board(pilot):
    app = pilot.app
    for _ in range(4):
        if not isinstance(app.screen, (HandoffScreen, RecapScreen)):
            break
        await pilot.press("enter")
    assert isinstance(app.screen, SantiagoScreen)
    return app.screen


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_a_cursor_move_repaints_only_what_changed(size):
    app = BoardgamesApp(load_path=saved_game("plant", 4), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await to_the_board(pilot)
        board = screen.query_one(SantiagoBoard)
        layout = board.layout_now
        painted = repaints_of(board)
        screen.cursor.fields.put((2, 3))
        screen.show_picks()
        painted.clear()
        await pilot.press("right")  # (3, 3): the same row
        assert screen.cursor.place == (3, 3)
        assert len(painted) == 1 and painted[0][1] == {}
        lines = sorted(y for region in painted[0][0] for y in range(region.y, region.bottom))
        row = list(range(layout.field_y(3), layout.field_y(3) + layout.row_lines))
        hint = [y for y in lines if y not in row]
        assert set(row) <= set(lines) and hint, lines
        assert len(hint) <= 3  # the panel's lines about the field and what Enter does
        painted.clear()
        await pilot.press("t")  # another tile: the offer's marks and the hint, not the island
        lines = sorted(y for region in painted[0][0] for y in range(region.y, region.bottom))
        assert not set(lines) & set(row) and lines


async def test_the_arrows_change_the_bid_and_the_amount_stays_at_least_1():
    app = BoardgamesApp("santiago", [Seat("Ann"), Seat("Bob"), Seat("Cleo")], seed=5, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # Cleo: the spring
        screen = await to_the_board(pilot)
        assert screen.view.phase == "bid" and screen.picks.amount == 1
        await pilot.press("left", "minus", "minus")
        assert screen.picks.amount == 1 and "The amount goes from 1 to 10." in app.screen_text()
        await pilot.press("right", "up")
        assert screen.picks.amount == 3 and "Enter: bid 3" in app.screen_text()


async def test_someone_waiting_can_look_at_the_fields():
    app = BoardgamesApp(
        "santiago", [Seat("Ann"), Seat("Bo", "smart"), Seat("Cy", "smart")], seed=3, bot_delay=30
    )  # the bots think long enough to look around meanwhile
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_the_board(pilot)
        await pilot.press("enter")  # Ann places the spring; Bo is thinking
        await pilot.pause()
        assert not screen.my_turn and screen.cursor.mode is None
        assert footer(screen)[0] == "←↑→↓ look"
        await pilot.press("down")
        assert screen.cursor.mode == "field"
        assert f"▸ {screen.cursor.place[0]},{screen.cursor.place[1]} empty" in app.screen_text()
