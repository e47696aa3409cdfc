"""The hot-seat flow: fewer keys per turn, undo next to bots, recaps only when something happened."""

from boardgames_tui.play.table import Table
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.santiago.actions import Pass as SantiagoPass
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen

SIZE = (80, 24)


def santiago_table(seats, options=None):
    table = Table.new("santiago", seats, 1, {"spring": "random_inner", **(options or {})}, autosave=False)
    while table.is_bot(table.to_move()[0]):
        table.bot_step(table.to_move()[0])
    return table


def test_a_pass_that_is_the_only_move_is_taken_and_logged():
    table = santiago_table([Seat("Ann"), Seat("Bo", "smart"), Seat("Cy", "smart")])
    ann = table.to_move()[0]
    assert table.view(ann).phase == "bid" and table.forced_move(ann) is None
    table._state.cash[ann] = 0  # nothing to bid with: a pass is all that is left
    assert table.forced_move(ann) == SantiagoPass()
    assert table.play_forced(ann)
    step = table.record.steps[-1]
    assert step.seat == ann and step.auto and step.action == SantiagoPass()
    assert any(
        "passes in the bidding (the only move, taken for them)." in line for line in table.log_for(None)
    )


def test_a_forced_pass_is_not_taken_when_it_would_tell_others_a_secret():
    # Ann's cash is secret: with Bob at the same keyboard, skipping her hand-off would tell him
    # she has nothing. With open money everybody knows it anyway.
    table = santiago_table([Seat("Ann"), Seat("Bob"), Seat("Cy", "smart")])
    seat = table.to_move()[0]
    table._state.cash[seat] = 0
    assert table.forced_move(seat) is None
    table = santiago_table([Seat("Ann"), Seat("Bob"), Seat("Cy", "smart")], {"open_money": "on"})
    seat = table.to_move()[0]
    table._state.cash[seat] = 0
    assert table.forced_move(seat) == SantiagoPass()


async def test_undo_reaches_past_a_bot_that_answered_at_once():
    app = BoardgamesApp("st_petersburg", [Seat("Ann"), Seat("Bo", "smart")], seed=5, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        steps = app.table.record.steps
        assert [s.seat for s in steps] == [0, 1]  # Ann, and the bot's answer
        assert "u undo" in app.screen_text()
        await pilot.press("u")
        assert app.table.record.steps == []
        assert "Took back 2 moves" in app.screen_text()
        assert app.game_screen.viewer == 0 and isinstance(app.screen, GameScreen)


async def test_hand_off_offers_undo_across_a_bots_move_without_a_second_hand_off():
    app = BoardgamesApp(
        "st_petersburg", [Seat("Ann"), Seat("Bo", "smart"), Seat("Cleo")], seed=1, bot_delay=0
    )  # seed 1: Ann starts
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h")  # Ann takes a card; the bot answers; Cleo is next
        for _ in range(5):
            if isinstance(app.screen, HandoffScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 2
        assert [s.seat for s in app.table.record.steps] == [0, 1]
        assert "◆ Ann: press u" in app.screen_text()
        await pilot.press("u")
        assert app.table.record.steps == []
        assert isinstance(app.screen, GameScreen) and app.game_screen.viewer == 0


async def test_recaps_say_first_turn_and_are_skipped_when_nothing_happened():
    app = BoardgamesApp("st_petersburg", ["Ann", "Bob"], seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Ann: nothing happened before her first move, no recap
        assert isinstance(app.screen, GameScreen) and app.game_screen.viewer == 0
        await pilot.press("h", "enter")  # Ann takes a card; Bob takes the keyboard
        assert isinstance(app.screen, RecapScreen)
        assert "Before your first turn" in app.screen_text()
        await pilot.press("enter", "h", "enter")
        assert isinstance(app.screen, RecapScreen)
        assert "Since your last turn" in app.screen_text()
        await pilot.press("enter")
        # Ann takes another card and, at Bob's hand-off, takes it back: she is back at her own
        # screen at once, and there is nothing new for her to be told.
        await pilot.press("h")
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1
        await pilot.press("u")
        assert isinstance(app.screen, GameScreen) and app.game_screen.viewer == 0
        assert app.table.recap_for(0) == []


async def test_a_long_refusal_wraps_instead_of_being_cut():
    app = BoardgamesApp("st_petersburg", [Seat("Ann"), Seat("Bo", "smart")], seed=5, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        reason = (
            "This refusal is much longer than one line of an eighty column terminal, so it "
            "has to wrap onto the next line where its last words are still readable: END"
        )
        app.game_screen.say(reason, error=True)
        await pilot.pause()
        text = app.screen_text()
        assert "END" in text and "last words" in text


async def test_quitting_while_a_hard_bot_thinks_stops_its_search():
    """A hard bot with a minute a move is thinking when the player quits: its search is halted,
    so the process does not stay up until the minute is over."""
    app = BoardgamesApp("st_petersburg", [Seat("Ann"), Seat("Bob", "hard", 60.0)], seed=11, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if app._bot_thinking is not None:
                break
        thinking = app._bot_thinking
        assert thinking is not None and not thinking.view.halted.is_set()
        assert "(hard bot) is thinking" in app.screen_text()
        await pilot.press("q", "y")
        assert thinking.view.halted.is_set()
