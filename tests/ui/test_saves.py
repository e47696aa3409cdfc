"""saves.py: where saves go, atomic writes, listing, damaged files left alone."""

import json
import os

import pytest

from boardgames_tui import saves
from boardgames_tui.rules.record import RecordError

from .helpers import played_record, write_save


def test_save_dir_follows_the_environment(data_dir):
    assert saves.save_dir() == data_dir / "saves"


def test_the_folder_is_a_parameter_and_the_default_is_resolved_at_each_call(data_dir, tmp_path, monkeypatch):
    assert saves.save_dir(tmp_path / "ann") == tmp_path / "ann" / "saves"
    path = saves.new_save_path("santiago", 3, when=0, directory=tmp_path / "ann" / "saves")
    assert path.parent == tmp_path / "ann" / "saves" and not path.parent.exists()
    monkeypatch.setenv(saves.DATA_ENV, str(tmp_path / "elsewhere"))
    assert saves.save_dir() == tmp_path / "elsewhere" / "saves"


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
    assert set(entries) == {"st_petersburg-good.json", "st_petersburg-bad.json", "notes.json", "binary.json"}
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
    paths = {
        "old": write_save(older, "st_petersburg-old.json"),
        "new": write_save(newer, "st_petersburg-new.json"),
        "cut": saves.save_dir() / "st_petersburg-cut.json",
        "foreign": saves.save_dir() / "notes.json",
    }
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


# -- the format -----------------------------------------------------------------------------------


def test_saves_are_compact_and_the_old_indented_ones_still_load(data_dir):
    record, state = played_record(moves=12)
    path = write_save(record)
    text = path.read_text(encoding="utf-8")
    assert "\n" not in text and json.loads(text) == record.to_json()
    old = saves.save_dir() / "st_petersburg-old.json"
    old.write_text(json.dumps(record.to_json(), indent=1, ensure_ascii=False), encoding="utf-8")
    loaded, loaded_state = saves.load(old)
    assert loaded.steps == record.steps and loaded_state == state
    assert saves.describe(old).ok


# -- listing in three depths ------------------------------------------------------------------------


def test_listing_opens_no_file(data_dir, monkeypatch):
    record, _ = played_record(moves=6)
    game = write_save(record, "st_petersburg-20240101-120000-7.json")
    other = saves.save_dir() / "notes.json"
    other.write_text("{}")

    def no_reading(path):
        raise AssertionError(f"{path} was opened")

    monkeypatch.setattr(saves, "_read_text", no_reading)
    entries = {e.path.name: e for e in saves.listing()}
    assert not any(e.peeked or e.checked for e in entries.values())
    assert entries[game.name].title == "St. Petersburg" and entries[game.name].ok
    assert entries["notes.json"].title == ""  # the name says nothing; peek will tell


def test_peek_reads_the_header_and_check_replays(data_dir):
    record, _ = played_record(moves=6)
    good = write_save(record, "st_petersburg-good.json")
    data = record.to_json()
    data["actions"][3]["seat"] = 1 - data["actions"][3]["seat"]  # an illegal move
    bad = saves.save_dir() / "st_petersburg-illegal.json"
    bad.write_text(json.dumps(data))
    raw = bad.read_bytes()

    entries = {e.path: e for e in saves.listing()}
    peeked = {path: saves.peek(entry) for path, entry in entries.items()}
    assert all(not e.peeked for e in entries.values())  # peek makes new entries
    assert peeked[good].seats == ["Ann", "Bob"] and peeked[good].moves == 6
    assert peeked[bad].ok and peeked[bad].moves == 6  # its header is fine
    checked = {path: saves.check(entry) for path, entry in peeked.items()}
    assert checked[good].ok and "round 1" in checked[good].summary and not checked[good].over
    assert not checked[bad].ok and "move 4" in checked[bad].error
    assert saves.sort_entries(checked.values())[-1].path == bad
    assert bad.read_bytes() == raw


def test_a_replayed_save_is_not_replayed_again_until_it_changes(data_dir, monkeypatch):
    record, _ = played_record(moves=6)
    path = write_save(record)
    saves.check(saves.listing()[0])
    replays = []
    real_load = saves.load
    monkeypatch.setattr(saves, "load", lambda p: (replays.append(p), real_load(p))[1])
    again = saves.listing()[0]
    assert again.checked and "round 1" in again.summary and replays == []
    os.utime(path, (2_000_000, 2_000_000))  # written since
    changed = saves.listing()[0]
    assert not changed.checked
    assert saves.check(changed).checked and replays == [path]


