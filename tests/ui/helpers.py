"""Shared helpers for the UI tests: a bot-played record, a keystroke policy."""

from __future__ import annotations

from boardgames_tui import saves
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.ui.screens.dialogs import ChoiceScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen

NAMES = ["Ann", "Bob"]


def played_record(seed: int = 7, moves: int | None = None, names=NAMES):
    """A St. Petersburg record played by random bots: `moves` actions, or to the end."""
    record, state = GameRecord.start("st_petersburg", names, seed)
    rngs = [bot_rng(seed, i) for i in range(len(names))]
    bot = RandomBot()
    while not state.is_over() and (moves is None or len(record.steps) < moves):
        seat = state.to_move()[0]
        action = bot.choose(state.view(seat), state.legal_actions(seat), rngs[seat])
        record.play(state, seat, action)
    return record, state


def random_positions(game_id: str, names, seed: int, options=None):
    """Each state of a game played to the end by random bots, from the start (the same state
    object, moved on between yields: read it before the next)."""
    record, state = GameRecord.start(game_id, list(names), seed, options=options or {})
    rngs = [bot_rng(seed, i) for i in range(len(names))]
    bot = RandomBot()
    yield state
    while not state.is_over():
        seat = state.to_move()[0]
        record.play(state, seat, bot.choose(state.view(seat), state.legal_actions(seat), rngs[seat]))
        yield state


def write_save(record, name: str = "st_petersburg-test.json"):
    path = saves.save_dir() / name
    saves.save(path, record)
    return path


async def play_one_step(pilot) -> str:
    """One keystroke of a simple policy: Enter through hand-offs and recaps, on the board Enter
    buys the card under the cursor and Space passes when that was refused, 1 in a choice."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, (HandoffScreen, RecapScreen)):
        await pilot.press("enter")
        return "enter"
    if isinstance(screen, ChoiceScreen):
        await pilot.press("1")
        return "1"
    if isinstance(screen, GameScreen):
        before = len(app.table.record.steps)
        if screen.view.step == "actions":
            await pilot.press("enter")
            if len(app.table.record.steps) > before or app.screen is not screen:
                return "enter"
            await pilot.press("space")
            return "space"
        key = first_line_key(screen)
        await pilot.press(key)
        return key
    return ""


# The character a key sends, for the keys the tests type (None: a key with no character).
KEY_CHARS = {
    "enter": "\r",
    "space": " ",
    "escape": "\x1b",
    "tab": "\t",
    "backspace": "\x7f",
    "question_mark": "?",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
}


async def press(pilot, *keys: str) -> None:
    """Keys the way Pilot.press sends them (through the driver), without its two waits for the
    process to go idle (40 ms and more a key: a whole game is hundreds of keys). We wait instead
    until the screen and its widgets have handled what is queued, a few times over, as a key may
    open a new screen with messages of its own."""
    from textual import events

    app = pilot.app
    for key in keys:
        event = events.Key(key, KEY_CHARS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app._driver.send_message(event)
        for _ in range(3):
            await pilot._wait_for_screen()


async def send_batch(pilot, *keys: str) -> None:
    """Send `keys` the way a terminal delivers a paste or one SSH packet: all of them posted before
    the app handles the first (Pilot.press waits for the app between keys)."""
    from textual import events

    app = pilot.app
    for key in keys:
        char = KEY_CHARS.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))
    await pilot.pause()
    await pilot.pause()


async def screen_up(pilot, kind, tries: int = 10):
    """Wait (a few frames at most) for a screen of `kind` to be on top; it, or what is there."""
    for _ in range(tries):
        await pilot.pause()
        if isinstance(pilot.app.screen, kind):
            break
    return pilot.app.screen


async def mash(pilot, rng, keys, rounds: int) -> None:
    """Random keys from `keys`, one by one and in batches as SSH and a paste deliver them: after
    each, a screen of the app's own that answers, and the app still running."""
    app = pilot.app
    for _ in range(rounds):
        if rng.random() < 0.5:
            await press(pilot, rng.choice(keys))
        else:
            await send_batch(pilot, *[rng.choice(keys) for _ in range(rng.randint(2, 6))])
        assert answers_keys(app), [type(s).__name__ for s in app.screen_stack]
        assert app.return_code is None


