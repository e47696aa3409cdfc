"""The lines under the map: the Doge order and the stacks, the stage being played (what each has
played, who leads for the bonus), the face-up rows of Phase I, and for the player at the keyboard
their own hand, with the cards picked for the stage and what the set would count.

Every function takes the view as the viewer may see it; the hand lines are made only from the
view's `hand`, which the rules fill in for its owner alone.
"""

from __future__ import annotations

from collections.abc import Collection

from rich.console import Console
from rich.style import Style
from rich.text import Text

from ....rules.rialto.data import CARD_NAMES, DISTRICTS, JOKER, ROUNDS, SLOT_LETTERS, SLOTS, STAGES
from ....rules.rialto.view import RialtoView
from ...boardkit import FRAME_LINES, PLACE
from . import places, signs
from .layout import Layout
from .picking import AS_ONE, AS_TWO, OFF, Y3, Picks
from .scene import Scene

PICKED = Style(bold=True)
CURSOR = Style(reverse=True, bold=True)


def wrap(pieces: list[Text], width: int, indent: int = 0) -> list[Text]:
    """Pieces joined by spaces into as many lines of `width` as they need."""
    lines = [Text()]
    for piece in pieces:
        line = lines[-1]
        if line.cell_len and line.cell_len + 1 + piece.cell_len > width:
            lines.append(Text(" " * indent))
            line = lines[-1]
        if line.plain.strip():
            line.append(" ")
        line.append_text(piece)
    return lines


def info_line(view: RialtoView, width: int, marked: Collection[str] = ()) -> Text:
    """'Doge ● ▲ ◆ · next bridge 6│3 (4 left) · gondolas 4 · deck 31 · supply 20¢'; "Doge" or
    "next bridge" in `marked` has that piece reversed."""
    text = Text("Doge ", style="bold")
    for i, p in enumerate(view.doge.order):
        text.append(" " if i else "")
        text.append_text(signs.sign(view, p))
    if places.DOGE in marked:
        text.stylize(PLACE)
    if width >= 100:
        text.append(" (first to last)", style="dim")
    nxt = view.bridge_next
    text.append(" · ")
    start = len(text)
    text.append("next bridge ")
    text.append(f"{nxt[0]}│{nxt[1]}" if nxt else "none", style="bold")
    if places.NEXT_BRIDGE in marked:
        text.stylize(PLACE, start, len(text))
    text.append(f" ({view.bridges_left} left) · gondolas {view.gondolas_left}")
    text.append(f" · deck {view.deck}")
    if width >= 100:
        text.append(f" · discards {view.discards}")
        text.append(f" · coins in the supply {view.general_coins}")
    else:
        text.append(f" · supply {view.general_coins}¢")
    text.truncate(width, overflow="ellipsis")
    return text


def stage_line(view: RialtoView, width: int) -> Text:
    """'Stage C Building: ● 2 · ▲ pass · ◆ … · ■ to play  ★ ● leads' (in the order of the turns)."""
    stage = view.current_stage
    step = view.step
    if stage is None:
        text = Text(PHASE_WORDS.get(step, ""), style="bold")
        if step == "over":
            text = Text(f"Game over after {ROUNDS} rounds: g shows the scoring", style="bold")
        return text
    text = Text(f"Stage {STAGES[stage]} {CARD_NAMES[stage]}: ", style="bold")
    ring = view.ring
    start = view.stage_start
    if start in ring:
        at = ring.index(start)
        ring = ring[at:] + ring[:at]
    played = view.played
    turns = view.turns
    delayed = view.delayed
    for i, p in enumerate(ring):
        text.append(" · " if i else "")
        text.append_text(signs.sign(view, p))
        done = played[p] if p < len(played) else None
        if done is not None:
            text.append(f" {done.count}" if done.count else " pass")
            if done.count and width >= 100:
                text.append(f" ({done.text})", style="dim")
        elif turns and turns[0] == p and step == "play":
            text.append(" now", style="bold")
        elif p in delayed:
            text.append(" waits")
        else:
            text.append(" …")
    leader = view.leader
    bonus = view.bonus
    if step != "play" and bonus is not None:
        text.append("  ★ bonus ")
        text.append_text(signs.sign(view, bonus))
    elif leader is not None:
        text.append("  ★ leads ")
        text.append_text(signs.sign(view, leader))
    text.truncate(width, overflow="ellipsis")
    return text


PHASE_WORDS = {
    "start": "Set-up: each player chooses a value-1 building (last player first)",
    "rows": "Phase I: take a row of cards in Doge order (and draw 2 blind)",
    "green": "Phase I: green buildings (a card from the leftover row, or 3 drawn; hand limit)",
    "discard": "Phase I: discard down to the hand limit",
    "blue": "Phase III: blue buildings in Doge order",
}


