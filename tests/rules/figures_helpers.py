"""A whole game played by bots, as the review's moves, for the games' figures tests."""

from __future__ import annotations

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import bot_rng
from boardgames_tui.rules.figures import Figure, Move
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.record import GameRecord


def played(game_id: str, players: int, seed: int, level: str = "random", options=None) -> list[Move]:
    """Every move of a finished game between bots of `level`, with the states around it."""
    game = registry.get(game_id)
    record, state = GameRecord.start(game_id, [f"P{i}" for i in range(players)], seed, options=options)
    bot = make_bot(game, level)
    moves = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = bot.choose(
            state.view(seat), state.legal_actions(seat), bot_rng(seed, seat, len(record.steps))
        )
        before = state.copy()
        events = record.play(state, seat, action)
        moves.append(Move(seat, action, before, state.copy(), tuple(events)))
    return moves


def table(figures: list[Figure]) -> dict[tuple[str, str], tuple[int, ...]]:
    """The figures by (heading, label)."""
    return {(f.group, f.label): f.values for f in figures}
