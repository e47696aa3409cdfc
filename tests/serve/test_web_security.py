"""The web server attacked with a real websocket client (aiohttp's): sockets from another site or
without the player cookie get no game, the games at once and per player are capped, an idle page's
game is closed, what a page sends is checked (and fuzzed), and every websocket ends in one log
line."""

from __future__ import annotations

import asyncio
import json
import re
import stat
import time

import aiohttp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_tui.serve.policy import IDLE_LINE, MAX_COLUMNS, MAX_ROWS
from boardgames_tui.serve.web import COOKIE, Limits, _obey, check_origins

from .conftest import need
from .test_web import games_of

LAUNCHER = b"five Euro games, hot-seat"


async def cookie_of(session: aiohttp.ClientSession, url: str) -> str:
    """A fresh browser's player cookie, as the page hands it out."""
    async with session.get(url) as response:
        assert response.status == 200
        return response.cookies[COOKIE].value


async def open_page(url: str, cookie: str | None, origin: str | None = "own", session=None):
    """A page's websocket, as the page's script opens it (an Origin, the cookie)."""
    headers = {}
    if origin == "own":
        headers["Origin"] = url.rstrip("/")
    elif origin is not None:
        headers["Origin"] = origin
    if cookie is not None:
        headers["Cookie"] = f"{COOKIE}={cookie}"
    own = session is None
    session = session or aiohttp.ClientSession()
    try:
        return session, await session.ws_connect(f"{url}ws?width=80&height=24", headers=headers)
    except BaseException:
        if own:
            await session.close()
        raise


async def read_until(ws, text: bytes, limit: float = 30.0) -> bytes:
    seen = b""
    deadline = time.monotonic() + limit
    while text not in seen:
        message = await asyncio.wait_for(ws.receive(), max(0.1, deadline - time.monotonic()))
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += message.data
        elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            break
    return seen


def wait_games(pid: int, count: int, limit: float = 20.0) -> list[int]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        games = games_of(pid)
        if len(games) == count:
            return games
        time.sleep(0.1)
    return games_of(pid)


@pytest.mark.slow
async def test_sockets_from_another_site_or_without_a_cookie_get_no_game(start_web):
    need("pgrep")
    server = start_web()
    async with aiohttp.ClientSession() as session:
        cookie = await cookie_of(session, server.url)
        refused = 0
        for origin, with_cookie in [("http://evil.example", False)] * 6 + [("http://evil.example", True)] * 6:
            try:
                await open_page(server.url, cookie if with_cookie else None, origin, session)
            except aiohttp.WSServerHandshakeError as exc:
                refused += exc.status == 403
        assert refused == 12
        for origin in (None, "own"):  # no Origin at all; the page's own Origin without a cookie
            with pytest.raises(aiohttp.WSServerHandshakeError) as raised:
                await open_page(server.url, None if origin else cookie, origin, session)
            assert raised.value.status == 403
    assert games_of(server.process.pid) == []
    log = server.log()
    assert log.count("end=foreign-origin") == 13 and log.count("end=no-cookie") == 1


@pytest.mark.slow
async def test_games_at_once_and_per_player_are_capped(start_web):
    need("pgrep")
    server = start_web("--max-sessions", "2", "--max-per-player", "1")
    async with aiohttp.ClientSession() as session:
        ann, bob, cat = [await cookie_of(session, server.url) for _ in range(3)]
        _, first = await open_page(server.url, ann, session=session)
        assert LAUNCHER in await read_until(first, LAUNCHER)
        _, again = await open_page(server.url, ann, session=session)
        said = await read_until(again, b"connect again")
        assert b"You have 1 game running on this server already" in said
        _, second = await open_page(server.url, bob, session=session)
        assert LAUNCHER in await read_until(second, LAUNCHER)
        _, third = await open_page(server.url, cat, session=session)
        assert b"The server is full (2 games running): try again later." in await read_until(third, b"later")
        assert len(wait_games(server.process.pid, 2)) == 2
        for ws in (first, second):
            await ws.close()
    assert wait_games(server.process.pid, 0) == []
    log = server.log()
    assert log.count("end=refused") == 2
    lines = [line for line in log.splitlines() if " peer=" in line]
    assert len(lines) == 4
    shape = r"user=web-[0-9a-f]{12} key=- term=browser size=80x24 seconds=\d+"
    assert all(re.search(shape, line) for line in lines)
    assert ann not in log  # the cookie is a credential: never in the log


