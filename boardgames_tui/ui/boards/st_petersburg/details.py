"""The `i` screen: every player's tableau in words, by colour with full names, what each colour's
scoring pays now and why, the aristocrat bonus now and with one more kind, points, hand size and
start markers; the viewer's own money and hand (the view holds them for the viewer alone, and for
everyone when they are open or the game is over)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from ....rules.st_petersburg.data import ARISTOCRAT_BONUS, CARD_ORDER, CARDS, PHASE_OF_FACE, aristocrat_bonus
from ....rules.st_petersburg.view import PlayAreaCard, StPetersburgPlayer, StPetersburgView
from ... import theme
from .signs import FACE_LETTER, FACE_STYLE, FACE_TITLE, PHASE_TITLE


def details(
    view: StPetersburgView, viewer: int | None, bots: Mapping[int, str] | None = None
) -> tuple[str | Text, RenderableType]:
    """Every player's tableau: public facts, plus the viewer's own hand and money. `bots`: the
    tag beside each bot's name ("(hard bot)") by seat, which the view does not hold."""
    title = Text("All players' tableaus", style="bold")
    title.append(f" · round {view.round} · {view.phase.upper()}")
    parts: list[RenderableType] = []
    for seat, player in enumerate(view.players):
        if seat:
            parts.append(Text(""))
        parts += player_details(view, viewer, seat, player, (bots or {}).get(seat))
    parts.append(Text(""))
    legend = (
        "pays: what that colour's scoring would give now (workers in the worker phase, "
        "buildings in the building phase, aristocrats in the aristocrat phase); trading "
        "cards count with their colour. Aristocrat bonus at the end, for 1–10 different: "
        + " ".join(str(b) for b in ARISTOCRAT_BONUS[1:])
        + " ★. "
        "Each card left in hand at the end costs 5 ★."
    )
    parts.append(Text(legend, style="dim"))
    return title, Group(*parts)


def player_details(
    view: StPetersburgView, viewer: int | None, seat: int, player: StPetersburgPlayer, bot: str | None
) -> list[RenderableType]:
    options = view.options
    mine = seat == viewer
    head = Text()
    head.append_text(theme.seat_label(seat, player.name))
    if mine:
        head.append(" (you)")
    if bot is not None:
        head.append(f" {bot}", style="dim")
    head.append(f"  ★ {player.points}", style="bold")
    head.append(f" · hand {player.hand_count}/{player.hand_limit}")
    markers = player.markers
    if markers:
        head.append(
            " · start marker"
            + ("s" if len(markers) > 1 else "")
            + ": "
            + ", ".join(PHASE_TITLE[m] for m in markers)
        )
    out: list[RenderableType] = [head]
    # Money and hand: the view has them for the viewer, and for everyone when they are open.
    rubles, hand = player.rubles, player.hand
    if rubles is not None or hand is not None:
        line = Text("   ")
        if rubles is not None:
            line.append(f"{rubles} ₽", style="bold")
            line.append(" · " if hand is not None else "")
        if hand is not None:
            line.append("hand: " + (", ".join(CARDS[k].name for k in hand) if hand else "empty"))
        secret = "off" in (options.open_money, options.open_hands)
        if mine and secret and view.step != "over":
            line.append(" (only you see this)", style="dim")
        out.append(line)
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, width=15)  # "  A Aristocrats"
    grid.add_column(no_wrap=True, width=13)  # "pays 12 ₽ 4 ★"
    grid.add_column(ratio=1)
    area = player.play_area
    faces = {
        face: [item for item in area if CARDS[item.card].face == face] for face in ("green", "blue", "orange")
    }
    taxman_phase = "worker" if options.taxman_phase == "worker" else "aristocrat"
    for face, items in faces.items():
        phase = PHASE_OF_FACE[face]
        style = FACE_STYLE[face]
        label = Text(f"  {FACE_LETTER[face]} ", style=f"bold {style}")
        label.append(FACE_TITLE[face], style=style)
        cards = cards_text(items)
        notes = []
        keys = [item.card for item in area]
        if face == "blue" and "mariinskij_theater" in keys:
            n = sum(1 for k in keys if CARDS[k].face == "orange")
            notes.append(f"Mariinskij Theater +{n} ₽ for {n} orange card{'s' if n != 1 else ''}")
        if phase == taxman_phase and "tax_man" in keys:
            n = sum(1 for k in keys if CARDS[k].face == "green")
            notes.append(f"Tax Man +{n} ₽ for {n} green card{'s' if n != 1 else ''}")
        used = sum(1 for item in items if item.used)
        if face == "blue" and used:
            notes.append(f"Observatory used this round: −{used} ★")
        if notes:
            cards.append(" (" + "; ".join(notes) + ")", style="italic")
        rubles_, points_ = player.income.at(phase)
        pays = Text("pays ")
        if rubles_ or points_:
            pays.append(
                " ".join(
                    p for p in (f"{rubles_} ₽" if rubles_ else "", f"{points_} ★" if points_ else "") if p
                ),
                style="bold",
            )
        else:
            pays.append("nothing", style="dim")
        grid.add_row(label, pays, cards)
    kinds = len({item.card for item in faces["orange"]})
    bonus = Text("bonus ")
    bonus.append(f"{aristocrat_bonus(kinds)} ★", style="bold")
    why = Text(f"{kinds} different aristocrat{'s' if kinds != 1 else ''} now")
    if kinds < 10:
        why.append(f" (with {kinds + 1}: {aristocrat_bonus(kinds + 1)} ★)", style="dim")
    grid.add_row(Text(""), bonus, why)
    out.append(grid)
    return out


def cards_text(items: list[PlayAreaCard]) -> Text:
    """'Lumberjack ×2, Gold Miner · trading: Weaving Mill' in table order."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item.card] = counts.get(item.card, 0) + 1
    used: dict[str, int] = {}
    for item in items:
        if item.used:
            used[item.card] = used.get(item.card, 0) + 1
    plain = [k for k in sorted(counts, key=CARD_ORDER.__getitem__) if not CARDS[k].is_trading]
    trading = [k for k in sorted(counts, key=CARD_ORDER.__getitem__) if CARDS[k].is_trading]
    text = Text()

    def name(key: str) -> str:
        label = CARDS[key].name + (f" ×{counts[key]}" if counts[key] > 1 else "")
        if key in used:
            label += " (used)" if used[key] == counts[key] == 1 else f" ({used[key]} used)"
        return label

    text.append(", ".join(name(k) for k in plain))
    if trading:
        text.append(" · " if plain else "")
        text.append("trading: ", style="dim")
        text.append(", ".join(name(k) for k in trading))
    if not counts:
        text.append("none", style="dim")
    return text
