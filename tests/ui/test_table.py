"""Table: the one writer of game state: act, autosave, undo, log and recap, bots.

The state is private to the table; these tests peek at `table._state` only to compare games."""

import json
import threading

import pytest

from boardgames_tui import saves
from boardgames_tui.play.table import BotDecision, Table
from boardgames_tui.rules.core import IllegalAction, Seat
from boardgames_tui.rules.st_petersburg.actions import Buy, Pass, TakeToHand


def new_table(seed=7, seats=("Ann", "Bob")):
    return Table.new("st_petersburg", list(seats), seed)


def test_new_table_saves_from_its_first_move(data_dir):
    table = new_table()
    # A game opened and left at once leaves no file behind.
    assert not table.save_path.exists()
    assert table.save_path.parent == saves.save_dir()
    seat = table.to_move()[0]
    table.act(seat, table.legal(seat)[0])
    assert table.flush(timeout=10)
    assert table.save_path.exists()
    assert saves.load(table.save_path)[0].steps == table.record.steps


def test_act_autosaves_and_resume_equals(data_dir):
    table = new_table()
    for _ in range(12):
        seat = table.to_move()[0]
        table.act(seat, table.legal(seat)[0])
        resumed = Table.resume(table.save_path)
        assert resumed._state == table._state
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
    before = table._state.copy()
    table.flush()
    saved = table.save_path.read_bytes()
    card = table.view(seat).upper[0]
    with pytest.raises(IllegalAction) as info:
        table.act(seat, Buy("upper", 0, card, 0))
    assert info.value.reason
    with pytest.raises(IllegalAction):
        table.act(1 - seat, Pass())
    assert table._state == before and len(table.record.steps) == 1
    table.flush()
    assert table.save_path.read_bytes() == saved


def test_undo_own_trailing_move_only(data_dir):
    table = new_table()
    first = table.to_move()[0]
    assert table.undo_count(first) == 0
    with pytest.raises(IllegalAction):
        table.undo(first)
    start = table._state.copy()
    take = next(a for a in table.legal(first) if isinstance(a, TakeToHand))
    table.act(first, take)
    assert table.undo_count(first) == 1
    assert table.undo_count(1 - first) == 0
    assert table.undo(first) == 1
    assert table._state == start and table.log == []
    assert Table.resume(table.save_path)._state == start
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
    table = Table.new("st_petersburg", [Seat("Ann", "random"), Seat("Bob", "smart")], 3, autosave=False)
    assert table.save_path is None
    steps = 0
    while not table.is_over() and steps < 2000:
        seat = table.next_actor()
        table.bot_step(seat)
        steps += 1
    assert table.is_over()
    assert table.standings().rows and table.standings() == table._state.standings()


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
    assert interrupted._state == straight._state


def test_a_rules_crash_leaves_the_game_as_it_was(data_dir, monkeypatch):
    table = new_table()
    seat = table.to_move()[0]
    table.act(seat, table.legal(seat)[0])
    before = table._state.copy()
    steps = list(table.record.steps)
    seat = table.to_move()[0]
    action = table.legal(seat)[0]
    real_apply = type(table._state).apply

    def half_apply(state, who, what):
        if (who, what) != (seat, action):
            return real_apply(state, who, what)
        state.rubles[0] = -99  # a change made before the crash
        raise ZeroDivisionError

    monkeypatch.setattr(type(table._state), "apply", half_apply)
    with pytest.raises(IllegalAction, match="the game is unchanged"):
        table.act(seat, action)
    monkeypatch.setattr(type(table._state), "apply", real_apply)
    assert table._state == before and table.record.steps == steps


# -- where the saves go, and how they are written --------------------------------------------------


def test_a_new_table_saves_in_the_folder_it_is_given(data_dir, tmp_path):
    mine = tmp_path / "users" / "ann" / "saves"
    table = Table.new("st_petersburg", ["Ann", "Bob"], 7, save_dir=mine)
    assert table.save_path.parent == mine
    seat = table.to_move()[0]
    table.act(seat, table.legal(seat)[0])
    assert table.flush(timeout=10)
    assert [p.name for p in mine.iterdir()] == [table.save_path.name]
    assert not saves.save_dir().exists()  # the default folder was not touched


def test_the_autosave_is_compact_and_the_newest_reaches_the_disk(data_dir):
    table = new_table()
    for _ in range(40):
        seat = table.to_move()[0]
        table.act(seat, table.legal(seat)[0])
    assert table.flush(timeout=10) and table.save_error is None
    text = table.save_path.read_text(encoding="utf-8")
    assert text == table.record.dumps() and "\n" not in text and ": " not in text
    assert len(json.loads(text)["actions"]) == 40


def test_the_writer_is_handed_a_snapshot_not_the_live_record(data_dir, monkeypatch):
    handed = []
    monkeypatch.setattr(saves, "save_later", lambda path, text, done=None: handed.append(text))
    table = new_table()
    for _ in range(3):
        seat = table.to_move()[0]
        table.act(seat, table.legal(seat)[0])
    assert all(isinstance(text, str) for text in handed)
    assert [len(json.loads(text)["actions"]) for text in handed] == [1, 2, 3]


