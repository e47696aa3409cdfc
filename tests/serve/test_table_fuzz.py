"""The table service against whatever a stranger can send down its socket (the issue filed after an
attack on the server): random JSON of every shape for every request, entirely random JSON, and
random bytes, to a live service over its real Unix socket, before the hello and after it, from a
watcher and from the player whose turn it is.

Whatever comes, the service answers every line (or says bye and closes), logs no failure, goes on
serving another connection, and leaves every table as it was unless it took a move. Run with -s to
see how many messages were sent.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from boardgames_tui.play import wire
from boardgames_tui.rules import registry
from boardgames_tui.serve.tables import TableService

# Hundreds of fuzzed messages down a real socket; the in-process protocol tests stay quick.
pytestmark = pytest.mark.slow

WAIT = 10.0
# The requests and their fields as the protocol's docstring has them: written out here rather than
# taken from wire.py, so that the test does not trust the table it tests.
FIELDS: dict[str, tuple[str, ...]] = {
    "hello": ("version", "token"),
    "open": ("game", "seats", "options", "seed"),
    "peek": ("code",),
    "join": ("code", "seat", "name"),
    "start": (),
    "view": (),
    "act": ("action", "seat"),
    "mine": (),
    "leave": (),
}
# The requests with most to check come up most often.
KINDS_WEIGHED = [kind for kind in FIELDS for _ in range(1 + len(FIELDS[kind]))]
SEAT_FIELDS = ("kind", "name", "level", "think", "user")
ALL_FIELDS = sorted({"type", *SEAT_FIELDS, *(f for fields in FIELDS.values() for f in fields)})
# A line no fuzzed message is: the service refuses it, naming it, which tells the test that every
# line before it has been answered (the service answers in order).
SENTINEL = "no-such-request-here"
SENTINEL_LINE = wire.encode({"type": SENTINEL})
# The answers the service gives; anything else is a message the protocol does not have.
ANSWERS = {"welcome", "opened", "peek", "joined", "table", "refused", "mine", "left", "bye"}
# Of each kind, JSON and bytes: enough for every run of the suite to try every request type in
# many shapes; BOARDGAMES_TUI_FUZZ_EXAMPLES asks for a longer run (the figures in the README).
EXAMPLES = int(os.environ.get("BOARDGAMES_TUI_FUZZ_EXAMPLES", "500"))


class Raw:
    """JSON text written as it is: numbers Python's json will not write (5,000 digits, 1e999) and
    nesting deeper than it reads."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:  # hypothesis prints failing examples: a short form of a long text
        return f"Raw({self.text[:24]!r}… {len(self.text)} chars)"


def dump(value: Any, ascii_only: bool) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, list):
        return "[" + ",".join(dump(item, ascii_only) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (
            json.dumps(str(k), ensure_ascii=ascii_only) + ":" + dump(v, ascii_only) for k, v in value.items()
        )
        return "{" + ",".join(pairs) + "}"
    return json.dumps(value, ensure_ascii=ascii_only)


def line_of(value: Any, ascii_only: bool = True) -> bytes:
    # surrogatepass: a lone surrogate goes out as the bytes json.loads takes back for one
    return dump(value, ascii_only).encode("utf-8", "surrogatepass") + b"\n"


# -- what is sent ------------------------------------------------------------------------------------
HUGE = st.one_of(
    st.integers(4000, 6000).map(lambda n: Raw("9" * n)),
    st.sampled_from([Raw("1e999"), Raw("-1e999"), Raw("NaN"), Raw("-Infinity"), Raw("-0"), Raw("1E400")]),
)
DEEP = st.one_of(
    st.integers(100, 8000).map(lambda n: Raw("[" * n + "]" * n)),
    st.integers(100, 2000).map(lambda n: Raw('{"a":' * n + "1" + "}" * n)),
)
LONG = st.integers(17, 20_000).map(lambda n: "x" * n) | st.integers(17, 3000).map(lambda n: "é" * n)
CONTROL = st.builds(
    lambda before, bad, after: before + bad + after,
    st.sampled_from(["", "Ann", " "]),
    st.sampled_from(
        ["\x00", "\x07", "\x1b[2J", "\n", "\r", "\t", "\x7f", "\u2028", "\u200e", "\ud800", "\udfff"]
    )
    | st.text(st.characters(categories=["Cc", "Cf", "Zl", "Zp"]), min_size=1, max_size=3),
    st.sampled_from(["", "x", "Ben"]),
)
# Every kind of value a field may be given, right or wrong.
VALUE_KINDS = [
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
    HUGE,
    DEEP,
    LONG,
    CONTROL,
]
SCALARS = st.one_of(*VALUE_KINDS)
ANYTHING = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)
# A value where another was wanted, its kind chosen first: hypothesis, which never draws the same
# example twice, would otherwise mostly draw the kinds with the most values (texts, numbers).
WRONG = st.sampled_from(
    [
        *VALUE_KINDS,
        *[st.lists(ANYTHING, max_size=3), st.dictionaries(st.text(max_size=8), ANYTHING, max_size=3)] * 2,
    ]
).flatmap(lambda kind: kind)


