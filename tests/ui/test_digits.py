"""Numbers mean what they say (issue 34): where a board prints a number for a choice (a pile, a row,
a district, a proposal), that digit picks it and the action list shows it; the other lines take
the digits left over, and no two lines share one.

The numbers a board prints are read here from the view, the way each board prints them, not
from the screen's hooks: the test would miss nothing a hook forgot.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardgames_tui.play.table import Table
from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.core import Action, Seat
from boardgames_tui.rules.rialto.actions import Recall, TakeRow
from boardgames_tui.rules.san_marco.actions import Choose, PlaceNeutral, PlayBanish, PutCard
from boardgames_tui.rules.san_marco.data import DISTRICTS as SAN_MARCO_DISTRICTS
from boardgames_tui.rules.santiago.actions import Accept
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards import board_for
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.widgets.actions import ActionGroup, ActionList, digits

from .helpers import to_the_board

GAMES = registry.ids()


def printed_number(view: Any, action: Action) -> int | None:
    """The number the board prints beside the thing this action chooses, read from the view:
    San Marco's "Pile 2" and a district's die number ("3 San Polo"), Rialto's "Row 3" and a
    district's round number, Santiago's proposal number on its ditch."""
    if isinstance(action, (Choose, PutCard)):
        return action.pile + 1
    if isinstance(action, PlaceNeutral) or (isinstance(action, PlayBanish) and view.step == "free_banish"):
        return SAN_MARCO_DISTRICTS[action.district].die
    if isinstance(action, TakeRow):
        return action.row + 1
    if isinstance(action, Recall):
        return int(view.numbers[action.district])
    if isinstance(action, Accept):
        return action.proposal
    return None


def positions(game_id: str, players: int, seed: int) -> Iterator[GameScreen[Any]]:
    """A game played by random bots to the end: at every move, a screen that is never mounted,
    read by the seat to move."""
    table = Table.new(game_id, [f"P{i}" for i in range(players)], seed, autosave=False)
    bot = RandomBot()
    i = 0
    while not table.is_over():
        seat = table.to_move()[0]
        screen = board_for(game_id).screen(table)
        screen.viewer = screen.actor = seat
        screen.read_table()
        yield screen
        table.act(seat, bot.choose(table.view(seat), table.legal(seat), bot_rng(seed, i)))
        i += 1


def check_digits(screen: GameScreen[Any]) -> int:
    """The contract at one position; returns how many numbered lines it had."""
    groups = screen.groups
    shown = [d for d in digits(groups) if d is not None]
    assert len(shown) == len(set(shown)), f"two lines share a digit: {[g.label for g in groups]}"
    assert len(shown) == min(len(groups), 10), "a line goes without a digit while one is free"
    # Every choice the board prints a number for, among the listed moves, is on that digit's line.
    listed = {a for g in groups for a in g.actions}
    for action in screen.legal:
        n = printed_number(screen.view, action)
        if n is None or action not in listed:
            continue
        group = screen.group_of_digit(n)
        assert group is not None and action in group.actions, (
            f"{screen.view.step}: {n} should pick {action}, picks {group.label if group else None}"
        )
    numbered = 0
    for group, digit in zip(groups, digits(groups)):
        numbers = {printed_number(screen.view, a) for a in group.actions}
        if group.number is not None:
            numbered += 1
            assert digit == group.number, f"{group.label} carries {group.number} but shows {digit}"
            assert not group.actions or numbers == {group.number}, (
                f"{group.label} carries {group.number}: its moves are printed {numbers}"
            )
        elif len(numbers) == 1 and None not in numbers and len(group.actions) == 1:
            pytest.fail(f"{group.label}: its one move is printed {numbers} on the board, the line has none")
    # The key itself: digit d (binding pick(d - 1), 0 as pick(9)) hands its line to pick_group.
    picked: list[ActionGroup] = []
    screen.pick_group = picked.append  # type: ignore[method-assign]
    for group, digit in zip(groups, digits(groups)):
        if digit is None:
            continue
        picked.clear()
        screen.action_pick(digit - 1 if digit else 9)
        assert picked == [group], f"digit {digit} did not pick {group.label}"
    return numbered


@pytest.mark.parametrize("game_id", GAMES)
def test_a_printed_number_s_digit_picks_what_the_board_labels_with_it(game_id: str):
    game = registry.get(game_id)
    numbered = 0
    for players, seed in ((game.min_players, 1), (game.max_players, 2)):
        for screen in positions(game_id, players, seed):
            numbered += check_digits(screen)
    if game_id in ("san_marco", "rialto"):
        assert numbered, f"no numbered line came up in {game_id}: the test saw nothing"


def group(label: str, number: int | None = None) -> ActionGroup:
    return ActionGroup(label, label, number=number)


def test_unnumbered_lines_take_the_digits_left_in_order():
    groups = [group("row 2", 2), group("row 4", 4), group("green"), group("pass"), group("wait")]
    assert digits(groups) == [2, 4, 1, 3, 5]
    # Ten lines and more: 0 is the tenth digit, and the rest have none; a number claimed twice
    # stays with the first line that claims it.
    many = [group("a", 3), group("b", 3)] + [group(str(i)) for i in range(10)]
    assert digits(many) == [3, 1, 2, 4, 5, 6, 7, 8, 9, 0, None, None]


def rialto_row_taken(view: Any) -> bool:
    return view.step == "rows" and any(t is not None for t in view.row_taker)


async def test_rialto_after_row_1_is_taken_3_still_takes_row_3():
    """The reported case: Ann takes row 1, then Bob's 3 is row 3, as the list and the tray say."""
    app = BoardgamesApp("rialto", [Seat("Ann"), Seat("Bob"), Seat("Cleo")], seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await to_the_board(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            if rialto_row_taken(screen.view):
                break
            await pilot.press("1")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.view.row_taker[0] is not None, "the first row taken is row 1"
        bob = screen.actor
        lines = screen.query_one(ActionList).render().plain.splitlines()
        assert any(" 3  Row 3:" in line for line in lines), lines
        await pilot.press("3")
        assert app.table.view(None).row_taker[2] == bob
