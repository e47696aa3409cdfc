"""Santiago's keys, written once: bindings, footer, help and command palette come from here (see
boardkit.KeyMap). Each `when` gets the SantiagoScreen and asks it what a key would do now, so the
footer shows a key only when it works: Enter only when the move under the cursor is legal (and says
which move), + / − only when the amount can change, t only with more than one kind of tile, Tab
only when there is another place with a move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from ....rules.core import Action
from ....rules.santiago.data import CROP_NAMES, CROP_SHORT, CROPS
from ....rules.santiago.view import SantiagoView
from ...boardkit import ARROWS, KeyMap, row, tab_row
from ...screens.game import can, frame_keys
from .cursor import IslandCursor
from .picks import Picks, open_slots
from .signs import CROP_SYMBOL


class Asked(Protocol):
    """What a `when` asks of SantiagoScreen, named here because screen.py imports this module
    (no import circles, tests/test_layering.py)."""

    @property
    def my_turn(self) -> bool: ...
    @property
    def view(self) -> SantiagoView: ...
    @property
    def cursor(self) -> IslandCursor: ...
    @property
    def picks(self) -> Picks: ...
    def enter_action(self) -> Action | None: ...
    def enter_is_legal(self, action: Action) -> bool: ...
    def actions_of(self, *kinds: str) -> list[Action]: ...


When = Callable[[Asked], bool]


def cursor_on(mode: str) -> When:
    """The viewer is to act, with the cursor over this kind of place."""

    def applies(screen: Asked) -> bool:
        return screen.my_turn and screen.cursor.mode == mode

    return applies


def watching(screen: Asked) -> bool:
    return not screen.my_turn and bool(screen.view)


def acting_in(*phases: str) -> When:
    def applies(screen: Asked) -> bool:
        return screen.my_turn and screen.view.phase in phases

    return applies


def amount_changes(screen: Asked) -> bool:
    """A bid or bribe with more than one amount to choose from."""
    return acting_in("bid", "bribe")(screen) and screen.picks.range.count > 1


def tiles_to_choose(screen: Asked) -> bool:
    return acting_in("plant")(screen) and len(open_slots(screen.view)) > 1


def enter_does(kind: str) -> When:
    """Enter would make a legal move of this kind (at the cursor, with the amount and tile)."""

    def applies(screen: Asked) -> bool:
        action = screen.enter_action()
        return action is not None and action.kind == kind and screen.enter_is_legal(action)

    return applies


def may_keep_canal(screen: Asked) -> bool:
    return acting_in("extra")(screen) and bool(screen.actions_of("pass"))


def tab_useful(screen: Asked) -> bool:
    """Tab would go somewhere: a place with a move other than the cursor's."""
    active = screen.my_turn and screen.cursor.active
    if not active:
        return False
    here = active.place
    return any(t.actionable and t.place != here for t in active.targets)


FRAME = frame_keys(
    "payouts",
    "the plantation payouts so far, player by player (at the end: cash and every plantation, "
    "size × markers); your own cash too",
)
# Space (pass) comes before the keys that give way first in a narrow footer: in the bribes it
# matters more than typing the amount or Tab.
PASS_ROW = FRAME.row("Space")

