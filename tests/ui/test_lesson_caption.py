"""Where a walkthrough's caption stands: at 80×24, over none of what its step marks (the parts it
tints, the board lines of the places it marks), on every step of every shipped walkthrough."""

from __future__ import annotations

import pytest

from boardgames_tui.learn import script
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.lesson import CaptionScreen


def board_lines(board) -> list[tuple[str, tuple]]:
    return [(board.line_text(y).plain, tuple(board.line_text(y).spans)) for y in range(board.line_count())]


async def marked_board_rows(game, pilot, step) -> list[int]:
    """The screen rows of the board that read otherwise once the step's places are unmarked."""
    board = game.query_one("#board")
    marked = board_lines(board)
    game.mark_parts(step.highlight, ())
    await pilot.pause()
    plain = board_lines(board)
    game.mark_parts(step.highlight, step.places)
    await pilot.pause()
    assert len(plain) == len(marked), "marks do not change how many lines the board has"
    top = board.region.y - board.scroll_offset.y
    return [top + y for y, line in enumerate(marked) if line != plain[y]]


@pytest.mark.slow  # every step of every walkthrough, on screen
@pytest.mark.parametrize("game_id", script.available())
async def test_no_caption_covers_what_its_step_marks(game_id):
    walk = script.load(game_id)
    app = BoardgamesApp(learn=game_id, bot_delay=0)
    covering = []
    async with app.run_test(size=(80, 24)) as pilot:
        for n, step in enumerate(walk.steps):
            app.lesson_step(n)
            for _ in range(40):
                await pilot.pause()
                screen = app.screen
                if isinstance(screen, CaptionScreen) and screen.index == n and screen.is_mounted:
                    break
            await pilot.pause()
            game, caption = app.game_screen, app.screen
            where = caption.query_one(".dialog").region
            for part in step.highlight:
                if where.overlaps(game.query_one(game.PARTS[part]).region):
                    covering.append((n + 1, step.title, part))
            if step.places:
                rows = await marked_board_rows(game, pilot, step)
                hit = [y for y in rows if where.y <= y < where.bottom]
                if hit:
                    covering.append((n + 1, step.title, f"board rows {hit} of {step.places}"))
    assert not covering, covering
