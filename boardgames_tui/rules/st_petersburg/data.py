"""St. Petersburg (1st edition): the 116 cards and the fixed tables.

Source: shared/rules/st_petersburg.md §2.3 (card table, cross-checked there against the seed and
three independent implementations), §2.4 (counts), §6.2 (aristocrat bonus). All 1st-edition values;
none of the figures below is provisional. The ability lines are our own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

PHASES = ("worker", "building", "aristocrat", "trading")
# The four draw stacks are named like the phase that deals from them... almost: the stack dealt at the
# end of a phase is the NEXT phase's stack (see NEXT_DEAL).
DECKS = PHASES
FACE_OF_PHASE = {"worker": "green", "building": "blue", "aristocrat": "orange"}
PHASE_OF_FACE = {face: phase for phase, face in FACE_OF_PHASE.items()}
NEXT_PHASE = {"worker": "building", "building": "aristocrat", "aristocrat": "trading", "trading": "worker"}
# The stack a refill deals from at the end of each phase (the trading phase ends the round: workers).
NEXT_DEAL = NEXT_PHASE
ARISTOCRAT_BONUS = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55)
DISPLAY_SIZE = 8
ROWS = ("upper", "lower")  # the display's two rows, top first
START_RUBLES = 25
HAND_LIMIT = 3
WAREHOUSE_HAND_LIMIT = 4
PUB_POINTS_PER_PUB = 5
PUB_PRICE_PER_POINT = 2
POTJOMKIN_DISPLACEMENT = 6
HAND_PENALTY = 5


@dataclass(frozen=True)
class Card:
    key: str
    name: str
    short: str  # at most 8 characters, for a board cell
    deck: str  # worker | building | aristocrat | trading
    face: str  # green | blue | orange: the phase in which it pays
    count: int
    price: int
    rubles: int
    points: int
    ability: str = ""
    icon: str = ""  # workers: their icon; green trading cards: the icon they replace
    # card_gives' raw material: `per_card` is the face whose cards pay +1 ₽ each at this card's
    # scoring (Mariinskij, Tax Man); `power` is a special ability in a few words (`ability` is the
    # full sentence for the rules page).
    per_card: str = ""
    power: str = ""

    @property
    def is_trading(self) -> bool:
        return self.deck == "trading"

    @property
    def phase(self) -> str:
        """The phase whose scoring pays this card."""
        return PHASE_OF_FACE[self.face]

    @property
    def displacement_value(self) -> int:
        """What this card is worth when a trading card replaces it (§5.3)."""
        return POTJOMKIN_DISPLACEMENT if self.key == "potjomkins_village" else self.price

    def can_replace(self, target: Card) -> bool:
        """Whether this trading card may displace `target` (ignoring a used Observatory)."""
        if not self.is_trading or target.is_trading:
            return False
        if self.face == "green":
            return target.deck == "worker" and (target.icon == self.icon or target.icon == "any")
        if self.face == "blue":
            return target.deck == "building"
        return target.deck == "aristocrat"

    def target_description(self) -> str:
        """Plain words for what this trading card must replace."""
        if not self.is_trading:
            return ""
        if self.face == "green":
            worker = WORKER_OF_ICON[self.icon]
            return f"a {CARDS[worker].name} or the Czar and Carpenter"
        if self.face == "blue":
            return "one of your buildings (not a trading card)"
        return "one of your aristocrats (not a trading card)"


def _c(
    key: str,
    name: str,
    short: str,
    deck: str,
    face: str,
    count: int,
    price: int,
    rubles: int,
    points: int,
    ability: str = "",
    icon: str = "",
    per_card: str = "",
    power: str = "",
) -> Card:
    assert len(short) <= 8, short
    return Card(key, name, short, deck, face, count, price, rubles, points, ability, icon, per_card, power)


_ALL = (
    # workers (green) — 31
    _c("lumberjack", "Lumberjack", "Lumber", "worker", "green", 6, 3, 3, 0, icon="wood"),
    _c("gold_miner", "Gold Miner", "GoldMin", "worker", "green", 6, 4, 3, 0, icon="gold"),
    _c("shepherd", "Shepherd", "Shepherd", "worker", "green", 6, 5, 3, 0, icon="wool"),
    _c("fur_trapper", "Fur Trapper", "FurTrap", "worker", "green", 6, 6, 3, 0, icon="fur"),
    _c("ship_builder", "Ship Builder", "ShipBld", "worker", "green", 6, 7, 3, 0, icon="ship"),
    _c(
        "czar_and_carpenter",
        "Czar and Carpenter",
        "CzarCarp",
        "worker",
        "green",
        1,
        8,
        3,
        0,
        "Any green trading card may replace it.",
        icon="any",
        power="trading wildcard",
    ),
    # buildings (blue) — 28
    _c("market", "Market", "Market", "building", "blue", 5, 5, 0, 1),
    _c("customs_house", "Customs House", "Customs", "building", "blue", 5, 8, 0, 2),
    _c("firehouse", "Firehouse", "FireHse", "building", "blue", 3, 11, 0, 3),
    _c("hospital", "Hospital", "Hospital", "building", "blue", 3, 14, 0, 4),
    _c("library", "Library", "Library", "building", "blue", 3, 17, 0, 5),
    _c("theater", "Theater", "Theater", "building", "blue", 2, 20, 0, 6),
    _c("academy", "Academy", "Academy", "building", "blue", 1, 23, 0, 7),
    _c(
        "potjomkins_village",
        "Potjomkin's Village",
        "Potjomk",
        "building",
        "blue",
        1,
        2,
        0,
        0,
        "Worth 6 ₽ when a blue trading card replaces it.",
        power="replaced by a trading card: worth 6₽",
    ),
    _c(
        "pub",
        "Pub",
        "Pub",
        "building",
        "blue",
        2,
        1,
        0,
        0,
        "After each building scoring, buy up to 5 ★ at 2 ₽ each.",
        power="buy up to 5★ at 2₽ after building scoring",
    ),
    _c(
        "warehouse",
        "Warehouse",
        "WareHse",
        "building",
        "blue",
        1,
        2,
        0,
        0,
        "Your hand may hold 4 cards instead of 3.",
        power="your hand holds 4 cards, not 3",
    ),
    _c(
        "observatory",
        "Observatory",
        "Observ",
        "building",
        "blue",
        2,
        6,
        0,
        1,
        "Building phase, once a round, as your action: draw the top card of a stack (2+ cards) "
        "and buy it, take it or discard it; it then scores 0 ★ this round.",
        power="draws from a stack",
    ),
    # aristocrats (orange) — 27
    _c("author", "Author", "Author", "aristocrat", "orange", 6, 4, 1, 0),
    _c("administrator", "Administrator", "Admin", "aristocrat", "orange", 5, 7, 2, 0),
    _c("warehouse_manager", "Warehouse Manager", "WhseMgr", "aristocrat", "orange", 5, 10, 3, 0),
    _c("secretary", "Secretary", "Secrtry", "aristocrat", "orange", 4, 12, 4, 0),
    _c("controller", "Controller", "Control", "aristocrat", "orange", 3, 14, 4, 1),
    _c("judge", "Judge", "Judge", "aristocrat", "orange", 2, 16, 5, 2),
    _c("mistress_of_ceremonies", "Mistress of Ceremonies", "Mistress", "aristocrat", "orange", 2, 18, 6, 3),
    # trading cards — 30: green (replace a worker with the same icon or the Czar and Carpenter)
    _c(
        "carpenter_workshop",
        "Carpenter Workshop",
        "CarpWksp",
        "trading",
        "green",
        1,
        4,
        3,
        0,
        "You pay 1 ₽ less for every blue card.",
        icon="wood",
        power="blue cards 1₽ less",
    ),
    _c(
        "gold_smelter",
        "Gold Smelter",
        "Smelter",
        "trading",
        "green",
        1,
        6,
        3,
        0,
        "You pay 1 ₽ less for every orange card.",
        icon="gold",
        power="orange cards 1₽ less",
    ),
    _c("weaving_mill", "Weaving Mill", "Weaving", "trading", "green", 2, 8, 6, 0, icon="wool"),
    _c("fur_shop", "Fur Shop", "FurShop", "trading", "green", 3, 10, 3, 2, icon="fur"),
    _c("wharf", "Wharf", "Wharf", "trading", "green", 3, 12, 6, 1, icon="ship"),
    # blue trading cards (replace any building that is not a trading card)
    _c(
        "mariinskij_theater",
        "Mariinskij Theater",
        "Mariinsk",
        "trading",
        "blue",
        1,
        10,
        0,
        0,
        "At building scoring: +1 ₽ per orange card you have.",
        per_card="orange",
    ),
    _c("bank", "Bank", "Bank", "trading", "blue", 1, 13, 5, 1),
    _c("peterhof", "Peterhof", "Peterhof", "trading", "blue", 1, 14, 4, 2),
    _c("st_isaacs_cathedral", "St. Isaac's Cathedral", "StIsaac", "trading", "blue", 1, 15, 3, 3),
    _c(
        "church_of_resurrection",
        "Church of the Resurrection of Jesus Christ",
        "Resurrec",
        "trading",
        "blue",
        1,
        16,
        2,
        4,
    ),
    _c("harbor", "Harbor", "Harbor", "trading", "blue", 1, 16, 5, 2),
    _c("catherine_palace", "Catherine the Great Palace", "Cathrine", "trading", "blue", 1, 17, 1, 5),
    _c("smolny_cathedral", "Smolny Cathedral", "Smolny", "trading", "blue", 1, 17, 4, 3),
    _c("hermitage", "Hermitage", "Hermitge", "trading", "blue", 1, 18, 3, 4),
    _c("winter_palace", "Winter Palace", "WinterP", "trading", "blue", 1, 19, 2, 5),
    # orange trading cards (replace any aristocrat that is not a trading card)
    _c("pope", "Pope", "Pope", "trading", "orange", 1, 6, 1, 1),
    _c("chamber_maid", "Chamber Maid", "ChMaid", "trading", "orange", 1, 8, 0, 2),
    _c("weapon_master", "Weapon Master", "WeaponM", "trading", "orange", 1, 8, 4, 0),
    _c("builder", "Builder", "Builder", "trading", "orange", 1, 10, 5, 0),
    _c("senator", "Senator", "Senator", "trading", "orange", 1, 12, 2, 2),
    _c("patriarch", "Patriarch", "Patriarc", "trading", "orange", 1, 16, 0, 4),
    _c(
        "tax_man",
        "Tax Man",
        "TaxMan",
        "trading",
        "orange",
        1,
        17,
        0,
        0,
        "+1 ₽ per green card you have, at aristocrat scoring (or worker scoring, by option).",
        per_card="green",
    ),
    _c("admiral", "Admiral", "Admiral", "trading", "orange", 1, 18, 3, 3),
    _c(
        "minister_of_foreign_affairs",
        "Minister of Foreign Affairs",
        "Minister",
        "trading",
        "orange",
        1,
        20,
        2,
        4,
    ),
    _c("czar", "Czar", "Czar", "trading", "orange", 1, 24, 0, 6),
)

CARDS: dict[str, Card] = {card.key: card for card in _ALL}
WORKER_OF_ICON = {c.icon: c.key for c in _ALL if c.deck == "worker" and c.icon != "any"}
DECK_SIZES = {deck: sum(c.count for c in _ALL if c.deck == deck) for deck in DECKS}
TOTAL_CARDS = sum(DECK_SIZES.values())

assert DECK_SIZES == {"worker": 31, "building": 28, "aristocrat": 27, "trading": 30}, DECK_SIZES
assert TOTAL_CARDS == 116

# Precomputed lookups for the hot path.
FACE = {key: c.face for key, c in CARDS.items()}
PRICE = {key: c.price for key, c in CARDS.items()}
IS_TRADING = {key: c.is_trading for key, c in CARDS.items()}
DISPLACEMENT = {key: c.displacement_value for key, c in CARDS.items()}
# key -> (face index: 0 green, 1 blue, 2 orange; rubles; points)
INCOME = {key: (("green", "blue", "orange").index(c.face), c.rubles, c.points) for key, c in CARDS.items()}
# trading card -> the card keys it may replace, in table order
TARGETS: dict[str, tuple[str, ...]] = {
    key: tuple(t.key for t in _ALL if c.can_replace(t)) for key, c in CARDS.items() if c.is_trading
}
CARD_ORDER = {key: i for i, key in enumerate(CARDS)}


def full_deck(deck: str) -> list[str]:
    """All cards of one stack, unshuffled, in table order."""
    return [c.key for c in _ALL if c.deck == deck for _ in range(c.count)]


def aristocrat_bonus(kinds: int) -> int:
    return ARISTOCRAT_BONUS[min(max(kinds, 0), 10)]


def card_name(key: object) -> str:
    card = CARDS.get(key) if isinstance(key, str) else None
    return card.name if card else str(key)


def card_gives(key: str, taxman_phase: str = "aristocrat") -> str:
    """What a card gives its owner, in a few words (at most 45 characters, so that it fits beside
    an action in a choice list): its income and the scoring that pays it, then its power.
    `taxman_phase` is the game's option of that name."""
    card = CARDS[key]
    phase = card.phase
    if key == "tax_man":
        phase = "worker" if taxman_phase == "worker" else "aristocrat"
    income = []
    if card.rubles:
        income.append(f"+{card.rubles}₽")
    if card.points:
        income.append(f"+{card.points}★")
    if card.per_card:
        income.append(f"+1₽ per {card.per_card} card")
    parts = [f"{' '.join(income)} each {phase} phase"] if income else []
    if card.power:
        parts.append(card.power)
    return " · ".join(parts) or "nothing"


