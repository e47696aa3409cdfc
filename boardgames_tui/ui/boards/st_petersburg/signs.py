"""St. Petersburg's signs: each colour's letter, style and title, each stack's letter, and a card's
letter, price and income as the board, the player rows and the details write them."""

from __future__ import annotations

from ....rules.st_petersburg.data import CARDS

FACE_STYLE = {"green": "#5cb85c", "blue": "#6aa5f0", "orange": "#f0a040"}
FACE_LETTER = {"green": "W", "blue": "B", "orange": "A"}
DECK_LETTER = {"worker": "W", "building": "B", "aristocrat": "A", "trading": "T"}
FACE_TITLE = {"green": "Workers", "blue": "Buildings", "orange": "Aristocrats"}
PHASE_TITLE = {
    "worker": "Workers",
    "building": "Buildings",
    "aristocrat": "Aristocrats",
    "trading": "Trading",
}
# After an Observatory draw, the keys for the drawn card as the line under the display offers
# them, each with the kind of move it makes: only those with a legal move are shown.
DRAWN_KEYS = (
    ("Enter buy", "observatory_buy"),
    ("h hand", "observatory_hand"),
    ("d discard", "observatory_discard"),
)


def card_letter(key: str) -> str:
    """W/B/A for workers, buildings, aristocrats; T for trading cards (whatever their face)."""
    return DECK_LETTER[CARDS[key].deck]


def card_style(key: str) -> str:
    return FACE_STYLE[CARDS[key].face]


def price_text(key: str, price: int | None) -> str:
    """'5→4₽' when discounted, '4₽', '—' with no legal target; '*' marks a trading card."""
    card = CARDS[key]
    star = "*" if card.is_trading else ""
    if price is None:
        return "—" + star
    if price < card.price:
        return f"{card.price}→{price}₽{star}"
    return f"{price}₽{star}"


def income_text(rubles: int, points: int) -> str:
    parts = []
    if rubles:
        parts.append(f"{rubles}₽")
    if points:
        parts.append(f"{points}★")
    return "+" + "".join(parts) if parts else "+0"
