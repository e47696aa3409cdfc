"""Santiago's fixed data: board geometry, tiles and per-player-count set-up figures.

Every figure comes from shared/rules/santiago.md (§2, §3). Geometry is derived from the spec's
coordinate system so that nothing is typed in twice:

- fields F(c, r): c = 0..7 west to east, r = 0..5 north to south; index ``c + 8 * r``;
- intersections I(x, y) of the thick lines: x = 0..4, y = 0..3; index ``x + 5 * y``;
- canal segments: H(x, y) joins I(x, y)-I(x+1, y), V(x, y) joins I(x, y)-I(x, y+1); 31 in all,
  indexed in the order of ``SEGMENTS`` (the 16 H first, then the 15 V, each row by row).

The tile mix (6 two-worker and 3 one-worker tiles per crop) is the official English rulebook's
component list (spec §2.2, A1); two independent implementations agree with it.
"""

from __future__ import annotations

from collections.abc import Mapping

COLS, ROWS = 8, 6
NFIELDS = COLS * ROWS
IX, IY = 5, 4  # intersections per row / per column
NINTER = IX * IY

# -- crops and tiles ----------------------------------------------------------------------------
# The official English rulebook's crops (spec §2.2); the seed's "peas" are the beans. The keys are
# what saves store (a Plant action names its crop), so "chili" stays the key of the red pepper.
CROPS: tuple[str, ...] = ("banana", "beans", "chili", "potato", "sugar")
CROP_NAMES: dict[str, str] = {
    "banana": "Banana",
    "beans": "Beans",
    "chili": "Red pepper",
    "potato": "Potato",
    "sugar": "Sugar cane",
}
# One word per crop, for where a name must be short but the two letters of CROP_SHORT are too few.
CROP_WORDS: dict[str, str] = {
    "banana": "Banana",
    "beans": "Beans",
    "chili": "Pepper",
    "potato": "Potato",
    "sugar": "Sugar",
}
CROP_SHORT: dict[str, str] = {"banana": "Ba", "beans": "Be", "chili": "Pe", "potato": "Po", "sugar": "Su"}

# (workers, how many) per crop: the rulebook's 6 two-worker and 3 one-worker tiles.
TILE_MIX: tuple[tuple[int, int], ...] = ((2, 6), (1, 3))

# TILES[tile id] = (crop key, workers); 45 tiles, crop by crop.
TILES: tuple[tuple[str, int], ...] = tuple(
    (crop, workers) for crop in CROPS for workers, count in TILE_MIX for _ in range(count)
)


def workers_text(workers: int) -> str:
    """ "2 workers", "1 worker": the workers printed on a tile, in words."""
    return f"{workers} worker" if workers == 1 else f"{workers} workers"


def tile_label(crop: str, workers: int) -> str:
    """ "Banana (2 workers)" — how a tile is named everywhere a player reads it (plain text, so it
    shows in any font; the board draws the short form ☾Ba² itself)."""
    return f"{CROP_NAMES.get(crop, crop)} ({workers_text(workers)})"


TILE_LABELS: tuple[str, ...] = tuple(tile_label(crop, workers) for crop, workers in TILES)


def yield_markers(workers: int, passed: bool) -> int:
    """The yield markers a planter puts on a tile (spec §4, P1 PLANT): the workers printed on it,
    one fewer for a player who passed in the bidding, never fewer than none."""
    return max(0, workers - (1 if passed else 0))


def markers_text(count: int) -> str:
    """ "2 yield markers", "1 yield marker", "no yield marker"."""
    if count <= 0:
        return "no yield marker"
    return f"{count} yield marker" + ("s" if count > 1 else "")


def tile_gives(crop: str, workers: int, passed: bool) -> str:
    """ "Banana, 2 workers → 1 yield marker (you passed)": a tile offered to the player who would
    plant it, and what it gives them."""
    gives = markers_text(yield_markers(workers, passed))
    text = f"{CROP_NAMES.get(crop, crop)}, {workers_text(workers)} → {gives}"
    return f"{text} (you passed)" if passed else text


# -- set-up per player count (spec §3) ------------------------------------------------------------
START_CASH = 10
INCOME = 3
MARKERS_PER_PLAYER = 22
PALM_COUNT = 3


def rounds_for(players: int) -> int:
    return 9 if players == 5 else 11


def offer_size_for(players: int) -> int:
    return 5 if players == 5 else 4


def removes_tile(players: int) -> bool:
    """3 and 4 players put one random tile back in the box; 5 players use all 45."""
    return players < 5


