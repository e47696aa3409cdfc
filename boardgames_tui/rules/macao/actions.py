"""Macao's actions: small frozen dataclasses, one per kind of decision.

Colours are indexes into data.COLOURS (R B G K Y V); cards, quarters and sea spaces are named by
their ids in data. A cost of exact colours is paid as printed when the action is taken; a cost in
cubes of any colours (the ship, the wall) is paid afterwards, one cube at a time (`PayCube`), so
the player picks which colours go. A joker is turned into a cube or gold first (`UseJoker`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Action, Pass, action_codec, keep_sorted
from .data import CARD, COLOUR_NAMES, COLOURS, QUARTER


def colour_name(colour: int) -> str:
    return COLOUR_NAMES[COLOURS[colour]]


@dataclass(frozen=True)
class StartCard(Action):
    """Set-up: take this card of the revealed ones onto the tableau."""

    kind: ClassVar[str] = "start_card"
    card: str

    def describe(self) -> str:
        return f"Start with {CARD[self.card].name}"


@dataclass(frozen=True)
class StartCubes(Action):
    """Set-up: 1 cube of colour `one` beside face 1 of the wind rose, 2 of colour `two` beside face 2."""

    kind: ClassVar[str] = "start_cubes"
    one: int
    two: int

    def describe(self) -> str:
        return f"1 {colour_name(self.one)} at 1, 2 {colour_name(self.two)} at 2"


@dataclass(frozen=True)
class Draft(Action):
    """Phase 1: take this card of the display onto the tableau."""

    kind: ClassVar[str] = "draft"
    card: str

    def describe(self) -> str:
        return f"Take {CARD[self.card].name}"


@dataclass(frozen=True)
class Overflow(Action):
    """Phase 1, the tableau full: discard this one of its cards (or the new one) for a punish marker."""

    kind: ClassVar[str] = "overflow"
    card: str

    def describe(self) -> str:
        return f"Discard {CARD[self.card].name} (punish marker)"


@dataclass(frozen=True)
class ChooseDice(Action):
    """Phase 2: the dice of colours `a` and `b` (kept a < b), with what the player's phase-2 cards do:
    `extra` (0 the first die, 1 the second) gets the ROSE_EXTRA cubes; `shift_die` (0, 1, or -1
    for none) is placed `shift` faces earlier (ROSE_SHIFT); `cube` is the colour of a CUBE card's
    cube beside face 1 (-1: no such card)."""

    kind: ClassVar[str] = "dice"
    a: int
    b: int
    extra: int = -1
    shift_die: int = -1
    shift: int = 0
    cube: int = -1

    def __post_init__(self) -> None:
        # Two dice named the other way round are the same choice: kept in order, with what the
        # cards do to "the first" and "the second" die following their die.
        a, b = self.a, self.b
        if type(a) is int and type(b) is int and a > b:
            object.__setattr__(self, "a", b)
            object.__setattr__(self, "b", a)
            for name in ("extra", "shift_die"):
                which = getattr(self, name)
                if type(which) is int and which in (0, 1):
                    object.__setattr__(self, name, 1 - which)

    def describe(self) -> str:
        dice = (self.a, self.b)
        text = f"Dice {colour_name(self.a)} and {colour_name(self.b)}"
        if self.extra >= 0:
            text += f", extra cubes on the {colour_name(dice[self.extra])}"
        if self.shift_die >= 0:
            text += f", the {colour_name(dice[self.shift_die])} {self.shift} earlier"
        if self.cube >= 0:
            text += f", a {colour_name(self.cube)} cube at 1"
        return text


def _paying(pay: tuple[int, ...]) -> str:
    return f", paying {' '.join(COLOURS[c] for c in pay)}" if pay else ""


@dataclass(frozen=True)
class Activate(Action):
    """Phase 3: pay this tableau card's cost and activate it. `pay` (sorted colours) is given only
    when a card lets the cost be paid otherwise than as printed (WILD, DISCOUNT); `get` names the
    cubes a card gives on activation where they are chosen, `quarter` the quarter the Soldier takes."""

    kind: ClassVar[str] = "activate"
    card: str
    pay: tuple[int, ...] = ()
    get: tuple[int, ...] = ()
    quarter: str = ""

    def __post_init__(self) -> None:
        keep_sorted(self, "pay", "get")

    def describe(self) -> str:
        text = f"Activate {CARD[self.card].name}{_paying(self.pay)}"
        if self.get:
            text += ": cubes " + " ".join(COLOURS[c] for c in self.get)
        if self.quarter:
            text += f": takes {QUARTER[self.quarter].name}"
        return text


@dataclass(frozen=True)
class TakeQuarter(Action):
    """Phase 3: take a city quarter; `pay` as for Activate."""

    kind: ClassVar[str] = "quarter"
    quarter: str
    pay: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        keep_sorted(self, "pay")

    def describe(self) -> str:
        return f"Take {QUARTER[self.quarter].name} ({self.quarter}){_paying(self.pay)}"


@dataclass(frozen=True)
class Sail(Action):
    """Phase 3: move the ship to `to` for `cubes` cubes of any colours (a cube a space, less what
    the Lighthouse and the Sail Maker save), paid next, cube by cube."""

    kind: ClassVar[str] = "sail"
    to: str
    cubes: int = 0  # for display (part of equality)

    def describe(self) -> str:
        return f"Sail to {self.to} ({self.cubes} cube{'s' if self.cubes != 1 else ''})"


@dataclass(frozen=True)
class Deliver(Action):
    """Phase 3: unload one tile of `good` in the port where the ship is."""

    kind: ClassVar[str] = "deliver"
    good: str

    def describe(self) -> str:
        return f"Deliver {self.good}"


@dataclass(frozen=True)
class Tribute(Action):
    kind: ClassVar[str] = "tribute"

    def describe(self) -> str:
        return "Buy prestige (tribute)"


@dataclass(frozen=True)
class Wall(Action):
    """Phase 3: move `spaces` forward on the city wall (cubes of any colours, paid next)."""

    kind: ClassVar[str] = "wall"
    spaces: int

    def describe(self) -> str:
        return f"Wall: {self.spaces} space{'s' if self.spaces != 1 else ''} forward"


@dataclass(frozen=True)
class PayCube(Action):
    """Pay one cube of this colour towards the cost under way."""

    kind: ClassVar[str] = "pay"
    colour: int

    def describe(self) -> str:
        return f"Pay a {colour_name(self.colour)} cube"


@dataclass(frozen=True)
class UseJoker(Action):
    """A joker tile: one cube of `colour` into the supply, or (colour -1) 3 gold. With the Juggler
    it counts double: `also` is its second half, a cube or (-1) 3 gold more."""

    kind: ClassVar[str] = "joker"
    colour: int = -1
    also: int | None = None

    def describe(self) -> str:
        halves = [self.colour] if self.also is None else [self.colour, self.also]
        words = [("3 gold" if c < 0 else f"a {colour_name(c)} cube") for c in halves]
        return "Joker: " + " and ".join(words)


@dataclass(frozen=True)
class UseCard(Action):
    """Phase 3: use an activated card, paying the cubes `pay` and taking the cubes `get` where the
    card lets the player choose them (sorted colours)."""

    kind: ClassVar[str] = "use"
    card: str
    pay: tuple[int, ...] = ()
    get: tuple[int, ...] = ()
    to: str = ""  # where a free ship move goes

    def __post_init__(self) -> None:
        keep_sorted(self, "pay", "get")

    def describe(self) -> str:
        if self.to:
            return f"{CARD[self.card].name}: sail to {self.to} for free"
        from .abilities import describe, uses

        for gain in uses(self.card, (9,) * len(COLOURS), 99):
            if gain.pay_cubes == self.pay and gain.cubes == self.get:
                return describe(self.card, gain)
        return f"Use {CARD[self.card].name}"


ACTIONS = (
    StartCard,
    StartCubes,
    Draft,
    Overflow,
    ChooseDice,
    Activate,
    TakeQuarter,
    Sail,
    Deliver,
    Tribute,
    Wall,
    PayCube,
    UseJoker,
    UseCard,
    Pass,
)
decode_action = action_codec(*ACTIONS)
