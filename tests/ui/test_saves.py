"""saves.py: where saves go, atomic writes, listing, damaged files left alone."""

import json
import os

import pytest

from boardgames_tui import saves
from boardgames_tui.rules.record import RecordError

from .helpers import played_record, write_save


def test_save_dir_follows_the_environment(data_dir):
    assert saves.save_dir() == data_dir / "saves"


def test_new_save_path_never_reuses_a_name(data_dir):
    first = saves.new_save_path("st_petersburg", 42, when=0)
    assert first.name.startswith("st_petersburg-") and first.name.endswith("-42.json")
    first.parent.mkdir(parents=True)
    first.write_text("x")
    second = saves.new_save_path("st_petersburg", 42, when=0)
    assert second != first and not second.exists()


def test_atomic_write_leaves_no_temp_files(data_dir):
    path = saves.save_dir() / "a.json"
    saves.write_atomic(path, "one")
    saves.write_atomic(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in path.parent.iterdir()] == ["a.json"]


def test_load_round_trip(data_dir):
    record, state = played_record(moves=25)
    path = write_save(record)
    loaded, loaded_state = saves.load(path)
    assert loaded.steps == record.steps
    assert loaded_state == state


def test_list_saves_describes_games_and_damaged_files(data_dir):
    record, _ = played_record(moves=10)
    good = write_save(record, "st_petersburg-good.json")
    bad = saves.save_dir() / "st_petersburg-bad.json"
    bad.write_bytes(b'{"format": "boardgames-tui/record", "version": 1, "game": "st_pet')
    foreign = saves.save_dir() / "notes.json"
    foreign.write_text(json.dumps({"hello": "world"}))
    binary = saves.save_dir() / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    before = {p: p.read_bytes() for p in (bad, foreign, binary)}

    entries = {e.path.name: e for e in saves.list_saves()}
    assert set(entries) == {"st_petersburg-good.json", "st_petersburg-bad.json", "notes.json",
                            "binary.json"}
    ok = entries["st_petersburg-good.json"]
    assert ok.ok and ok.title == "St. Petersburg" and ok.seats == ["Ann", "Bob"]
    assert "round 1" in ok.summary
    for name in ("st_petersburg-bad.json", "notes.json", "binary.json"):
        entry = entries[name]
        assert not entry.ok
        assert "\n" not in entry.error
        assert entry.path.name in entry.line()
    assert "not a boardgames-tui save" in entries["notes.json"].error
    # Nothing was deleted or rewritten.
    assert {p: p.read_bytes() for p in (bad, foreign, binary)} == before
    assert good.exists()


def test_load_refuses_illegal_moves_with_one_line(data_dir):
    record, _ = played_record(moves=6)
    data = json.loads(record.dumps())
    data["actions"][3]["seat"] = 1 - data["actions"][3]["seat"]
    path = saves.save_dir() / "st_petersburg-x.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    with pytest.raises(RecordError) as info:
        saves.load(path)
    assert "move 4" in str(info.value) and "\n" not in str(info.value)
    assert path.read_bytes() == raw


def test_missing_file_is_a_record_error(data_dir):
    with pytest.raises(RecordError):
        saves.load(data_dir / "nope.json")


def test_age():
    assert saves.age(100, now=110) == "just now"
    assert saves.age(0, now=7200) == "2h ago"


def test_damaged_files_are_listed_after_the_games(data_dir):
    older, _ = played_record(seed=3, moves=4)
    newer, _ = played_record(seed=5, moves=4)
    paths = {"old": write_save(older, "st_petersburg-old.json"),
             "new": write_save(newer, "st_petersburg-new.json"),
             "cut": saves.save_dir() / "st_petersburg-cut.json",
             "foreign": saves.save_dir() / "notes.json"}
    paths["cut"].write_text('{"format": "boardgames-tui/record", "ver')
    paths["foreign"].write_text("[]")
    # The damaged files are the newest: time alone would put them first.
    for age, name in enumerate(["foreign", "cut", "new", "old"]):
        os.utime(paths[name], (1_000_000 - age * 60, 1_000_000 - age * 60))
    before = {p: p.read_bytes() for p in paths.values()}

    entries = saves.list_saves()
    assert [e.path for e in entries] == [paths["new"], paths["old"], paths["foreign"], paths["cut"]]
    assert [e.ok for e in entries] == [True, True, False, False]
    assert {p: p.read_bytes() for p in paths.values()} == before
    assert sorted(saves.save_dir().iterdir()) == sorted(paths.values())


async def test_the_launcher_marks_damaged_saves_and_lists_them_last(data_dir):
    from boardgames_tui.ui.app import BoardgamesApp

    record, _ = played_record(moves=4)
    good = write_save(record, "st_petersburg-good.json")
    bad = saves.save_dir() / "st_petersburg-bad.json"
    bad.write_text("{")
    os.utime(good, (1_000_000, 1_000_000))
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listed = app.screen.query_one("#saves")
        prompts = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert prompts[0].startswith("St. Petersburg")
        assert prompts[1].startswith("⚠ damaged") and "st_petersburg-bad.json" in prompts[1]
        assert "⚠ damaged" in app.screen_text()
    assert bad.read_text() == "{"
