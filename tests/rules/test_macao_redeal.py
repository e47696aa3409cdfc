"""Macao's redeal for a search bot (`MacaoState._redeal`): only the deck's order and, with the
simultaneous dice, others' picks not yet revealed are drawn afresh; everything else stays."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardgames_tui.rules.bots import RandomBot
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.macao import GAME
from boardgames_tui.rules.macao.actions import ChooseDice
from boardgames_tui.rules.macao.bot import SmartBot
from boardgames_tui.rules.macao.data import CARD
from boardgames_tui.rules.macao.state import MacaoState, dice_choices

SECRET = {"dice_choice": "simultaneous"}
# what a redeal may change; everything else in the snapshot must stay as it was
DRAWN = ("deck", "picks", "rng")
ALL_CARDS = Counter(list(CARD))  # each card once


def new(players: int, seed: int, options: dict[str, str] | None = None) -> MacaoState:
    state = GAME.new([Seat(f"P{i}") for i in range(players)], seed, options=options or {})
    assert isinstance(state, MacaoState)
    return state


def all_cards(s: MacaoState) -> Counter[str]:
    """Every card wherever it is (the offices of every round stay listed in `offices`, so only
    those of rounds not yet played count there)."""
    places = [s.deck, s.discard, s.display, s.revealed, *s.tableau, *s.active, *s.offices[s.round :]]
    return Counter(c for place in places for c in place)


def redeal(s: MacaoState, seat: int, key: object) -> MacaoState:
    copy = s.redeal_hidden(seat, random.Random(f"macao-redeal:{key}"))
    assert isinstance(copy, MacaoState)
    return copy


def pick_is_legal(s: MacaoState, p: int, pick: tuple[int, ...]) -> bool:
    return ChooseDice(*pick) in dice_choices(*s.rose_cards(p))


def check(s: MacaoState, seat: int, key: object) -> MacaoState:
    r = redeal(s, seat, key)
    assert all_cards(r) == all_cards(s) == ALL_CARDS
    # the deck holds exactly the unseen cards, in a new order of the same length
    assert sorted(r.deck) == sorted(s.deck)
    before, after = s.snapshot(), r.snapshot()
    for k in DRAWN:
        before.pop(k), after.pop(k)
    assert after == before, "a redeal changes something public"
    assert r.view(seat) == s.view(seat)
    assert r.to_move() == s.to_move()
    if seat in s.to_move():
        assert r.legal_actions(seat) == s.legal_actions(seat)
    assert r.gold == s.gold  # Macao's money is public: nothing to guess
    secret_now = s.secret_dice and s.step == "dice"
    for p in range(s.n):
        if p == seat or not secret_now or s.picks[p] is None:
            assert r.picks[p] == s.picks[p]
        else:
            pick = r.picks[p]
            assert pick is not None and pick_is_legal(r, p, pick)
    return r


def play(players: int, seed: int, options: dict[str, str] | None, every: int):
    """A seeded game (a smart bot in seat 0, random bots elsewhere), yielding the state (itself,
    played on afterwards) every `every` moves and at each dice step's last pick."""
    s = new(players, seed, options)
    bots = [SmartBot(), *[RandomBot() for _ in range(players - 1)]]
    step = 0
    while not s.is_over():
        seat = s.to_move()[0]
        if step % every == 0 or (s.step == "dice" and sum(p is not None for p in s.picks) == players - 1):
            yield s
        rng = random.Random(f"{seed}:{step}")
        s.apply(seat, bots[seat].choose(s.bot_view(seat), s.legal_actions(seat), rng))
        step += 1
    yield s


@pytest.mark.parametrize(
    "players, options, seed",
    [(2, None, 1), (3, SECRET, 2), (4, SECRET, 3), (4, None, 4)],
    ids=["2p", "3p-secret", "4p-secret", "4p"],
)
def test_a_redeal_keeps_the_public_and_draws_the_hidden(players, options, seed):
    deck_points = decks_differ = picks_differ = secret_points = 0
    for n, s in enumerate(play(players, seed, options, every=37)):
        for seat in range(players):
            r1 = check(s, seat, (seed, n, seat, 1))
            r2 = check(s, seat, (seed, n, seat, 2))
            # the same rng gives the same copy
            assert redeal(s, seat, (seed, n, seat, 1)) == r1
            deck_points += 1
            decks_differ += r1.deck != r2.deck  # 40 cards or more are never seen
            if s.secret_dice and s.step == "dice" and any(s.picks[p] for p in range(players) if p != seat):
                secret_points += 1
                picks_differ += r1.picks != r2.picks
    assert deck_points > 20 and decks_differ == deck_points
    if options == SECRET:
        assert secret_points > 10 and picks_differ >= 0.8 * secret_points


def test_the_deck_is_dealt_from_what_the_seat_sees_not_from_the_deck():
    s = new(3, 7, SECRET)
    for _ in range(40):
        seat = s.to_move()[0]
        s.apply(seat, RandomBot().choose({}, s.legal_actions(seat), random.Random(len(s.deck))))
    assert s.step not in ("start_card", "start_cubes")
    other = s.copy()
    random.Random(99).shuffle(other.deck)
    assert redeal(other, 0, "same") == redeal(s, 0, "same")


def test_secret_picks_are_redrawn_and_revealed_ones_are_not():
    s = new(3, 5, SECRET)
    while not (s.step == "dice" and sum(p is not None for p in s.picks) == 2):
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[len(s.picks) % 3])
    mover = s.to_move()[0]
    made = [p for p in range(3) if s.picks[p] is not None]
    for p in made:
        drawn = [redeal(s, mover, k).picks[p] for k in range(100)]
        assert all(pick is not None and pick_is_legal(s, p, pick) for pick in drawn)
        # the two dice are drawn uniformly: every pair of the 15 turns up
        assert len({pick[:2] for pick in drawn if pick is not None}) == 15
    # a player who has picked sees its own pick kept, and the other's drawn
    own = made[0]
    for k in range(10):
        r = redeal(s, own, k)
        assert r.picks[own] == s.picks[own] and r.picks[mover] is None
    # after the rotation the picks are public: nothing to draw but the deck
    s.apply(mover, s.legal_actions(mover)[0])
    assert s.step == "actions"
    for seat in range(3):
        assert redeal(s, seat, seat).picks == s.picks


def test_open_dice_picks_are_never_redrawn():
    s = new(3, 6)
    while not (s.step == "dice" and any(p is not None for p in s.picks)):
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[-1])
    for seat in range(3):
        assert redeal(s, seat, seat).picks == s.picks


@pytest.mark.parametrize("players, options, seed", [(2, SECRET, 11), (3, None, 12), (4, SECRET, 13)])
def test_a_redealt_copy_plays_on_to_the_end(players, options, seed):
    """From a secret dice step when there is one, else from the middle of the game."""
    states = [s.copy() for s in play(players, seed, options, every=150)]
    s = next((s for s in states if s.step == "dice" and s.secret_dice), states[1])
    seat = (s.to_move()[0] + 1) % players
    copy = redeal(s, seat, seed)
    rng = random.Random(f"on:{seed}")
    while not copy.is_over():
        mover = copy.to_move()[0]
        copy.apply(mover, rng.choice(copy.legal_actions(mover)))
    assert all_cards(copy) == ALL_CARDS
    assert copy.final is not None and copy.round == 12


def test_at_the_end_only_the_unrevealed_deck_is_drawn():
    s = list(play(2, 21, None, every=10_000))[-1]
    assert s.is_over()
    r = redeal(s, 0, "end")
    assert sorted(r.deck) == sorted(s.deck) and r.final == s.final and r.view(1) == s.view(1)
