"""`boardgames-tui serve web`: the launcher in a browser page (textual-serve).

Every page opens a game process of its own. A browser is a player of its own: the first page it
loads gives it a random player cookie, and its games and set-ups are kept in that player's data
directory, so the same browser finds its saves again and no other browser ever sees them.

A page's game is started only for a websocket that comes from the server's own page (its Origin
is this server's, or one the host listed for a proxy in front of it) and carries a player cookie:
another site cannot open games in its visitors' browsers, and a script that is not a page gets
nothing. As over SSH, at most `max_sessions` games run at once and `max_per_player` per browser, a
game with no key for `idle_timeout` is saved and closed, and every websocket ends in one log line.
What a page sends is checked before use: a message that is not one of the page's is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import re
import secrets
import shlex
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, TypeGuard
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.typedefs import Handler
from aiohttp.web_runner import GracefulExit
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .. import saves
from .policy import IDLE_LINE, Admission, log_line, make_private, terminal_size

COOKIE = "boardgames_tui_player"
TOKEN = re.compile(r"[0-9a-f]{32}")
TEN_YEARS = 10 * 365 * 24 * 3600
# The largest message a page sends: keys typed or pasted at once, well under this.
MAX_MESSAGE = 64 * 1024
# A game asked to quit has this long to save and go before it is ended.
QUIT_GRACE = 5.0


@dataclass(frozen=True)
class Limits:
    max_sessions: int = 8  # games at once
    max_per_player: int = 2  # games at once of one browser
    idle_timeout: float = 30 * 60  # seconds without a key before a game is closed; 0: never
    origins: tuple[str, ...] = ()  # other origins whose pages may connect (a proxy's address)


def check_origins(origins: tuple[str, ...]) -> None:
    """ValueError unless each is an origin as a browser sends it: http(s)://host[:port]."""
    for origin in origins:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc or origin != _origin(origin):
            raise ValueError(f"an origin is http(s)://host[:port] with nothing after it, not '{origin}'")


def _origin(text: str) -> str:
    parts = urlsplit(text.strip().lower())
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def player_dir(root: Path, token: str) -> Path:
    """The data directory of the browser with player cookie `token` (32 hex digits)."""
    if not TOKEN.fullmatch(token):
        raise ValueError("not a player token")
    return root / "web-players" / token


def game_command(data_dir: Path) -> str:
    """The shell command textual-serve runs for one page: the app, with that player's data."""
    return f"{saves.DATA_ENV}={shlex.quote(str(data_dir))} {shlex.quote(sys.executable)} -m boardgames_tui"


def player_name(token: str) -> str:
    """A browser as the log names it: not its cookie, which would let a reader of the log play as
    it, but the same name for the same browser every time."""
    return "web-" + hashlib.sha256(token.encode()).hexdigest()[:12]


@web.middleware
async def _player_cookie(request: web.Request, handler: Handler) -> web.StreamResponse:
    response = await handler(request)
    if request.path == "/" and not TOKEN.fullmatch(request.cookies.get(COOKIE, "")):
        token = secrets.token_hex(16)
        response.set_cookie(COOKIE, token, max_age=TEN_YEARS, httponly=True, samesite="Strict")
    return response


