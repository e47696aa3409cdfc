"""Rialto's arithmetic, free of the state machine: the effective count of a card play (spec §5.7),
the Doge order (§2.7), district values and rankings (§2.2, §6), the virtual player's connection
marker (§3.1). Everything here takes plain values, so the tests and the bot can call it too."""

from __future__ import annotations

from collections.abc import Sequence

from .data import SLOTS


def effective_count(
    real: int, jokers: int, converted_one: int, converted_two: int, extra_jokers: int, holds_kind: bool
) -> int | None:
    """The effective count of a play, or None when the set is illegal (spec §5.7).

    `real`: cards of the stage's kind; `jokers`: Joker cards; `converted_one`/`converted_two`: cards
    of another kind turned into one (Yellow 2) or two (Yellow 4) of the stage's kind;
    `extra_jokers`: Yellow 3s used; `holds_kind`: whether the hand holds a card of the stage's kind.
    With no card of the kind (real or converted), two Jokers stand for one card the player does not
    hold, each further Joker adding one; a lone Joker (or lone Yellow 3) is no play, and nor are
    Yellow 3s with no card from the hand (a play is cards played: Yellow 3 joins a Joker card)."""
    base = real + converted_one + 2 * converted_two
    wild = jokers + extra_jokers
    if base >= 1:
        return base + wild
    if wild >= 2 and jokers >= 1 and not holds_kind:
        return wild - 1
    return None


def refusal_of_count(
    real: int, jokers: int, converted_one: int, converted_two: int, extra_jokers: int, holds_kind: bool
) -> str:
    """Why effective_count refused a set, in one line."""
    wild = jokers + extra_jokers
    if real + converted_one + converted_two + wild == 0:
        return "Choose at least one card to play, or pass."
    if wild == 1:
        return "A Joker cannot be played on its own: play it with a card of this stage, or two Jokers."
    if real + converted_one + converted_two + jokers == 0:
        return "Yellow 3 counts as a Joker beside cards you play: it is no play on its own."
    if holds_kind:
        return "Two Jokers stand only for a card you do not hold: play your card of this stage."
    return "That set of cards is not a legal play."


def doge_order(position: Sequence[int], height: Sequence[int], who: Sequence[int]) -> list[int]:
    """`who` in Doge order: further along the track first, on one space the disc higher in the stack."""
    return sorted(who, key=lambda p: (-position[p], -height[p]))


def district_value(slots: Sequence[Sequence[int] | None], d: int) -> int:
    """The sum of the numbers facing district `d` across its slots (empty slots add 0)."""
    total = 0
    for (a, b), tile in zip(SLOTS, slots):
        if tile is None:
            continue
        if a == d:
            total += tile[1]
        elif b == d:
            total += tile[2]
    return total


def ranking(counts: Sequence[int], order: Sequence[int]) -> list[int]:
    """Those with councilmen in a district, most first; equal counts in Doge `order`."""
    place = {p: i for i, p in enumerate(order)}
    present = [p for p in order if counts[p] > 0]
    return sorted(present, key=lambda p: (-counts[p], place[p]))


def rank_points(value: int, ranked: Sequence[int]) -> dict[int, int]:
    """Rank 1 scores the district's value, each next rank half the one before, rounded down."""
    points: dict[int, int] = {}
    score = value
    for p in ranked:
        points[p] = score
        score //= 2
    return points


def supply_points(coins: int, councilmen: int) -> int:
    """Final scoring: half of coins plus councilmen in the personal supply, rounded up."""
    return (coins + councilmen + 1) // 2


def marker_slot(slots: Sequence[Sequence[int] | None], number: Sequence[int]) -> int | None:
    """The virtual player's connection marker (spec §3.1): the lowest-numbered district with an
    empty slot, joined to its lowest-numbered neighbour across an empty slot. `number[d]` is the
    round tile district `d` shows. None when every slot is taken."""
    best: tuple[int, int, int] | None = None
    for i, (a, b) in enumerate(SLOTS):
        if slots[i] is not None:
            continue
        low, high = sorted((number[a], number[b]))
        if best is None or (low, high) < best[:2]:
            best = (low, high, i)
    return None if best is None else best[2]
