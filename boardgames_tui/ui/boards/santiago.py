"""Santiago: the island's 8×6 fields in twelve 2×2 blocks, the ditches and canals between them.

Only the board lives here; the frame (header, log, action list, hand-off, undo…) is GameScreen's.

     0      1      2      3    …        Offer · 36 in stacks
  o═════════════o─────────────o …       ☾Ba² → ◆ 3,1
0 ║☾Ba²◆2 ∫Ch¹●1│  ·      ·   │ …       ∫Ch¹ Chili
1 ║  ·    ░░░░░░│  ·      Ψ   ╎ …       …
  o═════════════◉─────────────o …       ▸ H 1,2 open
                                        Bribe ◂ 3 ▸
                                        Enter: propose for 3

- Canals are drawn double (═ ║, blue), dry ditches single (─ │), ditches where a canal may go now
  dashed (╌ ╎), so the picture reads the same without colour. A proposal shows its number (¹) on
  its ditch. ◉ is the spring; o the other intersections.
- A tile reads crop symbol + crop letters + workers printed on it, then its owner's symbol and the
  markers still on it: ☾Ba² ◆2. ░ is desert, Ψ a palm, · an empty field (+ where the tile or palm
  to be placed may go, when that is restricted).
- The cursor moves over fields (planting, the leftover tile, palms), over ditches (bribes, the
  overseer, personal canals: each arrow walks the cursor one ditch along the grid, Tab jumps to the
  next open one) or over intersections (the spring). The side panel says what Enter would do.
- Bid and bribe amounts are a number on the board changed with + / − (or typed after `a`), never a
  list of every amount; the action list's Bid / Propose / Support ask for the number the same way.
"""

from __future__ import annotations

from typing import Callable, Iterable

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from ...rules.core import Action
from ...rules.santiago.actions import (
    Accept, Bid, Build, NoCanal, PersonalCanal, PlaceLeftover, PlacePalm, PlaceSpring, Plant,
    Propose, Support,
)
from ...rules.santiago.data import CROP_NAMES, CROP_SHORT, CROPS, tile_gives, tile_label, yield_markers
from .. import theme
from ..screens.base import BaseModal
from ..screens.dialogs import ChoiceScreen
from ..screens.game import GameScreen
from ..table import Table
from ..widgets.actions import ActionGroup

COLS, ROWS = 8, 6
IX, IY = 5, 4  # intersections per line / per column

# Each crop has a colour, a symbol AND letters: colour never carries the meaning alone.
CROP_SYMBOL = {"banana": "☾", "beans": "∴", "chili": "∫", "potato": "◌", "sugar": "‡"}
CROP_STYLE = {"banana": "#f2d04b", "beans": "#7cc26b", "chili": "#ef6a4f", "potato": "#c9a06e",
              "sugar": "#a7d8e8"}
CANAL_STYLE = "bold #3d9bff"
SPRING_STYLE = "bold #3d9bff"
OPEN_STYLE = "#d0d0d0"
DITCH_STYLE = "#707070"
DESERT_STYLE = "#b08d57"
PALM = "Ψ"
PALM_STYLE = "bold #5cb85c"
# Workers on a tile (☾Ba²) and a proposal's number on its ditch (──³──) are superscript digits:
# one cell each, and not mistaken for the plain digits of an owner's markers (◆2). ¹²³ are
# Latin-1 (in every font); ⁰ and ⁴–⁹ are in DejaVu Sans Mono and the other common monospace
# fonts. Circled digits (U+2460–U+24FF) are not, so they are never used (tests/ui/test_glyphs.py).
# Prose (log, prompts, rules) names a tile in words instead: "Banana (2 workers)", data.tile_label.
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

PHASE_TITLE = {
    "spring": "SET-UP", "palms": "SET-UP", "bid": "BIDS", "plant": "PLANTING", "leftover": "LEFTOVER",
    "bribe": "BRIBES", "overseer": "OVERSEER", "extra": "EXTRA CANAL", "over": "FINAL SCORES",
}
FIELD_PHASES = ("plant", "leftover", "palms")
SEGMENT_PHASES = ("bribe", "overseer", "extra")

Seg = tuple[str, int, int]


def superscript(n: int) -> str:
    return str(n).translate(SUPERSCRIPT)


def number_sign(n: int) -> str:
    """A proposal's number as drawn on its ditch and in the proposals list: '³'."""
    return superscript(n)


def worker_sign(workers: int) -> str:
    """The workers printed on a tile, as drawn after its letters: '²' in '☾Ba²'."""
    return superscript(workers)


def seg_name(seg: Seg) -> str:
    return f"{seg[0]} {seg[1]},{seg[2]}"


def seg_ends(seg: Seg) -> tuple[tuple[int, int], tuple[int, int]]:
    o, x, y = seg
    return ((x, y), (x + 1, y)) if o == "H" else ((x, y), (x, y + 1))


def seg_fields(seg: Seg) -> list[tuple[int, int]]:
    """The fields a canal on `seg` waters (spec §2.1)."""
    o, x, y = seg
    if o == "H":
        cells = [(2 * x, 2 * y - 1), (2 * x + 1, 2 * y - 1), (2 * x, 2 * y), (2 * x + 1, 2 * y)]
    else:
        cells = [(2 * x - 1, 2 * y), (2 * x - 1, 2 * y + 1), (2 * x, 2 * y), (2 * x, 2 * y + 1)]
    return [(c, r) for c, r in cells if 0 <= c < COLS and 0 <= r < ROWS]


def seg_at(a: tuple[int, int], b: tuple[int, int]) -> Seg | None:
    """The segment joining two neighbouring intersections, or None."""
    (ax, ay), (bx, by) = sorted((a, b))
    if not (0 <= ax < IX and 0 <= ay < IY and 0 <= bx < IX and 0 <= by < IY):
        return None
    if ay == by and bx == ax + 1:
        return ("H", ax, ay)
    if ax == bx and by == ay + 1:
        return ("V", ax, ay)
    return None


ALL_SEGMENTS: tuple[Seg, ...] = tuple(
    [("H", x, y) for y in range(IY) for x in range(IX - 1)]
    + [("V", x, y) for y in range(IY - 1) for x in range(IX)])


def seg_order(seg: Seg) -> tuple[int, int]:
    """Reading order of a segment's midpoint (in half-block units)."""
    o, x, y = seg
    return (2 * y, 2 * x + 1) if o == "H" else (2 * y + 1, 2 * x)


def tile_code(crop: str, workers: int | None) -> Text:
    """'☾Ba²' in the crop's colour."""
    text = Text(CROP_SYMBOL[crop] + CROP_SHORT[crop], style=f"bold {CROP_STYLE[crop]}")
    if workers is not None:
        text.append(worker_sign(workers), style=CROP_STYLE[crop])
    return text


def seat_mark(seat: int, text: str = "") -> Text:
    return Text(theme.symbol(seat) + text, style=theme.seat_style(seat))


def fit(text: Text, width: int) -> Text:
    """Cut (with an ellipsis) or pad a line to exactly `width` cells."""
    text = text.copy()
    if text.cell_len > width:
        text.truncate(max(0, width), overflow="ellipsis")
    if text.cell_len < width:
        text.pad_right(width - text.cell_len)
    return text


