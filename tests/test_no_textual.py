"""What the command line and the SSH server use without a screen loads no UI library: the saves,
the launcher's memory, the record, the Table and the walkthroughs' scripts (DESIGN.md §1: only
screens import textual)."""

import subprocess
import sys

import pytest

HEADLESS = [
    "boardgames_tui.saves",
    "boardgames_tui.prefs",
    "boardgames_tui.rules.record",
    "boardgames_tui.play.table",
    "boardgames_tui.play.remote",
    "boardgames_tui.play.wire",
    "boardgames_tui.play.review",
    "boardgames_tui.play.lesson",
    "boardgames_tui.serve.tables",
    "boardgames_tui.learn.script",
]


@pytest.mark.parametrize("module", HEADLESS)
def test_module_loads_no_ui_library(module):
    code = (
        f"import sys, {module}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_table_plays_and_saves_without_a_ui_library(tmp_path):
    code = (
        "import sys\n"
        "from boardgames_tui.rules.core import Seat\n"
        "from boardgames_tui.play.table import Table\n"
        f"table = Table.new('santiago', [Seat('A', 'random'), Seat('B', 'random'), "
        f"Seat('C', 'random')], 4, save_dir={str(tmp_path)!r})\n"
        "for _ in range(30):\n"
        "    table.bot_step(table.next_actor())\n"
        "assert table.flush(10) and table.save_error is None\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
    assert len(list(tmp_path.glob("santiago-*.json"))) == 1
