"""benchmarks/bots.py runs a match of every game and reports a share of its games; its greedy St.
Petersburg player makes only legal moves. (Figures are the script's business: none is asserted.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.bots import bot_rng

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))

import bots  # noqa: E402
from greedy_st_petersburg import GreedyBot  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.ids())
def test_a_short_match_of_every_game(game_id):
    players = registry.get(game_id).min_players
    row = bots.match(game_id, "hard", "easy", players, players, think=0.01)
    assert 0 <= row["share"] <= 1 and row["fair"] == 1 / players
    assert row["ratio"] == pytest.approx(row["share"] * players)
    assert all(t > 0 for t in row["decisions"])


def test_the_greedy_player_makes_only_legal_moves_to_the_end():
    state = registry.get("st_petersburg").new(["G", "H"], 4)
    greedy, step = GreedyBot(), 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        action = greedy.choose(state.bot_view(seat), legal, bot_rng(4, seat, step))
        assert action in legal
        state.apply(seat, action)
        step += 1
    assert step > 50


def test_greedy_is_st_petersburgs_only():
    with pytest.raises(SystemExit):
        bots.make("santiago", "greedy", 1.0)


def test_a_recorded_match_goes_on_where_it_stopped(tmp_path):
    record = tmp_path / "games.jsonl"
    first = bots.match("rialto", "normal", "easy", 2, 3, record=record)
    assert len(record.read_text().splitlines()) == 3
    again = bots.match("rialto", "normal", "easy", 2, 3, record=record)
    assert len(record.read_text().splitlines()) == 3  # nothing played twice
    assert again["share"] == first["share"]
    longer = bots.match("rialto", "normal", "easy", 2, 5, record=record)
    assert len(record.read_text().splitlines()) == 5
    assert longer["share"] == bots.match("rialto", "normal", "easy", 2, 5)["share"]
    other = bots.match("rialto", "easy", "normal", 2, 2, record=record)  # another pairing
    assert len(record.read_text().splitlines()) == 7 and 0 <= other["share"] <= 1


def test_a_record_counts_only_for_the_code_that_played_it(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    bots.match("rialto", "normal", "easy", 2, 2, record=record)
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert {row["code"] for row in rows} == {bots.code_of("rialto")}
    assert bots.code_of("rialto") != bots.code_of("macao")
    # Games played by other code are neither counted nor played over it.
    rows[0]["code"] = "0" * 12
    record.write_text("".join(json.dumps(row) + "\n" for row in rows))
    bots.tally(record)
    printed = capsys.readouterr().out
    assert "1 games" in printed and "1 games played by other code" in printed
    bots.match("rialto", "normal", "easy", 2, 2, record=record)
    assert len(record.read_text().splitlines()) == 3


def test_a_record_cut_short_mid_line_plays_that_game_again(tmp_path):
    record = tmp_path / "games.jsonl"
    bots.match("rialto", "normal", "easy", 2, 2, record=record)
    lines = record.read_text().splitlines()
    record.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])
    again = bots.match("rialto", "normal", "easy", 2, 2, record=record)
    assert again["share"] == bots.match("rialto", "normal", "easy", 2, 2)["share"]
    assert len(bots.recorded(record)) == 2  # the game played again has a line of its own


def as_older_code(record: Path, old: str) -> list[dict]:
    rows = [{**row, "code": old} for row in bots.recorded(record)]
    record.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return rows


@pytest.mark.slow
def test_games_of_earlier_code_are_carried_only_when_replays_end_as_recorded(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    bots.match("rialto", "normal", "easy", 2, 4, record=record)
    bots.match("rialto", "hard", "normal", 2, 3, think=0.01, record=record)
    rows = as_older_code(record, "0" * 12)
    assert bots.carry(record, "0" * 12, checks=2) == 7  # the same code under another name plays the same
    carried = [row for row in bots.recorded(record) if "carried_from" in row]
    assert {row["code"] for row in carried} == {bots.code_of("rialto")}
    assert sum(row["replayed"] for row in carried) == 4 + 2  # every normal game, two of the hard ones
    bots.tally(record)
    assert "7 of them played by earlier code" in capsys.readouterr().out
    assert bots.carry(record, "0" * 12, checks=2) == 0  # carried once, not twice
    # Nothing to rerun: the carried games count for today's code.
    bots.match("rialto", "normal", "easy", 2, 4, record=record)
    assert len(bots.recorded(record)) == len(rows) + 7


def test_a_pairing_whose_replay_differs_is_not_carried(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    bots.match("rialto", "normal", "easy", 2, 3, record=record)
    rows = as_older_code(record, "1" * 12)
    rows[1]["share"] = 1.0 - rows[1]["share"]  # code that once played this game otherwise
    record.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert bots.carry(record, "1" * 12) == 0
    assert "game 2 plays differently" in capsys.readouterr().out
    assert len(bots.recorded(record)) == 3
