"""What a player's name may hold, wherever it comes from: the command line, the launcher, a
shared table's join request, a save.

A name is plain text. It is drawn as it is written (never read as markup) and holds no control
or other unprintable character: those could move the cursor, change colours or hide text on a
terminal, and over SSH or at a shared table they come from a stranger. This module imports
nothing, so the rules, the UI and the servers can all use it.
"""

from __future__ import annotations


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name (one line), or None when it can."""
    if not name.strip():
        return "a name cannot be empty"
    bad = next((char for char in name if not char.isprintable()), None)
    if bad is not None:
        return f"a name cannot hold control characters ({bad!r})"
    return None
