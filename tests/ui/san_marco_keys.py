"""A keystroke policy for San Marco, for the UI tests: what a person at the keyboard presses to get
through a decision with the board's own keys (the action list only where the board sends them)."""

from __future__ import annotations

from boardgames_tui.ui.screens.dialogs import ChoiceScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, RecapScreen


def next_key(app) -> str | None:
    """The key to press now; None when the screen is not one this policy knows."""
    screen = app.screen
    if isinstance(screen, (HandoffScreen, RecapScreen)):
        return "enter"
    if isinstance(screen, ChoiceScreen):
        return "1"
    if screen is not getattr(app, "game_screen", None) or not screen.my_turn:
        return None
    view = screen.view
    step = view.step
    if step == "split":
        offer = screen.offer()
        draft = offer.draft
        piles = offer.piles
        if all(p in draft for p in range(piles)):
            return "enter"
        # the picked card moves down a pile; at the last pile, the next card is picked
        return "down" if draft[screen.card] < piles - 1 and draft.count(draft[screen.card]) > 1 else "right"
    if step == "choose":
        return "enter"
    if step in ("reroll", "banish_pick"):
        return "1"
    if step == "resolve":
        if screen.moves_here():
            return "enter"
        if any(t.actionable for t in screen.cursor.targets):
            return "tab"
        return "d"
    if step in ("bridges", "neutral_place", "free_banish"):
        return "enter"
    return None
