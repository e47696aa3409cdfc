"""Macao's UI, one job a module:

screen.py   MacaoScreen: the frame's hooks and what the keys do
keys.py     the key map: bindings, footer, help and palette, each key with when it works
picking.py  the dice being chosen: the cursor, the marks, where they land (no Textual)
scene.py    what the board shows at one moment, gathered by the screen
board.py    MacaoBoard, the widget: the rose's column and the panels, line by line, each part cached
panels.py   which panels fit beside the rose, and each panel drawn to its lines
layout.py   the columns' widths and the board's lines for a terminal size
rose.py     a wind rose: six piles in a ring around the arrow, arrival rounds, the dice previewed
dice.py     the dice panel: the six dice, who took which, where the marked ones land
city.py     the city: 30 quarters on the house map (turned), borders, owners, goods, costs
sea.py      the sea route: the spaces, the ships, each port's good and delivery spaces
cards.py    the card panel (what each card does) and the round track with its offices
signs.py    the players' symbols, the cubes by colour letter, goods, ports and cards in short
places.py   the places a walkthrough's step may mark ("rose 1", "die R", "LIS", "Money-changer")
details.py  the `i` screen: every player and every card in words
results.py  the final scoring, step by step, for the game-over screen
"""

from ...boardkit import Board
from .results import results
from .screen import MacaoScreen

BOARD = Board(MacaoScreen, MacaoScreen.KEYMAP, results)
