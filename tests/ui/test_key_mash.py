"""Seeded random keys, one at a time and in batches, on every screen the games reach: the app is
always on a screen of its own that answers keys, and nothing raises.

This is the play-test that found the blank screen (a dialog dismissed twice). `q` and ctrl+c are
left out so the app stays up; quitting is tested in test_batch_keys.py.
"""

import random

import pytest

from boardgames_tui import saves
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.ui.app import BoardgamesApp

from .helpers import answers_keys, mash, press, send_batch

# Every test here presses hundreds of random keys through whole games: minutes in all.
pytestmark = pytest.mark.slow

KEYS = (
    ["enter"] * 6
    + ["space"] * 3
    + list("0123456789")
    + ["escape"] * 2
    + ["up", "down", "left", "right"] * 2
    + ["tab", "shift+tab", "backspace"]
    + list("hpoduilgtsnabcfwy")
    + ["question_mark", "plus", "minus"]
)

GAMES = {
    "st_petersburg": dict(seats=[Seat("Ann"), Seat("Bob"), Seat("Cy", "random")], options={}),
    "santiago": dict(seats=[Seat("Ann"), Seat("Bob"), Seat("Cy", "random")], options={"spring": "choose"}),
    "san_marco": dict(seats=[Seat("Ann"), Seat("Bob"), Seat("Cy", "random")], options={}),
    "rialto": dict(seats=[Seat("Ann"), Seat("Bob"), Seat("Cy", "random")], options={}),
    "macao": dict(seats=[Seat("Ann"), Seat("Bob"), Seat("Cy", "random")], options={}),
}


def near_the_end(game_id: str, seed: int, left: int) -> GameRecord:
    """A save of the game played at random up to `left` moves before its end."""
    setup = GAMES[game_id]
    record, state = GameRecord.start(game_id, setup["seats"], seed, options=setup["options"])
    moves = []
    bot = RandomBot()
    while not state.is_over():
        seat = state.to_move()[0]
        action = bot.choose(state.view(seat), state.legal_actions(seat), bot_rng(seed, seat, len(moves)))
        moves.append((seat, action))
        state.apply(seat, action)
    record, state = GameRecord.start(game_id, setup["seats"], seed, options=setup["options"])
    for seat, action in moves[: max(0, len(moves) - left)]:
        record.play(state, seat, action)
    return record


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed,start", [(1, "new"), (2, "new"), (3, "end")])
async def test_random_keys_never_leave_a_dead_screen(game_id, seed, start):
    rng = random.Random(f"{game_id}-{seed}")
    setup = GAMES[game_id]
    if start == "end":  # from a few moves before the end: game over, results, the launcher
        path = saves.save_dir() / f"{game_id}-mash.json"
        saves.save(path, near_the_end(game_id, seed, left=12))
        app = BoardgamesApp(load_path=path, bot_delay=0)
    else:
        app = BoardgamesApp(game_id, setup["seats"], seed=seed, options=setup["options"], bot_delay=0)
    seen = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(150):
            if rng.random() < 0.5:
                await press(pilot, rng.choice(KEYS))
            else:
                await send_batch(pilot, *[rng.choice(KEYS) for _ in range(rng.randint(2, 6))])
            seen.add(type(app.screen).__name__)
            assert answers_keys(app), [type(s).__name__ for s in app.screen_stack]
            assert app.return_code is None
    # The walk went through more than the board.
    assert len(seen) >= 4, seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_random_keys_while_a_hard_bot_thinks(game_id):
    """The same walk with a hard bot at the table (a short thinking time, so that keys land while
    it thinks, and undo or a new game overtake its search): no dead screen, nothing raised."""
    rng = random.Random(f"{game_id}-hard")
    setup = GAMES[game_id]
    seats = [*setup["seats"][:2], Seat("Hal", "hard", 0.05)]
    app = BoardgamesApp(game_id, seats, seed=4, options=setup["options"], bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await mash(pilot, rng, KEYS, 100)
