"""What a card or tile gives, where a player chooses it, and refusals that name the real reason
(issue #6): St. Petersburg's card line under the display and its choice lists, the display's
width at 80 columns, the reasons for Enter / p / o / h; Santiago's tiles in the offer and in
"Plant which tile?"; what the end of a game reveals.
"""

from __future__ import annotations

import copy

from rich.cells import cell_len

from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.santiago.data import tile_gives, yield_markers
from boardgames_tui.rules.st_petersburg.actions import Buy, ObservatoryBuy, Play, TakeToHand
from boardgames_tui.rules.st_petersburg.data import CARDS, card_gives, card_replaces
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.santiago.board import SantiagoBoard
from boardgames_tui.ui.boards.santiago.screen import SantiagoScreen
from boardgames_tui.ui.boards.st_petersburg.board import DisplayBoard
from boardgames_tui.ui.boards.st_petersburg.screen import StPetersburgScreen
from boardgames_tui.ui.screens.dialogs import ChoiceScreen
from boardgames_tui.ui.screens.game_over import GameOverScreen

from .helpers import write_save
from .test_hooks import finished_santiago

SIZE = (80, 24)


# -- what a card gives (rules data) ----------------------------------------------------------------
def test_card_gives_reads_the_card_table():
    assert card_gives("fur_trapper") == "+3₽ each worker phase"
    assert card_gives("customs_house") == "+2★ each building phase"
    assert card_gives("pope") == "+1₽ +1★ each aristocrat phase"
    assert card_gives("fur_shop") == "+3₽ +2★ each worker phase"
    assert card_gives("mariinskij_theater") == "+1₽ per orange card each building phase"
    assert card_gives("tax_man") == "+1₽ per green card each aristocrat phase"
    assert card_gives("tax_man", taxman_phase="worker") == "+1₽ per green card each worker phase"
    assert card_gives("carpenter_workshop") == "+3₽ each worker phase · blue cards 1₽ less"
    assert card_gives("gold_smelter") == "+3₽ each worker phase · orange cards 1₽ less"
    assert "5★ at 2₽" in card_gives("pub") and "building" in card_gives("pub")
    assert "4 cards" in card_gives("warehouse")
    assert "6₽" in card_gives("potjomkins_village")
    assert card_gives("observatory").startswith("+1★ each building phase · ")
    assert card_gives("czar_and_carpenter").startswith("+3₽ each worker phase · ")
    for key in CARDS:  # short enough to sit beside an action in a choice list
        assert 0 < len(card_gives(key)) <= 45 and len(card_gives(key, "worker")) <= 45, key


def test_card_replaces_names_the_cards():
    assert card_replaces("fur_shop") == "replaces a Fur Trapper or Czar and Carpenter"
    assert card_replaces("carpenter_workshop") == "replaces a Lumberjack or Czar and Carpenter"
    assert card_replaces("bank") == "replaces a building"
    assert card_replaces("czar") == "replaces an aristocrat"
    assert card_replaces("lumberjack") == "" and card_replaces("czar_and_carpenter") == ""


# -- the display at 80 columns ---------------------------------------------------------------------
def sp_app() -> BoardgamesApp:
    return BoardgamesApp("st_petersburg", [Seat("Ann"), Seat("Bo", "smart")], seed=5, bot_delay=0)


async def set_up(pilot, **state) -> StPetersburgScreen:
    """Ann (seat 0, the only human) to act in a situation set on the state directly."""
    app = pilot.app
    await pilot.pause()
    st = app.table._state
    st.active = 0
    for name, value in state.items():
        setattr(st, name, copy.deepcopy(value))
    app.game_screen.refresh_view(force=True)
    app.advance()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StPetersburgScreen) and screen.viewer == 0 and screen.my_turn
    return screen


def message(screen) -> str:
    return screen.notice.plain.strip()


def screen_lines(app) -> list[str]:
    return [line.rstrip() for line in app.screen_text().splitlines()]


# The Pub (1 ₽) keeps a move open for Ann: with Pass her only move, it would be made for her.
TRADING_DISPLAY = dict(
    phase="trading",
    upper=["carpenter_workshop", "fur_shop", "library", "pub"],
    lower=["bank", "mistress_of_ceremonies"],
    areas=[["fur_trapper", "market"], []],
    rubles=[1, 25],
)


