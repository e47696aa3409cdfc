"""San Marco (Moon & Weissblum, Ravensburger 2001): the rules layer, being built (issue 9); not
registered yet. So far: the board and deck data (`data`), the game's arithmetic (`reckoning`), the
actions and the state machine for 3 and 4 players (`actions`, `state`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Game, Seat

if TYPE_CHECKING:
    from .state import SanMarcoState


class SanMarcoGame(Game):
    id = "san_marco"
    title = "San Marco"
    min_players = 3
    max_players = 4
    minutes = 75
    pitch = "Divide cards, let others choose, and place your nobles in the districts of Venice."
    rules_version = "1"

    def _new(self, seats: tuple[Seat, ...], seed: int, options: dict[str, str]) -> SanMarcoState:
        from .state import SanMarcoState

        return SanMarcoState(self, seats, seed, options)

    def decode_action(self, data: Any):
        from .actions import decode_action

        return decode_action(data)


GAME = SanMarcoGame()
