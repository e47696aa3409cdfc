import json

import pytest

from boardgames_tui.rules.core import IllegalAction, Seat
from boardgames_tui.rules.record import GameRecord, RecordError, RecordHeader


def start(seed=3):
    return GameRecord.start("toy", ["Ann", Seat("Bob", "random")], seed)


def test_save_load_replay_equal(toy_registered):
    record, state = start()
    for action in [*[a for a in [toy_registered.decode_action({"kind": "add", "amount": 2})]]]:
        record.play(state, 0, action)
    record.play(state, 1, toy_registered.decode_action({"kind": "draw"}))
    loaded = GameRecord.loads(record.dumps())
    assert loaded.load_state() == state
    assert loaded.seats == (Seat("Ann"), Seat("Bob", "random"))
    assert loaded.options == {"speed": "slow"}
    assert record.replay() == state
    assert record.replay(1) != state


def test_illegal_action_records_nothing(toy_registered):
    record, state = start()
    before = state.copy()
    with pytest.raises(IllegalAction, match="Only 1 or 2"):
        record.play(state, 0, toy_registered.decode_action({"kind": "add", "amount": 3}))
    with pytest.raises(IllegalAction, match="not Bob's turn"):
        record.play(state, 1, toy_registered.decode_action({"kind": "add", "amount": 1}))
    assert record.steps == [] and state == before


def test_undo_within_own_turn_only(toy_registered):
    decode = toy_registered.decode_action
    record, state = start()
    record.play(state, 0, decode({"kind": "bank"}))
    assert record.undo_count(0) == 1
    record.play(state, 0, decode({"kind": "confirm"}))
    assert record.undo_count(0) == 2 and record.undo_count(1) == 0
    state = record.undo(0)
    assert record.steps == [] and state == record.new_state()
    with pytest.raises(IllegalAction):
        record.undo(0)


def test_undo_never_passes_a_reveal(toy_registered):
    decode = toy_registered.decode_action
    record, state = start()
    record.play(state, 0, decode({"kind": "add", "amount": 1}))
    record.play(state, 1, decode({"kind": "draw"}))
    assert record.undo_count(1) == 0
    record.play(state, 0, decode({"kind": "add", "amount": 2}))
    assert record.undo_count(0) == 1
    state = record.undo(0)
    assert len(record.steps) == 2 and state.piles == [1, 0]


