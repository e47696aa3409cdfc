"""Macao (Stefan Feld, alea 2009) for 2–4 players: the rules layer (issue 11), being built; not a
registered game until its card abilities and board exist. `data` is the house card set, the city
quarters and the sea route (reconstructed, not the printed cards), checked on import against the
figures the rulebook fixes; `reckoning` the arithmetic; `actions` and `state` the state machine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import Game, OptionSpec, Seat

if TYPE_CHECKING:
    from .state import MacaoState

OPTIONS = (
    OptionSpec(
        "dice_choice",
        "Choosing dice",
        (
            ("sequential", "in turn, open (rulebook)"),
            ("simultaneous", "all at once, hidden until all have chosen"),
        ),
        "sequential",
        "The rulebook lets the players choose their dice together when nobody wants to see the "
        "others' choices first.",
    ),
)


class MacaoGame(Game):
    id = "macao"
    title = "Macao"
    min_players = 2
    max_players = 4
    minutes = 90
    pitch = "Time your wind rose, activate cards, buy city quarters and ship goods to Europe."
    rules_version = "1"
    options = OPTIONS
    bots = {"smart": ".bot:SmartBot"}

    def _new(self, seats: tuple[Seat, ...], seed: int, options: dict[str, str]) -> MacaoState:
        from .state import MacaoState

        return MacaoState(self, seats, seed, options)

    def decode_action(self, data: Any):
        from .actions import decode_action

        return decode_action(data)

    def rules_markdown(self, options: Mapping[str, str] | None = None) -> str:
        return "# Macao\n\nThe rules reference comes with the finished game.\n\n" + self.options_markdown(
            options
        )


GAME = MacaoGame()
