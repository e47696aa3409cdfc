"""Rialto (Stefan Feld, 2013) for 2–5 players, with the rulebook's 2-player variant (a virtual
third player): the rules layer (issue 10).

`data` is the one table of the board and components (provisional data marked), `reckoning` the
arithmetic, `actions` and `state` the state machine, `bot` the normal bot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import Game, OptionSpec, Seat

if TYPE_CHECKING:
    from .state import RialtoState


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
    normal_bot = ".bot:SmartBot"
    view_class = ".view:RialtoView"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {2: 11000, 3: 10400, 4: 11200, 5: 10500}

    def _new(self, seats: tuple[Seat, ...], seed: int, options: dict[str, str]) -> RialtoState:
        from .state import RialtoState

        return RialtoState(self, seats, seed, options)

    def decode_action(self, data: Any):
        from .actions import decode_action

        return decode_action(data)

    def rules_markdown(self, options: Mapping[str, str] | None = None) -> str:
        from .rules_text import rules_text

        return rules_text().strip() + "\n\n" + self.options_markdown(options)


GAME = RialtoGame()
