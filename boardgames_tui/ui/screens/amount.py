"""AmountScreen: ask for a whole number in a range, some values perhaps not allowed (a bid already
made, say). Digits type it; + / − (and the arrows) step to the next allowed value, Page Up / Down
by five; Enter takes it, Esc goes back. Dismisses with the number, or None.

A number that is not allowed is never taken: Enter says why (the `explain` callback gives the
game's words for a banned value) and waits for another.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from ..widgets.plain import Plain
from .base import BaseModal


class AmountScreen(BaseModal[int | None]):
    BINDINGS = [
        Binding("escape", "cancel", "back"),
        Binding("enter", "ok", "OK"),
        Binding("plus,equals_sign,up,right", "step(1)", show=False),
        Binding("minus,down,left", "step(-1)", show=False),
        Binding("pageup", "step(5)", show=False),
        Binding("pagedown", "step(-5)", show=False),
        Binding("backspace", "erase", show=False),
    ]
    DIGITS = 3  # enough for any amount of money in these games; more would only be a typo

    def __init__(
        self,
        title: str,
        low: int,
        high: int,
        banned: Iterable[int] = (),
        value: int | None = None,
        note: str = "",
        explain: Callable[[int], str] | None = None,
        banned_word: str = "not allowed",
    ):
        """`banned`: values in low..high that may not be chosen, listed after `banned_word`
        ("taken: 3, 5"); `explain(n)` says why n is not allowed; `value`: where to start (the
        nearest allowed value to it, low by default)."""
        super().__init__()
        self.title_text = title
        self.low, self.high = low, high
        self.banned = {n for n in banned if low <= n <= high}
        self.note = note
        self.explain = explain
        self.banned_word = banned_word
        self.value = self.nearest(value if value is not None else low)
        self.typed = ""
        self.problem = ""

    def allowed(self, n: int) -> bool:
        return self.low <= n <= self.high and n not in self.banned

    def nearest(self, n: int) -> int:
        """n if allowed, else the nearest allowed value (the higher one on a tie), else low."""
        n = min(self.high, max(self.low, n))
        for distance in range(self.high - self.low + 1):
            for candidate in (n + distance, n - distance):
                if self.allowed(candidate):
                    return candidate
        return self.low

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Plain(self.value_text(), id="amount-value", classes="dialog-text")
            if self.note:
                yield Plain(self.note, classes="dialog-text")
            yield Plain("0–9 type  +/− change  Enter OK  Esc back", classes="dialog-keys")

    def value_text(self) -> Text:
        text = Text("◂ ", style="bold")
        text.append(f" {self.value} ", style="bold reverse")
        text.append(" ▸", style="bold")
        text.append(f"   {self.low}–{self.high}", style="dim")
        if self.banned:
            text.append(
                f"  {self.banned_word}: " + ", ".join(str(n) for n in sorted(self.banned)), style="dim"
            )
        if self.problem:
            text.append(f"\n{self.problem}", style="bold")
        return text

    def show_value(self) -> None:
        self.query_one("#amount-value", Plain).update(self.value_text())

    def why_not(self, n: int) -> str:
        if n < self.low or n > self.high:
            return f"{n} is not between {self.low} and {self.high}."
        if n in self.banned:
            return self.explain(n) if self.explain else f"{n} is not allowed."
        return ""

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            event.stop()
            self.typed = (self.typed + event.character)[-self.DIGITS :]
            self.value = int(self.typed)
            self.problem = self.why_not(self.value)
            self.show_value()

    def action_step(self, delta: int) -> None:
        self.typed = ""
        self.problem = ""
        sign = 1 if delta > 0 else -1
        # From a typed value out of range, the first step lands on the range's nearer end.
        n = min(self.high + 1, max(self.low - 1, self.value))
        n = min(self.high, max(self.low, n + delta)) if abs(delta) > 1 else n + delta
        while self.low <= n <= self.high and n in self.banned:
            n += sign
        if self.allowed(n):
            self.value = n
        self.show_value()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        if self.typed:
            self.value = int(self.typed)
            self.problem = self.why_not(self.value)
        self.show_value()

    def action_ok(self) -> None:
        problem = self.why_not(self.value)
        if problem:
            self.problem = problem
            self.show_value()
            return
        self.dismiss(self.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
