"""What the board shows at one moment, gathered by the screen for the drawing: the view, who looks,
the cursor and the picks. The drawing reads nothing else, so it never needs the screen's widgets.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ....rules.core import Action
from ....rules.santiago.view import OfferEntry, ProposalView, SantiagoView
from ...boardkit import Target
from .picks import Amounts


@dataclass(frozen=True, eq=False)
class Scene:
    view: SantiagoView
    names: Sequence[str]
    viewer: int | None
    acting: bool  # the viewer is the one to move
    legal: Sequence[Action]
    mode: str | None  # the cursor's kind of place: "field", "ditch", "point", None (no cursor)
    place: Hashable | None
    here: Target | None  # the cursor's target, with the viewer's moves there
    amount: int
    amounts: Amounts
    tile: OfferEntry | None  # the offered tile picked for planting
    tile_slot: int
    passed: bool  # the viewer passed in this round's bidding
    marked: frozenset[str] = frozenset()  # the places a walkthrough's step marks (places.py)

    @property
    def phase(self) -> str:
        return self.view.phase

    def proposal_on(self, seg: Hashable) -> ProposalView | None:
        return proposal_on(self.view, seg)


def proposal_on(view: SantiagoView, seg: Hashable) -> ProposalView | None:
    """The proposal made this round for the ditch `seg`, if any."""
    for p in view.proposals:
        if p.segment == seg:
            return p
    return None
