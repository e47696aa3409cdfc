"""St. Petersburg actions: small frozen dataclasses, each with its JSON form (see core.Action)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Action, Pass, action_codec
from .data import card_name

# Pass is the one class every game shares; it stays importable from here.
__all__ = [
    "ACTION_CLASSES",
    "Buy",
    "ObservatoryBuy",
    "ObservatoryDiscard",
    "ObservatoryToHand",
    "Pass",
    "Play",
    "PubBuy",
    "TakeToHand",
    "UseObservatory",
    "decode_action",
]


def _replacing(replace: str | None) -> str:
    return f" replacing {card_name(replace)}" if replace is not None else ""


@dataclass(frozen=True)
class Buy(Action):
    """Buy the card at `index` of a display row ("upper" or "lower") into your play area."""

    kind: ClassVar[str] = "buy"
    row: str
    index: int
    card: str
    price: int
    replace: str | None = None

    def describe(self) -> str:
        return (
            f"Buy {card_name(self.card)} from the {self.row} row for {self.price} ₽{_replacing(self.replace)}"
        )


@dataclass(frozen=True)
class TakeToHand(Action):
    """Take the card at `index` of a display row into your hand (free)."""

    kind: ClassVar[str] = "take"
    row: str
    index: int
    card: str

    def describe(self) -> str:
        return f"Take {card_name(self.card)} from the {self.row} row into your hand"


@dataclass(frozen=True)
class Play(Action):
    """Play a card from your hand into your play area."""

    kind: ClassVar[str] = "play"
    card: str
    price: int
    replace: str | None = None

    def describe(self) -> str:
        return f"Play {card_name(self.card)} from your hand for {self.price} ₽{_replacing(self.replace)}"


@dataclass(frozen=True)
class UseObservatory(Action):
    """Building phase: draw the top card of a stack (a deck name) with an unused Observatory."""

    kind: ClassVar[str] = "observatory"
    stack: str

    def describe(self) -> str:
        return f"Use the Observatory on the {self.stack} stack"


@dataclass(frozen=True)
class ObservatoryBuy(Action):
    kind: ClassVar[str] = "observatory_buy"
    card: str
    price: int
    replace: str | None = None

    def describe(self) -> str:
        return f"Buy the drawn {card_name(self.card)} for {self.price} ₽{_replacing(self.replace)}"


@dataclass(frozen=True)
class ObservatoryToHand(Action):
    kind: ClassVar[str] = "observatory_hand"
    card: str

    def describe(self) -> str:
        return f"Take the drawn {card_name(self.card)} into your hand"


@dataclass(frozen=True)
class ObservatoryDiscard(Action):
    kind: ClassVar[str] = "observatory_discard"
    card: str

    def describe(self) -> str:
        return f"Discard the drawn {card_name(self.card)}"


@dataclass(frozen=True)
class PubBuy(Action):
    """After building scoring: buy `points` ★ at the Pub for `price` ₽ (2 ₽ a point); 0 = none."""

    kind: ClassVar[str] = "pub"
    points: int
    price: int

    def describe(self) -> str:
        if self.points == 0:
            return "Buy no points at the Pub"
        return f"Buy {self.points} ★ at the Pub for {self.price} ₽"


ACTION_CLASSES = (
    Buy,
    TakeToHand,
    Play,
    Pass,
    UseObservatory,
    ObservatoryBuy,
    ObservatoryToHand,
    ObservatoryDiscard,
    PubBuy,
)
decode_action = action_codec(*ACTION_CLASSES)
