"""The bot levels every game offers, by name: what the launcher, the command line and the
preferences need before any bot is made (so this module imports nothing of the rules).
bots.py says what each level is."""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard")  # as players choose them, weakest first
# Names of levels that saves, preferences and command lines used before there were three.
ALIASES = {"smart": "normal", "bot": "normal"}
# The hard bot's thinking time per decision when nobody set one, in seconds.
DEFAULT_THINK = 1.0


def level_named(name: str | None) -> str | None:
    """The level a seat's `bot` names, aliases resolved (None for a human)."""
    if name is None:
        return None
    return ALIASES.get(name, name)