async def test_grid_is_80_wide_with_a_right_border_on_the_8th_column():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, **TRADING_DISPLAY)
        lines = [line.plain for line in screen.board.lines(80)]
        grid = lines[:7]
        assert [cell_len(line) for line in grid] == [80] * 7
        assert grid[0].endswith("┬─────────┐") and grid[0].count("┬") == 7
        assert grid[3].endswith("┼─────────┤") and grid[3].count("┼") == 7
        assert grid[6].endswith("┴─────────┘") and grid[6].count("┴") == 7
        for row in grid[1:3] + grid[4:6]:
            assert row.count("│") == 8 and row.endswith("│")  # 8 cells, 8 right borders
        # wider terminals: cells grow to 16, and the grid still closes on the right
        wide = [line.plain for line in screen.board.lines(120)]
        assert cell_len(wide[0]) == 120 and wide[0].endswith("┐") and wide[1].endswith("│")
        huge = [line.plain for line in screen.board.lines(200)]
        assert cell_len(huge[0]) == 8 * 17 and huge[6].endswith("┘")


async def test_card_line_describes_the_card_under_the_cursor():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, **TRADING_DISPLAY)
        lines = screen_lines(pilot.app)
        # Carpenter Workshop is first: nothing of Ann's for it to replace; its letter goes, so
        # that it takes two lines, not three
        assert lines[9:11] == [
            "▸ Carpenter Workshop (trading) 4₽ · +3₽ each worker phase · blue cards 1₽ less",
            "  replaces a Lumberjack or Czar and Carpenter (you have none)",
        ]
        await pilot.press("right")
        assert screen_lines(pilot.app)[9:11] == [
            "▸ Fur Shop (trading, T) 10→4₽ · +3₽ +2★ each worker phase",
            "  replaces a Fur Trapper or Czar and Carpenter",
        ]
        await pilot.press("right")
        assert screen_lines(pilot.app)[9:11] == ["▸ Library (building, B) 17₽ · +5★ each building phase", ""]
        await pilot.press("down")
        assert screen_lines(pilot.app)[9] == (
            "▸ Bank (trading, T) 13→7₽ · +5₽ +1★ each building phase · replaces a building"
        )
        await pilot.press("right")
        assert screen_lines(pilot.app)[9] == (
            "▸ Mistress of Ceremonies (aristocrat, A) 18→17₽ · +6₽ +3★ each aristocrat phase"
        )
        assert all(cell_len(line.plain) <= 80 for line in screen.board.lines(80))


async def test_card_line_keeps_its_height_as_the_cursor_moves():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, **TRADING_DISPLAY)
        heights = set()
        for key in ("right", "right", "down", "right", "left"):
            heights.add(len(screen.board.lines(80)))
            await pilot.press(key)
        assert len(heights) == 1
        # Plain cards all fit on one line at 80 columns, with their letter.
        board = screen.board
        for key, card in CARDS.items():
            if not card.is_trading:
                lines = board.describe(key, card.price - 2, 80, priced=True)
                assert len(lines) == 1 and f"({card.deck}, " in lines[0].plain, lines[0].plain


async def test_buy_choice_says_what_each_card_gives():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(
            pilot,
            phase="worker",
            upper=["lumberjack", "gold_miner", "fur_shop"],
            lower=[],
            areas=[["fur_trapper"], []],
            rubles=[25, 25],
        )
        buys = [a for a in screen.legal if isinstance(a, Buy)]
        labels = [screen.action_label(a).plain for a in buys]
        assert labels[0] == "Buy Lumberjack from the upper row for 3 ₽\n  +3₽ each worker phase"
        assert labels[2] == (
            "Buy Fur Shop from the upper row for 4 ₽ replacing Fur Trapper\n  +3₽ +2★ each worker phase"
        )
        take = next(a for a in screen.legal if isinstance(a, TakeToHand))
        assert screen.action_label(take).plain.endswith("\n  +3₽ each worker phase")
        assert screen.action_label(Play("pub", 1)).plain == (
            "Play Pub from your hand for 1 ₽\n  buy up to 5★ at 2₽ after building scoring"
        )
        assert screen.action_label(ObservatoryBuy("czar", 24, "author")).plain.endswith(
            "+6★ each aristocrat phase"
        )
        # a short one stays on one line
        assert screen.action_label(Play("market", 5)).plain == (
            "Play Market from your hand for 5 ₽ — +1★ each building phase"
        )
        await pilot.press("1")  # Buy a card: which?
        assert isinstance(pilot.app.screen, ChoiceScreen)
        text = pilot.app.screen_text()
        assert "1 Buy Lumberjack from the upper row for 3 ₽" in text
        assert "  +3₽ +2★ each worker phase" in text


