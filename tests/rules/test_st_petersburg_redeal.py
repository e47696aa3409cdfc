"""St. Petersburg's `_redeal`: what a search bot plans on for one seat.

Seeded games (RandomBot and SmartBot, 2-4 players, secret and open options) are stopped at many
points, and for each seat the redealt copies are checked against the real state: the 116 cards
all there, every public place and size unchanged, each stack holding only its kind, the hidden
parts really drawn afresh, the others' money plausible (exact before the first scoring), and the
copy playable to the end. tests/test_contract.py checks that no secret leaks into a redeal.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.st_petersburg.bot import SmartBot
from boardgames_tui.rules.st_petersburg.data import CARDS, DECKS
from boardgames_tui.rules.st_petersburg.hidden import opening_rubles

from .test_st_petersburg_random import ALL_CARDS, all_cards

GAME = registry.get("st_petersburg")
CHECK_EVERY = 12  # moves between check points
RNGS = 3  # redeals per seat and check point


def new_state(players: int, seed: int, options: dict[str, str] | None = None):
    return GAME.new([Seat(f"P{i + 1}", "random") for i in range(players)], seed, None, options or {})


def play(st, seed: int, smart: bool, moves: int | None = None):
    """Play on with RandomBot or SmartBot, yielding the state every CHECK_EVERY moves."""
    bot = SmartBot() if smart else RandomBot()
    step = 0
    while not st.is_over() and (moves is None or step < moves):
        if step % CHECK_EVERY == 0:
            yield st
        mover = st.to_move()[0]
        view = st.view(mover) if smart else {}
        st.apply(mover, bot.choose(view, st.legal_actions(mover), bot_rng(seed, mover, step)))
        step += 1
    yield st


def advance(st, seed: int, smart: bool, moves: int | None = None):
    for _ in play(st, seed, smart, moves):
        pass
    return st


def play_to_end(st, seed: int) -> None:
    bot, step = RandomBot(), 0
    while not st.is_over():
        assert step < 5000, "a redealt game does not end"
        mover = st.to_move()[0]
        st.apply(mover, bot.choose({}, st.legal_actions(mover), bot_rng(seed, mover, step)))
        step += 1
    assert st.standings().winners


class Tally:
    """How often redeals of one point differed where they could, over a whole run."""

    def __init__(self) -> None:
        self.stacks = [0, 0]  # [could differ, did]
        self.hands = [0, 0]
        self.money = [0, 0]

    def add(self, which: list[int], could: bool, did: bool) -> None:
        if could:
            which[0] += 1
            which[1] += did


def check_point(st, seat: int, seed: int, tally: Tally) -> None:
    before = st.snapshot()
    open_hands = st.options.get("open_hands") == "on"
    open_money = st.options.get("open_money") == "on"
    hidden = [] if open_hands or st.is_over() else [s for s in range(st.n) if s != seat]
    # what the seat cannot see, per stack kind, from the true state (the test may read it)
    unseen = {deck: Counter(st.stacks[deck]) for deck in DECKS}
    for s in hidden:
        for card in st.hands[s]:
            unseen[CARDS[card].deck][card] += 1
    copies = [st.redeal_hidden(seat, random.Random(f"{seed}:{seat}:{k}")) for k in range(RNGS)]
    assert st.snapshot() == before, "a redeal changed the state it was made from"
    again = st.redeal_hidden(seat, random.Random(f"{seed}:{seat}:0"))
    assert again == copies[0], "the same RNG gave another redeal"
    view = st.view(seat)
    for c in copies:
        assert all_cards(c) == ALL_CARDS
        assert c.view(seat) == view
        assert c.to_move() == st.to_move()
        if seat in st.to_move():
            assert c.legal_actions(seat) == st.legal_actions(seat)
        for name in ("upper", "lower", "discard", "areas", "obs_card", "points", "markers", "obs_used"):
            assert getattr(c, name) == getattr(st, name), name
        assert c.hands[seat] == st.hands[seat] and c.rubles[seat] == st.rubles[seat]
        for deck in DECKS:
            assert len(c.stacks[deck]) == len(st.stacks[deck])
            assert all(CARDS[card].deck == deck for card in c.stacks[deck]), "a card in another's stack"
        held = Counter()
        for s in range(st.n):
            assert len(c.hands[s]) == len(st.hands[s])
            if s not in hidden:
                assert c.hands[s] == st.hands[s]
            else:
                held.update(c.hands[s])
        # the hidden hands and the stacks share out exactly the unseen cards
        for deck in DECKS:
            mine = Counter(c.stacks[deck]) + Counter({k: v for k, v in held.items() if CARDS[k].deck == deck})
            assert mine == unseen[deck]
        for s in range(st.n):
            if s == seat or open_money or st.is_over():
                assert c.rubles[s] == st.rubles[s]
            elif st.round == 1 and st.phase == "worker":
                assert c.rubles[s] == st.rubles[s] == opening_rubles(st.areas[s]), "opening money is exact"
            else:
                own = st.rubles[seat]
                assert max(0, own - 3 - own // 2) <= c.rubles[s] <= own + 3 + own // 2
    # Could the redeals differ? A stack can be ordered otherwise when the stack and the hidden
    # hands hold two kinds of card between them; the hands can be dealt otherwise likewise.
    stacks_could = any(st.stacks[deck] and len(unseen[deck]) > 1 for deck in DECKS)
    kinds = sum((unseen[deck] for deck in DECKS), Counter())
    hands_could = any(st.hands[s] for s in hidden) and len(kinds) > 1
    money_could = (
        not open_money and not st.is_over() and not (st.round == 1 and st.phase == "worker") and st.n > 1
    )
    tally.add(tally.stacks, stacks_could, len({str(c.stacks) for c in copies}) > 1)
    tally.add(tally.hands, hands_could, len({str([c.hands[s] for s in hidden]) for c in copies}) > 1)
    tally.add(tally.money, money_could, len({str(c.rubles) for c in copies}) > 1)


@pytest.mark.parametrize(
    "players, seed, smart, options",
    [
        (2, 1, False, {}),
        (3, 2, True, {}),
        (4, 3, False, {}),
        (4, 4, True, {}),
        (3, 5, False, {"open_hands": "on"}),
        (2, 6, True, {"open_money": "on"}),
        (4, 7, False, {"open_money": "on", "open_hands": "on"}),
    ],
)
def test_redeal_along_a_game(players: int, seed: int, smart: bool, options: dict[str, str]):
    tally = Tally()
    played_on = 0
    st = new_state(players, seed, options)
    for point, _ in enumerate(play(st, seed, smart)):
        for seat in range(players):
            check_point(st, seat, seed * 1000 + point, tally)
        if point % 8 == 3 and not st.is_over():
            seat = st.to_move()[0]
            play_to_end(st.redeal_hidden(seat, random.Random(point)), seed + point)
            played_on += 1
    assert st.is_over() and played_on >= 2
    could, did = tally.stacks
    assert could > 20 and did >= 0.9 * could, tally.stacks
    if options.get("open_hands") == "on":
        assert tally.hands[0] == 0
    else:
        could, did = tally.hands
        assert could > 5 and did >= 0.6 * could, tally.hands
    if options.get("open_money") == "on":
        assert tally.money[0] == 0
    else:
        could, did = tally.money
        assert could > 20 and did >= 0.6 * could, tally.money


def test_redeal_at_an_observatory_draw_and_the_pub():
    """The drawn card is public and out of its stack; the Pub's seat keeps its own money."""
    found = Counter()
    tally = Tally()
    for seed in range(12):
        st, step, done = new_state(2 + seed % 3, seed), 0, set()
        while not st.is_over() and len(done) < 2:
            if st.step in ("observatory", "pub") and st.step not in done:
                done.add(st.step)
                found[st.step] += 1
                for seat in range(st.n):
                    check_point(st, seat, seed * 1000 + step, tally)
                play_to_end(st.redeal_hidden(st.to_move()[0], random.Random(seed)), seed)
            mover = st.to_move()[0]
            st.apply(mover, RandomBot().choose({}, st.legal_actions(mover), bot_rng(seed, mover, step)))
            step += 1
    assert found["observatory"] >= 5 and found["pub"] >= 2, found