def test_copy_is_independent(toy_registered):
    record, state = start()
    clone = state.copy()
    record.play(state, 0, toy_registered.decode_action({"kind": "draw"}))
    assert clone != state and clone.secret == [0, 0]
    assert clone.game is state.game


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "not valid JSON"),
        ("[]", "not a boardgames-tui save"),
        (json.dumps({"format": "boardgames-tui/record", "version": 99}), "format version 99"),
        (json.dumps({"format": "boardgames-tui/record", "version": 1, "game": "chess"}), "does not know"),
    ],
)
def test_damaged_saves_are_named(toy_registered, text, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(text)


def test_illegal_move_in_save_is_damage(toy_registered):
    record, state = start()
    data = record.to_json()
    data["actions"] = [{"seat": 1, "action": {"kind": "add", "amount": 1}}]
    with pytest.raises(RecordError, match="move 1 is not legal"):
        GameRecord.from_json(data).load_state()
    data["actions"] = [{"seat": 0, "action": {"kind": "fly"}}]
    with pytest.raises(RecordError, match="damaged"):
        GameRecord.from_json(data)


def test_unknown_option_refused(toy_registered):
    with pytest.raises(ValueError, match="no option 'colour'"):
        toy_registered.resolve_options({"colour": "red"})
    with pytest.raises(ValueError, match="slow | fast"):
        toy_registered.resolve_options({"speed": "warp"})
    with pytest.raises(ValueError, match="2–3 players"):
        toy_registered.new(["A"], 1)


def test_undo_takes_back_the_bot_moves_after_a_persons_move(toy_registered):
    decode = toy_registered.decode_action
    record = GameRecord.start("toy", ["Ann", "Cy", Seat("Bob", "random")], 3)[0]
    state = record.new_state()
    add1, add2 = decode({"kind": "add", "amount": 1}), decode({"kind": "add", "amount": 2})
    record.play(state, 0, add1)
    record.play(state, 1, add1)  # Cy, a person
    record.play(state, 2, add2)  # Bob, a bot
    record.play(state, 0, add2)  # Ann again
    record.play(state, 1, add2)  # Cy
    record.play(state, 2, add1)  # the bot
    # Without bots named, Cy's move is the last of a person's: only Cy may take back, and only
    # when the bot's move is not in the way.
    assert record.undo_count(1) == 0 and record.undo_count(1, bots={2}) == 2
    # Ann's last move has Cy's after it: too late for Ann, bots or not.
    assert record.undo_count(0, bots={2}) == 0
    state = record.undo(1, bots={2})
    assert len(record.steps) == 4 and state == record.replay()
    # Now Ann's move is followed by nobody's: hers to take back, one move.
    assert record.undo_count(0, bots={2}) == 1


def test_undo_with_bots_stops_at_a_reveal(toy_registered):
    decode = toy_registered.decode_action
    record = GameRecord.start("toy", ["Ann", Seat("Bob", "random")], 3)[0]
    state = record.new_state()
    record.play(state, 0, decode({"kind": "add", "amount": 1}))
    record.play(state, 1, decode({"kind": "draw"}))  # the bot draws a hidden card: a reveal
    assert record.undo_count(0, bots={1}) == 0
    record.play(state, 0, decode({"kind": "add", "amount": 1}))
    record.play(state, 1, decode({"kind": "add", "amount": 2}))
    assert record.undo_count(0, bots={1}) == 2


def test_a_move_taken_for_a_player_is_passed_over_by_undo_and_saved(toy_registered):
    decode = toy_registered.decode_action
    record = GameRecord.start("toy", ["Ann", "Bob"], 3)[0]
    state = record.new_state()
    record.play(state, 0, decode({"kind": "add", "amount": 1}))
    record.play(state, 1, decode({"kind": "add", "amount": 1}), auto=True)  # nobody chose it
    assert record.undo_count(1) == 0  # Bob chose nothing that he could take back
    assert record.undo_count(0) == 2  # Ann's move comes back, and Bob's formality with it
    loaded = GameRecord.loads(record.dumps())
    assert [s.auto for s in loaded.steps] == [False, True]
    assert loaded.load_state() == state


def test_dumps_is_compact_and_indented_records_still_load(toy_registered):
    decode = toy_registered.decode_action
    record, state = start()
    record.play(state, 0, decode({"kind": "add", "amount": 2}))
    record.play(state, 1, decode({"kind": "draw"}))
    text = record.dumps()
    assert "\n" not in text and ", " not in text and '": ' not in text
    assert json.loads(text) == record.to_json()
    indented = json.dumps(record.to_json(), indent=1, ensure_ascii=False)  # as saves used to be
    assert GameRecord.loads(indented).load_state() == state


def test_the_header_is_read_without_the_moves(toy_registered):
    record, state = start()
    record.play(state, 0, toy_registered.decode_action({"kind": "add", "amount": 1}))
    data = record.to_json()
    assert GameRecord.header(data) == RecordHeader("toy", ("Ann", "Bob"), 1)
    # A move the game cannot even decode does not spoil the header; from_json finds it.
    data["actions"].append({"seat": 0, "action": {"kind": "fly"}})
    assert GameRecord.header(data).moves == 2
    with pytest.raises(RecordError, match="damaged"):
        GameRecord.from_json(data)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "x"}, "not a boardgames-tui save"),
        ({"game": ["toy"]}, "does not know"),
        ({"seats": {"name": "Ann"}}, "damaged"),
        ({"seats": [{"name": 3}]}, "damaged"),
        ({"actions": {"0": {}}}, "damaged"),
    ],
)
def test_a_bad_header_is_one_line_of_damage(toy_registered, change, message):
    data = {**start()[0].to_json(), **change}
    with pytest.raises(RecordError, match=message) as info:
        GameRecord.header(data)
    assert "\n" not in str(info.value)
    with pytest.raises(RecordError):
        GameRecord.from_json(data)


def test_upto_is_a_record_of_its_own_of_the_first_moves():
    from boardgames_tui.rules.bots import RandomBot, bot_rng

    record, state = GameRecord.start("st_petersburg", ["Ann", "Bob"], 3)
    bot = RandomBot()
    for _ in range(12):
        seat = state.to_move()[0]
        record.play(state, seat, bot.choose(state.view(seat), state.legal_actions(seat), bot_rng(3, seat, 0)))
    part = record.upto(5)
    assert len(part.steps) == 5 and part.replay() == record.replay(5)
    part.steps.pop()
    part.options["x"] = "y"
    assert len(record.steps) == 12 and "x" not in record.options  # the original is untouched
    assert record.upto().to_json() == record.to_json()


def test_a_hard_bots_thinking_time_is_saved_with_its_seat(toy_registered):
    record, _ = GameRecord.start("toy", ["Ann", Seat("Hal", "hard", 2.5), Seat("Bo", "normal")], 3)
    data = json.loads(record.dumps())
    assert data["seats"][1] == {"name": "Hal", "bot": "hard", "think": 2.5}
    assert data["seats"][2] == {"name": "Bo", "bot": "normal"}  # as saves were before
    assert GameRecord.loads(record.dumps()).seats == record.seats
    for bad in (0, -1, "1", True):
        data["seats"][1]["think"] = bad
        with pytest.raises(RecordError):
            GameRecord.loads(json.dumps(data))
