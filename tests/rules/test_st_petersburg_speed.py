"""St. Petersburg's fast paths (issue #7) change nothing a caller can see.

state.py keeps what it derives from a play area in cached `_Area`s, hands out shared frozen
actions and events, accepts the commonest legal moves without the full check, and shares the parts
of a view that depend only on a play area (being frozen). `PlainState` below is
StPetersburgState with every method that work changed as it was before it: everything recomputed,
every object fresh. The two play the same games side by side (smart and random moves, options, 2–4
players, and odd positions set directly on the state, as tests and the UI do) and must agree at
every step: the same legal actions in the same order, the same views down to the types (compared
through repr as well), the same events, the same refusals with the same reasons, the same states.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.core import Action, Event, IllegalAction, Seat
from boardgames_tui.rules.st_petersburg import OPTIONS
from boardgames_tui.rules.st_petersburg import state as fast_state
from boardgames_tui.rules.st_petersburg.actions import (
    Buy,
    ObservatoryBuy,
    ObservatoryDiscard,
    ObservatoryToHand,
    Pass,
    Play,
    PubBuy,
    TakeToHand,
    UseObservatory,
)
from boardgames_tui.rules.st_petersburg.bot import SmartBot
from boardgames_tui.rules.st_petersburg.data import (
    CARDS,
    DECKS,
    DISPLACEMENT,
    DISPLAY_SIZE,
    FACE,
    HAND_LIMIT,
    IS_TRADING,
    NEXT_DEAL,
    NEXT_PHASE,
    PHASES,
    PRICE,
    PUB_POINTS_PER_PUB,
    PUB_PRICE_PER_POINT,
    WAREHOUSE_HAND_LIMIT,
    card_name,
)
from boardgames_tui.rules.st_petersburg.state import (
    GROUP_TITLE,
    StPetersburgState,
    _area_incomes,
    _list_names,
)
from boardgames_tui.rules.st_petersburg.view import (
    Income,
    Options,
    PlayAreaCard,
    Prices,
    Pub,
    Stacks,
    StPetersburgPlayer,
    StPetersburgView,
)
from boardgames_tui.rules.view import encode

GAME = registry.get("st_petersburg")
CARD_KEYS = sorted(CARDS)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class PlainState(StPetersburgState):
    """The reference: the methods the speed work changed, as they were before it."""

    def legal_actions(self, seat: int) -> list[Action]:
        if self.step == "over" or not _is_int(seat) or seat not in self.to_move():
            return []
        money = self.rubles[seat]
        acts: list[Action] = []
        if self.step == "pub":
            most = min(PUB_POINTS_PER_PUB * self.areas[seat].count("pub"), money // PUB_PRICE_PER_POINT)
            return [PubBuy(k, k * PUB_PRICE_PER_POINT) for k in range(most + 1)]
        room = len(self.hands[seat]) < self.hand_limit(seat)
        if self.step == "observatory":
            card = self.obs_card
            assert card is not None
            if IS_TRADING[card]:
                for target in self.targets(seat, card):
                    price = self.price(seat, card, False, target)
                    if price <= money:
                        acts.append(ObservatoryBuy(card, price, target))
            else:
                price = self.price(seat, card)
                if price <= money:
                    acts.append(ObservatoryBuy(card, price))
            if room:
                acts.append(ObservatoryToHand(card))
            acts.append(ObservatoryDiscard(card))
            return acts
        area = self.areas[seat]
        counts: dict[str, int] = {}
        for key in area:
            counts[key] = counts.get(key, 0) + 1
        same = counts.get
        face_off = {
            "green": 0,
            "blue": 1 if "carpenter_workshop" in counts else 0,
            "orange": 1 if "gold_smelter" in counts else 0,
        }
        for row, cards, lower in (("upper", self.upper, 0), ("lower", self.lower, 1)):
            for i, card in enumerate(cards):
                base = PRICE[card] - same(card, 0) - lower - face_off[FACE[card]]
                if IS_TRADING[card]:
                    for target in self.targets(seat, card):
                        price = base - DISPLACEMENT[target]
                        if price < 1:
                            price = 1
                        if price <= money:
                            acts.append(Buy(row, i, card, price, target))
                else:
                    price = base if base > 1 else 1
                    if price <= money:
                        acts.append(Buy(row, i, card, price))
        if room:
            for row, cards in (("upper", self.upper), ("lower", self.lower)):
                for i, card in enumerate(cards):
                    acts.append(TakeToHand(row, i, card))
        seen: list[str] = []
        for card in self.hands[seat]:
            if card in seen:
                continue
            seen.append(card)
            base = PRICE[card] - same(card, 0) - face_off[FACE[card]]
            if IS_TRADING[card]:
                for target in self.targets(seat, card):
                    price = base - DISPLACEMENT[target]
                    if price < 1:
                        price = 1
                    if price <= money:
                        acts.append(Play(card, price, target))
            else:
                price = base if base > 1 else 1
                if price <= money:
                    acts.append(Play(card, price))
        if self.phase == "building" and self._obs_free(seat) > 0:
            for deck in DECKS:
                if len(self.stacks[deck]) >= 2:
                    acts.append(UseObservatory(deck))
        acts.append(Pass())
        return acts

    def apply(self, seat: int, action: Action) -> list[Event]:
        reason = self._why_not(seat, action)
        if reason:
            raise IllegalAction(reason)
        events: list[Event] = []
        _PLAIN_DO[type(action)](self, seat, action, events)
        return events

    def _act_buy(self, seat, a: Buy, events) -> None:
        self._row(a.row).pop(a.index)
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        self.took = True
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(
            Event(
                f"{self.seat_name(seat)} bought {card_name(a.card)} from the {a.row} row "
                f"for {a.price} ₽{extra}"
            )
        )
        self._end_turn(events)

    def _act_take(self, seat, a: TakeToHand, events) -> None:
        self._row(a.row).pop(a.index)
        self.hands[seat].append(a.card)
        self.took = True
        events.append(
            Event(f"{self.seat_name(seat)} took {card_name(a.card)} from the {a.row} row into their hand")
        )
        self._end_turn(events)

    def _act_play(self, seat, a: Play, events) -> None:
        self.hands[seat].remove(a.card)
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(
            Event(f"{self.seat_name(seat)} played {card_name(a.card)} from their hand for {a.price} ₽{extra}")
        )
        self._end_turn(events)

    def _act_pass(self, seat, a: Pass, events) -> None:
        events.append(Event(f"{self.seat_name(seat)} passed"))
        self.passes += 1
        if self.passes >= self.n:
            self._end_phase(events)
        else:
            self.active = self._next(seat)

    def _act_obs_buy(self, seat, a: ObservatoryBuy, events) -> None:
        self.rubles[seat] -= a.price
        self._place(seat, a.card, a.replace)
        extra = f", replacing {card_name(a.replace)}" if a.replace else ""
        events.append(
            Event(f"{self.seat_name(seat)} bought the drawn {card_name(a.card)} for {a.price} ₽{extra}")
        )
        self._obs_done(events)

    def _act_obs_hand(self, seat, a: ObservatoryToHand, events) -> None:
        self.hands[seat].append(a.card)
        events.append(Event(f"{self.seat_name(seat)} took the drawn {card_name(a.card)} into their hand"))
        self._obs_done(events)

    def _act_obs_discard(self, seat, a: ObservatoryDiscard, events) -> None:
        self.discard.append(a.card)
        events.append(Event(f"{self.seat_name(seat)} discarded the drawn {card_name(a.card)}"))
        self._obs_done(events)

    def _act_pub(self, seat, a: PubBuy, events) -> None:
        self.rubles[seat] -= a.price
        self.points[seat] += a.points
        if a.points:
            events.append(Event(f"{self.seat_name(seat)} bought {a.points} ★ at the Pub for {a.price} ₽"))
        else:
            events.append(Event(f"{self.seat_name(seat)} bought no points at the Pub"))
        self.pub_queue.pop(0)
        if not self.pub_queue:
            self._refill_and_advance(events)

    def _score(self, phase: str, events) -> None:
        parts = []
        for seat in range(self.n):
            rubles, points = self.incomes(seat)[phase]
            self.rubles[seat] += rubles
            self.points[seat] += points
            part = f"{self.seat_name(seat)} +{rubles} ₽"
            if points:
                part += f" +{points} ★"
            parts.append(part)
        events.append(Event(f"{GROUP_TITLE[phase]} pay out: " + ", ".join(parts)))

    def _deal(self, deck: str, events) -> None:
        need = DISPLAY_SIZE - len(self.upper) - len(self.lower)
        stack = self.stacks[deck]
        if need <= 0:
            events.append(Event(f"The display is full: no {deck} cards are dealt"))
            return
        if not stack:
            events.append(Event(f"The {deck} stack is empty: no {deck} cards are dealt"))
            return
        dealt = [stack.pop() for _ in range(min(need, len(stack)))]
        self.upper[:0] = dealt
        events.append(Event(f"{GROUP_TITLE[deck]} dealt: {_list_names(dealt)}", reveal=True))
        if not stack:
            self.final_round = True
            events.append(Event(f"The {deck} stack is empty: this is the final round"))

    def _refill_and_advance(self, events) -> None:
        self.step = "actions"
        phase = self.phase
        deck = NEXT_DEAL[phase]
        if self._display_full():
            events.append(Event(f"The display is full: no {deck} cards are dealt"))
        elif not self.took and self.options.get("skip_refill_if_nothing_taken", "on") == "on":
            events.append(Event(f"Nobody took a card in the {phase} phase: no {deck} cards are dealt"))
        else:
            self._deal(deck, events)
        self._start_phase(NEXT_PHASE[phase], events)

    def _start_phase(self, phase: str, events) -> None:
        self.phase = phase
        self.active = self.markers[phase]
        self.passes = 0
        self.took = False
        events.append(Event(f"Round {self.round}, {phase} phase: {self.seat_name(self.active)} starts"))

    def view(self, seat: int | None) -> StPetersburgView:
        viewer = seat if _is_int(seat) and 0 <= seat < self.n else None
        options = self.options
        over = self.step == "over"
        open_money = options.get("open_money") == "on" or over
        open_hands = options.get("open_hands") == "on" or over
        to_move = self.to_move()
        active = None if over else to_move[0]
        if active is not None:
            prices = self._prices(active)
        else:
            prices = Prices(upper=(None,) * len(self.upper), lower=(None,) * len(self.lower))
        taxman_worker = options.get("taxman_phase") == "worker"
        held: list[list[str]] = [[] for _ in range(self.n)]
        for ph in PHASES:
            held[self.markers[ph]].append(ph)
        players = []
        for s in range(self.n):
            mine = viewer == s
            area = self.areas[s]
            hand = self.hands[s]
            play_area = []
            used = self.obs_used[s]
            for key in area:
                turned = bool(used) and key == "observatory"
                used -= turned
                play_area.append(PlayAreaCard(card=key, used=turned))
            worker, building, aristocrat = _area_incomes(tuple(area), self.obs_used[s], taxman_worker)
            players.append(
                StPetersburgPlayer(
                    name=self.seats[s].name,
                    points=self.points[s],
                    rubles=self.rubles[s] if (mine or open_money) else None,
                    hand=tuple(hand) if (mine or open_hands) else None,
                    hand_count=len(hand),
                    hand_limit=WAREHOUSE_HAND_LIMIT if "warehouse" in area else HAND_LIMIT,
                    play_area=tuple(play_area),
                    income=Income(worker=worker, building=building, aristocrat=aristocrat),
                    markers=tuple(held[s]),
                )
            )
        pub = None
        if self.step == "pub":
            ps = self.pub_queue[0]
            pub = Pub(seat=ps, max_points=PUB_POINTS_PER_PUB * self.areas[ps].count("pub"))
        stacks = self.stacks
        return StPetersburgView(
            game="st_petersburg",
            viewer=viewer,
            to_move=to_move,
            round=self.round,
            phase=self.phase,
            step=self.step,
            players=tuple(players),
            final_round=self.final_round,
            active=active,
            passes=self.passes,
            markers=dict(self.markers),
            upper=tuple(self.upper),
            lower=tuple(self.lower),
            prices=prices,
            stacks=Stacks(
                worker=len(stacks["worker"]),
                building=len(stacks["building"]),
                aristocrat=len(stacks["aristocrat"]),
                trading=len(stacks["trading"]),
            ),
            next_deal=NEXT_DEAL[self.phase],
            discard=tuple(self.discard),
            observatory_card=self.obs_card,
            pub=pub,
            options=Options(**{spec.key: options.get(spec.key, spec.default) for spec in OPTIONS}),
        )

    def _prices(self, seat: int) -> Prices:
        area = self.areas[seat]
        workshop = "carpenter_workshop" in area
        smelter = "gold_smelter" in area
        out: list[tuple[int | None, ...]] = []
        for cards, lower in ((self.upper, 0), (self.lower, 1)):
            row_prices: list[int | None] = []
            for card in cards:
                face = FACE[card]
                base = PRICE[card] - area.count(card) - lower
                if (face == "blue" and workshop) or (face == "orange" and smelter):
                    base -= 1
                if IS_TRADING[card]:
                    targets = self.targets(seat, card)
                    if not targets:
                        row_prices.append(None)
                        continue
                    base -= max(DISPLACEMENT[t] for t in targets)
                row_prices.append(base if base > 1 else 1)
            out.append(tuple(row_prices))
        return Prices(upper=out[0], lower=out[1])


_PLAIN_DO = {
    Buy: PlainState._act_buy,
    TakeToHand: PlainState._act_take,
    Play: PlainState._act_play,
    Pass: PlainState._act_pass,
    UseObservatory: PlainState._act_observatory,
    ObservatoryBuy: PlainState._act_obs_buy,
    ObservatoryToHand: PlainState._act_obs_hand,
    ObservatoryDiscard: PlainState._act_obs_discard,
    PubBuy: PlainState._act_pub,
}


# -- helpers ------------------------------------------------------------------------------------------
def plain_twin(state: StPetersburgState) -> PlainState:
    """A PlainState equal to `state`, sharing nothing with it but the game."""
    twin = PlainState.__new__(PlainState)
    twin.__dict__.update(copy.deepcopy(state.__dict__, {id(state.game): state.game}))
    return twin


def agree(plain: PlainState, fast: StPetersburgState) -> None:
    assert fast.snapshot() == plain.snapshot()
    n = fast.n
    for seat in (*range(n), -1, n, None, True):
        new, old = fast.legal_actions(seat), plain.legal_actions(seat)
        assert new == old and repr(new) == repr(old), seat
    for viewer in (None, *range(n), n, True):
        new, old = fast.view(viewer), plain.view(viewer)
        # repr as well: a list is no tuple, and 1 is no True or 1.0, though they compare equal
        assert new == old and repr(new) == repr(old), viewer
        assert json.dumps(encode(new)) == json.dumps(encode(old))


def near_misses(fast: StPetersburgState, seat: int, legal: list[Action]) -> list[Action]:
    """Legal moves with one field wrong at a time, as the contract suite and the UI could send."""
    area = fast.areas[seat]
    wrong_values = (None, -7, "?", 3.0, True, "lower", "observatory", *area[:2])
    out: list[Action] = [Pass()]
    for action in legal[:3] + legal[-2:]:
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            for wrong in wrong_values:
                out.append(dataclasses.replace(action, **{f.name: wrong}))
            if isinstance(value, int) and not isinstance(value, bool):
                out += [
                    dataclasses.replace(action, **{f.name: value + 1}),
                    dataclasses.replace(action, **{f.name: value - 1}),
                ]
    for row, cards in (("upper", fast.upper), ("lower", fast.lower)):
        for i, card in enumerate(cards):
            out += [Buy(row, i, card, PRICE[card]), Buy(row, i, card, 1), TakeToHand(row, i, card)]
            if IS_TRADING[card]:
                out += [Buy(row, i, card, 1, key) for key in area]
    out += [UseObservatory(deck) for deck in DECKS] + [PubBuy(1, 2), PubBuy(0, 0)]
    return out


def check_refusals(plain: PlainState, fast: StPetersburgState, seat: int, legal: list[Action]) -> None:
    """apply accepts and refuses exactly what the plain version did, with its reasons."""
    before = fast.snapshot()
    for action in legal + near_misses(fast, seat, legal):
        for who in (seat, (seat + 1) % fast.n, True):
            reason = plain._why_not(who, action)
            if fast._plainly_legal(who, action):
                assert reason is None, (who, action)
            if reason is None:
                assert who == seat and action in legal, (who, action)
                new, old = fast.copy(), plain.copy()
                assert new.apply(who, action) == old.apply(who, action)
                assert new.snapshot() == old.snapshot()
                continue
            with pytest.raises(IllegalAction) as refusal:
                fast.apply(who, action)
            assert refusal.value.reason == reason, (who, action)
            assert fast.snapshot() == before


def twist(rng: random.Random, fast: StPetersburgState, plain: PlainState) -> None:
    """Change both states the same way, directly, as a test or the UI may: the caches must notice."""
    n = fast.n
    seat = rng.randrange(n)
    card = rng.choice(CARD_KEYS)
    cards = [rng.choice(CARD_KEYS) for _ in range(rng.randrange(6))]
    kind = rng.randrange(10)
    place = rng.randrange(100)
    for st in (fast, plain):
        area = st.areas[seat]
        if kind == 0:
            area.append(card)
        elif kind == 1 and area:
            area[place % len(area)] = card  # the same list, as long as before
        elif kind == 2:
            st.obs_used[seat] = (st.obs_used[seat] + 1) % 3
        elif kind == 3:
            st.upper[:] = cards[: DISPLAY_SIZE - len(st.lower)]  # the same list, other cards
        elif kind == 4:
            st.lower = list(cards[:2])
        elif kind == 5:
            st.rubles[seat] = len(cards) * 7
        elif kind == 6:
            st.hands[seat][:] = cards[:4]
        elif kind == 7:
            key = ("taxman_phase", "open_money", "open_hands")[len(cards) % 3]
            st.options[key] = {"aristocrat": "worker", "worker": "aristocrat", "on": "off"}.get(
                st.options[key], "on"
            )
        elif kind == 8:
            st.markers[PHASES[len(cards) % 4]] = seat
        else:
            st.areas[seat] = list(cards)


def play_side_by_side(
    players: int, options: dict, seed: int, odd: bool = False, probe_every: int = 13
) -> None:
    rng = random.Random(seed)
    fast = GAME.new([Seat(f"P{i}", "smart") for i in range(players)], seed, options=options)
    assert type(fast) is StPetersburgState
    plain = plain_twin(fast)
    bot = SmartBot()
    for step in range(3000):
        agree(plain, fast)
        if fast.is_over():
            break
        seat = fast.to_move()[0]
        legal = fast.legal_actions(seat)
        if step % probe_every == 0:
            check_refusals(plain, fast, seat, legal)
        if odd and rng.random() < 0.06:
            twist(rng, fast, plain)
            continue
        if rng.random() < 0.3:
            action = legal[rng.randrange(len(legal))]
        else:
            action = bot.choose(fast.view(seat), legal, random.Random(step))
        new, old = fast.apply(seat, action), plain.apply(seat, action)
        assert new == old and repr(new) == repr(old), action
    else:
        pytest.fail("the game did not end")
    assert dataclasses.asdict(fast.standings()) == dataclasses.asdict(plain.standings())


# -- the tests ------------------------------------------------------------------------------------------
CASES = [
    (2, {}),
    (3, {"open_money": "on", "youngest": "2"}),
    (4, {}),
    (
        4,
        {
            "taxman_phase": "worker",
            "open_hands": "on",
            "skip_refill_if_nothing_taken": "off",
            "tiebreak": "remainder",
        },
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize("players,options", CASES)
def test_the_same_games_as_the_plain_version(players, options):
    for seed in range(2):
        play_side_by_side(players, options, 100 * players + seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_odd_positions_set_directly_are_seen(players):
    play_side_by_side(players, {}, 500 + players, odd=True, probe_every=7)


@pytest.mark.slow
def test_the_same_when_the_caches_are_emptied_all_the_time(monkeypatch):
    for memo in (
        fast_state._AREAS,
        fast_state._BUYS,
        fast_state._PLAYS,
        fast_state._TAKES,
        fast_state._SAID,
        fast_state._UNTURNED,
        fast_state._TURNED,
        fast_state._STACKS,
        fast_state._PLAIN_OFFERS,
    ):
        monkeypatch.setattr(memo, "limit", 2)
    monkeypatch.setattr(fast_state, "_OFFERS_LIMIT", 2)
    play_side_by_side(4, {}, 7, odd=True)
    assert len(fast_state._AREAS) <= 2 and len(fast_state._SAID) <= 2


def played(moves: int = 60, seed: int = 3) -> StPetersburgState:
    st = GAME.new(["A", "B", "C"], seed)
    bot = SmartBot()
    for step in range(moves):
        seat = st.to_move()[0]
        st.apply(seat, bot.choose(st.view(seat), st.legal_actions(seat), random.Random(step)))
    assert any(st.areas)
    return st


def test_a_view_is_frozen_its_play_areas_shared_and_its_copies_equal():
    st = played()
    seat = next(s for s in range(st.n) if st.areas[s])
    view = st.view(seat)
    me = view.players[seat]
    for change in (
        lambda: setattr(me.play_area[0], "used", True),
        lambda: setattr(me.income, "worker", (99, 0)),
        lambda: setattr(me, "hand", ("pub",)),
        lambda: setattr(view, "upper", ("pub",)),
        lambda: setattr(view.prices, "upper", ()),
    ):
        with pytest.raises(dataclasses.FrozenInstanceError):
            change()
    assert st.view(seat) == view == plain_twin(st).view(seat)
    # what depends on the play area only is made once and shared by the views of that area
    again = st.view(None).players[seat]
    assert again.play_area is me.play_area and again.income is me.income
    wire = GAME.decode_view(json.loads(json.dumps(encode(view))))
    for clone in (copy.deepcopy(view), pickle.loads(pickle.dumps(view)), wire):
        assert clone == view and repr(clone) == repr(view)


def test_copies_and_pickles_carry_no_cache():
    st = played()
    for seat in range(st.n):
        st.view(seat)
        st.legal_actions(seat)
    for twin in (st.copy(), copy.deepcopy(st), pickle.loads(pickle.dumps(st))):
        assert twin == st and not hasattr(twin, "_known")
        seat = twin.to_move()[0]
        twin.areas[seat].append("warehouse")
        twin.obs_used[seat] = 0
        assert twin.view(seat) == plain_twin(twin).view(seat)
        assert twin.legal_actions(seat) == plain_twin(twin).legal_actions(seat)
        assert st.view(seat) == plain_twin(st).view(seat)
