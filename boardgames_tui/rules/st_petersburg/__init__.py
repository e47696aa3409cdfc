"""St. Petersburg (1st edition, 2004): GAME for the registry."""

from __future__ import annotations

from collections.abc import Mapping

from ..core import Game, OptionSpec, idle_options_lines

# The launcher shows every game's title, pitch and options before its first frame; the rules
# machinery (state, actions, card data) is imported only once a game is played, replayed or its
# rules are read.

OPTIONS = (
    OptionSpec(
        "taxman_phase",
        "Tax Man pays at",
        (("aristocrat", "aristocrat scoring (rulebook)"), ("worker", "worker scoring (seed text)")),
        "aristocrat",
        "When the Tax Man pays 1 ₽ per green card you have.",
    ),
    OptionSpec(
        "tiebreak",
        "Tie-break",
        (("total", "all rubles held (rulebook)"), ("remainder", "rubles left over after conversion")),
        "total",
        "What decides a tie on points: all the money a player holds (the rulebook: the most "
        "money wins), or only what is left after 10 ₽ → 1 ★ (Board Game Arena, tournaments).",
    ),
    OptionSpec(
        "skip_refill_if_nothing_taken",
        "Refill after a phase where nobody took a card",
        (("on", "deal nothing (rulebook)"), ("off", "fill the display to 8 anyway")),
        "on",
        "If nobody bought or took a card from the display in the worker, building or "
        "aristocrat phase, no new cards are dealt for it.",
    ),
    OptionSpec(
        "open_money",
        "Money",
        (("off", "secret"), ("on", "open")),
        "off",
        "Whether everybody sees everybody's rubles.",
    ),
    OptionSpec(
        "open_hands",
        "Hands",
        (("off", "secret"), ("on", "open")),
        "off",
        "Whether everybody sees the cards in everybody's hand.",
    ),
    OptionSpec(
        "youngest",
        "Youngest player (3 players)",
        (("random", "chosen at random"), ("1", "seat 1"), ("2", "seat 2"), ("3", "seat 3")),
        "random",
        "With 3 players the youngest gets the fourth start marker.",
        players=(3,),
    ),
)


class StPetersburgGame(Game):
    id = "st_petersburg"
    title = "St. Petersburg"
    min_players = 2
    max_players = 4
    minutes = 60
    pitch = "Build the Tsar's city: hire workers for rubles, raise buildings for points, court aristocrats."
    rules_version = "1"
    options = OPTIONS
    state_class = ".state:StPetersburgState"
    normal_bot = ".bot:SmartBot"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {2: 11500, 3: 14500, 4: 13800}
    rules_values = ".data:rules_values"
    view_class = ".view:StPetersburgView"

    def options_markdown(self, options: Mapping[str, str] | None = None, players: int | None = None) -> str:
        """Each option in play as a bullet with its key and help as well (the other games give
        label and value only): the help screen has always shown St. Petersburg's options so."""
        resolved = self.resolve_options(options or {})
        in_play, idle = self.options_in_play(resolved, players)
        lines = [
            f"* **{spec.label}** (`{spec.key}`): {spec.label_of(resolved[spec.key])}. {spec.help}\n"
            for spec in in_play
        ]
        rest = "\n".join(idle_options_lines(idle, players))
        return "## Options in this game\n\n" + "".join(lines) + (rest + "\n" if rest else "")


GAME = StPetersburgGame()
