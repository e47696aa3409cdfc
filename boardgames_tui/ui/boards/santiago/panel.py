"""The side panel beside the island: the phase's facts at the top (the offer, the proposals, the
personal canals, the final scores), more of them when there are lines to spare, and at the bottom
what the cursor is on and what Enter would do there.

        Offer · 36 in stacks
        ▸☾Ba² Banana     ×2
         ∫Pe¹ Red pepper ×1
        …
        ▸ H 1,2 open
        Bribe ◂ 3 ▸
        Enter: propose for 3
"""

from __future__ import annotations

from typing import cast

from rich.text import Text

from ....rules.core import Action
from ....rules.santiago.actions import Build, NoCanal
from ....rules.santiago.data import CROP_NAMES, IX, IY, yield_markers
from ....rules.santiago.view import SantiagoView
from ... import theme
from .cursor import DITCH_PHASES, FIELD_PHASES
from .picks import open_slots
from .scene import Scene
from .signs import (
    CANAL_STYLE,
    CROP_STYLE,
    DESERT_STYLE,
    PALM,
    PALM_STYLE,
    Field,
    Point,
    Seg,
    number_sign,
    seat_mark,
    seg_name,
    tile_code,
    wrap,
)


def facts(scene: Scene, width: int) -> tuple[list[Text], list[list[Text]]]:
    """The phase's facts, and more sections to show when there is room. They do not change with
    the cursor (only the tile picked marks the offer), so the board keeps them while it moves."""
    phase = scene.phase
    wide = width >= 30
    body: list[Text] = []
    if phase == "over":
        body += final_lines(scene)
    elif phase in ("spring", "palms"):
        body.append(Text("Set-up", style="bold"))
        if phase == "spring":
            body += wrap(
                "The start player puts the spring ◉ on any intersection o. Canals start from it.", width
            )
        else:
            body.append(Text(f"Palms placed: {len(scene.view.palms)} of 3"))
            body += wrap("Not touching the spring's intersection or another palm.", width)
    elif phase in ("bid", "plant", "leftover"):
        body += offer_lines(scene, wide)
    elif phase in ("bribe", "overseer"):
        body += proposal_lines(scene, wide)
    elif phase == "extra":
        body.append(Text("Personal canals", style="bold"))
        body.append(unused_canals(scene.view, Text("unused: "), wide=False))
        body.append(Text("At most one a round.", style="dim"))
    return body, more_sections(scene, wide)


def assemble(body: list[Text], sections: list[list[Text]], hint: list[Text], height: int) -> list[Text]:
    """The facts, as many more sections as fit, blank lines, the hint last."""
    room = height - len(hint)
    body = list(body)
    for section in sections:
        if len(body) + 1 + len(section) <= room - (1 if hint else 0):
            body += [Text("")] + section
    body = body[: max(0, room)]
    return body + [Text("")] * max(0, height - len(body) - len(hint)) + hint


def unused_canals(view: SantiagoView, line: Text, wide: bool) -> Text:
    unused = [s for s, player in enumerate(view.players) if player.personal_canal]
    for s in unused:
        line.append_text(seat_mark(s))
        if wide:
            line.append(" ")
    if not unused:
        line.append("none", style="dim")
    return line


def more_sections(scene: Scene, wide: bool) -> list[list[Text]]:
    """What else the panel shows when it has the lines for it."""
    view, phase = scene.view, scene.phase
    sections = []
    if phase in ("plant", "leftover") and view.planting_order:
        line = Text("Planting: ", style="bold")
        for i, seat in enumerate(view.planting_order):
            line.append(" " if i else "")
            line.append_text(seat_mark(seat, f" {scene.names[seat]}" if wide else ""))
        sections.append([line])
    if phase in DITCH_PHASES:
        planted = [(t, t.field) for t in view.offer if t.field]
        if planted:
            section = [Text("Planted this round", style="bold")]
            for tile, (c, r) in planted:
                line = Text(" ")
                line.append_text(tile_code(tile.crop, tile.workers))
                line.append(f" {c},{r} ")
                if tile.taken_by is not None:
                    line.append_text(seat_mark(tile.taken_by))
                else:
                    line.append("nobody", style="dim")
                section.append(line)
            sections.append(section)
    if phase not in ("over", "spring", "palms", "extra"):
        head = Text("Personal canals unused: " if wide else "Unused canals ", style="bold")
        sections.append([unused_canals(view, head, wide)])
    return sections


