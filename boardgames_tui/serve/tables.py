"""The table service: shared tables for players at terminals of their own (`serve ssh`).

It runs in the SSH server's process. Each connection's game process talks to it over a local
socket (the protocol is `play/wire.py`), introduced by a token the server gave that connection, so
the service knows which SSH user every message comes from and never takes it from the message.

A shared table holds the same `Table` as a hot-seat game (the rules state, the record, the log, the
bots) and is saved in the same record format, inside a small file of its own (`tables/<code>.json`)
that also says who sits where. Every change is sent to every app at the table, each getting only
what its own seat may see (a watcher: the public view). Bots move here, in a worker thread, a
moment after their turn comes, as they do in hot-seat. A player whose connection drops keeps the
seat for `hold` seconds and gets it back by joining again; after that anyone may take it. Tables
are reloaded from their files when the server starts again.

Every message comes from a program a stranger may have written: it is checked against the
protocol's shapes (`wire.check`) before anything of it is used, every request is answered, a
refused one changes nothing, and one that fails inside is that request's failure only (logged in
one line and refused), never the connection's or the service's. The socket lives in the data
folder (`run/tables.sock`), where only the server's own user may reach it.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import json
import os
import secrets
import socket
import stat
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .. import saves
from ..play import wire
from ..rules import registry
from ..rules.core import IllegalAction, new_seed
from ..rules.levels import LEVELS, level_named
from ..rules.record import RecordError
from ..rules.view import encode
from .policy import FILE_MODE, FOLDER_MODE, private_folder
from .shared import Place, SharedTable

TABLES_FOLDER = "tables"
RUN_FOLDER = "run"
SOCKET_NAME = "tables.sock"
# A Unix socket's path must fit in 108 bytes on Linux and 104 on macOS, its closing NUL included.
LONGEST_SOCKET_PATH = 100
# Messages waiting for an app that does not read them: past this, it is cut off (it gets the
# whole table again when it comes back, so nothing is lost to it).
MOST_QUEUED = 2000
# Tables one user may have open and not finished at once.
MOST_OPEN_TABLES = 4
# The answer to a request that failed inside the service: the log has the failure.
FAILED = "The table service could not do that: try again, or tell the server's keeper."
# The longest reason a refusal gives: one line on the player's screen.
LONGEST_REASON = 200


class Refused(Exception):
    """A request the service does not carry out, with its one-line reason."""


class StartError(Exception):
    """Why the table service cannot start, in one line."""


class SocketInUse(StartError):
    """Another server's table service answers on the data folder's socket."""


def socket_path(root: Path) -> Path:
    """Where the table service of the data folder `root` listens: `<root>/run/tables.sock`. When
    that path is too long for a socket, a folder of its own under $XDG_RUNTIME_DIR (else /tmp),
    named from `root`, so that the next start finds the same one."""
    root = Path(root).absolute()
    path = root / RUN_FOLDER / SOCKET_NAME
    if _fits(path):
        return path
    digest = hashlib.sha256(os.fsencode(root)).hexdigest()[:16]
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    bases = [Path(runtime)] if os.path.isabs(runtime) else []
    for base in [*bases, Path("/tmp")]:
        path = base / f"bgt-tables-{digest}" / SOCKET_NAME
        if _fits(path):
            break
    return path


def _fits(path: Path) -> bool:
    return len(os.fsencode(path)) <= LONGEST_SOCKET_PATH


def _socket_folder(folder: Path) -> None:
    """Make the socket's folder, or refuse it (StartError) unless it is a real folder (no symlink)
    of ours that nobody else may enter: whoever can enter it can reach the tables. Under /tmp, a
    folder of the same name may have been put there by someone else, to listen in."""
    try:
        private_folder(folder)
        info = os.lstat(folder)
    except OSError as exc:
        raise StartError(f"cannot make the folder {folder}: {exc.strerror}") from None
    ours = stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
    if not ours or stat.S_IMODE(info.st_mode) != FOLDER_MODE:
        raise StartError(f"{folder} is not a folder of ours that only we may enter (mode 0700): move it away")


def _answers(path: Path) -> bool:
    """Whether a server listens on the socket at `path` (when none does, connecting is refused)."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(2.0)
    try:
        probe.connect(str(path))
    except (ConnectionRefusedError, FileNotFoundError):
        return False
    except OSError:
        return True  # there and busy, or not ours to try: not ours to take either
    finally:
        probe.close()
    return True


