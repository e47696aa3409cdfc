"""Snapshots (pytest-textual-snapshot) of the launcher, the board at 80×24 and 120×40, the hand-off
and the game-over screen. Fixed seeds and names, an empty save directory, no clock in sight.

Update the baselines with `pytest tests/ui/test_snapshots.py --snapshot-update` and look at them.
"""

import pytest

from boardgames_tui.ui.app import BoardgamesApp

from .helpers import played_record, saved_by_bot, saved_rialto, saved_san_marco, write_save

# Ann takes a card into hand; Bob buys one; back to Ann, through the hand-offs and recaps.
TO_ANNS_SECOND_TURN = ["enter", "h", "enter", "enter", "right", "enter", "enter", "enter"]


def sp_app():
    return BoardgamesApp("st_petersburg", ["Ann", "Bob"], seed=7, bot_delay=0)


def test_launcher(snap_compare):
    assert snap_compare(BoardgamesApp(seed=48213), terminal_size=(80, 24))


def test_handoff(snap_compare):
    assert snap_compare(sp_app(), terminal_size=(80, 24))


def test_board_80x24(snap_compare):
    assert snap_compare(sp_app(), terminal_size=(80, 24), press=TO_ANNS_SECOND_TURN)


def test_board_120x40(snap_compare):
    assert snap_compare(sp_app(), terminal_size=(120, 40), press=TO_ANNS_SECOND_TURN)


def test_game_over(snap_compare):
    record, _ = played_record(seed=11)
    path = write_save(record)
    assert snap_compare(BoardgamesApp(load_path=path, bot_delay=0), terminal_size=(80, 24))


# San Marco, resumed from games the normal bot played: the map with a Doge card picked (where he can
# go, at what price), a divider's split under way, and the piles face up for the chooser.
# Only the split holds a secret: it alone comes after a hand-off and its recap.
SAN_MARCO_AT = {
    "map": (lambda v: v.step == "resolve" and "doge" in v.pending and v.doge is not None, ["c"]),
    "split": (lambda v: v.step == "split" and v.round >= 2, ["enter", "enter", "right", "2", "right", "3"]),
    "choice": (lambda v: v.step == "choose" and v.round >= 2, ["down"]),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("scene", list(SAN_MARCO_AT))
def test_san_marco(snap_compare, scene, size):
    stop, keys = SAN_MARCO_AT[scene]
    path = saved_san_marco(stop)
    assert snap_compare(BoardgamesApp(load_path=path, bot_delay=0), terminal_size=size, press=keys)


# Rialto, resumed from games the normal bot played (the seed, the position, the keys from the
# hand-off on): a card stage with two Jokers in hand, one picked besides the stage's cards; a
# bridge being placed, the cursor moved and the bridge turned.
RIALTO_AT = {
    "stage": (
        7,
        lambda v: v.step == "play" and v.round >= 2 and v.current_stage == 2,
        ["enter", "enter", "right", "right", "space"],
    ),
    "bridge": (5, lambda v: v.step == "bridge" and v.round >= 2, ["enter", "right", "f"]),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("scene", list(RIALTO_AT))
def test_rialto(snap_compare, scene, size):
    seed, stop, keys = RIALTO_AT[scene]
    path = saved_rialto(stop, seed=seed, name=f"rialto-{scene}.json")
    assert snap_compare(BoardgamesApp(load_path=path, bot_delay=0), terminal_size=size, press=keys)


# Macao, resumed from games the normal bot played: the dice phase with two dice marked (their cubes
# previewed on the rose); an action turn with the city on the panel.
MACAO_AT = {
    "dice": (
        7,
        lambda v: v.step == "dice" and v.round >= 4,
        ["b", "y"],
    ),
    "actions": (
        7,
        lambda v: v.step == "actions" and v.round >= 5 and sum(v.players[v.to_move[0]].available) >= 3,
        ["c"],
    ),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("scene", list(MACAO_AT))
def test_macao(snap_compare, scene, size):
    seed, stop, keys = MACAO_AT[scene]
    path = saved_by_bot("macao", stop, ("Ann", "Bob", "Cleo"), seed, f"macao-{scene}.json")
    assert snap_compare(BoardgamesApp(load_path=path, bot_delay=0), terminal_size=size, press=keys)


# A walkthrough: the first caption over the board, and a "your move" step on the board after it
# (St. Petersburg's fifth step: the caption, then Enter).
@pytest.mark.parametrize("keys", [[], ["right"] * 4 + ["enter"]], ids=["caption", "your-move"])
def test_lesson(snap_compare, keys):
    assert snap_compare(BoardgamesApp(learn="st_petersburg", bot_delay=0), terminal_size=(80, 24), press=keys)


# Reviewing a finished game: r on the results, then three moves back. At 80x24 c shows the score
# chart and f the figures (each in the other's place); at 120x40 both show beside each other.
@pytest.mark.parametrize(
    ("size", "panel"),
    [((80, 24), "c"), ((80, 24), "f"), ((120, 40), None)],
    ids=["80x24-chart", "80x24-figures", "120x40"],
)
def test_review(snap_compare, size, panel):
    record, _ = played_record(seed=11)
    path = write_save(record)
    keys = ["r", "left", "left", "left", *([panel] if panel else [])]
    assert snap_compare(BoardgamesApp(load_path=path, bot_delay=0), terminal_size=size, press=keys)
