"""Rialto (Stefan Feld, 2013) for 2–5 players, with the rulebook's 2-player variant (a virtual
third player): the rules layer (issue 10).

`data` is the one table of the board and components (provisional data marked), `reckoning` the
arithmetic, `actions` and `state` the state machine, `bot` the normal bot."""

from __future__ import annotations

from ..core import Game, OptionSpec

OPTIONS = (
    OptionSpec(
        "virtual_player",
        "Two players: a virtual third player",
        (("off", "off (the standard rules)"), ("on", "on (the rulebook's variant)")),
        "off",
        "The rulebook's additional 2-player variant: a virtual player with a public hand of 7 "
        "cards a round competes for the bonuses, the Doge track and the districts, and scores nothing.",
        players=(2,),
    ),
)


class RialtoGame(Game):
    id = "rialto"
    title = "Rialto"
    min_players = 2
    max_players = 5
    minutes = 50
    pitch = (
        "Draft cards, win each stage's bonus, and build bridges and gondolas between the districts of Venice."
    )
    rules_version = "1"
    options = OPTIONS
    state_class = ".state:RialtoState"
    normal_bot = ".bot:SmartBot"
    view_class = ".view:RialtoView"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {2: 11000, 3: 10400, 4: 11200, 5: 10500}
    rules_values = ".data:rules_values"


GAME = RialtoGame()
