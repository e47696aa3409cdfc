"""The dice panel as Text: the round's six dice, who took which (in the simultaneous option only
the viewer's own pick before all have chosen), the cursor and the marked dice, and in words where
the marked dice would land on the rose.

    ┌──┐ ╔══╗ ┌──┐ ┌──┐ ┌──┐ ┌──┐      a marked die has a double frame,
    │R3│ ║B1║ │G5│ │K2│ │Y1│ │V4│      the cursor is shown reversed
    └──┘ ╚══╝ └──┘ └──┘ └──┘ └──┘
     ◆    ●◆                         who took it
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ....rules.macao.view import MacaoView
from . import rose, signs
from .picking import NDICE, DicePicks

CELL = 5  # a die's frame and the gap after it


def takers(view: MacaoView) -> list[list[int]]:
    """For each die, the players whose (visible) pick holds it."""
    out: list[list[int]] = [[] for _ in range(NDICE)]
    for p, player in enumerate(view.players):
        pick = player.pick
        if pick:
            for c in pick[:2]:
                if 0 <= c < NDICE:
                    out[c].append(p)
    return out


def hidden_choosers(view: MacaoView) -> list[int]:
    """Players who have chosen but whose pick the view keeps from us (simultaneous option)."""
    return [p for p, player in enumerate(view.players) if player.picked and player.pick is None]


def draw_dice(view: MacaoView, picks: DicePicks | None, width: int, acting: bool) -> list[Text]:
    dice = view.dice
    x0 = 1
    top, mid, bottom, who = Text(" " * x0), Text(" " * x0), Text(" " * x0), Text(" " * x0)
    taken = takers(view)
    for c in range(NDICE):
        marked = picks is not None and c in picks.marked
        frame = ("╔══╗", "║", "╚══╝") if marked else ("┌──┐", "│", "└──┘")
        style = "bold" if marked else signs.DIM
        top.append(frame[0] + " ", style=style)
        mid.append(frame[1], style=style)
        face = signs.cube(c, str(dice[c]) if dice[c] else "?")
        if picks is not None and picks.at == c and acting:
            face.stylize(signs.CURSOR)
        mid.append_text(face)
        mid.append(frame[1] + " ", style=style)
        bottom.append(frame[2] + " ", style=style)
        mark = Text()
        for p in taken[c][:4]:
            mark.append_text(signs.sign(p))
        who.append_text(signs.pad(Text(" ") + mark, CELL))
    lines = [top, mid, bottom, who]
    return [signs.pad(line, width) for line in lines]


def landing(view: MacaoView, preview: Sequence[tuple[int, int, int]], width: int) -> Text:
    """'R3 → pile 3, r7 · B1 → pile 1, r5 (now)'."""
    if not preview:
        return Text("Mark two dice: their cubes show on the rose (+R3).", style=signs.DIM)
    parts = []
    for face, colour, n in preview:
        part = signs.cube(colour, str(n))
        arrives = rose.when(view, face)
        this_round = rose.arrival(view, face) == (view.round or 0)
        part.append(f" → pile {face}, {arrives}" + (" (now)" if this_round else ""))
        parts.append(part)
    return signs.fit(parts, width)


def chosen_line(view: MacaoView, width: int) -> Text | None:
    hidden = hidden_choosers(view)
    if not hidden:
        return None
    text = Text("chosen: ")
    for p in hidden:
        text.append_text(signs.sign(p))
        text.append(" ")
    text.append("(hidden until all have chosen)", style=signs.DIM)
    text.truncate(width, overflow="ellipsis")
    return text


def dice_title(view: MacaoView, acting: bool, width: int) -> Text:
    title = Text("Dice", style="bold")
    rnd = view.round or 0
    if rnd:
        title.append(f" · round {rnd}")
    if acting and view.step == "dice":
        title.append(" · ←→ die, Space marks, Enter takes two", style=signs.DIM)
    elif view.step != "dice":
        title.append(" · this round's", style=signs.DIM)
    title.truncate(width, overflow="ellipsis")
    return title
