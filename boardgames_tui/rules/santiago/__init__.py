"""Santiago (Claudia Hely & Roman Pelek, Amigo 2003) for 3–5 players.

Rules source: shared/rules/santiago.md. There is deliberately no 2-player mode (spec §1 ruling).
"""

from __future__ import annotations

from ..core import Game, OptionSpec

# The launcher shows every game's title, pitch and options before its first frame; the rules
# machinery (state, actions, board data) is imported only once a game is played, replayed or its
# rules are read.

OPTIONS = (
    OptionSpec(
        "palms",
        "Palm-tree variant",
        (("off", "off"), ("on", "on: 3 palms, each +1 marker for its tile's owner")),
        "off",
        "Three palms start on the board; a tile planted on one counts one extra marker for its "
        "owner while the owner still has a marker there.",
    ),
    OptionSpec(
        "open_money",
        "Money",
        (("off", "hidden: only your own cash is shown"), ("on", "open: everyone's cash is shown")),
        "off",
        "Cash is secret by default; bids and bribes are always public.",
    ),
    OptionSpec(
        "spring",
        "Spring placement",
        (
            ("choose", "the start player chooses"),
            ("random_inner", "random inner intersection"),
            ("random_any", "random intersection, edge or corner too (harder)"),
        ),
        "choose",
        "Where the spring stands at the start. The rulebook advises an inner intersection; a "
        "spring on the edge or in a corner is its harder variant, for experienced players.",
    ),
    OptionSpec(
        "palm_placement",
        "Palm placement (palm variant)",
        (("choose", "the start player places them"), ("random", "random legal placement")),
        "choose",
        "Palms may not touch the spring's intersection or each other, not even at a corner.",
        needs=(("palms", "on"),),
    ),
)


class SantiagoGame(Game):
    id = "santiago"
    title = "Santiago"
    min_players = 3
    max_players = 5
    minutes = 60
    pitch = (
        "Plant crops on a dry island and bribe the canal overseer to bring water "
        "to your fields before they turn to desert."
    )
    rules_version = "1"
    options = OPTIONS
    state_class = ".state:SantiagoState"
    normal_bot = ".bot:SmartBot"
    view_class = ".view:SantiagoView"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {3: 4800, 4: 5100, 5: 4850}
    rules_values = ".data:rules_values"


GAME = SantiagoGame()