def test_hands_take_cards_of_several_kinds():
    """Over many redeals of one point, a hidden hand gets cards of every kind of stack whose cards
    are unseen beyond the stack's size, and no kind whose unseen cards all fit in its stack."""
    st = advance(new_state(3, 11), 11, True, moves=70)
    assert not st.is_over()
    seat = 0
    others = [s for s in (1, 2) if st.hands[s]]
    if not others:
        pytest.skip("no hidden hand at this point")
    held_kinds = Counter(CARDS[card].deck for s in (1, 2) for card in st.hands[s])
    seen: Counter = Counter()
    for k in range(200):
        c = st.redeal_hidden(seat, random.Random(k))
        got = Counter(CARDS[card].deck for s in (1, 2) for card in c.hands[s])
        assert got == held_kinds, "each kind's number of cards in the hidden hands is public"
        seen.update(card for s in (1, 2) for card in c.hands[s])
    assert len(seen) > len(held_kinds), "the hidden hands hardly vary"


def test_nothing_read_from_the_hidden_places():
    """Shuffling the stacks and swapping the other hands' cards (sizes kept) changes no redeal."""
    st = advance(new_state(4, 12), 12, False, moves=50)
    seat = 1
    others = [s for s in range(4) if s != seat]
    twisted = st.copy()
    for deck in DECKS:
        random.Random(deck).shuffle(twisted.stacks[deck])
    pool = [card for s in others for card in twisted.hands[s]]
    random.Random(3).shuffle(pool)
    for s in others:
        size = len(twisted.hands[s])
        twisted.hands[s][:] = pool[:size]
        del pool[:size]
        twisted.rubles[s] = 77 + s
    twisted.rng.random()
    assert twisted.redeal_hidden(seat, random.Random(9)) == st.redeal_hidden(seat, random.Random(9))


def test_finished_game_keeps_everything():
    st = advance(new_state(2, 13), 13, False)
    assert st.is_over()
    c = st.redeal_hidden(0, random.Random(1))
    assert {k: v for k, v in c.snapshot().items() if k != "rng"} == {
        k: v for k, v in st.snapshot().items() if k != "rng"
    }


def test_opening_money_is_exact():
    """In the first worker phase every purchase is public arithmetic: 25 ₽ less the workers' prices."""
    checked = 0
    for st in play(new_state(4, 14), 14, True, moves=40):
        if st.round == 1 and st.phase == "worker":
            for seat in range(4):
                c = st.redeal_hidden(seat, random.Random(seat))
                assert c.rubles == st.rubles
                checked += 1
    assert checked >= 4
