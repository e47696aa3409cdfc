"""The cards a player picks in a stage of Phase II, before playing them: no Textual, tested alone.

The hand is laid out as chips, the stage's kind first, then the Jokers, then the other cards, then
one chip per usable Yellow 3. Space on a chip changes what it does in the play:

- a card of the stage's kind or a Joker: played, or not;
- a card of another kind: kept, turned into one of the stage's by a Yellow 2, or into two by a
  Yellow 4 (only while an unused building of that kind is left);
- a Yellow 3: adds a Joker, or not.

The count and the reason a set is refused come from the rules' own arithmetic (reckoning), so
what the screen says before Enter is what the rules will say after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....rules.rialto.actions import Play
from ....rules.rialto.data import JOKER, YELLOW
from ....rules.rialto.reckoning import effective_count, refusal_of_count
from ....rules.rialto.view import Building

OFF, PLAYED, AS_ONE, AS_TWO = 0, 1, 2, 3
Y3 = -1  # a chip that is a Yellow 3, not a card


def usable_yellows(buildings: Sequence[Building]) -> dict[int, int]:
    """value -> how many of the player's yellow buildings of that value can be used now."""
    out = {1: 0, 2: 0, 3: 0, 4: 0}
    for b in buildings:
        if b.colour == YELLOW and not b.coin and not b.new:
            out[b.value] += 1
    return out


@dataclass
class Picks:
    stage: int
    hand: list[int]
    yellows: dict[int, int]
    coins: int
    chips: list[int]  # a card kind per chip, or Y3
    modes: list[int]
    at: int = 0  # the chip under the cursor

    @classmethod
    def start(cls, stage: int, hand: Sequence[int], buildings: Sequence[Building], coins: int) -> Picks:
        """A new turn: every card of the stage's kind is picked, as most plays use them all."""
        yellows = usable_yellows(buildings)
        order = sorted(hand, key=lambda k: (k != stage, k != JOKER, k))
        chips = order + [Y3] * yellows[3]
        modes = [PLAYED if k == stage else OFF for k in chips]
        return cls(stage, list(hand), yellows, coins, chips, modes)

    # -- moving and changing ------------------------------------------------------------------
    def move(self, delta: int) -> None:
        if self.chips:
            self.at = (self.at + delta) % len(self.chips)

    def modes_for(self, i: int) -> list[int]:
        """What chip `i` may do, in the order Space goes through them."""
        kind = self.chips[i]
        if kind == self.stage or kind in (JOKER, Y3):
            return [OFF, PLAYED]
        out = [OFF]
        used = self.modes[:i] + self.modes[i + 1 :]
        if used.count(AS_ONE) < self.yellows[2]:
            out.append(AS_ONE)
        if used.count(AS_TWO) < self.yellows[4]:
            out.append(AS_TWO)
        return out

    def toggle(self, i: int | None = None) -> bool:
        """Space: the chip's next mode. False when it has no other (a card no yellow can turn)."""
        i = self.at if i is None else i
        if not 0 <= i < len(self.chips):
            return False
        modes = self.modes_for(i)
        if len(modes) == 1:
            return False
        now = self.modes[i] if self.modes[i] in modes else OFF
        self.modes[i] = modes[(modes.index(now) + 1) % len(modes)]
        return True

    def pick_all(self) -> None:
        """Every card of the stage's kind and nothing else."""
        self.modes = [PLAYED if k == self.stage else OFF for k in self.chips]

    def clear(self) -> None:
        self.modes = [OFF] * len(self.chips)

    # -- what it makes ------------------------------------------------------------------------
    def parts(self) -> tuple[int, int, tuple[int, ...], tuple[int, ...], int]:
        cards = jokers = extra = 0
        one: list[int] = []
        two: list[int] = []
        for kind, mode in zip(self.chips, self.modes):
            if mode == PLAYED:
                if kind == Y3:
                    extra += 1
                elif kind == JOKER:
                    jokers += 1
                else:
                    cards += 1
            elif mode == AS_ONE:
                one.append(kind)
            elif mode == AS_TWO:
                two.append(kind)
        return cards, jokers, tuple(sorted(one)), tuple(sorted(two)), extra

    def action(self) -> Play:
        cards, jokers, one, two, extra = self.parts()
        return Play(cards, jokers, one, two, extra)

    def coins_needed(self) -> int:
        _, _, one, two, extra = self.parts()
        return len(one) + len(two) + extra

    def args(self) -> tuple[int, int, int, int, int, bool]:
        cards, jokers, one, two, extra = self.parts()
        return cards, jokers, len(one), len(two), extra, self.stage in self.hand

    def count(self) -> int | None:
        """The effective count of the picked set, None when the rules refuse it."""
        if self.refusal() is not None:
            return None
        return effective_count(*self.args())

    def refusal(self) -> str | None:
        """Why the picked set cannot be played, in one line; None when it can."""
        if effective_count(*self.args()) is None:
            return refusal_of_count(*self.args())
        need = self.coins_needed()
        if need > self.coins:
            return f"Each yellow building costs a coin: this set needs {need}, you have {self.coins}."
        return None

    def picked(self) -> int:
        return sum(1 for m in self.modes if m != OFF)