def offer_lines(scene: Scene, wide: bool) -> list[Text]:
    view = scene.view
    title = Text("Offer", style="bold")
    title.append(f" · {view.tiles_left} in stacks", style="dim")
    lines = [title]
    choosing = scene.acting and scene.phase == "plant"
    slots = open_slots(view)
    leftover = scene.phase == "leftover"
    # What an untaken tile would give the viewer, while they have yet to take one.
    mine = (
        scene.viewer is not None
        and scene.phase in ("bid", "plant")
        and not any(tile.taken_by == scene.viewer for tile in view.offer)
    )
    for i, tile in enumerate(view.offer):
        seat = tile.taken_by
        if leftover and seat is None and not tile.leftover:
            line = Text("▸", style="bold")
            line.append_text(tile_code(tile.crop, tile.workers))
            line.append(" leftover", style="bold")
            lines.append(line)
            continue
        picked = choosing and i == scene.tile_slot and i in slots
        line = Text("▸" if picked else " ", style="bold")
        code = tile_code(tile.crop, tile.workers)
        if picked:  # underlined while a walkthrough marks places: reverse is the marks' sign then
            code.stylize("underline" if scene.marked else "reverse")
        line.append_text(code)
        if wide or (seat is None and not tile.leftover):
            line.append(f" {CROP_NAMES[tile.crop]:<10}", style=CROP_STYLE[tile.crop])
        field = tile.field
        if seat is not None:
            line.append(" → ")
            line.append_text(seat_mark(seat))
            if field:
                line.append(f" {field[0]},{field[1]}")
        elif tile.leftover:
            line.append(" → nobody")
            if field:
                line.append(f" {field[0]},{field[1]}")
        elif mine:
            line.append(f" ×{yield_markers(tile.workers, scene.passed)}", style="bold")
        lines.append(line)
    if mine and len(lines) > 1:
        # ×: the same sign as "Enter: plant ☾Ba² ×2" below
        lines.append(Text("× your yield markers", style="dim"))
        if scene.passed:
            lines.append(Text("  you passed: −1", style="dim"))
    removed = view.removed_tile
    if removed and view.round == 1:
        line = Text(" boxed: ", style="dim")
        line.append_text(tile_code(removed.crop, removed.workers))
        lines.append(line)
    return lines


def proposal_lines(scene: Scene, wide: bool) -> list[Text]:
    view = scene.view
    proposals = view.proposals
    title = Text("Proposals", style="bold")
    if proposals:
        title.append(f" · top {view.highest_bribe}", style="dim")
    lines = [title]
    if not proposals:
        lines.append(Text(" none yet", style="dim"))
    for p in proposals:
        line = Text(number_sign(p.number), style=theme.seat_style(p.proposer))
        line.append(f" {seg_name(p.segment)} ")
        line.append(f"{p.total:>2}", style="bold")
        line.append(" =" if wide else "")
        for pledge in p.pledges:
            line.append(" " if wide else "")
            line.append_text(seat_mark(pledge.seat, str(pledge.amount)))
            if wide and pledge.seat < len(scene.names):
                line.append(f" {scene.names[pledge.seat]}")
        lines.append(line)
    if scene.phase == "overseer" and wide:
        lines.append(Text(f"Refusing costs {view.reject_cost}", style="dim"))
    return lines


def final_lines(scene: Scene) -> list[Text]:
    scores = scene.view.scores or ()
    lines = [Text("Final scores", style="bold")]
    for row in scores:
        line = Text(f"{row.rank} ")
        line.append_text(seat_mark(row.seat))
        line.append(f" {row.total:>3}", style="bold")
        line.append(f" = {row.cash}+{row.plantations}")
        lines.append(line)
    winners = [row for row in scores if row.winner]
    if winners:
        line = Text("Won by " if len(winners) == 1 else "Shared: ", style="bold")
        for row in winners:
            line.append_text(seat_mark(row.seat))
            line.append(f" {row.name} ")
        lines.append(line)
    lines.append(Text("= cash + plantations", style="dim"))
    lines.append(Text("i: the breakdown", style="dim"))
    return lines


def field_summary(view: SantiagoView, c: int, r: int) -> Text:
    """'▸ 3,2 ☾Ba² ◆2 watered': the field under the cursor in a few words."""
    cell = view.fields[r][c]
    text = Text(f"▸ {c},{r} ")
    if cell.desert:
        text.append("desert", style=DESERT_STYLE)
    elif cell.crop is None:
        text.append("empty")
        if cell.palm:
            text.append(" " + PALM, style=PALM_STYLE)
    else:
        text.append_text(tile_code(cell.crop, cell.workers))
        owner = cell.owner
        if owner is not None and cell.markers > 0:
            text.append(" ")
            text.append_text(seat_mark(owner, str(cell.markers)))
        elif cell.leftover:
            text.append(" nobody's")
        else:
            text.append(" no markers")  # all lost to drought: it belongs to nobody now
        text.append(" watered" if cell.irrigated else " dry")
    return text


