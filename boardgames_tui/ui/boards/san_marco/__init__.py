"""San Marco's UI, one job a module:

screen.py   SanMarcoScreen: the frame's hooks and what the keys do
keys.py     the key map: bindings, footer, help and palette, each key with when it works
scene.py    what the board shows at one moment, gathered by the screen
board.py    VeniceBoard, the widget: the map and the tray under it, line by line
venice.py   the districts and canals as Text
tray.py     the offers, the piles, the pile being played and the hint, under the map
layout.py   where the districts and canals go, in cells, for a terminal size
places.py   the places a walkthrough step may mark, by name, and the spots they stand for
signs.py    the colours' symbols and names, the cards' labels
details.py  the `i` screen: every colour in words, what scoring each district gives now
results.py  the final scoring, district by district, for the game-over screen
"""

from ...boardkit import Board
from .results import results
from .screen import SanMarcoScreen

BOARD = Board(SanMarcoScreen, SanMarcoScreen.KEYMAP, results)
