"""`boardgames-tui serve ssh`: the launcher on every SSH client's own terminal.

Each connection runs the app in a process of its own, on a pseudo-terminal of its own, with the
client's terminal type and size (resizes follow), and its saves and set-ups in a data directory of
its own user's. A connection can do nothing else: no shell, no command, no subsystem (SFTP), no
forwarding of ports, agents or X11, and no password or keyboard-interactive log-in. One
connection runs one game at a time; a connection with no game running is closed a few seconds
later, and one that has not logged in within `login_timeout` at once.

Who may connect: the public keys of an authorized_keys file, each under the user name the client
gives (letters, digits, `.`, `_`, `-`; anything else, such as `../x`, is refused). A key claims a
free name when it logs in with it, that is once it has signed (never when a client only asks
whether a key would do: anyone may know a public key); the fingerprint is written in that user's
folder (`ssh_keys`, one per line; more may be added there by hand), and other keys are then told
the name is taken. A key claims `names_per_key` names at most. Whether a key would do is answered
the same whatever the name's state, so nobody learns which names are taken without a listed key.
With `--allow-anonymous`, any key, and each key is a user of its own whatever name it gives.

Players at terminals of their own may share a table: the table service (`tables.py`) runs in this
process, and each game is given the way to it and a token that says which user it is.

When the client goes, or stops answering for `KEEPALIVE_INTERVAL * (KEEPALIVE_COUNT + 1)`
seconds, its game is told to stop (SIGHUP: it writes its last save and quits), then ended; the
game's process also dies with the server (a parent-death signal), so none is left behind. When
the game quits, the connection closes with its exit status. Every connection, logged in or not,
ends in one log line.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import functools
import hashlib
import math
import os
import pty
import re
import signal
import struct
import sys
import termios
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import asyncssh

from .. import saves
from .policy import IDLE_LINE, Admission, log_line, make_private, terminal_size
from .tables import StartError, TableService

# The user names a data directory may be made from: no path separator, no leading dot.
USER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")
# The client's environment that reaches the game, when the client sends it.
PASSED_ENV = ("COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE")
# After SIGHUP, the seconds a game has to save and quit before SIGTERM, then before SIGKILL.
HANGUP_GRACE = 2.0
TERM_GRACE = 1.0
# A client that sends nothing is asked every KEEPALIVE_INTERVAL seconds whether it is there; after
# KEEPALIVE_COUNT questions without an answer it is taken for gone (a frozen or cut-off client),
# so its game is saved and ended about 9 seconds after the last thing it sent.
KEEPALIVE_INTERVAL = 3.0
KEEPALIVE_COUNT = 2
# A logged-in connection with no game running (ssh -N, or a game that has ended) is closed after
# this many seconds: a connection that is not a game holds nothing here.
NO_GAME_GRACE = 5.0
# What puts a terminal back as it was when the game could not: leave the alternate screen, show
# the cursor, stop mouse and paste reporting, plain colours.
RESTORE_TERMINAL = b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[0m"
USAGE_LINE = "This server only runs boardgames-tui: connect with `ssh -t -p {port} {host}` and no command."


class ServeError(Exception):
    """A reason the server cannot start, in one line."""


def user_data_dir(root: Path, user: str) -> Path:
    """The data directory of SSH user `user` (already checked against USER_NAME)."""
    if not USER_NAME.fullmatch(user):
        raise ValueError(f"not a user name: {user!r}")
    return root / "ssh-users" / user


class NameRefused(Exception):
    """Why a key may not play under the name it gave (one line, for the player)."""


def _taken(user: str) -> NameRefused:
    return NameRefused(f"The name {user} belongs to another player's key: connect with a name of your own.")


def names_of(root: Path, fingerprint: str) -> list[str]:
    """The user names the key with `fingerprint` holds, in order."""
    found = []
    for path in sorted((root / "ssh-users").glob("*/ssh_keys")):
        with contextlib.suppress(OSError):
            if fingerprint in path.read_text().split():
                found.append(path.parent.name)
    return found


def claim(root: Path, user: str, key: asyncssh.SSHKey, names_per_key: int) -> bool:
    """Let `key`, which has just proved it holds its private half, be `user`: True when it claimed
    the name now, False when the name was its already. NameRefused when the name is another key's,
    or the key holds `names_per_key` names already."""
    path = user_data_dir(root, user) / "ssh_keys"
    fingerprint = key.get_fingerprint()
    try:
        known = path.read_text().split()
    except FileNotFoundError:
        known = None
    except OSError as exc:
        raise NameRefused(f"The name {user} cannot be checked now: try again later.") from exc
    if known is not None:
        if fingerprint in known:
            return False
        raise _taken(user)
    held = names_of(root, fingerprint)
    if len(held) >= names_per_key:
        names = ", ".join(held)
        raise NameRefused(
            f"Your key has its name{'s' * (len(held) != 1)} here already ({names}): connect as {held[0]}."
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".ssh_keys.{os.getpid()}.tmp")
    temp.write_text(fingerprint + "\n")
    try:
        os.link(temp, path)  # fails if another connection claimed the name meanwhile
    except FileExistsError:
        raise _taken(user) from None
    finally:
        temp.unlink()
    return True


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
    max_sessions: int = 8  # games at once
    max_per_player: int = 2  # games at once of one user
    idle_timeout: float = 30 * 60
    login_timeout: float = 20.0  # to log in, from the first byte; enough to type a key's passphrase
    max_startups: int = 10  # connections not yet logged in, at once
    names_per_key: int = 1  # user names one key may claim
    data_root: Path = field(default_factory=saves.data_dir)
    log: TextIO = sys.stderr
    seat_hold: float = 5 * 60  # a shared table keeps a dropped player's seat this long
    spectators: bool = False  # whether shared tables may be watched
    bot_delay: float = 0.6  # the pause before a bot moves at a shared table

    @property
    def startups_per_address(self) -> int:
        """Connections not yet logged in from one address: half of all, so that one address
        cannot keep everybody else out."""
        return max(1, math.ceil(self.max_startups / 2))


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
    """One client's connection, from its first byte to its log line: which key and user name it
    is let in with, whether it may play, and the one game it runs at a time."""

    def __init__(self, server: GameServer):
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.started = time.monotonic()
        self.waiting = False  # counted among the connections not yet let in
        self.offered: asyncssh.SSHKey | None = None  # the key asked about last
        self.user: str | None = None
        self.fingerprint: str | None = None
        self.admitted = False  # counted by the server's Admission
        self.refusal: str | None = None  # why this logged-in connection may not play
        self.playing = False
        self.game: dict[str, Any] = {}  # term, size and exit status of its game, for the log
        self.end: str | None = None  # how it ended, when something other than its game ended it
        self.lost = False
        self.logged = False
        self.no_game: asyncio.TimerHandle | None = None

    # -- asyncssh's questions ---------------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.peer = str(peer[0])
        conn.set_extra_info(game_connection=self)
        if self.server.waiting_room(self.peer):
            self.waiting = True
            self.server.waiting[self.peer] += 1
        else:
            self.end = "busy"
            # after asyncssh has sent its greeting, not in the middle of making the connection
            asyncio.get_running_loop().call_soon(conn.abort)

    def begin_auth(self, username: str) -> bool:
        return True  # every client authenticates

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Whether `key` may log in as `username` if it proves it holds the private half: asked
        first without a signature (the client's question), then with one. The answer depends on
        the key only, never on whose the name is: the name is claimed once the key has signed."""
        if not USER_NAME.fullmatch(username):
            return False
        if not (self.server.options.allow_anonymous or self._listed(key)):
            return False
        self.offered = key
        return True

    def _listed(self, key: asyncssh.SSHKey) -> bool:
        authorized = self.server.authorized
        if authorized is None:
            return False
        return authorized.validate(key, self.peer, self.peer) is not None

    def auth_completed(self) -> None:
        """The client signed with the key it offered last: now it may be a user, and play if the
        server has room."""
        assert self.conn is not None
        key = self.offered
        if key is None:  # no key was ever accepted: not a log-in of ours
            self.end = "no-key"
            self.conn.abort()
            return
        self.fingerprint = key.get_fingerprint()
        self.user, self.refusal = self.server.user_of(self.conn.get_extra_info("username"), key, self.peer)
        if self.refusal is None:
            self.refusal = self.server.admission.admit(self.user)
            self.admitted = self.refusal is None
        if self.admitted:
            self._let_in()
        self._close_unless_playing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if self.no_game is not None:
            self.no_game.cancel()
        if self.end is None:
            self.end = self._why_lost(exc)
        self._let_in()
        self._finish()

    def _why_lost(self, exc: Exception | None) -> str:
        text = str(exc or "")
        if "Login timeout" in text:
            return "login-timeout"
        if "keepalive" in text:
            return "no-answer"
        if self.fingerprint is None:
            return "not-logged-in"
        return "client-left"

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False  # no remote port forwarding

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False  # no local port forwarding

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    # -- its game ---------------------------------------------------------------------------------
    def game_started(self) -> None:
        self.playing = True
        if self.no_game is not None:
            self.no_game.cancel()
            self.no_game = None

    def game_ended(self, **fields: Any) -> None:
        self.playing = False
        self.game = fields
        if self.lost:
            self._finish()
        else:
            self._close_unless_playing()

    def _close_unless_playing(self) -> None:
        """A logged-in connection is for a game: with none running after a few seconds, it is
        closed (ssh -N, or a client that stays connected after its game)."""
        if self.no_game is not None:
            self.no_game.cancel()
        self.no_game = asyncio.get_running_loop().call_later(NO_GAME_GRACE, self._no_game)

    def _no_game(self) -> None:
        self.no_game = None
        if self.playing or self.conn is None or self.lost:
            return
        self.end = self.end or "no-game"
        self.conn.disconnect(
            asyncssh.DISC_BY_APPLICATION, "This server only runs games, and no game is running here."
        )

    def _end(self) -> str | None:
        """How the connection ended: its game's end, unless the connection's own end says more
        (the game only saw its client go; the connection knows it stopped answering)."""
        end = self.game.get("end")
        return self.end if end in (None, "client-left") else end

    def _let_in(self) -> None:
        """No longer among the connections waiting to be let in (logged in, or gone)."""
        if self.waiting:
            self.waiting = False
            self.server.waiting[self.peer] -= 1
            if self.server.waiting[self.peer] <= 0:
                del self.server.waiting[self.peer]

    def _finish(self) -> None:
        """The one log line, once the client is gone and its game has ended."""
        if self.logged or self.playing:
            return
        self.logged = True
        if self.admitted and self.user is not None:
            self.server.admission.release(self.user)
            self.admitted = False
        self.server.log(
            peer=self.peer,
            user=self.user,
            key=self.fingerprint,
            term=self.game.get("term"),
            size=self.game.get("size"),
            seconds=f"{time.monotonic() - self.started:.0f}",
            exit=self.game.get("exit"),
            end=self._end(),
        )


