"""Snapshots (pytest-textual-snapshot) of the launcher, the board at 80×24 and 120×40, the hand-off
and the game-over screen. Fixed seeds and names, an empty save directory, no clock in sight.

Update the baselines with `pytest tests/ui/test_snapshots.py --snapshot-update` and look at them.
"""

from boardgames_tui.ui.app import BoardgamesApp

from .helpers import played_record, write_save

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
