"""Reviewing a finished game (issue 12): r on the results steps through the game on its own board,
a move, a round or to either end at a time, as any player saw it, and Esc goes back to the
results; every position shown is the one the game had after that many moves."""

from __future__ import annotations

import pytest

from boardgames_tui.play.review import Review
from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game_over import GameOverScreen
from boardgames_tui.ui.screens.review import ReviewScreen

from .helpers import mash, press, saved_by_bot, screen_up, write_save


def random_record(game_id: str, seed: int) -> GameRecord:
    game = registry.get(game_id)
    names = [f"P{i}" for i in range(game.min_players)]
    record, state = GameRecord.start(game_id, names, seed)
    bot = RandomBot()
    while not state.is_over():
        seat = state.to_move()[0]
        action = bot.choose(
            state.view(seat), state.legal_actions(seat), bot_rng(seed, seat, len(record.steps))
        )
        record.play(state, seat, action)
    return record


@pytest.mark.parametrize("game_id", registry.ids())
def test_each_position_reviewed_is_the_one_the_game_had(game_id):
    record = random_record(game_id, 3)
    review = Review(record)
    for k in range(0, review.count + 1, max(1, review.count // 25)):
        review.move(k - review.index)
        assert review.index == k
        state = record.replay(k)
        table = review.table()
        for seat in range(len(record.seats)):
            assert table.view(seat) == state.view(seat), (k, seat)
        assert len(table.record.steps) == k


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_charts_last_points_are_the_standings(game_id):
    record = random_record(game_id, 4)
    rounds, totals = Review(record).scores()
    final = {row.seat: row.total for row in record.replay().standings().rows}
    assert [line[-1] for line in totals] == [final[seat] for seat in range(len(record.seats))]
    assert rounds == sorted(rounds) and all(len(line) == len(rounds) for line in totals)


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_figures_follow_the_move_reviewed(game_id):
    """The table counts the moves up to the one on the board: none at the start, all at the end
    (the same as the game's figures over the whole game), and in between no more than at the end
    for a figure that only grows."""
    record = random_record(game_id, 6)
    review = Review(record)
    game = registry.get(game_id)
    whole = review.figures()
    assert whole and all(len(f.values) == len(record.seats) for f in whole)
    moves = [m for m in _moves(record)]
    assert whole == game.figures(moves)
    review.move(-review.count)
    assert review.figures() == []
    review.move(review.count // 2)
    half = review.figures()
    assert half == game.figures(moves[: review.count // 2]) and half != whole


def _moves(record):
    from boardgames_tui.rules.figures import Move

    state = record.new_state()
    for step in record.steps:
        before = state.copy()
        events = state.apply(step.seat, step.action)
        yield Move(step.seat, step.action, before, state.copy(), tuple(events))


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_moves_line_is_its_log_sentences_joined(game_id):
    review = Review(random_record(game_id, 8))
    for k in range(review.count, 0, -max(1, review.count // 20)):
        review.move(k - review.index)
        said = [entry.event.text for entry in review.log if entry.step == k - 1]
        line = review.line()
        assert ".;" not in line and all(text in line for text in said)


def test_rounds_and_the_ends():
    review = Review(random_record("macao", 5))
    assert review.index == review.count  # it opens at the end
    review.round_step(-1)
    start12 = review.index
    assert review.moments[start12].round == 12 and review.moments[start12 - 1].round == 11
    review.round_step(-1)
    assert review.moments[review.index].round == 11 and review.moments[review.index - 1].round == 10
    review.round_step(1)
    assert review.index == start12
    review.move(-100_000)
    assert review.index == 0 and review.line() == "The start of the game."


async def test_r_on_the_results_steps_through_the_game_and_esc_returns():
    path = saved_by_bot("st_petersburg", lambda view: False, ("Ann", "Bob"), 4, "review-test.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_up(pilot, GameOverScreen)
        assert isinstance(app.screen, GameOverScreen)
        total = len(app.table.record.steps)
        await press(pilot, "r")
        assert isinstance(app.screen, ReviewScreen)
        assert f"Move {total} of {total}" in app.screen_text()
        await press(pilot, "left", "left")
        assert len(app.table.record.steps) == total - 2
        assert f"Move {total - 2} of {total}" in app.screen_text()
        await press(pilot, "tab")
        assert app.game_screen.viewer == 1 and "the board as Bob saw it" in app.screen_text()
        await press(pilot, "home")
        assert len(app.table.record.steps) == 0
        chart = app.screen.query_one("#review-chart")
        assert not chart.display  # 24 lines: the chart waits for c
        await press(pilot, "c")
        await pilot.pause()
        assert chart.display and "Score by round" in app.screen_text()
        await press(pilot, "f")  # 80 columns: the figures take the chart's place
        await pilot.pause()
        text = app.screen_text()
        assert not chart.display and "Figures after move 0" in text and "Nothing played yet." in text
        await press(pilot, "end")
        await pilot.pause()
        assert f"Figures after move {total}" in app.screen_text()
        assert "Rubles earned" in app.screen_text()
        await press(pilot, "f")
        await pilot.pause()
        assert "Rubles earned" not in app.screen_text()
        await press(pilot, "escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and len(app.table.record.steps) == total


async def test_the_review_says_who_moved_next_not_that_a_bot_is_thinking():
    record, state = GameRecord.start("st_petersburg", [Seat("Ann"), Seat("Bob", bot="easy")], 4)
    rng = bot_rng(4, 0)
    while not state.is_over():
        seat = state.to_move()[0]
        record.play(state, seat, RandomBot().choose(state.view(seat), state.legal_actions(seat), rng))
    app = BoardgamesApp(load_path=write_save(record, "review-bot.json"), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_up(pilot, GameOverScreen)
        await press(pilot, "r")
        seen_bot_next = 0
        for _ in range(30):
            await press(pilot, "left")
            await pilot.pause()
            text = app.screen_text()
            assert "thinking" not in text, text
            seen_bot_next += "Bob moved next." in " ".join(text.split())
        assert seen_bot_next  # the check can fail: Bob's moves are among those stepped through
        await press(pilot, "escape")
        assert not app.game_screen.in_review


@pytest.mark.slow
async def test_random_keys_in_the_review_never_leave_a_dead_screen():
    """Keys one by one and in batches (SSH, a paste) on the results and the review, f, c and the
    scroll keys among them: a screen that answers every time, and no traceback."""
    import random

    rng = random.Random("review")
    keys = ["left", "right", "pageup", "pagedown", "home", "end", "tab", "shift+tab"]
    keys += ["c", "f", "up", "down", "r", "escape", "b", "i", "question_mark"]
    path = saved_by_bot("san_marco", lambda view: False, ("Ann", "Bob", "Cleo"), 6, "review-keys.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_up(pilot, GameOverScreen)
        await mash(pilot, rng, keys, 100)


async def test_the_chart_has_whole_number_labels_final_scores_and_no_legend_on_the_lines():
    import re

    path = saved_by_bot("rialto", lambda view: False, ("Ann", "Bob", "Cleo"), 4, "review-chart.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(100, 50)) as pilot:
        await screen_up(pilot, GameOverScreen)
        await press(pilot, "r")
        await pilot.pause()
        chart = app.screen.query_one("#review-chart")
        assert chart.display and chart.size.height >= 50 // 3  # a tall terminal: a taller chart
        plt = chart.plt
        plt.plotsize(70, 16)
        drawn = plt.uncolorize(plt.build())
        labels = re.findall(r"^\s*(-?[\d.]+)┤", drawn, re.MULTILINE)
        assert len(labels) >= 3 and all(re.fullmatch(r"-?\d+", label) for label in labels), labels
        rounds, totals = app.review.scores()
        title = drawn.splitlines()[0]
        for seat, name in enumerate(("Ann", "Bob", "Cleo")):
            assert name in title  # the legend is the title, off the plot
            assert str(totals[seat][-1]) in drawn  # each line's final score at its end
        body = "\n".join(drawn.splitlines()[1:])
        assert not any(name in body for name in ("Ann", "Bob", "Cleo"))