class GameServer:
    """The SSH server: `await start()`, then `await serve()` until it is closed."""

    def __init__(self, options: Options):
        self.options = options
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        self.admission = Admission(options.max_sessions, options.max_per_player)
        self.waiting: Counter[str] = Counter()  # connections not yet let in, by address
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
        make_private(options.data_root)
        host_key = load_host_key(options.data_root)
        try:
            await self.tables.start()
        except StartError as exc:  # another server on this data folder, say
            raise ServeError(str(exc)) from None
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
                gss_host=None,
                login_timeout=options.login_timeout,
                keepalive_interval=KEEPALIVE_INTERVAL,
                keepalive_count_max=KEEPALIVE_COUNT,
            )
        except OSError as exc:
            await self.tables.close()
            raise ServeError(
                f"cannot listen on {options.host}:{options.port}: {exc.strerror or exc}"
            ) from exc

    @property
    def port(self) -> int:
        assert self.acceptor is not None
        return int(self.acceptor.sockets[0].getsockname()[1])

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
        log_line(self.options.log, **fields)

    # -- who is let in ----------------------------------------------------------------------------
    def waiting_room(self, peer: str) -> bool:
        """Whether a new connection from `peer` may try to log in: a stranger who only opens
        connections holds at most `max_startups` of them, each for `login_timeout` seconds."""
        options = self.options
        if sum(self.waiting.values()) >= options.max_startups:
            return False
        return self.waiting[peer] < options.startups_per_address

    def user_of(self, name: str, key: asyncssh.SSHKey, peer: str) -> tuple[str, str | None]:
        """The user a key that has signed is, and why it may not play (None: it may)."""
        if self.options.allow_anonymous:
            return anonymous_user(key), None
        root, fingerprint = self.options.data_root, key.get_fingerprint()
        try:
            if claim(root, name, key, self.options.names_per_key):
                self.log(event="name-claimed", peer=peer, user=name, key=fingerprint)
        except NameRefused as exc:
            return name, str(exc)
        return name, None

    # -- one session ------------------------------------------------------------------------------
    async def session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        link: _Connection = process.get_extra_info("game_connection")
        term = process.get_terminal_type()
        columns, rows = terminal_size(*process.get_terminal_size()[:2])
        status, end = 1, "refused"
        if link.playing:
            # a second session on one connection (a multiplexing client): one game each
            self.say(process, "One game per connection: open another connection for another game.")
            process.exit(1)
            return
        link.game_started()
        try:
            status, end = await self.admit(process, link, term, columns, rows)
        except Exception as exc:  # a session's failure must not stop the server
            self.log(peer=link.peer, user=link.user, error=repr(exc))
            status, end = 1, "error"
        finally:
            with contextlib.suppress(Exception):
                process.exit(status)
            link.game_ended(term=term, size=f"{columns}x{rows}", exit=status, end=end)

    async def admit(
        self,
        process: asyncssh.SSHServerProcess[bytes],
        link: _Connection,
        term: str | None,
        columns: int,
        rows: int,
    ) -> tuple[int, str]:
        """Refuse what is not a game, with a line saying why; else play it. The exit status, and
        how the session ended."""
        host = self.options.host
        if link.refusal is not None:
            self.say(process, link.refusal)
            return 1, "refused"
        if process.command is not None or process.subsystem is not None:
            self.say(process, USAGE_LINE.format(port=self.port, host=host))
            return 1, "refused"
        if term is None:
            self.say(process, f"No terminal: use ssh -t -p {self.port} {host}")
            return 1, "refused"
        assert link.user is not None
        return await self.play(process, link.user, term, columns, rows)

    @staticmethod
    def say(process: asyncssh.SSHServerProcess[bytes], line: str) -> None:
        process.stdout.write(line.encode() + b"\r\n")

    async def play(
        self, process: asyncssh.SSHServerProcess[bytes], user: str, term: str, columns: int, rows: int
    ) -> tuple[int, str]:
        own = user_data_dir(self.options.data_root, user)
        env = {
            "TERM": _printable(term, 64) or "xterm",
            "LANG": "C.UTF-8",
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            # the player's own folder: nothing a game writes for its user lands among others'
            "HOME": str(own),
            saves.DATA_ENV: str(own),
            saves.SERVED_ENV: "ssh",
        }
        for name in PASSED_ENV:
            value = process.env.get(name)
            if isinstance(value, bytes):
                value = value.decode(errors="replace")
            if isinstance(value, str) and _printable(value, 64):
                env[name] = _printable(value, 64)
        own.mkdir(parents=True, exist_ok=True)
        token = self.tables.register(user)  # who this game is at the shared tables
        env.update(self.tables.env(token))
        try:
            return await self.run_game(process, env, columns, rows)
        finally:
            self.tables.revoke(token)

    async def run_game(
        self, process: asyncssh.SSHServerProcess[bytes], env: dict[str, str], columns: int, rows: int
    ) -> tuple[int, str]:
        master, slave = pty.openpty()
        _set_size(master, columns, rows)
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
        self, process: asyncssh.SSHServerProcess[bytes], child: asyncio.subprocess.Process, master: int
    ) -> tuple[int, str]:
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
                    _set_size(master, *terminal_size(change.width, change.height))
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
            return (code if code >= 0 else 128 - code), "game"
        loop.remove_reader(master)
        if watch.done():
            await self.end_game(child)
            with contextlib.suppress(Exception):
                process.stdout.write(RESTORE_TERMINAL)
                self.say(process, "\r\n" + IDLE_LINE)
            return 1, "idle"
        return 1, "client-left"

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


def _printable(text: str, most: int) -> str:
    """`text` when it is short plain text, else "": a client's terminal type and locale reach the
    game's environment only as such."""
    return text if len(text) <= most and text.isprintable() else ""


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
