"""St. Petersburg: drawing afresh what one seat cannot see, for `StPetersburgState._redeal`.

What a seat sees of the 116 cards: the display, the discard pile, every play area, a card drawn
with an Observatory, its own hand (and the others' under the open-hands option). Everything else
lies in the four face-down stacks or in the other players' hidden hands, and only the sizes of
those are public. So the unseen cards are counted from the card table, never read from the places
they are hidden in.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .data import CARDS, DECKS, PRICE, START_RUBLES

# the kinds of each stack in table order, and how many of each the game has: a fixed order keeps
# a redeal from one RNG state always the same
_KINDS: dict[str, tuple[tuple[str, int], ...]] = {
    deck: tuple((c.key, c.count) for c in CARDS.values() if c.deck == deck) for deck in DECKS
}
_COUNTS: dict[str, int] = {c.key: c.count for c in CARDS.values()}


def unseen_by_deck(seen: Iterable[Iterable[str]]) -> dict[str, list[str]]:
    """The cards of each stack's kind that are in none of the `seen` places, in table order."""
    left = dict(_COUNTS)
    for cards in seen:
        for key in cards:
            left[key] -= 1
    return {deck: [key for key, _ in _KINDS[deck] for _ in range(left[key])] for deck in DECKS}


def deal_unseen(
    unseen: dict[str, list[str]], stack_sizes: dict[str, int], hand_sizes: list[int], rng: random.Random
) -> tuple[dict[str, list[str]], list[list[str]]]:
    """New stacks (top card last) and hidden hands of the given sizes from the unseen cards.

    The stacks hold only their own kind and their sizes are public, so of each kind exactly
    (unseen of that kind) - (stack size) cards are in hands: which ones is a uniform choice, and
    together they are dealt at random among the hidden hands."""
    stacks: dict[str, list[str]] = {}
    in_hands: list[str] = []
    for deck in DECKS:
        pool = list(unseen[deck])
        rng.shuffle(pool)
        held = len(pool) - stack_sizes[deck]
        if held < 0:
            raise ValueError(f"the {deck} stack holds more cards than are unseen")
        in_hands += pool[:held]
        stacks[deck] = pool[held:]
    if len(in_hands) != sum(hand_sizes):
        raise ValueError("the hidden hands do not hold the unseen cards that the stacks leave")
    rng.shuffle(in_hands)
    hands = []
    start = 0
    for size in hand_sizes:
        hands.append(in_hands[start : start + size])
        start += size
    return stacks, hands


def opening_rubles(area: Iterable[str]) -> int:
    """A player's exact money before the first scoring: 25 ₽ less what its play area cost. Until
    then only workers can be had, from the upper row or the hand, so each copy of a worker cost
    its price less one per copy already owned (§5.1), never below 1 ₽."""
    spent = 0
    owned: dict[str, int] = {}
    for key in area:
        copies = owned.get(key, 0)
        spent += max(1, PRICE[key] - copies)
        owned[key] = copies + 1
    return max(0, START_RUBLES - spent)


def guess_rubles(own: int, rng: random.Random) -> int:
    """A plausible amount for a player whose money is hidden from a seat holding `own` ₽.

    Money is public in principle (every income and price is announced), but the state keeps no
    tally of it, and the play areas cannot tell when each card came, so what it paid or earned.
    The seat's own money is the best public clue: all players earn at the same scorings and spend
    in the same display, and in SmartBot games it predicts another player's money better than the
    other's income or a constant does (mean error ~7 ₽ against ~17 ₽ and ~20 ₽). The spread grows
    with the amount, as the others' money scatters more widely in a richer game."""
    spread = 3 + own // 2
    return rng.randint(max(0, own - spread), own + spread)
