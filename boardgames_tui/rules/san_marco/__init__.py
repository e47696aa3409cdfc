"""San Marco (Moon & Weissblum): the rules layer, being built (issue 9); not registered yet.

So far: the board and deck data (`data`) and the game's arithmetic (`reckoning`).
"""