async def test_tax_man_follows_the_option():
    app = BoardgamesApp(
        "st_petersburg",
        [Seat("Ann"), Seat("Bo", "smart")],
        seed=5,
        bot_delay=0,
        options={"taxman_phase": "worker"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await set_up(pilot, upper=["tax_man"], lower=[], areas=[["author"], []])
        assert "+1₽ per green card each worker phase" in app.screen_text()


# -- refusals name what blocks the move --------------------------------------------------------------
async def test_enter_on_a_trading_card_names_the_price_not_the_target():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, **TRADING_DISPLAY)
        await pilot.press("right", "enter")  # Fur Shop: Ann has a Fur Trapper, and 1 ₽
        assert message(screen) == "Fur Shop costs 4 ₽ and you have 1 ₽."
        await pilot.press("left", "enter")  # Carpenter Workshop: nothing to replace
        assert message(screen) == (
            "You have no Lumberjack or Czar and Carpenter for the Carpenter Workshop to replace."
        )
        await pilot.press("down", "enter")  # the Bank would replace the Market: 13 - 1 - 5 = 7 ₽
        assert message(screen) == "Bank costs 7 ₽ and you have 1 ₽."
        assert len(pilot.app.table.record.steps) == 0


async def test_p_names_what_blocks_each_card_in_hand():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, **TRADING_DISPLAY, hands=[["library", "wharf", "library"], []])
        await pilot.press("p")
        assert message(screen) == (
            "Library costs 17 ₽ and you have 1 ₽. "
            "You have no Ship Builder or Czar and Carpenter for the Wharf to replace."
        )
        assert len(pilot.app.table.record.steps) == 0


async def test_p_prices_a_card_in_hand_as_the_rules_do():
    async with sp_app().run_test(size=SIZE) as pilot:
        # a second Library with the Carpenter Workshop: 17 - 1 - 1 = 15
        screen = await set_up(
            pilot,
            phase="building",
            upper=[],
            lower=[],
            areas=[["library", "carpenter_workshop"], []],
            hands=[["library"], []],
            rubles=[14, 25],
        )
        await pilot.press("p")
        assert message(screen) == "Library costs 15 ₽ and you have 14 ₽."


async def test_o_says_no_observatory_before_the_phase():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, phase="worker", areas=[["market"], []])
        await pilot.press("o")
        assert message(screen) == "You have no Observatory."
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, phase="worker", areas=[["observatory"], []])
        await pilot.press("o")
        assert message(screen) == "The Observatory can only be used in the building phase."


async def test_observatory_draw_refusals_and_keys():
    async with sp_app().run_test(size=SIZE) as pilot:
        app = pilot.app
        screen = await set_up(
            pilot,
            phase="building",
            areas=[["observatory", "market"], []],
            hands=[["library", "wharf", "pope"], []],
            rubles=[3, 25],
        )
        app.table._state.stacks["trading"].append("fur_shop")
        await pilot.press("o", "4")  # the trading stack
        assert screen.view.step == "observatory" and screen.view.observatory_card == "fur_shop"
        text = app.screen_text()
        assert "drawn: Fur Shop (trading, T) 10₽ · +3₽ +2★ each worker phase" in text
        assert "→ d discard" in text and "h hand" not in text  # her hand is full
        await pilot.press("enter")
        assert message(screen) == (
            "You have no Fur Trapper or Czar and Carpenter for the Fur Shop to replace."
        )
        await pilot.press("h")
        assert message(screen) == "Your hand is full (3 cards)."
    async with sp_app().run_test(size=SIZE) as pilot:
        app = pilot.app
        screen = await set_up(pilot, phase="building", areas=[["observatory"], []], rubles=[3, 25])
        app.table._state.stacks["building"].append("library")
        await pilot.press("o", "2")
        assert "→ h hand · d discard" in app.screen_text()
        await pilot.press("enter")
        assert message(screen) == "Library costs 17 ₽ and you have 3 ₽."


async def test_h_with_a_full_hand_says_so():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, **TRADING_DISPLAY, hands=[["library", "wharf", "pope"], []])
        await pilot.press("h")
        assert message(screen) == "Your hand is full (3 cards)."


