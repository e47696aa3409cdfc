"""What every board is to its screen: a widget that is shown a scene and says what was clicked.

A board never reads its screen. The screen gathers what the board draws at one moment into its
game's typed scene (`ui/boards/<game>/scene.py`: the view, who looks, the cursor, the marks…) and
hands it over with `show(scene)` after every change; a board that lays itself out for a terminal
size does that from the scene it holds. A click on a place is posted as `BoardClicked`, and the
screen says what it does (`GameScreen.board_clicked`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol, runtime_checkable

from textual.message import Message


@runtime_checkable
class SceneBoard(Protocol):
    """What GameScreen asks of the board it composed."""

    def show(self, scene: Any) -> None: ...


class BoardClicked(Message):
    """A click on a place of the board, named as the board's scene names it."""

    def __init__(self, place: Hashable) -> None:
        super().__init__()
        self.place = place
