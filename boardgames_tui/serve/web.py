"""`boardgames-tui serve web`: the launcher in a browser page (textual-serve).

Every page opens a game process of its own. A browser is a player of its own: the first page it
loads gives it a random player cookie, and its games and set-ups are kept in that player's data
directory, so the same browser finds its saves again and no other browser ever sees them.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import shlex
import sys
from pathlib import Path

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .. import saves

COOKIE = "boardgames_tui_player"
TOKEN = re.compile(r"[0-9a-f]{32}")
TEN_YEARS = 10 * 365 * 24 * 3600


def player_dir(root: Path, token: str) -> Path:
    """The data directory of the browser with player cookie `token` (32 hex digits)."""
    if not TOKEN.fullmatch(token):
        raise ValueError("not a player token")
    return root / "web-players" / token


def game_command(data_dir: Path) -> str:
    """The shell command textual-serve runs for one page: the app, with that player's data."""
    return f"{saves.DATA_ENV}={shlex.quote(str(data_dir))} {shlex.quote(sys.executable)} -m boardgames_tui"


@web.middleware
async def _player_cookie(request: web.Request, handler) -> web.StreamResponse:
    response = await handler(request)
    if request.path == "/" and not TOKEN.fullmatch(request.cookies.get(COOKIE, "")):
        token = secrets.token_hex(16)
        response.set_cookie(COOKIE, token, max_age=TEN_YEARS, httponly=True, samesite="Strict")
    return response


class GameWebServer(Server):
    def __init__(self, host: str, port: int, data_root: Path):
        super().__init__(game_command(data_root), host=host, port=port, title="boardgames-tui")
        self.data_root = data_root

    async def on_startup(self, app: web.Application) -> None:
        pass  # run() says where the page is, in one line

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(_player_cookie)
        return app

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One page's game: its own process, run with its player's data directory (a page that
        came without a cookie gets a fresh one nobody else has, and keeps nothing)."""
        token = request.cookies.get(COOKIE, "")
        if not TOKEN.fullmatch(token):
            token = secrets.token_hex(16)
        command = game_command(player_dir(self.data_root, token))
        width = _whole(request.query.get("width"), 80)
        height = _whole(request.query.get("height"), 24)
        websocket = web.WebSocketResponse(heartbeat=15)
        try:
            await websocket.prepare(request)

            async def close() -> None:
                await websocket.close()

            service = AppService(
                command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await service.start(width, height)
            try:
                await self._process_messages(websocket, service)
            finally:
                await service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        return websocket


def _whole(text: str | None, default: int) -> int:
    try:
        return max(1, min(1000, int(text))) if text is not None else default
    except ValueError:
        return default


def run(host: str, port: int, data_root: Path | None = None) -> int:
    server = GameWebServer(host, port, data_root or saves.data_dir())
    print(f"boardgames-tui: serving the launcher on http://{host}:{port}/", file=sys.stderr, flush=True)
    server.serve()
    return 0
