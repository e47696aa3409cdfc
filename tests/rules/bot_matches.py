"""A game's best bot in seeded games against random bots, for the bot tests."""

from __future__ import annotations

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import RandomBot, bot_move, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.opponents import make_bot


def share_won(game_id: str, players: int, games: int, options: dict[str, str] | None = None) -> float:
    """The share of `games` seeded games the best bot wins against random bots, taking each seat
    in turn; a shared win counts its share."""
    game = registry.get(game_id)
    won = 0.0
    for seed in range(games):
        smart = seed % players
        state = game.new([Seat(f"P{i}") for i in range(players)], seed, options=options)
        bots = [make_bot(game, "smart") if i == smart else RandomBot() for i in range(players)]
        step = 0
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, bot_move(state, seat, bots[seat], bot_rng(seed, seat, step)))
            step += 1
        winners = [row.seat for row in state.standings().winners]
        won += (smart in winners) / len(winners)
    return won / games
