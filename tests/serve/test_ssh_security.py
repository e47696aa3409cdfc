"""The SSH server attacked as an outsider and as a player would, with OpenSSH's own client and raw
TCP: a name is claimed only by a key that signed, one name per key, connections that are not
games cost nothing for long, a frozen client loses its game within seconds, and what the server
keeps is private to its user."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgames_tui.serve.policy import terminal_size
from boardgames_tui.serve.ssh import KEEPALIVE_COUNT, KEEPALIVE_INTERVAL, NO_GAME_GRACE

from .conftest import ssh_argv
from .test_ssh import LAUNCHER, run_ssh, wait_gone


def public_half_only(keys, name: str, folder: Path) -> Path:
    """A copy of `name`'s public key with no private key beside it: what an outsider who read it
    somewhere holds. OpenSSH offers it, and cannot sign."""
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}-public-only"
    shutil.copy(f"{keys.of(name)}.pub", path)
    os.chmod(path, 0o600)
    return path


def claimed(server, user: str) -> list[str]:
    path = server.root / "data" / "ssh-users" / user / "ssh_keys"
    return path.read_text().split() if path.exists() else []


@pytest.mark.slow
def test_a_key_that_only_asks_claims_no_name_and_learns_nothing(start_server, keys, tmp_path):
    server = start_server("--authorized-keys", str(keys.authorized))
    assert "No terminal" in run_ssh(server, keys, user="ann").stdout  # ann's key claims "ann"
    ann_keys = claimed(server, "ann")
    bob_public = public_half_only(keys, "bob", tmp_path / "outsider")
    answers = {}
    for name in ("ann", "zed", "bob"):  # taken by another key, free, and the key's own (unclaimed)
        out = run_ssh(server, keys, "-v", user=name, key=bob_public)
        assert out.returncode == 255 and "Permission denied" in out.stderr
        answers[name] = "Server accepts key" in out.stderr
    # asked without a signature, the server answers the same whatever the name's state
    assert answers == {"ann": True, "zed": True, "bob": True}
    assert claimed(server, "zed") == [] and claimed(server, "bob") == []
    assert claimed(server, "ann") == ann_keys
    claims = re.findall(r"event=name-claimed .*", server.log())
    assert len(claims) == 1 and "user=ann" in claims[0]


@pytest.mark.slow
def test_a_name_belongs_to_the_key_that_claimed_it(start_server, keys):
    server = start_server("--authorized-keys", str(keys.authorized))
    assert "No terminal" in run_ssh(server, keys, user="ann").stdout  # ann's key claims "ann"
    out = run_ssh(server, keys, user="ann", key=keys.other, tty=True)  # bob's key, as ann
    assert out.returncode == 1 and "The name ann belongs to another player's key" in out.stdout
    assert "No terminal" in run_ssh(server, keys, user="bob").stdout
    assert "No terminal" in run_ssh(server, keys, user="ann").stdout  # ann again
    listed = claimed(server, "ann")
    assert len(listed) == 1 and listed[0].startswith("SHA256:")
    # every claim is logged with its time, name and fingerprint
    line = r"^(\S+) event=name-claimed peer=127\.0\.0\.1 user=(\w+) key=(SHA256:\S+)$"
    found = re.findall(line, server.log(), re.M)
    assert [(user, key) for _, user, key in found] == [("ann", listed[0]), ("bob", claimed(server, "bob")[0])]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", stamp) for stamp, _, _ in found)


@pytest.mark.slow
def test_a_key_claims_one_name_unless_the_host_allows_more(start_server, keys, tmp_path):
    server = start_server("--authorized-keys", str(keys.authorized))
    assert "No terminal" in run_ssh(server, keys, user="ann").stdout
    for name in ("ben2", "a" * 32):
        out = run_ssh(server, keys, user=name, key=keys.key, tty=True)
        assert out.returncode == 1
        assert "Your key has its name here already (ann): connect as ann." in out.stdout
        assert claimed(server, name) == []
    more = start_server(
        "--authorized-keys", str(keys.authorized), "--names-per-key", "2", root=tmp_path / "more"
    )
    assert "No terminal" in run_ssh(more, keys, user="ann").stdout
    assert "No terminal" in run_ssh(more, keys, user="ben2", key=keys.key).stdout
    out = run_ssh(more, keys, user="a" * 32, key=keys.key, tty=True)
    assert out.returncode == 1 and "names here already (ann, ben2)" in out.stdout


@pytest.mark.slow
def test_connections_that_never_log_in_are_capped_and_closed(start_server, keys):
    server = start_server(
        "--authorized-keys", str(keys.authorized), "--login-timeout", "2s", "--max-startups", "10"
    )
    opened = []
    for _ in range(50):  # each sends a banner and nothing more
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        sock.sendall(b"SSH-2.0-stranger\r\n")
        opened.append(sock)
    started = time.monotonic()
    time.sleep(1.0)
    held = [sock for sock in opened if not closed(sock)]
    # one address holds at most half of the room for connections not yet logged in
    assert len(held) == 5
    while any(not closed(sock) for sock in held) and time.monotonic() - started < 10:
        time.sleep(0.1)
    assert all(closed(sock) for sock in held)
    assert time.monotonic() - started < 4  # the login timeout, not asyncssh's two minutes
    for sock in opened:
        sock.close()
    log = server.wait_log(r"(end=login-timeout(.|\n)*){5}").string
    assert log.count("end=busy") == 45 and log.count("end=login-timeout") == 5
    assert "Traceback" not in log
    # the room is free again: a player gets in
    assert "No terminal" in run_ssh(server, keys, user="ann").stdout


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed `sock` (what it sent before, its greeting, is read away)."""
    sock.setblocking(False)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


