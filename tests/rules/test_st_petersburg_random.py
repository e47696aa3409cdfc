"""Seeded random play of St. Petersburg with its own invariants after every action.

Cheap invariants run after every action; every 10th action also checks that `legal_actions` and
the validation in `apply` agree on near misses of St. Petersburg moves, and the display prices.
What every game must keep (refusals, saves, replay, hidden information, standings) is checked by
tests/test_contract.py.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.st_petersburg.actions import Buy, Play, PubBuy, TakeToHand
from boardgames_tui.rules.st_petersburg.data import CARDS, DECKS, aristocrat_bonus, full_deck
from boardgames_tui.rules.st_petersburg.view import Prices

# Hundreds of random games per player count: the longest rules run.
pytestmark = pytest.mark.slow

GAME = registry.get("st_petersburg")
ALL_CARDS = Counter(card for deck in DECKS for card in full_deck(deck))
GAMES_PER_COUNT = 700
HEAVY_EVERY = 10


def all_cards(st) -> Counter:
    cards = Counter(st.upper) + Counter(st.lower) + Counter(st.discard)
    for stack in st.stacks.values():
        cards.update(stack)
    for seat in range(st.n):
        cards.update(st.hands[seat])
        cards.update(st.areas[seat])
    if st.obs_card is not None:
        cards[st.obs_card] += 1
    return cards


def card_total(st) -> int:
    total = len(st.upper) + len(st.lower) + len(st.discard) + (st.obs_card is not None)
    total += sum(len(s) for s in st.stacks.values())
    total += sum(len(h) for h in st.hands) + sum(len(a) for a in st.areas)
    return total


def check_cheap(st, prev_hands, prev_points):
    assert card_total(st) == 116
    assert len(st.upper) + len(st.lower) <= 8
    for seat in range(st.n):
        assert st.rubles[seat] >= 0
        hand = len(st.hands[seat])
        assert hand <= 4
        if hand > st.hand_limit(seat):  # only after losing the Warehouse: the hand never grows then
            assert hand <= prev_hands[seat]
        assert st.points[seat] >= prev_points[seat]
        assert 0 <= st.obs_used[seat] <= st.areas[seat].count("observatory") + 1
    assert 0 <= st.passes < st.n or st.is_over()
    if not st.is_over():
        assert len(st.to_move()) == 1
        assert st.legal_actions(st.to_move()[0])


def perturbations(action, st):
    """Near misses of a legal action: wrong price, place, target."""
    out = []
    if isinstance(action, (Buy, Play, PubBuy)):
        out += [
            dataclasses.replace(action, price=action.price + 1),
            dataclasses.replace(action, price=action.price - 1),
        ]
    if isinstance(action, (Buy, TakeToHand)):
        other = "lower" if action.row == "upper" else "upper"
        out += [
            dataclasses.replace(action, row=other),
            dataclasses.replace(action, index=action.index + 1),
            dataclasses.replace(action, index=99),
        ]
    if isinstance(action, (Buy, Play)):
        out.append(dataclasses.replace(action, replace=None if action.replace else "market"))
        for key in st.areas[st.to_move()[0]][:4]:
            out.append(dataclasses.replace(action, replace=key))
    return out


def check_heavy(st, seat, legal):
    assert all_cards(st) == ALL_CARDS
    # legal_actions and apply's validation agree, on the legal actions and on near misses
    for action in legal:
        assert st._why_not(seat, action) is None, action
    for action in legal[:6]:
        for near in perturbations(action, st):
            assert (st._why_not(seat, near) is None) == (near in legal), near
    # the public view's prices are the mover's, as price() computes them
    public = st.view(None)
    assert public.prices == Prices(
        upper=tuple(st.cell_price(seat, card, False) for card in st.upper),
        lower=tuple(st.cell_price(seat, card, True) for card in st.lower),
    )


def play_one(n: int, seed: int):
    rng = random.Random(seed)
    options = {
        "taxman_phase": rng.choice(["aristocrat", "worker"]),
        "skip_refill_if_nothing_taken": rng.choice(["on", "on", "off"]),
        "tiebreak": rng.choice(["total", "remainder"]),
    }
    st = GAME.new([f"P{i}" for i in range(n)], seed, options=options)
    steps = 0
    while not st.is_over():
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        if steps % HEAVY_EVERY == 0:
            check_heavy(st, seat, legal)
        prev_hands = [len(h) for h in st.hands]
        prev_points = list(st.points)
        assert st.apply(seat, action)
        check_cheap(st, prev_hands, prev_points)
        steps += 1
        assert steps < 3000
    assert all_cards(st) == ALL_CARDS
    rows = st.standings().rows
    assert all(list(r.breakdown) == ["track", "aristocrats", "money", "hand"] for r in rows)
    for r in rows:
        kinds = len({key for key in st.areas[r.seat] if CARDS[key].face == "orange"})
        assert r.breakdown == {
            "track": st.points[r.seat],
            "aristocrats": aristocrat_bonus(kinds),
            "money": st.rubles[r.seat] // 10,
            "hand": -5 * len(st.hands[r.seat]),
        }
        expected = st.rubles[r.seat] % 10 if options["tiebreak"] == "remainder" else st.rubles[r.seat]
        assert r.tiebreak == expected
    return st


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games(n):
    rounds = Counter()
    for seed in range(GAMES_PER_COUNT):
        st = play_one(n, seed * 7 + n)
        rounds[st.round] += 1
    assert min(rounds) >= 2
