"""A walkthrough step's caption, over the part of the board it does not talk about: the progress
(step 4 of 18), the step's title and a few plain sentences. → or Enter goes on (on a "your move"
step: to the board, to make the move), ← goes back a step, ↓ (or Space) uncovers the board (Esc
there brings the caption back), Esc leaves the walkthrough."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from ..widgets.plain import Plain
from .base import BaseModal

BAR = 20  # cells of the progress bar
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
        top: bool = False,
        parts: tuple[str, ...] = (),
        places: tuple[str, ...] = (),
    ):
        super().__init__()
        self.set_class(top, "top")  # out of the way of the parts the caption points at
        self.parts = parts
        self.places = places
        self.title_text = title
        self.caption = " ".join(caption.split())
        self.index = index
        self.count = count
        self.your_move = your_move
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog lesson"):
            head = progress(self.index, self.count)  # first: a long title wraps, not the count
            head.append("   ")
            head.append(self.title_text, style="bold")
            yield Plain(head, classes="lesson-head")
            yield Plain(self.caption, classes="dialog-text")
            look = self.look_line()
            if look:
                yield Plain(Text(look, style="italic"), classes="dialog-text")
            if self.your_move:
                go = "→/Enter  to the board: make the move"
            elif self.last:
                go = "→/Enter  the final scoring"
            else:
                go = "→/Enter  next"
            back = "   ←  back" if self.index else ""
            look = "" if self.your_move else "   ↓  look at the board"
            yield Plain(f"{go}{back}{look}   Esc  leave", classes="dialog-keys")

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
