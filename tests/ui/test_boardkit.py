"""The board kit without an app: targets and the cursor over them, the key map, the footer's fit."""

import subprocess
import sys

import pytest
from rich.cells import cell_len

from boardgames_tui.ui.boardkit import KeyMap, Target, TargetCursor, fit_footer, row


def grid(actionable=()):
    """A 4×3 grid of targets named by their (x, y); the listed ones have a move."""
    return [
        Target((x, y), x, y, ("move",) if (x, y) in actionable else ()) for y in range(3) for x in range(4)
    ]


def test_the_cursor_goes_to_the_nearest_target_in_a_direction():
    cursor = TargetCursor(grid())
    assert cursor.place == (0, 0)  # the first in reading order
    assert cursor.move(1, 0) and cursor.place == (1, 0)
    assert cursor.move(0, 1) and cursor.place == (1, 1)
    assert cursor.move(0, -1) and cursor.place == (1, 0)
    cursor.put((3, 0))
    assert not cursor.move(1, 0) and cursor.place == (3, 0)  # nothing further right: no move


def test_the_cursor_prefers_straight_ahead_over_sideways():
    # Only a few places: from (0, 0) going right, (2, 0) straight ahead beats (1, 1) diagonally.
    targets = [Target(p, *p) for p in [(0, 0), (2, 0), (1, 1), (3, 2)]]
    cursor = TargetCursor(targets)
    assert cursor.move(1, 0) and cursor.place == (2, 0)
    cursor.put((0, 0))
    assert cursor.move(0, 1) and cursor.place == (1, 1)  # down: the only one below nearby


def test_tab_goes_to_the_next_place_with_a_move_round_the_end():
    cursor = TargetCursor(grid(actionable={(2, 0), (1, 2)}))
    assert cursor.next() and cursor.place == (2, 0)
    assert cursor.next() and cursor.place == (1, 2)
    assert cursor.next() and cursor.place == (2, 0)
    assert cursor.next(-1) and cursor.place == (1, 2)
    assert not TargetCursor(grid()).next()  # no move anywhere
    assert TargetCursor(grid()).next(actionable=False)


def test_new_targets_keep_the_place_or_take_the_nearest():
    cursor = TargetCursor(grid())
    cursor.put((2, 1))
    cursor.set_targets(grid())
    assert cursor.place == (2, 1)
    cursor.set_targets([t for t in grid() if t.place != (2, 1)])
    assert cursor.place in {(1, 1), (3, 1), (2, 0), (2, 2)}  # a neighbour, not the first place
    cursor.set_targets(grid(actionable={(0, 2)}), prefer_actionable=True)
    assert cursor.place == (0, 2)
    cursor.set_targets([])
    assert cursor.place is None and cursor.current is None and not cursor.move(1, 0)


def test_a_click_outside_the_targets_is_refused():
    cursor = TargetCursor(grid())
    assert not cursor.put((9, 9)) and cursor.place == (0, 0)


class Screen:
    """What a key map's `when` reads: a stand-in for a game screen."""

    def __init__(self, my_turn=True, can_buy=True):
        self.my_turn = my_turn
        self.can_buy = can_buy


KEYS = KeyMap(
    (
        row(
            "←→",
            "card",
            ("left", "cursor(-1)"),
            ("right", "cursor(1)"),
            when=lambda s: s.my_turn,
            palette=False,
        ),
        row(
            "Enter",
            "buy",
            ("enter", "buy"),
            when=lambda s: s.my_turn and s.can_buy,
            help="buy the card under the cursor",
        ),
        row("Enter", "look", ("enter", "look"), when=lambda s: not s.my_turn),
        row("?", "help", ("question_mark", "help"), essential=True),
        row("q", "quit", ("q", "quit"), essential=True),
        row("Esc", "back", ("escape", "back"), footer=False),
        row("x", "broken", ("x", "broken"), when=lambda s: s.missing_attribute),
    )
)


def test_one_key_map_makes_bindings_footer_help_and_commands():
    # Bindings: every key once, the first row that binds it wins.
    assert KEYS.bindings() == [
        ("left", "cursor(-1)", "card"),
        ("right", "cursor(1)", "card"),
        ("enter", "buy", "buy"),
        ("question_mark", "help", "help"),
        ("q", "quit", "quit"),
        ("escape", "back", "back"),
        ("x", "broken", "broken"),
    ]
    # The footer: only what applies now; a `when` that cannot tell counts as not now.
    assert KEYS.footer(Screen()) == [
        ("←→ card", False),
        ("Enter buy", False),
        ("? help", True),
        ("q quit", True),
    ]
    assert [t for t, _ in KEYS.footer(Screen(can_buy=False))] == ["←→ card", "? help", "q quit"]
    assert [t for t, _ in KEYS.footer(Screen(my_turn=False))] == ["Enter look", "? help", "q quit"]
    # Help: every row, with its longer text where it has one.
    assert "- **Enter**: buy the card under the cursor" in KEYS.help_markdown()
    assert "- **Esc**: back" in KEYS.help_markdown()
    # The command palette: what applies now, by name.
    titles = [title for title, _, _ in KEYS.commands(Screen())]
    assert titles == ["Buy (Enter)", "Help (?)", "Quit (q)", "Back (Esc)"]


def test_the_footer_drops_optional_items_first_and_never_cuts_one():
    items = [
        ("←→↑↓ card", False),
        ("Enter buy", False),
        ("h take", False),
        ("Space pass", False),
        ("? help", True),
        ("q quit", True),
    ]
    full = " ←→↑↓ card  Enter buy  h take  Space pass  ? help  q quit"
    assert fit_footer(items, 80) == full
    assert fit_footer(items, 40) == " ←→↑↓ card  Enter buy  ? help  q quit"
    for width in range(1, 70):
        line = fit_footer(items, width)
        assert cell_len(line) <= width
        shown = [item for item in line.strip().split("  ") if item]
        assert all(item in [text for text, _ in items] for item in shown)  # whole items only
        order = [text for text, _ in items]
        assert [order.index(item) for item in shown] == sorted(order.index(item) for item in shown)
    assert fit_footer([], 80) == ""


@pytest.mark.parametrize("module", ["boardkit", "formfields"])
def test_the_board_kit_and_the_form_fields_have_no_textual(module):
    code = (
        f"import sys\nimport boardgames_tui.ui.{module}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_row_can_be_taken_out_of_a_map_and_put_elsewhere():
    row_ = KEYS.row("Enter")
    assert row_.label == "buy"
    moved = KeyMap((row_,)) + KEYS.without("Enter")
    assert [r.show for r in moved.rows][:2] == ["Enter", "←→"]
    assert all(r.show != "Enter" for r in KEYS.without("Enter").rows)