def test_writes_pile_up_into_the_newest_one_while_the_disk_is_slow(data_dir, monkeypatch):
    """While one write is slow, newer snapshots replace each other: the disk gets the first and
    the last, never a stale one after the newest."""
    written, release = [], threading.Event()
    real_write = saves.write_atomic

    def slow_write(path, text):
        release.wait(10)
        written.append(text)
        real_write(path, text)

    monkeypatch.setattr(saves, "write_atomic", slow_write)
    table = new_table()
    for _ in range(12):
        seat = table.to_move()[0]
        table.act(seat, table.legal(seat)[0])
    assert not table.flush(timeout=0.05)  # the first write is still held up
    release.set()
    assert table.flush(timeout=10)
    assert len(written) <= 2 and written[-1] == table.record.dumps()
    assert table.save_path.read_text(encoding="utf-8") == table.record.dumps()


def test_reading_a_save_waits_for_its_pending_write(data_dir, monkeypatch):
    release = threading.Event()
    real_write = saves.write_atomic
    monkeypatch.setattr(saves, "write_atomic", lambda path, text: (release.wait(10), real_write(path, text)))
    table = new_table()
    for _ in range(5):
        seat = table.to_move()[0]
        table.act(seat, table.legal(seat)[0])
    threading.Timer(0.1, release.set).start()
    record, _ = saves.load(table.save_path)  # no flush: the read itself waits
    assert record.steps == table.record.steps
    assert Table.resume(table.save_path).record.steps == table.record.steps


def test_a_failed_autosave_shows_and_the_next_good_one_clears_it(data_dir, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    table = Table.new("st_petersburg", ["Ann", "Bob"], 7, save_dir=blocker / "saves")
    told = []
    table.on_save_result = told.append
    seat = table.to_move()[0]
    table.act(seat, table.legal(seat)[0])
    assert table.flush(timeout=10)
    assert table.save_error == (
        f"Could not save the game in {blocker / 'saves'}: a file is in the way of the folder "
        "(the game goes on; nothing is lost until you quit)."
    )
    assert told == [table.save_error]
    table.save_path = tmp_path / "fine" / "game.json"
    seat = table.to_move()[0]
    table.act(seat, table.legal(seat)[0])
    assert table.flush(timeout=10)
    assert table.save_error is None and told[-1] is None
    assert saves.load(table.save_path)[0].steps == table.record.steps


def test_a_table_without_autosave_flushes_at_once(data_dir):
    table = Table.new("st_petersburg", ["Ann", "Bob"], 7, autosave=False)
    seat = table.to_move()[0]
    table.act(seat, table.legal(seat)[0])
    assert table.flush(timeout=0) and table.save_path is None


# -- bots deciding off the event loop ---------------------------------------------------------------


def ann_then_bot(seed=7):
    """Ann (a person) has taken a card; Bob, a bot, is to move."""
    table = Table.new("st_petersburg", [Seat("Ann"), Seat("Bob", "smart")], seed)
    ann = table.to_move()[0]
    assert ann == 0
    take = next(a for a in table.legal(ann) if isinstance(a, TakeToHand))
    table.act(ann, take)
    assert table.to_move() == (1,)
    return table, take


def test_a_bot_decides_in_another_thread_as_it_would_here(data_dir):
    table, _ = ann_then_bot()
    twin, _ = ann_then_bot()
    decision = table.bot_decision(1)
    assert isinstance(decision, BotDecision) and decision.steps == 1
    chosen = []
    worker = threading.Thread(target=lambda: chosen.append(decision()))
    worker.start()
    worker.join(10)
    played = table.bot_play(1, chosen[0], decision.steps, decision.generation)
    assert played is not None and played[0] == chosen[0]
    assert played == twin.bot_step(1)
    assert table.record.steps == twin.record.steps


def test_a_decision_the_game_has_moved_past_is_ignored(data_dir):
    table, take = ann_then_bot()
    decision = table.bot_decision(1)
    action = decision()
    # Ann takes her move back before the bot's choice arrives: nothing is played.
    table.undo(0)
    assert table.bot_play(1, action, decision.steps, decision.generation) is None
    assert table.steps == 0
    # Ann moves again, differently or not: the step count is back, the decision is still stale.
    table.act(0, take)
    assert table.steps == decision.steps
    assert table.bot_play(1, action, decision.steps, decision.generation) is None
    assert table.steps == 1
    # Without the generation only the step count is checked.
    assert table.bot_play(1, action, decision.steps + 1) is None


def test_a_bot_choice_that_is_not_legal_becomes_the_first_legal_move(data_dir):
    table, _ = ann_then_bot()
    decision = table.bot_decision(1)
    first = table.legal(1)[0]
    played = table.bot_play(1, Buy("upper", 99, "nothing", 0), decision.steps, decision.generation)
    assert played is not None and played[0] == first
    assert table.record.steps[-1].action == first


def test_a_failing_bot_chooses_nothing_and_the_game_goes_on(data_dir):
    table, _ = ann_then_bot()

    class Broken:
        def choose(self, view, legal, rng):
            raise RuntimeError("bot bug")

    table.bots[1] = Broken()
    decision = table.bot_decision(1)
    assert decision() is None
    assert table.bot_play(1, None, decision.steps, decision.generation)[0] == table.record.steps[-1].action


def test_only_a_bot_with_something_to_do_is_asked(data_dir):
    table, _ = ann_then_bot()
    with pytest.raises(IllegalAction):
        table.bot_decision(0)  # Ann is a person
    bots = Table.new("st_petersburg", [Seat("Ann", "random"), Seat("Bob", "random")], 3, autosave=False)
    waiting = next(seat for seat in (0, 1) if seat not in bots.to_move())
    with pytest.raises(IllegalAction):
        bots.bot_decision(waiting)