def canal_supply_for(players: int) -> int:
    """Blue canals in the general supply: one per round (personal canals come on top)."""
    return rounds_for(players)


# -- geometry ------------------------------------------------------------------------------------
def field_index(c: int, r: int) -> int:
    return c + COLS * r


def field_cr(f: int) -> tuple[int, int]:
    return f % COLS, f // COLS


FIELD_CR: tuple[tuple[int, int], ...] = tuple((f % COLS, f // COLS) for f in range(NFIELDS))


def inter_index(x: int, y: int) -> int:
    return x + IX * y


def inter_xy(i: int) -> tuple[int, int]:
    return i % IX, i // IX


SEGMENTS: tuple[tuple[str, int, int], ...] = tuple(
    [("H", x, y) for y in range(IY) for x in range(IX - 1)]
    + [("V", x, y) for y in range(IY - 1) for x in range(IX)]
)
SEG_INDEX: dict[tuple[str, int, int], int] = {seg: i for i, seg in enumerate(SEGMENTS)}


def _seg_ends(seg: tuple[str, int, int]) -> tuple[int, int]:
    o, x, y = seg
    if o == "H":
        return inter_index(x, y), inter_index(x + 1, y)
    return inter_index(x, y), inter_index(x, y + 1)


def _on_board(c: int, r: int) -> bool:
    return 0 <= c < COLS and 0 <= r < ROWS


def _seg_fields(seg: tuple[str, int, int]) -> tuple[int, ...]:
    """Fields watered by a segment (spec §2.1): both sides, where they lie on the board."""
    o, x, y = seg
    if o == "H":
        cells = [(2 * x, 2 * y - 1), (2 * x + 1, 2 * y - 1), (2 * x, 2 * y), (2 * x + 1, 2 * y)]
    else:
        cells = [(2 * x - 1, 2 * y), (2 * x - 1, 2 * y + 1), (2 * x, 2 * y), (2 * x, 2 * y + 1)]
    return tuple(sorted(field_index(c, r) for c, r in cells if _on_board(c, r)))


SEG_ENDS: tuple[tuple[int, int], ...] = tuple(_seg_ends(s) for s in SEGMENTS)
SEG_FIELDS: tuple[tuple[int, ...], ...] = tuple(_seg_fields(s) for s in SEGMENTS)

# The two segments along each field (one H, one V), inverted from SEG_FIELDS.
FIELD_SEGS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, fs in enumerate(SEG_FIELDS) if f in fs) for f in range(NFIELDS)
)

# Segments meeting at each intersection.
INTER_SEGS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, ends in enumerate(SEG_ENDS) if p in ends) for p in range(NINTER)
)

# Orthogonal neighbours (plantations and the 3-player leftover rule).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        field_index(c + dc, r + dr)
        for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1))
        if _on_board(c + dc, r + dr)
    )
    for c, r in (field_cr(f) for f in range(NFIELDS))
)

# Neighbours by edge or corner (palm spacing, ruling A26).
KING_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        field_index(c + dc, r + dr)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dc or dr) and _on_board(c + dc, r + dr)
    )
    for c, r in (field_cr(f) for f in range(NFIELDS))
)

# Fields touching each intersection (palms may not touch the spring).
INTER_FIELDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            field_index(c, r)
            for c, r in ((2 * x - 1, 2 * y - 1), (2 * x, 2 * y - 1), (2 * x - 1, 2 * y), (2 * x, 2 * y))
            if _on_board(c, r)
        )
    )
    for x, y in (inter_xy(p) for p in range(NINTER))
)

INNER_INTERSECTIONS: tuple[int, ...] = tuple(
    inter_index(x, y) for y in range(1, IY - 1) for x in range(1, IX - 1)
)


def seg_label(seg_index: int) -> str:
    """ "H 1,2" — a segment as the player reads it: orientation, then column,row of its west/north end."""
    o, x, y = SEGMENTS[seg_index]
    return f"{o} {x},{y}"


def rules_values(options: Mapping[str, str]) -> dict[str, str]:
    """The {{fields}} of rules.md, read from the figures above so that the text cannot disagree
    with the game; no field depends on `options`."""
    figures: dict[str, object] = {
        "crops": ", ".join(CROP_NAMES[c].lower() for c in CROPS),
        "start_cash": START_CASH,
        "markers": MARKERS_PER_PLAYER,
        "income": INCOME,
    }
    return {name: str(value) for name, value in figures.items()}
