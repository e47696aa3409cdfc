"""The places a walkthrough step may mark on San Marco's board, by the names a rules writer types
and a player reads on the screen, and the scene's `spots` they stand for (venice.py and tray.py
draw a spot in reverse video):

    "Cannaregio" … "Castello"     a district, by its name: its whole box
    "Cannaregio – San Marco"      a canal, by its two districts either way round, as the cursor's
                                  line says it: its cells (a far canal's words too)
    "the Doge"                    the Doge's ♛ in his district's box (while he is on the board)
    "pile 1" …                    a pile's lines under the map (while the piles are shown there)

The districts and canals are always there; the Doge once the first Doge card has placed him; the
piles while an offer is divided (for the one who divides it) and while its piles are chosen.
"""

from __future__ import annotations

from collections.abc import Iterable

from ....rules.san_marco.data import DISTRICTS, PAIRS
from ....rules.san_marco.view import SanMarcoView
from .scene import MapPlace, Spot, current_offer

DISTRICT_NAMES: dict[str, MapPlace] = {district.name: ("district", d) for d, district in enumerate(DISTRICTS)}
CANAL_NAMES: dict[str, MapPlace] = {
    f"{DISTRICTS[x].name} – {DISTRICTS[y].name}": ("canal", a, b)
    for a, b in PAIRS
    for x, y in ((a, b), (b, a))
}
DOGE_NAME = "the Doge"


def pile_name(pile: int) -> str:
    return f"pile {pile + 1}"


def place_named(name: str) -> Spot | None:
    """The board's place a walkthrough names ("San Marco", "Cannaregio – San Marco", "the Doge",
    "pile 2"), or None."""
    if name in DISTRICT_NAMES:
        return DISTRICT_NAMES[name]
    if name in CANAL_NAMES:
        return CANAL_NAMES[name]
    if name == DOGE_NAME:
        return ("doge",)
    number = name.removeprefix("pile ")
    if number != name and number.isdigit() and int(number) >= 1:
        return ("pile", int(number) - 1)
    return None


def spots(names: Iterable[str]) -> frozenset[Spot]:
    """The board's places for the names a walkthrough step marks (a name it has none for is left
    out)."""
    return frozenset(p for name in names if (p := place_named(name)) is not None)


def piles_shown(view: SanMarcoView) -> int:
    """How many piles have their lines under the map (tray.py): every pile of the offer being
    divided, once the view holds its cards (the divider's, or turned up), or being chosen."""
    offer = current_offer(view)
    if offer is None:
        return 0
    shown = view.step == "choose" or (view.step == "split" and offer.cards is not None)
    return offer.piles if shown else 0


def available(view: SanMarcoView) -> frozenset[str]:
    """Every place the board can mark for this view."""
    names = set(DISTRICT_NAMES) | set(CANAL_NAMES)
    if view.doge is not None:
        names.add(DOGE_NAME)
    names.update(pile_name(p) for p in range(piles_shown(view)))
    return frozenset(names)
