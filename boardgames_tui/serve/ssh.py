"""`boardgames-tui serve ssh`: the launcher on every SSH client's own terminal.

Each connection runs the app in a process of its own, on a pseudo-terminal of its own, with the
client's terminal type and size (resizes follow), and its saves and set-ups in a data directory of
its own user's. A connection can do nothing else: no shell, no command, no subsystem (SFTP), no
forwarding of ports, agents or X11, and no password or keyboard-interactive log-in.

Who may connect: the public keys of an authorized_keys file, each under the user name the client
gives (letters, digits, `.`, `_`, `-`; anything else, such as `../x`, is refused). The first key
to use a name claims it: its fingerprint is written in that user's folder (`ssh_keys`, one per
line; more may be added there by hand), and other keys are refused that name, so a player with a
key of their own cannot open another's saves. With `--allow-anonymous`, any key, and each key is a
user of its own whatever name it gives.

Players at terminals of their own may share a table: the table service (`tables.py`) runs in this
process, and each game is given the way to it and a token that says which user it is.

When the client goes, its game is told to stop (SIGHUP: it writes its last save and quits), then
ended; the game's process also dies with the server (a parent-death signal), so none is left
behind. When the game quits, the connection closes with its exit status.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import functools
import hashlib
import os
import pty
import re
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import asyncssh

from .. import saves
from .tables import TableService

# The user names a data directory may be made from: no path separator, no leading dot.
USER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")
# The client's environment that reaches the game, when the client sends it.
PASSED_ENV = ("COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE")
# After SIGHUP, the seconds a game has to save and quit before SIGTERM, then before SIGKILL.
HANGUP_GRACE = 2.0
TERM_GRACE = 1.0
# What puts a terminal back as it was when the game could not: leave the alternate screen, show
# the cursor, stop mouse and paste reporting, plain colours.
RESTORE_TERMINAL = b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[0m"
USAGE_LINE = "This server only runs boardgames-tui: connect with `ssh -t -p {port} {host}` and no command."


class ServeError(Exception):
    """A reason the server cannot start, in one line."""


def parse_duration(text: str) -> float:
    """'30m', '90s', '2h' or plain seconds -> seconds (0: never)."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if not match:
        raise ValueError(f"a duration is a number with s, m or h after it (30m), not '{text}'")
    number, unit = float(match.group(1)), match.group(2)
    return number * {"": 1, "s": 1, "m": 60, "h": 3600}[unit]


def user_data_dir(root: Path, user: str) -> Path:
    """The data directory of SSH user `user` (already checked against USER_NAME)."""
    if not USER_NAME.fullmatch(user):
        raise ValueError(f"not a user name: {user!r}")
    return root / "ssh-users" / user


def claims(root: Path, user: str, key: asyncssh.SSHKey) -> bool:
    """Whether `key` may be `user`: it is one of the user's keys, or the name is still free (the
    key then claims it)."""
    path = user_data_dir(root, user) / "ssh_keys"
    fingerprint = key.get_fingerprint()
    try:
        known = path.read_text().split()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".ssh_keys.{os.getpid()}.tmp")
        temp.write_text(fingerprint + "\n")
        try:
            os.link(temp, path)  # fails if another connection claimed the name meanwhile
        except FileExistsError:
            known = path.read_text().split()
        else:
            return True
        finally:
            temp.unlink()
    except OSError:
        return False
    return fingerprint in known


def anonymous_user(key: asyncssh.SSHKey) -> str:
    """The user an anonymous key stands for: the same key, the same saves."""
    return "key-" + hashlib.sha256(key.public_data).hexdigest()[:16]


def load_host_key(root: Path) -> asyncssh.SSHKey:
    """The server's host key from the data directory, made on the first start (mode 0600), so that
    clients see the same key every time. A key file that cannot be read stops the server rather
    than being replaced: replacing it would make every client warn of an impostor."""
    path = root / "ssh" / "host_key"
    if path.exists():
        try:
            return asyncssh.read_private_key(path)
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise ServeError(f"cannot read the host key {path}: {exc}; it was left as it is") from exc
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return key


def read_authorized_keys(path: Path | None) -> asyncssh.SSHAuthorizedKeys | None:
    """The keys of an authorized_keys file (OpenSSH's format, its from= option included)."""
    if path is None:
        return None
    try:
        return asyncssh.read_authorized_keys(str(path))
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise ServeError(f"cannot read the authorized keys {path}: {exc}") from exc


@dataclass
class Options:
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    allow_anonymous: bool = False
    max_sessions: int = 8
    idle_timeout: float = 30 * 60
    data_root: Path = field(default_factory=saves.data_dir)
    log: TextIO = sys.stderr
    seat_hold: float = 5 * 60  # a shared table keeps a dropped player's seat this long
    spectators: bool = False  # whether shared tables may be watched
    bot_delay: float = 0.6  # the pause before a bot moves at a shared table


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(columns, 1), 0, 0))