def wrap(words: str, width: int, style: str = "") -> list[Text]:
    """Plain words wrapped into lines of at most `width` cells."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [Text(line, style=style) for line in lines]


def centred(text: Text, width: int) -> Text:
    if text.cell_len >= width:
        return fit(text, width)
    left = (width - text.cell_len) // 2
    out = Text(" " * left)
    out.append_text(text)
    out.pad_right(width - out.cell_len)
    return out


def plantation_parts(view: dict, seat: int) -> list[Text]:
    """'☾Ba 4×2' (crop, plantation size × the seat's markers) for every plantation paying `seat`,
    the biggest payout first."""
    parts = []
    for plant in view.get("plantations", []):
        markers = plant["markers"][seat]
        if not markers:
            continue
        text = tile_code(plant["crop"], None)
        text.append(f" {plant['size']}×{markers}")
        parts.append((plant["size"] * markers, text))
    parts.sort(key=lambda p: -p[0])
    return [t for _, t in parts]


def result_lines(view: dict, names: list[str], width: int) -> list[Text]:
    """The final scores, one block per player, best first, no line wider than `width`:

        1  ◆ Ann   WINNER  54 = 20 cash + ☾Ba 4×3 + ∫Ch 3×2 + ◌Po 2×2
                              + ‡Su 2×1
        2  ● Bob           41 = 15 cash + …
    """
    scores = view.get("scores") or []
    name_width = max((len(n) for n in names), default=0)
    any_winner = any(row.get("winner") for row in scores)
    lines: list[Text] = []
    for row in scores:
        seat = row["seat"]
        line = Text(f"{row['rank']:>2}  ", style="bold")
        line.append_text(seat_mark(seat, f" {names[seat]:<{name_width}}"))
        if any_winner:
            line.append("  ")
            line.append("WINNER" if row.get("winner") else "      ",
                        style="bold reverse" if row.get("winner") else "")
        line.append(f"  {row['total']:>3}", style="bold")
        indent = line.cell_len + 1  # continuation lines start under the '='
        if indent > width // 2:
            indent = 6
        cash = Text("= ")
        cash.append(f"{row['cash']} cash", style="bold")
        pieces = [cash]
        for part in plantation_parts(view, seat):
            piece = Text("+ ")
            piece.append_text(part)
            pieces.append(piece)
        if len(pieces) == 1:
            pieces.append(Text("(no plantation pays)", style="dim"))
        block = [line]
        for piece in pieces:
            if block[-1].cell_len + 1 + piece.cell_len <= width:
                block[-1].append(" ")
            else:
                block.append(Text(" " * indent))
            block[-1].append_text(piece)
        lines += [fit(l, width) if l.cell_len > width else l for l in block]
    lines.append(Text(""))
    lines += wrap("total = cash + for each plantation: its size × the player's yield markers on "
                  "it, crops:", width, "dim")
    crops = Text()
    for crop in CROPS:
        piece = tile_code(crop, None)
        piece.append(f" {CROP_NAMES[crop].lower()}", style=CROP_STYLE[crop])
        if crops.cell_len and crops.cell_len + 2 + piece.cell_len > width:
            lines.append(crops)
            crops = Text()
        crops.append("  " if crops.cell_len else "")
        crops.append_text(piece)
    lines.append(crops)
    return lines


class IslandBoard(Widget):
    """The island: field grid, ditches and canals, plus a side panel. Keys live on the screen."""

    DEFAULT_CSS = """
    IslandBoard { height: auto; }
    """

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)
        self.view: dict = {}
        self.names: list[str] = []
        self.mode: str | None = None  # "field" | "segment" | "point" | None
        self.acting = False  # the viewer is the one to act
        self.viewer: int | None = None
        self.field = (3, 2)
        self.seg: Seg = ("H", 1, 1)
        self.seg_end = (2, 1)  # the end of `seg` the cursor walked to
        self.point = (2, 1)
        self.looking = False  # a cursor moved by someone browsing, not acting
        self.tile_slot = 0  # the offer slot to plant
        self.amount = 1  # bid or bribe on the board
        self.legal: list[Action] = []
        self._turn_key: tuple | None = None
        self.hotspots: list[list[tuple[int, int, tuple]]] = []
        self.cell_width = 6
        self.row_lines = 1
        self.watered_by_cursor: set[tuple[int, int]] = set()
        self._height = 0
        self._lines_cache: tuple | None = None

    # -- data ----------------------------------------------------------------------------------
    def update_view(self, view: dict, screen: "SantiagoScreen") -> None:
        self.view = view
        self.names = [s.name for s in screen.table.seats]
        self.viewer = screen.viewer
        self.legal = screen.legal
        self.acting = screen.my_turn
        phase = view.get("phase")
        if phase in FIELD_PHASES:
            mode = "field"
        elif phase in SEGMENT_PHASES:
            mode = "segment"
        elif phase == "spring":
            mode = "point"
        else:
            mode = None
        context = (phase, view.get("round"), screen.actor, screen.viewer)
        if context != self._turn_key:
            self._turn_key = context
            self.looking = False
            self.mode = mode
            self.reset_for_turn()
        self.mode = mode if self.acting else ("field" if self.looking else None)
        self.fix_tile_slot()
        if self.acting and phase in FIELD_PHASES:
            self.nearest_field()
        height = len(self.lines(self.size.width or 80)) if self.size.width else 0
        self.refresh(layout=height != self._height)
        self._height = height

    def reset_for_turn(self) -> None:
        """A new decision: put the cursor somewhere useful and the amount at its lowest."""
        view = self.view
        phase = view.get("phase")
        self.amount = self.lowest_amount(1)
        self.tile_slot = -1  # fix_tile_slot picks the first tile on offer
        if phase in FIELD_PHASES:
            self.nearest_field()
        elif phase in SEGMENT_PHASES:
            targets = self.segment_targets()
            if phase == "overseer" and view.get("proposals"):
                best = max(view["proposals"], key=lambda p: (p["total"], -p["number"]))
                self.set_seg(tuple(best["segment"]))
            elif targets and self.seg not in targets:
                hy, hx = seg_order(self.seg)

                def distance(seg: Seg) -> tuple:
                    y, x = seg_order(seg)
                    return (abs(y - hy) + abs(x - hx), y, x)

                self.set_seg(min(targets, key=distance))
        elif phase == "spring":
            self.point = (2, 1)

    def nearest_field(self) -> None:
        """Keep the field cursor where the move is possible: the nearest such field."""
        targets = self.field_targets()
        if targets and self.field not in targets:
            fc, fr = self.field
            self.field = min(targets, key=lambda t: (abs(t[0] - fc) + abs(t[1] - fr), t[1], t[0]))

    def set_seg(self, seg: Seg) -> None:
        self.seg = seg
        self.seg_end = seg_ends(seg)[1]

    # -- what the rules allow now ----------------------------------------------------------------
    def taken_bids(self) -> set[int]:
        return {b["bid"] for b in self.view.get("bids", []) if b.get("bid")}

    def amount_range(self) -> tuple[int, int, set[int]]:
        """(lowest, highest, forbidden) for the amount the viewer may put on the table now."""
        bids = [a.amount for a in self.legal if isinstance(a, Bid)]
        if self.view.get("phase") == "bid":
            if not bids:
                return (1, 0, set())
            return (1, max(bids), self.taken_bids())
        amounts = [a.amount for a in self.legal if isinstance(a, (Propose, Support))]
        return (1, max(amounts, default=0), set())

    def lowest_amount(self, start: int) -> int:
        low, high, banned = self.amount_range()
        for n in range(max(low, start), high + 1):
            if n not in banned:
                return n
        for n in range(min(start, high), low - 1, -1):
            if n not in banned:
                return n
        return max(1, low)

    def step_amount(self, delta: int) -> bool:
        low, high, banned = self.amount_range()
        if high < low:
            return False
        n = self.amount
        for _ in range(high + 2):
            n += delta
            if n < low or n > high:
                return False
            if n not in banned:
                self.amount = n
                self.refresh()
                return True
        return False

    def offer_open(self) -> list[int]:
        """Offer slots still to be planted, one per kind of tile (as the rules list them)."""
        out, kinds = [], set()
        for i, tile in enumerate(self.view.get("offer", [])):
            if tile.get("taken_by") is None and not tile.get("leftover"):
                kind = (tile["crop"], tile["workers"])
                if kind not in kinds:
                    kinds.add(kind)
                    out.append(i)
        return out

    def fix_tile_slot(self) -> None:
        open_slots = self.offer_open()
        if open_slots and self.tile_slot not in open_slots:
            self.tile_slot = open_slots[0]

    def viewer_passed(self) -> bool:
        """Whether the viewer passed in this round's bidding (their tile gets one marker fewer)."""
        return next((b["passed"] for b in self.view.get("bids", []) if b["seat"] == self.viewer), False)

    def selected_tile(self) -> dict | None:
        offer = self.view.get("offer", [])
        if self.view.get("phase") != "plant" or not 0 <= self.tile_slot < len(offer):
            return None
        tile = offer[self.tile_slot]
        return None if tile.get("taken_by") is not None or tile.get("leftover") else tile

    def next_tile(self, delta: int = 1) -> None:
        slots = self.offer_open()
        if not slots:
            return
        i = slots.index(self.tile_slot) if self.tile_slot in slots else 0
        self.tile_slot = slots[(i + delta) % len(slots)]
        self.refresh()

    def field_targets(self) -> list[tuple[int, int]]:
        phase = self.view.get("phase")
        if phase == "leftover":
            return [tuple(f) for f in self.view.get("leftover_fields", [])]
        if phase == "palms":
            return sorted({(a.col, a.row) for a in self.legal if isinstance(a, PlacePalm)},
                          key=lambda f: (f[1], f[0]))
        out = []
        for r, row in enumerate(self.view.get("fields", [])):
            for c, cell in enumerate(row):
                if cell["crop"] is None and not cell["desert"]:
                    out.append((c, r))
        return out

    def restricted_targets(self) -> set[tuple[int, int]]:
        """Fields to mark '+' on the board: only when not every empty field is allowed."""
        if not self.acting or self.view.get("phase") not in ("leftover", "palms"):
            return set()
        return set(self.field_targets())

    def segment_targets(self) -> list[Seg]:
        view = self.view
        legal = [tuple(s) for s in view.get("legal_segments", [])]
        proposed = [tuple(p["segment"]) for p in view.get("proposals", [])]
        phase = view.get("phase")
        if phase in ("bribe", "overseer"):
            targets = set(legal) | set(proposed)
        else:
            targets = set(legal)
        return sorted(targets, key=seg_order)

    def proposal_on(self, seg: Seg) -> dict | None:
        for p in self.view.get("proposals", []):
            if tuple(p["segment"]) == seg:
                return p
        return None

    # -- cursor ----------------------------------------------------------------------------------
    def move(self, dx: int, dy: int) -> None:
        if self.mode == "segment":
            self.walk(dx, dy)
        elif self.mode == "point":
            x, y = self.point
            self.point = (min(IX - 1, max(0, x + dx)), min(IY - 1, max(0, y + dy)))
        else:
            if self.mode is None:
                self.looking = True
                self.mode = "field"
            c, r = self.field
            self.field = (min(COLS - 1, max(0, c + dx)), min(ROWS - 1, max(0, r + dy)))
        self.refresh()

    def walk(self, dx: int, dy: int) -> None:
        """Walk the ditch cursor one ditch: along its line it moves on to the next ditch; across,
        it turns into the ditch leaving the end it last walked to (or the other end)."""
        o, x, y = self.seg
        along = (o == "H" and dx) or (o == "V" and dy)
        a, b = seg_ends(self.seg)
        if along:
            start = b if (dx > 0 or dy > 0) else a
            ends = [start]
        else:
            ends = [self.seg_end, a if self.seg_end == b else b]
        for end in ends:
            nxt = (end[0] + dx, end[1] + dy)
            seg = seg_at(end, nxt)
            if seg is not None:
                self.seg = seg
                self.seg_end = nxt
                return

    def jump(self, delta: int) -> None:
        """Tab: the next place where the move is possible."""
        if self.mode == "segment":
            targets = self.segment_targets()
            if not targets:
                return
            order = [seg_order(s) for s in targets]
            here = seg_order(self.seg)
            if delta > 0:
                later = [s for s, k in zip(targets, order) if k > here]
                self.set_seg(later[0] if later else targets[0])
            else:
                earlier = [s for s, k in zip(targets, order) if k < here]
                self.set_seg(earlier[-1] if earlier else targets[-1])
        elif self.mode == "field" or self.mode is None:
            targets = self.field_targets() if self.acting else []
            if not targets:
                return
            self.looking = self.looking or not self.acting
            key = lambda f: (f[1], f[0])  # noqa: E731
            here = key(self.field)
            if delta > 0:
                later = [f for f in targets if key(f) > here]
                self.field = later[0] if later else targets[0]
            else:
                earlier = [f for f in targets if key(f) < here]
                self.field = earlier[-1] if earlier else targets[-1]
        elif self.mode == "point":
            x, y = self.point
            i = (y * IX + x + delta) % (IX * IY)
            self.point = (i % IX, i // IX)
        self.refresh()

    # -- layout ----------------------------------------------------------------------------------
    def geometry(self, width: int) -> None:
        height = self.app.size.height if self.is_attached else 24
        self.cell_width = 9 if width >= 112 else 6  # narrower: the side panel needs 30
        self.row_lines = 2 if height >= 34 else 1

    @property
    def block_width(self) -> int:
        return 2 * self.cell_width + 1

    @property
    def grid_width(self) -> int:
        return 2 + 4 * (self.block_width + 1) + 1

    def line_x(self, x: int) -> int:
        return 2 + x * (self.block_width + 1)

    def field_x(self, c: int) -> int:
        return self.line_x(c // 2) + 1 + (c % 2) * (self.cell_width + 1)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.size.width or 80))

    # -- drawing ---------------------------------------------------------------------------------
    def lines(self, width: int) -> list[Text]:
        if not self.view:
            return [Text("")]
        height = self.app.size.height if self.is_attached else 24
        key = (id(self.view), width, height, self.mode, self.acting, self.looking, self.field,
               self.seg, self.point, self.tile_slot, self.amount)
        if self._lines_cache is not None and self._lines_cache[0] == key:
            self.hotspots = self._lines_cache[3]
            return self._lines_cache[2]
        out = self.draw(width)
        # the view is kept so that its id is not reused while the key holds it
        self._lines_cache = (key, self.view, out, self.hotspots)
        return out

    def draw(self, width: int) -> list[Text]:
        self.geometry(width)
        grid = self.grid_lines()
        side_width = max(0, width - self.grid_width - 1)
        side = self.side_lines(len(grid), side_width) if side_width >= 14 else []
        out = []
        for i, line in enumerate(grid):
            line = line.copy()
            if i < len(side):
                line.append(" ")
                line.append_text(fit(side[i], side_width))
            out.append(line)
        out += self.legend_lines(width)
        return out

    def grid_lines(self) -> list[Text]:
        view = self.view
        cw, rl = self.cell_width, self.row_lines
        self.hotspots = []
        canals = {tuple(s) for s in view.get("canals", [])}
        legal = {tuple(s) for s in view.get("legal_segments", [])}
        proposals = {tuple(p["segment"]): p for p in view.get("proposals", [])}
        spring = tuple(view["spring"]) if view.get("spring") else None
        cursor_seg = self.seg if self.mode == "segment" else None
        cursor_point = self.point if self.mode == "point" else None
        targets = self.restricted_targets()
        self.watered_by_cursor = set(seg_fields(cursor_seg)) if cursor_seg else set()

        lines: list[Text] = []
        header = Text(" " * 2)
        for c in range(COLS):
            x = self.field_x(c)
            header.pad_right(x - header.cell_len)
            header.append_text(centred(Text(str(c), style="dim"), cw))
        lines.append(header)
        self.hotspots.append([])

        def seg_text(seg: Seg, length: int, index: int) -> Text:
            o = seg[0]
            proposal = proposals.get(seg)
            if seg in canals:
                glyph, style = ("═" if o == "H" else "║"), CANAL_STYLE
            elif seg in legal or proposal:
                glyph, style = ("╌" if o == "H" else "╎"), OPEN_STYLE
            else:
                glyph, style = ("─" if o == "H" else "│"), DITCH_STYLE
            text = Text(glyph * length, style=style)
            if proposal and index == 0:
                mid = length // 2
                sign = number_sign(proposal["number"])
                text = Text(glyph * mid, style=style)
                text.append(sign, style=theme.seat_style(proposal["proposer"]))
                text.append(glyph * (length - mid - 1), style=style)
            if seg == cursor_seg:
                heavy = "━" if o == "H" else "┃"
                text = Text("".join(heavy if ch == glyph else ch for ch in text.plain), style=style)
                if proposal and index == 0:
                    text.stylize(theme.seat_style(proposal["proposer"]), length // 2, length // 2 + 1)
                text.stylize("reverse")
            return text

        for y in range(IY):
            # the line of intersections y, with the H segments between them
            line = Text("  ")
            spots = []
            for x in range(IX):
                if spring == (x, y):
                    point = Text("◉", style=SPRING_STYLE)
                else:
                    point = Text("o", style=DITCH_STYLE)
                if cursor_point == (x, y):
                    point.stylize("reverse")
                spots.append((line.cell_len, line.cell_len + 1, ("P", x, y)))
                line.append_text(point)
                if x < IX - 1:
                    seg = ("H", x, y)
                    spots.append((line.cell_len, line.cell_len + self.block_width, ("S",) + seg))
                    line.append_text(seg_text(seg, self.block_width, 0))
            lines.append(line)
            self.hotspots.append(spots)
            if y == IY - 1:
                break
            for r in (2 * y, 2 * y + 1):
                cells = [self.cell_text(c, r, targets) for c in range(COLS)]
                for k in range(rl):
                    line = Text(f"{r} " if k == 0 else "  ", style="dim")
                    spots = []
                    for x in range(IX):
                        seg = ("V", x, y)
                        spots.append((line.cell_len, line.cell_len + 1, ("S",) + seg))
                        line.append_text(seg_text(seg, 1, (r - 2 * y) * rl + k))
                        if x < IX - 1:
                            for c in (2 * x, 2 * x + 1):
                                spots.append((line.cell_len, line.cell_len + cw, ("F", c, r)))
                                line.append_text(cells[c][k])
                                if c == 2 * x:
                                    line.append(" ")
                    lines.append(line)
                    self.hotspots.append(spots)
        return lines

    def cell_text(self, c: int, r: int, targets: set) -> list[Text]:
        """The field's lines, each exactly cell_width wide."""
        cw, rl = self.cell_width, self.row_lines
        cell = self.view["fields"][r][c]
        crop = cell.get("crop")
        palm = cell.get("palm")
        if cell.get("desert"):
            parts = [Text("░" * cw, style=DESERT_STYLE) for _ in range(rl)]
        elif crop is None:
            mark = Text(PALM, style=PALM_STYLE) if palm else (
                Text("+", style="bold") if (c, r) in targets else Text("·", style="dim"))
            parts = [centred(mark, cw)] + [Text(" " * cw) for _ in range(rl - 1)]
        else:
            code = tile_code(crop, cell.get("workers"))
            owner = cell.get("owner")
            if owner is not None:
                who = seat_mark(owner, str(cell.get("markers", 0)))
            else:
                who = Text(" ·", style="dim")  # the 3-player leftover tile: nobody's
            water = Text("≈", style=CANAL_STYLE) if cell.get("irrigated") else Text(" ")
            palm_text = Text(PALM, style=PALM_STYLE) if palm else Text(" ")
            if rl == 1 and cw < 9:
                if palm:
                    code = Text(PALM, style=PALM_STYLE) + code[1:]
                line = code + who
                parts = [fit(line, cw)]
            elif rl == 1:
                line = code + Text(" ") + who + palm_text + water
                parts = [centred(line, cw)]
            elif cw >= 9:  # room for the crop's name: '☾Banana²'
                code = Text(CROP_SYMBOL[crop] + CROP_NAMES[crop].split()[0],
                            style=f"bold {CROP_STYLE[crop]}")
                workers = cell.get("workers")
                code.append(worker_sign(workers) if workers is not None else "",
                            style=CROP_STYLE[crop])
                second = who + Text(" ") + palm_text + water
                parts = [centred(code, cw), centred(second, cw)]
            else:
                second = Text(" ") + who + palm_text + water
                parts = [fit(Text(" ") + code, cw), fit(second, cw)]
        if self.mode == "field" and self.field == (c, r):
            for part in parts:
                part.stylize("reverse")
        elif (c, r) in self.watered_by_cursor:
            for part in parts:
                part.stylize("underline")
        return parts

    def legend_lines(self, width: int) -> list[Text]:
        """One line: what the glyphs mean, as much as fits (most important first)."""
        wide = width >= 112
        palms = bool(self.view.get("palms")) or self.view.get("options", {}).get("palms") == "on"
        items: list[Text] = []

        def item(glyph: str, style: str, words: str) -> None:
            text = Text(glyph, style=style)
            text.append(f" {words}")
            items.append(text)

        item("═║", CANAL_STYLE, "canal")
        item("╌╎", OPEN_STYLE, "open ditch" if wide else "open")
        item("─│", DITCH_STYLE, "ditch")
        item("◉", SPRING_STYLE, "spring")
        item("░", DESERT_STYLE, "desert")
        if palms:
            item(PALM, PALM_STYLE, "palm")
        if self.row_lines > 1 and self.cell_width >= 9:
            tile = Text(CROP_SYMBOL["banana"] + "Banana", style=f"bold {CROP_STYLE['banana']}")
            tile.append(worker_sign(2), style=CROP_STYLE["banana"])
        else:
            tile = tile_code("banana", 2)
        tile.append(" crop, workers" if not wide else " a tile with 2 workers")
        items.append(tile)
        owner = seat_mark(0, "2")
        owner.append(" markers" if not wide or not self.names else f" {self.names[0]}'s 2 markers")
        items.append(owner)
        if self.cell_width >= 9 or self.row_lines > 1:
            item("≈", CANAL_STYLE, "watered")
        if wide:
            crops = Text()
            for i, crop in enumerate(CROPS):
                if i:
                    crops.append(" ")
                crops.append_text(tile_code(crop, None))
                crops.append(f" {CROP_NAMES[crop].split()[0].lower()}")
            items.append(crops)
        text = Text(" ")
        gap = "  " if wide else " "
        for piece in items:
            extra = (gap if text.cell_len > 1 else "")
            if text.cell_len + len(extra) + piece.cell_len <= width - 1:
                text.append(extra)
                text.append_text(piece)
        return [fit(text, width)]

    # -- the side panel --------------------------------------------------------------------------
    def side_lines(self, height: int, width: int) -> list[Text]:
        view = self.view
        phase = view.get("phase")
        wide = width >= 30
        body: list[Text] = []
        if phase == "over":
            body += self.final_lines(wide)
        elif phase in ("spring", "palms"):
            body.append(Text("Set-up", style="bold"))
            if phase == "spring":
                body += wrap("The start player puts the spring ◉ on any intersection o. "
                             "Canals start from it.", width)
            else:
                body.append(Text(f"Palms placed: {len(view.get('palms', []))} of 3"))
                body += wrap("Not touching the spring's intersection or another palm.", width)
        elif phase in ("bid", "plant", "leftover"):
            body += self.offer_lines(wide)
        elif phase in ("bribe", "overseer"):
            body += self.proposal_lines(wide)
        elif phase == "extra":
            body.append(Text("Personal canals", style="bold"))
            unused = [s for s, free in enumerate(view.get("personal_canal", [])) if free]
            line = Text("unused: ")
            for s in unused:
                line.append_text(seat_mark(s))
            body.append(line)
            body.append(Text("At most one a round.", style="dim"))
        hint = self.hint_lines(wide)
        room = height - len(hint)
        for section in self.more_sections(phase, wide):
            if len(body) + 1 + len(section) <= room - (1 if hint else 0):
                body += [Text("")] + section
        if len(body) > room:
            body = body[:max(0, room)]
        gap = [Text("")] * max(0, height - len(body) - len(hint))
        return body + gap + hint

    def more_sections(self, phase: str, wide: bool) -> list[list[Text]]:
        """What else the side panel shows when it has the lines for it."""
        view = self.view
        sections = []
        if phase in ("plant", "leftover") and view.get("planting_order"):
            line = Text("Planting: ", style="bold")
            for i, seat in enumerate(view["planting_order"]):
                line.append(" " if i else "")
                line.append_text(seat_mark(seat, f" {self.names[seat]}" if wide else ""))
            sections.append([line])
        if phase in ("bribe", "overseer", "extra"):
            planted = [t for t in view.get("offer", []) if t.get("field")]
            if planted:
                section = [Text("Planted this round", style="bold")]
                for tile in planted:
                    line = Text(" ")
                    line.append_text(tile_code(tile["crop"], tile["workers"]))
                    line.append(" {},{} ".format(*tile["field"]))
                    if tile.get("taken_by") is not None:
                        line.append_text(seat_mark(tile["taken_by"]))
                    else:
                        line.append("nobody", style="dim")
                    section.append(line)
                sections.append(section)
        if phase not in ("over", "spring", "palms", "extra"):
            unused = [s for s, free in enumerate(view.get("personal_canal", [])) if free]
            line = Text("Personal canals unused: " if wide else "Unused canals ", style="bold")
            for s in unused:
                line.append_text(seat_mark(s))
                if wide:
                    line.append(" ")
            if not unused:
                line.append("none", style="dim")
            sections.append([line])
        return sections

    def offer_lines(self, wide: bool) -> list[Text]:
        view = self.view
        title = Text("Offer", style="bold")
        title.append(f" · {view.get('tiles_left', 0)} in stacks", style="dim")
        lines = [title]
        choosing = self.acting and view.get("phase") == "plant"
        open_slots = self.offer_open()
        leftover = view.get("phase") == "leftover"
        # What an untaken tile would give the viewer, while they have yet to take one.
        mine = self.viewer is not None and view.get("phase") in ("bid", "plant") and not any(
            tile.get("taken_by") == self.viewer for tile in view.get("offer", []))
        passed = self.viewer_passed()
        for i, tile in enumerate(view.get("offer", [])):
            mark = "▸" if choosing and i == self.tile_slot and i in open_slots else " "
            if leftover and tile.get("taken_by") is None and not tile.get("leftover"):
                line = Text("▸", style="bold")
                line.append_text(tile_code(tile["crop"], tile["workers"]))
                line.append(" leftover", style="bold")
                lines.append(line)
                continue
            line = Text(mark, style="bold")
            code = tile_code(tile["crop"], tile["workers"])
            if choosing and i == self.tile_slot and i in open_slots:
                code.stylize("reverse")
            line.append_text(code)
            seat = tile.get("taken_by")
            if wide or (seat is None and not tile.get("leftover")):
                line.append(f" {CROP_NAMES[tile['crop']]:<10}", style=CROP_STYLE[tile["crop"]])
            field = tile.get("field")
            if seat is not None:
                line.append(" → ")
                line.append_text(seat_mark(seat))
                if field:
                    line.append(f" {field[0]},{field[1]}")
            elif tile.get("leftover"):
                line.append(" → nobody")
                if field:
                    line.append(f" {field[0]},{field[1]}")
            elif mine:
                line.append(f" ×{yield_markers(tile['workers'], passed)}", style="bold")
            lines.append(line)
        if mine and len(lines) > 1:
            # ×: the same sign as "Enter: plant ☾Ba² ×2" below
            lines.append(Text("× your yield markers", style="dim"))
            if passed:
                lines.append(Text("  you passed: −1", style="dim"))
        removed = view.get("removed_tile")
        if removed and view.get("round") == 1:
            line = Text(" boxed: ", style="dim")
            line.append_text(tile_code(removed["crop"], removed["workers"]))
            lines.append(line)
        return lines

    def proposal_lines(self, wide: bool) -> list[Text]:
        view = self.view
        proposals = view.get("proposals", [])
        title = Text("Proposals", style="bold")
        if proposals:
            title.append(f" · top {view.get('highest_bribe', 0)}", style="dim")
        lines = [title]
        if not proposals:
            lines.append(Text(" none yet", style="dim"))
        for p in proposals:
            line = Text(number_sign(p["number"]), style=theme.seat_style(p["proposer"]))
            line.append(f" {seg_name(tuple(p['segment']))} ")
            line.append(f"{p['total']:>2}", style="bold")
            line.append(" =" if wide else "")
            for pledge in p["pledges"]:
                line.append(" " if wide else "")
                line.append_text(seat_mark(pledge["seat"], str(pledge["amount"])))
                if wide and pledge["seat"] < len(self.names):
                    line.append(f" {self.names[pledge['seat']]}")
            lines.append(line)
        if view.get("phase") == "overseer" and wide:
            lines.append(Text(f"Refusing costs {view.get('reject_cost', 1)}", style="dim"))
        return lines

    def final_lines(self, wide: bool) -> list[Text]:
        lines = [Text("Final scores", style="bold")]
        for row in self.view.get("scores") or []:
            line = Text(f"{row['rank']} ")
            line.append_text(seat_mark(row["seat"]))
            line.append(f" {row['total']:>3}", style="bold")
            line.append(f" = {row['cash']}+{row['plantations']}")
            lines.append(line)
        winners = [row for row in self.view.get("scores") or [] if row.get("winner")]
        if winners:
            line = Text("Won by " if len(winners) == 1 else "Shared: ", style="bold")
            for row in winners:
                line.append_text(seat_mark(row["seat"]))
                line.append(f" {row['name']} ")
            lines.append(line)
        lines.append(Text("= cash + plantations", style="dim"))
        lines.append(Text("i: the breakdown", style="dim"))
        return lines

    def field_summary(self, c: int, r: int) -> Text:
        cell = self.view["fields"][r][c]
        text = Text(f"▸ {c},{r} ")
        if cell.get("desert"):
            text.append("desert", style=DESERT_STYLE)
        elif cell.get("crop") is None:
            text.append("empty")
            if cell.get("palm"):
                text.append(" " + PALM, style=PALM_STYLE)
        else:
            text.append_text(tile_code(cell["crop"], cell.get("workers")))
            owner = cell.get("owner")
            if owner is not None:
                text.append(" ")
                text.append_text(seat_mark(owner, str(cell.get("markers", 0))))
            else:
                text.append(" nobody's")
            text.append(" watered" if cell.get("irrigated") else " dry")
        return text

    def hint_lines(self, wide: bool) -> list[Text]:
        """What the cursor is on and what Enter would do."""
        view = self.view
        phase = view.get("phase")
        if not self.acting:
            if self.mode == "field":
                return [self.field_summary(*self.field)]
            return []
        if phase == "spring":
            x, y = self.point
            where = "inner" if 0 < x < IX - 1 and 0 < y < IY - 1 else (
                "corner" if x in (0, IX - 1) and y in (0, IY - 1) else "edge")
            return [Text(f"▸ point {x},{y} ({where})"), self.enter_line("spring here")]
        if phase == "bid":
            low, high, _ = self.amount_range()
            line = Text("Bid ")
            line.append("◂ ", style="bold")
            line.append(str(self.amount), style="bold reverse")
            line.append(" ▸", style="bold")
            line.append(f" of {low}–{high}" if high >= low else " (no cash)", style="dim")
            lines = [line]
            if high >= low:
                lines.append(self.enter_line(f"bid {self.amount}"))
            lines.append(Text("Space: pass", style="bold"))
            return lines
        if phase in FIELD_PHASES:
            c, r = self.field
            cell = view["fields"][r][c]
            lines = [self.field_summary(c, r)]
            free = cell.get("crop") is None and not cell.get("desert")
            if phase == "plant":
                tile = self.selected_tile()
                if tile and free:
                    line = Text("Enter: plant ", style="bold")
                    line.append_text(tile_code(tile["crop"], tile["workers"]))
                    line.append(f" ×{yield_markers(tile['workers'], self.viewer_passed())}")
                    lines.append(line)
                else:
                    lines.append(Text("occupied" if not free else "", style="dim"))
                lines.append(Text("t: another tile", style="dim"))
            elif phase == "leftover":
                ok = (c, r) in set(self.field_targets())
                lines.append(self.enter_line("put it here") if ok
                             else Text("not here: + only", style="dim"))
            else:
                ok = (c, r) in set(self.field_targets())
                lines.append(self.enter_line("palm here") if ok
                             else Text("not here: + only", style="dim"))
            return lines
        if phase in SEGMENT_PHASES:
            seg = self.seg
            canals = {tuple(s) for s in view.get("canals", [])}
            legal = {tuple(s) for s in view.get("legal_segments", [])}
            proposal = self.proposal_on(seg)
            head = Text(f"▸ {seg_name(seg)} ")
            if seg in canals:
                head.append("canal", style=CANAL_STYLE)
            elif proposal:
                head.append("proposal ")
                head.append(number_sign(proposal["number"]),
                            style=theme.seat_style(proposal["proposer"]))
                head.append(f" {proposal['total']}")
            elif seg in legal:
                head.append("open")
            else:
                head.append("not joined", style="dim")
            lines = [head]
            if phase == "bribe":
                amount = Text("Bribe ")
                amount.append("◂ ", style="bold")
                amount.append(str(self.amount), style="bold reverse")
                amount.append(" ▸", style="bold")
                lines.append(amount)
                if proposal:
                    sign = number_sign(proposal["number"])
                    lines.append(self.enter_line(f"support {sign} +{self.amount}"))
                elif seg in legal:
                    lines.append(self.enter_line(f"propose for {self.amount}"))
                else:
                    lines.append(Text("no canal can go here", style="dim"))
            elif phase == "overseer":
                if proposal:
                    lines.append(self.enter_line(f"accept, +{proposal['total']}"))
                elif seg in legal:
                    cost = view.get("reject_cost", 1)
                    if any(isinstance(a, Build) for a in self.legal):
                        lines.append(self.enter_line(f"build, pay {cost}"))
                    else:
                        lines.append(Text(f"building costs {cost}", style="dim"))
                else:
                    lines.append(Text("no canal can go here", style="dim"))
                if any(isinstance(a, NoCanal) for a in self.legal):
                    lines.append(Text("n: no canal", style="bold"))
            else:
                lines.append(self.enter_line("lay it here") if seg in legal
                             else Text("no canal can go here", style="dim"))
                lines.append(Text("Space: keep it", style="bold"))
            return lines
        return []

    @staticmethod
    def enter_line(what: str) -> Text:
        text = Text("Enter: ", style="bold")
        text.append(what, style="bold")
        return text

    # -- mouse -----------------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        if not 0 <= event.y < len(self.hotspots):
            return
        target = None
        for x0, x1, what in self.hotspots[event.y]:
            if x0 <= event.x < x1:
                target = what
                break
        if target is None:
            return
        screen = self.screen
        if target[0] == "F" and self.mode in ("field", None):
            again = self.field == target[1:] and self.mode == "field"
            self.field = target[1:]
            if self.mode is None:
                self.looking = True
                self.mode = "field"
        elif target[0] == "S" and self.mode == "segment":
            again = self.seg == target[1:]
            self.set_seg(target[1:])
        elif target[0] == "P" and self.mode == "point":
            again = self.point == target[1:]
            self.point = target[1:]
        else:
            return
        self.refresh()
        if again and self.acting and isinstance(screen, SantiagoScreen):
            screen.action_enter()


class AmountScreen(BaseModal[int | None]):
    """Ask for a number: type digits, or change it with + / − (↑ ↓ ← →). Enter OK, Esc back."""

    BINDINGS = [
        Binding("escape", "cancel", "back"),
        Binding("enter", "ok", "OK"),
        Binding("plus,equals_sign,up,right", "step(1)", show=False),
        Binding("minus,down,left", "step(-1)", show=False),
        Binding("pageup", "step(5)", show=False),
        Binding("pagedown", "step(-5)", show=False),
        Binding("backspace", "erase", show=False),
    ]

    def __init__(self, title: str, low: int, high: int, banned: Iterable[int] = (),
                 value: int | None = None, note: str = "",
                 explain: Callable[[int], str] | None = None):
        super().__init__()
        self.title_text = title
        self.low, self.high = low, high
        self.banned = set(banned)
        self.value = value if value is not None else low
        self.note = note
        self.explain = explain
        self.typed = ""
        self.problem = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(self.value_text(), id="amount-value", classes="dialog-text")
            if self.note:
                yield Static(self.note, classes="dialog-text")
            yield Static("0–9 type  +/− change  Enter OK  Esc back", classes="dialog-keys")

    def value_text(self) -> Text:
        text = Text("◂ ", style="bold")
        text.append(f" {self.value} ", style="bold reverse")
        text.append(" ▸", style="bold")
        text.append(f"   {self.low}–{self.high}", style="dim")
        if self.banned:
            text.append("  taken: " + ", ".join(str(n) for n in sorted(self.banned)), style="dim")
        if self.problem:
            text.append(f"\n{self.problem}", style="bold")
        return text

    def show_value(self) -> None:
        self.query_one("#amount-value", Static).update(self.value_text())

    def ok(self, n: int) -> str:
        if n < self.low or n > self.high:
            return f"{n} is not between {self.low} and {self.high}."
        if n in self.banned:
            return self.explain(n) if self.explain else f"{n} is not allowed."
        return ""

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            event.stop()
            self.typed = (self.typed + event.character)[-3:]
            self.value = int(self.typed)
            self.problem = self.ok(self.value)
            self.show_value()

    def action_step(self, delta: int) -> None:
        self.typed = ""
        n = self.value
        for _ in range(self.high - self.low + 2):
            n = min(self.high, max(self.low, n + delta)) if abs(delta) > 1 else n + delta
            if n < self.low or n > self.high:
                break
            if n not in self.banned:
                self.value = n
                break
            if abs(delta) > 1:
                delta = 1 if delta > 0 else -1
        self.problem = ""
        self.show_value()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        if self.typed:
            self.value = int(self.typed)
        self.show_value()

    def action_ok(self) -> None:
        problem = self.ok(self.value)
        if problem:
            self.problem = problem
            self.show_value()
            return
        self.dismiss(self.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SantiagoScreen(GameScreen):
    BINDINGS = [
        Binding("left", "cursor(-1, 0)", "move", show=False),
        Binding("right", "cursor(1, 0)", "move", show=False),
        Binding("up", "cursor(0, -1)", "move", show=False),
        Binding("down", "cursor(0, 1)", "move", show=False),
        Binding("tab", "jump(1)", "next", show=False),
        Binding("shift+tab", "jump(-1)", "previous", show=False),
        Binding("enter", "enter", "do"),
        Binding("plus,equals_sign", "amount(1)", "more", show=False),
        Binding("minus", "amount(-1)", "less", show=False),
        Binding("a", "type_amount", "amount", show=False),
        Binding("t", "tile", "tile", show=False),
        Binding("s", "support", "support", show=False),
        Binding("n", "no_canal", "no canal", show=False),
        Binding("p", "details", "payouts", show=False),  # the old key for `i`
    ]
    # The footer is keys_hint's: the phase's keys (u undo only when possible), then i payouts
    # when it fits.
    KEYS_HINT = "←↑→↓ move  Enter do  Space pass  1–9 list  u undo  i payouts  ? help  q quit"
    KEYS_BY_PHASE = {
        "spring": "←↑→↓ intersection  Enter spring here  1–9 list  ? help  q quit",
        "palms": "←↑→↓ field  Tab next +  Enter palm here  1–9 list  u undo  ? help  q quit",
        "bid": "+/− amount  a type it  Enter bid  Space pass  1–9 list  u undo  ? help",
        "plant": "←↑→↓ field  t tile  Enter plant  Tab next free  1–9 list  u undo  ? help",
        "leftover": "←↑→↓ field  Tab next +  Enter place  1–9 list  u undo  ? help  q quit",
        "bribe": "←↑→↓ ditch  Tab next  +/− a bribe  Enter propose/support  Space pass  ? help",
        "overseer": "←↑→↓ ditch  Tab next  Enter accept/build  n no canal  1–9 list  ? help",
        "extra": "←↑→↓ ditch  Tab next open  Enter lay canal  Space keep it  u undo  ? help",
    }
    KEYS_WAITING = "←↑→↓ look at a field  i payouts  l log  ? help  q quit"
    KEYS_OVER = "g results  i payouts  ←↑→↓ look  l log  ? help  q quit"
    DETAILS_KEY = "i payouts"
    # What the hand-off screen warns the next screen shows (GameScreen's is "hand and money").
    SECRETS = "cash"
    KEYS_HELP = """
- **← → ↑ ↓**: move the cursor. Over the fields when a tile or palm is placed; over the ditches
  when a canal is proposed, chosen or laid (each arrow walks one ditch along the grid: along a
  line it goes on, across it turns at the end it reached); over the intersections for the spring.
  While you wait, the arrows move a cursor to look at fields.
- **Tab / Shift+Tab**: jump to the next / previous place where your move is possible
- **Enter**: do what the side panel says: place the spring, bid the amount shown, plant the
  selected tile on the field under the cursor, propose the ditch under the cursor (or support
  the proposal already there), accept the proposal under the cursor or build on an open ditch,
  lay your personal canal
- **+ / −**: raise / lower the bid or bribe shown; **a**: type it
- **t**: plant another of the offered tiles (the selected one is marked ▸)
- **s**: support a proposal (the one under the cursor, or asks which)
- **n**: as overseer, build no canal (only when nobody bribed)
- **Space**: pass (bidding, bribes), or keep your personal canal
- **1–9, 0**: the action list: every move is there; Bid, Propose and Support ask for the amount
- **i** (or **p**): the plantation payouts so far, player by player (at the end: cash and every
  plantation, size × markers); your own cash too
- **Click** a field or ditch to put the cursor there; click it again to act
- **u**: take back your last move and the bot moves after it, while no other person has acted
  and nothing new was revealed
- **l**: the whole log · **?**: this help · **q**: quit (the game is saved after every move)

On the board: **═ ║** (blue) canals, **─ │** dry ditches, **╌ ╎** ditches where a canal may go
now (joined to the spring or a canal), **¹** a proposal's number on its ditch, **◉** the spring.
A tile reads **☾Ba² ◆2**: crop symbol and letters (☾Ba banana, ∴Be beans, ∫Ch chili,
◌Po potato, ‡Su sugar cane), the workers printed on it, then its owner's symbol and the markers
still on it. **░** desert, **Ψ** palm, **·** empty field, **+** where the tile or palm may go,
**≈** (wide screens) the tile is watered.

Player rows: cash (yours only, unless money is open), the bid or pass, the tile taken and where,
the bribe choice, **canal ✓** while the personal canal is unused, **pays** what the plantations
would pay if the game ended now (before the final drought).
"""

    GROUP_LABELS = {
        "spring": "Place the spring", "palm": "Place a palm", "bid": "Bid an amount…",
        "plant": "Plant a tile", "leftover": "Place the leftover tile",
        "propose": "Propose a canal…", "support": "Support a proposal…",
        "accept": "Accept a proposal", "build": "Refuse: build elsewhere",
        "personal": "Lay your personal canal",
    }

    def make_board(self) -> Widget:
        return IslandBoard()

    @property
    def board(self) -> IslandBoard:
        return self.query_one(IslandBoard)

    def name_of(self, seat: int) -> str:
        return self.table.name(seat)

    # -- hooks ---------------------------------------------------------------------------------
    def header_text(self, view: dict) -> Text:
        text = Text(f" {self.table.game.title}", style="bold")
        phase = view.get("phase", "")
        if view.get("round"):
            text.append(f" · round {view['round']}/{view.get('rounds')}")
        text.append(" · ")
        text.append(PHASE_TITLE.get(phase, str(phase).upper()), style="bold")
        width = self.size.width or 80
        room = width - self.turn_text().cell_len - 3
        extras = []
        if phase != "over" and view.get("round"):
            ov = view.get("overseer")
            if ov is not None:
                extra = Text(" · overseer ")
                extra.append_text(theme.seat_label(ov, self.name_of(ov)))
                extras.append(extra)
            extras.append(Text(f" · canals left {view.get('canals_left', 0)}"))
            if view.get("last_round"):
                extras.append(Text(" · LAST ROUND", style="bold"))
        for extra in extras:
            if text.cell_len + extra.cell_len <= room:
                text.append_text(extra)
        return text

    def decision_title(self, view: dict) -> str:
        return PHASE_TITLE.get(view.get("phase", ""), str(view.get("phase", "")).upper())

    def player_rows(self, view: dict) -> list[Text]:
        if view.get("phase") == "over":
            return self.final_rows(view)
        width = (self.size.width or 80) - 1
        rows = []
        offers = view.get("offer", [])
        for seat in range(len(self.table.seats)):
            row = self.player_prefix(seat)
            cash = (view.get("cash") or [None] * (seat + 1))[seat]
            row.append(f"{cash:>3} esc" if cash is not None else "  ? esc",
                       style="bold" if seat == self.viewer else "")
            overseer = seat == view.get("overseer") and view.get("round")
            row.append(" overseer " if overseer else " " * 10, style="bold")
            bid = Text()
            info = next((b for b in view.get("bids", []) if b["seat"] == seat), None)
            if view.get("round") and info:
                if info["passed"]:
                    bid.append("passed")
                elif info["bid"]:
                    bid.append(f"bid {info['bid']}")
            row.append_text(fit(bid, 7))
            tile = Text()
            for offer in offers:
                if offer.get("taken_by") == seat:
                    tile.append("→ ")
                    tile.append_text(tile_code(offer["crop"], offer["workers"]))
                    if offer.get("field"):
                        tile.append(" {},{}".format(*offer["field"]))
            row.append_text(fit(tile, 12))
            choice = (view.get("bribe_choices") or [None] * (seat + 1))[seat]
            bribe = Text()
            if choice:
                word, _, number = choice.partition(" ")
                if word == "passed":
                    bribe.append("no bribe")
                else:
                    bribe.append(f"{'proposed' if word == 'proposed' else 'supports'} ")
                    bribe.append(number_sign(int(number)) if number.isdigit() else number)
            row.append_text(fit(bribe, 12))
            free = (view.get("personal_canal") or [False] * (seat + 1))[seat]
            row.append("canal ✓ " if free else "canal – ", style="" if free else "dim")
            score = (view.get("plantation_scores") or [0] * (seat + 1))[seat]
            row.append(f"pays {score}")
            if row.cell_len > width:
                row.truncate(width, overflow="ellipsis")
            rows.append(row)
        return rows

    def final_rows(self, view: dict) -> list[Text]:
        """At the end, per player: total = cash + each plantation's size × markers."""
        width = (self.size.width or 80) - 1
        height = self.size.height or 24
        board_height = len(self.board.lines(self.size.width or 80)) if self.is_mounted else 12
        scores = view.get("scores") or []
        spare = max(0, height - board_height - 7 - len(scores))
        rows: list[Text] = []
        for row in scores:
            seat = row["seat"]
            parts = self.breakdown_parts(view, seat)
            line = Text(f"{row['rank']}", style="bold")
            line.append_text(self.player_prefix(seat))
            line.append(f" {row['total']:>3}", style="bold")
            line.append(" = ")
            line.append(f"{row['cash']} cash", style="bold")
            lines = [line]
            for part in parts:
                piece = Text(" + ")
                piece.append_text(part)
                if lines[-1].cell_len + piece.cell_len > width:
                    if spare > 0:
                        spare -= 1
                        lines.append(Text(" " * 8))
                    else:
                        lines[-1].append(" …")
                        break
                lines[-1].append_text(piece)
            rows += [fit(l, width) if l.cell_len > width else l for l in lines]
        return rows

    def breakdown_parts(self, view: dict, seat: int) -> list[Text]:
        return plantation_parts(view, seat)

    def private_note(self, view: dict) -> Text | None:
        seat = self.viewer
        cash = view.get("cash") or []
        if seat is None or seat >= len(cash) or cash[seat] is None:
            return None
        text = theme.seat_label(seat, self.name_of(seat))
        text.append(f" {cash[seat]} escudos", style="bold")
        if not view.get("open_money"):
            text.append(" (only you see this)", style="dim")
        return text

    def group_label(self, kind: str, actions: list[Action]) -> str:
        if len(actions) == 1:
            return actions[0].describe()
        return self.GROUP_LABELS.get(kind, actions[0].describe())

    def choice_title(self, kind: str, actions: list[Action]) -> str:
        return self.GROUP_LABELS.get(kind, "Choose").rstrip("…") + ": which one?"

    def action_label(self, action: Action) -> str | Text:
        view = self.view
        if isinstance(action, Accept):
            p = next((p for p in view.get("proposals", []) if p["number"] == action.proposal), None)
            if p:
                text = Text(f"Accept {number_sign(p['number'])} {seg_name(tuple(p['segment']))}: "
                            f"+{p['total']} from ")
                for i, pledge in enumerate(p["pledges"]):
                    if i:
                        text.append(", ")
                    text.append_text(theme.seat_label(pledge["seat"], self.name_of(pledge["seat"])))
                    text.append(f" {pledge['amount']}")
                return text
        if isinstance(action, Build):
            return f"Refuse the bribes, build {action.orient} {action.x},{action.y} for {action.cost}"
        if isinstance(action, PersonalCanal):
            return f"Personal canal on {action.orient} {action.x},{action.y}"
        if isinstance(action, PlaceSpring):
            return f"Spring at intersection {action.x},{action.y}"
        return action.describe()

    def action_groups(self, view: dict, legal: list[Action]) -> list[ActionGroup]:
        groups = super().action_groups(view, legal)
        for group in groups:
            # Groups that ask for a number read without their count of hundreds of actions.
            group.counted = group.key not in ("bid", "propose", "support")
        return groups

    def keys_hint(self, view: dict) -> str:
        if self.table.is_over():
            return self.KEYS_OVER
        if not self.my_turn:
            return self.KEYS_WAITING
        items = self.KEYS_BY_PHASE.get(view.get("phase"), self.KEYS_HINT).split("  ")
        if not self.table.undo_count(self.viewer):
            items = [item for item in items if item != "u undo"]
        if self.DETAILS_KEY not in items:
            items.append(self.DETAILS_KEY)  # last: the key bar leaves it out when it does not fit
        return "  ".join(items)

    # -- keys ----------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        board = self.board
        if board.mode is None and self.my_turn and self.view.get("phase") == "bid":
            board.step_amount(1 if (dx > 0 or dy < 0) else -1)
            return
        board.move(dx, dy)

    def action_jump(self, delta: int) -> None:
        self.board.jump(delta)

    def action_amount(self, delta: int) -> None:
        if self.not_your_turn():
            return
        if self.view.get("phase") not in ("bid", "bribe"):
            self.say("There is no amount to change now.", error=True)
            return
        if not self.board.step_amount(delta):
            low, high, _ = self.board.amount_range()
            if high < low:
                self.say("You have no escudos to offer.", error=True)
            else:
                self.say(f"The amount goes from {low} to {high}.", error=True)

    def ask_amount(self, title: str, then: Callable[[int], None], note: str = "") -> None:
        board = self.board
        low, high, banned = board.amount_range()
        if high < low:
            self.say("You have no escudos to offer.", error=True)
            return
        bidders = {b["bid"]: b["seat"] for b in self.view.get("bids", []) if b.get("bid")}

        def explain(n: int) -> str:
            seat = bidders.get(n)
            who = self.name_of(seat) if seat is not None else "someone"
            return f"{who} already bid {n}; every bid must be different."

        def done(value: int | None) -> None:
            if value is not None:
                board.amount = value
                board.refresh()
                then(value)

        self.app.push_screen(AmountScreen(title, low, high, banned, board.amount, note, explain), done)

    def action_type_amount(self) -> None:
        if self.not_your_turn():
            return
        phase = self.view.get("phase")
        if phase not in ("bid", "bribe"):
            self.say("There is no amount to type now.", error=True)
            return
        title = "Your bid" if phase == "bid" else "Your bribe"
        self.ask_amount(title, lambda n: None, "Enter sets it; then Enter on the board does it.")

    def action_tile(self) -> None:
        if self.not_your_turn():
            return
        if self.view.get("phase") != "plant":
            self.say("There is no tile to choose now.", error=True)
            return
        self.board.next_tile()

    def action_enter(self) -> None:
        if self.not_your_turn():
            return
        board = self.board
        phase = self.view.get("phase")
        if phase == "spring":
            self.play(PlaceSpring(*board.point))
        elif phase == "palms":
            self.play(PlacePalm(*board.field))
        elif phase == "bid":
            self.play(Bid(board.amount))
        elif phase == "plant":
            tile = board.selected_tile()
            if tile is None:
                self.say("Choose a tile with t.", error=True)
                return
            self.play(Plant(tile["crop"], tile["workers"], *board.field))
        elif phase == "leftover":
            self.play(PlaceLeftover(*board.field))
        elif phase == "bribe":
            proposal = board.proposal_on(board.seg)
            if proposal:
                self.play(Support(proposal["number"], board.amount))
            else:
                self.play(Propose(*board.seg, board.amount))
        elif phase == "overseer":
            proposal = board.proposal_on(board.seg)
            if proposal:
                self.play(Accept(proposal["number"]))
            else:
                self.play(Build(*board.seg, self.view.get("reject_cost", 1)))
        elif phase == "extra":
            self.play(PersonalCanal(*board.seg))
        else:
            self.say("Choose from the action list.", error=True)

    def action_support(self) -> None:
        if self.not_your_turn():
            return
        supports = self.actions_of("support")
        if not supports:
            if self.view.get("phase") != "bribe":
                self.say("You can support a proposal only in the bribes.", error=True)
            else:
                self.say("There is no proposal to support yet.", error=True)
            return
        proposal = self.board.proposal_on(self.board.seg)
        if proposal:
            self.play(Support(proposal["number"], self.board.amount))
            return
        self.pick_proposal_then_support()

    def pick_proposal_then_support(self) -> None:
        proposals = self.view.get("proposals", [])

        def support(number: int) -> None:
            self.ask_amount(f"Support proposal {number} with how much?",
                            lambda n: self.play(Support(number, n)))

        if len(proposals) == 1:
            support(proposals[0]["number"])
            return
        labels = []
        for p in proposals:
            text = Text(f"{number_sign(p['number'])} {seg_name(tuple(p['segment']))}, "
                        f"{p['total']} so far, by ")
            text.append_text(theme.seat_label(p["proposer"], self.name_of(p["proposer"])))
            labels.append(text)

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(proposals):
                support(proposals[index]["number"])

        self.app.push_screen(ChoiceScreen("Support which proposal?", labels), chosen)

    def action_no_canal(self) -> None:
        if self.not_your_turn():
            return
        moves = self.actions_of("no_canal")
        if moves:
            self.play(moves[0])
        elif self.view.get("phase") == "overseer":
            self.play(NoCanal())  # the rules say why not
        else:
            self.say("Only the overseer decides that, in the overseer's step.", error=True)

    def details(self, view: dict) -> tuple[str | Text, RenderableType]:
        """The payouts, player by player and plantation by plantation (at the end: the score).
        Cash: the viewer's own, everyone's when money is open or the game is over."""
        over = view.get("phase") == "over"
        seats = range(len(self.table.seats))
        totals = {row["seat"]: row for row in view.get("scores") or []}
        cash = view.get("cash") or [None] * len(seats)
        payouts = view.get("plantation_scores") or [0] * len(seats)
        markers_left = view.get("markers_left") or [None] * len(seats)
        personal = view.get("personal_canal") or [None] * len(seats)
        out = Text()
        for seat in seats:
            if seat:
                out.append("\n")
            out.append_text(theme.seat_label(seat, self.name_of(seat)))
            if seat == self.viewer:
                out.append(" (you)")
            if over and seat in totals:
                row = totals[seat]
                out.append(f": {row['total']} = {row['cash']} cash + {row['plantations']} plantations",
                           style="bold")
                if row.get("winner"):
                    out.append("  WINNER", style="bold reverse")
            else:
                out.append(f": {payouts[seat]} from plantations", style="bold")
                if cash[seat] is not None:
                    out.append(f" · {cash[seat]} escudos")
                    if seat == self.viewer and not view.get("open_money"):
                        out.append(" (only you see this)", style="dim")
            facts = []
            if markers_left[seat] is not None:
                facts.append(f"{markers_left[seat]} yield markers left")
            if personal[seat] is not None and not over:
                facts.append("personal canal " + ("unused" if personal[seat] else "used"))
            if facts:
                out.append("\n    " + " · ".join(facts), style="dim")
            found = False
            for plant in view.get("plantations", []):
                markers = plant["markers"][seat]
                if not markers:
                    continue
                found = True
                first = plant["fields"][0]
                size = plant["size"]
                out.append(f"\n    {CROP_SYMBOL[plant['crop']]}{CROP_SHORT[plant['crop']]} "
                           f"{plant['crop_name']} at {first[0]},{first[1]}: size {size} × "
                           f"{markers} marker{'s' if markers != 1 else ''} = {size * markers}")
            if not found:
                out.append("\n    no plantation pays yet" if not over else "\n    no plantation pays")
        if not over:
            out.append("\n\nBefore the end: no final drought yet, and cash is not counted.",
                       style="dim")
        return ("Final scores" if over else "Plantation payouts so far"), out

    @classmethod
    def results(cls, table: Table, width: int) -> RenderableType:
        """Per player, best first: rank, WINNER, total = cash + each plantation as crop
        size×markers, wrapped to `width`."""
        view = table.view(None)
        names = [seat.name for seat in table.seats]
        return Text("\n").join(result_lines(view, names, width))

    # -- the action list -------------------------------------------------------------------------
    def pick_group(self, group: ActionGroup) -> None:
        kind = group.key
        if kind == "bid":
            self.ask_amount("Bid how much?", lambda n: self.play(Bid(n)))
        elif kind == "support":
            self.pick_proposal_then_support()
        elif kind == "propose":
            segs = sorted({(a.orient, a.x, a.y) for a in group.actions}, key=seg_order)
            labels = [f"{seg_name(s)}  (waters fields {self.watered_text(s)})" for s in segs]

            def chosen(i: int | None) -> None:
                if i is not None and 0 <= i < len(segs):
                    seg = segs[i]
                    self.board.set_seg(seg)
                    self.board.refresh()
                    self.ask_amount(f"Propose {seg_name(seg)} with how much?",
                                    lambda n: self.play(Propose(*seg, n)))

            self.app.push_screen(ChoiceScreen("Propose a canal where?", labels), chosen)
        elif kind == "plant":
            kinds = []
            for a in group.actions:
                if (a.crop, a.workers) not in kinds:
                    kinds.append((a.crop, a.workers))

            def plant_kind(k: int | None) -> None:
                if k is None or not 0 <= k < len(kinds):
                    return
                crop, workers = kinds[k]
                for slot in self.board.offer_open():
                    tile = self.view["offer"][slot]
                    if (tile["crop"], tile["workers"]) == (crop, workers):
                        self.board.tile_slot = slot
                self.board.refresh()
                moves = [a for a in group.actions if (a.crop, a.workers) == (crop, workers)]
                labels = [f"Field {a.col},{a.row}  {self.field_note(a.col, a.row)}" for a in moves]

                def field(i: int | None) -> None:
                    if i is not None and 0 <= i < len(moves):
                        self.play(moves[i])

                self.app.push_screen(ChoiceScreen(
                    f"Plant {tile_label(crop, workers)} where?", labels,
                    "Or Esc, move the cursor to the field and press Enter."), field)

            if len(kinds) == 1:
                plant_kind(0)
            else:
                passed = self.board.viewer_passed()
                labels = [Text(tile_gives(c, w, passed)) for c, w in kinds]
                self.app.push_screen(ChoiceScreen("Plant which tile?", labels), plant_kind)
        else:
            super().pick_group(group)

    def watered_text(self, seg: Seg) -> str:
        return " ".join(f"{c},{r}" for c, r in seg_fields(seg))

    def field_note(self, c: int, r: int) -> str:
        fields = self.view.get("fields", [])
        near = []
        for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            cc, rr = c + dc, r + dr
            if 0 <= cc < COLS and 0 <= rr < ROWS:
                cell = fields[rr][cc]
                if cell.get("crop"):
                    near.append(CROP_SHORT[cell["crop"]])
        cell = fields[r][c]
        note = "watered" if cell.get("irrigated") else "dry"
        if near:
            note += " · next to " + " ".join(near)
        return note
