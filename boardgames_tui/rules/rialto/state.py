"""Rialto's rules as a state machine (shared/rules/rialto.md §3–§6), for 2–5 players and the
rulebook's 2-player variant with a virtual third player (§3.1).

Participants are the seats 0..n-1 and, in the variant, the virtual player (index n): it has a Doge
disc, councilmen and a public hand, plays its turns by itself and never appears in `to_move`.

Steps, each waiting on one seat:
- "start": set-up, a value-1 building each (counter-clockwise from the start player's right);
- "rows": Phase I, a row each in Doge order (and 2 blind cards);
- "green": Phase I, green buildings in Doge order, then "discard": down to the hand limit;
- "play": Phase II, a turn of the current stage (play, pass, or wait with Yellow 1);
- "build", "bridge", "gondola", "recall": the decisions of a stage's resolution in Doge order
  (buildings to take; the Bridge and Gondola bonus's tile; councilmen moved in stage F);
- "blue": Phase III, blue buildings in Doge order;
- "over".
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any, cast

from ..core import Action, Event, Game, Pass, Seat, StandingRow, Standings, make, rank_rows
from ..steps import StepState
from .actions import (
    FROM_GENERAL,
    FROM_NOWHERE,
    FROM_PERSONAL,
    Build,
    Discard,
    PickStart,
    PlaceBridge,
    PlaceGondola,
    Play,
    Recall,
    TakeRow,
    UseBlue,
    UseGreen,
    Wait,
)
from .data import (
    BANK_BONUS,
    BANK_NAMES,
    BANKS,
    BLIND_DRAWS,
    BLUE,
    BLUE_EFFECTS,
    BLUE_VP,
    BLUE_VP_COUNCILMAN,
    BRIDGE,
    BRIDGE_TILES,
    BUILDING,
    BUILDING_COPIES,
    BUILDING_SPACES,
    CARD_KINDS,
    CARD_NAMES,
    CARDS_PER_KIND,
    COINS,
    COUNCILMAN,
    COUNCILMEN,
    DISTRICTS,
    DOGE,
    GOLD,
    GONDOLA,
    GONDOLA_VALUE,
    GONDOLAS,
    GREEN,
    GREEN_DRAW,
    GREEN_EFFECTS,
    HAND_LIMIT,
    JOKER,
    NDISTRICTS,
    PERSONAL_COUNCILMEN,
    ROUNDS,
    ROW_SIZE,
    SLOTS,
    STAGES,
    START_COINS,
    START_VP,
    YELLOW,
    building_name,
    slot_name,
    start_building_limit,
)
from .reckoning import (
    district_value,
    doge_order,
    effective_count,
    marker_slot,
    rank_points,
    ranking,
    refusal_of_count,
    supply_points,
)
from .view import (
    BotPlayer,
    BuildAllowance,
    Building,
    DistrictScore,
    DogeTrack,
    FinalScoring,
    Played,
    RialtoBotView,
    RialtoPlayer,
    RialtoView,
    ScoreRow,
    Tile,
    VirtualPlayer,
)

VIRTUAL_NAME = "Virtual player"


PLURALS = {"councilman": "councilmen"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word if count == 1 else PLURALS.get(word, word + 's')}"


def multisets(avail: list[int], size: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every sorted tuple of `size` kinds drawn from `avail` (counts by kind). While a tuple is
    being yielded its kinds are taken out of `avail`; they are back once the loop ends."""
    if size == 0:
        yield ()
        return
    for k in range(start, len(avail)):
        if avail[k]:
            avail[k] -= 1
            for rest in multisets(avail, size - 1, k):
                yield (k, *rest)
            avail[k] += 1


# Every building there can be, [colour, value, coin, new] as the state holds it, made once: the
# views share them (they are frozen).
BUILDING_VIEWS = {
    (colour, value, coin, new): Building(colour=colour, value=value, coin=bool(coin), new=bool(new))
    for colour in range(3)
    for value in range(1, 5)
    for coin in (0, 1)
    for new in (0, 1)
}


def _building(b: list[int]) -> Building:
    colour, value, coin, new = b
    return BUILDING_VIEWS.get((colour, value, coin, new)) or Building(
        colour=colour, value=value, coin=bool(coin), new=bool(new)
    )


@functools.lru_cache(maxsize=256)
def _bot_players(names: tuple[str, ...], limits: tuple[int, ...]) -> tuple[BotPlayer, ...]:
    """The players as a bot view has them: they change only with a hand limit, so the hard bot's
    playouts share them rather than make them for every move."""
    return tuple(BotPlayer(name=name, hand_limit=limit) for name, limit in zip(names, limits))


def _played(played: dict[str, Any]) -> Played:
    return Played(cards=tuple(played["cards"]), count=played["count"], text=played["text"])


def _final(final: dict[str, Any]) -> FinalScoring:
    """The final scoring (`RialtoState.final`) as the view shows it."""
    return FinalScoring(
        districts=tuple(
            DistrictScore(value=d["value"], ranked=tuple(d["ranked"]), points=tuple(d["points"]))
            for d in final["districts"]
        ),
        rows=tuple(ScoreRow(**row) for row in final["rows"]),
        order=tuple(final["order"]),
    )


# The steps each kind of action belongs to, and what a player is asked in each step.
STEP_OF: dict[type, tuple[str, ...]] = {
    PickStart: ("start",),
    TakeRow: ("rows",),
    UseGreen: ("green",),
    Discard: ("discard",),
    Play: ("play",),
    Wait: ("play",),
    Build: ("build",),
    PlaceBridge: ("bridge",),
    PlaceGondola: ("gondola",),
    Recall: ("recall",),
    UseBlue: ("blue",),
    Pass: ("green", "play", "build", "recall", "blue"),
}
NOW = {
    "start": "First choose your value-1 building.",
    "rows": "First take a row of cards.",
    "green": "First use your green buildings, or finish.",
    "discard": "First discard down to your hand limit.",
    "play": "First play cards of this stage, or pass.",
    "build": "First take your building, or take none.",
    "bridge": "First place the bridge.",
    "gondola": "First place the gondola.",
    "recall": "First move councilmen to the current district, or stop.",
    "blue": "First use your blue buildings, or finish.",
    "over": "The game is over.",
}


