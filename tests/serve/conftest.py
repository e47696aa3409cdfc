"""Real parts for the SSH tests: the server as the command line starts it, OpenSSH's own client, and
tmux as the client's terminal.

`.ci/run` installs the system programs these tests drive (ssh, tmux, pgrep, chromium) when they
are missing, and sets BOARDGAMES_TUI_CI: there a missing program fails the test. Elsewhere (the
README's test command on a machine without them) the tests that need it are skipped, saying
which program to install."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

PACKAGES = {"ssh": "openssh-client", "ssh-keygen": "openssh-client", "pgrep": "procps"}


def need(program: str) -> str:
    found = shutil.which(program)
    if found:
        return found
    package = PACKAGES.get(program, program)
    reason = f"{program} is needed here (Debian: apt-get install {package})"
    if os.environ.get("BOARDGAMES_TUI_CI"):
        pytest.fail(reason)
    pytest.skip(reason)


# The players the tests connect as: each has a key of their own, as real players do (a key claims
# one user name unless the server allows more).
PLAYERS = ("ann", "bob", "ben", "cat", "dan", *(f"player{i}" for i in range(8)))


class Keys:
    def __init__(self, folder: Path):
        need("ssh-keygen")
        need("ssh")
        need("tmux")
        need("pgrep")
        self.folder = folder
        self.players = {name: self.make(name) for name in PLAYERS}
        self.key = self.players["ann"]
        self.other = self.players["bob"]
        self.stranger = self.make("stranger")  # a key in no authorized_keys file
        self.authorized = folder / "authorized_keys"
        self.authorized.write_text("".join(Path(f"{key}.pub").read_text() for key in self.players.values()))

    def make(self, name: str) -> Path:
        path = self.folder / name
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
        return path

    def of(self, user: str) -> Path:
        """The key a player connects with: their own (ann's for a name nobody has)."""
        return self.players.get(user, self.key)


@pytest.fixture(scope="session")
def keys(tmp_path_factory) -> Keys:
    return Keys(tmp_path_factory.mktemp("keys"))


class Server:
    """`boardgames-tui serve ssh` on a free loopback port, its log read from stderr."""

    def __init__(self, root: Path, *args: str, nohup: bool = False):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.log_path = root / "server.log"
        self.log_file = self.log_path.open("w")
        env = {**os.environ, "BOARDGAMES_TUI_DATA": str(root / "data")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardgames_tui", "serve", "ssh", "--port", "0", *args],
            stdout=self.log_file,
            stderr=subprocess.STDOUT,
            env=env,
            # as under nohup: hang-ups ignored, which children inherit
            preexec_fn=(lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN)) if nohup else None,
        )
        self.port = 0
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not self.port:
            found = re.search(r"event=listening host=\S+ port=(\d+)", self.log())
            if found:
                self.port = int(found.group(1))
            elif self.process.poll() is not None:
                break
            time.sleep(0.05)
        assert self.port, f"the server did not start: {self.log()}"

    def log(self) -> str:
        return self.log_path.read_text()

    def games(self) -> list[int]:
        """The pids of the game processes the server runs now."""
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True)
        return [int(pid) for pid in out.stdout.split()]

    def wait_log(self, pattern: str, limit: float = 10.0) -> re.Match:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            found = re.search(pattern, self.log())
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} in the server's log:\n{self.log()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log_file.close()


@pytest.fixture
def start_server(tmp_path, keys):
    started: list[Server] = []

    def start(*args: str, root: Path | None = None, nohup: bool = False) -> Server:
        server = Server(root or tmp_path, *args, nohup=nohup)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def ssh_argv(
    server: Server, keys: Keys, user: str = "ann", key: Path | None = None, *extra: str
) -> list[str]:
    return [
        need("ssh"),
        "-p",
        str(server.port),
        "-i",
        str(key or keys.of(user)),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=accept-new",
        "-o",
        # one known_hosts per server folder: each test's server has a host key of its own, and a
        # later test's server may get an earlier one's port
        f"UserKnownHostsFile={server.root / 'known_hosts'}",
        "-o",
        "LogLevel=ERROR",
        *extra,
        f"{user}@127.0.0.1",
    ]


class Tmux:
    """A terminal of its own (a tmux server on its own socket) for one client."""

    def __init__(self, width: int = 80, height: int = 24):
        self.socket = f"bgt-ssh-{uuid.uuid4().hex[:8]}"
        self.width, self.height = width, height

    def run(self, *args: str) -> str:
        return subprocess.run(
            [need("tmux"), "-L", self.socket, *args], capture_output=True, text=True, check=False
        ).stdout

    def start(self, argv: list[str]) -> None:
        line = " ".join(shlex_quote(a) for a in argv) + "; echo EXIT=$?; sleep 60"
        self.run("new-session", "-d", "-s", "t", "-x", str(self.width), "-y", str(self.height), line)

    def text(self) -> str:
        return self.run("capture-pane", "-p", "-t", "t")

    def wait_for(self, text: str, limit: float = 20.0) -> str:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            screen = self.text()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never showed; the screen:\n{self.text()}")

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "t", *keys)

    def resize(self, width: int, height: int) -> None:
        self.run("resize-window", "-t", "t", "-x", str(width), "-y", str(height))

    def close(self) -> None:
        self.run("kill-server")


def shlex_quote(text: str) -> str:
    import shlex

    return shlex.quote(text)


@pytest.fixture
def terminal():
    made: list[Tmux] = []

    def make(width: int = 80, height: int = 24) -> Tmux:
        term = Tmux(width, height)
        made.append(term)
        return term

    yield make
    for term in made:
        term.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebServer:
    """`boardgames-tui serve web` on a free loopback port, its log read from stderr."""

    def __init__(self, root: Path, *args: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.data = root / "data"
        root.mkdir(parents=True, exist_ok=True)
        self.log_path = root / "web.log"
        self.log_file = self.log_path.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardgames_tui", "serve", "web", "--port", str(self.port), *args],
            stdout=self.log_file,
            stderr=subprocess.STDOUT,
            env={**os.environ, "BOARDGAMES_TUI_DATA": str(self.data)},
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    break
            time.sleep(0.1)

    def log(self) -> str:
        return self.log_path.read_text()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)
        self.log_file.close()


@pytest.fixture
def start_web(tmp_path):
    started: list[WebServer] = []

    def start(*args: str) -> WebServer:
        server = WebServer(tmp_path / f"web{len(started)}", *args)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