def test_only_a_finished_game_is_deleted(data_dir):
    done, state = played_record(seed=3)
    assert state.is_over()
    finished = write_save(done, "st_petersburg-done.json")
    going_on = write_save(played_record(moves=8)[0], "st_petersburg-going.json")
    damaged = saves.save_dir() / "st_petersburg-cut.json"
    damaged.write_text("{")
    with pytest.raises(saves.NotFinished, match="not finished"):
        saves.delete_finished(going_on)
    with pytest.raises(RecordError):
        saves.delete_finished(damaged)
    saves.delete_finished(finished)
    assert sorted(p.name for p in saves.save_dir().iterdir()) == [
        "st_petersburg-cut.json",
        "st_petersburg-going.json",
    ]


# -- the launcher's list ------------------------------------------------------------------------------


async def settle_saves(pilot, screen):
    """Wait until the launcher's worker has read and replayed every listed save."""
    for _ in range(500):
        if not screen.saves_pending():
            break
        await pilot.pause(0.01)
    await pilot.pause()
    assert not screen.saves_pending()


async def test_a_long_list_shows_at_once_and_fills_in_from_a_worker(data_dir):
    from boardgames_tui.ui.app import BoardgamesApp
    from boardgames_tui.ui.screens.launcher import READ_AT_ONCE, SHOW_AT_ONCE

    record, _ = played_record(moves=10)
    text = record.dumps()
    folder = saves.save_dir()
    count = max(READ_AT_ONCE, SHOW_AT_ONCE) + 5
    for i in range(count):
        path = folder / f"st_petersburg-2024{i:04d}-7.json"
        saves.write_atomic(path, text)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
    data = record.to_json()
    data["actions"][3]["seat"] = 1 - data["actions"][3]["seat"]
    illegal = folder / "st_petersburg-illegal.json"
    illegal.write_text(json.dumps(data))
    os.utime(illegal, (2_000_000, 2_000_000))  # the newest: first until replaying shows it is bad
    before = {p: p.read_bytes() for p in folder.iterdir()}

    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert len(screen.saves) == count + 1
        await settle_saves(pilot, screen)
        listed = screen.query_one("#saves")
        assert listed.option_count == count + 1
        assert all(entry.checked for entry in screen.saves)
        assert [entry.ok for entry in screen.saves] == [True] * count + [False]
        assert screen.saves[-1].path == illegal
        prompts = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert "round 1" in prompts[0] and "Ann, Bob" in prompts[0] and "…" not in prompts[0]
        assert prompts[-1].startswith("⚠ damaged")
        # the highlight stayed on the damaged file, now last: the list shows it (issue 34)
        await pilot.pause()
        assert listed.highlighted == count and "⚠ damaged" in app.screen_text()
    assert {p: p.read_bytes() for p in folder.iterdir()} == before


async def test_back_from_a_save_the_list_of_200_opens_on_it_in_view(data_dir):
    from boardgames_tui.ui.app import BoardgamesApp

    record, _ = played_record(moves=10)
    text = record.dumps()
    folder = saves.save_dir()
    paths = []
    for i in range(200):
        path = folder / f"st_petersburg-2024{i:04d}-7.json"
        saves.write_atomic(path, text)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
        paths.append(path)
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle_saves(pilot, screen)
        oldest = paths[0]  # the last in the list, newest first
        app.resume_game(oldest)  # opened, looked at, and left without a move
        await pilot.pause()
        assert app.table is not None
        app.show_launcher()
        await pilot.pause()
        screen = app.screen
        await settle_saves(pilot, screen)
        listed = screen.query_one("#saves")
        assert screen.saves[listed.highlighted].path == oldest
        await pilot.press("tab")  # into the list, as a player would go to it
        await pilot.pause()
        first = listed._index_to_line[listed.highlighted]  # the option's first line in the list
        top, rows = round(listed.scroll_y), listed.scrollable_content_region.height
        assert listed.highlighted == 199 and top <= first < top + rows, (first, top, rows)
