"""`boardgames-tui serve web` in real headless Chromium (Debian's, driven by Playwright): the page's
terminal connects, the launcher is drawn into it, and a key pressed in the page reaches the app.
Each browser is a player of its own (a cookie), with its own data directory."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

import pytest

from boardgames_tui.serve.web import COOKIE, game_command, player_dir

from .conftest import need


@pytest.fixture
def web_server(start_web):
    server = start_web()
    yield server.url, server.data, server.process.pid


def games_of(pid: int) -> list[int]:
    """The game processes (and the shells textual-serve starts them with) under the server."""
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(child) for child in out.stdout.split()]


class Frames:
    """Everything the server sent the page over its websocket."""

    def __init__(self):
        self.data = b""

    def add(self, payload) -> None:
        self.data += payload if isinstance(payload, bytes) else payload.encode()

    def wait_for(self, page, text: str, limit: float = 30.0) -> None:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if text.encode() in self.data:
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"{text!r} never reached the page")


@pytest.mark.slow
def test_the_launcher_plays_in_a_real_browser(web_server):
    from playwright.sync_api import sync_playwright

    url, data, server_pid = web_server
    chromium = need("chromium")
    need("pgrep")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 700})
            frames = Frames()
            page.on("websocket", lambda ws: ws.on("framereceived", frames.add))
            page.goto(url)
            frames.wait_for(page, "five Euro games, hot-seat")
            frames.wait_for(page, "St. Petersburg")
            page.locator(".xterm-helper-textarea").focus()  # keys to the terminal, no click
            page.keyboard.press("ArrowDown")  # the games list: on to Santiago, whose pitch shows
            frames.wait_for(page, "Plant crops on a dry island")
            page.keyboard.press("F5")  # Play: the set-up is remembered in this player's folder
            frames.wait_for(page, "Pass the keyboard to")
            assert games_of(server_pid)  # the page's game runs in a process of its own
            cookie = next(c for c in page.context.cookies() if c["name"] == COOKIE)
            # another browser is another player
            other = browser.new_context().new_page()
            other.goto(url)
            other.wait_for_timeout(500)
            second = next(c for c in other.context.cookies() if c["name"] == COOKIE)
            assert second["value"] != cookie["value"]
        finally:
            browser.close()
    deadline = time.monotonic() + 15
    while games_of(server_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert games_of(server_pid) == []  # the pages are closed: so are their games
    assert re.fullmatch(r"[0-9a-f]{32}", cookie["value"])
    assert (data / "web-players" / cookie["value"] / "launcher.json").is_file()
    assert not (data / "launcher.json").exists()  # not in the server's own folder


def test_a_player_token_is_the_only_way_into_a_data_directory():
    root = Path("/srv")
    assert player_dir(root, "a" * 32) == root / "web-players" / ("a" * 32)
    for bad in ("../" + "a" * 29, "A" * 32, "a" * 31, ""):
        with pytest.raises(ValueError):
            player_dir(root, bad)
    command = game_command(Path("/srv/web-players/x y"))
    assert command.startswith("BOARDGAMES_TUI_DATA='/srv/web-players/x y' ")
