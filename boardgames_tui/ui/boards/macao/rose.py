"""A wind rose as Text: the six piles in a ring around the arrow, each pile's cubes by colour and
the round in which it arrives, this round's cubes in the middle, and the dice being chosen as a
preview on the piles where they would land (+R3).

            2 R3 B2 r6
    1 G1 r5         3 K3 +B2 r7
          ➤ NOW R2 B1 G1
    6 ·             4 V4 r8
            5 · r9

When the rose turns (after the dice), the pile beside face 1 becomes the round's cubes and every
other pile moves one face down: a pile at face f arrives f rounds after the last turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ....rules.macao.data import COLOURS, ROUNDS
from ....rules.macao.view import MacaoView
from ...boardkit import PLACE
from . import signs

PREVIEW = Style(reverse=True, bold=True)
ARROW = "➤"
# Where the piles sit in the ring, line by line: a face in the middle, or one left and one right.
RING: tuple[tuple[int, ...], ...] = ((2,), (1, 3), (), (6, 4), (5,))


def turned(view: MacaoView) -> bool:
    """Whether this round's rose has turned (the dice are done): the piles are a round nearer."""
    return view.step in ("actions", "pay", "over")


def arrival(view: MacaoView, face: int) -> int:
    """The round in which the pile beside `face` arrives."""
    rnd = view.round or 0
    if rnd == 0:  # set-up: the rose first turns in round 1
        return face
    return rnd + face if turned(view) else rnd + face - 1


def when(view: MacaoView, face: int) -> str:
    arrives = arrival(view, face)
    return f"r{arrives}" if arrives <= ROUNDS else "lost"


def pending_of(view: MacaoView, p: int) -> tuple[tuple[int, ...], ...]:
    """`p`'s wind rose: the cubes beside each face."""
    return view.players[p].pending if p < len(view.players) else ()


def pile_text(
    view: MacaoView, p: int, face: int, adds: Sequence[tuple[int, int]], width: int, number: bool = True
) -> Text:
    """'3 K3 +R3 r7': the face, its cubes, the dice previewed onto it, its round; tighter when
    narrow (the colours and counts are kept, never cut)."""
    pending = pending_of(view, p)
    counts = pending[face - 1] if face - 1 < len(pending) else [0] * len(COLOURS)
    for tight in (False, True):
        text = Text(f"{face} " if number else "", style="bold")
        has = any(counts)
        if has or not adds:
            text.append_text(signs.cubes(counts, tight=tight))
        for colour, n in adds:
            if has and not tight:
                text.append(" ")
            has = True
            text.append(f"+{COLOURS[colour]}{n}", style=PREVIEW)
        if any(counts) or adds:
            text.append(f" {when(view, face)}", style=signs.DIM)
        if text.cell_len <= width:
            return text
    text.truncate(width, overflow="ellipsis")
    return text


def centre_text(view: MacaoView, p: int) -> Text:
    text = Text(f"{ARROW} ", style="bold")
    step = view.step
    if turned(view) and step != "over":
        text.append("NOW ", style="bold")
        available = view.players[p].available if p < len(view.players) else ()
        text.append_text(signs.cubes(available, none="none"))
    elif step == "over":
        text.append("the game is over", style=signs.DIM)
    elif not view.round:
        text.append("turns in round 1", style=signs.DIM)
    else:
        text.append("turns after the dice", style=signs.DIM)
    return text


def draw_rose(
    view: MacaoView,
    p: int,
    preview: Sequence[tuple[int, int, int]],
    width: int,
    marked: frozenset[int] = frozenset(),
    now_marked: bool = False,
) -> list[Text]:
    """The title and the five lines of the ring, `width` cells wide. `preview` holds the dice being
    chosen as (face, colour, cubes); the piles at the faces in `marked` (and the middle, when
    `now_marked`) are in reverse video: a walkthrough points at them."""

    adds: dict[int, list[tuple[int, int]]] = {}
    for face, colour, n in preview:
        adds.setdefault(face, []).append((colour, n))

    def pile(face: int, room: int) -> Text:
        text = pile_text(view, p, face, adds.get(face, []), room)
        if face in marked:
            text.stylize(PLACE)
        return text

    title = signs.label(view, p)
    title.append("'s wind rose", style="bold")
    rnd = view.round or 0
    if rnd:
        title.append(f" · r{rnd}", style=signs.DIM)
    lines = [signs.pad(title, width)]
    half = (width - 1) // 2
    for faces in RING:
        if not faces:
            middle = centre_text(view, p)
            if now_marked and turned(view) and view.step != "over":
                middle.stylize(PLACE)
            lines.append(signs.centre(middle, width))
        elif len(faces) == 1:
            lines.append(signs.centre(pile(faces[0], width), width))
        else:
            left = pile(faces[0], half)
            right = pile(faces[1], width - half - 1)
            line = signs.pad(left, half)
            line.append(" ")
            line.append_text(signs.pad(right, width - half - 1))
            lines.append(line)
    return lines


def next_pile(view: MacaoView, p: int) -> tuple[list[int], str]:
    """What comes to `p` at the next turn of the rose, and when."""
    pending = pending_of(view, p)
    counts = list(pending[0]) if pending else [0] * len(COLOURS)
    return counts, when(view, 1)


def summary(view: MacaoView, p: int, width: int) -> Text:
    """Another player's rose in a line: '● Bob next r6: R2 B1 · later 7'."""
    counts, arrives = next_pile(view, p)
    text = signs.label(view, p)
    text.append(f" {arrives}: " if arrives != "lost" else " next: ")
    text.append_text(signs.cubes(counts, none="none"))
    pending = pending_of(view, p)
    later = sum(sum(c) for c in pending[1:])
    if later:
        text.append(f" · later {later}", style=signs.DIM)
    text.truncate(width, overflow="ellipsis")
    return text