def mostly(near: st.SearchStrategy) -> st.SearchStrategy:
    """`near` three times in four, anything at all the fourth."""
    return st.integers(0, 3).flatmap(lambda n: ANYTHING if n == 3 else near)


# -- requests the service takes as they are, and each with one thing wrong ---------------------------
# No "hard" bots: one thinks for up to a minute, which would only slow the test.
NAMES = st.sampled_from(["", "Ann", "Zed Z", "Émile", "  Bo  "])
LEVELS = st.sampled_from(["easy", "normal", "random", "smart"])
# Kinds of moves the games have, but no bare "pass": St. Petersburg would take it, and the player
# whose turn it is would have no turn left to be refused in.
ACTION = st.fixed_dictionaries(
    {"kind": st.sampled_from(["buy", "build", "start", "put", "spring", "nonsense"])},
    optional={k: SCALARS for k in ("row", "index", "card", "price", "replace", "colour", "x", "y")},
)


def seat_entry(users: list[str]) -> st.SearchStrategy:
    return st.one_of(
        st.fixed_dictionaries({"kind": st.just("open"), "name": NAMES}),
        st.fixed_dictionaries(
            {"kind": st.just("bot"), "name": NAMES, "level": LEVELS, "think": st.sampled_from([None, 0.5, 1])}
        ),
        st.fixed_dictionaries({"kind": st.just("user"), "user": st.sampled_from(users)}),
    )


@st.composite
def opening(draw: st.DrawFn, users: list[str]) -> dict[str, Any]:
    game = registry.get(draw(st.sampled_from(registry.ids())))
    seats = draw(st.lists(seat_entry(users), min_size=game.min_players - 1, max_size=game.max_players - 1))
    seats.insert(draw(st.integers(0, len(seats))), {"kind": "me", "name": draw(NAMES)})
    options = {
        spec.key: draw(st.sampled_from([choice[0] for choice in spec.choices]))
        for spec in game.options
        if draw(st.booleans())
    }
    seed = draw(st.integers(0, 10**6))
    return {"type": "open", "game": game.id, "seats": seats, "options": options, "seed": seed}


def valid_requests(codes: list[str], users: list[str]) -> st.SearchStrategy:
    """Requests in the shape the protocol gives them (the tables' state may still refuse them)."""
    code = st.sampled_from(codes) | st.sampled_from([c.lower() for c in codes]) | st.just("ZZZZZ")
    return st.one_of(
        st.fixed_dictionaries(
            {"type": st.just("hello"), "version": st.just(wire.VERSION), "token": st.text(max_size=32)}
        ),
        opening(users),
        st.fixed_dictionaries({"type": st.just("peek"), "code": code}),
        st.fixed_dictionaries(
            {"type": st.just("join"), "code": code, "seat": st.none() | st.integers(0, 4), "name": NAMES}
        ),
        st.fixed_dictionaries({"type": st.just("act"), "action": ACTION}),
        st.sampled_from(["start", "view", "mine", "leave"]).map(lambda kind: {"type": kind}),
    )


