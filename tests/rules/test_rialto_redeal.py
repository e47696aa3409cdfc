"""Rialto's `_redeal` (what a searching bot plans on): in seeded games of every player count, a
copy redealt for a seat keeps the 77 cards and every size, shows that seat exactly what it saw,
deals the others' hands, the draw pile and the face-down discards at random from the cards the
seat cannot see, and plays on to the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.rialto import GAME
from boardgames_tui.rules.rialto.bot import SmartBot
from boardgames_tui.rules.rialto.data import CARD_KINDS, CARDS_PER_KIND
from boardgames_tui.rules.rialto.state import RialtoState

CASES = [(2, {}), (2, {"virtual_player": "on"}), (3, {}), (4, {}), (5, {})]
IDS = ["2p", "2p-virtual", "3p", "4p", "5p"]
FULL = Counter({k: CARDS_PER_KIND for k in range(CARD_KINDS)})


def new(players: int, seed: int, options: dict[str, str]) -> RialtoState:
    state = GAME.new([Seat(f"P{i}") for i in range(players)], seed, options=options)
    assert isinstance(state, RialtoState)
    return state


def every_card(s: RialtoState) -> Counter:
    cards = Counter(s.deck)
    for place in [*s.discards, *s.rows, *s.hands]:
        cards.update(place)
    for played in s.played:
        if played:
            cards.update(played["cards"])
    return cards


def hidden_from(s: RialtoState, seat: int) -> tuple:
    """Everything `seat` cannot see, in place: the others' hands, the deck, the discard piles."""
    hands = tuple(tuple(h) for p, h in enumerate(s.hands[: s.n]) if p != seat)
    return hands, tuple(s.deck), tuple(tuple(pile) for pile in s.discards)


def unseen_count(s: RialtoState, seat: int) -> Counter:
    hands, deck, piles = hidden_from(s, seat)
    cards = Counter(deck)
    for place in [*hands, *piles]:
        cards.update(place)
    return cards


def positions(players: int, seed: int, options: dict[str, str], every: int):
    """The states of a seeded game (a smart bot at seat 0, random moves for the others) every
    `every` moves, the last one the finished game."""
    state = new(players, seed, options)
    rng, bot, step = random.Random(seed), SmartBot(), 0
    while not state.is_over():
        if step % every == 0:
            yield state
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, bot.choose(state.view(seat), legal, rng) if seat == 0 else rng.choice(legal))
        step += 1
    yield state


def play_out(state: RialtoState, seed: int) -> None:
    rng, steps = random.Random(seed), 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        assert legal, state.step
        state.apply(seat, rng.choice(legal))
        assert every_card(state) == FULL
        steps += 1
        assert steps < 20_000, "a redealt game does not end"
    assert len(state.standings().rows) == state.n


@pytest.mark.parametrize("players, options", CASES, ids=IDS)
def test_a_redeal_keeps_the_cards_the_sizes_and_the_view(players, options):
    checked = varied = 0
    for seed in range(2):
        for i, state in enumerate(positions(players, seed, options, 13)):
            for seat in range(players):
                rng = random.Random(f"{seed}:{seat}:{i}")
                redealt = state.redeal_hidden(seat, rng)
                assert isinstance(redealt, RialtoState)
                assert every_card(redealt) == FULL
                assert redealt.view(seat) == state.view(seat)
                assert redealt.to_move() == state.to_move()
                if seat in state.to_move():
                    assert redealt.legal_actions(seat) == state.legal_actions(seat)
                assert [len(h) for h in redealt.hands] == [len(h) for h in state.hands]
                assert [len(p) for p in redealt.discards] == [len(p) for p in state.discards]
                assert len(redealt.deck) == len(state.deck)
                assert redealt.hands[seat] == state.hands[seat]
                if state.V is not None:
                    assert redealt.hands[state.V] == state.hands[state.V]  # face up
                assert all(h == sorted(h) for h in redealt.hands)
                # Rialto hides no money: every coin is where it was.
                assert redealt.coins == state.coins and redealt.general_coins == state.general_coins
                # the unseen cards are the same multiset, only placed afresh
                assert unseen_count(redealt, seat) == unseen_count(state, seat)
                checked += 1
                pool = unseen_count(state, seat)
                if state.is_over():
                    assert hidden_from(redealt, seat) == hidden_from(state, seat)
                elif seat == i % players and sum(pool.values()) >= 6 and len(pool) >= 2:
                    deals = {hidden_from(state.redeal_hidden(seat, random.Random(k)), seat) for k in range(3)}
                    assert len(deals) > 1, "different RNGs should deal the unseen cards differently"
                    varied += 1
    assert checked > 40 and varied > 20


@pytest.mark.parametrize("players, options", CASES, ids=IDS)
def test_a_redeal_reads_nothing_it_replaces(players, options):
    """Swapping cards between what a seat cannot see (another's hand, the deck, the discards)
    gives a state that seat cannot tell apart, and so the very same redeal."""
    for state in positions(players, 5, options, 17):
        if state.is_over():
            continue
        for seat in range(players):
            other = state.copy()
            assert isinstance(other, RialtoState)
            places = [h for p, h in enumerate(other.hands[: other.n]) if p != seat]
            places += [other.deck, *other.discards]
            cards = [c for place in places for c in place]
            random.Random(seat).shuffle(cards)
            at = 0
            for place in places:
                place[:] = cards[at : at + len(place)]
                at += len(place)
            for p in range(other.n):
                other.hands[p].sort()
            one = state.redeal_hidden(seat, random.Random(9))
            two = other.redeal_hidden(seat, random.Random(9))
            assert one == two
            assert one == state.redeal_hidden(seat, random.Random(9)), "not deterministic"


def test_an_opponents_hand_is_drawn_from_the_unseen_cards_only():
    """Over many redeals, an opponent's hand holds only kinds the seat has not seen all of, and
    it is not just the true hand again."""
    for state in positions(3, 2, {}, 5):
        if state.step == "play" and len(state.hands[1]) >= 3 and state.deck:
            break
    else:
        pytest.fail("no Phase II position with a full hand")
    pool = unseen_count(state, 0)
    same = 0
    for k in range(40):
        hand = state.redeal_hidden(0, random.Random(k)).hands[1]
        assert not Counter(hand) - pool
        same += hand == state.hands[1]
    assert same < 20


@pytest.mark.parametrize("players, options", CASES, ids=IDS)
def test_a_redealt_copy_plays_on_to_the_end(players, options):
    for i, state in enumerate(positions(players, 3, options, 40)):
        if state.is_over():
            continue
        seat = state.to_move()[0] if i % 2 == 0 else (state.to_move()[0] + 1) % players
        copy = state.redeal_hidden(seat, random.Random(i))
        assert isinstance(copy, RialtoState)
        play_out(copy, i)
