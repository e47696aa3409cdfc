"""St. Petersburg's UI: the display board, its screen and its keys."""

from ...boardkit import Board
from .screen import StPetersburgScreen

BOARD = Board(StPetersburgScreen, StPetersburgScreen.KEYMAP)
