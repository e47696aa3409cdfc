"""San Marco (Moon & Weissblum, Ravensburger 2001) for 3–4 players, and 2 in either unofficial
variant: the rules layer (issue 9), not registered as a game until its board exists.

`data` is the one board table (provisional values marked), `reckoning` the arithmetic, `actions`
and `state` the state machine, `bot` the normal bot."""

from __future__ import annotations

from ..core import Game, OptionSpec

OPTIONS = (
    OptionSpec(
        "two_player",
        "Two players (not official)",
        (("neutral", "A: a neutral colour"), ("dummies", "B: two dummy colours")),
        "neutral",
        "The rulebook is for 3–4 players. A: twelve neutral cubes compete in every scoring "
        "(their points are dropped), no free banishment. B: two dummy colours with a bridge "
        "each gain a cube per round at random, score, collect tolls, and cannot win.",
        players=(2,),
    ),
    OptionSpec(
        "dummy_free_banish",
        "Free banishment (variant B)",
        (("on", "on (the normal rules)"), ("off", "off")),
        "on",
        "Whether the sole lowest limit total may banish once for free at a period's end.",
        players=(2,),
        needs=(("two_player", "dummies"),),
    ),
    OptionSpec(
        "bridges_per_owner",
        "Bridges of one player on a canal",
        (("any", "any number, three in all (ruling)"), ("one", "at most one each")),
        "any",
        "The rulebook caps a canal at three bridges and once words it as three from different "
        "players; by default the cap counts all owners, so one player may own all three.",
    ),
)


class SanMarcoGame(Game):
    id = "san_marco"
    title = "San Marco"
    min_players = 2
    max_players = 4
    unofficial_players = (2,)  # the rulebook is for 3–4; both 2-player variants are players' own
    minutes = 75
    pitch = "Divide cards, let others choose, and place your nobles in the districts of Venice."
    rules_version = "1"
    options = OPTIONS
    state_class = ".state:SanMarcoState"
    normal_bot = ".bot:SmartBot"
    view_class = ".view:SanMarcoView"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {2: 7900, 3: 6200, 4: 5800}
    rules_values = ".data:rules_values"


GAME = SanMarcoGame()