def paths(value: Any, at: tuple = ()) -> list[tuple]:
    """Where every value inside `value` is: a key or an index at each level."""
    inside = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    found = []
    for key, item in inside:
        found.append((*at, key))
        found += paths(item, (*at, key))
    return found


@st.composite
def one_wrong(draw: st.DrawFn, valid: st.SearchStrategy) -> Any:
    """A valid request with one thing wrong, anywhere in it: a value of any other shape, a field
    left out, or a field that is no field."""
    message = draw(valid)
    found = paths(message)
    depth = draw(st.sampled_from(sorted({len(path) for path in found})))  # deep as often as not
    where = draw(st.sampled_from([path for path in found if len(path) == depth]))
    parent = message
    for key in where[:-1]:
        parent = parent[key]
    how = draw(st.integers(0, 5))
    if how == 0:
        del parent[where[-1]]
    elif how == 1 and isinstance(parent, dict):
        parent[draw(st.sampled_from(ALL_FIELDS) | st.text(max_size=8))] = draw(WRONG)
    else:
        parent[where[-1]] = draw(WRONG)
    return message


@st.composite
def free_request(draw: st.DrawFn) -> dict[str, Any]:
    """A request of a known type (mostly) with any of the known fields, each holding anything."""
    kind = draw(mostly(st.sampled_from(KINDS_WEIGHED)))
    known = FIELDS.get(kind, ()) if isinstance(kind, str) else ()
    chosen = [f for f in known if draw(st.booleans())]
    chosen += draw(st.lists(st.sampled_from(ALL_FIELDS) | st.text(max_size=8), max_size=2))
    message = {} if draw(st.integers(0, 19)) == 0 else {"type": kind}  # now and then no type
    for field in chosen:
        message[field] = draw(ANYTHING)
    return message


def requests(codes: list[str], users: list[str]) -> st.SearchStrategy:
    valid = valid_requests(codes, users)
    wrong = one_wrong(valid)
    return st.one_of(wrong, wrong, wrong, free_request(), valid, ANYTHING)  # mostly one thing wrong


RAW_BYTES = st.one_of(
    st.binary(max_size=200),
    st.lists(st.binary(max_size=60), min_size=2, max_size=6).map(b"\n".join),
    st.integers(wire.MAX_REQUEST - 64, wire.MAX_REQUEST + 256).map(lambda n: b"x" * n + b"\n"),
    st.integers(wire.MAX_REQUEST - 8, 3 * wire.MAX_REQUEST).map(lambda n: b"y" * n),  # never a newline
    st.builds(
        lambda head, inside: head + inside + b'"}\n',
        st.sampled_from([b'{"type":"peek","code":"', b'{"type":"join","code":"X","name":"', b'{"type":"']),
        st.binary(max_size=40),
    ),
)


