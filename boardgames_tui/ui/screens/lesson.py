"""A walkthrough step's caption, over the part of the screen it does not talk about: the progress
(step 4 of 18), the step's title and a few plain sentences. → or Enter goes on (on a "your move"
step: to the board, to make the move), ← goes back a step, ↓ (or Space) uncovers the board (Esc
there brings the caption back), Esc leaves the walkthrough."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Region
from textual.widget import Widget

from ..widgets.plain import Plain
from .base import BaseModal

BAR = 20  # cells of the progress bar
WIDTH = 78  # the caption's width, at most (app.tcss: .dialog.lesson)
NARROW, NARROWEST = 58, 40  # beside a mark on one half of the screen (the log, the actions)
# How a caption is made shorter when it fits nowhere off the marks at its full height: first
# without the blank lines between its parts, then without the line that says where to look (the
# marks are on the screen, and the caption's own words name what it is about).
TIGHT, SHORTEST = 1, 2
# The screen parts a step may point at, in words: the tint on them is not the only sign.
PART_WORDS = {
    "header": "the line at the top",
    "board": "the board",
    "players": "the player rows",
    "log": "the log",
    "actions": "the action list",
    "footer": "the keys at the bottom",
}


def progress(index: int, count: int) -> Text:
    """'step 4 of 18 ━━━━────────────'"""
    done = round(BAR * (index + 1) / count)
    text = Text(f"step {index + 1} of {count} ")
    text.append("━" * done, style="bold")
    text.append("─" * (BAR - done), style="dim")
    return text


class CaptionScreen(BaseModal[str]):
    """Dismissed with "next", "back", "look" or "leave"."""

    BINDINGS = [
        Binding("right", "answer('next')", "next"),
        Binding("enter", "answer('next')", "next", show=False),
        Binding("left", "answer('back')", "back"),
        Binding("down", "answer('look')", "look at the board"),
        Binding("space", "answer('look')", "look at the board", show=False),
        Binding("question_mark", "app.show_help", "help"),
        Binding("escape", "answer('leave')", "leave"),
    ]

    def __init__(
        self,
        title: str,
        caption: str,
        index: int,
        count: int,
        your_move: bool,
        last: bool,
        parts: tuple[str, ...] = (),
        places: tuple[str, ...] = (),
        marks: Callable[[], Sequence[Region]] = list,
    ):
        super().__init__()
        self.marks = marks  # where the step's marks are on the screen now: kept off
        self.level = 0
        self.where = Region(0, 0, WIDTH, 1)  # where it stands (place)
        self.parts = parts
        self.places = places
        self.title_text = title
        self.caption = " ".join(caption.split())
        self.index = index
        self.count = count
        self.your_move = your_move
        self.last = last

    def compose(self) -> ComposeResult:
        self.place()
        with Vertical(classes="dialog lesson") as dialog:
            self.stand(dialog)
            yield Plain(self.head(), classes="lesson-head")
            yield Plain(self.caption, classes="dialog-text")
            look = self.look_line()
            if look:
                yield Plain(Text(look, style="italic"), classes="dialog-text lesson-look")
            yield Plain(self.keys_line(), classes="dialog-keys")

    def head(self) -> Text:
        head = progress(self.index, self.count)  # first: a long title wraps, not the count
        head.append("   ")
        head.append(self.title_text, style="bold")
        return head

    def keys_line(self) -> str:
        if self.your_move:
            go = "→/Enter  to the board: make the move"
        elif self.last:
            go = "→/Enter  the final scoring"
        else:
            go = "→/Enter  next"
        back = "   ←  back" if self.index else ""
        look = "" if self.your_move else "   ↓  the board"
        return f"{go}{back}{look}   ?  help   Esc  leave"

    def height(self, width: int, level: int) -> int:
        """The caption's rows at `width` made shorter by `level` (TIGHT, SHORTEST): its lines as
        they wrap inside the border and padding, the blank lines between them and the border."""
        inner = max(1, width - 4)
        console = self.app.console

        def rows(text: Text | str) -> int:
            return len((Text(text) if isinstance(text, str) else text).wrap(console, inner))

        look = self.look_line()
        texts: list[Text | str] = [self.head(), self.caption]
        if look and level < SHORTEST:
            texts.append(look)
        gaps = len(texts) if level < TIGHT else 0
        return 2 + sum(rows(t) for t in texts) + gaps + rows(self.keys_line())

    def place(self) -> None:
        """Put the caption where it covers none of the marks (the parts the step tints, the board
        lines its places are drawn on): as wide and as low as it can, else narrower beside them,
        else made shorter; over as little of them as it can when it fits nowhere at all."""
        size = self.app.size
        marks = [region for region in self.marks() if region.area]

        def covered(region: Region) -> int:
            return sum(region.intersection(mark).area for mark in marks)

        best: tuple[int, int, Region] | None = None  # (cells covered, level, where)
        for level in (0, TIGHT, SHORTEST):
            for width in sorted({min(w, size.width) for w in (WIDTH, NARROW, NARROWEST)}, reverse=True):
                height = min(self.height(width, level), size.height)
                for x in dict.fromkeys(((size.width - width) // 2, 0, size.width - width)):
                    for y in range(size.height - height, -1, -1):
                        where = Region(x, y, width, height)
                        cost = covered(where)
                        if best is None or cost < best[0]:
                            best = (cost, level, where)
                        if not cost:
                            break
                    if best is not None and not best[0]:
                        break
                if best is not None and not best[0]:
                    break
            if best is not None and not best[0]:
                break
        _, self.level, where = best or (0, 0, Region(0, 0, min(WIDTH, size.width), 1))
        self.where = where
        self.set_class(self.level >= TIGHT, "tight")
        self.set_class(self.level >= SHORTEST, "shortest")
        for dialog in self.query(".dialog"):
            self.stand(dialog)

    def stand(self, dialog: Widget) -> None:
        # A margin, not the screen's padding: the padding would hide the board around the caption.
        dialog.styles.margin = (self.where.y, 0, 0, self.where.x)
        dialog.styles.width = self.where.width

    def on_mount(self) -> None:
        # The board under the caption may be laid out again for the step's position: once it is,
        # the marks are where they will stay.
        self.call_after_refresh(self.place)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.call_after_refresh(self.place)

    def look_line(self) -> str:
        """Where to look, in words: the parts tinted, the places on the board marked."""
        named = [PART_WORDS[p] for p in self.parts if p in PART_WORDS]
        said = f"Look at {', '.join(named)} (tinted)" if named else ""
        if self.places:
            marked = ", ".join(self.places)
            said += f"; marked in reverse: {marked}" if said else f"Marked in reverse: {marked}"
        return f"{said}." if said else ""

    def action_answer(self, answer: str) -> None:
        if answer == "back" and not self.index:
            return
        self.dismiss(answer)
