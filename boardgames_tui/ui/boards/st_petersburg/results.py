"""The game-over body: the shared standings table (the track, the final scoring by category, the
total), then a line for each player on where the final scoring's points came from, as the rules
counted them (the standings' breakdown), with what they were counted from (the view at the end):

    Final scoring, added to the points on the track:
    ◆ Ann: 4 different aristocrats +10 ★ · 157 ₽ +15 ★ · 1 card in hand −5 ★
    ● Bob: 1 different aristocrat +1 ★ · 38 ₽ +3 ★ · no cards in hand
    Aristocrat bonus for 1–10 different: 1 3 6 10 15 21 28 36 45 55 ★
      Money: 1 ★ per full 10 ₽ · Hand penalty: −5 ★ per card still in hand
"""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.text import Text

from ....play.table import Table
from ....rules.core import StandingRow
from ....rules.st_petersburg.data import ARISTOCRAT_BONUS, CARDS, HAND_PENALTY
from ....rules.st_petersburg.view import StPetersburgView
from ... import theme
from ...screens.game_over import shared_table

INDENT = "  "  # a line's continuation, under the player's name


def results(table: Table, width: int) -> RenderableType | None:
    # St. Petersburg's table gives St. Petersburg's view; the table itself knows only the common part.
    view = cast(StPetersburgView, table.view(None))
    if view.step != "over":
        return None
    standings = table.standings()
    parts: list[RenderableType] = [
        shared_table(standings),
        Text(""),
        Text("Final scoring, added to the points on the track:", style="bold"),
    ]
    parts += [line for row in standings.rows for line in scoring_lines(view, row, width)]
    legend = [
        Text("Aristocrat bonus for 1–10 different: " + " ".join(str(b) for b in ARISTOCRAT_BONUS[1:]) + " ★"),
        Text("Money: 1 ★ per full 10 ₽"),
        Text(f"Hand penalty: −{HAND_PENALTY} ★ per card still in hand"),
    ]
    for line in joined(Text(""), legend, width):
        line.style = "dim"
        parts.append(line)
    return Group(*parts)


def scoring_lines(view: StPetersburgView, row: StandingRow, width: int) -> list[Text]:
    """'◆ Ann: 4 different aristocrats +10 ★ · 157 ₽ +15 ★ · 1 card in hand −5 ★': the points of
    each part of the final scoring (the standings' breakdown) and what they are for; without
    "different" when that saves a line."""
    lines = scoring_pieces(view, row, width, different=True)
    shorter = scoring_pieces(view, row, width, different=False)
    return shorter if len(shorter) < len(lines) else lines


def scoring_pieces(view: StPetersburgView, row: StandingRow, width: int, different: bool) -> list[Text]:
    player = view.players[row.seat]
    points = row.breakdown
    label = theme.seat_label(row.seat, row.name)
    label.append(": ")
    kinds = len({item.card for item in player.play_area if CARDS[item.card].face == "orange"})
    kind = "different " if different else ""
    bonus = signed(points.get("aristocrats", 0))
    aristocrats = f"{kinds} {kind}{plural(kinds, 'aristocrat')} {bonus} ★" if kinds else "no aristocrats"
    rubles = "?" if player.rubles is None else str(player.rubles)
    money = f"{rubles} ₽ {signed(points.get('money', 0))} ★"
    cards = player.hand_count
    penalty = signed(points.get("hand", 0))
    hand = f"{cards} {plural(cards, 'card')} in hand {penalty} ★" if cards else "no cards in hand"
    return joined(label, [Text(aristocrats), Text(money), Text(hand)], width)


def joined(first: Text, pieces: list[Text], width: int) -> list[Text]:
    """`first`, then the pieces after it with ' · ' between them, a new (indented) line where the
    next piece would pass `width`; a line still too wide is cut short."""
    lines = [first]
    for i, piece in enumerate(pieces):
        gap = " · " if i else ""
        if lines[-1].cell_len + len(gap) + piece.cell_len <= width or lines[-1].cell_len <= len(INDENT):
            lines[-1].append(gap)
        else:
            lines.append(Text(INDENT))
        lines[-1].append_text(piece)
    for line in lines:
        if line.cell_len > width:
            line.truncate(width, overflow="ellipsis")
    return lines


def signed(n: int) -> str:
    """'+15', '−5' (a minus sign, not a hyphen), '+0'."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"