async def test_click_on_a_card_names_what_blocks_buying_and_taking_it():
    async with sp_app().run_test(size=SIZE) as pilot:
        screen = await set_up(pilot, **TRADING_DISPLAY, hands=[["library", "wharf", "pope"], []])
        await pilot.click(DisplayBoard, offset=(12, 1))  # the Fur Shop, upper row, 2nd column
        assert message(screen) == "Fur Shop costs 4 ₽ and you have 1 ₽. Your hand is full (3 cards)."
        assert len(pilot.app.table.record.steps) == 0


# -- the end reveals everything --------------------------------------------------------------------
async def test_sp_rows_at_the_end_show_every_players_money_and_hand():
    async with sp_app().run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        state = app.table._state
        state.hands = [["library"], ["pope"]]
        state.rubles = [12, 34]
        state.step = "over"
        state.active = None
        app.advance()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("b")  # the board
        text = app.screen_text()
        assert "?₽" not in text and " 34₽ hand:Pope" in text and " 12₽ " in text
        assert "◆ Ann 12 ₽ · hand: Library ──" in text  # no "(only you see this)" now


async def test_santiago_rows_at_the_end_hide_nothing():
    table = finished_santiago(["Ann", "Bob", "Cleo"], 5)
    path = write_save(table.record, "santiago-over.json")
    async with BoardgamesApp(load_path=path, bot_delay=0).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("b")
        assert isinstance(app.screen, SantiagoScreen)
        rows = app.screen.player_rows(app.screen.view)
        assert len(rows) >= 3 and not any("?" in row.plain for row in rows)
        assert "? esc" not in app.screen_text()


# -- Santiago: what a tile gives ---------------------------------------------------------------------
def test_tile_gives():
    assert [yield_markers(w, p) for w in (1, 2) for p in (False, True)] == [1, 0, 2, 1]
    assert tile_gives("banana", 2, False) == "Banana, 2 workers → 2 yield markers"
    assert tile_gives("banana", 2, True) == "Banana, 2 workers → 1 yield marker (you passed)"
    assert tile_gives("potato", 1, True) == "Potato, 1 worker → no yield marker (you passed)"


def sg_app() -> BoardgamesApp:
    return BoardgamesApp(
        "santiago", [Seat("Ann"), Seat("Bo", "smart"), Seat("Cy", "smart")], seed=3, bot_delay=0
    )


async def test_santiago_plant_choice_and_offer_say_what_a_tile_gives():
    async with sg_app().run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.press("enter")  # Ann places the spring
        await pilot.pause()
        text = app.screen_text()
        assert "Potato     ×1" in text and "Red pepper ×2" in text and "× your yield markers" in text
        await pilot.press("space")  # Ann passes in the bidding
        await pilot.pause()
        assert app.screen.view.phase == "plant" and app.screen.my_turn
        text = app.screen_text()
        assert "Potato     ×0" in text and "you passed: −1" in text
        board = app.screen.query_one(SantiagoBoard)
        assert all(cell_len(line.plain) <= 80 for line in board.lines(80))
        await pilot.press("1")  # Plant a tile: which tile?
        assert isinstance(app.screen, ChoiceScreen)
        text = app.screen_text()
        assert "1 Banana, 1 worker → no yield marker (you passed)" in text
        assert "2 Potato, 1 worker → no yield marker (you passed)" in text


async def test_final_round_shows_at_80_columns_even_with_long_names():
    from boardgames_tui.rules.bots import RandomBot, bot_rng
    from boardgames_tui.rules.record import GameRecord

    names = ["Maximiliana", "Bartholomew"]
    record, state = GameRecord.start("st_petersburg", names, 3)
    bot = RandomBot()
    while not state.view(None).final_round:
        seat = state.to_move()[0]
        record.play(
            state,
            seat,
            bot.choose(state.view(seat), state.legal_actions(seat), bot_rng(3, seat, len(record.steps))),
        )
    app = BoardgamesApp(load_path=write_save(record), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen

        await pilot.pause()
        while isinstance(app.screen, (HandoffScreen, RecapScreen)):
            await pilot.press("enter")
        lines = app.screen_text().splitlines()
        stacks = next(line for line in lines if line.startswith(" stacks"))
        assert "FINAL ROUND" in stacks and cell_len(stacks.rstrip()) <= 80