def card_replaces(key: str) -> str:
    """'replaces a Fur Trapper or Czar and Carpenter' for a trading card; '' for any other card."""
    card = CARDS[key]
    if not card.is_trading:
        return ""
    if card.face == "green":
        return f"replaces a {CARDS[WORKER_OF_ICON[card.icon]].name} or Czar and Carpenter"
    return "replaces a building" if card.face == "blue" else "replaces an aristocrat"


# -- the rules reference (rules.md) ---------------------------------------------------------------
# The sentences that follow the game's options, so that the rules read as this game is played:
# field -> (option, sentence by the option's value).
_SAID_BY_OPTION: dict[str, tuple[str, dict[str, str]]] = {
    "money_rule": (
        "open_money",
        {
            "on": "In this game money is open: everybody sees everybody's rubles (the usual rule keeps "
            "them secret).",
            "off": "Your money is kept secret from the others.",
        },
    ),
    "refill_rule": (
        "skip_refill_if_nothing_taken",
        {
            "on": "If nobody bought or took a card from the display during that phase, nothing is dealt.",
            "off": "This happens even if nobody took a card during the phase.",
        },
    ),
    "taxman_rule": (
        "taxman_phase",
        {
            "worker": "at worker scoring (this game's setting; the rulebook pays it at aristocrat scoring)",
            "aristocrat": "at aristocrat scoring, as the rulebook says",
        },
    ),
    "tiebreak_rule": (
        "tiebreak",
        {
            "remainder": "On a tie, the tied player with more rubles left over after the 10 ₽ → 1 ★ "
            "conversion wins (₽ mod 10; this game's setting, as on Board Game Arena: the rulebook "
            "compares all the money held).",
            "total": 'On a tie, the tied player with more rubles wins: the rulebook\'s "most money", which '
            "is all the rubles held at the end.",
        },
    ),
}


def _card_table() -> str:
    lines = []
    for card in CARDS.values():
        pays = []
        if card.rubles:
            pays.append(f"{card.rubles} ₽")
        if card.points:
            pays.append(f"{card.points} ★")
        note = card.ability
        if card.is_trading and not note:
            note = f"replaces {card.target_description()}"
        elif card.is_trading:
            note = f"replaces {card.target_description()}; {note[0].lower()}{note[1:]}"
        lines.append(
            f"| {card.name} ({card.face}{', trading' if card.is_trading else ''}) | {card.count} | "
            f"{card.price} ₽ | {' '.join(pays) or '—'} | {note} |"
        )
    return "\n".join(lines)


def rules_values(options: Mapping[str, str]) -> dict[str, str]:
    """The {{fields}} of rules.md: the card table, and a sentence for each option the rules speak
    of, as `options` (resolved) set it."""
    values = {field: said[options[key]] for field, (key, said) in _SAID_BY_OPTION.items()}
    values["card_table"] = _card_table()
    return values
