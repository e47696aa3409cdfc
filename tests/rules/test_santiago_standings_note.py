"""Santiago's standings note: "Tied players share the win." only when players tie for the win."""

from __future__ import annotations

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import bot_move, bot_rng
from boardgames_tui.rules.opponents import make_bot
from boardgames_tui.rules.record import GameRecord

TIE_NOTE = "Tied players share the win."


def finished(seed: int = 5):
    record, state = GameRecord.start("santiago", ["Ann", "Bob", "Cleo"], seed)
    bot = make_bot(registry.get("santiago"), "random")
    assert "Cash is secret" in state.standings().note  # before the end: the secret-cash note
    while not state.is_over():
        seat = state.to_move()[0]
        record.play(state, seat, bot_move(state, seat, bot, bot_rng(seed, seat, len(record.steps))))
    return state


def test_note_only_when_players_tie_for_the_win():
    state = finished()
    rows = state.standings().rows
    first, second = rows[0], rows[1]
    if first.total == second.total:  # this seed tied already: break the tie
        state.cash[first.seat] += 1
    standings = state.standings()
    assert len(standings.winners) == 1
    assert TIE_NOTE not in standings.note
    # Give the runner-up exactly what separates them: two winners, and the note says so.
    leader, runner_up = standings.rows[0], standings.rows[1]
    state.cash[runner_up.seat] += leader.total - runner_up.total
    standings = state.standings()
    assert {row.seat for row in standings.winners} == {leader.seat, runner_up.seat}
    assert TIE_NOTE in standings.note
