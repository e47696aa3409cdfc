"""The help screen: quick to open because its text is rendered ahead of time, at the right width."""

import pytest

from boardgames_tui.rules.core import Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.help import HelpScreen, help_markdown, text_width
from boardgames_tui.ui.widgets import rendered
from boardgames_tui.ui.widgets.rendered import RenderedText


@pytest.mark.parametrize(
    "game_id, seats, size",
    [
        ("st_petersburg", ["Ann", Seat("Bo", "smart")], (80, 24)),
        ("santiago", ["Ann", Seat("Bo", "smart"), Seat("Cy", "smart")], (120, 40)),
    ],
)
async def test_the_help_is_rendered_before_it_is_asked_for(game_id, seats, size):
    rendered._CACHE.clear()
    app = BoardgamesApp(game_id, seats, seed=3, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        app.prepare_help()
        _, keys, rules = app.help_content()
        key = (help_markdown(keys, rules), text_width(size[0]))
        # The app may ask for the same rendering meanwhile (its group is exclusive): a newer
        # request cancels an older one, so wait until none is left running, whichever finished.
        for _ in range(1000):
            if not any(worker.group == "help" and not worker.is_finished for worker in app.workers):
                break
            await pilot.pause(0.01)
        assert key in rendered._CACHE
        cached = dict(rendered._CACHE)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        viewer = app.screen.query_one(RenderedText)
        # The screen asked for the very width that was prepared: nothing new was rendered.
        assert viewer.scrollable_content_region.width == text_width(size[0])
        assert dict(rendered._CACHE) == cached
        text = app.screen_text()
        assert "Keys" in text and "Esc back" in text
        await pilot.press("pagedown", "end")  # it scrolls
        assert viewer.scroll_offset.y > 0
