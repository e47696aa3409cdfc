"""Macao (Stefan Feld, alea 2009) for 2–4 players: the rules layer (issue 11), being built; not a
registered game until its rules and board exist. `data` is the house card set, the city quarters
and the sea route (reconstructed, not the printed cards), checked on import against the figures
the rulebook fixes."""
