"""St. Petersburg's UI, one job a module:

screen.py   StPetersburgScreen: the frame's hooks, the cursor over the display and what the keys do
keys.py     the key map: bindings, footer, help and palette, each key with when it works
scene.py    what the board shows at one moment, gathered by the screen
board.py    DisplayBoard, the widget: the display's lines, each kept as a strip by what it shows
display.py  the two rows of eight, the stacks line, the card line and the special decisions as Text
layout.py   the cells' width and height for a terminal size, the column of each card, a click's cell
places.py   the places a walkthrough step may mark, by name, and how they are marked
signs.py    the colours' letters, styles and titles, the stacks' letters, a card's price and income
details.py  the `i` screen: every player's tableau in words, what each colour pays, the bonus
results.py  the game-over body: the shared standings table, by part of the final scoring
"""

from ...boardkit import Board
from .results import results
from .screen import StPetersburgScreen

BOARD = Board(StPetersburgScreen, StPetersburgScreen.KEYMAP, results)
