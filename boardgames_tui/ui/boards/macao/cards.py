"""The card panel and the round track as Text.

The card panel lists, for the decision at hand, the cards that matter with what each does in
words: the revealed starting cards, the round's display, the player's tableau (not yet active) and
activated cards. The cursor's card gets its whole text under the list. The round track lists the
twelve rounds with their two offices and the tribute.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from ....rules.core import Action
from ....rules.macao.data import CARD, ROUNDS, TABLEAU_SPACES
from ....rules.macao.view import MacaoView
from ...boardkit import PLACE
from . import signs


@dataclass(frozen=True)
class CardRow:
    card: str
    section: str  # "revealed", "display", "tableau" or "active"
    actions: tuple[Action, ...] = ()


SECTION_TITLES = {
    "revealed": "Starting cards: take one",
    "display": "On offer this round",
    "tableau": "Tableau (not active)",
    "active": "Active cards",
}


def card_rows(view: MacaoView, p: int | None, legal: Sequence[Action]) -> list[CardRow]:
    """The rows for the decision: what can be taken first, then `p`'s tableau and active cards,
    each with the legal actions that name it."""
    by_card: dict[str, list[Action]] = {}
    for action in legal:
        card = getattr(action, "card", None)
        if isinstance(card, str):
            by_card.setdefault(card, []).append(action)
    rows: list[CardRow] = []
    step = view.step
    if step == "start_card":
        rows += [CardRow(c, "revealed", tuple(by_card.get(c, ()))) for c in view.revealed]
    if step in ("draft", "overflow") or (view.display and step != "start_card"):
        rows += [CardRow(c, "display", tuple(by_card.get(c, ()))) for c in view.display]
    if p is not None and p < len(view.players):
        player = view.players[p]
        rows += [CardRow(c, "tableau", tuple(by_card.get(c, ()))) for c in player.tableau]
        rows += [CardRow(c, "active", tuple(by_card.get(c, ()))) for c in player.active]
    return rows


def row_text(row: CardRow, width: int, cursor: bool) -> Text:
    card = CARD[row.card]
    text = Text("+" if row.actions else " ", style="bold")
    text.append_text(signs.card_line(row.card))
    text.append(" · ", style=signs.DIM)
    text.append(card.text, style=signs.DIM if not cursor else "")
    text.truncate(width, overflow="ellipsis")
    text = signs.pad(text, width)
    if cursor:
        text.stylize(signs.CURSOR)
    return text


def section_title(view: MacaoView, p: int | None, section: str, count: int) -> Text:
    text = Text(SECTION_TITLES[section], style="bold underline")
    if section == "tableau":
        text.append(f" {count}/{TABLEAU_SPACES}", style="bold")
    elif section == "active":
        text.append(f" {count}", style="bold")
    return text


def draw_cards(
    view: MacaoView, p: int | None, rows: Sequence[CardRow], at: int | None, width: int, height: int
) -> tuple[list[Text], list[int | None]]:
    """The panel in `height` lines and, per line, the row drawn there (for the mouse). The list
    scrolls to keep the cursor's row in sight; the cursor's card text fills the lines left."""
    title = signs.label(view, p) if p is not None else Text("Cards")
    if p is not None:
        title.append("'s cards", style="bold")
    title.append(" · ↑↓ card, Enter acts (+), ←→ player", style=signs.DIM)
    title.truncate(width, overflow="ellipsis")
    body: list[tuple[Text, int | None]] = []
    last = None
    for i, row in enumerate(rows):
        if row.section != last:
            count = sum(1 for r in rows if r.section == row.section)
            body.append((section_title(view, p, row.section, count), None))
            last = row.section
        body.append((row_text(row, width, i == at), i))
    if not rows:
        body.append((Text("No cards yet.", style=signs.DIM), None))
    detail: list[Text] = []
    if at is not None and 0 <= at < len(rows):
        card = CARD[rows[at].card]
        words = f"{card.name}: {card.text} (tribute {card.yellow} GC / {card.red} PP)"
        detail = [Text(line, style="italic") for line in textwrap.wrap(words, width)]
    room = height - 1
    keep_detail = min(len(detail), max(0, room - min(len(body), room - 1)), 3)
    room_body = room - keep_detail
    first = 0
    if len(body) > room_body:
        at_line = next((k for k, (_, i) in enumerate(body) if i == at), 0)
        first = max(0, min(at_line - room_body // 2, len(body) - room_body))
    shown = body[first : first + room_body]
    lines = [title] + [text for text, _ in shown] + detail[:keep_detail]
    index: list[int | None] = [None] + [i for _, i in shown] + [None] * keep_detail
    return lines, index


def track_lines(view: MacaoView, width: int, height: int, marked: frozenset[int] = frozenset()) -> list[Text]:
    """The round track: the tribute now, then a line per round with its two offices (the rounds
    gone by are dropped first when the lines run short); the rounds in `marked` in reverse video
    (a walkthrough points at them)."""
    rnd = view.round or 0
    price = view.price
    title = Text("Round track", style="bold")
    if rnd:
        title.append(f" · tribute {price[0]} GC → {price[1]} PP this round")
    title.truncate(width, overflow="ellipsis")
    offices = view.offices
    first = 1
    if ROUNDS > height - 1:
        first = max(1, min(rnd, ROUNDS - (height - 1) + 1))
    lines = [title]
    for r in range(first, ROUNDS + 1):
        pair = offices[r - 1] if r - 1 < len(offices) else []
        line = Text("▸" if r == rnd else " ", style="bold")
        line.append(f"{r:>2} ", style="bold" if r == rnd else (signs.DIM if r < rnd else ""))
        for k, card in enumerate(pair):
            if k:
                line.append(" · ", style=signs.DIM)
            line.append(CARD[card].name, style=signs.DIM if r < rnd else "")
            line.append(" ")
            line.append_text(signs.cost(CARD[card].cost))
        line.truncate(width, overflow="ellipsis")
        if r in marked:
            line.stylize(PLACE)
        lines.append(line)
    return lines[:height]
