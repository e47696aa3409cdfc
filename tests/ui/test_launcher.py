"""The launcher: switching games, Enter through the set-up, starting the chosen game with its options,
and the set-up it remembers from one run to the next."""

import json

import pytest
from textual import events

from boardgames_tui.ui.app import BoardgamesApp


async def test_switching_games_and_starting_the_chosen_one(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games")
        # Both games have an open_money option: switching must rebuild the options cleanly.
        for key in ["down", "down", "down", "down", "down"]:
            await pilot.press(key)
        await pilot.pause()
        assert app.screen.query_one("#setup").border_title == "Santiago"
        prompts = [str(games.get_option_at_index(i).prompt) for i in range(2)]
        assert prompts[1].startswith("▸Santiago") and not prompts[0].startswith("▸")
        await pilot.press("f5")
        await pilot.pause()
        assert app.table.game.id == "santiago"
        assert app.table.options == {"palms": "off", "open_money": "off", "spring": "choose",
                                     "palm_placement": "choose"}


async def press_until(pilot, key, widget_id, limit=30):
    """Press `key` until a widget whose id ends with `widget_id` has the focus (option ids carry a
    generation number in front)."""
    for _ in range(limit):
        focused = pilot.app.focused
        if focused is not None and focused.id is not None and focused.id.endswith(widget_id):
            return focused
        await pilot.press(key)
    raise AssertionError(f"{key} never reached #{widget_id}; focus on {pilot.app.focused}")


async def type_name(pilot, text):
    await pilot.press("home", "ctrl+k", *text)


def keybar(app):
    return str(app.screen.query_one("#launcher-keys").render())


async def test_enter_walks_from_the_games_list_through_the_setup_to_play(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused.id == "games" and "Enter set it up" in keybar(app)
        await pilot.press("down", "enter")
        assert app.screen.query_one("#setup").border_title == "Santiago"
        assert app.focused.id == "players-count" and "←→ change" in keybar(app)
        # Enter goes on field by field, the seed included, and starts nothing before ▶ Play.
        visited = []
        while app.focused.id != "play":
            visited.append(app.focused.id)
            await pilot.press("enter")
            assert app.table is None, f"Enter on #{visited[-1]} started the game"
            assert len(visited) < 30
        assert visited[:3] == ["players-count", "name-0", "kind-0"] and visited[-1] == "seed"
        assert "Enter play" in keybar(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.table is not None and app.table.game.id == "santiago"
        assert [seat.name for seat in app.table.seats] == ["Ann", "Bob", "Cleo"]


async def test_the_last_setup_of_each_game_comes_back_in_a_new_app(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter", "right")  # Santiago, 4 players
        await pilot.press("enter")
        await type_name(pilot, "Zoe")
        await pilot.press("enter", "right", "right")  # Zoe: a bot moving at random
        await press_until(pilot, "tab", "-palms")
        await pilot.press("right")
        await press_until(pilot, "tab", "seed")
        await type_name(pilot, "777")
        await pilot.press("f5")
        await pilot.pause()
        assert app.table.record.seed == 777
        assert [(s.name, s.bot) for s in app.table.seats] == [
            ("Zoe", "random"), ("Bob", None), ("Cleo", None), ("Dan", None)]
        assert app.table.options["palms"] == "on"

    again = BoardgamesApp(seed=2, bot_delay=0)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = again.screen
        # The launcher opens on the game played last: Santiago, as it was set up.
        assert screen.game.id == "santiago"
        assert screen.query_one("#players-count").value == "4"
        assert [screen.query_one(f"#name-{i}").value for i in range(4)] == ["Zoe", "Bob", "Cleo", "Dan"]
        assert [screen.query_one(f"#kind-{i}").value for i in range(4)] == [
            "random", "human", "human", "human"]
        assert screen.query_one(f"#{screen.option_id('palms')}").value == "on"
        assert screen.query_one("#seed").value == "2"  # a fresh seed every time
        text = again.screen_text()
        assert "Zoe" in text and "◂ on: 3 palms" in text
        # St. Petersburg was not played: its options are the defaults.
        await pilot.press("up")
        await pilot.pause()
        assert screen.game.id == "st_petersburg"
        for spec in screen.game.options:
            assert screen.query_one(f"#{screen.option_id(spec.key)}").value == spec.default


async def test_moving_between_games_keeps_what_was_set_but_not_played(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right", "enter")  # St. Petersburg, 3 players
        await type_name(pilot, "Ida")
        await pilot.press("shift+tab", "shift+tab", "shift+tab")
        assert app.focused.id == "games"
        await pilot.press("down", "up")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#players-count").value == "3"
        assert screen.query_one("#name-0").value == "Ida"
    assert not (data_dir / "launcher.json").exists()  # only Play writes it


BAD_PREFS = {
    "not JSON": b'{"format": "boardgames-tui/launcher", "vers',
    "not text": b"\xff\xfe\x00\x01",
    "a list": b"[1, 2, 3]",
    "someone else's": json.dumps({"format": "other-app", "games": {}}).encode(),
    "a newer version": json.dumps({"format": "boardgames-tui/launcher", "version": 99,
                                   "games": {"st_petersburg": {"players": 3}}}).encode(),
    "wrong shapes": json.dumps({"format": "boardgames-tui/launcher", "version": 1,
                                "games": {"st_petersburg": {"players": "3", "seats": "Ann",
                                                            "options": ["on"]},
                                          "santiago": 5}}).encode(),
}


@pytest.mark.parametrize("raw", BAD_PREFS.values(), ids=BAD_PREFS.keys())
async def test_a_damaged_or_foreign_prefs_file_is_ignored_then_replaced_on_play(data_dir, raw):
    path = data_dir / "launcher.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "up")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#players-count").value == "2"
        assert screen.query_one("#name-0").value == "Ann"
        assert path.read_bytes() == raw
        await pilot.press("f5")
        await pilot.pause()
        assert app.table is not None
    assert json.loads(path.read_text())["games"]["st_petersburg"]["players"] == 2


async def test_remembered_values_no_longer_valid_fall_back_to_defaults(data_dir):
    path = data_dir / "launcher.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": "boardgames-tui/launcher", "version": 1, "games": {
        "st_petersburg": {
            "players": 9,
            "seats": [{"name": "Ada", "kind": "alien"}, {"name": 42, "kind": "smart"},
                      {"name": "Cy\x1b[2J", "kind": "random"}],
            "options": {"taxman_phase": "never", "open_money": "on", "dragons": "on"}}}}))
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#players-count").value == "2"
        assert [screen.query_one(f"#name-{i}").value for i in range(3)] == ["Ada", "Bob", "Cleo"]
        assert [screen.query_one(f"#kind-{i}").value for i in range(3)] == ["human", "smart", "random"]
        option = lambda key: screen.query_one(f"#{screen.option_id(key)}").value  # noqa: E731
        assert option("taxman_phase") == "aristocrat" and option("open_money") == "on"
        await pilot.press("f5")
        await pilot.pause()
        assert app.table.options["taxman_phase"] == "aristocrat"
        assert app.table.options["open_money"] == "on"


async def send_together(pilot, *keys):
    """Post every key before the app handles the first, as a fast typist's keys arrive over SSH
    (Pilot.press lets the app settle between keys)."""
    chars = {"enter": "\r", "tab": "\t", "space": " "}
    for key in keys:
        pilot.app.post_message(events.Key(key, chars.get(key, key if len(key) == 1 else None)))
    for _ in range(3):
        await pilot.pause()


async def test_keys_sent_together_with_enter_go_on_into_the_setup(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await send_together(pilot, "down", "enter", "right", "enter", "enter", "right", "enter")
        screen = app.screen
        assert screen.query_one("#setup").border_title == "Santiago"
        assert screen.query_one("#players-count").value == "4"
        assert screen.query_one("#kind-0").value == "smart"
        assert app.focused.id == "name-1"


async def test_f5_right_after_moving_starts_the_game_moved_to(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await send_together(pilot, "down", "f5")
        assert app.table is not None and app.table.game.id == "santiago"