class RialtoState(StepState):
    STEP_OF = STEP_OF
    NOW = NOW

    def __init__(self, game: Game, seats: tuple[Seat, ...], seed: int, options: dict[str, str]):
        n = self.n = self.begin(game, seats, seed, options)
        rng = self.rng
        self.virtual = n == 2 and self.options.get("virtual_player") == "on"
        self.V = n if self.virtual else None
        m = self.m = n + (1 if self.virtual else 0)
        # The board: round tiles, slots, the bridge stack (top first), gondolas, bank tiles.
        tiles = list(range(1, NDISTRICTS + 1))
        rng.shuffle(tiles)
        self.number = tiles  # the round tile each district shows
        self.slots: list[list[int] | None] = [None] * len(
            SLOTS
        )  # [kind 0 bridge / 1 gondola, face a, face b, by]
        self.bridges = [list(t) for t in BRIDGE_TILES]
        rng.shuffle(self.bridges)
        self.gondolas = GONDOLAS
        self.banks: list[list[int] | None] = [None, None]  # who claimed each bank's tile, once claimed
        # Seats clockwise from the start player. In the variant the virtual player starts and a
        # lot decides which human sits behind it.
        if self.virtual:
            first = rng.randrange(2)
            self.ring = [n, first, 1 - first]
        else:
            start = rng.randrange(n)
            self.ring = [(start + i) % n for i in range(n)]
        # The Doge track: a space and a height per disc; the start player's disc on top.
        self.doge_pos = [0] * m
        self.doge_height = [0] * m
        for i, p in enumerate(self.ring):
            self.doge_height[p] = m - i
        self.doge_top = m + 1
        # Supplies.
        self.vp = [START_VP] * n
        humans = [p for p in self.ring if p != self.V]
        self.coins = [0] * n
        for p, coins in zip(humans, START_COINS[n]):
            self.coins[p] = coins
        self.general_coins = COINS - sum(self.coins)
        self.general = [COUNCILMEN - PERSONAL_COUNCILMEN] * n + ([0] if self.virtual else [])
        self.personal = [PERSONAL_COUNCILMEN] * n + ([COUNCILMEN] if self.virtual else [])
        self.council = [[0] * m for _ in range(NDISTRICTS)]
        self.neutral = [0] * NDISTRICTS  # the variant's neutral colour, counted as the virtual player's
        self.neutral_supply = COUNCILMEN if self.virtual else 0
        self.marker = marker_slot(self.slots, self.number) if self.virtual else None
        # Buildings: [colour, value, coin on it, gained by Blue 1 this round]; the stock by type.
        self.buildings: list[list[list[int]]] = [[] for _ in range(n)]
        self.stock = [[BUILDING_COPIES] * 4 for _ in range(3)]
        # Cards: the draw pile, a discard pile per participant plus one for leftover rows.
        self.deck = [k for k in range(CARD_KINDS) for _ in range(CARDS_PER_KIND)]
        rng.shuffle(self.deck)
        self.discards: list[list[int]] = [[] for _ in range(m + 1)]
        self.hands: list[list[int]] = [[] for _ in range(m)]
        # The round.
        self.round = 0
        self.stage: int | None = None
        self.rows: list[list[int]] = []
        self.row_taker: list[int | None] = []
        self.limit_bonus = [0] * n
        self.stage_start: int | None = None
        self.turns: list[int] = []
        self.delayed: list[int] = []
        self.waited: list[int] = []
        self.played: list[dict[str, Any] | None] = [None] * m
        self.bonus: int | None = None
        self.resolving: list[int] = []
        self.build: dict[str, int] | None = None
        self.recall_left = 0
        self.final: dict[str, Any] | None = None
        self._events: list[Event] = []
        self.queue = [p for p in reversed(self.ring) if p != self.V]
        self.step = "start"

    # -- small helpers ------------------------------------------------------------------------

    def name(self, p: int) -> str:
        return VIRTUAL_NAME if p == self.V else self.seat_name(p)

    def humans(self) -> list[int]:
        return list(range(self.n))

    def everyone(self) -> list[int]:
        return list(range(self.m))

    def order(self, who: list[int] | None = None) -> list[int]:
        """`who` (everyone) in the current Doge order."""
        return doge_order(self.doge_pos, self.doge_height, self.everyone() if who is None else who)

    def human_order(self) -> list[int]:
        return [p for p in self.order() if p != self.V]

    def district_now(self) -> int:
        return self.number.index(self.round) if self.round else self.number.index(1)

    def hand_limit(self, p: int) -> int:
        return HAND_LIMIT + self.limit_bonus[p]

    def limits(self) -> list[int]:
        """Every player's hand limit this round."""
        return [HAND_LIMIT + bonus for bonus in self.limit_bonus]

    def _gain_vp(self, p: int, amount: int) -> None:
        if p != self.V:
            self.vp[p] = max(0, self.vp[p] + amount)

    def _gain_coins(self, p: int, amount: int) -> int:
        got = min(amount, self.general_coins)
        self.general_coins -= got
        self.coins[p] += got
        return got

    def _move_doge(self, p: int, spaces: int) -> None:
        if spaces <= 0:
            return
        self.doge_pos[p] += spaces
        self.doge_height[p] = self.doge_top  # on top of any stack where it lands
        self.doge_top += 1

    def _draw(self) -> int | None:
        """The top card of the draw pile; when it is empty, every discard pile shuffled into a new one."""
        if not self.deck:
            for pile in self.discards:
                self.deck += pile
                pile.clear()
            if not self.deck:
                return None
            self.rng.shuffle(self.deck)
            self._say("The discard piles are shuffled into a new draw pile", reveal=True)
        return self.deck.pop()

    def _draw_many(self, count: int) -> list[int]:
        cards = []
        for _ in range(count):
            card = self._draw()
            if card is None:
                break
            cards.append(card)
        return cards

    def _cards_text(self, cards: list[int]) -> str:
        return ", ".join(CARD_NAMES[c] for c in sorted(cards)) or "nothing"

    # -- buildings ----------------------------------------------------------------------------
    def usable(self, p: int, colour: int, value: int) -> list[int] | None:
        """A copy of `p`'s building that can be activated now (no coin on it, not new from Blue 1)."""
        for b in self.buildings[p]:
            if b[0] == colour and b[1] == value and not b[2] and not b[3]:
                return b
        return None

    def usable_count(self, p: int, colour: int, value: int) -> int:
        return sum(1 for b in self.buildings[p] if b[0] == colour and b[1] == value and not b[2] and not b[3])

    def _activate(self, p: int, colour: int, value: int) -> None:
        building = self.usable(p, colour, value)
        assert building is not None and self.coins[p] > 0
        building[2] = 1
        self.coins[p] -= 1

    def _remove_building(self, p: int, colour: int, value: int) -> None:
        """Take a copy of the type off `p`'s board, a used one first (its coin is spent anyway)."""
        copies = [b for b in self.buildings[p] if b[0] == colour and b[1] == value]
        copies.sort(key=lambda b: -b[2])
        gone = copies[0]
        self.buildings[p].remove(gone)
        if gone[2]:
            self.general_coins += 1
        self.stock[colour][value - 1] += 1

    def owned_types(self, p: int) -> list[tuple[int, int]]:
        return sorted({(b[0], b[1]) for b in self.buildings[p]})

    # -- the contract ------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.step == "over":
            return ()
        if self.step == "play":
            return (self.turns[0],)
        if self.step in ("build", "bridge", "gondola", "recall"):
            return (self.resolving[0],)
        return (self.queue[0],)

    def _list_start(self, p: int) -> list[Action]:
        limit = start_building_limit(self.n)
        return [make(PickStart, c) for c in range(3) if BUILDING_COPIES - self.stock[c][0] < limit]

    def _list_rows(self, p: int) -> list[Action]:
        return [make(TakeRow, r) for r, taker in enumerate(self.row_taker) if taker is None]

    def leftover(self) -> list[int]:
        """The cards of the rows nobody took (normally one row)."""
        return [c for r, row in enumerate(self.rows) if self.row_taker[r] is None for c in row]

    def _list_green(self, p: int) -> list[Action]:
        acts: list[Action] = []
        if self.coins[p] > 0:
            kinds = sorted(set(self.leftover()))
            for value, (takes, _) in GREEN_EFFECTS.items():
                if self.usable(p, GREEN, value) is None:
                    continue
                if not takes:
                    acts.append(make(UseGreen, value, None))
                    continue
                acts += [make(UseGreen, value, k) for k in kinds]
                acts.append(make(UseGreen, value, None))
        acts.append(Pass())
        return acts

    def _list_discard(self, p: int) -> list[Action]:
        return [make(Discard, k) for k in sorted(set(self.hands[p]))]

    def _list_play(self, p: int) -> list[Action]:
        acts: list[Action] = [Pass()]
        if self._can_wait(p):
            acts.append(Wait())
        x = self.stage
        assert x is not None
        hand = self.hands[p]
        held = [hand.count(k) for k in range(CARD_KINDS)]
        coins = self.coins[p]
        yellows = [0] * 5
        for colour, value, coin, fresh in self.buildings[p]:
            if colour == YELLOW and not coin and not fresh:
                yellows[value] += 1
        y2, y3, y4 = (min(yellows[v], coins) for v in (2, 3, 4))
        others = [0 if k == x else held[k] for k in range(JOKER)]
        holds = held[x] > 0
        for n2 in range(y2 + 1):
            # while multisets yields, the kinds it chose are out of `others`
            for one in multisets(others, n2):
                for n4 in range(min(y4, coins - n2) + 1):
                    for two in multisets(others, n4):
                        for extra in range(min(y3, coins - n2 - n4) + 1):
                            for cards in range(held[x] + 1):
                                for jokers in range(held[JOKER] + 1):
                                    if effective_count(cards, jokers, n2, n4, extra, holds) is not None:
                                        acts.append(make(Play, cards, jokers, one, two, extra))
        return acts

    def _list_build(self, p: int) -> list[Action]:
        assert self.build is not None
        cap = min(self.build["allowance"], 4)
        full = len(self.buildings[p]) >= BUILDING_SPACES
        backs = self.owned_types(p) if full else [(-1, 0)]
        acts: list[Action] = []
        for colour in range(3):
            for value in range(1, cap + 1):
                if self.stock[colour][value - 1] > 0:
                    acts += [make(Build, colour, value, bc, bv) for bc, bv in backs]
        acts.append(Pass())
        return acts

    def _list_bridge(self, p: int) -> list[Action]:
        tile = tuple(self.bridges[0])
        acts: list[Action] = []
        for slot, there in enumerate(self.slots):
            if there is None:
                acts.append(make(PlaceBridge, slot, False, tile))
                if tile[0] != tile[1]:
                    acts.append(make(PlaceBridge, slot, True, tile))
        return acts

    def _gondola_sources(self, p: int, target: int) -> list[int]:
        if self.general[p] > 0:
            return [FROM_GENERAL]
        sources = [FROM_PERSONAL] if self.personal[p] > 0 else []
        sources += [d for d in range(NDISTRICTS) if d != target and self.council[d][p] > 0]
        return sources

    def _list_gondola(self, p: int) -> list[Action]:
        acts: list[Action] = []
        for slot, there in enumerate(self.slots):
            if there is not None:
                continue
            for d in SLOTS[slot]:
                acts += [make(PlaceGondola, slot, d, s) for s in self._gondola_sources(p, d)]
            if self.general[p] == 0:
                acts.append(make(PlaceGondola, slot, SLOTS[slot][0], FROM_NOWHERE))
        return acts

    def _recall_sources(self, p: int) -> list[int]:
        here = self.district_now()
        return [d for d in range(NDISTRICTS) if d != here and self.council[d][p] > 0]

    def _list_recall(self, p: int) -> list[Action]:
        return [make(Recall, d) for d in self._recall_sources(p)] + [Pass()]

    def _list_blue(self, p: int) -> list[Action]:
        acts: list[Action] = []
        if self.coins[p] > 0:
            for value in (1, 2, 3, 4):
                if self.usable(p, BLUE, value) is None:
                    continue
                if BLUE_EFFECTS[value] == "upgrade":
                    for colour, v in self.owned_types(p):
                        if v < 4 and self.stock[colour][v] > 0:
                            acts.append(make(UseBlue, value, colour, v))
                else:
                    acts.append(make(UseBlue, value))
        acts.append(Pass())
        return acts

    def allows(self, seat: int, action: Action) -> bool:
        """A play is checked by the rule itself rather than against the whole listing: with yellow
        buildings a stage can offer hundreds of sets."""
        if self.step == "play":
            if isinstance(action, Play):
                return self._play_refusal(seat, action) is None
            if isinstance(action, Wait):
                return self._can_wait(seat)
            return isinstance(action, Pass)
        return action in self.legal_actions(seat)

    def _can_wait(self, p: int) -> bool:
        return p not in self.waited and self.coins[p] > 0 and self.usable(p, YELLOW, 1) is not None

    def _play_refusal(self, p: int, a: Play) -> str | None:
        x = self.stage
        assert x is not None
        if not (
            type(a.one) is tuple
            and type(a.two) is tuple
            and all(type(v) is int and v >= 0 for v in (a.cards, a.jokers, a.extra, *a.one, *a.two))
            and list(a.one) == sorted(a.one)
            and list(a.two) == sorted(a.two)
        ):
            return "That is not a play of cards."
        if any(k == x or k >= JOKER for k in a.one + a.two):
            return "A yellow building turns a card of another kind (not a Joker) into this stage's."
        hand = self.hands[p]
        if a.cards > hand.count(x):
            return f"You hold only {_plural(hand.count(x), CARD_NAMES[x] + ' card')}."
        if a.jokers > hand.count(JOKER):
            return f"You hold only {_plural(hand.count(JOKER), 'Joker')}."
        for k in set(a.one + a.two):
            if (a.one + a.two).count(k) > hand.count(k):
                return f"You do not hold that many {CARD_NAMES[k]} cards."
        for value, used in ((2, len(a.one)), (3, a.extra), (4, len(a.two))):
            if used > self.usable_count(p, YELLOW, value):
                return f"You have no unused {building_name(YELLOW, value)} for that."
        if len(a.one) + len(a.two) + a.extra > self.coins[p]:
            return "Each yellow building costs a coin, and you have too few."
        args = (a.cards, a.jokers, len(a.one), len(a.two), a.extra, hand.count(x) > 0)
        if effective_count(*args) is None:
            return refusal_of_count(*args)
        return None

    # -- set-up and Phase I -------------------------------------------------------------------
    def _do_start(self, p: int, a: PickStart) -> None:
        self.stock[a.colour][0] -= 1
        self.buildings[p].append([a.colour, 1, 0, 0])
        self._say(f"{self.name(p)} starts with {building_name(a.colour, 1)}")
        self.queue.pop(0)
        if not self.queue:
            self._start_round(1)

    def _start_round(self, r: int) -> None:
        self.round = r
        self.stage = None
        here = self.district_now()
        self._say(f"Round {r}: the current district is {DISTRICTS[here].name}")
        self.rows = [self._draw_many(ROW_SIZE) for _ in range(self.n + 1)]
        self.rows = [row for row in self.rows if row]
        self.row_taker = [None] * len(self.rows)
        text = "; ".join(f"row {i + 1}: {self._cards_text(row)}" for i, row in enumerate(self.rows))
        self._say(f"Rows dealt: {text}", reveal=True)
        self.limit_bonus = [0] * self.n
        self.queue = self.human_order()
        self.step = "rows"
        self._skip_rowless()

    def _skip_rowless(self) -> None:
        """With the draw pile and every discard pile empty, rows run short: a player left without a
        row still draws blind (spec §7 row 6)."""
        while self.queue and None not in self.row_taker:
            self._blind(self.queue.pop(0))
        if not self.queue:
            self._start_greens()

    def _blind(self, p: int) -> None:
        drawn = self._draw_many(BLIND_DRAWS)
        self.hands[p] += drawn
        self.hands[p].sort()
        self._say(
            f"{self.name(p)} draws {self._cards_text(drawn)} blind",
            visible_to=frozenset({p}),
            others_text=f"{self.name(p)} draws {_plural(len(drawn), 'card')} blind",
            reveal=True,
        )

    def _do_rows(self, p: int, a: TakeRow) -> None:
        row, self.rows[a.row] = self.rows[a.row], []
        self.row_taker[a.row] = p
        self.hands[p] += row
        self.hands[p].sort()
        self._say(f"{self.name(p)} takes row {a.row + 1}: {self._cards_text(row)}")
        self._blind(p)
        self.queue.pop(0)
        self._skip_rowless()

    def _can_green(self, p: int) -> bool:
        return self.coins[p] > 0 and any(self.usable(p, GREEN, v) for v in GREEN_EFFECTS)

    def _start_greens(self) -> None:
        self.queue = [p for p in self.human_order() if self._can_green(p)]
        self.step = "green"
        if not self.queue:
            self._start_discards()

    def _do_green(self, p: int, a: Action) -> None:
        if isinstance(a, Pass):
            self._say(f"{self.name(p)} is done with green buildings")
            self.queue.pop(0)
        else:
            assert isinstance(a, UseGreen)
            self._activate(p, GREEN, a.value)
            takes, bonus = GREEN_EFFECTS[a.value]
            self.limit_bonus[p] += bonus
            name = building_name(GREEN, a.value)
            if takes and a.card is not None:
                for r, row in enumerate(self.rows):
                    if self.row_taker[r] is None and a.card in row:
                        row.remove(a.card)
                        break
                self.hands[p].append(a.card)
                self.hands[p].sort()
                self._say(f"{self.name(p)} uses {name}: takes the {CARD_NAMES[a.card]} from the leftover row")
            elif takes:
                drawn = self._draw_many(GREEN_DRAW)
                self.hands[p] += drawn
                self.hands[p].sort()
                self._say(
                    f"{self.name(p)} uses {name}: draws {self._cards_text(drawn)}",
                    visible_to=frozenset({p}),
                    others_text=f"{self.name(p)} uses {name}: draws {_plural(len(drawn), 'card')}",
                    reveal=True,
                )
            if bonus:
                self._say(f"{self.name(p)}'s hand limit is {self.hand_limit(p)} this round")
            if not self._can_green(p):
                self.queue.pop(0)
        if not self.queue:
            self._start_discards()

    def _start_discards(self) -> None:
        leftover = self.leftover()
        if leftover:
            self.discards[self.m] += leftover
            self._say(f"The leftover row goes to the discards ({_plural(len(leftover), 'card')})")
        for r in range(len(self.rows)):
            if self.row_taker[r] is None:
                self.rows[r] = []
        self.queue = [p for p in self.human_order() if len(self.hands[p]) > self.hand_limit(p)]
        self.step = "discard"
        if not self.queue:
            self._start_phase_two()

    def _do_discard(self, p: int, a: Discard) -> None:
        self.hands[p].remove(a.card)
        self.discards[p].append(a.card)
        self._say(
            f"{self.name(p)} discards a {CARD_NAMES[a.card]}",
            visible_to=frozenset({p}),
            others_text=f"{self.name(p)} discards a card",
        )
        if len(self.hands[p]) <= self.hand_limit(p):
            self.queue.pop(0)
            if not self.queue:
                self._start_phase_two()

    def _start_phase_two(self) -> None:
        if self.virtual:
            assert self.V is not None
            drawn = self._draw_many(7)
            self.hands[self.V] = sorted(drawn)
            self._say(f"{VIRTUAL_NAME} draws, face up: {self._cards_text(drawn)}", reveal=True)
        self.bonus = None
        self._start_stage(0)

    # -- Phase II -----------------------------------------------------------------------------
    def _start_stage(self, stage: int) -> None:
        if stage == 0:
            start = self.order()[0]
        elif self.bonus is not None:
            start = self.bonus
        else:
            assert self.stage_start is not None
            start = self.stage_start
        self.stage = stage
        self.stage_start = start
        self.bonus = None
        at = self.ring.index(start)
        self.turns = self.ring[at:] + self.ring[:at]
        self.delayed = []
        self.waited = []
        self.played = [None] * self.m
        self.step = "play"
        self._say(f"Stage {STAGES[stage]} ({CARD_NAMES[stage]}): {self.name(start)} starts")
        self._next_turn()

    def _virtual_kinds(self) -> tuple[int, ...]:
        assert self.stage is not None
        return (COUNCILMAN, JOKER) if self.stage == COUNCILMAN else (self.stage,)

    def _next_turn(self) -> None:
        while True:
            if not self.turns and self.delayed:
                self.turns, self.delayed = self.delayed, []
            if not self.turns:
                self._resolve_stage()
                return
            p = self.turns[0]
            if p != self.V:
                return
            self.turns.pop(0)
            kinds = self._virtual_kinds()
            cards = [c for c in self.hands[p] if c in kinds]
            for c in cards:
                self.hands[p].remove(c)
            self.played[p] = {
                "cards": cards,
                "count": len(cards),
                "text": self._cards_text(cards) if cards else "pass",
            }
            if cards:
                self._say(f"{VIRTUAL_NAME} plays {self._cards_text(cards)} (count {len(cards)})")
            else:
                self._say(f"{VIRTUAL_NAME} passes")

    def _do_play(self, p: int, a: Action) -> None:
        x = self.stage
        assert x is not None
        if isinstance(a, Wait):
            self._activate(p, YELLOW, 1)
            self._gain_coins(p, 1)
            self.turns.pop(0)
            self.delayed.append(p)
            self.waited.append(p)
            self._say(f"{self.name(p)} uses Yellow 1 and waits")
            self._next_turn()
            return
        self.turns.pop(0)
        if isinstance(a, Pass):
            self.played[p] = {"cards": [], "count": 0, "text": "pass"}
            self._say(f"{self.name(p)} passes")
            self._next_turn()
            return
        assert isinstance(a, Play)
        cards = [x] * a.cards + [JOKER] * a.jokers + list(a.one) + list(a.two)
        for c in cards:
            self.hands[p].remove(c)
        for _ in a.one:
            self._activate(p, YELLOW, 2)
        for _ in a.two:
            self._activate(p, YELLOW, 4)
        for _ in range(a.extra):
            self._activate(p, YELLOW, 3)
        count = effective_count(a.cards, a.jokers, len(a.one), len(a.two), a.extra, False)  # checked already
        assert count is not None
        text = a.what(CARD_NAMES[x] + " ")
        self.played[p] = {"cards": cards, "count": count, "text": text}
        self._say(f"{self.name(p)} plays {text} (count {count})")
        self._next_turn()

    def counts(self) -> list[int]:
        return [(played or {}).get("count", 0) for played in self.played]

    def leader(self) -> int | None:
        """Who would get the stage's bonus now: the highest count, first in Doge order."""
        counts = self.counts()
        best = max(counts)
        if best == 0:
            return None
        return next(p for p in self.order() if counts[p] == best)

    def _resolve_stage(self) -> None:
        x = self.stage
        assert x is not None
        self.bonus = self.leader()
        if self.bonus is None:
            self._say(f"Nobody played in stage {STAGES[x]}: no bonus")
        else:
            self._say(f"{self.name(self.bonus)} has the most and gets the bonus")
        counts = self.counts()
        order = self.order()
        self.resolving = order if x == BRIDGE else [p for p in order if counts[p] > 0]
        self._resume()

    def _resume(self) -> None:
        """Carry out the stage for everyone left in `resolving`, stopping at a decision."""
        while self.resolving:
            if self._resolve_one(self.resolving[0]):
                return
            self.resolving.pop(0)
        self._end_stage()

    def _done_deciding(self) -> None:
        self.resolving.pop(0)
        self._resume()

    def _resolve_one(self, p: int) -> bool:
        """`p`'s part of the stage; True when it waits on `p`'s decision."""
        x = self.stage
        count = self.counts()[p]
        bonus = 1 if self.bonus == p else 0
        who = self.name(p)
        if x == DOGE:
            self._move_doge(p, count + bonus)
            self._say(f"{who} advances {count + bonus} on the Doge track")
        elif x == GOLD:
            if p != self.V:
                got = self._gain_coins(p, count + bonus)
                self._say(
                    f"{who} takes {_plural(got, 'coin')}"
                    + ("" if got == count + bonus else " (the supply ran out)")
                )
        elif x == BUILDING:
            if p != self.V and self._buildable(p, count + bonus):
                self.build = {"allowance": count + bonus, "first": 1}
                self.step = "build"
                return True
        elif x == BRIDGE:
            return self._resolve_bridge(p, count, bonus)
        elif x == GONDOLA:
            return self._resolve_gondola(p, count, bonus)
        elif x == COUNCILMAN:
            return self._resolve_councilmen(p, count, bonus)
        return False

    # Stage C
    def _buildable(self, p: int, allowance: int) -> bool:
        cap = min(allowance, 4)
        return any(self.stock[c][v - 1] > 0 for c in range(3) for v in range(1, cap + 1))

    def _top_value(self, cap: int) -> int:
        return max((v for c in range(3) for v in range(1, cap + 1) if self.stock[c][v - 1] > 0), default=0)

    def _do_build(self, p: int, a: Action) -> None:
        assert self.build is not None
        if isinstance(a, Pass):
            self._say(f"{self.name(p)} takes no building")
            self._end_build()
            return
        assert isinstance(a, Build)
        allowance = self.build["allowance"]
        top = self._top_value(4)
        if a.back_colour >= 0:
            self._remove_building(p, a.back_colour, a.back_value)
            self._gain_vp(p, a.back_value)
            self._say(
                f"{self.name(p)} returns {building_name(a.back_colour, a.back_value)} for {a.back_value} VP"
            )
        self.stock[a.colour][a.value - 1] -= 1
        self.buildings[p].append([a.colour, a.value, 0, 0])
        self._say(f"{self.name(p)} builds {building_name(a.colour, a.value)}")
        # Above 4: a value-4 building (the highest in stock) first, then one for the rest.
        rest = allowance - a.value
        if self.build["first"] and allowance > 4 and a.value == top and self._buildable(p, rest):
            self.build = {"allowance": rest, "first": 0}
            return
        self._end_build()

    def _end_build(self) -> None:
        self.build = None
        self.step = "play"
        self._done_deciding()

    # Stage D
    def _resolve_bridge(self, p: int, count: int, bonus: int) -> bool:
        who = self.name(p)
        if p == self.V:
            if bonus and self.bridges and self.marker is not None:
                # the lower number toward the lower-numbered district (spec §3.1)
                slot = self.marker
                low, high = sorted(self.bridges.pop(0))
                a, b = SLOTS[slot]
                x, y = (low, high) if self.number[a] < self.number[b] else (high, low)
                self._place(slot, [0, x, y, p])
                self._say(f"{VIRTUAL_NAME} builds the bridge {DISTRICTS[a].name} {x}│{y} {DISTRICTS[b].name}")
            return False
        if count:
            self._gain_vp(p, count)
            self._say(f"{who} scores {count} VP for Bridge cards")
        else:
            self._gain_vp(p, -1)
            self._say(f"{who} played no Bridge card: −1 VP")
        if bonus:
            self._gain_vp(p, 1)
            self._say(f"{who} scores 1 VP for the bonus")
            if self.bridges:
                self.step = "bridge"
                return True
        return False

    def _place(self, slot: int, tile: list[int]) -> None:
        self.slots[slot] = tile
        if self.virtual and slot == self.marker:
            self.marker = marker_slot(self.slots, self.number)

    def _do_bridge(self, p: int, a: PlaceBridge) -> None:
        tile = self.bridges.pop(0)
        x, y = tile[::-1] if a.swap else tile
        self._place(a.slot, [0, x, y, p])
        s, t = SLOTS[a.slot]
        self._say(f"{self.name(p)} builds the bridge {DISTRICTS[s].name} {x}│{y} {DISTRICTS[t].name}")
        self.step = "play"
        self._done_deciding()

    # Stage E
    def _resolve_gondola(self, p: int, count: int, bonus: int) -> bool:
        who = self.name(p)
        if p == self.V:
            if bonus and self.gondolas and self.marker is not None:
                slot = self.marker
                self.gondolas -= 1
                self._place(slot, [1, GONDOLA_VALUE, GONDOLA_VALUE, p])
                for d in SLOTS[slot]:
                    self._virtual_councilman(d)
                self._say(
                    f"{VIRTUAL_NAME} places a gondola on {slot_name(slot)} and a councilman at each end"
                )
                self._check_banks([p])
            return False
        taken = min(count, self.general[p])
        self.general[p] -= taken
        self.personal[p] += taken
        short = count - taken
        self._gain_vp(p, short)
        text = f"{who} takes {_plural(taken, 'councilman')} into the supply"
        self._say(text + (f", and {short} VP for the {short} missing" if short else ""))
        if bonus and self.gondolas:
            self.step = "gondola"
            return True
        return False

    def _virtual_councilman(self, d: int) -> bool:
        assert self.V is not None
        if self.personal[self.V] > 0:
            self.personal[self.V] -= 1
            self.council[d][self.V] += 1
        elif self.neutral_supply > 0:
            self.neutral_supply -= 1
            self.neutral[d] += 1
        else:
            return False
        return True

    def _do_gondola(self, p: int, a: PlaceGondola) -> None:
        self.gondolas -= 1
        self._place(a.slot, [1, GONDOLA_VALUE, GONDOLA_VALUE, p])
        who, where = self.name(p), DISTRICTS[a.district].name
        self._say(f"{who} places a gondola on {slot_name(a.slot)}")
        if a.source == FROM_GENERAL:
            self.general[p] -= 1
            self.council[a.district][p] += 1
            self._say(f"{who} places a councilman in {where}")
        else:
            self._gain_vp(p, 1)
            self._say(f"{who} has no councilman left in the general supply: +1 VP")
            if a.source == FROM_PERSONAL:
                self.personal[p] -= 1
                self.council[a.district][p] += 1
                self._say(f"{who} places a councilman from the personal supply in {where}")
            elif a.source >= 0:
                self.council[a.source][p] -= 1
                self.council[a.district][p] += 1
                self._say(f"{who} moves a councilman from {DISTRICTS[a.source].name} to {where}")
        self._check_banks([p])
        self.step = "play"
        self._done_deciding()

    # Stage F
    def _resolve_councilmen(self, p: int, count: int, bonus: int) -> bool:
        here = self.district_now()
        who = self.name(p)
        if p == self.V:
            placed = sum(1 for _ in range(count + bonus) if self._virtual_councilman(here))
            self._say(f"{VIRTUAL_NAME} places {_plural(placed, 'councilman')} in {DISTRICTS[here].name}")
            return False
        # The cards' councilmen come first; the bonus one only from what the personal supply has
        # left, since moving councilmen from other districts makes up the cards' alone (spec §5.6).
        placed = min(count, self.personal[p])
        extra = min(bonus, self.personal[p] - placed)
        self.personal[p] -= placed + extra
        self.council[here][p] += placed + extra
        text = f"{who} places {_plural(placed + extra, 'councilman')} in {DISTRICTS[here].name}"
        if bonus and not extra:
            text += "; the bonus councilman is lost (the personal supply is empty)"
        self._say(text)
        self.recall_left = count - placed
        if self.recall_left and self._recall_sources(p):
            self.step = "recall"
            return True
        if self.recall_left:
            self._say(f"{who} has no councilman left for the other {self.recall_left}")
        return False

    def _do_recall(self, p: int, a: Action) -> None:
        if isinstance(a, Recall):
            here = self.district_now()
            self.council[a.district][p] -= 1
            self.council[here][p] += 1
            self.recall_left -= 1
            self._say(
                f"{self.name(p)} moves a councilman from {DISTRICTS[a.district].name} "
                f"to {DISTRICTS[here].name}"
            )
            if self.recall_left and self._recall_sources(p):
                return
        self.recall_left = 0
        self.step = "play"
        self._done_deciding()

    def present_in(self, p: int, d: int) -> int:
        """`p`'s councilmen in district `d` (the virtual player's include the neutral colour)."""
        return self.council[d][p] + (self.neutral[d] if p == self.V else 0)

    def _check_banks(self, who: list[int]) -> None:
        """Award each unclaimed bank tile to those of `who` present in all its districts."""
        for b, districts in enumerate(BANKS):
            if self.banks[b] is not None:
                continue
            winners = [p for p in who if all(self.present_in(p, d) for d in districts)]
            if not winners:
                continue
            self.banks[b] = winners
            for p in winners:
                self._gain_vp(p, BANK_BONUS)
                gain = "" if p == self.V else f": +{BANK_BONUS} VP"
                self._say(
                    f"{self.name(p)} has councilmen in all three districts of the {BANK_NAMES[b]}{gain}"
                )

    def _end_stage(self) -> None:
        x = self.stage
        assert x is not None
        if x == COUNCILMAN:
            self._check_banks(self.order())
        for p, played in enumerate(self.played):
            if played:
                self.discards[p] += played["cards"]
        self.step = "play"
        if x + 1 < len(STAGES):
            self._start_stage(x + 1)
        else:
            self._start_blues()

    # -- Phase III and the end -----------------------------------------------------------------
    def _can_blue(self, p: int) -> bool:
        return any(not isinstance(a, Pass) for a in self._list_blue(p))

    def _start_blues(self) -> None:
        self.stage = None
        self.played = [None] * self.m
        self.queue = self.human_order()
        self.step = "blue"
        self._next_blue()

    def _next_blue(self) -> None:
        """Skip to the next player who can use a blue building now, or end the round. Each is
        asked when their turn comes, not at the start: an earlier upgrade returns a tile to the
        stock that a later player's Blue 1 may need, or takes the last one they wanted."""
        while self.queue and not self._can_blue(self.queue[0]):
            self.queue.pop(0)
        if not self.queue:
            self._end_round()

    def _do_blue(self, p: int, a: Action) -> None:
        if isinstance(a, Pass):
            self._say(f"{self.name(p)} is done with blue buildings")
            self.queue.pop(0)
        else:
            assert isinstance(a, UseBlue)
            self._activate(p, BLUE, a.value)
            who = self.name(p)
            effect = BLUE_EFFECTS[a.value]
            name = building_name(BLUE, a.value)
            if effect == "upgrade":
                self._remove_building(p, a.colour, a.up_value)
                self.stock[a.colour][a.up_value] -= 1
                self.buildings[p].append([a.colour, a.up_value + 1, 0, 1])
                self._say(
                    f"{who} uses {name}: {building_name(a.colour, a.up_value)} "
                    f"becomes {building_name(a.colour, a.up_value + 1)}"
                )
            elif effect == "vp_councilman":
                self._gain_vp(p, BLUE_VP_COUNCILMAN)
                if self.general[p] > 0:
                    self.general[p] -= 1
                    self.personal[p] += 1
                    self._say(f"{who} uses {name}: 1 VP and a councilman")
                else:
                    self._gain_vp(p, 1)
                    self._say(f"{who} uses {name}: 2 VP (no councilman left)")
            elif effect == "doge":
                rank = self.order().index(p) + 1
                self._move_doge(p, rank)
                self._say(f"{who} uses {name}: advances {rank} on the Doge track")
            else:
                self._gain_vp(p, BLUE_VP)
                self._say(f"{who} uses {name}: {BLUE_VP} VP")
        self._next_blue()

    def _end_round(self) -> None:
        for p in self.humans():
            for b in self.buildings[p]:
                if b[2]:
                    self.general_coins += 1
                b[2] = 0
                b[3] = 0
        if self.round < ROUNDS:
            self._start_round(self.round + 1)
        else:
            self._final_scoring()

    def _final_scoring(self) -> None:
        order = self.order()
        districts = []
        gained = {p: 0 for p in self.humans()}
        for d in range(NDISTRICTS):
            value = district_value(self.slots, d)
            counts = [self.present_in(p, d) for p in self.everyone()]
            ranked = ranking(counts, order)
            points = rank_points(value, ranked)
            for p, pts in points.items():
                if p != self.V:
                    gained[p] += pts
            districts.append(
                {"value": value, "ranked": ranked, "points": [points.get(p, 0) for p in self.everyone()]}
            )
        rows = []
        for p in self.humans():
            supply = supply_points(self.coins[p], self.personal[p])
            built = sum(b[1] for b in self.buildings[p])
            rows.append({"track": self.vp[p], "supply": supply, "buildings": built, "districts": gained[p]})
        self.final = {"districts": districts, "rows": rows, "order": order}
        for p in self.humans():
            self.vp[p] += rows[p]["supply"] + rows[p]["buildings"] + rows[p]["districts"]
        self.step = "over"
        self.stage = None
        for p in order:
            if p != self.V:
                r = rows[p]
                self._say(
                    f"{self.name(p)}: {r['track']} on the track + {r['supply']} supply "
                    f"+ {r['buildings']} buildings "
                    f"+ {r['districts']} districts = {self.vp[p]} VP"
                )
        self._say("The game is over")

    # -- what players see ---------------------------------------------------------------------
    def view(self, seat: int | None) -> RialtoView:
        viewer = self._viewer(seat)
        in_stage = self.stage is not None
        final = self.final
        return RialtoView(
            game="rialto",
            viewer=viewer,
            to_move=self.to_move(),
            round=self.round,
            phase="",
            step=self.step,
            players=tuple(self._player(p) for p in self.humans()),
            rounds=ROUNDS,
            current_stage=self.stage,
            district=self.district_now(),
            numbers=tuple(self.number),
            virtual=self._virtual() if self.V is not None else None,
            ring=tuple(self.ring),
            slots=self._slots(),
            bridge_next=(self.bridges[0][0], self.bridges[0][1]) if self.bridges else None,
            bridges_left=len(self.bridges),
            gondolas_left=self.gondolas,
            banks=tuple(tuple(b) if b is not None else None for b in self.banks),
            marker=self.marker,
            doge=self._doge(),
            general_coins=self.general_coins,
            council=tuple(tuple(row) for row in self.council),
            neutral=tuple(self.neutral),
            stock=tuple(tuple(row) for row in self.stock),
            # a hand is its owner's; the virtual player's lies face up
            hand=tuple(self.hands[viewer]) if viewer is not None else None,
            rows=tuple(tuple(row) for row in self.rows),
            row_taker=tuple(self.row_taker),
            stage_start=self.stage_start,
            turns=tuple(self.turns) if self.step == "play" else (),
            delayed=tuple(self.delayed),
            played=tuple(_played(p) if p else None for p in self.played),
            counts=tuple(self.counts()) if in_stage else (0,) * self.m,
            leader=self.leader() if in_stage else None,
            bonus=self.bonus,
            build=BuildAllowance(allowance=self.build["allowance"], first=bool(self.build["first"]))
            if self.build
            else None,
            recall_left=self.recall_left,
            deck=len(self.deck),
            discards=sum(len(pile) for pile in self.discards),
            final=_final(final) if final else None,
            options=dict(self.options),
        )

    def bot_view(self, seat: int) -> RialtoBotView:
        """What bot.py reads, and nothing that costs more: the players' buildings, the plays, the
        stacks are left out."""
        viewer = self._viewer(seat)
        return RialtoBotView(
            game="rialto",
            viewer=viewer,
            to_move=self.to_move(),
            round=self.round,
            phase="",
            step=self.step,
            players=_bot_players(tuple([s.name for s in self.seats]), tuple(self.limits())),
            current_stage=self.stage,
            district=self.district_now(),
            slots=self._slots(),
            banks=tuple(tuple(b) if b is not None else None for b in self.banks),
            doge=self._doge(),
            council=tuple(tuple(row) for row in self.council),
            hand=tuple(self.hands[viewer]) if viewer is not None else None,
            rows=tuple(tuple(row) for row in self.rows),
            turns=tuple(self.turns) if self.step == "play" else (),
            delayed=tuple(self.delayed),
            counts=tuple(self.counts()) if self.stage is not None else (0,) * self.m,
        )

    def _viewer(self, seat: int | None) -> int | None:
        return seat if type(seat) is int and 0 <= seat < self.n else None

    def _player(self, p: int) -> RialtoPlayer:
        return RialtoPlayer(
            name=self.seat_name(p),
            general=self.general[p],
            personal=self.personal[p],
            hand_size=len(self.hands[p]),
            vp=self.vp[p],
            coins=self.coins[p],
            buildings=tuple(map(_building, self.buildings[p])),
            hand_limit=self.hand_limit(p),
        )

    def _virtual(self) -> VirtualPlayer:
        v = self.V
        assert v is not None
        return VirtualPlayer(
            name=VIRTUAL_NAME,
            general=self.general[v],
            personal=self.personal[v],
            hand_size=len(self.hands[v]),
            hand=tuple(self.hands[v]),
            neutral_supply=self.neutral_supply,
        )

    def _slots(self) -> tuple[Tile | None, ...]:
        return cast(tuple[Tile | None, ...], tuple([tuple(t) if t is not None else None for t in self.slots]))

    def _doge(self) -> DogeTrack:
        return DogeTrack(
            position=tuple(self.doge_pos), height=tuple(self.doge_height), order=tuple(self.order())
        )

    def plant_secrets(self, owner: int | None, mark: Callable[[], Any]) -> None:
        if owner is None:
            self.deck[:] = [mark() for _ in self.deck]
            for pile in self.discards:
                pile[:] = [mark() for _ in pile]
            return
        if owner < self.n:
            self.hands[owner][:] = [mark() for _ in self.hands[owner]]

    def _redeal(self, seat: int, rng: random.Random) -> None:
        """Deal the cards `seat` cannot see afresh: the other players' hands, the draw pile and the
        face-down discard piles, each to its size. Money, buildings and everything else in Rialto
        is public, and no choice is made in secret (plays are face up at once)."""
        if self.step == "over":
            return
        own = seat if 0 <= seat < self.n else None
        # What `seat` sees: its hand, the virtual player's face-up hand, the rows on display and
        # the cards played this stage. Everything else of the 77 cards is in the unseen pool,
        # counted rather than collected, so that none of the replaced values is read.
        left = [CARDS_PER_KIND] * CARD_KINDS
        seen = list(self.rows)
        seen += [played["cards"] for played in self.played if played]
        if own is not None:
            seen.append(self.hands[own])
        if self.V is not None:
            seen.append(self.hands[self.V])
        for cards in seen:
            for c in cards:
                left[c] -= 1
        pool = [k for k in range(CARD_KINDS) for _ in range(left[k])]
        rng.shuffle(pool)
        # Which face-down pile a card lies in only matters once the piles are shuffled together,
        # so each keeps its size (the sizes are no secret) and takes the next cards of the pool.
        at = 0
        for p in self.humans():
            if p != own:
                size = len(self.hands[p])
                self.hands[p] = sorted(pool[at : at + size])  # hands are always kept sorted
                at += size
        for pile in [self.deck, *self.discards]:
            size = len(pile)
            pile[:] = pool[at : at + size]
            at += size
        assert at == len(pool), "the unseen cards do not fill the hidden places"

    def standings(self) -> Standings:
        order = self.order()
        rows = []
        for p in self.humans():
            parts = self.final["rows"][p] if self.final else {"track": self.vp[p]}
            rows.append(
                StandingRow(
                    seat=p,
                    name=self.seat_name(p),
                    total=self.vp[p],
                    breakdown=dict(parts),
                    tiebreak=self.m - order.index(p),
                )
            )
        ranked = rank_rows(rows)
        note = ""
        tied = [r for r in ranked if r.total == ranked[0].total]
        if self.final and len(tied) > 1:
            names = ", ".join(r.name for r in tied[:-1]) + f" and {tied[-1].name}"
            note = f"{names} have {tied[0].total} VP; {tied[0].name} is ahead on the Doge track."
        return Standings(ranked, tiebreak_label="ahead on the Doge track", note=note)

    def is_formality(self, action: Action) -> bool:
        return action.kind == "pass"

    def forced_in_public(self, seat: int) -> bool:
        """A turn of a stage with an empty hand and no Yellow 1 to wait with: anyone can see there is
        nothing to do but pass."""
        if self.step != "play" or seat not in self.to_move():
            return False
        return not self.hands[seat] and not self._can_wait(seat)

    def explain_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Recall) and self.step != "recall" and self.turn_refusal(seat, action) is None:
            return (
                "Councilmen move from other districts only in stage F, for those of your cards the "
                "personal supply lacks (never the bonus one)."
            )
        reason = self.step_refusal(seat, action)
        if reason is not None:
            return reason
        if isinstance(action, Play):
            return self._play_refusal(seat, action) or "That play is not allowed now."
        if isinstance(action, Wait):
            if seat in self.waited:
                return "You have already waited this stage."
            return "Waiting needs an unused Yellow 1 and a coin to put on it."
        if isinstance(action, PickStart):
            return "That value-1 building has been chosen as often as this player count allows."
        if isinstance(action, TakeRow):
            return "That row is taken, or there is no such row."
        if isinstance(action, UseGreen):
            return (
                "Activating a green building needs an unused one, a coin, and a card the leftover row holds."
            )
        if isinstance(action, Discard):
            return "You hold no card of that kind."
        if isinstance(action, Build):
            assert self.build is not None
            if len(self.buildings[seat]) >= BUILDING_SPACES and action.back_colour < 0:
                return "All 7 spaces are built: return a building to make room."
            return f"Take a building of value up to {min(self.build['allowance'], 4)} that is in stock."
        if isinstance(action, PlaceBridge):
            slot = action.slot
            free = type(slot) is int and 0 <= slot < len(self.slots) and self.slots[slot] is None
            if free and self.bridges:
                tile = tuple(self.bridges[0])
                if action.tile != tile:
                    return f"The bridge placed is the top tile, {tile[0]}│{tile[1]}: the move must name it."
                if action.swap is True and tile[0] == tile[1]:
                    return "That tile reads the same both ways round: place it unturned."
            return "A bridge goes on an empty connection, turned or not."
        if isinstance(action, PlaceGondola):
            return "A gondola goes on an empty connection, its councilman into one of the two districts."
        if isinstance(action, Recall):
            return "Move a councilman of yours from another district."
        if isinstance(action, UseBlue):
            return (
                "Activating a blue building needs an unused one and a coin "
                "(Blue 1: a building to upgrade in stock)."
            )
        return "That move is not allowed now."
