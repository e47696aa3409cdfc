"""San Marco's actions: small frozen dataclasses, one per kind of decision.

Districts are indexes into data.DISTRICTS (die number − 1); a card in a hand or a pile is named
by its index there. The split is made card by card (`PutCard`), then confirmed (`Confirm`): a
split of ten cards into three piles has tens of thousands of outcomes, too many to list, and a
player builds it that way on the board anyway.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Action, action_codec
from .data import DISTRICTS


def _d(district: int) -> str:
    return DISTRICTS[district].name


def _as_pair(action: PlaceBridge | PlayBridge) -> None:
    """A bridge is its pair of districts, whichever end is named first: kept lower index first,
    as data.PAIRS writes it, so both namings are one move."""
    a, b = action.a, action.b
    if type(a) is int and type(b) is int and a > b:
        object.__setattr__(action, "a", b)
        object.__setattr__(action, "b", a)


@dataclass(frozen=True)
class Reroll(Action):
    """Set-up: four equal starting rolls; reroll the fourth until it differs (True) or keep them."""

    kind: ClassVar[str] = "reroll"
    again: bool

    def describe(self) -> str:
        return "Reroll the fourth die" if self.again else "Keep the four rolls"


@dataclass(frozen=True)
class PlaceBridge(Action):
    """Set-up: a starting bridge between two neighbouring districts."""

    kind: ClassVar[str] = "start_bridge"
    a: int
    b: int

    def __post_init__(self) -> None:
        _as_pair(self)

    def describe(self) -> str:
        return f"Bridge {_d(self.a)} – {_d(self.b)}"


@dataclass(frozen=True)
class PutCard(Action):
    """The divider, in secret: card `card` of the drawn cards into pile `pile`."""

    kind: ClassVar[str] = "put"
    card: int
    pile: int

    def describe(self) -> str:
        return f"Card {self.card + 1} into pile {self.pile + 1}"


@dataclass(frozen=True)
class Confirm(Action):
    """The divider: the split is done (every pile holds a card)."""

    kind: ClassVar[str] = "confirm"

    def describe(self) -> str:
        return "Done: offer these piles"


@dataclass(frozen=True)
class Choose(Action):
    kind: ClassVar[str] = "choose"
    pile: int

    def describe(self) -> str:
        return f"Take pile {self.pile + 1}"


@dataclass(frozen=True)
class PlayDistrict(Action):
    """A district card: a cube into `target` (the card's district or across an own bridge),
    from the supply, or from `source` when the supply is empty."""

    kind: ClassVar[str] = "play_district"
    card: int
    target: int
    source: int | None = None

    def describe(self) -> str:
        where = f"from {_d(self.source)} " if self.source is not None else ""
        return f"Place a cube {where}in {_d(self.target)}"


@dataclass(frozen=True)
class PlayBridge(Action):
    """A bridge card: a bridge from the supply onto a+b; or, all twelve out, another player's
    bridge number `take` (in the board's list) taken over and put on a+b (or left where it is)."""

    kind: ClassVar[str] = "play_bridge"
    card: int
    a: int
    b: int
    take: int | None = None
    source: int | None = None

    def __post_init__(self) -> None:
        _as_pair(self)

    def describe(self) -> str:
        verb = "Take over a bridge, to" if self.take is not None else "Build a bridge"
        return f"{verb} {_d(self.a)} – {_d(self.b)}"


@dataclass(frozen=True)
class PlayTransfer(Action):
    """A transfer card: a cube of `colour` in `district` is replaced by one's own."""

    kind: ClassVar[str] = "play_transfer"
    card: int
    district: int
    colour: int
    source: int | None = None

    def describe(self) -> str:
        return f"Transfer: replace a cube of colour {self.colour + 1} in {_d(self.district)}"


@dataclass(frozen=True)
class PlayBanish(Action):
    """A banishment card (or the free banishment, card −1): name the district, then roll."""

    kind: ClassVar[str] = "play_banish"
    card: int
    district: int

    def describe(self) -> str:
        return f"Banish in {_d(self.district)} (then roll the die)"


@dataclass(frozen=True)
class PickBanished(Action):
    """After a banishment's roll: how many cubes of each colour leave (by colour)."""

    kind: ClassVar[str] = "pick_banished"
    counts: tuple[int, ...]

    def describe(self) -> str:
        parts = [f"{n} of colour {c + 1}" for c, n in enumerate(self.counts) if n]
        return "Remove " + (", ".join(parts) or "nothing")


@dataclass(frozen=True)
class PlayDoge(Action):
    """A Doge card: the Doge to `district` by `steps` (each a bridge's index in the board's list,
    or −(d + 1) for the 2-prestige step to district d; none for the first Doge, placed anywhere,
    or to stay), then that district is scored. Who is paid can matter, so the route is chosen."""

    kind: ClassVar[str] = "play_doge"
    card: int
    district: int
    steps: tuple[int, ...] = ()

    def describe(self) -> str:
        via = f" ({len(self.steps)} step{'s' * (len(self.steps) != 1)})" if self.steps else ""
        return f"Doge to {_d(self.district)}{via}, and score it"


@dataclass(frozen=True)
class Decline(Action):
    """Forfeit an action card (or the free banishment, card −1) unused."""

    kind: ClassVar[str] = "decline"
    card: int

    def describe(self) -> str:
        return "Give up the free banishment" if self.card < 0 else f"Give up card {self.card + 1}"


@dataclass(frozen=True)
class PlaceNeutral(Action):
    """Variant A, at a period's start: a neutral cube set aside goes back into `district`."""

    kind: ClassVar[str] = "place_neutral"
    district: int

    def describe(self) -> str:
        return f"Put a neutral cube back in {_d(self.district)}"


ACTION_CLASSES: tuple[type[Action], ...] = (
    Reroll,
    PlaceBridge,
    PutCard,
    Confirm,
    Choose,
    PlayDistrict,
    PlayBridge,
    PlayTransfer,
    PlayBanish,
    PickBanished,
    PlayDoge,
    Decline,
    PlaceNeutral,
)
decode_action = action_codec(*ACTION_CLASSES)