def _in_the_child(server: int) -> None:
    """Run in the game's process before it starts: the pseudo-terminal (its stdin) becomes its
    controlling terminal, the signals a server under nohup ignores are heeded again, and the
    game dies with the server (`server`, its pid) — also when the server went between the fork
    and the request, which would never send the signal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    for signum in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGPIPE):
        signal.signal(signum, signal.SIG_DFL)
    with contextlib.suppress(Exception):
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, int(signal.SIGTERM))
    if os.getppid() != server:
        os._exit(1)


class _Connection(asyncssh.SSHServer):
    """One client's log-in: which keys and user names are let in."""

    def __init__(self, server: GameServer):
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        return True  # every client authenticates

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if not USER_NAME.fullmatch(username):
            return False
        authorized = self.server.authorized
        if self.server.options.allow_anonymous:
            user = anonymous_user(key)
        elif (
            authorized is not None
            and self.conn is not None
            and self._listed(authorized, key)
            and claims(self.server.options.data_root, username, key)
        ):
            user = username
        else:
            return False
        if self.conn is not None:
            self.conn.set_extra_info(game_user=user, key_fingerprint=key.get_fingerprint())
        return True

    def _listed(self, authorized: asyncssh.SSHAuthorizedKeys, key: asyncssh.SSHKey) -> bool:
        assert self.conn is not None
        peer = self.conn.get_extra_info("peername") or ("", 0)
        return authorized.validate(key, str(peer[0]), str(peer[0])) is not None

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False  # no remote port forwarding

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False  # no local port forwarding

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


