"""The hot-seat flow without any screen (play/flow.py): who is shown, when the keyboard changes
hands, when a bot moves, when the game is over. The toy game (tests/toy_game.py): each turn a
player adds 1 or 2, draws a hidden card (a reveal), or banks, which takes a confirm as well."""

import pytest

from boardgames_tui.play.flow import BotTurn, Flow, HandOff, Idle, Over, Present
from boardgames_tui.play.table import Table
from boardgames_tui.rules.core import IllegalAction, Seat
from tests.toy_game import Add, Bank, Confirm, Draw


@pytest.fixture
def table(toy_registered):
    return Table.new("toy", [Seat("Ann"), Seat("Bob")], 7, autosave=False)


def test_the_first_person_is_handed_the_keyboard_and_told_it_is_their_first_turn(table):
    flow = Flow(table)
    assert flow.next() == HandOff(0, None, shows="secret") and flow.viewer is None
    own, recap = flow.handed_over(0)
    assert own == Present(0, fresh=True, again=False) and flow.viewer == 0
    assert recap.first and recap.seat == 0


def test_after_a_move_the_next_person_gets_a_hand_off_with_the_take_back_offered(table):
    flow = Flow(table)
    flow.next()
    flow.handed_over(0)
    table.act(0, Add(1))
    assert flow.next() == HandOff(1, 0, shows="secret", hides="secret", outgoing=0)
    assert flow.viewer is None  # nothing private stays up while the keyboard changes hands
    own, recap = flow.handed_over(1)
    assert own == Present(1, fresh=True, again=False) and recap.first  # Bob has not moved yet
    assert recap.lines == ["Ann added 1"]


def test_taking_back_at_the_hand_off_gives_the_mover_their_own_screen_again(table):
    flow = Flow(table)
    flow.next()
    flow.handed_over(0)
    table.act(0, Add(2))
    step = flow.next()
    assert isinstance(step, HandOff) and step.undo_seat == 0
    count, own = flow.take_back_at_hand_off(0)
    assert count == 1 and own is not None and own.seat == 0 and flow.viewer == 0
    assert table.record.steps == [] and table.to_move() == (0,)


def test_a_decision_that_goes_on_from_the_players_own_keys_keeps_them(table):
    flow = Flow(table)
    flow.next()
    flow.handed_over(0)
    table.act(0, Add(1))
    flow.next()
    flow.handed_over(1)
    table.act(1, Add(1))
    flow.next()
    flow.handed_over(0)
    table.act(0, Bank())  # Ann banks and must confirm: her turn goes on, in a new step
    step = flow.next()
    assert step == Present(0, fresh=True, again=True)  # a new step: keys held back, and said
    assert flow.next() == Present(0, fresh=False, again=False)  # nothing new: the keys go on
    table.act(0, Confirm())
    assert flow.next() == HandOff(1, 0, shows="secret", hides="secret", outgoing=0)


def test_one_person_with_a_bot_is_never_handed_off_and_the_bot_moves_in_turn(toy_registered):
    table = Table.new("toy", [Seat("Ann"), Seat("Bot", "random")], 3, autosave=False)
    flow = Flow(table)
    assert flow.next() == Present(0, fresh=True, again=False)
    table.act(0, Draw())
    assert flow.next() == BotTurn(0, 1)  # Ann's screen stays up while the bot moves
    step = flow.next()
    while isinstance(step, BotTurn):  # a bot that banks moves twice
        table.bot_step(step.seat)
        step = flow.next()
    assert isinstance(step, Present) and step.seat == 0 and step.fresh  # Ann's draw was a reveal


def test_the_end_shows_the_results_once_or_the_review_first(toy_registered):
    table = Table.new("toy", [Seat("A", "random"), Seat("B", "random")], 5, autosave=False)
    flow = Flow(table)
    while not table.is_over():
        step = flow.next()
        assert isinstance(step, BotTurn)
        table.bot_step(step.seat)
    assert flow.next() == Over(None, "results")
    flow.over_shown = True  # the app showed them
    assert flow.next() == Over(None, None)
    again = Flow(table, review_first=True)
    assert again.next() == Over(None, "review")
    assert again.next() == Over(None, None)


def test_taking_back_the_last_move_of_a_finished_game_lets_the_end_show_again(toy_registered):
    table = Table.new("toy", [Seat("Ann"), Seat("Bot", "random")], 5, autosave=False)
    flow = Flow(table)
    while not table.is_over():
        step = flow.next()
        if isinstance(step, BotTurn):
            table.bot_step(step.seat)
        else:
            table.act(0, Add(2))
    flow.next()
    flow.over_shown = True
    last = table.last_human_actor()
    assert last == 0
    flow.take_back(0)
    assert not flow.over_shown and not table.is_over()
    with pytest.raises(IllegalAction):
        Flow(Table.new("toy", ["A", "B"], 1, autosave=False)).take_back(0)


def test_no_table_means_nothing_to_do():
    assert Flow().next() == Idle()
