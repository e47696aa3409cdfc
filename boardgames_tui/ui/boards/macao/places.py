"""The places a walkthrough's caption may mark on Macao's board (learn/data/macao.toml, a step's
`places`), in the words the board shows them by:

    rose 1 … rose 6      a pile of the wind rose, by the face beside it
    NOW                  the rose's middle: this round's cubes (once the rose has turned)
    wall                 the wall line under the rose: the turn order
    die R … die V        a die on the dice panel, by its colour letter
    q01 … q30            a city quarter, by its id or its name ("Porta do Cerco")
    LIS, Lisboa, s05     a space of the sea route: a port by its short or long name (Macao is
                         MAC), an open-sea space by its id
    Money-changer        a card on the card panel, by its name
    round 1 … round 12   a line of the round track

A place on a panel belongs to that panel: marking it brings the panel up (screen.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from ....rules.macao.data import CARD, COLOURS, QUARTER, ROUNDS
from ....rules.macao.view import MacaoView
from ...boardkit import PLACE
from . import city, rose, sea, signs

NOW = "NOW"
WALL = "wall"
ROSE: dict[str, int] = {f"rose {face}": face for face in range(1, 7)}
DIE: dict[str, int] = {f"die {letter}": c for c, letter in enumerate(COLOURS)}
QUARTERS: dict[str, str] = {q: q for q in city.GRID} | {QUARTER[q].name: q for q in city.GRID}
SPACES: dict[str, str] = {s: s for s in sea.NODES} | {
    short: s for s, short in signs.PORT_SHORT.items() if s in sea.NODES
}
ROUND: dict[str, int] = {f"round {r}": r for r in range(1, ROUNDS + 1)}


def panel_of(place: str) -> str | None:
    """The right-hand panel a place is on (None: the rose's column)."""
    if place in DIE:
        return "dice"
    if place in QUARTERS:
        return "city"
    if place in SPACES:
        return "sea"
    if place in ROUND:
        return "track"
    if place in ROSE or place in (NOW, WALL):
        return None
    return "cards"


def names(view: MacaoView, panels: Iterable[str], cards: Iterable[str]) -> frozenset[str]:
    """Every place the board can mark now: the rose's column, and the places of `panels` (the
    panels there is something to show on), the card panel's being `cards` (card ids)."""
    out = set(ROSE) | {WALL}
    if rose.turned(view) and view.step != "over":  # the rose's middle says NOW
        out.add(NOW)
    shown = set(panels)
    if "dice" in shown:
        out |= set(DIE)
    if "city" in shown:
        out |= set(QUARTERS)
    if "sea" in shown:
        out |= set(SPACES)
    if "cards" in shown:
        out |= {CARD[c].name for c in cards}
    if "track" in shown:
        out |= set(ROUND)
    return frozenset(out)


def faces(marks: frozenset[str]) -> frozenset[int]:
    return frozenset(ROSE[m] for m in marks if m in ROSE)


def dice(marks: frozenset[str]) -> frozenset[int]:
    return frozenset(DIE[m] for m in marks if m in DIE)


def quarters(marks: frozenset[str]) -> frozenset[str]:
    return frozenset(QUARTERS[m] for m in marks if m in QUARTERS)


def spaces(marks: frozenset[str]) -> frozenset[str]:
    return frozenset(SPACES[m] for m in marks if m in SPACES)


def rounds(marks: frozenset[str]) -> frozenset[int]:
    return frozenset(ROUND[m] for m in marks if m in ROUND)


def card_marked(card: str, marks: frozenset[str]) -> bool:
    return CARD[card].name in marks


def mark(text: Text, start: int = 0, end: int | None = None) -> Text:
    """`text` with the cells from `start` to `end` in reverse video, over their own styles."""
    out = text.copy()
    out.stylize(PLACE, start, len(out.plain) if end is None else end)
    return out
