import subprocess
import sys

import pytest

from boardgames_tui import __version__, cli
from boardgames_tui.ui.app import BoardgamesApp


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "boardgames_tui", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "st_petersburg", "--players", "Ann"], "takes 2–4 players, not 1"),
        (["play", "st_petersburg", "--players", "A,B,C,D,E"], "takes 2–4 players, not 5"),
        (
            ["play", "st_petersburg", "--players", "Ann,Bob", "--option", "taxman_phase=never"],
            "option taxman_phase takes",
        ),
        (["play", "st_petersburg", "--players", "Ann,Bob", "--option", "dragons=on"], "no option 'dragons'"),
        (["play", "st_petersburg", "--players", "Ann,Ann"], "names must differ"),
        (
            ["play", "st_petersburg", "--players", "Ann,Bob", "--seed", "-5"],
            "--seed takes a whole number from 0",
        ),
        (["simulate", "st_petersburg", "--seed", "1000000000"], "--seed takes a whole number from 0"),
        (
            ["play", "rialto", "--players", "Ann,Bob,Cleo", "--option", "virtual_player=on"],
            "option virtual_player is for 2 players only, not 3",
        ),
        (
            ["play", "st_petersburg", "--players", "Ann,Bob", "--option", "youngest=3"],
            "is for 3 players only, not 2",
        ),
        (
            ["play", "st_petersburg", "--players", "Ann,alien:Bob"],
            "unknown seat kind 'alien' in 'alien:Bob': the kinds are easy, normal, hard and random",
        ),
        (["play", "st_petersburg", "--players", "Ann,:Bob"], "no seat kind before ':'"),
        (["play", "st_petersburg", "--players", "Ann,bot:Bo:b"], "name cannot contain ':'"),
        (
            ["play", "st_petersburg", "--players", "Ann,Bo\x1b[2Jb"],
            "player 2 in --players: a name cannot hold control characters ('\\x1b')",
        ),
        # a kind is refused too, before the message that would repeat it
        (["play", "st_petersburg", "--players", ",hard\x07:Bob"], "name cannot hold control characters"),
        (["simulate", "st_petersburg", "--players", "9"], "not 9"),
        (["simulate", "st_petersburg", "--bot", "genius"], "easy | normal | hard | random"),
        (["simulate", "st_petersburg", "--think", "0"], "--think takes seconds"),
        (["play", "st_petersburg", "--players", "Ann,hard:Bo", "--think", "-1"], "--think takes"),
        (["learn", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message, capsys, monkeypatch):
    # Were the input accepted, the app would wait for a terminal that a test does not have.
    monkeypatch.setattr(BoardgamesApp, "run", lambda self: pytest.fail("the app started"))
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_version():
    out = run_cli("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"boardgames-tui {__version__}"


def test_parse_players():
    seats = cli.parse_players("Ann, bot:Cleo,random:Dan")
    assert [(s.name, s.bot) for s in seats] == [("Ann", None), ("Cleo", "normal"), ("Dan", "random")]
    seats = cli.parse_players("Ann Lee,SMART: Bob,smart:,Random :Eve")
    assert [(s.name, s.bot) for s in seats] == [
        ("Ann Lee", None),
        ("Bob", "normal"),
        ("Bot 3", "normal"),
        ("Eve", "random"),
    ]


def test_names_with_markup_are_names_like_any_other():
    """The screen draws them as written (tests/ui/test_plain_names.py)."""
    seats = cli.parse_players("[reverse]Xy,[/],normal:[u]Zq")
    assert [(s.name, s.bot) for s in seats] == [("[reverse]Xy", None), ("[/]", None), ("[u]Zq", "normal")]


def test_parse_players_levels_and_thinking_time():
    seats = cli.parse_players("easy:Ed,normal:Nel,hard:Hal,Hugh", think=2.5)
    assert [(s.name, s.bot, s.think) for s in seats] == [
        ("Ed", "easy", None),
        ("Nel", "normal", None),
        ("Hal", "hard", 2.5),
        ("Hugh", None, None),
    ]


def test_simulate_reports_figures():
    out = run_cli(
        "simulate", "st_petersburg", "--players", "3", "--games", "4", "--seed", "1", "--bot", "random"
    )
    assert out.returncode == 0, out.stderr
    assert "4 games of st_petersburg, 3 players" in out.stdout
    assert "games/s" in out.stdout and "decisions/s" in out.stdout
    wins = [
        float(line.split("wins ")[1].split(" ")[0])
        for line in out.stdout.splitlines()
        if line.strip().startswith("bot ")
    ]
    assert len(wins) == 3 and sum(wins) == pytest.approx(4)


def test_learn_starts_the_walkthrough_or_says_which_exist(capsys, monkeypatch):
    from boardgames_tui.learn import script

    started = []
    monkeypatch.setattr(BoardgamesApp, "run", lambda self: started.append(self.start_lesson_id))
    assert cli.main(["learn", "st_petersburg"]) == 0 and started == ["st_petersburg"]
    missing = next(
        (g for g in ("santiago", "san_marco", "rialto", "macao") if g not in script.available()), None
    )
    if missing is not None:
        assert cli.main(["learn", missing]) == 2
        assert "no walkthrough for" in capsys.readouterr().err