def rows_lines(view: RialtoView, width: int, marked: Collection[str] = ()) -> list[Text]:
    """The face-up rows of Phase I, as many to a line as fit: 'Row 2: Dog Gld×2 Jok' (or who
    took it); on a narrow line with many rows, '2: Dog Gld×2 Jok'. A row in `marked` ("row 2")
    is reversed."""
    takers = view.row_taker
    rows = view.rows
    lines: list[Text] = []
    for head in ("Row {}: ", "{}: "):
        pieces = []
        for r, row in enumerate(rows):
            taker = takers[r] if r < len(takers) else None
            piece = Text(head.format(r + 1), style="bold")
            if taker is not None:
                piece.append("taken by ")
                piece.append_text(signs.sign(view, taker))
            elif not row:
                piece.append("discarded", style="dim")
            else:
                piece.append(signs.cards_text(row))
            if places.row(r) in marked:
                piece.stylize(PLACE)
            pieces.append(piece)
        if not pieces:
            return []
        column = max(p.cell_len for p in pieces) + 1
        for p in pieces:
            p.pad_right(column - p.cell_len)
        lines = wrap(pieces, width)
        if len(lines) <= 2:
            break
    for line in lines:
        line.rstrip()
    return lines


def hand_line(view: RialtoView, width: int) -> list[Text]:
    """The viewer's own hand, by kind: 'Your hand 9 (limit 7): Dog×2 Gld Bld×3 Jok'."""
    hand = view.hand
    if hand is None:
        return []
    viewer = view.viewer
    text = Text("Your hand", style="bold")
    text.append(f" {len(hand)}")
    if view.step in ("rows", "green", "discard") and viewer is not None and viewer < len(view.players):
        text.append(f" (limit {view.players[viewer].hand_limit})")
    text.append(": ")
    text.append(signs.cards_text(hand, long=width >= 100) if hand else "no cards")
    return wrap([text], width)


def chip_text(picks: Picks, i: int) -> Text:
    """One chip: 'Bld' kept, '[Bld]' played, '[Gld→1]' a Yellow 2 on a Gold, '[Gld→2]' a Yellow 4,
    '[Y3]' a Yellow 3 used; the cursor's chip reversed, with ▸ before it."""
    kind, mode = picks.chips[i], picks.modes[i]
    name = "Y3" if kind == Y3 else signs.card(kind)
    if mode == AS_ONE:
        name += "→1"
    elif mode == AS_TWO:
        name += "→2"
    body = f"[{name}]" if mode != OFF else f" {name} "
    text = Text("▸" if i == picks.at else " ")
    text.append(body, style=CURSOR if i == picks.at else (PICKED if mode != OFF else "dim"))
    return text


def picks_lines(view: RialtoView, picks: Picks, width: int) -> list[Text]:
    """The hand as chips, then what the set counts (or why it is refused) and what it costs."""
    head = Text(f"Play {CARD_NAMES[picks.stage]}:", style="bold")
    pieces = [head] + [chip_text(picks, i) for i in range(len(picks.chips))]
    if not picks.chips:
        pieces.append(Text(" no cards in hand", style="dim"))
    lines = wrap(pieces, width, indent=2)
    lines += picks_summary(picks, width)
    return lines


def picks_summary(picks: Picks, width: int) -> list[Text]:
    """What the set counts and costs, or why it is refused: wrapped, never cut."""
    reason = picks.refusal()
    if reason is not None:
        text = Text("✗ ", style="bold")
        text.append(reason)
    else:
        text = Text(f"✓ count {picks.count()}", style="bold")
        cost = picks.coins_needed()
        if cost:
            text.append(f" · costs {cost} coin{'s' if cost > 1 else ''}")
        text.append(" · Enter plays it")
    jokers = sum(1 for k in picks.hand if k == JOKER)
    if reason is None and width >= 100 and jokers:
        text.append(f" · {jokers} Joker{'s' if jokers > 1 else ''} in hand", style="dim")
    lines = list(text.wrap(Console(width=width), width))
    for line in lines:
        line.rstrip()
    return lines


def tray_lines(scene: Scene, layout: Layout) -> list[Text]:
    """What the player needs for the decision always shows; the Doge order and the stacks (also in
    the player rows and on the map) and the phase's description (also in the header) show when the
    terminal has room for them, or when a walkthrough marks a place there."""
    view = scene.view
    width = layout.width - 1
    room = layout.height - FRAME_LINES - scene.player_lines - layout.map_lines
    marked = scene.places
    lines: list[Text] = []
    if view.step in places.ROW_STEPS:
        lines += rows_lines(view, width, marked)
    if scene.picks is not None:
        lines += picks_lines(view, scene.picks, width)
    elif scene.map_kind is not None:
        lines.append(place_hint(scene, width))
    stage = stage_line(view, width)
    if view.current_stage is not None or len(lines) < room:
        lines.insert(0, stage)
    # the hand is in the bar over the log too; here it has room to be spelt out
    hand = hand_line(view, width) if scene.picks is None else []
    if hand and len(lines) + len(hand) <= room:
        lines += hand
    if len(lines) < room or marked & places.INFO:
        lines.insert(0, info_line(view, width, marked))
    return lines


def place_hint(scene: Scene, width: int) -> Text:
    """What the cursor's slot joins and what Enter does there."""
    if scene.place is None:
        return Text("No free slot.", style="dim")
    slot = scene.place[1]
    a, b = SLOTS[slot]
    text = Text(f"{SLOT_LETTERS[slot]}: ", style="bold")
    if scene.map_kind == "bridge":
        numbers = scene.preview or (0, 0)
        text.append(f"bridge {DISTRICTS[a].name} {numbers[0]} │ {numbers[1]} {DISTRICTS[b].name}")
        text.append(" · f flips · Enter builds it")
    else:
        text.append(f"gondola {DISTRICTS[a].name} – {DISTRICTS[b].name}")
        text.append(" · Enter places it")
    text.truncate(width, overflow="ellipsis")
    return text