def one_line(reason: str) -> str:
    """A refusal's reason as one short printable line, whatever went into it."""
    line = "".join(ch if ch.isprintable() else " " for ch in reason)
    return line[:LONGEST_REASON] or "refused"


class Client:
    """One app's connection. Messages to it go through a queue that one task writes out, so that a
    slow reader never holds up the others at its table."""

    def __init__(self, writer: asyncio.StreamWriter):
        self.writer = writer
        self.user: str | None = None
        self.table: SharedTable[Client] | None = None
        self.seat: int | None = None
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.sender = asyncio.ensure_future(self._send_all())

    def send(self, message: Mapping[str, Any]) -> None:
        if self.queue.qsize() >= MOST_QUEUED:
            self.close()
            return
        self.queue.put_nowait(wire.encode(message))

    def close(self) -> None:
        self.queue.put_nowait(None)

    async def _send_all(self) -> None:
        try:
            while True:
                data = await self.queue.get()
                if data is None:
                    break
                self.writer.write(data)
                await self.writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.writer.close()


class TableService:
    """The shared tables of one server: `await start()`, `register(user)` a connection's token,
    `await close()` at the end."""

    def __init__(
        self,
        root: Path,
        hold: float = 300.0,
        spectators: bool = False,
        bot_delay: float = 0.6,
        log: Callable[..., None] | None = None,
    ):
        self.root = Path(root).absolute()
        self.folder = self.root / TABLES_FOLDER
        self.users_root = self.root / "ssh-users"
        self.hold = hold
        self.spectators = spectators
        self.bot_delay = bot_delay
        self.log = log or (lambda **fields: None)
        self.tokens: dict[str, str] = {}
        self.tables: dict[str, SharedTable[Client]] = {}
        self.clients: set[Client] = set()
        self.connections: set[asyncio.Task[None]] = set()  # each app's reading task
        self.bots = ThreadPoolExecutor(max_workers=2, thread_name_prefix="table-bot")
        self.path = socket_path(self.root)
        self.bound = False  # the socket at `path` is this service's (to remove at the end)
        self.server: asyncio.AbstractServer | None = None
        self.watch: asyncio.Task[None] | None = None

    # -- the server's side -----------------------------------------------------------------------
    async def start(self) -> None:
        """Load the tables and listen. StartError (SocketInUse when another server is using the
        data folder) when the service cannot."""
        try:
            private_folder(self.folder)
            os.chmod(self.folder, FOLDER_MODE)  # also one an older version made for all to read
        except OSError as exc:
            raise StartError(f"cannot make the folder {self.folder}: {exc.strerror}") from None
        listener = self._bind()
        try:
            self.load()
            self.server = await asyncio.start_unix_server(self.serve, sock=listener, limit=wire.MAX_REQUEST)
        except BaseException:
            listener.close()
            self._unbind()
            raise
        self.watch = asyncio.ensure_future(self._expire_holds())

    def _bind(self) -> socket.socket:
        """A socket bound at `path`, for us only: in a folder of ours (0700), itself 0600. One left
        by a server that was killed is cleared first; one a live server answers on is not taken."""
        if not _fits(self.path):
            raise StartError(f"the table service's socket needs a shorter path than {self.path}")
        _socket_folder(self.path.parent)
        self._clear_stale()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            # bound here, not by asyncio: asyncio would remove whatever socket is at the path first
            listener.bind(str(self.path))
        except OSError as exc:
            listener.close()
            if exc.errno == errno.EADDRINUSE:  # another server was quicker
                raise self._in_use() from None
            raise StartError(f"cannot listen on {self.path}: {exc.strerror}") from None
        self.bound = True
        os.chmod(self.path, FILE_MODE)
        return listener

    def _clear_stale(self) -> None:
        try:
            info = os.lstat(self.path)
        except FileNotFoundError:
            return
        if not stat.S_ISSOCK(info.st_mode):
            raise StartError(f"{self.path} is in the way of the table service's socket: move it away")
        if _answers(self.path):
            raise self._in_use()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # left by a server that was killed: nobody answers on it

    def _in_use(self) -> SocketInUse:
        return SocketInUse(f"another server is using the data folder {self.root} (its socket {self.path})")

    def register(self, user: str) -> str:
        """A token for one connection of `user`, to hand to its game (wire.TOKEN_ENV)."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = user
        return token

    def revoke(self, token: str) -> None:
        self.tokens.pop(token, None)

    def env(self, token: str) -> dict[str, str]:
        return {wire.SOCKET_ENV: str(self.path), wire.TOKEN_ENV: token}

    async def close(self) -> None:
        if self.watch is not None:
            self.watch.cancel()
        if self.server is not None:
            self.server.close()
        for shared in self.tables.values():
            if shared.bot_task is not None:
                shared.bot_task.cancel()
        for client in list(self.clients):
            client.close()
        if self.connections:  # each ends as its connection closes
            await asyncio.wait(list(self.connections), timeout=5)
        for shared in self.tables.values():
            self.save(shared)
        saves.flush_folder(self.folder, timeout=5)
        self.bots.shutdown(wait=False, cancel_futures=True)
        self._unbind()

    def _unbind(self) -> None:
        """Remove this service's socket (never another server's)."""
        if not self.bound:
            return
        self.bound = False
        with contextlib.suppress(OSError):
            self.path.unlink()
        if self.path.parent != self.root / RUN_FOLDER:
            with contextlib.suppress(OSError):
                self.path.parent.rmdir()  # the short folder under /tmp: not left about

    # -- saving ----------------------------------------------------------------------------------
    def file(self, shared: SharedTable[Client]) -> Path:
        return self.folder / f"{shared.code}.json"

    def save(self, shared: SharedTable[Client]) -> None:
        saves.save_later(self.file(shared), json.dumps(shared.to_json(), separators=(",", ":")))

    def load(self) -> None:
        """The tables of the last run, each player away (with a fresh hold) until they join again.
        A file that cannot be read is logged and left as it is."""
        if not self.folder.is_dir():
            return
        deadline = time.monotonic() + self.hold
        for path in sorted(self.folder.glob("*.json")):
            try:
                shared: SharedTable[Client] = SharedTable.from_json(
                    json.loads(path.read_text(encoding="utf-8"))
                )
            except (OSError, ValueError, RecordError) as exc:
                self.log(event="table-unreadable", file=path.name, reason=str(exc).replace(" ", "_"))
                continue
            for seat, place in enumerate(shared.places):
                if place.kind == "player":
                    shared.away[seat] = deadline
            self.tables[shared.code] = shared
            self.log(event="table-reloaded", code=shared.code, game=shared.game_id)

    # -- one app's connection ----------------------------------------------------------------------
    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(writer)
        self.clients.add(client)
        task = asyncio.current_task()
        if task is not None:
            self.connections.add(task)
        try:
            while (line := await self._next_line(reader, client)) is not None:
                self.answer(client, line)
                if client.user is None:
                    return  # the hello failed: the connection is not anybody's
        except (ConnectionError, OSError):
            pass
        finally:
            self.clients.discard(client)
            self.leave(client)
            client.close()
            self.connections.discard(task)

    async def _next_line(self, reader: asyncio.StreamReader, client: Client) -> bytes | None:
        """The app's next line; None once the connection is over."""
        try:
            return await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError:
            return None  # the app went
        except asyncio.LimitOverrunError:
            client.send({"type": "bye", "reason": f"a message over {wire.MAX_REQUEST} bytes"})
            return None

    def answer(self, client: Client, line: bytes) -> None:
        """Carry out the request on `line`; whatever happens, the app hears of it. A failure inside
        the service is this request's only: logged in one line and refused like any other."""
        kind = "?"
        try:
            message = wire.decode(line)
            kind = message["type"] if message["type"] in wire.REQUESTS else "?"
            self.handle(client, message)
        except (wire.WireError, Refused) as exc:
            self._refuse(client, kind, str(exc))
        except Exception as exc:
            self.log(event="request-failed", type=kind, error=type(exc).__name__)
            self._refuse(client, kind, FAILED)

    def _refuse(self, client: Client, about: str, reason: str) -> None:
        if client.user is None:  # before the hello a refusal ends the connection
            client.send({"type": "bye", "reason": one_line(reason)})
        else:
            client.send({"type": "refused", "about": about, "reason": one_line(reason)})

    def handle(self, client: Client, message: dict[str, Any]) -> None:
        if client.user is None:
            self.hello(client, message)
            return
        wire.check(message)  # nothing of the message is used before
        handler = {
            "hello": self.hello_again,
            "open": self.open,
            "peek": self.peek,
            "join": self.join,
            "start": self.start_now,
            "act": self.act,
            "mine": self.mine,
            "view": self.view,
            "leave": self.leave_table,
        }[message["type"]]
        handler(client, message)

    def hello(self, client: Client, message: dict[str, Any]) -> None:
        """Who the connection is: the token its game was given says. Refused (and the connection
        closed) for anything else."""
        if message["type"] != "hello":
            raise Refused("say hello first")
        # the version before the shape: a newer app's hello may have fields this one lacks
        if message.get("version") != wire.VERSION:
            raise Refused(f"this server speaks version {wire.VERSION}")
        wire.check(message)
        user = self.tokens.get(message["token"])
        if user is None:
            raise Refused("unknown token")
        client.user = user
        client.send({"type": "welcome", "version": wire.VERSION, "user": user})

    def hello_again(self, client: Client, message: dict[str, Any]) -> None:
        raise Refused("This connection has said hello already.")

    # -- requests ----------------------------------------------------------------------------------
    def open(self, client: Client, message: dict[str, Any]) -> None:
        assert client.user is not None
        try:
            game = registry.get(message["game"])
        except KeyError:
            raise Refused("There is no such game.") from None
        given = message["seats"]
        if not game.min_players <= len(given) <= game.max_players:
            raise Refused(f"{game.title} is for {game.min_players} to {game.max_players} players.")
        places = [self._place(i, entry, client.user) for i, entry in enumerate(given)]
        if sum(p.user == client.user and p.kind == "player" for p in places) != 1:
            raise Refused("Sit at exactly one seat of the table you open.")
        try:
            options = dict(game.resolve_options(message.get("options") or {}))
        except ValueError as exc:
            raise Refused(str(exc)) from None
        opened = [
            t for t in self.tables.values() if t.opener == client.user and (t.playing or t.table is None)
        ]
        if len(opened) >= MOST_OPEN_TABLES:
            raise Refused(f"You have {len(opened)} tables open already: finish one first.")
        seed = message.get("seed")
        if seed is None:
            seed = new_seed()
        code = self._new_code()
        shared: SharedTable[Client] = SharedTable(code, game.id, places, options, seed, client.user)
        self.tables[code] = shared
        client.send({"type": "opened", "code": code})
        self.log(event="table-opened", code=code, game=game.id, user=client.user)
        self._sit(client, shared, shared.seat_of(client.user))

    def _place(self, i: int, entry: dict[str, Any], user: str) -> Place:
        """The seat `entry` asks for (its shape checked by wire.check), or Refused."""
        given = (entry.get("name") or "").strip()
        name = given or f"Seat {i + 1}"
        kind = entry["kind"]
        if kind == "me":
            return Place(name, "player", user)
        if kind == "open":
            return Place(name, "open")
        if kind == "user":
            who = entry.get("user")
            if not who:
                raise Refused(f"Seat {i + 1} is kept for a player: say which.")
            return Place(given or who, "reserved", who)
        level = entry.get("level")
        if level_named(level) not in (*LEVELS, "random"):
            raise Refused(f"Seat {i + 1}: there is no bot level {level!r}.")
        think = entry.get("think")
        return Place(name, "bot", bot=level, think=None if think is None else float(think))

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(wire.CODE_LETTERS) for _ in range(wire.CODE_LENGTH))
            if code not in self.tables and not (self.folder / f"{code}.json").exists():
                return code

    def _table(self, message: dict[str, Any]) -> SharedTable[Client]:
        code = message.get("code")
        shared = self.tables.get(wire.normal_code(code)) if isinstance(code, str) else None
        if shared is None:
            raise Refused("There is no table with that code.")
        return shared

    def peek(self, client: Client, message: dict[str, Any]) -> None:
        shared = self._table(message)
        client.send(
            {
                "type": "peek",
                "code": shared.code,
                "game": shared.game_id,
                "started": shared.table is not None,
                "seats": self._seats(shared),
                "spectators": self.spectators,
                "yours": shared.seat_of(client.user or ""),
            }
        )

    def join(self, client: Client, message: dict[str, Any]) -> None:
        assert client.user is not None
        shared = self._table(message)
        user = client.user
        wanted = message.get("seat")
        own = shared.seat_of(user)
        if own is not None:
            seat: int | None = own  # back to one's own seat, whichever was asked for
        elif wanted is None:
            if not self.spectators:
                raise Refused("This server does not let people watch tables.")
            seat = None
        else:
            if not 0 <= wanted < len(shared.places):
                raise Refused("There is no such seat.")
            place = shared.places[wanted]
            free = place.kind == "open" or (place.kind == "reserved" and place.user == user)
            if not free:
                if not any(p.kind == "open" for p in shared.places):
                    raise Refused("This table is full.")
                raise Refused(f"{place.name}'s seat is not free.")
            name = " ".join((message.get("name") or "").split())
            if shared.table is None and name:
                taken = {p.name.casefold() for i, p in enumerate(shared.places) if i != wanted}
                if name.casefold() in taken:
                    raise Refused(f"Somebody at this table is called {name}: choose another name.")
                place.name = name
            place.kind, place.user = "player", user
            seat = wanted
            self.log(event="table-joined", code=shared.code, user=user, seat=seat)
        self._sit(client, shared, seat)

    def start_now(self, client: Client, message: dict[str, Any]) -> None:
        shared = client.table
        if shared is None or shared.opener != client.user:
            raise Refused("Only the player who opened the table can start it.")
        if shared.table is not None:
            raise Refused("The game has started already.")
        for place in shared.places:
            if place.kind in ("open", "reserved"):
                place.kind, place.user, place.bot = "bot", None, "normal"
        self._changed(shared)

    def mine(self, client: Client, message: dict[str, Any]) -> None:
        found = []
        for shared in self.tables.values():
            seat = shared.seat_of(client.user or "")
            if seat is not None:
                over = shared.table is not None and shared.table.is_over()
                found.append({"code": shared.code, "game": shared.game_id, "seat": seat, "over": over})
        client.send({"type": "mine", "tables": found})

    def view(self, client: Client, message: dict[str, Any]) -> None:
        """The table as the client's seat sees it now (as the update after a change has it)."""
        shared = client.table
        if shared is None:
            raise Refused("You are not at a table.")
        client.send(self.update(shared, client.seat))

    def act(self, client: Client, message: dict[str, Any]) -> None:
        shared, seat = client.table, client.seat
        if shared is None:
            raise Refused("You are not at a table.")
        if seat is None:
            raise Refused("You are watching: only the players move.")
        asked = message.get("seat", seat)
        if asked != seat:
            raise Refused("You can only move for your own seat.")
        table = shared.table
        if table is None:
            raise Refused("The game has not started: not everybody is seated yet.")
        if table.is_over():
            raise Refused("The game is over.")
        if seat not in table.to_move():
            raise Refused("It is not your turn.")
        try:
            action = table.game.decode_action(message["action"])
        except Exception:  # a game's decoding meets a stranger's JSON: whatever it raises, no move
            raise Refused("That is not a move of this game.") from None
        try:
            table.act(seat, action)  # any failure of the rules comes back as IllegalAction
        except IllegalAction as exc:
            raise Refused(exc.reason) from None
        self._changed(shared)

    def leave_table(self, client: Client, message: dict[str, Any]) -> None:
        shared = client.table
        self.leave(client)
        client.send({"type": "left", "code": shared.code if shared is not None else None})

    def leave(self, client: Client) -> None:
        """`client` leaves its table: a player's seat is kept for `hold` seconds."""
        shared, seat = client.table, client.seat
        client.table = client.seat = None
        if shared is None or client not in shared.clients:
            return
        del shared.clients[client]
        if seat is not None and not shared.connected(seat):
            shared.away[seat] = time.monotonic() + self.hold
            self.log(event="table-left", code=shared.code, user=client.user, seat=seat)
        if not shared.clients:
            shared.empty_since = time.monotonic()
        self._broadcast(shared)
        if shared.table is not None and shared.table.is_over() and not shared.clients:
            self._forget(shared)

    # -- the table moving on -----------------------------------------------------------------------
    def _sit(self, client: Client, shared: SharedTable[Client], seat: int | None) -> None:
        if client.table is not None:
            self.leave(client)
        for other, other_seat in list(shared.clients.items()):
            if seat is not None and other_seat == seat:
                # the same player from somewhere else: this connection takes the seat over
                other.send({"type": "bye", "reason": "You joined this table from another terminal."})
                del shared.clients[other]
                other.table = other.seat = None
                other.close()
        client.table, client.seat = shared, seat
        shared.clients[client] = seat
        if seat is not None:
            shared.away.pop(seat, None)
        client.send({"type": "joined", "code": shared.code, "seat": seat})
        self._changed(shared)

    def _changed(self, shared: SharedTable[Client]) -> None:
        """After any change: start the game once everybody is seated, take formalities nobody is
        asked about, save, tell everybody, and set the bots going."""
        if shared.table is None and all(p.kind in ("player", "bot") for p in shared.places):
            shared.start()
            self.log(event="table-started", code=shared.code, game=shared.game_id)
        table = shared.table
        if table is not None:
            for _ in range(10_000):
                actor = table.next_actor()
                if actor is None or table.is_bot(actor) or not table.play_forced(actor):
                    break
            if table.is_over():
                self._finished(shared)
        self.save(shared)
        self._broadcast(shared)
        if table is not None and not table.is_over() and shared.bot_task is None:
            if any(table.is_bot(seat) for seat in table.to_move()):
                shared.bot_task = asyncio.ensure_future(self._bots_move(shared))

    async def _bots_move(self, shared: SharedTable[Client]) -> None:
        """Bots move while it is a bot's turn, a moment apart; the game moving on meanwhile (a
        player's move) makes the bot decide again. `_changed` starts no other task while this one
        runs."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                table = shared.table
                if table is None or table.is_over():
                    return
                seat = next((s for s in table.to_move() if table.is_bot(s)), None)
                if seat is None:
                    return
                await asyncio.sleep(self.bot_delay)
                try:
                    decision = table.bot_decision(seat)
                except IllegalAction:
                    continue  # it moved on while the bot waited
                try:
                    action = await loop.run_in_executor(self.bots, decision)
                except asyncio.CancelledError:
                    decision.halt()
                    raise
                played = table.bot_play(seat, action, decision.steps, decision.generation)
                if played is None and table.still_as_seen(decision):
                    # others moved meanwhile, out of the bot's sight (a secret split at the same
                    # time): its choice stands, rather than it thinking again for each such move
                    played = table.bot_play(seat, action, table.steps, table.generation)
                if played is not None:
                    self._changed(shared)
        finally:
            shared.bot_task = None

    def _finished(self, shared: SharedTable[Client]) -> None:
        """The game is over: each player finds it among their own saves too, to review."""
        table = shared.table
        assert table is not None
        if shared.filed:
            return
        shared.filed = True
        text = table.record.dumps()
        for place in shared.places:
            if place.kind == "player" and place.user:
                folder = saves.save_dir(self.users_root / place.user)
                with contextlib.suppress(OSError, ValueError):
                    private_folder(folder)
                    saves.write_atomic(
                        saves.new_save_path(shared.game_id, shared.seed, directory=folder), text
                    )
        self.log(event="table-over", code=shared.code)

    def _forget(self, shared: SharedTable[Client]) -> None:
        self.tables.pop(shared.code, None)
        saves.flush(self.file(shared), timeout=5)
        with contextlib.suppress(OSError):
            self.file(shared).unlink()

    async def _expire_holds(self) -> None:
        """Once a dropped player's hold runs out, the seat is open to anyone. A table nobody has
        been at for as long is closed when its game has not started or has ended."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for shared in list(self.tables.values()):
                if not shared.clients and not shared.playing and now - shared.empty_since > self.hold:
                    self._forget(shared)
                    continue
                gone = [seat for seat, deadline in shared.away.items() if deadline <= now]
                for seat in gone:
                    del shared.away[seat]
                    place = shared.places[seat]
                    if place.kind == "player" and not shared.connected(seat):
                        place.kind, place.user = "open", None
                        self.log(event="seat-freed", code=shared.code, seat=seat)
                if gone:
                    self._changed(shared)

    # -- what each app is told ---------------------------------------------------------------------
    def _seats(self, shared: SharedTable[Client]) -> list[dict[str, Any]]:
        now = time.monotonic()
        out = []
        for seat, place in enumerate(shared.places):
            entry = place.to_json()
            entry["here"] = shared.connected(seat)
            deadline = shared.away.get(seat)
            entry["away"] = None if deadline is None else max(0, round(deadline - now))
            out.append(entry)
        return out

    def _broadcast(self, shared: SharedTable[Client]) -> None:
        shared.seq += 1
        seats = self._seats(shared)
        for client, seat in shared.clients.items():
            client.send(self.update(shared, seat, seats))

    def update(
        self, shared: SharedTable[Client], seat: int | None, seats: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """The table as the app at `seat` (None: a watcher) may see it."""
        message: dict[str, Any] = {
            "type": "table",
            "code": shared.code,
            "seq": shared.seq,
            "game": shared.game_id,
            "seats": seats if seats is not None else self._seats(shared),
            "you": seat,
            "opener": shared.opener,
            "options": shared.options,
            "started": shared.table is not None,
        }
        table = shared.table
        if table is None:
            return message
        over = table.is_over()
        to_move = table.to_move()
        message.update(
            over=over,
            to_move=list(to_move),
            view=encode(table.view(seat)),
            legal=[a.to_json() for a in table.legal(seat)] if seat is not None else [],
            steps=[[step.seat, step.revealed] for step in table.record.steps],
            log=table.log_for(seat),
            context=list(table.context()),
        )
        if over:
            message["record"] = table.record.to_json()
        return message
