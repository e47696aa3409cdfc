"""What setting a game up says (San Marco's starting rolls) opens its log: in a new game, in a
resumed save, and in the review of a game at its start."""

from __future__ import annotations

from boardgames_tui.play.review import Review
from boardgames_tui.play.table import SETUP, Table
from boardgames_tui.rules.bots import RandomBot, bot_rng


def rolls(lines):
    return [line for line in lines if " rolls " in line]


def test_the_starting_rolls_open_the_log(tmp_path):
    table = Table.new("san_marco", ["Ann", "Bob", "Cleo"], 5, save_dir=tmp_path)
    said = rolls(table.log_for(None))
    assert len(said) == 3 and all(entry.step == SETUP for entry in table.log[:3])
    bot = RandomBot()
    for _ in range(12):
        seat = table.to_move()[0]
        table.act(seat, bot.choose(table.view(seat), table.legal(seat), bot_rng(5, seat, table.steps)))
    assert rolls(table.log_for(0))[:3] == said
    resumed = Table.resume(table.save_path)
    assert resumed.log_for(None)[:3] == said
    review = Review(resumed.record)
    review.move(-review.count)
    assert rolls(review.table().log_for(None)) == said
    assert review.line() == "The start of the game."


def test_a_game_whose_set_up_says_nothing_opens_an_empty_log():
    table = Table.new("st_petersburg", ["Ann", "Bob"], 5, autosave=False)
    assert table.log == []
