"""Santiago (Claudia Hely & Roman Pelek, Amigo 2003) for 3–5 players.

Rules source: shared/rules/santiago.md. There is deliberately no 2-player mode (spec §1 ruling).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import Game, OptionSpec, Seat

if TYPE_CHECKING:
    from .state import SantiagoState

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
    normal_bot = ".bot:SmartBot"
    view_class = ".view:SantiagoView"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {3: 4800, 4: 5100, 5: 4850}

    def _new(self, seats: tuple[Seat, ...], seed: int, options: dict[str, str]) -> SantiagoState:
        from .state import SantiagoState

        return SantiagoState(self, seats, seed, options)

    def decode_action(self, data: Any):
        return decode_action(data)

    def rules_markdown(self, options: Mapping[str, str] | None = None) -> str:
        return rules_text().strip() + "\n\n" + self.options_markdown(options)


def rules_text() -> str:
    from . import data as D

    return f"""
# Santiago

You farm the dry island of Santiago. Each round you bid for the right to choose a plantation tile,
plant it, and try to get the canal overseer to dig the next canal past your fields. Fields without
water dry out. At the end, **cash plus plantation payouts** wins.

## The board

- 8 × 6 fields in twelve 2 × 2 blocks. Canals run only along the thick lines between blocks:
  31 segments between 20 intersections. `H x,y` runs east from intersection x,y; `V x,y` runs south.
  Fields are named column,row (0–7, 0–5).
- Every field touches exactly one horizontal and one vertical segment. A field is **irrigated**
  when either carries a blue canal. The spring itself waters nothing.
- A new canal (proposal, overseer's or personal) must go on an empty segment that touches the
  spring or the end of a blue canal already built.

## Set-up

- 3–4 players: one random tile is shown and put back in the box; 11 rounds of 4 tiles; 11 canals.
- 5 players: all 45 tiles; 9 rounds of 5 tiles; 9 canals.
- Tiles: 45, nine of each crop ({", ".join(D.CROP_NAMES[c].lower() for c in D.CROPS)}); of each
  crop 6 show 2 workers and 3 show 1 worker.
- Everyone starts with {D.START_CASH} escudos, {D.MARKERS_PER_PLAYER} markers and one personal canal.
  A random start player holds the overseer figure and places the spring on any intersection (see
  options). The rulebook advises an inner one: a spring on the edge or in a corner is its harder
  variant, for experienced players, because water runs short quickly.

## A round

1. **Reveal** the top tile of each stack: 4 tiles (5 with 5 players).
2. **Bid** once each, starting left of the overseer (the overseer bids last). A bid is at least 1,
   at most your cash, and different from every bid already made; or pass. Bids are public.
3. **New overseer:** the first player who passed; if nobody passed, the lowest bidder.
4. **Plant** in order: bidders from highest to lowest, then passers, last passer first (bids were
   paid when made and go to the bank). Take any offered tile, put it on any empty field with as
   many of your markers as it shows workers, **one fewer if you passed**.
   With 3 players the highest bidder (the first planter) then places the leftover tile, ownerless,
   next to a non-desert tile; failing that next to a desert; failing that anywhere. It adds to
   its plantation's size but pays nobody, and dries out like any tile.
5. **Bribes:** each other player, from the overseer's left, either proposes an unproposed canal
   position with at least 1 escudo, adds at least 1 to an existing proposal, or passes. Pledges
   are public, limited by your cash after your bid, and paid only if that proposal is accepted.
6. **Overseer:** accept a proposal (the canal is built and only its backers pay their pledges to
   you), or refuse all and build on an unproposed position, paying the highest total + 1 to the
   bank. With no proposals you may build for 1 or build nothing. If you cannot pay, or every open
   position is proposed, you must accept.
7. **Extra irrigation:** from the overseer's left (overseer last) each player who still has a
   personal canal may lay it for free. The first one laid ends the step; each is usable once.
8. **Drought:** every unwatered tile with a marker loses one; a tile whose markers are all gone
   belongs to nobody but stays a crop, and only an unwatered tile that had no marker left before
   this drought becomes desert for good (deserts block fields and count for no crop). Lost markers
   leave the game.
9. **Income:** everyone takes {D.INCOME} escudos.

In the **last round** steps 8–9 are replaced by the **final drought**: every unwatered tile becomes
desert whatever its markers. There is no income.

## Scoring

A plantation is a group of same-crop, non-desert tiles joined by edges (lines and canals do not
split it). Each player scores its size × their markers in it. Add your cash. Tied players share
the win.

## Palm-tree variant

Three palms start on fields not touching the spring's intersection or each other (not even at a
corner). A tile planted on a palm keeps it. The palm counts one extra marker for the tile's owner
while the owner has at least one marker there. It is never removed as a marker; it leaves when the
tile turns to desert.

## Hidden information

Each player's cash is secret unless money is open; bids, bribes and who still has a personal canal
are public. All money is shown at the end.
"""


GAME = SantiagoGame()


def decode_action(data: Any):
    # The actions module is imported when first needed, not with the package (start-up).
    from .actions import decode_action as decode

    return decode(data)


def __getattr__(name: str):
    # A name this package always exported, now loaded on first use.
    if name == "SantiagoState":
        from .state import SantiagoState

        return SantiagoState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "SantiagoGame", "SantiagoState", "decode_action", "OPTIONS"]
