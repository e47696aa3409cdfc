"""Macao's arithmetic, free of the state machine (shared/rules/macao.md §2.6–§2.9, §4–§6): the wind
rose, the late-round dice, the city wall and its turn order, the tribute price, deliveries, the
largest connected group of quarters, final scoring. Plain values in, plain values out, so the
tests and the bot can call it too.

Cubes are counted by colour: a `Cubes` is a tuple of six counts in the order of data.COLOURS
(R B G K Y V).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .data import CARD, COLOURS, DELIVERY_POINTS, PUNISH_PP, QUARTER_PP, ROUNDS, WALL_SPACES

Cubes = tuple[int, ...]
NO_CUBES: Cubes = (0,) * len(COLOURS)
LAST = WALL_SPACES - 1


def cubes(text: str = "") -> Cubes:
    """'R2 B1' (or 'R R B') as counts by colour."""
    counts = [0] * len(COLOURS)
    for part in text.split():
        n = int(part[1:]) if len(part) > 1 else 1
        counts[COLOURS.index(part[0])] += n
    return tuple(counts)


def add(a: Cubes, b: Cubes) -> Cubes:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def take(a: Cubes, b: Cubes) -> Cubes | None:
    """`a` less `b`, or None when `a` does not hold `b`."""
    left = tuple(x - y for x, y in zip(a, b, strict=True))
    return None if min(left) < 0 else left


def one_colour(colour: int, n: int) -> Cubes:
    counts = [0] * len(COLOURS)
    counts[colour] = n
    return tuple(counts)


def cubes_text(c: Cubes) -> str:
    return " ".join(f"{COLOURS[i]}{n}" for i, n in enumerate(c) if n) or "none"


# -- the wind rose (§2.9) ------------------------------------------------------------------------
# `pending[i]` holds the cubes beside face i + 1; they arrive (become the action cube supply) when
# the rose turns with them beside face 1.


def place(pending: Sequence[Cubes], value: int, colour: int, count: int | None = None) -> tuple[Cubes, ...]:
    """A die of `value` and `colour` chosen: `count` (its value) cubes of that colour beside face
    `value`."""
    out = list(pending)
    out[value - 1] = add(out[value - 1], one_colour(colour, value if count is None else count))
    return tuple(out)


def rotate(pending: Sequence[Cubes]) -> tuple[Cubes, tuple[Cubes, ...]]:
    """The rose turns one side: the pile beside face 1 is the supply, the others move one face down."""
    return pending[0], (*pending[1:], NO_CUBES)


def late_value(value: int, round_no: int) -> int:
    """From round 8 a die that could no longer pay out in time shows 1 (rules E2): it would arrive
    in round `round_no + value − 1`, after the last round, when `value > ROUNDS + 1 − round_no`."""
    return 1 if value > ROUNDS + 1 - round_no else value


def arrival(value: int, round_no: int) -> int:
    """The round in which a die of `value` chosen in `round_no` pays out."""
    return round_no + value - 1


# -- the city wall (§2.6) ------------------------------------------------------------------------
# `wall[s]` lists the discs on space s, top first.


def wall_order(wall: Sequence[Sequence[int]], always_on_top: Iterable[int] = ()) -> list[int]:
    """Turn order: the furthest space first, each stack top to bottom; a disc whose owner has the
    Gate (WALL_TOP) lies on top of any stack it is in."""
    top = set(always_on_top)
    order: list[int] = []
    for space in range(len(wall) - 1, -1, -1):
        stack = list(wall[space])
        order += [p for p in stack if p in top] + [p for p in stack if p not in top]
    return order


def wall_position(wall: Sequence[Sequence[int]], p: int) -> int:
    return next(s for s, stack in enumerate(wall) if p in stack)


def wall_step_cost(spaces: int, first: int = 1, further: int = 2) -> int:
    """The cubes a wall move of `spaces` costs: 1 for the first space, 2 for each further one (cards
    may lower either)."""
    return max(0, first) + max(0, further) * (spaces - 1) if spaces > 0 else 0


def move_on_wall(wall: Sequence[Sequence[int]], p: int, spaces: int) -> list[list[int]]:
    """`p` moves `spaces` forward: on top of the stack where it lands, but on the last space under the
    discs already there (the earliest arrival stays first)."""
    out = [list(stack) for stack in wall]
    here = wall_position(out, p)
    out[here].remove(p)
    target = min(here + spaces, LAST)
    if target == LAST:
        out[target].append(p)
    else:
        out[target].insert(0, p)
    return out


# -- tribute, deliveries, the city ---------------------------------------------------------------


def tribute(pairs: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """The round's price and prize: the sums of the six display cards' yellow and red numbers."""
    gold = pp = 0
    for yellow, red in pairs:
        gold += yellow
        pp += red
    return gold, pp


def delivery_points(filled: int, values: Sequence[int] = DELIVERY_POINTS) -> int | None:
    """What the next delivery to a port with `filled` tiles scores (its highest empty space, worth
    `values`, highest first), or None when all its spaces are taken."""
    return values[filled] if filled < len(values) else None


def largest_group(owned: Iterable[str], neighbours: Mapping[str, Sequence[str]]) -> int:
    """The number of quarters in the largest connected group of `owned` (borders on the map)."""
    left = set(owned)
    best = 0
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            q = todo.pop()
            size += 1
            for n in neighbours[q]:
                if n in left:
                    left.remove(n)
                    todo.append(n)
        best = max(best, size)
    return best


def final_score(
    track: int,
    punish: int,
    left_on_tableau: int,
    shielded: bool,
    card_points: int,
    group: int,
) -> dict[str, int]:
    """Final scoring in the rulebook's order (§6): a punish marker per card left on the tableau
    (none with the abbot), −3 per marker, game-end cards, 2 per quarter of the largest group."""
    markers = punish + (0 if shielded else left_on_tableau)
    parts = {
        "track": track,
        "punish": -PUNISH_PP * markers,
        "cards": card_points,
        "city": QUARTER_PP * group,
    }
    parts["total"] = sum(parts.values())
    return parts


def shielded(active: Iterable[str]) -> bool:
    """An activated abbot (SHIELD(tableau)): no punish markers for cards left on the tableau."""
    return any(CARD[c].effect.code == "SHIELD" for c in active)


def end_points(active: Sequence[str], markers: int, quarters: int, gold: int) -> int:
    """Final-scoring step 3: what the activated game-end cards give (data §3.2: PP, END, ABSOLVE).
    `markers` are the punish markers after step 1."""
    kinds = {
        kind: sum(1 for c in active if CARD[c].kind == kind) for kind in ("office", "building", "person")
    }
    counters = {
        "quarters": quarters,
        "cards": len(active),
        "persons": kinds["person"],
        "buildings": kinds["building"],
        "offices": kinds["office"],
        "gold": gold,
        "trios": min(kinds.values()),
    }
    total = 0
    for c in active:
        card = CARD[c]
        if card.timing != "game_end":
            continue
        code, args = card.effect.code, card.effect.args
        if code == "PP":
            total += int(args[0])
        elif code == "END":
            total += counters[args[0]] * int(args[1])
        elif code == "ABSOLVE":
            total += PUNISH_PP * min(markers, int(args[0]))
    return total
