"""A game whose starter goes without a word (no SIGHUP, no SIGTERM: a server killed at the wrong
moment, a shell gone) must not run on for ever on a terminal nobody reads: Textual's input thread
would spin on the terminal's end. The app notices that its parent changed, and quits."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
import time

from boardgames_tui.rules.record import GameRecord


def read_until(master: int, text: bytes, limit: float = 30.0) -> None:
    """Read the terminal until `text` shows (the escape sequences between its words taken out)."""
    seen = b""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and text not in re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen):
        try:
            seen += os.read(master, 65536)
        except BlockingIOError:
            time.sleep(0.05)
    assert text in re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen), f"{text!r} never came"


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_a_game_whose_parent_is_gone_quits(tmp_path):
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    env = {**os.environ, "BOARDGAMES_TUI_DATA": str(tmp_path), "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    # The game's parent: a small program that starts it on the terminal, says its pid, and
    # leaves when told, without a signal to the game.
    starter_code = (
        "import subprocess, sys\n"
        f"fd = {slave}\n"
        "command = [sys.executable, '-m', 'boardgames_tui', 'play', 'san_marco', '--seed', '3']\n"
        "game = subprocess.Popen(command, stdin=fd, stdout=fd, stderr=fd, start_new_session=True)\n"
        "print(game.pid, flush=True)\n"
        "sys.stdin.readline()\n"
    )
    starter = subprocess.Popen(
        [sys.executable, "-c", starter_code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
        pass_fds=(slave,),
    )
    os.close(slave)
    assert starter.stdout is not None and starter.stdin is not None
    game = int(starter.stdout.readline())
    try:
        read_until(master, b"starting bridge")  # no hand-off: nothing is secret at the set-up
        os.write(master, b"\r")  # a starting bridge: a move, saved
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not list((tmp_path / "saves").glob("*.json")):
            time.sleep(0.1)
        starter.stdin.write("\n")  # the starter goes, and says nothing to the game
        starter.stdin.flush()
        starter.wait(10)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and alive(game):
            try:
                os.read(master, 65536)  # the terminal's output is read, as a terminal would
            except (BlockingIOError, OSError):
                time.sleep(0.1)
        assert not alive(game), "the game runs on with nobody to play it"
    finally:
        if alive(game):
            os.kill(game, 9)
        os.close(master)
    (save,) = (tmp_path / "saves").glob("san_marco-*.json")
    assert len(GameRecord.loads(save.read_text()).steps) == 1  # the bridge, kept
