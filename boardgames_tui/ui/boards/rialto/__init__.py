"""Rialto's UI, one job a module:

screen.py   RialtoScreen: the frame's hooks and what the keys do
keys.py     the key map: bindings, footer, help and palette, each key with when it works
picking.py  the cards picked in a stage, their count and why a set is refused (no Textual)
scene.py    what the board shows at one moment, gathered by the screen
board.py    RialtoBoard, the widget: the map and the tray under it, line by line
venice.py   the districts, the Grand Canal and the 12 slots as Text
tray.py     the lines under the map: stacks and Doge order, the stage, the rows, the hand
layout.py   where the districts and slots go, in cells, for a terminal size
places.py   the places a walkthrough step may mark, by name, and how they are marked
signs.py    the participants' symbols and names, the cards' and buildings' labels
details.py  the `i` screen: every player in words, what scoring each district gives now
results.py  the final scoring, district by district, for the game-over screen
"""

from ...boardkit import Board
from .results import results
from .screen import RialtoScreen

BOARD = Board(RialtoScreen, RialtoScreen.KEYMAP, results)
