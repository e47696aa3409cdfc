"""Rialto's fixed data: districts, the 12 connection slots, the bridge tiles, the cards, the
buildings and the set-up figures, from shared/rules/rialto.md (§2, §3).

Two pieces of printed data are PROVISIONAL (spec §2.1, §2.2: no source gives them): which pairs of
districts the 12 connection slots join, and the six bridge tiles' number pairs. They live here
and nowhere else: the rules, the bot, the board's drawing and every test read them from this
table, so that reading a printed board one day means editing these lines only. The grouping of
the districts into the Grand Canal's two banks is inferred (spec §2.1) and kept here too, as is
which blue building is the Doge advance and which the VP + councilman (spec §2.3, open).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class District:
    key: str
    name: str
    short: str  # at most 6 letters, for narrow lines
    bank: int  # 0: the north-east bank, 1: the south-west bank (inferred, spec §2.1)


DISTRICTS: tuple[District, ...] = (
    District("cannaregio", "Cannaregio", "Cannar", 0),
    District("san_marco", "San Marco", "SMarco", 0),
    District("castello", "Castello", "Castel", 0),
    District("santa_croce", "Santa Croce", "SCroce", 1),
    District("san_polo", "San Polo", "SPolo", 1),
    District("dorsoduro", "Dorsoduro", "Dorso", 1),
)
NDISTRICTS = len(DISTRICTS)
BANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d, district in enumerate(DISTRICTS) if district.bank == b) for b in (0, 1)
)
BANK_NAMES = ("north bank", "south bank")
BANK_BONUS = 5

# PROVISIONAL (spec §2.1, [UNVERIFIED-DATA]): the 12 connection slots, each joining two districts
# (by index above). Real Venice's ten touching pairs plus Castello – Santa Croce and Castello –
# Dorsoduro, so that every district has four different neighbours, as the sources say.
SLOTS: tuple[tuple[int, int], ...] = (
    (0, 1),  # a Cannaregio – San Marco
    (0, 2),  # b Cannaregio – Castello
    (1, 2),  # c San Marco – Castello
    (3, 4),  # d Santa Croce – San Polo
    (3, 5),  # e Santa Croce – Dorsoduro
    (4, 5),  # f San Polo – Dorsoduro
    (0, 3),  # g Cannaregio – Santa Croce
    (0, 4),  # h Cannaregio – San Polo
    (1, 4),  # i San Marco – San Polo
    (1, 5),  # j San Marco – Dorsoduro
    (2, 3),  # k Castello – Santa Croce
    (2, 5),  # l Castello – Dorsoduro
)
SLOTS_PROVISIONAL = True
SLOT_LETTERS = "abcdefghijkl"

# PROVISIONAL (spec §2.2, [UNVERIFIED-DATA]): the six bridge tiles, a number at each end, each
# 3–6 ([R]); the pairs themselves are a stand-in (the six pairs of different numbers).
BRIDGE_TILES: tuple[tuple[int, int], ...] = ((3, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 6))
BRIDGES_PROVISIONAL = True
GONDOLAS = 6
GONDOLA_VALUE = 1

# Cards: 7 kinds × 11. Index = the stage it is played in (A–F), Joker last.
CARD_NAMES = ("Doge", "Gold", "Building", "Bridge", "Gondola", "Councilman", "Joker")
CARD_SHORT = ("Dog", "Gld", "Bld", "Brg", "Gon", "Cou", "Jok")
DOGE, GOLD, BUILDING, BRIDGE, GONDOLA, COUNCILMAN, JOKER = range(7)
CARD_KINDS = len(CARD_NAMES)
CARDS_PER_KIND = 11
STAGES = "ABCDEF"  # stage i plays card kind i

# Buildings: three colours × values 1–4 × 5 copies.
COLOURS = ("green", "yellow", "blue")
COLOUR_LETTERS = "GYB"
GREEN, YELLOW, BLUE = range(3)
BUILDING_COPIES = 5
BUILDING_SPACES = 7

# Green buildings (Phase I): (takes a card from the leftover row or draws 3, hand-limit bonus).
GREEN_EFFECTS = {1: (True, 0), 2: (False, 1), 3: (True, 1), 4: (True, 2)}
GREEN_DRAW = 3
# Yellow buildings (Phase II): what each does on its owner's turn.
WAIT, CONVERT_ONE, EXTRA_JOKER, CONVERT_TWO = 1, 2, 3, 4
# Blue buildings (Phase III), by value. OPEN (spec §2.3): the rulebook transcription lists the
# blue effects unnumbered; the seed and the German FAQ make the Doge advance Blue 3. Swapping
# Blue 2 and Blue 3 is these two lines.
BLUE_EFFECTS = {1: "upgrade", 2: "vp_councilman", 3: "doge", 4: "vp3"}
BLUE_VP_COUNCILMAN = 1  # and a councilman to the personal supply (or 1 VP more)
BLUE_VP = 3

# Set-up and supplies.
ROUNDS = 6
ROW_SIZE = 6
BLIND_DRAWS = 2
HAND_LIMIT = 7
COINS = 30
COUNCILMEN = 18
PERSONAL_COUNCILMEN = 5
START_VP = 3
# Starting coins by seat, clockwise from the start player (spec §3 step 11).
START_COINS = {2: (1, 2), 3: (1, 2, 3), 4: (1, 2, 2, 3), 5: (1, 2, 2, 2, 3)}


def start_building_limit(players: int) -> int:
    """How many players may choose each value-1 building at set-up (spec §3 step 12)."""
    return 1 if players <= 3 else 2


def slot_name(slot: int) -> str:
    a, b = SLOTS[slot]
    return f"{DISTRICTS[a].name} – {DISTRICTS[b].name}"


def building_name(colour: int, value: int) -> str:
    return f"{COLOURS[colour].capitalize()} {value}"


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(b if a == d else a for a, b in SLOTS if d in (a, b))) for d in range(NDISTRICTS)
)
# What each blue building does, in the rules reference's words (BLUE_EFFECTS says which value
# does which).
_BLUE_TEXT = {
    "upgrade": "return one of your buildings and take the next value of its colour (not usable this round)",
    "vp_councilman": f"{BLUE_VP_COUNCILMAN} VP and a councilman from the general supply to yours "
    "(or 1 VP more)",
    "doge": "advance on the Doge track as many spaces as your rank",
    "vp3": f"{BLUE_VP} VP",
}


def rules_values(options: Mapping[str, str]) -> dict[str, str]:
    """The {{fields}} of rules.md, read from the tables above so that a corrected table corrects
    the text too; the virtual player's section is there whatever `options` say."""
    figures: dict[str, object] = {
        "rounds": ROUNDS,
        "start_vp": START_VP,
        "personal_councilmen": PERSONAL_COUNCILMEN,
        "general_councilmen": COUNCILMEN - PERSONAL_COUNCILMEN,
        "start_coins": "; ".join(f"{n} players: {', '.join(map(str, c))}" for n, c in START_COINS.items()),
        "row_size": ROW_SIZE,
        "blind_draws": BLIND_DRAWS,
        "hand_limit": HAND_LIMIT,
        "building_spaces": BUILDING_SPACES,
        "bank_bonus": BANK_BONUS,
        "green_draw": GREEN_DRAW,
        "blue_buildings": "\n".join(f"- **Blue {v}:** {_BLUE_TEXT[e]}." for v, e in BLUE_EFFECTS.items()),
        "connection_count": len(SLOTS),
        "connections": ", ".join(f"{SLOT_LETTERS[i]} {slot_name(i)}" for i in range(len(SLOTS))),
        "bridge_tiles": ", ".join(f"{a}│{b}" for a, b in BRIDGE_TILES),
        "banks": "; ".join(
            f"{BANK_NAMES[b]}: {', '.join(DISTRICTS[d].name for d in BANKS[b])}" for b in range(2)
        ),
    }
    return {name: str(value) for name, value in figures.items()}
