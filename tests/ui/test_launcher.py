"""The launcher: switching games back and forth, and starting the chosen one with its options."""

from boardgames_tui.ui.app import BoardgamesApp


async def test_switching_games_and_starting_the_chosen_one(data_dir):
    app = BoardgamesApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games")
        # Both games have an open_money option: switching must rebuild the options cleanly.
        for key in ["down", "down", "down", "down", "down"]:
            await pilot.press(key)
        await pilot.pause()
        assert app.screen.query_one("#setup").border_title == "Santiago"
        prompts = [str(games.get_option_at_index(i).prompt) for i in range(2)]
        assert prompts[1].startswith("▸Santiago") and not prompts[0].startswith("▸")
        await pilot.press("f5")
        await pilot.pause()
        assert app.table.game.id == "santiago"
        assert app.table.options == {"palms": "off", "open_money": "off", "spring": "choose",
                                     "palm_placement": "choose"}
