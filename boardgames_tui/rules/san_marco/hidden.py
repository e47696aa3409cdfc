"""What a seat of San Marco cannot see, drawn afresh for a search bot (`State.redeal_hidden`).

The secrets (see `SanMarcoState.plant_secrets`): the order of the action deck and of the limit
deck, and each offer not yet revealed whose divider is another seat, its cards and its split. A
player's prestige, cubes, bridges and limit cards are all public: there is no hidden money.

The cards are counted, never read: every action card of the period is in the deck, the discard
pile (cards played or given up, all shown when their offer was revealed), the pending cards of the
pile being resolved, an untaken pile of an offer the seat can see, or a hidden offer; every limit
card of the period is in the deck, in front of a player, in an untaken pile the seat can see, or in
a hidden offer. The full decks less what the seat can see is the unseen pool, dealt at random into
the hidden offers (their sizes are public) and the decks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any, Protocol, TypeVar

from .data import ACTION_DECK, LIMIT_DECK, OFFER_CARDS


class Dealt(Protocol):
    """The parts of a San Marco state a redeal reads and deals into (state.SanMarcoState)."""

    step: str
    offers: list[dict[str, Any]]
    pending: list[str]
    action_deck: list[str]
    action_discard: list[str]
    limit_deck: list[int]
    limits: list[list[int]]


def redeal(state: Dealt, seat: int, rng: random.Random) -> None:
    offers = state.offers
    hidden = [i for i, o in enumerate(offers) if not o["revealed"] and o["divider"] != seat]
    actions_seen: Counter[str] = Counter(state.action_discard)
    actions_seen.update(state.pending)
    limits_seen: Counter[int] = Counter(value for held in state.limits for value in held)
    for i, offer in enumerate(offers):
        if i in hidden:
            continue
        taken = offer["taken"]  # a taken pile's cards are now pending, discarded or limits held
        for card, pile in zip(offer["cards"], offer["draft"]):
            if pile in taken:
                continue
            if card.startswith("limit:"):
                limits_seen[int(card[6:])] += 1
            else:
                actions_seen[card] += 1
    action_pool = unseen(ACTION_DECK, actions_seen)
    limit_pool = unseen(LIMIT_DECK, limits_seen)
    rng.shuffle(action_pool)
    rng.shuffle(limit_pool)
    for i in hidden:
        offer = offers[i]
        actions, limits = OFFER_CARDS[offer["piles"]]
        size = len(offer["cards"])
        assert size == actions + limits, "an offer holds the cards its piles call for"
        offer["cards"] = [action_pool.pop() for _ in range(actions)] + [
            f"limit:{limit_pool.pop()}" for _ in range(limits)
        ]
        offer["draft"] = draft(state, i, size, offer["piles"], rng)
    assert len(action_pool) == len(state.action_deck), "the action cards do not add up"
    assert len(limit_pool) == len(state.limit_deck), "the limit cards do not add up"
    state.action_deck = action_pool
    state.limit_deck = limit_pool


# A kind of card: an action card's name or a limit card's value.
Card = TypeVar("Card", bound=Hashable)


def unseen(deck: tuple[tuple[Card, int], ...], seen: Counter[Card]) -> list[Card]:
    """The cards of the full `deck` (card, copies) less those `seen`, in the table's order."""
    pool: list[Card] = []
    for card, copies in deck:
        left = copies - seen[card]
        assert left >= 0, f"more {card} seen than the game has"
        pool += [card] * left
    return pool


def draft(state: Dealt, index: int, size: int, piles: int, rng: random.Random) -> list[int]:
    """A split of offer `index` its divider could have in hand now. Nothing shows how a divider
    splits, so every split is as likely as any other."""
    if state.step == "split" and not state.offers[index]["confirmed"]:
        # its divider is splitting (both of PAIRS2's at once): a draft in progress may leave a
        # pile empty, and nothing shows how far it has gone
        return [rng.randrange(piles) for _ in range(size)]
    while True:  # confirmed: every pile holds a card (rejection keeps the choice uniform)
        split = [rng.randrange(piles) for _ in range(size)]
        if len(set(split)) == piles:
            return split
