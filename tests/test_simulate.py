"""`simulate`: the progress callback in the rules layer and the bar the command line draws with it."""

from __future__ import annotations

import io
import subprocess
import sys

from boardgames_tui import cli
from boardgames_tui.rules.simulate import simulate

ARGS = ["simulate", "st_petersburg", "--players", "2", "--games", "6", "--seed", "3", "--bot", "random"]


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    """A clock that moves a second each time it is read, so every game is "slow"."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_progress_is_called_after_every_game():
    calls = []
    result = simulate(
        "st_petersburg",
        ["random", "random"],
        5,
        seed=2,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    assert result.games == 5


def test_progress_changes_nothing_in_the_result():
    plain = simulate("st_petersburg", ["smart", "random"], 4, seed=5)
    watched = simulate("st_petersburg", ["smart", "random"], 4, seed=5, progress=lambda d, t: None)
    assert (plain.wins_by_bot, plain.score_sum_by_bot, plain.decisions) == (
        watched.wins_by_bot,
        watched.score_sum_by_bot,
        watched.decisions,
    )


def test_piped_output_is_plain_figures():
    out = subprocess.run(
        [sys.executable, "-m", "boardgames_tui", *ARGS], capture_output=True, text=True, check=True
    )
    assert "6 games of st_petersburg, 2 players" in out.stdout
    for stream in (out.stdout, out.stderr):
        assert "\r" not in stream and "\x1b" not in stream
    assert out.stderr == ""


def test_report_is_unchanged_by_the_bar(capsys, monkeypatch):
    expected = simulate("st_petersburg", ["random", "random"], 6, seed=3).report().splitlines()
    term = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", term)
    monkeypatch.setattr(cli, "PROGRESS_DELAY", 0.0)
    assert cli.main(ARGS) == 0
    assert "/6 games" in term.getvalue()  # the bar was drawn, on stderr
    out = capsys.readouterr().out
    assert "\r" not in out and "\x1b" not in out
    # every line but the speed one, which differs from run to run
    assert out.splitlines()[:-1] == expected[:-1]


def test_bar_on_a_terminal_is_redrawn_in_place_and_cleared():
    term = FakeTerminal()
    bar = cli.ProgressBar(term, "Game:", delay=0.5, clock=Clock())
    for done in range(1, 5):
        bar(done, 4)
    bar.clear()
    text = term.getvalue()
    frames = text.split("\r")
    assert "\x1b" not in text and "\n" not in text
    assert "[" in frames[1] and "1/4 games" in frames[1]
    assert any("3/4 games" in f for f in frames)
    assert not any("4/4" in f for f in frames)  # the report takes the place of a full bar
    assert frames[-1] == "" and frames[-2].strip() == ""  # the line is blanked at the end


def test_no_bar_for_a_short_run():
    term = FakeTerminal()
    ticks = iter([0.0, 0.2, 0.4, 0.6])
    bar = cli.ProgressBar(term, "Game:", delay=1.0, clock=lambda: next(ticks))
    for done in range(1, 4):
        bar(done, 3)
    bar.clear()
    assert term.getvalue() == ""


def test_bar_fits_a_narrow_terminal():
    term = FakeTerminal()  # no file descriptor: the bar assumes 80 columns
    bar = cli.ProgressBar(term, "A rather long game title:", delay=0.0, clock=Clock())
    bar(500, 1000)
    line = term.getvalue().lstrip("\r")
    assert len(line) <= 79 and "500/1000 games" in line


def test_worker_processes_change_no_figure():
    calls = []
    alone = simulate("st_petersburg", ["smart", "random", "smart"], 7, seed=11)
    shared = simulate(
        "st_petersburg",
        ["smart", "random", "smart"],
        7,
        seed=11,
        jobs=2,
        progress=lambda done, total: calls.append(done),
    )
    assert (alone.wins_by_bot, alone.wins_by_seat, alone.score_sum_by_bot, alone.decisions) == (
        shared.wins_by_bot,
        shared.wins_by_seat,
        shared.score_sum_by_bot,
        shared.decisions,
    )
    assert calls == list(range(1, 8))


def test_jobs_is_checked_on_the_command_line(capsys):
    assert cli.main([*ARGS, "--jobs", "-1"]) == 2
    assert "--jobs" in capsys.readouterr().err
