"""Santiago's UI, one job a module:

screen.py   SantiagoScreen: the frame's hooks and what the keys do
keys.py     the key map: bindings, footer, help and palette, each key with when it works
cursor.py   the cursor over fields, ditches and intersections (board kit targets)
picks.py    the amount of a bid or bribe, and the tile to plant
scene.py    what the board shows at one moment, gathered by the screen
board.py    SantiagoBoard, the widget: drawn line by line, only the lines that changed
picture.py  the grid of fields, ditches and intersections as Text, the legend, the cursor's marks
panel.py    the side panel: offer, proposals, personal canals, what Enter would do
layout.py   where everything goes, in cells, for a terminal size
places.py   the places a walkthrough step may mark ("4,2", "V 2,0", "offer 1"), and how they are marked
signs.py    crop symbols, colours, small numbers, and fitting Text into cells
details.py  the `i` screen: every player's plantations and what they pay, the viewer's own cash
results.py  the final scores for the game-over screen

The bid and bribe prompt is the shared dialog in ui/screens/amount.py.
"""

from ...boardkit import Board
from .results import results
from .screen import SantiagoScreen

BOARD = Board(SantiagoScreen, SantiagoScreen.KEYMAP, results)
