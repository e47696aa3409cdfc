"""What Macao's cards do when used in an action turn (house data §3.2), as plain functions: the
ways a card can be used with the cubes and gold at hand, and what a use pays and gives. Colours
are indexes into data.COLOURS; a choice is `pay` (the cubes paid) and `get` (the cubes taken),
each a sorted tuple of colours.

The cards used in the action turn are here (GOLD, PP, CUBE, TRADE, RECOLOUR, WALL, SHIP) with
`payments`, how a cost may be paid under WILD and DISCOUNT; the state applies the others where
they act (the draft, the dice, triggers, limits, costs, final scoring)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from .data import CARD, COLOURS

USED_IN_TURN = ("GOLD", "PP", "CUBE", "TRADE", "WALL", "RECOLOUR", "SHIP")  # SHIP: the state lists where
LIMIT = {"round": 1, "round2": 2}


@dataclass(frozen=True)
class Gain:
    """What a use pays and gives."""

    pay_cubes: tuple[int, ...] = ()
    pay_gold: int = 0
    gold: int = 0
    pp: int = 0
    cubes: tuple[int, ...] = ()
    wall: int = 0


def usable_in_turn(card_id: str) -> bool:
    card = CARD[card_id]
    return card.timing == "phase3" and card.uses in LIMIT and card.effect.code in USED_IN_TURN


def pay_options(code: str, available: tuple[int, ...], gold: int) -> list[tuple[tuple[int, ...], int]]:
    """The ways to pay a TRADE's price: (cubes, gold)."""
    if match := re.fullmatch(r"([RBGKYV])(\d)", code):
        colour, n = COLOURS.index(match.group(1)), int(match.group(2))
        return [((colour,) * n, 0)] if available[colour] >= n else []
    if match := re.fullmatch(r"X(\d)", code):
        colours = [c for c in range(len(COLOURS)) if available[c]]
        return [
            (pay, 0)
            for pay in combinations_with_replacement(colours, int(match.group(1)))
            if all(pay.count(c) <= available[c] for c in set(pay))
        ]
    if code == "S2":
        return [((c, c), 0) for c in range(len(COLOURS)) if available[c] >= 2]
    if match := re.fullmatch(r"D(\d)", code):
        present = [c for c in range(len(COLOURS)) if available[c]]
        return [(pay, 0) for pay in combinations(present, int(match.group(1)))]
    if match := re.fullmatch(r"(\d+)g", code):
        n = int(match.group(1))
        return [((), n)] if gold >= n else []
    raise ValueError(f"not a price: {code}")


def get_options(code: str) -> list[Gain]:
    """The ways to take a TRADE's or CUBE's goods (gold, PP or cubes)."""
    if match := re.fullmatch(r"(\d+)g", code):
        return [Gain(gold=int(match.group(1)))]
    if match := re.fullmatch(r"(\d+)pp", code):
        return [Gain(pp=int(match.group(1)))]
    if match := re.fullmatch(r"(\d+)×any", code):
        return [
            Gain(cubes=c) for c in combinations_with_replacement(range(len(COLOURS)), int(match.group(1)))
        ]
    if match := re.fullmatch(r"(\d+)×same", code):
        n = int(match.group(1))
        return [Gain(cubes=(c,) * n) for c in range(len(COLOURS))]
    raise ValueError(f"not a gain: {code}")


def cube_options(n: str, colour: str) -> list[Gain]:
    count = int(n)
    if colour == "any":
        return get_options(f"{count}×any")
    if colour == "same":
        return get_options(f"{count}×same")
    return [Gain(cubes=(COLOURS.index(colour),) * count)]


def uses(card_id: str, available: tuple[int, ...], gold: int, on_last_space: bool = False) -> list[Gain]:
    """Every way to use the card now (an empty list when it cannot be)."""
    effect = CARD[card_id].effect
    code, args = effect.code, effect.args
    if code == "GOLD":
        return [Gain(gold=int(args[0]))]
    if code == "PP":
        return [Gain(pp=int(args[0]))]
    if code == "CUBE":
        return cube_options(args[0], args[1])
    if code == "WALL":
        return [] if on_last_space else [Gain(wall=int(args[0]))]
    if code == "RECOLOUR":
        # up to n cubes of the supply change colour: given up as `pay`, taken back as `get`
        out = []
        colours = [c for c in range(len(COLOURS)) if available[c]]
        for k in range(1, int(args[0]) + 1):
            for pay in combinations_with_replacement(colours, k):
                if all(pay.count(c) <= available[c] for c in set(pay)):
                    for get in combinations_with_replacement(range(len(COLOURS)), k):
                        if sorted(get) != sorted(pay):
                            out.append(Gain(pay_cubes=pay, cubes=get))
        return out
    if code == "TRADE":
        out = []
        for cubes, paid_gold in pay_options(args[0], available, gold):
            for gain in get_options(args[1]):
                out.append(Gain(cubes, paid_gold, gain.gold, gain.pp, gain.cubes))
        return out
    return []


def describe(card_id: str, gain: Gain) -> str:
    """The use in words: "Mint: 2 cubes (R B) for 3 gold"."""
    parts = []
    if gain.pay_cubes or gain.pay_gold:
        paid = " ".join(COLOURS[c] for c in gain.pay_cubes) or f"{gain.pay_gold} gold"
        parts.append(f"pay {paid}")
    got = []
    if gain.gold:
        got.append(f"{gain.gold} gold")
    if gain.pp:
        got.append(f"{gain.pp} PP")
    if gain.cubes:
        got.append("cubes " + " ".join(COLOURS[c] for c in gain.cubes))
    if gain.wall:
        got.append(f"{gain.wall} wall space{'s' if gain.wall > 1 else ''} free")
    parts.append("take " + ", ".join(got) if got else "")
    return f"{CARD[card_id].name}: " + ", ".join(p for p in parts if p)


def payments(cost: tuple[int, ...], have: tuple[int, ...], wild: int, discount: int) -> list[tuple[int, ...]]:
    """The cubes (sorted colours) that may pay `cost` from `have` when up to `wild` of them may be of
    any colour (WILD) and up to `discount` may be left out, at least one paid (DISCOUNT)."""
    size = sum(cost)
    low = max(1, size - discount) if discount else size
    colours = [c for c in range(len(COLOURS)) if have[c]]
    out = []
    for n in range(low, size + 1):
        for pay in combinations_with_replacement(colours, n):
            if any(pay.count(c) > have[c] for c in set(pay)):
                continue
            matched = sum(min(pay.count(c), cost[c]) for c in set(pay))
            if n - matched <= wild:
                out.append(pay)
    return out
