"""Every game's rules reference is its package's rules.md with {{fields}} filled in by the function
its class names in rules_values (core.Game.rules_markdown): no option leaves a field unfilled, and a
field without a value is an error rather than text shown to a player."""

from __future__ import annotations

import itertools
import re
from importlib import resources

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.core import fill_fields

GAMES = registry.all_games()


def every_options(game):
    """Each combination of the game's option values, as rules_markdown takes them."""
    keys = [spec.key for spec in game.options]
    for values in itertools.product(*[[choice[0] for choice in spec.choices] for spec in game.options]):
        yield dict(zip(keys, values, strict=True))


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
def test_the_rules_fill_every_field_for_every_combination_of_options(game):
    for options in [*every_options(game), None]:
        text = game.rules_markdown(options)
        assert text.startswith(f"# {game.title}\n"), options
        assert "{{" not in text and "}}" not in text, options


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
def test_the_rules_file_and_its_values_name_the_same_fields(game):
    # A value the file no longer names is a figure the text has silently stopped showing.
    package = type(game).__module__
    text = resources.files(package).joinpath(game.rules_file).read_text(encoding="utf-8")
    named = set(re.findall(r"\{\{([a-z_0-9]+)\}\}", text))
    values = game.part(game.rules_values)(game.resolve_options({}))
    assert named == set(values)


def test_a_field_without_a_value_is_an_error():
    assert fill_fields("{{rounds}} rounds", {"rounds": "12"}) == "12 rounds"
    with pytest.raises(KeyError, match=r"\{\{turns\}\}"):
        fill_fields("{{rounds}} rounds of {{turns}} turns", {"rounds": "12"})


def test_a_game_whose_values_miss_a_field_of_its_rules_file_raises(monkeypatch):
    game = registry.get("santiago")
    monkeypatch.setattr(type(game), "rules_values", "")
    with pytest.raises(KeyError, match="which has no value"):
        game.rules_markdown()


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
def test_the_options_listed_with_their_values_are_those_in_play_for_the_player_count(game):
    """`?` in a 3-player game lists no two-player option as if it were on (issue 34)."""
    for players in range(game.min_players, game.max_players + 1):
        for options in every_options(game):
            section = game.options_markdown(options, players)
            listed, _, idle = section.partition("Not in play with")
            for spec in game.options:
                shown = f"**{spec.label}" in listed
                assert shown == spec.applies_to(players, options), (players, options, spec.key)
                assert shown or spec.label in idle, (players, options, spec.key)