KEYMAP = KeyMap(
    (
        row(
            "←↑→↓",
            "intersection",
            *ARROWS,
            when=cursor_on("point"),
            palette=False,
            help="move the cursor over the intersections, where the spring may go",
        ),
        row(
            "←↑→↓",
            "field",
            *ARROWS,
            when=cursor_on("field"),
            palette=False,
            help="move the cursor over the fields, when a tile, the leftover tile or a palm is placed",
        ),
        row(
            "←↑→↓",
            "ditch",
            *ARROWS,
            when=cursor_on("ditch"),
            palette=False,
            help="walk the cursor along the ditches, when a canal is proposed, chosen or laid: along a "
            "line to the next ditch, across it round the corner",
        ),
        row(
            "←↑→↓",
            "look",
            *ARROWS,
            when=watching,
            palette=False,
            help="while another player acts: move a cursor over the fields to see what each holds",
        ),
        row(
            "+/−",
            "amount",
            ("plus", "amount(1)"),
            ("equals_sign", "amount(1)"),
            ("minus", "amount(-1)"),
            when=amount_changes,
            help="raise / lower the bid or bribe shown on the board (never below 1; a bid skips the "
            "amounts already bid); ← → do it too while bidding",
        ),
        row(
            "t",
            "tile",
            ("t", "tile"),
            when=tiles_to_choose,
            help="plant another of the offered tiles (the one picked is marked ▸)",
        ),
        row(
            "Enter",
            "spring here",
            ("enter", "enter"),
            when=enter_does("spring"),
            help="set-up: place the spring on the intersection under the cursor",
        ),
        row(
            "Enter",
            "palm here",
            ("enter", "enter"),
            when=enter_does("palm"),
            help="set-up, palm variant: place a palm on the field under the cursor",
        ),
        row("Enter", "bid", ("enter", "enter"), when=enter_does("bid"), help="bid the amount shown"),
        row(
            "Enter",
            "plant",
            ("enter", "enter"),
            when=enter_does("plant"),
            help="plant the picked tile on the field under the cursor",
        ),
        row(
            "Enter",
            "place",
            ("enter", "enter"),
            when=enter_does("leftover"),
            help="three players: put the leftover tile on the field under the cursor",
        ),
        row(
            "Enter",
            "propose",
            ("enter", "enter"),
            when=enter_does("propose"),
            help="bribes: propose the ditch under the cursor for the amount shown",
        ),
        row(
            "Enter",
            "support",
            ("enter", "enter"),
            when=enter_does("support"),
            help="bribes: support the proposal under the cursor with the amount shown",
        ),
        row(
            "Enter",
            "accept",
            ("enter", "enter"),
            when=enter_does("accept"),
            help="overseer: accept the proposal under the cursor (its bribes are yours)",
        ),
        row(
            "Enter",
            "build",
            ("enter", "enter"),
            when=enter_does("build"),
            help="overseer: refuse the bribes and build on the open ditch under the cursor, paying "
            "the highest bribe + 1",
        ),
        row(
            "Enter",
            "lay canal",
            ("enter", "enter"),
            when=enter_does("personal"),
            help="lay your personal canal on the ditch under the cursor (once a game)",
        ),
        row(
            "s",
            "support",
            ("s", "support"),
            when=can("support"),
            help="support a proposal: the one under the cursor, or asks which",
        ),
        row(
            "n",
            "no canal",
            ("n", "no_canal"),
            when=can("no_canal"),
            help="as overseer, build no canal (only when nobody bribed)",
        ),
        row(
            "Space",
            "keep it",
            ("space", "pass_turn"),
            when=may_keep_canal,
            help="keep your personal canal for a later round",
        ),
        replace(PASS_ROW, help="pass: bid nothing (you plant last, with one marker fewer), or bribe nothing"),
        row("a", "type it", ("a", "type_amount"), when=amount_changes, help="type the bid or bribe"),
        tab_row(tab_useful, "jump to the next place where your move is possible (Shift+Tab: the one before)"),
        row(
            "p", "payouts", ("p", "details"), footer=False, palette=False, help="the same as i (its old key)"
        ),
    )
) + FRAME.without("Space")

CROP_LIST = ", ".join(f"{CROP_SYMBOL[c]}{CROP_SHORT[c]} {CROP_NAMES[c].lower()}" for c in CROPS)

HELP_NOTES = f"""
**Click** a field or ditch to put the cursor there; click it again to act. In the action list
(**1–9**) every move is there; Bid, Propose and Support ask for the amount.

On the board: **═ ║** (blue) canals, **─ │** dry ditches, **╌ ╎** ditches where a canal may go
now (joined to the spring or a canal), **¹** a proposal's number on its ditch, **◉** the spring.
The ditch under the cursor is drawn heavy (**━ ┃**) and the fields it would water are underlined.
A tile reads **☾Ba² ◆2**: crop symbol and letters ({CROP_LIST}), the workers printed on it, then
its owner's symbol and the markers still on it; **·** instead when it belongs to nobody (the
leftover tile, or the drought took its markers). **░** desert, **Ψ** palm, **·** empty field,
**+** where the tile or palm may go, **≈** (wide screens) the tile is watered.

Player rows: cash (yours only, unless money is open), the bid or pass, the tile taken and where,
the bribe choice, **canal ✓** while the personal canal is unused, **pays** what the plantations
would pay if the game ended now (before the final drought).
"""
