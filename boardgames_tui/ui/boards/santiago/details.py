"""The `i` screen: what every player's plantations pay, plantation by plantation, and at the end the
final score. Cash is the one secret: the view holds the viewer's own (everyone's when money is open
or the game is over), and the viewer's own is marked as seen by them alone."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from ....rules.santiago.data import CROP_SHORT
from ....rules.santiago.view import SantiagoView
from ... import theme
from .signs import CROP_SYMBOL


def details(view: SantiagoView, viewer: int | None) -> tuple[str | Text, RenderableType]:
    over = view.phase == "over"
    totals = {row.seat: row for row in view.scores or ()}
    out = Text()
    for seat, player in enumerate(view.players):
        if seat:
            out.append("\n")
        out.append_text(theme.seat_label(seat, player.name))
        if seat == viewer:
            out.append(" (you)")
        if over and seat in totals:
            row = totals[seat]
            out.append(f": {row.total} = {row.cash} cash + {row.plantations} plantations", style="bold")
            if row.winner:
                out.append("  WINNER", style="bold reverse")
        else:
            out.append(f": {player.plantation_score} from plantations", style="bold")
            if player.cash is not None:
                out.append(f" · {player.cash} escudos")
                if seat == viewer and not view.open_money:
                    out.append(" (only you see this)", style="dim")
        facts = [f"{player.markers_left} yield markers left"]
        if not over:
            facts.append("personal canal " + ("unused" if player.personal_canal else "used"))
        out.append("\n    " + " · ".join(facts), style="dim")
        found = False
        for plant in view.plantations:
            markers = plant.markers[seat]
            if not markers:
                continue
            found = True
            first = plant.fields[0]
            size = plant.size
            out.append(
                f"\n    {CROP_SYMBOL[plant.crop]}{CROP_SHORT[plant.crop]} "
                f"{plant.crop_name} at {first[0]},{first[1]}: size {size} × "
                f"{markers} marker{'s' if markers != 1 else ''} = {size * markers}"
            )
        if not found:
            out.append("\n    no plantation pays yet" if not over else "\n    no plantation pays")
    if not over:
        out.append("\n\nBefore the end: no final drought yet, and cash is not counted.", style="dim")
    return ("Final scores" if over else "Plantation payouts so far"), out