@pytest.mark.slow
def test_a_connection_without_a_game_counts_and_is_closed(start_server, keys, terminal):
    server = start_server("--authorized-keys", str(keys.authorized), "--max-sessions", "1")
    started = time.monotonic()
    argv = ssh_argv(server, keys, "ann", None, "-N")
    quiet = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
    server.wait_log(r"event=name-claimed peer=\S+ user=ann")
    # while it is up, it takes the one place
    out = run_ssh(server, keys, user="bob", tty=True)
    assert out.returncode == 1 and "The server is full (1 game running)" in out.stdout
    quiet.wait(timeout=NO_GAME_GRACE + 10)
    assert time.monotonic() - started < NO_GAME_GRACE + 5
    server.wait_log(r"peer=127\.0\.0\.1 user=ann key=SHA256:\S+ term=- size=- seconds=\d+ exit=- end=no-game")
    # and then the place is free
    term = terminal()
    term.start(ssh_argv(server, keys, "bob", None, "-t"))
    term.wait_for(LAUNCHER)


@pytest.mark.slow
def test_a_frozen_client_loses_its_game_within_seconds(start_server, keys, terminal):
    server = start_server("--authorized-keys", str(keys.authorized))
    term = terminal()
    term.start(ssh_argv(server, keys, "ann", None, "-t"))
    term.wait_for(LAUNCHER)
    games = server.games()
    (client,) = ssh_clients(server.port)
    os.kill(client, signal.SIGSTOP)
    try:
        frozen = time.monotonic()
        assert wait_gone(games, limit=KEEPALIVE_INTERVAL * (KEEPALIVE_COUNT + 1) + 15) == []
        took = time.monotonic() - frozen
        print(f"a frozen client's game ended {took:.1f} s after it froze")
        server.wait_log(r"user=ann .* end=no-answer")
    finally:
        os.kill(client, signal.SIGCONT)


def ssh_clients(port: int) -> list[int]:
    out = subprocess.run(["pgrep", "-x", "ssh"], capture_output=True, text=True)
    found = []
    for pid in out.stdout.split():
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if str(port).encode() in argv:
            found.append(int(pid))
    return found


@pytest.mark.slow
def test_what_the_server_keeps_is_private_to_its_user(start_server, keys, terminal, tmp_path):
    root = tmp_path / "host"
    data = root / "data"
    # as an earlier version left them: readable by everybody
    old = data / "ssh-users" / "ann"
    old.mkdir(parents=True)
    (old / "ssh_keys").write_text(Path(f"{keys.key}.pub").read_text())
    for path in (data, data / "ssh-users", old):
        path.chmod(0o755)
    (old / "ssh_keys").chmod(0o644)
    server = start_server("--authorized-keys", str(keys.authorized), root=root)
    term = terminal()
    term.start(ssh_argv(server, keys, "bob", None, "-t"))
    term.wait_for(LAUNCHER)
    term.keys("F5")
    term.wait_for("Pass the keyboard to")
    term.keys("Enter")
    term.wait_for("round 1")
    term.keys("Space")  # a move: the game is saved
    term.wait_for("Pass the keyboard to")
    term.keys("q")
    term.wait_for("Leave the game?")
    term.keys("y")
    term.wait_for(LAUNCHER)  # back where the game was opened from
    term.keys("q")
    term.wait_for("EXIT=0")
    modes = {}
    for path in [data, *data.rglob("*")]:
        info = path.lstat()
        if not stat.S_ISSOCK(info.st_mode):
            modes[str(path.relative_to(data))] = oct(stat.S_IMODE(info.st_mode))
    assert any(name.startswith("ssh-users/bob/saves/") for name in modes)
    wrong = {
        name: mode
        for name, mode in modes.items()
        if mode != ("0o700" if (data / name).is_dir() and name != "." else "0o600") and name != "."
    }
    assert wrong == {} and modes["."] == "0o700"


def test_a_terminal_size_is_kept_within_reason():
    assert terminal_size(0, 0) == (80, 24)
    assert terminal_size(120, 40) == (120, 40)
    assert terminal_size(65535, 65535) == (500, 200)


@pytest.mark.slow
def test_a_killed_server_leaves_no_debris_and_a_live_one_keeps_its_folder(start_server, keys, tmp_path):
    root = tmp_path / "host"
    before = set(Path("/tmp").glob("bgt-tables-*"))
    server = start_server("--authorized-keys", str(keys.authorized), root=root)
    sock = root / "data" / "run" / "tables.sock"
    assert stat.S_ISSOCK(sock.lstat().st_mode) and stat.S_IMODE(sock.lstat().st_mode) == 0o600
    # a second server on the same data folder would share its tables and saves: it is refused
    out = subprocess.run(
        [sys.executable, "-m", "boardgames_tui", "serve", "ssh", "--port", "0", "--allow-anonymous"],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "BOARDGAMES_TUI_DATA": str(root / "data")},
    )
    assert out.returncode == 1 and "another server is using the data folder" in out.stderr
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()
    assert sock.exists()  # a killed server cannot clear up: the next start does
    again = start_server("--authorized-keys", str(keys.authorized), root=root)
    assert "No terminal" in run_ssh(again, keys, user="ann").stdout
    again.stop()
    assert not sock.exists()
    assert set(Path("/tmp").glob("bgt-tables-*")) == before
