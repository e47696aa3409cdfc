"""The launcher: switching games, Enter through the set-up, starting the chosen game with its options,
and the set-up it remembers from one run to the next."""

import json
import os
from contextlib import asynccontextmanager

import pytest
from textual import events

from boardgames_tui import prefs, saves
from boardgames_tui.rules import registry
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.confirm import ConfirmScreen
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.launcher import LauncherScreen
from boardgames_tui.ui.screens.review import ReviewScreen

from .helpers import played_record, screen_up, write_save
from .test_saves import settle_saves


async def test_switching_games_and_starting_the_chosen_one(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games")
        # Both games have an open_money option: switching must rebuild the options cleanly (to
        # the last game and back to Santiago, the second).
        for key in ["down"] * (len(registry.ids()) - 1) + ["up"] * (len(registry.ids()) - 2):
            await pilot.press(key)
        await pilot.pause()
        assert app.screen.query_one("#setup").border_title == "Santiago"
        prompts = [str(games.get_option_at_index(i).prompt) for i in range(2)]
        assert prompts[1].startswith("▸Santiago") and not prompts[0].startswith("▸")
        await pilot.press("f5")
        await pilot.pause()
        assert app.table.game.id == "santiago"
        assert app.table.options == {
            "palms": "off",
            "open_money": "off",
            "spring": "choose",
            "palm_placement": "choose",
        }


def at(app):
    """Where keys go now: the set-up's field under its cursor (`players`, `name-0`, `kind-0`,
    `option-palms`, `seed`, `play`) when the set-up has the focus, else the focused widget's id."""
    focused = app.focused
    if focused is not None and focused is getattr(app.screen, "form", None):
        return focused.at
    return focused.id if focused is not None else None


def field(app, key):
    return app.screen.form.field(key)


async def press_until(pilot, key, place, limit=30):
    """Press `key` until the keys go to `place` (see `at`)."""
    for _ in range(limit):
        if at(pilot.app) == place:
            return
        await pilot.press(key)
    raise AssertionError(f"{key} never reached {place}; keys go to {at(pilot.app)}")


async def type_name(pilot, text):
    await pilot.press("home", "ctrl+k", *text)


def keybar(app):
    return str(app.screen.query_one("#launcher-keys").render())


async def test_enter_walks_from_the_games_list_through_the_setup_to_play(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert at(app) == "games" and "Enter set it up" in keybar(app)
        await pilot.press("down", "enter")
        assert app.screen.query_one("#setup").border_title == "Santiago"
        assert at(app) == "players" and "←→ change" in keybar(app)
        # Enter goes on field by field, the seed included, and starts nothing before ▶ Play.
        visited = []
        while at(app) != "play":
            visited.append(at(app))
            await pilot.press("enter")
            await pilot.pause()
            assert app.table is None, f"Enter on {visited[-1]} started the game"
            assert ("type here" in keybar(app)) == (at(app).startswith("name-") or at(app) == "seed")
            assert len(visited) < 30
        assert visited == [
            "players",
            *[f"{kind}-{seat}" for seat in range(3) for kind in ("name", "kind")],
            # palm placement only with the palm variant on (it is off by default)
            *[f"option-{spec.key}" for spec in app.screen.game.options if spec.key != "palm_placement"],
            "seed",
        ]
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
        await pilot.press("enter", "left")  # Zoe: a bot moving at random (the last kind, round)
        await press_until(pilot, "tab", "option-palms")
        assert "Palm placement" not in app.screen_text()
        await pilot.press("right")
        await pilot.pause()
        assert "Palm placement" in app.screen_text()
        await press_until(pilot, "tab", "seed")
        await type_name(pilot, "777")
        await pilot.press("f5")
        await pilot.pause()
        assert app.table.record.seed == 777
        assert [(s.name, s.bot) for s in app.table.seats] == [
            ("Zoe", "random"),
            ("Bob", None),
            ("Cleo", None),
            ("Dan", None),
        ]
        assert app.table.options["palms"] == "on"

    again = BoardgamesApp(seed=2, bot_delay=0)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = again.screen
        # The launcher opens on the game played last: Santiago, as it was set up.
        assert screen.game.id == "santiago"
        assert field(again, "players").value == "4"
        assert [field(again, f"name-{i}").value for i in range(4)] == ["Zoe", "Bob", "Cleo", "Dan"]
        assert [field(again, f"kind-{i}").value for i in range(4)] == [
            "random",
            "human",
            "human",
            "human",
        ]
        assert screen.option("palms").value == "on"
        assert field(again, "seed").value == "2"  # a fresh seed every time
        text = again.screen_text()
        assert "Zoe" in text and "◂ on: 3 palms" in text
        # St. Petersburg was not played: its options are the defaults.
        await pilot.press("up")
        await pilot.pause()
        assert screen.game.id == "st_petersburg"
        for spec in screen.game.options:
            assert screen.option(spec.key).value == spec.default


async def test_moving_between_games_keeps_what_was_set_but_not_played(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right", "enter")  # St. Petersburg, 3 players
        await type_name(pilot, "Ida")
        await pilot.press("shift+tab", "shift+tab")  # to the player count, and out of the set-up
        assert at(app) == "games"
        await pilot.press("down", "up")
        await pilot.pause()
        assert field(app, "players").value == "3"
        assert field(app, "name-0").value == "Ida"
    assert not (data_dir / "launcher.json").exists()  # only Play writes it


async def test_a_hard_bots_thinking_time_is_asked_only_for_a_hard_bot_and_kept(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_until(pilot, "enter", "kind-1")  # St. Petersburg, 2 players
        assert at(app) == "kind-1"
        assert "Hard bots" not in app.screen_text()
        await pilot.press("right", "right")  # the normal level
        await pilot.pause()
        assert "Hard bots" not in app.screen_text()
        await pilot.press("right")  # hard
        await pilot.pause()
        assert "Hard bots" in app.screen_text() and "1 s a move" in app.screen_text()
        await pilot.press("tab", "right")
        assert field(app, "think").value == "2"
        await pilot.press("f5")
        await pilot.pause()
        assert [(s.name, s.bot, s.think) for s in app.table.seats] == [
            ("Ann", None, None),
            ("Bob", "hard", 2.0),
        ]
        assert app.table.bots[1].think == 2.0
    again = BoardgamesApp(seed=1, bot_delay=0)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert field(again, "kind-1").value == "hard" and field(again, "think").value == "2"


async def test_seats_beyond_those_shown_at_first_keep_what_was_typed_in_them(data_dir):
    # The launcher makes a seat's row when a player count first needs it.
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right", "right")  # St. Petersburg, 4 players
        await press_until(pilot, "enter", "name-3")
        await type_name(pilot, "Ivy")
        await pilot.press("enter", "right", "right")  # a bot, the normal level
        await press_until(pilot, "shift+tab", "players")
        await pilot.press("left", "left")
        await pilot.pause()
        assert "Ivy" not in app.screen_text()
        await pilot.press("right", "right")
        await pilot.pause()
        assert "Ivy" in app.screen_text()
        await pilot.press("f5")
        await pilot.pause()
        assert [(s.name, s.bot) for s in app.table.seats] == [
            ("Ann", None),
            ("Bob", None),
            ("Cleo", None),
            ("Ivy", "normal"),
        ]


async def test_a_remembered_setup_with_more_seats_than_shown_fills_them_in(data_dir):
    prefs.remember(
        "santiago",
        5,
        [("Ada", "human"), ("Bo", "smart"), ("Cy", "human"), ("Di", "random"), ("Ed", "smart")],
        {},
    )
    prefs.remember("st_petersburg", 2, [("Zoe", "human"), ("Yann", "human")], {})
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.game.id == "st_petersburg"
        await pilot.press("down")  # Santiago: three more seats than St. Petersburg showed
        await send_together(pilot, "f5")
        assert app.table.game.id == "santiago"
        # "smart", remembered before there were levels, is the normal level
        assert [(s.name, s.bot) for s in app.table.seats] == [
            ("Ada", None),
            ("Bo", "normal"),
            ("Cy", None),
            ("Di", "random"),
            ("Ed", "normal"),
        ]


BAD_PREFS = {
    "not JSON": b'{"format": "boardgames-tui/launcher", "vers',
    "not text": b"\xff\xfe\x00\x01",
    "a list": b"[1, 2, 3]",
    "someone else's": json.dumps({"format": "other-app", "games": {}}).encode(),
    "a newer version": json.dumps(
        {"format": "boardgames-tui/launcher", "version": 99, "games": {"st_petersburg": {"players": 3}}}
    ).encode(),
    "wrong shapes": json.dumps(
        {
            "format": "boardgames-tui/launcher",
            "version": 1,
            "games": {"st_petersburg": {"players": "3", "seats": "Ann", "options": ["on"]}, "santiago": 5},
        }
    ).encode(),
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
        assert field(app, "players").value == "2"
        assert field(app, "name-0").value == "Ann"
        assert path.read_bytes() == raw
        await pilot.press("f5")
        await pilot.pause()
        assert app.table is not None
    assert json.loads(path.read_text())["games"]["st_petersburg"]["players"] == 2


async def test_remembered_values_no_longer_valid_fall_back_to_defaults(data_dir):
    path = data_dir / "launcher.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "format": "boardgames-tui/launcher",
                "version": 1,
                "games": {
                    "st_petersburg": {
                        "players": 9,
                        "seats": [
                            {"name": "Ada", "kind": "alien"},
                            {"name": 42, "kind": "smart"},
                            {"name": "Cy\x1b[2J", "kind": "random"},
                        ],
                        "options": {"taxman_phase": "never", "open_money": "on", "dragons": "on"},
                    }
                },
            }
        )
    )
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert field(app, "players").value == "2"
        assert [field(app, f"name-{i}").value for i in range(3)] == ["Ada", "Bob", "Cleo"]
        assert [field(app, f"kind-{i}").value for i in range(3)] == ["human", "normal", "random"]
        assert screen.option("taxman_phase").value == "aristocrat"
        assert screen.option("open_money").value == "on"
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
        assert app.screen.query_one("#setup").border_title == "Santiago"
        assert field(app, "players").value == "4"
        assert field(app, "kind-0").value == "easy"
        assert at(app) == "name-1"


async def test_f5_right_after_moving_starts_the_game_moved_to(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await send_together(pilot, "down", "f5")
        assert app.table is not None and app.table.game.id == "santiago"


# -- the data directory ---------------------------------------------------------------------------


async def test_the_launcher_keeps_to_the_data_directory_it_is_given(data_dir, tmp_path):
    mine = tmp_path / "users" / "ann"
    prefs.remember(
        "santiago",
        4,
        [("Zoe", "human"), ("Bob", "smart"), ("Cy", "human"), ("Dan", "human")],
        {},
        path=prefs.prefs_path(mine),
    )
    own = saves.save_dir(mine) / "santiago-mine.json"
    saves.save(own, played_record(moves=3)[0])
    write_save(played_record(moves=5)[0], "st_petersburg-someone-else.json")
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(LauncherScreen(seed=1, data_dir=mine))
        await pilot.pause()
        screen = app.screen
        assert screen.data_dir == mine
        assert [entry.path for entry in screen.saves] == [own]
        assert screen.game.id == "santiago" and field(app, "name-0").value == "Zoe"
        await pilot.press("up")  # St. Petersburg, then Play: remembered in Ann's folder
        await pilot.press("f5")
        await pilot.pause()
        assert app.table is not None
    assert prefs.last_game(prefs.prefs_path(mine)) == "st_petersburg"
    assert not prefs.prefs_path(data_dir).exists()


# -- deleting a finished game ---------------------------------------------------------------------


def finished_and_going():
    done, state = played_record(seed=3)
    assert state.is_over()
    finished = write_save(done, "st_petersburg-done.json")
    going = write_save(played_record(moves=8)[0], "st_petersburg-going.json")
    os.utime(finished, (2_000_000, 2_000_000))  # the newest: first in the list
    os.utime(going, (1_000_000, 1_000_000))
    return finished, going


@asynccontextmanager
async def on_the_saves():
    """The launcher at 80x24 with a finished save (first) and a game in progress, the list focused."""
    finished, going = finished_and_going()
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await focus_saves(pilot)
        yield app, pilot, screen, finished, going


async def focus_saves(pilot):
    screen = pilot.app.screen
    await settle_saves(pilot, screen)
    await pilot.press("tab")
    assert pilot.app.focused.id == "saves"
    return screen


async def test_a_finished_save_is_deleted_from_the_launcher_after_asking(data_dir):
    async with on_the_saves() as (app, pilot, screen, finished, going):
        assert screen.highlighted_save().path == finished
        assert "✓ finished" in app.screen_text()
        assert "Del/x delete" in keybar(app)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Delete this finished game? y/n" in app.screen_text()
        await pilot.press("n")  # kept
        await pilot.pause()
        assert app.screen is screen and finished.exists()
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen and not finished.exists()
        assert [entry.path for entry in screen.saves] == [going]
        assert "Deleted st_petersburg-done.json" in app.screen_text()
        assert app.focused.id == "saves" and screen.highlighted_save().path == going
        assert "Del/x delete" not in keybar(app)
    assert going.exists()


async def test_a_game_in_progress_is_not_deleted_and_the_launcher_says_why(data_dir):
    async with on_the_saves() as (app, pilot, screen, finished, going):
        await pilot.press("down")
        assert screen.highlighted_save().path == going
        assert "Del/x delete" not in keybar(app)
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen  # nothing asked
        assert "This game is not finished: resume it to play" in app.screen_text()
        await pilot.press("delete")
        await pilot.pause()
        assert app.screen is screen
    assert finished.exists() and going.exists()


async def test_a_y_typed_with_the_x_does_not_answer_the_question(data_dir):
    finished, _ = finished_and_going()
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await focus_saves(pilot)
        await send_together(pilot, "x", "y")
        assert finished.exists()
        assert isinstance(app.screen, ConfirmScreen)  # still asking
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
    assert finished.exists()


async def test_x_in_a_name_field_types_an_x(data_dir):
    finished, _ = finished_and_going()
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.form.focus()
        app.screen.form.move_to("name-0")
        await pilot.press("end", "x", "X", "Q")  # capitals too: typed, not taken as keys
        assert field(app, "name-0").value == "AnnxXQ" and isinstance(app.screen, LauncherScreen)
    assert finished.exists()


async def test_an_option_for_some_player_counts_shows_only_for_them(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.game.id == "st_petersburg"
        await pilot.press("enter")
        assert at(app) == "players"
        count = screen.count
        youngest = screen.option("youngest")
        seen = {}
        for _ in range(3):
            await pilot.pause()
            seen[int(count.value)] = (youngest.shown, "Youngest player" in app.screen_text())
            await pilot.press("right")
        assert seen == {2: (False, False), 3: (True, True), 4: (False, False)}
        youngest.value = "2"  # chosen while 3 played, then the count went back up to 4
        while count.value != "4":
            await pilot.press("right")
        await pilot.press("f5")
        await pilot.pause()
        assert app.table.options["youngest"] == "random"  # the rules' default, not the hidden field


async def test_a_setup_that_cannot_start_says_why_on_the_message_line(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        lines = len(screen.form.text.splitlines())  # no line until there is something to say
        field(app, "name-1").value = "ann"
        await pilot.press("f5")
        await pilot.pause()
        assert app.table is None
        below = screen.form.text.splitlines()[lines:]  # the reason, wrapped below Play
        assert " ".join(below) == "Two players are called ann: please give them different names."
        assert "Two players are called ann" in app.screen_text()
        field(app, "seed").value = ""
        field(app, "name-1").value = "Bob"
        await pilot.press("f5")
        await pilot.pause()
        assert screen.form.text.splitlines()[lines:] == ["The seed must be a whole number."]


async def test_keys_sent_together_after_one_that_leaves_the_setup_act_where_the_focus_went(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "tab")
        assert at(app) == "name-0"
        # to the player count, out to the games list, and from there back in at the last field
        await send_together(pilot, "shift+tab", "shift+tab", "shift+tab")
        assert at(app) == "play" and "Enter play" in keybar(app)
        # out past Play to the games list, where ↓ moves to the next game and x types nothing
        await send_together(pilot, "tab", "down", "x")
        assert at(app) == "games" and app.screen.game.id == "santiago"
        assert field(app, "name-0").value == "Ann"


async def test_r_on_a_finished_save_opens_its_review_and_on_a_game_in_progress_refreshes(data_dir):
    async with on_the_saves() as (app, pilot, screen, finished, going):
        await pilot.press("down", "r")  # a game in progress: the list is read again, nothing opens
        await settle_saves(pilot, screen)
        assert app.screen is screen and screen.highlighted_save().path == going
        assert "r review" not in keybar(app)
        await pilot.press("up")
        assert screen.highlighted_save().path == finished and "r review" in keybar(app)
        await pilot.press("r")
        await screen_up(pilot, ReviewScreen)
        assert isinstance(app.screen, ReviewScreen) and app.table.is_over()
        total = len(app.table.record.steps)
        assert f"Move {total} of {total}" in app.screen_text()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_a_refusal_goes_once_the_setup_is_put_right(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")
        await press_until(pilot, "tab", "seed")
        await pilot.press("end", "backspace", "backspace", "backspace", "backspace", "backspace", "f5")
        await pilot.pause()
        assert app.table is None and "The seed must be a whole number." in app.screen_text()
        await pilot.press("7")  # the seed put right: the refusal goes at once, before Play
        await pilot.pause()
        assert "The seed must be a whole number." not in app.screen_text() and not screen.refused
        await pilot.press("f5")
        await pilot.pause()
        assert app.table is not None and app.table.record.seed == 7


async def test_esc_in_the_setup_goes_back_to_the_games_list(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        assert at(app) == "players" and "Esc games" in keybar(app)
        await pilot.press("tab", "tab", "escape")  # from a name field too
        await pilot.pause()
        assert at(app) == "games" and app.screen.query_one("#setup").border_title == "Santiago"
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.query_one("#setup").border_title == "San Marco"


async def test_the_player_count_goes_round_from_the_most_to_the_fewest(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # Santiago: 3–5 players
        assert at(app) == "players" and field(app, "players").value == "3"
        await pilot.press("right", "right")
        assert field(app, "players").value == "5"
        await pilot.press("right")
        assert field(app, "players").value == "3"
        await pilot.press("left")
        assert field(app, "players").value == "5"


async def test_leaving_a_walkthrough_comes_back_to_its_game(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "l")  # Rialto's walkthrough
        await pilot.pause()
        assert app.lesson is not None and app.table.game.id == "rialto"
        app.show_launcher()
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert app.screen.query_one("#setup").border_title == "Rialto" and at(app) == "games"
