"""`boardgames-tui serve ssh` with OpenSSH's client in tmux: the launcher on the client's terminal, a
game started and quit with keys, a resize that the layout follows, no game left behind, saves per
user, the host key kept, and everything that is not a game refused."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgames_tui.serve.policy import parse_duration
from boardgames_tui.serve.ssh import ServeError, load_host_key, user_data_dir

from .conftest import ssh_argv

# The launcher's footer, its last line: over SSH a frame arrives in pieces, and the header alone
# does not mean the lists under it are drawn yet.
LAUNCHER = "F5 play"
LAUNCHER_TOP = "five Euro games, hot-seat"


def wait_gone(pids: list[int], limit: float = 8.0) -> list[int]:
    """The pids still alive after up to `limit` seconds."""
    deadline = time.monotonic() + limit
    alive = pids
    while alive and time.monotonic() < deadline:
        alive = [pid for pid in pids if os.path.exists(f"/proc/{pid}") and not zombie(pid)]
        time.sleep(0.1)
    return alive


def zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return False


@pytest.mark.slow
def test_a_client_sees_the_launcher_plays_resizes_and_quits(start_server, keys, terminal):
    server = start_server("--authorized-keys", str(keys.authorized))
    term = terminal(80, 24)
    term.start(ssh_argv(server, keys, "ann", None, "-t"))
    screen = term.wait_for(LAUNCHER)
    assert "St. Petersburg" in screen and "Saved games" in screen
    term.keys("F5")  # two humans: the hand-off first
    term.wait_for("Pass the keyboard to")
    term.keys("Enter")
    term.wait_for("round 1")
    assert max(len(line.rstrip()) for line in term.text().splitlines()) <= 80
    term.resize(120, 40)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        lines = term.text().splitlines()
        if len(lines) >= 40 and max(len(line.rstrip()) for line in lines) > 100:
            break
        time.sleep(0.1)
    else:
        raise AssertionError(f"the layout did not follow the resize:\n{term.text()}")
    term.keys("q")
    term.wait_for("Leave the game?")
    term.keys("y")
    term.wait_for(LAUNCHER)  # back where the game was opened from
    term.keys("q")
    term.wait_for("EXIT=0")
    line = server.wait_log(r"user=ann key=SHA256:\S+ term=\S+ size=80x24 seconds=\d+ exit=0")
    assert line
    assert not server.games()


@pytest.mark.slow
def test_escape_and_enter_sent_together_are_two_keys(start_server, keys, terminal):
    # Keys typed quickly travel in one packet: Escape (close the quit dialog) and Enter (a move)
    # must not be read as Alt+Enter, which Textual hands on as a bare Enter that quits.
    server = start_server("--authorized-keys", str(keys.authorized))
    term = terminal(80, 24)
    term.start(ssh_argv(server, keys, "ann", None, "-t"))
    term.wait_for(LAUNCHER)
    term.keys("F5")
    term.wait_for("Pass the keyboard to")
    term.keys("Enter")
    term.wait_for("round 1")
    term.keys("q")
    term.wait_for("Leave the game?")
    term.keys("Escape", "Enter")  # one send-keys: one write to the terminal
    screen = term.wait_for("Pass the keyboard to")  # the dialog closed and Enter made the move
    assert "Leave the game?" not in screen and "EXIT=" not in screen
    term.keys("q")
    term.wait_for("Leave the game?")
    term.keys("y")
    term.wait_for(LAUNCHER)  # back where the game was opened from
    term.keys("q")
    term.wait_for("EXIT=0")


@pytest.mark.slow
@pytest.mark.parametrize("nohup", [False, True], ids=["plain", "under nohup"])
def test_a_client_that_is_killed_leaves_no_game_behind(start_server, keys, terminal, nohup):
    server = start_server("--authorized-keys", str(keys.authorized), nohup=nohup)
    term = terminal()
    term.start(ssh_argv(server, keys, "ann", None, "-t"))
    term.wait_for(LAUNCHER)
    games = server.games()
    assert len(games) == 1
    term.close()  # the terminal and its ssh client are gone at once
    assert wait_gone(games) == []
    server.wait_log(r"user=ann .* exit=1")


@pytest.mark.slow
def test_the_games_end_with_the_server_even_when_it_is_killed(start_server, keys, terminal):
    server = start_server("--authorized-keys", str(keys.authorized))
    term = terminal()
    term.start(ssh_argv(server, keys, "ann", None, "-t"))
    term.wait_for(LAUNCHER)
    games = server.games()
    assert games
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()
    assert wait_gone(games) == []


@pytest.mark.slow
def test_saves_are_kept_per_user(start_server, keys, terminal):
    server = start_server("--authorized-keys", str(keys.authorized))
    ann = terminal()
    ann.start(ssh_argv(server, keys, "ann", None, "-t"))
    ann.wait_for(LAUNCHER)
    ann.keys("F5")
    ann.wait_for("Pass the keyboard to")
    ann.keys("Enter")
    ann.wait_for("round 1")
    ann.keys("Space")  # a pass: a move, so the game is saved
    ann.wait_for("Pass the keyboard to")
    ann.keys("q")
    ann.wait_for("Leave the game?")
    ann.keys("y")
    ann.wait_for(LAUNCHER)  # back where the game was opened from
    ann.keys("q")
    ann.wait_for("EXIT=0")
    data = server.root / "data" / "ssh-users"
    assert list((data / "ann" / "saves").glob("*.json"))
    bob = terminal()
    bob.start(ssh_argv(server, keys, "bob", None, "-t"))
    assert "(none yet)" in bob.wait_for(LAUNCHER)
    again = terminal()
    again.start(ssh_argv(server, keys, "ann", None, "-t"))
    again.wait_for(LAUNCHER)
    again.wait_for("St. Petersburg ·")  # her game, in her list


@pytest.mark.slow
def test_the_host_key_is_made_once_and_kept(start_server, keys, tmp_path):
    first = start_server("--authorized-keys", str(keys.authorized), root=tmp_path / "one")
    key_file = tmp_path / "one" / "data" / "ssh" / "host_key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    made = key_file.read_bytes()
    first.stop()
    again = start_server("--authorized-keys", str(keys.authorized), root=tmp_path / "one")
    assert key_file.read_bytes() == made
    # the client that met the first server knows this one: strict checking passes
    out = subprocess.run(
        ssh_argv(again, keys, "ann", None, "-o", "StrictHostKeyChecking=yes", "-T"),
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert "No terminal" in out.stdout + out.stderr and out.returncode == 1


def test_a_damaged_host_key_stops_the_server_and_is_left_as_it_is(tmp_path):
    path = tmp_path / "ssh" / "host_key"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a key")
    with pytest.raises(ServeError, match="cannot read the host key"):
        load_host_key(tmp_path)
    assert path.read_bytes() == b"not a key"


def run_ssh(server, keys, *extra, user="ann", key=None, tty=False, timeout=30):
    argv = ssh_argv(server, keys, user, key, "-tt" if tty else "-T", *extra)
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.mark.slow
def test_what_is_not_a_game_is_refused(start_server, keys, terminal):
    server = start_server("--authorized-keys", str(keys.authorized), "--max-sessions", "1")
    # a key that is not listed (anonymous is off)
    out = run_ssh(server, keys, key=keys.stranger)
    assert out.returncode == 255 and "Permission denied" in out.stderr
    # a user name that is not a name
    out = run_ssh(server, keys, user="../x")
    assert out.returncode == 255 and "Permission denied" in out.stderr
    # a command
    out = subprocess.run(
        [*ssh_argv(server, keys, "ann", None, "-T"), "ls"], capture_output=True, text=True, timeout=30
    )
    assert out.returncode == 1 and "only runs boardgames-tui" in out.stdout
    # no terminal
    out = run_ssh(server, keys)
    assert out.returncode == 1 and "No terminal: use ssh -t" in out.stdout
    # forwarding, both ways, and a subsystem (SFTP)
    out = run_ssh(server, keys, "-o", "ExitOnForwardFailure=yes", "-N", "-R", "0:127.0.0.1:9")
    assert out.returncode == 255 and "forwarding failed" in out.stderr
    out = run_ssh(server, keys, "-W", "127.0.0.1:9")
    assert out.returncode == 255
    out = run_ssh(server, keys, "-s", "sftp")
    assert out.returncode != 0
    # password log-in is not offered
    out = run_ssh(server, keys, "-o", "PreferredAuthentications=password,keyboard-interactive")
    assert out.returncode == 255 and "Permission denied" in out.stderr
    # a session past the limit
    term = terminal()
    term.start(ssh_argv(server, keys, "ann", None, "-t"))
    term.wait_for(LAUNCHER)
    out = run_ssh(server, keys, user="bob", tty=True)
    assert out.returncode == 1 and "The server is full (1 game running)" in out.stdout
    assert len(server.games()) == 1


@pytest.mark.slow
def test_anonymous_players_are_each_their_own_user(start_server, keys, terminal):
    closed = start_server("--authorized-keys", str(keys.authorized))
    assert run_ssh(closed, keys, key=keys.stranger).returncode == 255
    server = start_server("--allow-anonymous", root=closed.root / "open")
    for key in (keys.key, keys.stranger):
        out = run_ssh(server, keys, key=key, user="ann")
        assert out.returncode == 1 and "No terminal" in out.stdout
    # the server logs a session as it ends, maybe a moment after the client has gone
    server.wait_log(r"user=\S+(.|\n)*user=\S+")
    users = re.findall(r" user=(\S+) key=", server.log())
    assert len(users) == 2 and users[0] != users[1] and all(u.startswith("key-") for u in users)


@pytest.mark.slow
def test_the_server_wants_keys_or_an_explicit_anonymous(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "boardgames_tui", "serve", "ssh", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "BOARDGAMES_TUI_DATA": str(tmp_path)},
    )
    assert out.returncode == 2 and "--authorized-keys" in out.stderr


def test_durations_and_user_folders():
    assert parse_duration("30m") == 1800 and parse_duration("90s") == 90 and parse_duration("2h") == 7200
    assert parse_duration("0") == 0
    with pytest.raises(ValueError):
        parse_duration("soon")
    root = user_data_dir(Path("/srv"), "ann.b-2")
    assert str(root) == "/srv/ssh-users/ann.b-2"
    for bad in ("../x", ".hidden", "a/b", "", "x" * 40):
        with pytest.raises(ValueError):
            user_data_dir(Path("/srv"), bad)


@pytest.mark.slow
def test_a_game_without_a_key_for_too_long_is_closed(start_server, keys, terminal):
    # 4 s: a game takes up to 2 s to show its launcher when both processors are busy (the suite
    # runs in two processes), and the launcher must be seen before it is closed
    server = start_server("--authorized-keys", str(keys.authorized), "--idle-timeout", "4s")
    term = terminal()
    term.start(ssh_argv(server, keys, "ann", None, "-t"))
    term.wait_for(LAUNCHER_TOP)
    games = server.games()
    screen = term.wait_for("EXIT=1", limit=20)
    assert "No key for too long" in screen
    assert wait_gone(games) == []


@pytest.mark.slow
def test_eight_players_at_once_all_stay_responsive_and_leave_nothing(start_server, keys, terminal):
    # Each plays a game of its own: its launcher, a game started, 50 keys (moves, hand-offs, the
    # cursor), then the help must still come up when asked.
    # eight clients from one address log in at once: room for all of them to be logging in together
    args = ("--authorized-keys", str(keys.authorized), "--max-sessions", "8", "--max-startups", "16")
    server = start_server(*args)
    terms = []
    for i in range(8):
        term = terminal()
        term.start(ssh_argv(server, keys, f"player{i}", None, "-t"))
        terms.append(term)
    for term in terms:
        term.wait_for(LAUNCHER, limit=60)
        term.keys("F5")
    games = server.games()
    assert len(games) == 8
    walk = ["Right", "Down", "Left", "Enter", "Up", "Space", "Tab", "Enter", "Right", "Enter"]
    for step in range(50):
        for i, term in enumerate(terms):
            term.keys(walk[(step + i) % len(walk)])
        time.sleep(0.05)
    for term in terms:
        term.keys("Escape", "?")
    for term in terms:
        term.wait_for("Help ·", limit=30)
    for term in terms:
        term.close()
    assert wait_gone(games, limit=15) == []
    assert server.log().count(" exit=") == 8


@pytest.mark.slow
def test_the_clients_terminal_settings_reach_the_game(start_server, keys, terminal):
    server = start_server("--authorized-keys", str(keys.authorized))
    term = terminal()
    argv = ssh_argv(server, keys, "ann", None, "-t", "-o", "SendEnv=NO_COLOR COLORTERM LANG")
    term.start(["env", "NO_COLOR=1", "COLORTERM=truecolor", "LANG=C.UTF-8", "TERM=xterm-256color", *argv])
    term.wait_for(LAUNCHER)
    (game,) = server.games()
    with open(f"/proc/{game}/environ", "rb") as raw:
        env = dict(item.split(b"=", 1) for item in raw.read().split(b"\0") if b"=" in item)
    assert env[b"NO_COLOR"] == b"1" and env[b"COLORTERM"] == b"truecolor" and env[b"LANG"] == b"C.UTF-8"
    assert env[b"TERM"] == b"xterm-256color"
    assert env[b"BOARDGAMES_TUI_DATA"].endswith(b"/ssh-users/ann")