def enter_line(what: str) -> Text:
    return Text(f"Enter: {what}", style="bold")


def amount_line(word: str, scene: Scene, span: bool) -> Text:
    """'Bid ◂ 3 ▸ of 2–10'."""
    line = Text(f"{word} ")
    line.append("◂ ", style="bold")
    line.append(str(scene.amount), style="bold reverse")
    line.append(" ▸", style="bold")
    if span:
        amounts = scene.amounts
        low, high = amounts.first_from(1), amounts.first_from(amounts.high)
        line.append(f" of {low}–{high}" if low is not None else " (no cash)", style="dim")
    return line


def moves_here(scene: Scene, *types: type[Action]) -> list[Action]:
    here = scene.here
    return [a for a in here.actions if isinstance(a, types)] if here is not None else []


def hint_lines(scene: Scene) -> list[Text]:
    """What the cursor is on and what Enter would do there."""
    view, phase = scene.view, scene.phase
    if not scene.acting:
        if scene.mode == "field" and scene.place is not None:
            return [field_summary(view, *cast(Field, scene.place))]
        return []
    if phase == "spring" and scene.place is not None:
        x, y = cast(Point, scene.place)
        where = (
            "inner"
            if 0 < x < IX - 1 and 0 < y < IY - 1
            else ("corner" if x in (0, IX - 1) and y in (0, IY - 1) else "edge")
        )
        return [Text(f"▸ point {x},{y} ({where})"), enter_line("spring here")]
    if phase == "bid":
        lines = [amount_line("Bid", scene, span=True)]
        if scene.amounts.allowed(scene.amount):
            lines.append(enter_line(f"bid {scene.amount}"))
        lines.append(Text("Space: pass", style="bold"))
        return lines
    if phase in FIELD_PHASES and scene.place is not None:
        c, r = cast(Field, scene.place)
        lines = [field_summary(view, c, r)]
        ok = bool(scene.here and scene.here.actions)
        if phase == "plant":
            tile = scene.tile
            if tile and ok:
                line = enter_line("plant ")
                line.append_text(tile_code(tile.crop, tile.workers))
                line.append(f" ×{yield_markers(tile.workers, scene.passed)}")
                lines.append(line)
            else:
                lines.append(Text("occupied" if not ok else "", style="dim"))
            if len(open_slots(view)) > 1:
                lines.append(Text("t: another tile", style="dim"))
        else:
            what = "put it here" if phase == "leftover" else "palm here"
            lines.append(enter_line(what) if ok else Text("not here: + only", style="dim"))
        return lines
    if phase in DITCH_PHASES and scene.place is not None:
        return ditch_hint(scene)
    return []


def ditch_hint(scene: Scene) -> list[Text]:
    view, phase, seg = scene.view, scene.phase, scene.place
    canals = set(view.canals)
    open_ = set(view.legal_segments)
    proposal = scene.proposal_on(seg)
    head = Text(f"▸ {seg_name(cast(Seg, seg))} ")
    if seg in canals:
        head.append("canal", style=CANAL_STYLE)
    elif proposal:
        head.append("proposal ")
        head.append(number_sign(proposal.number), style=theme.seat_style(proposal.proposer))
        head.append(f" {proposal.total}")
    elif seg in open_:
        head.append("open")
    else:
        head.append("not joined", style="dim")
    lines = [head]
    nothing = Text("no canal can go here", style="dim")
    if phase == "bribe":
        lines.append(amount_line("Bribe", scene, span=False))
        if proposal:
            lines.append(enter_line(f"support {number_sign(proposal.number)} +{scene.amount}"))
        elif seg in open_:
            lines.append(enter_line(f"propose for {scene.amount}"))
        else:
            lines.append(nothing)
    elif phase == "overseer":
        if proposal:
            lines.append(enter_line(f"accept, +{proposal.total}"))
        elif seg in open_:
            cost = view.reject_cost
            lines.append(
                enter_line(f"build, pay {cost}")
                if moves_here(scene, Build)
                else Text(f"building costs {cost}", style="dim")
            )
        else:
            lines.append(nothing)
        if any(isinstance(a, NoCanal) for a in scene.legal):
            lines.append(Text("n: no canal", style="bold"))
    else:
        lines.append(enter_line("lay it here") if seg in open_ else nothing)
        lines.append(Text("Space: keep it", style="bold"))
    return lines
