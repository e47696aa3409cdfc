"""Table: the one writer of game state: act, autosave, undo, log and recap, bots."""

import pytest

from boardgames_tui import saves
from boardgames_tui.rules.core import IllegalAction, Seat
from boardgames_tui.rules.st_petersburg.actions import Buy, Pass, TakeToHand
from boardgames_tui.ui.table import Table


def new_table(seed=7, seats=("Ann", "Bob")):
    return Table.new("st_petersburg", list(seats), seed)


def test_new_table_saves_from_its_first_move(data_dir):
    table = new_table()
    # A game opened and left at once leaves no file behind.
    assert not table.save_path.exists()
    assert table.save_path.parent == saves.save_dir()
    seat = table.to_move()[0]
    table.act(seat, table.legal(seat)[0])
    assert table.save_path.exists()
    assert saves.load(table.save_path)[0].steps == table.record.steps


def test_act_autosaves_and_resume_equals(data_dir):
    table = new_table()
    for _ in range(12):
        seat = table.to_move()[0]
        table.act(seat, table.legal(seat)[0])
        resumed = Table.resume(table.save_path)
        assert resumed.state == table.state
        assert resumed.record.steps == table.record.steps
        assert resumed.log_for(0) == table.log_for(0)
    # Resuming keeps writing to the same file.
    seat = resumed.to_move()[0]
    resumed.act(seat, resumed.legal(seat)[0])
    assert Table.resume(table.save_path).record.steps == resumed.record.steps


def test_illegal_action_changes_nothing(data_dir):
    table = new_table()
    table.act(table.to_move()[0], Pass())
    seat = table.to_move()[0]
    before = table.state.copy()
    saved = table.save_path.read_bytes()
    card = table.view(seat)["upper"][0]
    with pytest.raises(IllegalAction) as info:
        table.act(seat, Buy("upper", 0, card, 0))
    assert info.value.reason
    with pytest.raises(IllegalAction):
        table.act(1 - seat, Pass())
    assert table.state == before and len(table.record.steps) == 1
    assert table.save_path.read_bytes() == saved


def test_undo_own_trailing_move_only(data_dir):
    table = new_table()
    first = table.to_move()[0]
    assert table.undo_count(first) == 0
    with pytest.raises(IllegalAction):
        table.undo(first)
    start = table.state.copy()
    take = next(a for a in table.legal(first) if isinstance(a, TakeToHand))
    table.act(first, take)
    assert table.undo_count(first) == 1
    assert table.undo_count(1 - first) == 0
    assert table.undo(first) == 1
    assert table.state == start and table.log == []
    assert Table.resume(table.save_path).state == start
    # Once somebody else acted, it is too late.
    table.act(first, take)
    second = table.to_move()[0]
    table.act(second, Pass())
    assert table.undo_count(first) == 0


def test_log_and_recap_never_show_another_players_secrets(data_dir):
    table = new_table()
    for _ in range(30):
        seat = table.to_move()[0]
        legal = table.legal(seat)
        table.act(seat, legal[len(table.record.steps) % len(legal)])
    for seat in (0, 1):
        lines = table.log_for(seat)
        for entry in table.log:
            text = entry.event.text_for(seat)
            if entry.event.visible_to is not None and seat not in entry.event.visible_to:
                assert text is None or text == entry.event.others_text
        assert set(table.recap_for(seat)) <= set(lines)


def test_recap_is_what_happened_since_the_seat_acted(data_dir):
    table = new_table()
    a = table.to_move()[0]
    table.act(a, Pass())
    b = table.to_move()[0]
    take = next(x for x in table.legal(b) if isinstance(x, TakeToHand))
    table.act(b, take)
    recap = table.recap_for(a)
    b_lines = [e.event.text_for(a) for e in table.log if e.step == 1 and e.event.text_for(a)]
    assert recap == b_lines and recap
    assert table.recap_for(b) == []


def test_bots_play_to_the_end(data_dir):
    table = Table.new("st_petersburg", [Seat("Ann", "random"), Seat("Bob", "smart")], 3,
                      autosave=False)
    assert table.save_path is None
    steps = 0
    while not table.is_over() and steps < 2000:
        seat = table.next_actor()
        table.bot_step(seat)
        steps += 1
    assert table.is_over()
    assert table.state.standings().rows


def test_bots_choose_the_same_after_a_resume(data_dir):
    """A bot's choice depends on the seed, its seat and the move number, not on the session."""
    seats = [Seat("Ann", "random"), Seat("Bob", "random"), Seat("Cleo", "smart")]
    straight = Table.new("st_petersburg", seats, 5)
    for _ in range(40):
        straight.bot_step(straight.to_move()[0])
    interrupted = Table.new("st_petersburg", seats, 5)
    for i in range(40):
        if i % 7 == 3:
            interrupted = Table.resume(interrupted.save_path)
        interrupted.bot_step(interrupted.to_move()[0])
    assert [s.action for s in interrupted.record.steps] == [s.action for s in straight.record.steps]
    assert interrupted.state == straight.state


def test_a_rules_crash_leaves_the_game_as_it_was(data_dir, monkeypatch):
    table = new_table()
    seat = table.to_move()[0]
    table.act(seat, table.legal(seat)[0])
    before = table.state.copy()
    steps = list(table.record.steps)
    seat = table.to_move()[0]
    action = table.legal(seat)[0]
    real_apply = type(table.state).apply

    def half_apply(state, who, what):
        if (who, what) != (seat, action):
            return real_apply(state, who, what)
        state.rubles[0] = -99  # a change made before the crash
        raise ZeroDivisionError

    monkeypatch.setattr(type(table.state), "apply", half_apply)
    with pytest.raises(IllegalAction, match="the game is unchanged"):
        table.act(seat, action)
    monkeypatch.setattr(type(table.state), "apply", real_apply)
    assert table.state == before and table.record.steps == steps