# -- the live service --------------------------------------------------------------------------------
class LiveService:
    """A TableService on an event loop of its own in a thread of its own, as the SSH server runs
    it, with everything it logs and every error its loop reports kept."""

    def __init__(self, root: Path):
        self.events: list[dict[str, Any]] = []
        self.loop_errors: list[str] = []
        self.loop = asyncio.new_event_loop()
        self.loop.set_exception_handler(self._loop_error)
        self.thread = threading.Thread(target=self.loop.run_forever, name="table-service", daemon=True)
        self.thread.start()
        self.service = TableService(root, hold=3600, spectators=True, bot_delay=0, log=self._log)
        self.run(self.service.start())

    def _log(self, **fields: Any) -> None:
        self.events.append(fields)

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        self.loop_errors.append(f"{context.get('message')}: {context.get('exception')!r}")

    def run(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(WAIT * 3)

    def call(self, function: Callable[[], Any]) -> Any:
        """`function()` run on the service's loop, between two of its steps."""

        async def call() -> Any:
            return function()

        return self.run(call())

    def token(self, user: str) -> str:
        return self.call(lambda: self.service.register(user))

    def snapshot(self, codes: list[str]) -> dict[str, str]:
        tables = self.service.tables
        return self.call(lambda: {c: json.dumps(tables[c].to_json(), sort_keys=True) for c in codes})

    def failures(self) -> list[str]:
        failed = [str(e) for e in self.events if e.get("event") == "request-failed"]
        return failed + self.loop_errors

    def close(self) -> None:
        try:
            self.run(self.service.close())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(WAIT)
            self.loop.close()


class Conn:
    """One connection as a plain blocking socket, reading the service's answers line by line."""

    def __init__(self, path: Path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(WAIT)
        self.sock.connect(str(path))
        self.buffer = b""
        self.ended = False

    def send(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the service closed the connection (a line too long): its bye is still to read

    def receive(self) -> dict[str, Any] | None:
        """The next answer; None once the service has closed the connection. A silent service
        fails the test (socket.timeout)."""
        while b"\n" not in self.buffer:
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                self.ended = True
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        message = json.loads(line)
        assert message.get("type") in ANSWERS, message
        if message["type"] in ("refused", "bye"):
            reason = message.get("reason")
            assert isinstance(reason, str) and reason.isprintable() and len(reason) < 300, message
        return message

    def expect(self, kind: str) -> dict[str, Any]:
        while True:
            message = self.receive()
            assert message is not None, f"the service closed the connection waiting for {kind}"
            if message["type"] == kind:
                return message

    def hello(self, token: str) -> None:
        self.send(wire.encode({"type": "hello", "version": wire.VERSION, "token": token}))
        self.expect("welcome")

    def close(self) -> None:
        self.sock.close()


def is_sentinel(message: dict[str, Any]) -> bool:
    return message["type"] == "refused" and SENTINEL in str(message.get("reason"))


def exchange(live: LiveService, hello: str | None, code: str | None, seat: int | None, data: bytes) -> int:
    """Send `data` on a new connection (after a hello as `hello`, sat at `code`'s `seat` when given)
    and check what comes back; the number of messages sent."""
    conn = Conn(live.service.path)
    try:
        if hello is not None:
            conn.hello(live.token(hello))
        if code is not None:
            conn.send(wire.encode({"type": "join", "code": code, "seat": seat}))
            conn.expect("joined")
            conn.expect("table")
        lines = data.count(b"\n")
        at_eof = not data.endswith(b"\n") and len(data) % 2 == 0  # now and then the data just stops
        if at_eof:
            conn.send(data)
            conn.sock.shutdown(socket.SHUT_WR)
        else:
            if not data.endswith(b"\n"):
                data, lines = data + b"\n", lines + 1
            conn.send(data + SENTINEL_LINE)
        answers = []
        while (message := conn.receive()) is not None and not is_sentinel(message):
            answers.append(message)
        said_bye = any(m["type"] == "bye" for m in answers)
        if said_bye:
            assert answers[-1]["type"] == "bye" and conn.ended, answers  # bye is the last word
        if hello is None:
            assert said_bye or not lines, answers  # before the hello, a line is answered by a bye
        elif not said_bye:
            # every line answered (one may be answered by more: joined, then the table)
            assert len(answers) >= lines, (lines, answers)
            assert at_eof or not conn.ended, "the connection was closed without a word"
        return lines + (not data.endswith(b"\n"))
    finally:
        conn.close()


class Checked:
    """The tables set up before fuzzing, a healthy connection of another user, and the checks
    after every example."""

    def __init__(self, live: LiveService):
        self.live = live
        self.sent = 0
        self.seconds = 0.0
        self.codes = [
            self.table("rialto", "ann", ["ben"]),
            self.table("macao", "cat", ["dan", "eve"]),
            self.table("st_petersburg", "sam", ["tom"]),
        ]
        moving = self.live.call(lambda: live.service.tables[self.codes[2]].table.to_move()[0])
        self.mover = ("sam", "tom")[moving]
        self.mover_seat = moving
        self.healthy = Conn(live.service.path)
        self.healthy.hello(live.token("hal"))
        self.before = live.snapshot(self.codes)

    def table(self, game: str, opener: str, guests: list[str]) -> str:
        """A table opened by `opener` with every other seat taken by `guests`: started, nobody
        left to join it. Their connections close; their seats are held (for an hour)."""
        conns = [Conn(self.live.service.path)]
        conns[0].hello(self.live.token(opener))
        seats = [{"kind": "me", "name": opener.title()}] + [{"kind": "open"} for _ in guests]
        conns[0].send(wire.encode({"type": "open", "game": game, "seats": seats, "seed": 11}))
        code = conns[0].expect("opened")["code"]
        for seat, guest in enumerate(guests, start=1):
            conns.append(Conn(self.live.service.path))
            conns[-1].hello(self.live.token(guest))
            conns[-1].send(wire.encode({"type": "join", "code": code, "seat": seat, "name": guest.title()}))
            conns[-1].expect("joined")
        while not conns[0].expect("table")["started"]:
            pass
        for conn in conns:
            conn.close()
        return code

    def send(self, state: str, data: bytes) -> None:
        started = time.monotonic()
        if state == "before hello":
            self.sent += exchange(self.live, None, None, None, data)
        elif state == "after hello":
            self.sent += exchange(self.live, "zed", None, None, data)
        else:  # the player whose turn it is, at their table
            self.sent += exchange(self.live, self.mover, self.codes[2], self.mover_seat, data)
        self.seconds += time.monotonic() - started
        self.check()

    def check(self) -> None:
        assert not self.live.failures(), self.live.failures()
        self.healthy.send(wire.encode({"type": "mine"}))
        assert self.healthy.expect("mine")["tables"] == []
        now = self.live.snapshot(self.codes)
        for code in self.codes[:2]:
            assert now[code] == self.before[code], f"table {code} changed"
        mover = self.codes[2]
        if now[mover] != self.before[mover]:
            # the mover's table changes only by a move the service took: the seats stay, the
            # record grows; from then on it is not the mover's turn and everything is refused
            old, new = json.loads(self.before[mover]), json.loads(now[mover])
            assert new["places"] == old["places"] and new["options"] == old["options"]
            old_moves, new_moves = old["record"].pop("actions"), new["record"].pop("actions")
            assert new["record"] == old["record"] and new_moves[: len(old_moves)] == old_moves
            self.before[mover] = now[mover]


FIVE_THOUSAND_DIGITS = Raw("9" * 5000)


def test_nothing_sent_down_the_socket_breaks_the_service(tmp_path, caplog, capfd, record_property):
    caplog.set_level(logging.WARNING)
    live = LiveService(tmp_path)
    try:
        checked = Checked(live)
        fuzz = settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=[
                HealthCheck.too_slow,
                HealthCheck.data_too_large,
                HealthCheck.large_base_example,
            ],
        )
        states = st.sampled_from(["before hello", "after hello", "seated"])

        @fuzz
        @given(
            state=states,
            messages=st.lists(requests(checked.codes, ["ann", "zed", "nobody"]), min_size=1, max_size=3),
            ascii_only=st.booleans(),
        )
        @example(
            state="after hello",
            messages=[{"type": "peek", "code": "A", "n": FIVE_THOUSAND_DIGITS}],
            ascii_only=True,
        )
        @example(
            state="before hello",
            messages=[{"type": "hello", "version": FIVE_THOUSAND_DIGITS}],
            ascii_only=True,
        )
        @example(
            state="after hello",
            messages=[
                {
                    "type": "open",
                    "game": "rialto",
                    "seats": [{"kind": "me"}, {"kind": "bot", "level": ["easy"]}],
                }
            ],
            ascii_only=True,
        )
        @example(state="seated", messages=[{"type": "leave"}], ascii_only=True)  # unanswered once
        def json_lines(state: str, messages: list[Any], ascii_only: bool) -> None:
            checked.send(state, b"".join(line_of(m, ascii_only) for m in messages))

        @fuzz
        @given(state=states, data=RAW_BYTES)
        def raw_bytes(state: str, data: bytes) -> None:
            checked.send(state, data)

        json_lines()
        raw_bytes()
        checked.healthy.close()
    finally:
        live.close()
    assert not live.failures()
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert not logged, logged
    printed = capfd.readouterr()
    assert "Traceback" not in printed.out + printed.err
    record_property("messages", checked.sent)
    with capfd.disabled():
        print(f"\n0 crashes in {checked.sent} messages ({checked.seconds:.1f} s at the socket)")
