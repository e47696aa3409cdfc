"""The shared frame's hooks: the footer (keys_hint and the key bar's fit), the action groups and
picks, the details screen (`i`) and the per-game results.

Update the baselines with `pytest tests/ui/test_hooks.py --snapshot-update` and look at them.
"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual.binding import Binding

from boardgames_tui.play.table import Table
from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_move, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.santiago.data import CROP_SHORT
from boardgames_tui.rules.st_petersburg.data import CARDS
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boardkit import fit_footer
from boardgames_tui.ui.boards import board_for
from boardgames_tui.ui.boards.santiago.details import details
from boardgames_tui.ui.boards.santiago.results import result_lines
from boardgames_tui.ui.boards.santiago.screen import SantiagoScreen
from boardgames_tui.ui.boards.st_petersburg.screen import StPetersburgScreen
from boardgames_tui.ui.screens.details import DetailsScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen
from boardgames_tui.ui.widgets.players import KeyBar

from .helpers import played_record, write_save
from .test_santiago_board import saved_game

SIZE = (80, 24)
TO_ANNS_SECOND_TURN = ["enter", "h", "enter", "enter", "right", "enter", "enter", "enter"]


def plain(renderable, width: int = 300) -> str:
    """Plain text, wide enough that nothing wraps (a search would miss a wrapped secret)."""
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def screen_for(table: Table, cls: type[GameScreen], viewer: int | None, actor: int | None):
    """A game screen that is not mounted, reading the table as `viewer` with `actor` to act."""
    screen = cls(table)
    screen.viewer, screen.actor = viewer, actor
    screen.read_table()
    return screen


# -- St. Petersburg's footer ---------------------------------------------------------------------
def sp_positions(names, seed: int, moves: int):
    """(table, seat to move) after each of `moves` random-bot moves, all seats human."""
    table = Table.new("st_petersburg", names, seed, autosave=False)
    rngs = [bot_rng(seed, i) for i in range(len(names))]
    bot = RandomBot()
    for _ in range(moves):
        if table.is_over():
            return
        seat = table.to_move()[0]
        yield table, seat
        state = table._state
        table.act(seat, bot.choose(state.view(seat), state.legal_actions(seat), rngs[seat]))


def footer(screen) -> list[str]:
    return [text for text, _ in screen.footer_items()]


def test_sp_footer_follows_the_context():
    seen = set()
    for names, seed in ((["Ann", "Bob"], 7), (["Ann", "Bob", "Cleo", "Dan"], 9)):
        for table, seat in sp_positions(names, seed, 400):
            screen = screen_for(table, StPetersburgScreen, seat, seat)
            items = footer(screen)
            kinds = {a.kind for a in screen.legal}
            step = screen.view.step
            seen.add(step)
            assert ("p play" in items) == ("play" in kinds)
            assert ("o obs" in items) == ("observatory" in kinds)
            assert ("u undo" in items) == bool(table.undo_count(seat))
            assert ("Space pass" in items) == ("pass" in kinds)
            if "play" in kinds:
                seen.add("play")
            if "observatory" in kinds:
                seen.add("observatory use")
            if step == "observatory":
                assert "d discard" in items and "h take" not in items and "Space pass" not in items
                assert ("Enter buy it" in items) == ("observatory_buy" in kinds)
                assert ("h hand" in items) == ("observatory_hand" in kinds)
            elif step == "pub":
                assert items[0] == "1–9 points at the Pub (2 ₽ per ★)"
                assert "Enter buy" not in items
            else:
                # Enter and h say what they would do with the card under the cursor, and only then.
                here = screen.board_cursor_actions()
                assert ("Enter buy" in items) == any(a.kind == "buy" for a in here)
                assert ("h take" in items) == any(a.kind == "take" for a in here)
                assert items[0] == "←→↑↓ card"
                seen.add("buy here" if "Enter buy" in items else "nothing to buy here")
            # Fitted to 80 columns, ? and q always stay.
            fitted = fit_footer(screen.footer_items(), 80)
            assert cell_len(fitted) <= 80 and "? help" in fitted and "q quit" in fitted
            # Whoever waits sees no move keys; the one who just moved may take it back.
            other = (seat + 1) % len(names)
            waiting = screen_for(table, StPetersburgScreen, other, seat)
            items = footer(waiting)
            assert "Enter buy" not in items and "i tableaus" in items and "l log" in items
            assert ("u undo" in items) == bool(table.undo_count(other))
    assert seen >= {
        "actions",
        "observatory",
        "pub",
        "play",
        "observatory use",
        "buy here",
        "nothing to buy here",
    }


async def test_sp_footer_on_screen():
    app = BoardgamesApp("st_petersburg", ["Ann", "Bob"], seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Ann's hand-off
        bar = app.screen.query_one(KeyBar)
        assert bar.shown == (" ←→↑↓ card  Enter buy  h take  Space pass  i tableaus  l log  ? help  q quit")
        assert bar.shown in app.screen_text()
        await pilot.press("h")  # Ann takes a card: Bob's hand-off; Ann could take it back
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press(*TO_ANNS_SECOND_TURN[2:])  # Bob buys; back to Ann
        bar = app.screen.query_one(KeyBar)
        assert app.screen.viewer == 0 and "p play" in bar.shown  # she can play the card she took
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert bar.shown.endswith("q quit  Tab next")  # room for all of them


# -- the action groups and picks (Santiago) -----------------------------------------------------------
def test_santiago_groups_and_footer_hooks():
    table = Table.new("santiago", ["Ann", "Bob", "Cleo"], 5, autosave=False)
    seat = table.to_move()[0]
    table.act(seat, next(a for a in table.legal(seat) if a.kind == "spring"))
    seat = table.to_move()[0]
    screen = screen_for(table, SantiagoScreen, seat, seat)
    assert screen.view.phase == "bid"
    bid = next(g for g in screen.groups if g.key == "bid")
    assert len(bid.actions) > 1 and bid.line() == "Bid an amount…"  # no count: it asks for a number
    items = footer(screen)
    assert items[:4] == ["+/− amount", "Enter bid", "Space pass", "a type it"]
    assert "u undo" not in items  # nothing of Ann's to take back
    assert "i payouts" in items and "? help" in fit_footer(screen.footer_items(), 80)
    waiting = screen_for(table, SantiagoScreen, (seat + 1) % 3, seat)
    assert footer(waiting) == ["←↑→↓ look", "i payouts", "l log", "? help", "q quit"]


async def test_santiago_digit_pick_goes_through_the_hook():
    app = BoardgamesApp("santiago", [Seat(n) for n in ("Ann", "Bob", "Cleo")], seed=5, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")  # Cleo: the spring
        await pilot.press("enter", "enter")  # Ann's hand-off and recap
        picked = []
        screen = app.screen
        original = screen.pick_group
        screen.pick_group = lambda group: (picked.append(group.key), original(group))
        await pilot.press("9")  # no such group: the shared guard answers
        assert "There is no action 9" in app.screen_text() and picked == []
        index = next(i for i, g in enumerate(screen.groups) if g.key == "bid")
        await pilot.press(str(index + 1))
        assert picked == ["bid"] and "Bid how much?" in app.screen_text()


# -- details (i): St. Petersburg ---------------------------------------------------------------------
SECRET_RUBLES = 4321
SECRET_CARD = "minister_of_foreign_affairs"


def sp_table(options=None) -> Table:
    """Ann's play area shows every effect; Bob's hand and money are secrets to look for."""
    table = Table.new("st_petersburg", ["Ann", "Bob"], 7, options, autosave=False)
    state = table._state
    state.phase = "building"
    state.areas[0] = [
        "lumberjack",
        "lumberjack",
        "gold_miner",
        "weaving_mill",
        "market",
        "observatory",
        "mariinskij_theater",
        "author",
        "administrator",
        "author",
        "tax_man",
    ]
    state.obs_used[0] = 1
    state.hands[0] = ["library"]
    state.rubles[0] = 1234
    state.points[0] = 17
    state.areas[1] = ["shepherd"]
    state.hands[1] = [SECRET_CARD]
    state.rubles[1] = SECRET_RUBLES
    return table


def test_sp_details_names_counts_payouts_and_bonus():
    table = sp_table()
    screen = screen_for(table, StPetersburgScreen, 0, 0)
    title, body = screen.details(screen.view)
    text = plain(body)
    assert "All players' tableaus" in str(title)
    assert "Lumberjack ×2" in text and "Gold Miner" in text and "Author ×2" in text
    assert "trading: Weaving Mill" in text and "trading: Tax Man" in text
    assert "Observatory (used)" in text and "Mariinskij Theater" in text
    # What each colour pays, as the rules count it (Mariinskij, Tax Man, the used Observatory).
    incomes = table._state.incomes(0)
    assert incomes == {"worker": (15, 0), "building": (4, 1), "aristocrat": (8, 0)}
    assert "pays 15 ₽" in text and "pays 4 ₽ 1 ★" in text and "pays 8 ₽" in text
    assert "Mariinskij Theater +4 ₽ for 4 orange cards" in text
    assert "Tax Man +4 ₽ for 4 green cards" in text
    assert "Observatory used this round: −1 ★" in text
    # Author, Administrator and the Tax Man: 3 different, 6 ★ now, 10 ★ with a fourth.
    assert "bonus 6 ★" in text and "3 different aristocrats now (with 4: 10 ★)" in text
    assert "★ 17" in text and "hand 1/3" in text and "start marker" in text
    # Ann's own secrets, marked as such.
    assert "   1234 ₽ · hand: Library (only you see this)" in text


def test_sp_details_never_show_another_players_money_or_hand():
    table = sp_table()
    secret_name = CARDS[SECRET_CARD].name
    for viewer in (0, None):
        screen = screen_for(table, StPetersburgScreen, viewer, 0)
        text = plain(screen.details(screen.view)[1])
        assert str(SECRET_RUBLES) not in text and secret_name not in text
        assert "hand 1/3" in text  # Bob's hand size is public
    public = plain(screen.details(screen.view)[1])
    assert "1234" not in public and "Library" not in public
    bob = screen_for(table, StPetersburgScreen, 1, 0)
    text = plain(bob.details(bob.view)[1])
    assert "1234" not in text and "Library" not in text
    assert f"{SECRET_RUBLES} ₽ · hand: {secret_name} (only you see this)" in text
    # With open hands, hands are public (and not marked as secret).
    table = sp_table({"open_hands": "on"})
    screen = screen_for(table, StPetersburgScreen, 0, 0)
    text = plain(screen.details(screen.view)[1])
    assert f"   hand: {secret_name}\n" in text and str(SECRET_RUBLES) not in text
    assert "   1234 ₽ · hand: Library (only you see this)" in text  # her money is still secret


async def test_details_key_opens_and_closes_on_the_board():
    app = BoardgamesApp("st_petersburg", ["Ann", "Bob"], seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")  # on the hand-off: nothing opens
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter", "h", "i")  # Ann takes a card; Bob's hand-off: still nothing
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press(*TO_ANNS_SECOND_TURN[2:], "i")
        assert isinstance(app.screen, DetailsScreen)
        text = app.screen_text()
        state = app.table._state
        assert "All players' tableaus" in text and "◆ Ann (you)" in text and "● Bob" in text
        assert f"{state.rubles[0]} ₽ · hand: " in text and "(only you see this)" in text
        assert f"{state.rubles[1]} ₽" not in text
        assert CARDS[state.hands[0][0]].name in text
        await pilot.press("escape")
        assert isinstance(app.screen, StPetersburgScreen)


# -- details (i): Santiago ------------------------------------------------------------------------
SG_NAMES = ["Ann", "Bob", "Cleo"]
SG_CASH = (4321, 5432, 6543)  # figures that appear nowhere unless somebody's cash does


def sg_table(options=None) -> Table:
    table = Table.new("santiago", SG_NAMES, 5, options, autosave=False)
    table._state.cash = list(SG_CASH)
    return table


def test_santiago_details_name_everyone_and_show_only_the_viewers_cash():
    table = sg_table()
    for viewer in (0, 1, 2, None):
        title, body = details(table.view(viewer), viewer)
        text = plain(body)
        assert str(title) == "Plantation payouts so far"
        for seat, name in enumerate(SG_NAMES):
            assert name in text
            assert (f"{name} (you):" in text) == (seat == viewer)
            assert (str(SG_CASH[seat]) in text) == (seat == viewer)
        assert ("(only you see this)" in text) == (viewer is not None)
        if viewer is not None:
            assert f"{SG_CASH[viewer]} escudos (only you see this)" in text
    # The screen's hook is this function, for the screen's viewer.
    screen = screen_for(table, SantiagoScreen, 1, table.to_move()[0])
    assert plain(screen.details(screen.view)[1]) == plain(details(table.view(1), 1)[1])
    # With open money everyone's cash is public, and nobody's is marked as a secret.
    table = sg_table({"open_money": "on"})
    text = plain(details(table.view(0), 0)[1])
    assert all(f"{cash} escudos" in text for cash in SG_CASH) and "only you see this" not in text


# -- results -------------------------------------------------------------------------------------
def finished_santiago(names, seed: int):
    table = Table.new("santiago", names, seed, autosave=False)
    bot = make_bot(registry.get("santiago"), "smart")
    while not table.is_over():
        seat = table.to_move()[0]
        table.act(seat, bot_move(table._state, seat, bot, bot_rng(seed, seat, len(table.record.steps))))
    return table


def check_results(table: Table, width: int) -> None:
    view = table.view(None)
    names = [s.name for s in table.seats]
    lines = [line.plain for line in result_lines(view, names, width)]
    assert all(cell_len(line) <= width for line in lines), "\n".join(lines)
    blocks: dict[int, str] = {}
    current = None
    for line in lines:
        m = re.match(r"\s*(\d+)  . (\S.*?)\s{2}", line)
        if m and any(line[m.start(2) :].startswith(n) for n in names):
            current = next(i for i, n in enumerate(names) if line[m.start(2) :].startswith(n))
            blocks[current] = line
        elif current is not None and line.strip()[:1] in ("+", "="):
            blocks[current] += " " + line.strip()
        else:
            current = None
    assert set(blocks) == set(range(len(names)))
    for row in view.scores:
        block = blocks[row.seat]
        assert ("WINNER" in block) == row.winner
        assert block.lstrip().startswith(str(row.rank))
        total, cash = map(int, re.search(r"(\d+) = (\d+) cash", block).groups())
        assert (total, cash) == (row.total, row.cash)
        parts = re.findall(r"\+ \S(\w\w) (\d+)×(\d+)", block)
        expected = sorted(
            (p.crop, p.size, p.markers[row.seat]) for p in view.plantations if p.markers[row.seat]
        )
        short = {v: k for k, v in CROP_SHORT.items()}
        assert sorted((short[c], int(s), int(m)) for c, s, m in parts) == expected
        assert total == cash + sum(int(s) * int(m) for _, s, m in parts)


def test_santiago_results_fit_and_list_every_plantation():
    for names, seed in (
        (["Ann", "Bob", "Cleo"], 5),
        (["Annemarie 12", "Bartholomew1", "Cleopatra XI", "Dan", "Eve"], 3),
    ):
        table = finished_santiago(names, seed)
        for width in (74, 60, 40):
            check_results(table, width)


async def test_santiago_game_over_at_80x24():
    path = saved_game("over")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = app.screen_text()
        view = app.table.view(None)
        for row in view.scores:
            assert f"{row.total} = {row.cash} cash" in text
        count = sum(1 for p in view.plantations for m in p.markers if m)
        assert len(re.findall(r"\d+×\d+", text)) == count  # every plantation, all on screen
        assert "WINNER" in text
        assert ("Tied players share the win." in text) == (len(app.table._state.standings().winners) > 1)


def test_sp_results_table_fits_80_columns_with_4_players():
    from boardgames_tui.ui.screens.game_over import shared_table

    table = Table.new(
        "st_petersburg", ["Annemarie 12", "Bartholomew1", "Cleopatra XI", "Dan"], 9, autosave=False
    )
    rngs = [bot_rng(9, i) for i in range(4)]
    bot = RandomBot()
    while not table.is_over():
        seat = table.to_move()[0]
        state = table._state
        table.act(seat, bot.choose(state.view(seat), state.legal_actions(seat), rngs[seat]))
    text = plain(shared_table(table._state.standings()), 76)
    lines = text.splitlines()
    assert len(lines) == 6 and all(cell_len(line) <= 76 for line in lines)  # head, rule, 4 rows
    assert "…" not in text
    for word in (
        "Track",
        "Aristocrats",
        "Money",
        "Hand",
        "Total",
        "WINNER",
        "Bartholomew1",
        "Cleopatra XI",
    ):
        assert word in text
    # St. Petersburg's own body (its package's results.py) is that table
    assert plain(board_for("st_petersburg").results(table, 76), 76) == text


# -- snapshots -------------------------------------------------------------------------------------
def test_snapshot_sp_details(snap_compare):
    # Four players in the first trading phase: hands, trading cards, Bob's own money and hand.
    record, _ = played_record(seed=9, moves=60, names=["Ann", "Bob", "Cleo", "Dan"])
    app = BoardgamesApp(load_path=write_save(record), bot_delay=0)
    assert snap_compare(app, terminal_size=SIZE, press=["enter", "enter", "i"])


def test_snapshot_santiago_game_over(snap_compare):
    path = saved_game("over")
    assert snap_compare(BoardgamesApp(load_path=path, bot_delay=0), terminal_size=SIZE)


def test_recap_and_handoff_are_not_game_screens():
    # The `i` binding lives on GameScreen only: the neutral screens cannot open details.
    for cls in (HandoffScreen, RecapScreen, GameOverScreen):
        assert not any(b.key == "i" for b in cls.BINDINGS)


@pytest.mark.parametrize("game_id", registry.ids())
async def test_a_games_keys_wait_for_the_screen_to_have_read_its_table(game_id: str):
    """A key that comes with the game screen (batched over SSH, pasted) finds no view to read
    yet: only help and quit answer it. CI met a Macao panel key there, from the launcher."""
    game = registry.get(game_id)
    seats = [f"P{i}" for i in range(game.min_players)]
    screen = board_for(game_id).screen(Table.new(game_id, seats, 4, autosave=False))
    assert screen.check_action("help", ()) and screen.check_action("quit", ())
    actions = {binding.action for binding in screen.BINDINGS if isinstance(binding, Binding)} - {
        "help",
        "quit",
    }
    assert actions and not any(screen.check_action(action, ()) for action in actions)
    app = BoardgamesApp(game_id, seats, seed=4, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = app.game_screen
        assert shown is not None and all(shown.check_action(action, ()) for action in actions)