class GameWebServer(Server):
    def __init__(
        self, host: str, port: int, data_root: Path, limits: Limits | None = None, log: TextIO = sys.stderr
    ):
        super().__init__(game_command(data_root), host=host, port=port, title="boardgames-tui")
        self.data_root = data_root
        self.limits = limits or Limits()
        self.admission = Admission(self.limits.max_sessions, self.limits.max_per_player)
        self.log_stream = log
        self.stopping = False  # set when the server is told to stop: its pages' games end then
        self.pages: set[web.WebSocketResponse] = set()

    def log(self, **fields: Any) -> None:
        log_line(self.log_stream, **fields)

    async def on_startup(self, app: web.Application) -> None:
        pass  # run() says where the page is, in one line

    async def on_shutdown(self, app: web.Application) -> None:
        """The server is stopping: every page is closed now, so that its game saves and quits at
        once (aiohttp would otherwise wait for the pages to go, up to a minute)."""
        going = b"the server is stopping"
        await asyncio.gather(*(page.close(code=WSCloseCode.GOING_AWAY, message=going) for page in self.pages))

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(_player_cookie)
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, with its websocket at the address the browser used for the page: its own
        origin, whatever name or address of this machine that was."""
        base = f"{request.scheme}://{request.host}"
        socket_url = ("wss" if request.scheme == "https" else "ws") + f"://{request.host}/ws"
        context = {
            "font_size": max(6, min(_whole(request.query.get("fontsize"), 16), 64)),
            "app_websocket_url": socket_url,
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    def allowed_origin(self, request: web.Request) -> bool:
        """Whether the websocket comes from this server's own page (or a listed proxy's)."""
        origin = _origin(request.headers.get("Origin", ""))
        own = _origin(f"{request.scheme}://{request.host}")
        return bool(origin) and (origin == own or origin in (_origin(o) for o in self.limits.origins))

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        """One page's game: its own process, run with its player's data directory."""
        started = time.monotonic()
        peer = request.remote or "?"
        token = request.cookies.get(COOKIE, "")
        user = player_name(token) if TOKEN.fullmatch(token) else None
        record: dict[str, Any] = {"exit": None, "end": None}
        try:
            if not self.allowed_origin(request):
                record["end"] = "foreign-origin"
                raise web.HTTPForbidden(text="This page is not one of this server's.")
            if user is None:
                record["end"] = "no-cookie"
                raise web.HTTPForbidden(text="No player cookie: open the server's page first.")
            return await self.run_page(request, token, user, record)
        finally:
            self.log(
                peer=peer,
                user=user,
                key=None,  # the fields of the SSH server's line, so one reader reads both
                term="browser",
                size=record.get("size"),
                seconds=f"{time.monotonic() - started:.0f}",
                exit=record["exit"],
                end=record["end"] or "page-left",
            )

    async def run_page(
        self, request: web.Request, token: str, user: str, record: dict[str, Any]
    ) -> web.WebSocketResponse:
        width, height = terminal_size(
            _whole(request.query.get("width"), 80), _whole(request.query.get("height"), 24)
        )
        record["size"] = f"{width}x{height}"
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        refusal = self.admission.admit(user)
        if refusal is not None:
            record["end"] = "refused"
            await _say(websocket, refusal)
            await websocket.close()
            return websocket
        self.pages.add(websocket)
        try:
            await self.play(websocket, token, width, height, record)
        except asyncio.CancelledError:
            record["end"] = record["end"] or "server-stopped"
            await websocket.close()
        finally:
            self.pages.discard(websocket)
            self.admission.release(user)
        return websocket

    async def play(
        self, websocket: web.WebSocketResponse, token: str, width: int, height: int, record: dict[str, Any]
    ) -> None:
        async def close() -> None:
            # the game has quit; an idle page's stays open for the line that says why
            if record["end"] != "idle":
                record["end"] = record["end"] or "game"
                await websocket.close()

        service = AppService(
            game_command(player_dir(self.data_root, token)),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        await service.start(width, height)
        try:
            idle = await self.relay(websocket, service)
            gone = "server-stopped" if self.stopping else "page-left"
            record["end"] = "idle" if idle else record["end"] or gone
        finally:
            record["exit"] = await _stop(service)
        if record["end"] == "idle":
            await _say(websocket, "\r\n" + IDLE_LINE)
            await websocket.close()

    async def relay(self, websocket: web.WebSocketResponse, service: AppService) -> bool:
        """Hand the page's keys and resizes to its game until the page goes (False) or sends no
        key for `idle_timeout` (True)."""
        limit = self.limits.idle_timeout
        last_key = time.monotonic()
        messages = aiter(websocket)
        while True:
            wait = limit - (time.monotonic() - last_key) if limit > 0 else None
            if wait is not None and wait <= 0:
                return True
            try:
                message = await asyncio.wait_for(anext(messages), wait)
            except (StopAsyncIteration, ConnectionError):
                return False
            except TimeoutError:
                continue
            if message.type != WSMsgType.TEXT:
                continue
            if await _obey(message.data, websocket, service):
                last_key = time.monotonic()


async def _obey(text: str, websocket: web.WebSocketResponse, service: AppService) -> bool:
    """Carry out one message of the page's (textual-serve's ["stdin", keys], ["resize", {width,
    height}], ["ping", data], ["focus"], ["blur"]); anything else is dropped. Whether it was keys."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return False
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return False
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(data, str) and data:
        await service.send_bytes(data.encode("utf-8", errors="replace"))
        return True
    if kind == "resize" and isinstance(data, dict):
        width, height = data.get("width"), data.get("height")
        if _count(width) and _count(height):
            await service.set_terminal_size(*terminal_size(width, height))
    elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
        await websocket.send_json(["pong", data])
    elif kind == "focus":
        await service.focus()
    elif kind == "blur":
        await service.blur()
    return False


def _count(value: object) -> TypeGuard[int]:
    return type(value) is int and value > 0


async def _say(websocket: web.WebSocketResponse, line: str) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):
        await websocket.send_bytes(line.encode() + b"\r\n")


async def _stop(service: AppService) -> int | None:
    """Ask the page's game to save and quit, and end it if it does not: its exit status."""
    try:
        await asyncio.wait_for(service.stop(), QUIT_GRACE)
    except TimeoutError:
        process = service._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
    process = service._process
    if process is None:
        return None
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(process.wait(), QUIT_GRACE)
    return process.returncode


def _whole(text: str | None, default: int) -> int:
    if text is None or not text.isdigit() or len(text) > 6:
        return default
    return int(text)


def run(host: str, port: int, data_root: Path | None = None, limits: Limits | None = None) -> int:
    """Serve until interrupted (Ctrl+C or SIGTERM). The log is one line per page's websocket and
    nothing else: no access log, which would say the same in more lines."""
    root = data_root or saves.data_dir()
    make_private(root)
    server = GameWebServer(host, port, root, limits)

    def stop() -> None:
        # then every page is closed (on_shutdown), and each page's game saves and quits
        server.stopping = True
        raise GracefulExit()

    loop = asyncio.new_event_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop)
    print(f"boardgames-tui: serving the launcher on http://{host}:{port}/", file=sys.stderr, flush=True)
    web.run_app(
        server._make_app(), host=host, port=port, access_log=None, print=None, handle_signals=False, loop=loop
    )
    return 0
