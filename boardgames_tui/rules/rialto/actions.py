"""Rialto's actions: small frozen dataclasses, one per kind of decision.

Cards are named by kind (data.CARD_NAMES: 0 Doge … 5 Councilman, 6 Joker), buildings by colour
(0 green, 1 yellow, 2 blue) and value, districts and slots by their index in data. A player's
copies of one building type are alike but for whether they are used this round, so an action
names the type and the rules take the copy that serves the player best.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Action, Pass, action_codec, keep_sorted
from .data import BLUE_EFFECTS, CARD_NAMES, DISTRICTS, SLOTS, building_name, slot_name

BLUE_TEXT = {
    "upgrade": "upgrade a building",
    "vp_councilman": "1 VP and a councilman",
    "doge": "advance on the Doge track by your rank",
    "vp3": "3 VP",
}


def _cards(kinds: tuple[int, ...]) -> str:
    return ", ".join(CARD_NAMES[k] for k in kinds)


@dataclass(frozen=True)
class PickStart(Action):
    """Set-up: the value-1 building of this colour."""

    kind: ClassVar[str] = "start"
    colour: int

    def describe(self) -> str:
        return f"Start with {building_name(self.colour, 1)}"


@dataclass(frozen=True)
class TakeRow(Action):
    """Phase I: take this row of face-up cards (and draw 2 blind)."""

    kind: ClassVar[str] = "row"
    row: int

    def describe(self) -> str:
        return f"Take row {self.row + 1}"


@dataclass(frozen=True)
class UseGreen(Action):
    """Phase I: activate a green building of this value. Greens 1, 3 and 4 also take `card` (a kind)
    from the leftover row, or with `card` None draw 3 from the pile; Green 2 takes nothing."""

    kind: ClassVar[str] = "green"
    value: int
    card: int | None = None

    def describe(self) -> str:
        name = building_name(0, self.value)
        if self.value == 2:
            return f"{name}: hand limit +1"
        take = (
            "draw 3 cards" if self.card is None else f"take the {CARD_NAMES[self.card]} from the leftover row"
        )
        return f"{name}: {take}"


@dataclass(frozen=True)
class Discard(Action):
    """End of Phase I: discard one card of this kind, face down (repeated down to the limit)."""

    kind: ClassVar[str] = "discard"
    card: int

    def describe(self) -> str:
        return f"Discard a {CARD_NAMES[self.card]}"


@dataclass(frozen=True)
class Play(Action):
    """Phase II: play `cards` cards of the stage's kind and `jokers` Jokers; Yellow 2s each turn one
    card of a kind in `one` into one of the stage's, Yellow 4s each one of `two` into two; `extra`
    Yellow 3s each add a Joker. Tuples are sorted."""

    kind: ClassVar[str] = "play"
    cards: int
    jokers: int = 0
    one: tuple[int, ...] = ()
    two: tuple[int, ...] = ()
    extra: int = 0

    def __post_init__(self) -> None:
        keep_sorted(self, "one", "two")

    def describe(self) -> str:
        return "Play " + self.what()

    def what(self, kind: str = "") -> str:
        """The cards played, `kind` naming the stage's ("Gold ")."""
        parts = []
        if self.cards:
            parts.append(f"{self.cards} {kind}card{'s' if self.cards != 1 else ''}")
        if self.jokers:
            parts.append(f"{self.jokers} Joker{'s' if self.jokers != 1 else ''}")
        if self.one:
            parts.append(f"Yellow 2 on {_cards(self.one)}")
        if self.two:
            parts.append(f"Yellow 4 on {_cards(self.two)}")
        if self.extra:
            parts.append("Yellow 3" + (f" ×{self.extra}" if self.extra > 1 else ""))
        return " + ".join(parts)


@dataclass(frozen=True)
class Wait(Action):
    """Phase II: Yellow 1, take this turn after everybody else (1 coin paid, 1 gained)."""

    kind: ClassVar[str] = "wait"

    def describe(self) -> str:
        return "Yellow 1: wait, play after the others"


@dataclass(frozen=True)
class Build(Action):
    """Stage C: take a building; with all 7 spaces full, return the building `back_colour`/
    `back_value` for its value in VP (-1: none to return)."""

    kind: ClassVar[str] = "build"
    colour: int
    value: int
    back_colour: int = -1
    back_value: int = 0

    def describe(self) -> str:
        text = f"Build {building_name(self.colour, self.value)}"
        if self.back_colour >= 0:
            text += f", returning {building_name(self.back_colour, self.back_value)} (+{self.back_value} VP)"
        return text


@dataclass(frozen=True)
class PlaceBridge(Action):
    """Stage D's bonus: the top bridge tile on slot `slot`; its first number faces the slot's first
    district, or with `swap` its second number does."""

    kind: ClassVar[str] = "bridge"
    slot: int
    swap: bool = False
    tile: tuple[int, int] = (0, 0)  # the tile placed, for display (part of equality)

    def describe(self) -> str:
        a, b = SLOTS[self.slot]
        x, y = self.tile[::-1] if self.swap else self.tile
        return f"Bridge {DISTRICTS[a].name} {x} │ {y} {DISTRICTS[b].name}"


# Where the gondola bonus's councilman comes from: the general supply (the rule), or, when that is
# empty, the personal supply, a district (0..5, moving one placed there), or nowhere.
FROM_GENERAL, FROM_PERSONAL, FROM_NOWHERE = -1, -2, -3


@dataclass(frozen=True)
class PlaceGondola(Action):
    """Stage E's bonus: a gondola on slot `slot`, then a councilman into `district` (one of the two
    it joins) from `source`."""

    kind: ClassVar[str] = "gondola"
    slot: int
    district: int
    source: int = FROM_GENERAL

    def describe(self) -> str:
        text = f"Gondola {slot_name(self.slot)}"
        where = DISTRICTS[self.district].name
        if self.source == FROM_NOWHERE:
            return text + " (no councilman)"
        if self.source == FROM_PERSONAL:
            return text + f", councilman from your supply to {where}"
        if self.source >= 0:
            return text + f", councilman moved from {DISTRICTS[self.source].name} to {where}"
        return text + f", councilman to {where}"


@dataclass(frozen=True)
class Recall(Action):
    """Stage F, personal supply short: move one of your councilmen from `district` to the current one."""

    kind: ClassVar[str] = "recall"
    district: int

    def describe(self) -> str:
        return f"Move a councilman from {DISTRICTS[self.district].name}"


@dataclass(frozen=True)
class UseBlue(Action):
    """Phase III: activate a blue building of this value; Blue 1 upgrades the building `colour`/
    `up_value` to the next value of its colour."""

    kind: ClassVar[str] = "blue"
    value: int
    colour: int = -1
    up_value: int = 0

    def describe(self) -> str:
        name = building_name(2, self.value)
        if self.value == 1:
            return f"{name}: upgrade {building_name(self.colour, self.up_value)} to {self.up_value + 1}"
        return f"{name}: {BLUE_TEXT[BLUE_EFFECTS[self.value]]}"


ACTIONS = (
    PickStart,
    TakeRow,
    UseGreen,
    Discard,
    Play,
    Wait,
    Build,
    PlaceBridge,
    PlaceGondola,
    Recall,
    UseBlue,
    Pass,
)
decode_action = action_codec(*ACTIONS)
