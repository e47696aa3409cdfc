"""Macao (Stefan Feld, alea 2009) for 2–4 players: the rules layer. `data` is the house card set, the city
quarters and the sea route (reconstructed, not the printed cards), checked on import against the
figures the rulebook fixes; `reckoning` the arithmetic; `actions` and `state` the state machine."""

from __future__ import annotations

from ..core import Game, OptionSpec

# Said by the launcher, the board's header and the rules reference (data.py tells why); here so
# the launcher can say it without loading the card tables.
HOUSE_SET_NOTICE = "house card set: reconstructed, not the printed cards"


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
    OptionSpec(
        "delivery_points",
        "Delivery PP",
        (
            ("5-3-2", "5, 3, 2 (house set)"),
            ("6-4-2", "6, 4, 2"),
            ("4-3-2", "4, 3, 2"),
            ("3-2-1", "3, 2, 1"),
        ),
        "5-3-2",
        "What a port's three delivery spaces score, highest first. The printed numbers are not "
        "public; 5, 3, 2 are the house set's.",
    ),
)


class MacaoGame(Game):
    id = "macao"
    title = "Macao"
    min_players = 2
    max_players = 4
    minutes = 90
    pitch = (
        "Time your wind rose, activate cards, buy city quarters and ship goods to Europe. "
        f"{HOUSE_SET_NOTICE[0].upper()}{HOUSE_SET_NOTICE[1:]}."
    )
    rules_version = "1"
    options = OPTIONS
    state_class = ".state:MacaoState"
    normal_bot = ".bot:SmartBot"
    view_class = ".view:MacaoView"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {2: 4200, 3: 4500, 4: 4800}
    rules_values = ".data:rules_values"


GAME = MacaoGame()
