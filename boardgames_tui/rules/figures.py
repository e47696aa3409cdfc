"""The figures a game's players care about, counted over the moves of a game for its review:
St. Petersburg's rubles earned and spent per phase, Santiago's bids, bribes and fields watered,
and so on. Each game's package has a `figures.py` whose `figures(moves)` reads them off the
states before and after each move (never off the log's words), so a figure is as exact as the
rules layer; this module holds what they share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .core import Action, Event, State

S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Move(Generic[S]):
    """One move of a game, with the states on either side of it (a game's figures name its own
    state class: `Move[SantiagoState]`)."""

    seat: int
    action: Action
    before: S
    after: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Figure:
    """One row of the table: a label, a number per seat, and the heading it sits under."""

    group: str
    label: str
    values: tuple[int, ...]


class Tally:
    """Rows in the order they are first named; every row has a number for every seat, so a
    player who never earned in a phase reads 0, not a gap."""

    def __init__(self, seats: int, layout: Iterable[tuple[str, Iterable[str]]] = ()):
        """`layout`: (heading, labels) pairs, the rows named up front in their order."""
        self.seats = seats
        self._rows: dict[tuple[str, str], list[int]] = {}
        for group, labels in layout:
            for label in labels:
                self.row(group, label)

    def row(self, group: str, label: str) -> list[int]:
        """A row, made (all zeros) when first named: naming rows up front fixes their order."""
        return self._rows.setdefault((group, label), [0] * self.seats)

    def add(self, group: str, label: str, seat: int, amount: int = 1) -> None:
        self.row(group, label)[seat] += amount

    def put(self, group: str, label: str, values: Sequence[int]) -> None:
        self._rows[(group, label)] = list(values)

    def put_final(self, group: str, state: State, parts: Iterable[tuple[str, str]]) -> None:
        """Rows of the final scoring's own parts, (breakdown key, label), once `state` is over."""
        if not state.is_over():
            return
        by_seat = {row.seat: row.breakdown for row in state.standings().rows}
        for key, label in parts:
            self.put(group, label, [by_seat[seat][key] for seat in range(self.seats)])

    def figures(self) -> list[Figure]:
        """The rows, each heading's together (headings in the order first named)."""
        groups = list(dict.fromkeys(group for group, _ in self._rows))
        rows = sorted(self._rows.items(), key=lambda item: groups.index(item[0][0]))
        return [Figure(group, label, tuple(values)) for (group, label), values in rows]


def changes(before: Sequence[int], after: Sequence[int]) -> list[int]:
    """Seat by seat, how much a per-seat number moved."""
    return [b - a for a, b in zip(before, after, strict=True)]
