"""The shared amount dialog (screens/amount.py) as Santiago asks it for bids and bribes: typed or
stepped, banned values skipped and explained, never outside its range."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App

from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.santiago import GAME
from boardgames_tui.rules.santiago.actions import Bid, Pass, Propose, Support
from boardgames_tui.rules.santiago.view import SantiagoView
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.santiago.picks import Amounts, Picks, amounts
from boardgames_tui.ui.screens.amount import AmountScreen

from .test_santiago_keys import to_the_board


def a_view(phase: str, bids: dict[int, int]) -> SantiagoView:
    """A view of a new game, in `phase`, with these bids made (seat -> amount)."""
    view = GAME.new(["Ann", "Bob", "Cleo"], 1, options={"spring": "random_inner"}).view(0)
    players = tuple(replace(p, bid=bids.get(s), bid_done=s in bids) for s, p in enumerate(view.players))
    return replace(view, phase=phase, players=players)


def test_the_board_amount_skips_taken_bids_and_never_goes_below_1():
    view = a_view("bid", {0: 1, 1: 3})
    legal = [Pass(), Bid(2), Bid(4), Bid(5)]
    assert amounts(view, legal) == Amounts(1, 5, frozenset({1, 3}))
    picks = Picks()
    picks.update(view, legal, new_decision=True)
    assert picks.amount == 2
    assert picks.step_amount(1) and picks.amount == 4  # 3 is taken
    assert picks.step_amount(-1) and picks.amount == 2
    assert not picks.step_amount(-1) and picks.amount == 2  # 1 is taken, 0 would be a pass
    picks.update(a_view("bid", {}), [Pass()], new_decision=True)  # no cash left
    assert picks.amount == 1 and picks.range.count == 0
    bribe = a_view("bribe", {})
    picks.update(bribe, [Pass(), Propose("H", 1, 1, 1), Support(1, 1)], new_decision=True)
    assert picks.range.count == 1 and not picks.step_amount(1)


class Host(App):
    """An app that only asks for one amount and keeps the answer."""

    def __init__(self, dialog: AmountScreen):
        super().__init__()
        self.dialog = dialog
        self.answers: list[int | None] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.answers.append)


def why(n: int) -> str:
    return f"Somebody already bid {n}."


async def test_steps_skip_banned_values_and_stay_in_range():
    dialog = AmountScreen("Your bid", 1, 9, banned={1, 3, 4}, explain=why, banned_word="taken")
    app = Host(dialog)
    async with app.run_test() as pilot:
        assert dialog.value == 2  # the start, 1, is taken: the nearest allowed
        assert "taken: 1, 3, 4" in str(dialog.value_text())
        await pilot.press("plus")
        assert dialog.value == 5
        await pilot.press("minus", "minus")
        assert dialog.value == 2  # 2 is the lowest allowed: it stays
        await pilot.press("pageup", "pageup", "pageup")
        assert dialog.value == 9
        await pilot.press("enter")
    assert app.answers == [9]


async def test_a_typed_value_is_checked_and_explained():
    dialog = AmountScreen("Your bid", 1, 9, banned={3}, explain=why)
    app = Host(dialog)
    async with app.run_test() as pilot:
        await pilot.press("3", "enter")
        assert dialog.problem == "Somebody already bid 3." and app.answers == []
        await pilot.press("backspace", "1", "2", "enter")
        assert dialog.problem == "12 is not between 1 and 9." and app.answers == []
        await pilot.press("minus")  # from out of range, a step lands on the range's end
        assert dialog.value == 9 and dialog.problem == ""
        await pilot.press("escape")
    assert app.answers == [None]


async def test_typing_replaces_the_amount_shown_first():
    dialog = AmountScreen("Your bid", 1, 20, value=3)
    app = Host(dialog)
    async with app.run_test() as pilot:
        assert dialog.value == 3
        await pilot.press("1", "2")
        assert dialog.value == 12  # not 312: the first digit starts a new number
        await pilot.press("plus", "7")
        assert dialog.value == 7  # a step, then a digit: again a new number
        await pilot.press("enter")
    assert app.answers == [7]


async def test_santiago_asks_for_a_bid_and_shows_it_on_the_board():
    app = BoardgamesApp("santiago", [Seat("Ann"), Seat("Bob"), Seat("Cleo")], seed=5, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # Cleo: the spring
        screen = await to_the_board(pilot)
        await pilot.press("a")
        assert isinstance(app.screen, AmountScreen) and app.screen.value == 1
        await pilot.press("6", "enter")
        assert screen.picks.amount == 6 and "Enter: bid 6" in app.screen_text()
        assert not any(step.action.kind == "bid" for step in app.table.record.steps)
