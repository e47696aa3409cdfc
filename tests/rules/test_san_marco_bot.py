"""San Marco's smart bot against three random ones (issue 9: at least 60% of 200 seeded 4-player
games), and its moves always legal, as divider too."""

from boardgames_tui.rules.bots import RandomBot, bot_move, bot_rng
from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.san_marco import SanMarcoGame


def test_the_smart_bot_beats_three_random_bots():
    game = SanMarcoGame()
    games, won = 200, 0.0
    for seed in range(games):
        smart = seed % 4  # every seat in turn
        state = game.new([Seat(f"P{i}") for i in range(4)], seed)
        bots = [game.make_bot("smart") if i == smart else RandomBot() for i in range(4)]
        step = 0
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, bot_move(state, seat, bots[seat], bot_rng(seed, seat, step)))
            step += 1
        winners = [row.seat for row in state.standings().winners]
        won += (smart in winners) / len(winners)
    assert won / games >= 0.6, f"the smart bot won {won / games:.0%}"
