"""San Marco's redeal for a search bot (`State.redeal_hidden`, hidden.py): played games checked at
many points, for every seat. The cards over all places stay the full decks; what the seat sees
(board, limits, revealed and own offers, deck sizes) stays as it is; the decks and the others'
unrevealed offers are drawn afresh, each offer with a split its divider could have at that moment;
and a redealt copy plays on to its end. San Marco hides no money: prestige and supplies are public
and stay as they are."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.san_marco import SanMarcoGame
from boardgames_tui.rules.san_marco.actions import Confirm
from boardgames_tui.rules.san_marco.bot import SmartBot
from boardgames_tui.rules.san_marco.data import ACTION_DECK, LIMIT_DECK, OFFER_CARDS
from boardgames_tui.rules.san_marco.hidden import draft
from boardgames_tui.rules.san_marco.state import SanMarcoState

FULL_ACTIONS = Counter(dict(ACTION_DECK))
FULL_LIMITS = Counter(dict(LIMIT_DECK))

CONFIGS = [
    pytest.param(2, {"two_player": "neutral"}, False, id="2p-neutral"),
    pytest.param(2, {"two_player": "dummies"}, True, id="2p-dummies-smart"),
    pytest.param(3, {}, False, id="3p"),
    pytest.param(3, {}, True, id="3p-smart"),
    pytest.param(4, {}, False, id="4p"),
    pytest.param(4, {"bridges_per_owner": "one"}, True, id="4p-smart"),
]


def new(players: int, seed: int, options: dict[str, str] | None = None) -> SanMarcoState:
    state = SanMarcoGame().new([Seat(f"P{i}") for i in range(players)], seed, options=options)
    assert isinstance(state, SanMarcoState)
    return state


def random_move(state: SanMarcoState, rng: random.Random):
    """A random move; a random divider confirms as soon as it may now and then, or it would
    shuffle cards between piles for long."""
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    confirm = [a for a in legal if isinstance(a, Confirm)]
    return seat, (confirm[0] if confirm and rng.random() < 0.3 else rng.choice(legal))


def positions(
    players: int, seed: int, options: dict[str, str] | None = None, smart: bool = False, every: int = 7
) -> Iterator[SanMarcoState]:
    """Every `every`-th position of a seeded game, then its end (not to be changed by the caller)."""
    state = new(players, seed, options)
    rng, bot, step = random.Random(seed), SmartBot(), 0
    while not state.is_over():
        if step % every == 0:
            yield state
        if smart:
            seat = state.to_move()[0]
            action = bot.choose(state.view(seat), state.legal_actions(seat), rng)
        else:
            seat, action = random_move(state, rng)
        state.apply(seat, action)
        step += 1
    yield state


def play_out(state: SanMarcoState, rng: random.Random) -> int:
    steps = 0
    while not state.is_over():
        state.apply(*random_move(state, rng))
        steps += 1
        assert steps < 20_000
    return steps


def hidden(state: SanMarcoState, seat: int) -> list[int]:
    """The offers `seat` cannot see into."""
    return [i for i, o in enumerate(state.offers) if not o["revealed"] and o["divider"] != seat]


def all_cards(state: SanMarcoState) -> tuple[Counter, Counter]:
    """Every action card and limit card of the game, wherever it is: the decks, the discard pile,
    the cards being resolved, the limits held, the piles not taken yet."""
    actions = Counter(state.action_deck) + Counter(state.action_discard) + Counter(state.pending)
    limits = Counter(state.limit_deck) + Counter(v for held in state.limits for v in held)
    for offer in state.offers:
        for card, pile in zip(offer["cards"], offer["draft"]):
            if pile not in offer["taken"]:
                if card.startswith("limit:"):
                    limits[int(card[6:])] += 1
                else:
                    actions[card] += 1
    return actions, limits


def public_part(state: SanMarcoState, seat: int) -> dict:
    """The whole state less what `seat` cannot see (sizes kept) and less the RNG."""
    data = copy.deepcopy(state.snapshot())
    del data["rng"]
    data["action_deck"] = len(data["action_deck"])
    data["limit_deck"] = len(data["limit_deck"])
    for i in hidden(state, seat):
        offer = data["offers"][i]
        offer["cards"], offer["draft"] = len(offer["cards"]), len(offer["draft"])
    return data


def check_draft(state: SanMarcoState, i: int, draft: list[int]) -> None:
    piles = state.offers[i]["piles"]
    assert all(type(p) is int and 0 <= p < piles for p in draft)
    if not (state.step == "split" and not state.offers[i]["confirmed"]):
        # a split still being made (both of PAIRS2's are made at once) may leave a pile empty
        assert set(draft) == set(range(piles)), "a confirmed split leaves no pile empty"


def check_redeal(state: SanMarcoState, seat: int, redealt: SanMarcoState) -> None:
    assert all_cards(redealt) == (FULL_ACTIONS, FULL_LIMITS), "a redeal loses or makes cards"
    assert public_part(redealt, seat) == public_part(state, seat)
    assert redealt.view(seat) == state.view(seat)
    assert redealt.to_move() == state.to_move()
    if seat in state.to_move():
        assert redealt.legal_actions(seat) == state.legal_actions(seat)
    for i in hidden(state, seat):
        offer = redealt.offers[i]
        actions, limits = OFFER_CARDS[offer["piles"]]
        kinds = [card.startswith("limit:") for card in offer["cards"]]
        assert kinds == [False] * actions + [True] * limits, "an offer is its actions, then limits"
        check_draft(state, i, offer["draft"])


@pytest.mark.parametrize("players, options, smart", CONFIGS)
def test_a_redeal_keeps_every_card_and_all_the_seat_sees(players, options, smart):
    seen_hidden = 0
    for state in positions(players, 10 + players, options, smart):
        assert all_cards(state) == (FULL_ACTIONS, FULL_LIMITS)
        for seat in range(players):
            redealt = state.redeal_hidden(seat, random.Random(f"{seat}:{state.round}:{state.step}"))
            check_redeal(state, seat, redealt)
            seen_hidden += bool(hidden(state, seat))
            if state.is_over():
                assert redealt.snapshot() | {"rng": None} == state.snapshot() | {"rng": None}
    assert seen_hidden >= 3, "the games never reached a hidden offer"


@pytest.mark.parametrize("players", [3, 4])
def test_the_hidden_parts_really_vary(players):
    """Different RNGs give different decks and different hidden offers, and the hidden offers are
    not the true ones (other cards, another split) every time."""
    offers_vary = other_than_true = 0
    points = 0
    for state in positions(players, 40 + players, every=9):
        if state.is_over():
            break
        for seat in range(players):
            redeals = [state.redeal_hidden(seat, random.Random(k)) for k in range(4)]
            for deck in ("action_deck", "limit_deck"):
                if len(set(getattr(state, deck))) > 1:  # late in a period the limits may run low
                    assert len({tuple(getattr(r, deck)) for r in redeals}) > 1
            for i in hidden(state, seat):
                points += 1
                drawn = {(tuple(r.offers[i]["cards"]), tuple(r.offers[i]["draft"])) for r in redeals}
                offers_vary += len(drawn) > 1
                true = (tuple(state.offers[i]["cards"]), tuple(state.offers[i]["draft"]))
                other_than_true += any(d != true for d in drawn)
    assert points > 10
    assert offers_vary == points, "a hidden offer came out the same four times"
    assert other_than_true == points


def test_a_redeal_is_decided_by_its_rng_alone():
    for state in positions(4, 7, every=15):
        for seat in range(4):
            one = state.redeal_hidden(seat, random.Random(99))
            two = state.redeal_hidden(seat, random.Random(99))
            assert one == two


def advance_to(state: SanMarcoState, rng: random.Random, done) -> SanMarcoState:
    while not done(state):
        state.apply(*random_move(state, rng))
    return state


def test_each_split_is_one_its_divider_could_have_now():
    """Four players: both dividers split at once, so while either is splitting its draft is any
    (a pile may still be empty); once one has confirmed, its split is complete; once revealed it
    is the truth."""
    rng = random.Random(3)
    state = advance_to(new(4, 3), rng, lambda s: s.step == "split")
    d1, d2 = (offer["divider"] for offer in state.offers)
    assert set(state.to_move()) == {d1, d2}
    c1 = state.offers[0]["choosers"][0]
    drafts = [set(), set()]
    for k in range(30):
        redealt = state.redeal_hidden(c1, random.Random(k))
        for i in (0, 1):
            drafts[i].add(tuple(redealt.offers[i]["draft"]))
        mine = state.redeal_hidden(d2, random.Random(k))
        assert mine.offers[1] == state.offers[1], "a divider's own offer stays as it is"
    assert all(len(d) > 1 and all(set(x) <= {0, 1} for x in d) for d in drafts)

    # the second divider finishes first: its split is complete in every redeal, the first's not yet
    while not state.offers[1]["confirmed"]:
        legal = state.legal_actions(d2)
        confirm = [a for a in legal if isinstance(a, Confirm)]
        state.apply(d2, confirm[0] if confirm else rng.choice(legal))
    assert state.to_move() == (d1,) and state.step == "split"
    for k in range(30):
        redealt = state.redeal_hidden(c1, random.Random(k))
        assert set(redealt.offers[1]["draft"]) == {0, 1}
        assert state.redeal_hidden(d2, random.Random(k)).offers[1] == state.offers[1]

    state = advance_to(state, rng, lambda s: s.step != "split")
    assert state.offers[0]["revealed"] and not state.offers[1]["revealed"]
    for k in range(30):
        redealt = state.redeal_hidden(c1, random.Random(k))
        assert redealt.offers[0] == state.offers[0]
        assert set(redealt.offers[1]["draft"]) == {0, 1}
        assert state.redeal_hidden(d2, random.Random(k)).offers[1] == state.offers[1]


def test_a_confirmed_split_never_leaves_a_pile_empty():
    """Drawn often enough that a split with an empty pile (1 in 128 with two piles, were it
    allowed) would turn up."""
    state = advance_to(new(4, 3), random.Random(3), lambda s: s.offer_at == 1)  # offer 0 confirmed
    rng = random.Random(0)
    for piles, size, variety in ((2, 8, 250), (3, 10, 1500)):  # 254 and 55980 complete splits
        splits = {tuple(draft(state, 0, size, piles, rng)) for _ in range(2000)}
        assert all(set(split) == set(range(piles)) for split in splits)
        assert len(splits) > variety, "every complete split may come out"


def test_cards_the_seat_has_seen_are_never_dealt_to_it():
    """All four Banishment cards in the discard pile and every 3 among the limits held: no redeal
    deals one of them into a hidden offer or a deck."""
    rng = random.Random(8)
    state = advance_to(new(4, 8), rng, lambda s: s.step == "split")
    for offer in state.offers:  # swap the offers' banishments and 3s with the decks' other cards
        for j, card in enumerate(offer["cards"]):
            if card == "banish":
                k = next(k for k, c in enumerate(state.action_deck) if c != "banish")
                offer["cards"][j], state.action_deck[k] = state.action_deck[k], card
            elif card == "limit:3":
                k = next(k for k, v in enumerate(state.limit_deck) if v != 3)
                offer["cards"][j], state.limit_deck[k] = f"limit:{state.limit_deck[k]}", 3
    state.action_discard = [c for c in state.action_deck if c == "banish"]
    state.action_deck = [c for c in state.action_deck if c != "banish"]
    threes = [v for v in state.limit_deck if v == 3]
    state.limit_deck = [v for v in state.limit_deck if v != 3]
    state.limits[0] = threes  # a player holds them all (public)
    assert all_cards(state) == (FULL_ACTIONS, FULL_LIMITS)
    c1 = state.offers[0]["choosers"][0]
    for k in range(20):
        redealt = state.redeal_hidden(c1, random.Random(k))
        dealt = redealt.action_deck + [c for o in redealt.offers for c in o["cards"]]
        assert "banish" not in dealt and "limit:3" not in dealt and 3 not in redealt.limit_deck


def test_no_listing_made_before_a_redeal_answers_for_the_copy():
    rng = random.Random(4)
    state = advance_to(new(4, 4), rng, lambda s: s.step == "resolve" and len(s.pending) > 1)
    taker = state.to_move()[0]
    legal = state.legal_actions(taker)
    assert "_listed" in state.__dict__
    for seat in range(4):
        redealt = state.redeal_hidden(seat, random.Random(seat))
        assert "_listed" not in redealt.__dict__
        assert redealt.legal_actions(taker) == legal
    assert "_listed" in state.__dict__, "copying keeps the original's listing"


@pytest.mark.parametrize("players, options", [(2, {"two_player": "dummies"}), (3, {}), (4, {})])
def test_a_redealt_copy_plays_to_its_end(players, options):
    played = 0
    for n, state in enumerate(positions(players, 60 + players, options, every=17)):
        seat = n % players
        redealt = state.redeal_hidden(seat, random.Random(n))
        play_out(redealt, random.Random(n))
        assert redealt.is_over() and all_cards(redealt) == (FULL_ACTIONS, FULL_LIMITS)
        assert len(redealt.standings().rows) == players
        played += 1
    assert played > 5
