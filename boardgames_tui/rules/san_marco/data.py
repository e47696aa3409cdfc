"""San Marco's fixed data: the board (districts, their values, which are neighbours), the decks and
the set-up figures, from shared/rules/san_marco.md (§2, §3).

The printed board is not public. The official rulebook settles only San Marco's values (8/6),
Castello's die number (6) and one neighbouring pair (Castello – San Marco). Every other district
value and every other neighbouring pair is PROVISIONAL (spec §2.2, §2.3: real Venice's sestiere
adjacency, placeholder values). They live here and nowhere else: the rules, the bot, the board's
drawing and every test read them from this table, so that reading the printed board one day
means editing these lines only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class District:
    die: int  # the die number shown in the district (1..6); also its index + 1
    key: str
    name: str
    high: int  # prestige for the sole leader
    low: int  # for the sole runner-up, or for each of several tied leaders
    provisional: bool  # True where the values are not the rulebook's


DISTRICTS: tuple[District, ...] = (
    District(1, "cannaregio", "Cannaregio", 6, 4, True),
    District(2, "santa_croce", "Santa Croce", 5, 3, True),
    District(3, "san_polo", "San Polo", 6, 5, True),
    District(4, "san_marco", "San Marco", 8, 6, False),  # [R]
    District(5, "dorsoduro", "Dorsoduro", 5, 3, True),
    District(6, "castello", "Castello", 7, 4, True),  # die 6 [R]; values provisional
)
NDISTRICTS = len(DISTRICTS)
DISTRICT_KEYS = {d.key: i for i, d in enumerate(DISTRICTS)}  # "san_polo" -> 2
SAN_MARCO = 3  # index of San Marco: the final tie-break counts cubes there

# The pairs of districts that share a canal, by index (die − 1), each with whether the rulebook
# confirms it. A bridge joins exactly such a pair (spec §2.3, E29).
NEIGHBOUR_PAIRS: tuple[tuple[int, int, bool], ...] = (
    (0, 1, False),  # Cannaregio – Santa Croce
    (0, 2, False),  # Cannaregio – San Polo
    (0, 3, False),  # Cannaregio – San Marco
    (0, 5, False),  # Cannaregio – Castello
    (1, 2, False),  # Santa Croce – San Polo
    (1, 4, False),  # Santa Croce – Dorsoduro
    (2, 3, False),  # San Polo – San Marco
    (2, 4, False),  # San Polo – Dorsoduro
    (3, 4, False),  # San Marco – Dorsoduro
    (3, 5, True),  # San Marco – Castello [R]
)
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a, b, _ in NEIGHBOUR_PAIRS)
NEIGHBOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(b if a == d else a for a, b in PAIRS if d in (a, b)) for d in range(NDISTRICTS)
)


def pair(a: int, b: int) -> tuple[int, int]:
    """The pair of districts `a` and `b` as PAIRS writes it (lower index first)."""
    return (a, b) if a < b else (b, a)


# -- pieces and decks (spec §2.1, §2.4) ----------------------------------------------------------
CUBES_PER_COLOUR = 25
BRIDGES = 12
BRIDGES_PER_PAIR = 3
LIMIT_OUT = 10  # a limit total at or above this at a round's end: out for the period
PERIODS = 3
STARTING_ROLLS = 4
CUBES_PER_STARTING_ROLL = 2

DISTRICT_CARDS_EACH = 5
ACTION_DECK: tuple[tuple[str, int], ...] = (
    *((f"district:{d.key}", DISTRICT_CARDS_EACH) for d in DISTRICTS),
    ("bridge", 6),
    ("transfer", 12),
    ("doge", 10),
    ("banish", 4),
)
LIMIT_DECK: tuple[tuple[int, int], ...] = ((1, 8), (2, 10), (3, 10))  # (value, copies)
# A card is named "district:<key>", "bridge", "transfer", "doge", "banish" or "limit:<value>".
CARD_NAMES = {
    "bridge": "Bridge card",
    "transfer": "Transfer card",
    "doge": "Doge card",
    "banish": "Banishment card",
}


def district_of_card(card: str) -> int | None:
    """The district (index) of a district card, None for any other card."""
    return DISTRICT_KEYS[card[9:]] if card.startswith("district:") else None


def card_name(card: str) -> str:
    """'District card San Polo', 'Banishment card', 'Limit 2': as the log and the board say it."""
    d = district_of_card(card)
    if d is not None:
        return f"District card {DISTRICTS[d].name}"
    if card.startswith("limit:"):
        return f"Limit {card[6:]}"
    return CARD_NAMES[card]


# Starting bridges per player, by player count (2: both 2-player variants).
STARTING_BRIDGES = {2: 1, 3: 2, 4: 1}

# -- the unofficial 2-player variants (spec §8.2, §8.3) -------------------------------------------
NEUTRAL_CUBES = 12  # variant A: one in every district, then one per die roll, six rolls
NEUTRAL_ROLLS = 6
DOGE_STEP_BANK_COST = 2  # prestige given up to step from a district no bridge touches


def rules_values(options: Mapping[str, str]) -> dict[str, str]:
    """The {{fields}} of rules.md, read from the tables above so that reading the printed board
    corrects the text too (each stand-in value is said to be one); no field depends on `options`."""
    figures: dict[str, object] = {
        "district_rows": "\n".join(
            f"| {d.die} | {d.name} | {d.high} / {d.low} | {'provisional' if d.provisional else 'rulebook'} |"
            for d in DISTRICTS
        ),
        "bridges_per_canal": BRIDGES_PER_PAIR,
        "neighbours": ", ".join(
            f"{DISTRICTS[a].name} – {DISTRICTS[b].name}{' (rulebook)' if sure else ''}"
            for a, b, sure in NEIGHBOUR_PAIRS
        ),
        "cubes_per_colour": CUBES_PER_COLOUR,
        "starting_rolls": STARTING_ROLLS,
        "cubes_per_starting_roll": CUBES_PER_STARTING_ROLL,
        "bridges": BRIDGES,
        "limit_out": LIMIT_OUT,
        "periods": PERIODS,
        "neutral_cubes": NEUTRAL_CUBES,
    }
    return {name: str(value) for name, value in figures.items()}


# The action and limit cards a divider draws, by the number of piles it makes (spec §4.4): 5 + 3
# into two piles (a pair of players), 6 + 4 into three (the trio). An offer's cards are its action
# cards, then its limit cards.
OFFER_CARDS = {2: (5, 3), 3: (6, 4)}