@pytest.mark.slow
async def test_an_idle_page_is_closed_and_junk_is_dropped(start_web):
    need("pgrep")
    server = start_web("--idle-timeout", "4s")
    async with aiohttp.ClientSession() as session:
        cookie = await cookie_of(session, server.url)
        _, ws = await open_page(server.url, cookie, session=session)
        await read_until(ws, LAUNCHER)
        for junk in [
            "not json",
            "[" * 5000,
            json.dumps(["resize", {"width": 10**9, "height": "x"}]),
            json.dumps(["resize", [1, 2]]),
            json.dumps(["stdin", 5]),
            json.dumps([]),
            json.dumps({"stdin": "q"}),
            json.dumps(["ping", "x" * 1000]),
            json.dumps(["what", None]),
        ]:
            await ws.send_str(junk)
        await ws.send_str(json.dumps(["ping", "still-there"]))
        message = await asyncio.wait_for(ws.receive(), 10)
        while message.type == aiohttp.WSMsgType.BINARY:
            message = await asyncio.wait_for(ws.receive(), 10)
        assert json.loads(message.data) == ["pong", "still-there"]
        assert len(games_of(server.process.pid)) == 1
        said = await read_until(ws, IDLE_LINE.encode(), limit=20)
        assert IDLE_LINE.encode() in said
    assert wait_games(server.process.pid, 0) == []
    line = r"peer=127\.0\.0\.1 user=web-\w+ key=- term=browser size=80x24 seconds=\d+ exit=\S+ end=idle"
    assert re.search(line, server.log())
    assert "Traceback" not in server.log()


@pytest.mark.slow
async def test_a_listed_origin_may_connect_and_the_files_are_private(start_web):
    need("pgrep")
    server = start_web("--allow-origin", "https://games.example.org")
    async with aiohttp.ClientSession() as session:
        cookie = await cookie_of(session, server.url)
        _, ws = await open_page(server.url, cookie, "https://games.example.org", session)
        await read_until(ws, LAUNCHER)
        await ws.send_str(json.dumps(["stdin", "\x1b[15~"]))  # F5: play, so the game writes files
        await read_until(ws, b"Pass the keyboard")
        await ws.close()
    assert wait_games(server.process.pid, 0) == []
    found = {path: stat.S_IMODE(path.stat().st_mode) for path in [server.data, *server.data.rglob("*")]}
    assert any(path.name == "launcher.json" for path in found)
    wrong = {str(p): oct(m) for p, m in found.items() if m != (0o700 if p.is_dir() else 0o600)}
    assert wrong == {}


def test_origins_are_checked_when_given():
    check_origins(("https://games.example.org", "http://127.0.0.1:8000"))
    for bad in ("games.example.org", "https://games.example.org/", "ftp://x", "https://x/path"):
        with pytest.raises(ValueError):
            check_origins((bad,))
    assert Limits().max_sessions == 8 and Limits().idle_timeout == 1800


@pytest.mark.slow
async def test_a_stopped_server_ends_its_pages_games_at_once(start_web):
    need("pgrep")
    server = start_web()
    async with aiohttp.ClientSession() as session:
        cookie = await cookie_of(session, server.url)
        _, ws = await open_page(server.url, cookie, session=session)
        await read_until(ws, LAUNCHER)
        games = games_of(server.process.pid)  # the shell textual-serve starts the game with
        assert games
        games += [child for pid in games for child in games_of(pid)]  # and the game
        server.process.terminate()
        assert await asyncio.to_thread(server.process.wait, 15) == 0
    assert [pid for pid in games if alive(pid)] == []
    assert re.search(r"user=web-\w+ .* end=server-stopped", server.log())


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat_file:
            return stat_file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class FakeGame:
    """What `_obey` may ask of a page's game, kept to check its types."""

    def __init__(self):
        self.calls: list[tuple] = []

    async def send_bytes(self, data):
        assert isinstance(data, bytes) and data
        self.calls.append(("keys", data))

    async def set_terminal_size(self, width, height):
        assert type(width) is int and type(height) is int
        assert 1 <= width <= MAX_COLUMNS and 1 <= height <= MAX_ROWS
        self.calls.append(("size", width, height))

    async def focus(self):
        self.calls.append(("focus",))

    async def blur(self):
        self.calls.append(("blur",))


class FakePage:
    def __init__(self):
        self.sent: list = []

    async def send_json(self, data):
        assert data[0] == "pong" and isinstance(data[1], str) and len(data[1]) <= 32
        self.sent.append(data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
ENVELOPES = st.one_of(
    st.tuples(st.sampled_from(["stdin", "resize", "ping", "focus", "blur", "other"]), JSON).map(list),
    st.fixed_dictionaries({"width": JSON | st.integers(), "height": JSON | st.integers()}).map(
        lambda size: ["resize", size]
    ),
    JSON,
)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(message=ENVELOPES.map(json.dumps) | st.text(max_size=200) | st.just("[" * 5000))
def test_whatever_a_page_sends_reaches_its_game_only_in_the_shape_the_game_takes(message):
    game, page = FakeGame(), FakePage()
    keys = asyncio.run(_obey(message, page, game))
    assert keys == any(call[0] == "keys" for call in game.calls)
