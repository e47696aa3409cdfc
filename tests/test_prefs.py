"""prefs.py: the launcher's remembered set-ups, read without trusting the file, written atomically."""

import json
import subprocess
import sys

import pytest

from boardgames_tui import prefs, saves
from boardgames_tui.rules import registry

KINDS = ("human", "easy", "normal", "hard", "random")
THINKS = ("0.5", "1", "2", "5")


@pytest.fixture
def path():
    return prefs.prefs_path()


def test_the_file_lives_in_the_data_dir_beside_the_saves(path):
    assert path.parent == saves.data_dir() and path.parent != saves.save_dir()


def test_each_data_directory_has_its_own_file(path, tmp_path):
    ann, bob = prefs.prefs_path(tmp_path / "ann"), prefs.prefs_path(tmp_path / "bob")
    assert ann == tmp_path / "ann" / prefs.FILE_NAME and ann.parent == saves.save_dir(tmp_path / "ann").parent
    prefs.remember("santiago", 3, [("Ann", "human"), ("Bo", "smart"), ("Cy", "human")], {}, path=ann)
    assert prefs.last_game(ann) == "santiago" and prefs.last_game(bob) is None
    assert prefs.load(bob) == {} and not path.exists()


def test_remember_keeps_the_other_games_and_round_trips(path):
    prefs.remember("santiago", 3, [("Ann", "human"), ("Bob", "smart"), ("Cy", "random")], {"palms": "on"})
    games = prefs.remember("st_petersburg", 2, [("Ida", "human"), ("Jo", "human")], {})
    assert set(games) == {"santiago", "st_petersburg"} and prefs.load() == games
    setup = prefs.setup(registry.get("santiago"), games["santiago"], KINDS, 12)
    # "smart", the one bot there was before the levels, is remembered as the normal level
    assert setup == prefs.Setup(3, ["Ann", "Bob", "Cy"], ["human", "normal", "random"], {"palms": "on"})
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left


def test_the_game_played_last_is_remembered(path):
    assert prefs.last_game() is None
    prefs.remember("santiago", 3, [("Ann", "human"), ("Bob", "smart"), ("Cy", "random")], {})
    assert prefs.last_game() == "santiago"
    prefs.remember("st_petersburg", 2, [("Ida", "human"), ("Jo", "human")], {})
    assert prefs.last_game() == "st_petersburg"
    path.write_bytes(b"{")
    assert prefs.last_game() is None


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"{",
        b"\xff\xfe",
        b"null",
        b"[]",
        b'{"format": "boardgames-tui/launcher"}',
        b'{"format": "boardgames-tui/launcher", "version": 1, "games": []}',
        b'{"format": "boardgames-tui/launcher", "version": 2, "games": {}}',
    ],
)
def test_a_file_that_is_not_ours_reads_as_nothing_and_is_left_alone(path, raw):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    assert prefs.load() == {}
    assert path.read_bytes() == raw


def test_remember_replaces_a_damaged_file_with_a_good_one(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00garbage")
    prefs.remember("st_petersburg", 2, [("Ann", "human"), ("Bob", "human")], {})
    assert json.loads(path.read_text())["format"] == prefs.FORMAT
    assert list(prefs.load()) == ["st_petersburg"]


def test_a_huge_file_is_not_read(path, monkeypatch):
    monkeypatch.setattr(prefs, "MAX_BYTES", 100)
    prefs.remember("st_petersburg", 2, [("A" * 200, "human"), ("Bob", "human")], {})
    assert prefs.load() == {}


def test_a_missing_or_unreadable_file_reads_as_nothing(path):
    assert prefs.load() == {}
    path.mkdir(parents=True)  # a folder where the file should be
    assert prefs.load() == {}
    with pytest.raises(OSError):
        prefs.remember("st_petersburg", 2, [], {})


def test_values_the_game_no_longer_takes_are_dropped():
    game = registry.get("st_petersburg")
    raw = {
        "players": 5,
        "seats": [
            {"name": "  Ann   Lee ", "kind": "robot"},
            "Bob",
            {"name": "x\ty\x07"},
            {"name": "A very long name indeed", "kind": "smart"},
            {},
            {},
        ],
        "options": {"taxman_phase": "worker", "tiebreak": "coin toss", "open_money": True, "dragons": "on"},
    }
    setup = prefs.setup(game, raw, KINDS, 12)
    assert setup.players is None
    assert setup.names == ["Ann Lee", None, None, "A very long"]
    assert setup.kinds == [None, None, None, "normal"]
    assert setup.options == {"taxman_phase": "worker"}
    assert setup.think is None


def test_a_remembered_name_is_one_the_launcher_takes():
    assert prefs.clean_name("[u]Zq", 12) == "[u]Zq"  # drawn as written: a name like any other
    assert prefs.clean_name("Ann\x1b[2J", 12) is None
    assert prefs.clean_name("  ", 12) is None


def test_a_hard_bots_thinking_time_is_remembered_when_offered(path):
    game = registry.get("macao")
    games = prefs.remember("macao", 2, [("Ann", "human"), ("Hal", "hard")], {}, think="2")
    assert prefs.setup(game, games["macao"], KINDS, 12, THINKS).think == "2"
    assert prefs.setup(game, {**games["macao"], "think": "9"}, KINDS, 12, THINKS).think is None
    assert prefs.setup(game, {**games["macao"], "think": 2}, KINDS, 12, THINKS).think is None


@pytest.mark.parametrize("players", [True, 2.0, "2", 1, None])
def test_only_a_whole_number_in_range_is_a_player_count(players):
    setup = prefs.setup(registry.get("st_petersburg"), {"players": players}, KINDS, 12)
    assert setup.players is None


@pytest.mark.parametrize("raw", [None, [], "santiago", 3])
def test_an_entry_that_is_not_a_mapping_is_no_setup(raw):
    assert prefs.setup(registry.get("santiago"), raw, KINDS, 12) is None


def test_prefs_does_not_import_textual():
    # The command line and the SSH server may read the set-ups without loading the UI.
    code = (
        "import sys, boardgames_tui.prefs; "
        "print(sorted(m for m in sys.modules if m.startswith(('textual', 'rich'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stderr
