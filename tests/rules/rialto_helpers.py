"""Building Rialto positions for the rules tests: a game set up, then the parts an example names
set by hand, entering the round at the stage the example starts in."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.rules.core import Action
from boardgames_tui.rules.rialto import GAME
from boardgames_tui.rules.rialto.data import CARD_NAMES, DISTRICTS, SLOTS, STAGES
from boardgames_tui.rules.rialto.state import RialtoState

KIND = {name: i for i, name in enumerate(CARD_NAMES)}
D = {d.name: i for i, d in enumerate(DISTRICTS)}  # district index by name


def slot_of(a: str, b: str) -> int:
    """The connection between two districts named."""
    return SLOTS.index(tuple(sorted((D[a], D[b]))))  # type: ignore[arg-type]


def cards(*names: str) -> list[int]:
    """Cards by name, "Gold" or "2 Gold"."""
    out: list[int] = []
    for name in names:
        count, _, kind = name.partition(" ") if name[0].isdigit() else ("1", "", name)
        out += [KIND[kind]] * int(count)
    return sorted(out)


def new(players: int = 3, seed: int = 1, **options: str) -> RialtoState:
    state = GAME.new([f"P{i}" for i in range(players)], seed, options=options)
    assert isinstance(state, RialtoState)
    return state


def set_doge(state: RialtoState, order: Sequence[int], spaces: Sequence[int] | None = None) -> None:
    """Put the discs in `order` (first = ahead): on `spaces`, or each on its own space."""
    spaces = spaces or [len(order) - i for i in range(len(order))]
    for i, p in enumerate(order):
        state.doge_pos[p] = spaces[i]
        state.doge_height[p] = 100 - i  # on a shared space, the earlier in `order` lies higher
    state.doge_top = 101
    assert state.order() == list(order)


def at_stage(
    state: RialtoState,
    stage: str,
    hands: dict[int, list[int]],
    previous_bonus: int | None = None,
    previous_start: int | None = None,
) -> RialtoState:
    """Enter Phase II at `stage` (a letter) with the given hands; the bonus and start player of the
    stage before decide who starts."""
    state.round = max(state.round, 1)
    state.queue = []
    for p, hand in hands.items():
        state.hands[p] = sorted(hand)
    state.bonus = previous_bonus
    state.stage_start = previous_start
    state._events = []
    state._start_stage(STAGES.index(stage))
    return state


def act(state: RialtoState, action: Action) -> None:
    (seat,) = state.to_move()
    state.apply(seat, action)