class GameServer:
    """The SSH server: `await start()`, then `await serve()` until it is closed."""

    def __init__(self, options: Options):
        self.options = options
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        self.sessions = 0
        self.children: set[asyncio.subprocess.Process] = set()
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.tables = TableService(
            options.data_root,
            hold=options.seat_hold,
            spectators=options.spectators,
            bot_delay=options.bot_delay,
            log=self.log,
        )

    async def start(self) -> None:
        options = self.options
        if not options.allow_anonymous and options.authorized_keys is None:
            raise ServeError("give --authorized-keys FILE, or --allow-anonymous to let anyone play")
        self.authorized = read_authorized_keys(options.authorized_keys)
        host_key = load_host_key(options.data_root)
        await self.tables.start()
        try:
            self.acceptor = await asyncssh.create_server(
                lambda: _Connection(self),
                options.host,
                options.port,
                server_host_keys=[host_key],
                process_factory=self.session,
                encoding=None,
                line_editor=False,
                agent_forwarding=False,
                x11_forwarding=False,
                allow_scp=False,
                keepalive_interval=15,
                keepalive_count_max=4,
            )
        except OSError as exc:
            raise ServeError(
                f"cannot listen on {options.host}:{options.port}: {exc.strerror or exc}"
            ) from exc

    @property
    def port(self) -> int:
        assert self.acceptor is not None
        return self.acceptor.sockets[0].getsockname()[1]

    async def serve(self) -> None:
        assert self.acceptor is not None
        try:
            await self.acceptor.wait_closed()
        finally:
            await self.close()

    async def close(self) -> None:
        if self.acceptor is not None:
            self.acceptor.close()
        await asyncio.gather(*(self.end_game(child) for child in list(self.children)))
        await self.tables.close()

    def log(self, **fields: Any) -> None:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
        words = " ".join(f"{key}={value}" for key, value in fields.items())
        print(f"{stamp} {words}", file=self.options.log, flush=True)

    # -- one connection ------------------------------------------------------------------------
    async def session(self, process: asyncssh.SSHServerProcess) -> None:
        started = time.monotonic()
        user = process.get_extra_info("game_user") or "?"
        fingerprint = process.get_extra_info("key_fingerprint") or "?"
        term = process.get_terminal_type()
        columns, rows = process.get_terminal_size()[:2]
        status = 1
        try:
            status = await self.admit(process, user, term, columns, rows)
        except Exception as exc:  # a session's failure must not stop the server
            self.log(user=user, error=repr(exc))
            status = 1
        finally:
            with contextlib.suppress(Exception):
                process.exit(status)
            self.log(
                user=user,
                key=fingerprint,
                term=term or "-",
                size=f"{columns}x{rows}",
                seconds=f"{time.monotonic() - started:.0f}",
                exit=status,
            )

    async def admit(
        self, process: asyncssh.SSHServerProcess, user: str, term: str | None, columns: int, rows: int
    ) -> int:
        """Refuse what is not a game, with a line saying why; else play it."""
        host = self.options.host
        if process.command is not None or process.subsystem is not None:
            self.say(process, USAGE_LINE.format(port=self.port, host=host))
            return 1
        if term is None:
            self.say(process, f"No terminal: use ssh -t -p {self.port} {host}")
            return 1
        if self.sessions >= self.options.max_sessions:
            running = f"{self.sessions} game{'s' * (self.sessions != 1)} running"
            self.say(process, f"The server is full ({running}): try again later.")
            return 1
        self.sessions += 1
        try:
            return await self.play(process, user, term, columns, rows)
        finally:
            self.sessions -= 1

    @staticmethod
    def say(process: asyncssh.SSHServerProcess, line: str) -> None:
        process.stdout.write(line.encode() + b"\r\n")

    async def play(
        self, process: asyncssh.SSHServerProcess, user: str, term: str, columns: int, rows: int
    ) -> int:
        env = {
            "TERM": term,
            "LANG": "C.UTF-8",
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.options.data_root),
            saves.DATA_ENV: str(user_data_dir(self.options.data_root, user)),
        }
        for name in PASSED_ENV:
            value = process.env.get(name)
            if isinstance(value, str | bytes):
                env[name] = value.decode() if isinstance(value, bytes) else value
        token = self.tables.register(user)  # who this game is at the shared tables
        env.update(self.tables.env(token))
        try:
            return await self.run_game(process, env, columns, rows)
        finally:
            self.tables.revoke(token)

    async def run_game(
        self, process: asyncssh.SSHServerProcess, env: dict[str, str], columns: int, rows: int
    ) -> int:
        master, slave = pty.openpty()
        _set_size(master, columns or 80, rows or 24)
        try:
            child = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "boardgames_tui",
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
                preexec_fn=functools.partial(_in_the_child, os.getpid()),
            )
        finally:
            os.close(slave)
        self.children.add(child)
        try:
            return await self.connect(process, child, master)
        finally:
            self.children.discard(child)
            await self.end_game(child)
            os.close(master)

    async def connect(
        self, process: asyncssh.SSHServerProcess, child: asyncio.subprocess.Process, master: int
    ) -> int:
        """Copy keys to the game and its screen back until one side ends; the game's exit status,
        or 1 when the client went or was idle too long."""
        loop = asyncio.get_running_loop()
        os.set_blocking(master, False)
        screen_done = asyncio.Event()
        last_key = time.monotonic()

        def screen_output() -> None:
            try:
                data = os.read(master, 65536)
            except BlockingIOError:
                return
            except OSError:  # EIO: the game closed its terminal
                data = b""
            if not data:
                loop.remove_reader(master)
                screen_done.set()
                return
            with contextlib.suppress(Exception):
                process.stdout.write(data)

        loop.add_reader(master, screen_output)

        async def keys() -> None:
            nonlocal last_key
            while True:
                try:
                    data = await process.stdin.read(65536)
                except asyncssh.TerminalSizeChanged as change:
                    _set_size(master, change.width, change.height)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                if not data:
                    return  # the client is gone
                last_key = time.monotonic()
                await _write_all(master, data)

        async def idle() -> None:
            limit = self.options.idle_timeout
            if limit <= 0:
                await asyncio.Event().wait()
            while time.monotonic() - last_key < limit:
                await asyncio.sleep(min(limit, 5.0))

        game = asyncio.ensure_future(child.wait())
        client = asyncio.ensure_future(keys())
        watch = asyncio.ensure_future(idle())
        try:
            await asyncio.wait({game, client, watch}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            client.cancel()
            watch.cancel()
        if game.done():
            # the last of the screen (the terminal put back) before the connection closes
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(screen_done.wait(), 1.0)
            loop.remove_reader(master)
            code = game.result()
            return code if code >= 0 else 128 - code
        loop.remove_reader(master)
        if watch.done():
            await self.end_game(child)
            with contextlib.suppress(Exception):
                process.stdout.write(RESTORE_TERMINAL)
                self.say(process, "\r\nNo key for too long: the game was saved and closed.")
        return 1

    async def end_game(self, child: asyncio.subprocess.Process) -> None:
        """Ask the game to save and quit, then make it."""
        for signum, grace in (
            (signal.SIGHUP, HANGUP_GRACE),
            (signal.SIGTERM, TERM_GRACE),
            (signal.SIGKILL, 5.0),
        ):
            if child.returncode is not None:
                return
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signum)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(child.wait(), grace)


async def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        try:
            written = os.write(fd, view)
        except BlockingIOError:
            await asyncio.sleep(0.01)  # the game has not read its keys yet
            continue
        view = view[written:]


def run(options: Options) -> int:
    """Serve until interrupted (Ctrl+C or SIGTERM); 0 then, 1 when the server cannot start."""

    async def main() -> int:
        server = GameServer(options)
        await server.start()
        server.log(event="listening", host=options.host, port=server.port)
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        serving = asyncio.ensure_future(server.serve())
        await stop.wait()
        await server.close()
        serving.cancel()
        server.log(event="stopped")
        return 0

    try:
        return asyncio.run(main())
    except ServeError as exc:
        print(f"boardgames-tui: {exc}", file=sys.stderr)
        return 1