def answers_keys(app) -> bool:
    """The app shows one of its own screens (not Textual's empty default one under them all)."""
    from boardgames_tui.ui.screens.base import BaseModal, BaseScreen

    return len(app.screen_stack) >= 2 and isinstance(app.screen, (BaseScreen, BaseModal))


def saved_by_bot(game_id: str, stop, names, seed: int, name: str, options=None, private: bool = False):
    """A game played by the game's smart bot in every seat until `stop(view)` holds, saved: the app
    resumes it there (with a hand-off to the human to move). `stop` gets the public view, or with
    `private` the view of the seat to move (to stop at a hand worth testing)."""
    from boardgames_tui.rules import registry
    from boardgames_tui.rules.bots import bot_move

    record, state = GameRecord.start(game_id, list(names), seed, options=options or {})
    bot = make_bot(registry.get(game_id), "smart")
    while not state.is_over() and not stop(state.view(state.to_move()[0] if private else None)):
        seat = state.to_move()[0]
        record.play(state, seat, bot_move(state, seat, bot, bot_rng(seed, seat, len(record.steps))))
    return write_save(record, name)


def saved_san_marco(stop, names=("Ann", "Bob", "Cleo"), seed: int = 3, name: str = "san_marco-test.json"):
    return saved_by_bot("san_marco", stop, names, seed, name)


def saved_rialto(
    stop,
    names=("Ann", "Bob", "Cleo"),
    seed: int = 3,
    name: str = "rialto-test.json",
    options=None,
    private: bool = False,
):
    return saved_by_bot("rialto", stop, names, seed, name, options, private)


def first_line_key(game) -> str:
    """The digit of the first line of the action list (a line may carry the number the board
    prints for it: after Rialto's row 1 is taken, the first line is 2)."""
    from boardgames_tui.ui.widgets.actions import digits

    shown = digits(game.groups)
    return str(shown[0]) if shown and shown[0] is not None else "1"


def frame_key(app, board_key) -> str | None:
    """The key for the first legal move: Enter through hand-offs and recaps, 1 in a choice, and on
    the game screen when it is the viewer's turn `board_key(game)`; None while the app is busy."""
    from boardgames_tui.ui.screens.dialogs import ChoiceScreen
    from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen

    screen = app.screen
    if isinstance(screen, (HandoffScreen, RecapScreen)):
        return "enter"
    if isinstance(screen, ChoiceScreen):
        return "1"
    game = app.game_screen
    if screen is not game or not game.my_turn:
        return None
    return board_key(game)


async def keys_until(app, pilot, until, next_key, check=None, press=None) -> int:
    """Press `next_key(app)`'s keys until `until(app)` holds, calling `check(app)` before each (a
    None key: the app is busy, wait). `press(pilot, key)` sends a key (Pilot.press by default).
    Returns the keys pressed."""
    keys = idle = 0
    while not until(app):
        if check is not None:
            check(app)
        key = next_key(app)
        if key is None:
            idle += 1
            assert idle < 200, f"no key for {type(app.screen).__name__}:\n{app.screen_text()}"
            await pilot.pause()
            continue
        idle = 0
        if press is None:
            await pilot.press(key)
        else:
            await press(pilot, key)
        keys += 1
    return keys


async def to_the_board(app, pilot) -> None:
    """Enter through the hand-off and the recap of what happened, if there is one."""
    from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen

    for _ in range(3):
        await pilot.pause()
        if not isinstance(app.screen, (HandoffScreen, RecapScreen)):
            return
        await pilot.press("enter")


def repaints_of(board) -> list:
    """Every refresh the board asks for from now on, as (regions, keywords): a test of what a key
    repaints reads it."""
    painted: list = []
    original = board.refresh

    def refresh(*regions, **kwargs):
        painted.append((regions, kwargs))
        return original(*regions, **kwargs)

    board.refresh = refresh
    return painted
