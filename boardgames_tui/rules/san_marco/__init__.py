"""San Marco (Moon & Weissblum, Ravensburger 2001) for 3–4 players, and 2 in either unofficial
variant: the rules layer (issue 9), not registered as a game until its board exists.

`data` is the one board table (provisional values marked), `reckoning` the arithmetic, `actions`
and `state` the state machine, `bot` the normal bot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import Game, OptionSpec, Seat

if TYPE_CHECKING:
    from .state import SanMarcoState


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
    normal_bot = ".bot:SmartBot"
    view_class = ".view:SanMarcoView"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {2: 7900, 3: 6200, 4: 5800}

    def _new(self, seats: tuple[Seat, ...], seed: int, options: dict[str, str]) -> SanMarcoState:
        from .state import SanMarcoState

        return SanMarcoState(self, seats, seed, options)

    def decode_action(self, data: Any):
        from .actions import decode_action

        return decode_action(data)

    def rules_markdown(self, options: Mapping[str, str] | None = None) -> str:
        return rules_text().strip() + "\n\n" + self.options_markdown(options)


def rules_text() -> str:
    from . import data as D

    values = "\n".join(
        f"| {d.die} | {d.name} | {d.high} / {d.low} | {'provisional' if d.provisional else 'rulebook'} |"
        for d in D.DISTRICTS
    )
    pairs = ", ".join(
        f"{D.DISTRICTS[a].name} – {D.DISTRICTS[b].name}{' (rulebook)' if sure else ''}"
        for a, b, sure in D.NEIGHBOUR_PAIRS
    )
    return f"""
# San Marco

Noble families of Venice place their aristocrats (cubes) in the six districts of the city. When a
district is scored, the family with the most cubes there gains its high prestige value and the
runner-up its low one (families tied for the lead each gain the low value and nobody else scores;
a tie for second pays nobody). After three periods every district is scored once more; the most prestige
wins, and a tie goes to the most cubes in San Marco.

## The board

| Die | District | High / low | Values |
|---|---|---|---|
{values}

Neighbouring districts (a bridge joins two of them, at most {D.BRIDGES_PER_PAIR} on one canal): {pairs}.

**Provisional board data.** The printed board is not public: the rulebook gives only San Marco's
values, Castello's die number and that Castello and San Marco are neighbours. The other values,
die numbers (read from the order of the rulebook's card list) and neighbours above are stand-ins
(real Venice's districts), kept in one table to be replaced once the printed board has been read.

## Set-up

Everyone has {D.CUBES_PER_COLOUR} cubes. Each player rolls the die {D.STARTING_ROLLS} times and puts
{D.CUBES_PER_STARTING_ROLL} cubes in the district of each roll; four equal rolls may have the
fourth rerolled until it differs. Then each player places a starting bridge with a cube on it
(two each, one at a time, with 3 players).

## A round: I divide, you choose

- The start player divides; the other roles are drawn at random. With 4 players there are two
  dividers, each with a chooser; with 3, one divider and two choosers.
- A divider draws 5 action and 3 limit cards (6 and 4 with 3 players) and splits them, in secret,
  into 2 piles (3 with 3 players), each with at least one card. With 4 players both dividers
  split (at one keyboard, one after the other) before any pile is shown.
- The first divider's piles are turned up: the chooser takes one and plays it (with 3 players, the
  first chooser, then the second), and the divider takes and plays what is left. With 4 players
  the second pair's piles are turned up only then, and resolved the same way.
- Limit cards count as soon as their pile is taken. Action cards are played one at a time in any
  order, or given up.

## Action cards

- **District card:** a cube in that district, or across one bridge of your own into a neighbour.
- **Bridge card:** a bridge (with one of your cubes) between two neighbouring districts; once all
  {D.BRIDGES} are out, take over another player's bridge, leaving it or moving it.
- **Transfer:** replace one cube of another colour, in any district, with one of yours.
- **Banishment:** name a district, roll the die, remove that many cubes of other colours (you
  choose which); a roll above all of them takes your own cubes too.
- **Doge:** the first one places the Doge anywhere; later ones move him over bridges (your own
  free, another player's for 1 prestige to its owner; from a district no bridge touches, 2 to the
  bank to reach a neighbour). The district where he stops is scored. He may go back over a
  bridge: each crossing of another player's bridge is paid again. He may also stay where he
  stands, which scores that district again. The move list offers the routes that never enter a
  district twice; w walks him step by step, by any route.
- The cube on a bridge only marks its owner: it comes from your supply and never counts in a
  district. Cubes banished or transferred go back to their owner's supply, to be placed again.
- An empty supply: a card's cube is one of yours moved from the board.

## Limits and the end of a period

A player whose limit cards add up to {D.LIMIT_OUT} or more at the end of a round is out for the
period. With one player out (or two of four), those left play one extra round and the period
ends: three left of four play it by the 3-player rules, two left play one divider and one chooser
with 5 + 3 cards in 2 piles. With more out, the period ends at once. Then everyone below
{D.LIMIT_OUT} gains the highest total less their own, and the player with the sole lowest total
may banish once for free (nobody, on a tie). After {D.PERIODS} periods every district is scored.

## Two players (not official)

The rulebook is for 3 and 4 players; these two variants come from a players' summary. Both play
one divider and one chooser a round, the divider alternating, and a period ends after the round in
which a player reaches {D.LIMIT_OUT}, with no extra round.

- **A, a neutral colour:** {D.NEUTRAL_CUBES} neutral cubes, one in every district and the rest by
  die rolls. They compete in every scoring but their points are dropped; cubes of theirs taken off
  are set aside and put back by the players, in turn, at the next period. No free banishment.
- **B, two dummy colours:** each rolls its starting cubes and builds a bridge where it has most.
  After every round each dummy puts a cube in a district rolled on the die. Dummies score and
  collect tolls but cannot win. The free banishment is an option (on by default).
"""


GAME = SanMarcoGame()
