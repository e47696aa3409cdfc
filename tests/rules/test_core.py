"""The helpers every game shares (rules/core.py): one Pass, make_bot from a declaration, new seeds,
the lines a seat may read, options that apply to some player counts only, no variants."""

from __future__ import annotations

import pytest

from boardgames_tui.rules import core, registry
from boardgames_tui.rules.bots import EasyBot, RandomBot
from boardgames_tui.rules.core import Event, OptionSpec, Pass, new_seed, visible_lines
from boardgames_tui.rules.levels import DEFAULT_THINK
from boardgames_tui.rules.opponents import bot_levels, make_bot
from boardgames_tui.rules.santiago import actions as santiago_actions
from boardgames_tui.rules.santiago.bot import SmartBot as SantiagoSmartBot
from boardgames_tui.rules.search import SearchBot
from boardgames_tui.rules.st_petersburg import actions as st_petersburg_actions
from boardgames_tui.rules.st_petersburg.bot import SmartBot as StPetersburgSmartBot


def test_one_pass_for_every_game_saved_as_before():
    assert st_petersburg_actions.Pass is santiago_actions.Pass is Pass
    assert Pass().to_json() == {"kind": "pass"} and Pass().describe() == "Pass"
    for game in registry.all_games():
        try:
            decoded = game.decode_action({"kind": "pass"})
        except ValueError:
            continue  # a game with no pass at all (San Marco gives up cards, it never passes)
        assert decoded == Pass()
    assert registry.get("st_petersburg").decode_action({"kind": "pass"}) == Pass()
    assert registry.get("santiago").decode_action({"kind": "pass"}) == Pass()


@pytest.mark.parametrize(
    "game_id, smart", [("st_petersburg", StPetersburgSmartBot), ("santiago", SantiagoSmartBot)]
)
def test_make_bot_reads_the_games_declaration(game_id, smart):
    game = registry.get(game_id)
    assert bot_levels(game) == ("random", "easy", "normal", "hard")
    assert isinstance(make_bot(game, "random"), RandomBot)
    assert isinstance(make_bot(game, "normal"), smart)
    easy = make_bot(game, "easy")
    assert isinstance(easy, EasyBot) and isinstance(easy.normal, smart)
    hard = make_bot(game, "hard", think=0.5)
    assert isinstance(hard, SearchBot) and isinstance(hard.policy, smart)
    assert hard.think == 0.5 and make_bot(game, "hard").think == DEFAULT_THINK
    players = game.min_players
    assert hard.budget(players) == int(0.5 * game.search_rate[players])
    # every player count has its measured speed
    assert sorted(game.search_rate) == list(range(game.min_players, game.max_players + 1))
    # "smart", the one bot before the levels, is the normal one; a level the game does not have
    # (a save from a later version) gets the normal one too
    assert isinstance(make_bot(game, "smart"), smart)
    assert isinstance(make_bot(game, "grandmaster"), smart)


def test_a_game_without_bots_of_its_own_gets_random_ones(toy_registered):
    assert bot_levels(toy_registered) == ("random",)
    assert isinstance(make_bot(toy_registered, "smart"), RandomBot)


def test_new_seeds_are_five_digits_and_vary():
    seeds = {new_seed() for _ in range(50)}
    assert all(10_000 <= s < 100_000 for s in seeds) and len(seeds) > 1


def test_visible_lines_follow_visible_to():
    events = [
        Event("public"),
        Event("Ann drew a 3", frozenset({0}), "Ann drew a card"),
        Event("Bob's secret", frozenset({1})),
        Event(""),
    ]
    assert visible_lines(events, 0) == ["public", "Ann drew a 3"]
    assert visible_lines(events, 1) == ["public", "Ann drew a card", "Bob's secret"]
    assert visible_lines(events, None) == ["public", "Ann drew a card"]
    assert not hasattr(core, "seat_events")


def test_an_option_may_apply_to_some_player_counts_only():
    everyone = OptionSpec("a", "A", (("x", "x"), ("y", "y")), "x")
    three = OptionSpec("b", "B", (("x", "x"), ("y", "y")), "x", players=(3,))
    assert all(everyone.applies_to(n) for n in range(1, 6))
    assert [n for n in range(1, 6) if three.applies_to(n)] == [3]


def test_variants_are_options_now():
    game = registry.get("santiago")
    assert game.new(["A", "B", "C"], 1, None) == game.new(["A", "B", "C"], 1)
    with pytest.raises(ValueError, match="variants are options"):
        game.new(["A", "B", "C"], 1, "palms")
