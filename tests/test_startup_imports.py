"""What the launcher's first frame waits for (issue #7: start-up at most 1.5× a bare Textual app).

A structural guard, not a timing: up to that frame the program imports no game's rules machinery
(state, actions, data, bots) and nothing of a game being played (the Table, the boards, the game
screens, the help), and the game packages still export what they always did once asked.
"""

import os
import subprocess
import sys

import pytest

from boardgames_tui import saves
from boardgames_tui.rules import registry

from .ui.helpers import played_record

# Runs the app under Textual's test driver and lists our modules at the first frame that shows
# the launcher; whatever runs after that frame (reading the saves, the help warm-up) is no concern
# of this test.
CHILD = r"""
import asyncio, os, sys
from boardgames_tui.ui.app import BoardgamesApp
app = BoardgamesApp(bot_delay=0)
display = app._display
def first_frame(screen, renderable):
    if renderable is not None and type(app.screen).__name__ == "LauncherScreen":
        print("\n".join(sorted(m for m in sys.modules if m.startswith("boardgames_tui"))))
        sys.stdout.flush()
        os._exit(0)
    return display(screen, renderable)
app._display = first_frame
async def main():
    async with app.run_test(size=(80, 24)):
        await asyncio.sleep(60)
asyncio.run(main())
"""

NOT_BEFORE_THE_FIRST_FRAME = (
    "boardgames_tui.rules.bots",
    "boardgames_tui.rules.simulate",
    "boardgames_tui.play.table",
    "boardgames_tui.ui.boardkit",
    "boardgames_tui.ui.boards",
    "boardgames_tui.ui.screens.game",
    "boardgames_tui.ui.screens.game_over",
    "boardgames_tui.ui.screens.handoff",
    "boardgames_tui.ui.screens.help",
)


def modules_at_the_launchers_first_frame(data_dir) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "BOARDGAMES_TUI_DATA": str(data_dir)},
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_the_launcher_shows_before_any_rules_machinery_or_game_screen_is_imported(tmp_path):
    # A few saves, so that listing them (and reading a short list at once) is part of it too.
    for i, moves in enumerate((3, 12)):
        saves.save(saves.save_dir(tmp_path) / f"st_petersburg-{i}.json", played_record(moves=moves)[0])
    loaded = modules_at_the_launchers_first_frame(tmp_path)
    assert "boardgames_tui.ui.screens.launcher" in loaded  # it did reach the launcher
    games = [f"boardgames_tui.rules.{game_id}." for game_id in registry.ids()]
    early = [m for m in loaded if m.startswith(NOT_BEFORE_THE_FIRST_FRAME) or m.startswith(tuple(games))]
    assert early == []


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_game_reaches_its_rules_machinery_through_its_declarations(game_id):
    """A game package holds its declarations only; its state, actions and rules text are loaded
    through them when first needed."""
    game = registry.get(game_id)
    state = game.new([f"P{i}" for i in range(game.max_players)], seed=3)
    action = state.legal_actions(state.to_move()[0])[0]
    assert game.decode_action(action.to_json()) == action
    assert game.rules_markdown().startswith(f"# {game.title}")  # the rules text reads the game's data
