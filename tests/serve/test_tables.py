"""The table service (serve/tables.py) through its socket, as games started by the SSH server
speak to it: tables opened and joined, moves taken only from their own seat, every refusal, a
dropped player rejoining, a restart, and many tables at once; what a stranger's program may send
instead (test_table_fuzz.py sends much more), and where the socket lives."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import socket
import stat
import tempfile
import threading
from pathlib import Path

import pytest

from boardgames_tui import saves
from boardgames_tui.play import wire
from boardgames_tui.play.remote import Link, LinkError
from boardgames_tui.rules import registry
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.rules.view import encode
from boardgames_tui.serve.tables import FAILED, SocketInUse, StartError, TableService, socket_path

WAIT = 20.0


class Player:
    """One game's connection, keeping the newest table update."""

    def __init__(self, link: Link):
        self.link = link
        self.update: dict | None = None
        self.seqs: list[int] = []
        self.code = ""

    @classmethod
    async def connect(cls, service: TableService, user: str) -> Player:
        return cls(await Link.connect(str(service.path), service.register(user)))

    async def expect(self, kind: str) -> dict:
        """Read until a message of `kind` comes (table updates on the way are kept)."""
        while True:
            message = await asyncio.wait_for(self.link.receive(), WAIT)
            assert message is not None, f"the service closed the connection waiting for {kind}"
            if message["type"] == "table":
                self.update = message
                self.seqs.append(message["seq"])
            if message["type"] == kind:
                return message
            assert message["type"] in ("table", "joined", "opened"), message

    async def until(self, check) -> dict:
        while self.update is None or not check(self.update):
            await self.expect("table")
        return self.update

    async def open(self, game: str, seats: list[dict], **extra) -> str:
        self.link.send({"type": "open", "game": game, "seats": seats, **extra})
        self.code = (await self.expect("opened"))["code"]
        await self.expect("joined")
        return self.code

    async def join(self, code: str, seat: int | None, name: str = "") -> dict:
        self.link.send({"type": "join", "code": code, "seat": seat, "name": name})
        self.code = code
        return await self.expect("joined")

    async def refusal(self, message: dict) -> str:
        self.link.send(message)
        return (await self.expect("refused"))["reason"]


@pytest.fixture
async def service(tmp_path):
    started = TableService(tmp_path, hold=30, spectators=True, bot_delay=0)
    await started.start()
    yield started
    await started.close()


def seats(*kinds: str) -> list[dict]:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    out = []
    for name, kind in zip(names, kinds):
        if kind.startswith("bot"):
            out.append({"kind": "bot", "name": name, "level": kind.split(":")[1]})
        else:
            out.append({"kind": kind, "name": name})
    return out


async def table_of_three(service) -> tuple[Player, Player, Player]:
    ann = await Player.connect(service, "ann")
    code = await ann.open("st_petersburg", seats("me", "open", "open", "bot:normal"), seed=7)
    ben, cat = await Player.connect(service, "ben"), await Player.connect(service, "cat")
    await ben.join(code, 1, "Ben")
    await cat.join(code, 2, "Cat")
    for player in (ann, ben, cat):
        await player.until(lambda u: u["started"])
    return ann, ben, cat


async def test_a_table_starts_once_everybody_is_seated_and_each_sees_only_their_own(service):
    ann = await Player.connect(service, "ann")
    code = await ann.open("st_petersburg", seats("me", "open", "open", "bot:normal"), seed=7)
    assert len(code) == wire.CODE_LENGTH and set(code) <= set(wire.CODE_LETTERS)
    first = await ann.until(lambda u: True)
    assert first["started"] is False and first["you"] == 0 and "view" not in first
    assert [s["kind"] for s in first["seats"]] == ["player", "open", "open", "bot"]
    ben, cat = await Player.connect(service, "ben"), await Player.connect(service, "cat")
    await ben.join(code.lower(), 1, "Ben")  # a code as typed
    await cat.join(code, 2, "Cat")
    table = service.tables[code].table
    assert table is not None and [s.name for s in table.seats] == ["Ann", "Ben", "Cat", "Dan"]
    for seat, player in enumerate((ann, ben, cat)):
        update = await player.until(lambda u: u["started"] and u["seq"] == service.tables[code].seq)
        player.link.send({"type": "view"})
        assert await player.expect("table") == update  # asked for: the same, nothing changed
        assert update["you"] == seat
        # exactly what the seat's own view says: the contract suite checks views hide others' secrets
        assert update["view"] == json.loads(json.dumps(encode(table.view(seat))))
        assert update["log"] == table.log_for(seat)
        mine = [a.to_json() for a in table.legal(seat)]
        assert update["legal"] == json.loads(json.dumps(mine))


async def test_moves_are_taken_only_from_the_seat_to_move_and_reach_everybody(service):
    ann, ben, cat = await table_of_three(service)
    shared = service.tables[ann.code]
    table = shared.table
    mover = {0: ann, 1: ben, 2: cat}[table.to_move()[0]]
    other = ben if mover is not ben else cat
    steps = table.steps
    action = table.legal(mover.update["you"])[0]
    assert "not your turn" in await other.refusal({"type": "act", "action": action.to_json()})
    reason = await other.refusal({"type": "act", "action": action.to_json(), "seat": mover.update["you"]})
    assert reason == "You can only move for your own seat."
    assert table.steps == steps
    mover.link.send({"type": "act", "action": action.to_json()})
    for player in (ann, ben, cat):
        await player.until(lambda u: len(u["steps"]) > steps)


async def test_refusals_leave_the_table_as_it_was(service):
    ann, ben, cat = await table_of_three(service)
    shared = service.tables[ann.code]
    before = shared.table.record.dumps()
    dan = await Player.connect(service, "dan")
    assert (
        await dan.refusal({"type": "join", "code": "ZZZZZ", "seat": 0}) == "There is no table with that code."
    )
    assert await dan.refusal({"type": "join", "code": ann.code, "seat": 1}) == "This table is full."
    assert await dan.refusal({"type": "act", "action": {}}) == "You are not at a table."
    assert "no such request" in await dan.refusal({"type": "shout"})
    seat = shared.table.to_move()[0]
    mover = (ann, ben, cat)[seat] if seat < 3 else ann
    if seat < 3:
        assert (
            await mover.refusal({"type": "act", "action": {"kind": "nonsense"}})
            == "That is not a move of this game."
        )
        assert (
            await mover.refusal({"type": "act", "action": "buy everything"})
            == "That is not a move of this game."
        )
    # malformed lines: refused, the connection and the table unharmed
    dan.link.writer.write(b"{not json\n")
    assert (await dan.expect("refused"))["reason"] == "not a JSON line"
    dan.link.writer.write(b'["a list"]\n')
    assert "not a message" in (await dan.expect("refused"))["reason"]
    # an oversized line: the connection is closed, the service goes on
    dan.link.writer.write(b'{"type": "peek", "code": "' + b"A" * wire.MAX_REQUEST + b'"}\n')
    bye = await asyncio.wait_for(dan.link.receive(), WAIT)
    assert bye is not None and bye["type"] == "bye" and "over" in bye["reason"]
    assert await asyncio.wait_for(dan.link.receive(), WAIT) is None
    assert shared.table.record.dumps() == before
    eve = await Player.connect(service, "eve")
    eve.link.send({"type": "peek", "code": ann.code})
    peek = await eve.expect("peek")
    assert [s["kind"] for s in peek["seats"]] == ["player", "player", "player", "bot"]


async def test_a_wrong_token_or_version_is_turned_away(service):
    with pytest.raises(LinkError, match="unknown token"):
        await Link.connect(str(service.path), "not-a-token")
    reader, writer = await asyncio.open_unix_connection(str(service.path))
    writer.write(wire.encode({"type": "hello", "version": 99, "token": service.register("x")}))
    bye = wire.decode(await asyncio.wait_for(reader.readline(), WAIT))
    assert bye["type"] == "bye" and "version 1" in bye["reason"]
    writer.close()


async def test_opening_checks_the_seats(service):
    ann = await Player.connect(service, "ann")
    send = lambda s, **kw: ann.refusal({"type": "open", "game": "st_petersburg", "seats": s, **kw})  # noqa: E731
    assert "2 to 4 players" in await send(seats("me"))
    assert "exactly one seat" in await send(seats("open", "open"))
    assert "no bot level" in await send(seats("me", "bot:genius"))
    assert "no such game" in await ann.refusal(
        {"type": "open", "game": "chess", "seats": seats("me", "open")}
    )
    assert service.tables == {}


async def test_a_reserved_seat_waits_for_its_player(service):
    ann = await Player.connect(service, "ann")
    code = await ann.open("rialto", [{"kind": "me", "name": "Ann"}, {"kind": "user", "user": "ben"}])
    cat = await Player.connect(service, "cat")
    assert await cat.refusal({"type": "join", "code": code, "seat": 1}) == "This table is full."
    ben = await Player.connect(service, "ben")
    reason = await ben.refusal({"type": "join", "code": code, "seat": 1, "name": " ann "})
    assert reason == "Somebody at this table is called ann: choose another name."
    assert service.tables[code].places[1].kind == "reserved"  # a refusal changes nothing
    await ben.join(code, 1)
    update = await ben.until(lambda u: u["started"])
    assert update["seats"][1]["name"] == "ben" and update["you"] == 1


async def test_the_opener_may_start_with_bots_in_the_empty_seats(service):
    ann = await Player.connect(service, "ann")
    code = await ann.open("santiago", seats("me", "open", "open"))
    ben = await Player.connect(service, "ben")
    assert "Only the player who opened" in await ben.refusal({"type": "start"})
    await ben.join(code, 1)
    assert "Only the player who opened" in await ben.refusal({"type": "start"})
    ann.link.send({"type": "start"})
    update = await ann.until(lambda u: u["started"])
    assert [s["kind"] for s in update["seats"]] == ["player", "player", "bot"]


async def test_a_dropped_player_gets_the_seat_back_and_after_the_hold_anyone_may(service):
    ann, ben, cat = await table_of_three(service)
    shared = service.tables[ann.code]
    await ben.link.close()
    update = await ann.until(lambda u: not u["seats"][1]["here"])
    assert update["seats"][1]["away"] is not None and update["seats"][1]["kind"] == "player"
    dan = await Player.connect(service, "dan")
    assert await dan.refusal({"type": "join", "code": ann.code, "seat": 1}) == "This table is full."
    ben = await Player.connect(service, "ben")
    joined = await ben.join(ann.code, None)  # asked to watch: a player goes back to their seat
    assert joined["seat"] == 1
    await ann.until(lambda u: u["seats"][1]["here"])
    # the hold runs out: the seat is open, and the game waits for whoever takes it
    await ben.link.close()
    await ann.until(lambda u: not u["seats"][1]["here"])
    shared.away[1] = 0.0
    await ann.until(lambda u: u["seats"][1]["kind"] == "open")
    await dan.join(ann.code, 1)
    update = await dan.until(lambda u: u["you"] == 1)
    assert update["seats"][1]["name"] == "Ben"  # the seat keeps its name in the game


async def test_a_second_terminal_of_the_same_player_takes_the_seat_over(service):
    ann, ben, cat = await table_of_three(service)
    again = await Player.connect(service, "ben")
    await again.join(ann.code, 1)
    while True:
        message = await asyncio.wait_for(ben.link.receive(), WAIT)
        if message is None or message["type"] == "bye":
            break
    assert message is not None and "another terminal" in message["reason"]


async def test_watchers_see_the_public_view(service):
    ann, ben, cat = await table_of_three(service)
    eve = await Player.connect(service, "eve")
    joined = await eve.join(ann.code, None)
    assert joined["seat"] is None
    update = await eve.until(lambda u: u["started"])
    table = service.tables[ann.code].table
    assert update["view"] == json.loads(json.dumps(encode(table.view(None)))) and update["legal"] == []
    assert "watching" in await eve.refusal({"type": "act", "action": {}})


async def play_out(player: Player, rng: random.Random) -> dict:
    """Move for the player's seat (a random legal move) until the game is over. A move sent on an
    update that a newer one (still on its way) has overtaken may be refused: that is no harm, the
    newer update says what to do."""
    refusals = 0
    while True:
        message = await asyncio.wait_for(player.link.receive(), WAIT)
        assert message is not None, "the service closed the connection"
        if message["type"] == "refused":
            refusals += 1
            assert refusals < 50, message
            continue
        assert message["type"] == "table", message
        player.update = update = message
        player.seqs.append(update["seq"])
        if update.get("over"):
            return update
        if update.get("legal") and update["you"] in update["to_move"]:
            player.link.send({"type": "act", "action": rng.choice(update["legal"])})


async def test_a_restarted_service_reloads_its_tables(tmp_path):
    first = TableService(tmp_path, hold=30, bot_delay=0)
    await first.start()
    ann = await Player.connect(first, "ann")
    code = await ann.open("macao", seats("me", "open"), seed=3)
    ben = await Player.connect(first, "ben")
    await ben.join(code, 1, "Ben")
    rng = random.Random(1)
    for _ in range(12):
        update = await ann.until(lambda u: u["started"] and bool(set(u["to_move"]) & {0, 1}))
        mover = (ann, ben)[update["to_move"][0]]
        mine = await mover.until(lambda u: u["seq"] == first.tables[code].seq)
        mover.link.send({"type": "act", "action": rng.choice(mine["legal"])})
        await ann.until(lambda u, s=mine["seq"]: u["seq"] > s)
    record = first.tables[code].table.record.dumps()
    await first.close()
    second = TableService(tmp_path, hold=30, bot_delay=0)
    await second.start()
    try:
        shared = second.tables[code]
        assert shared.table.record.dumps() == record
        assert set(shared.away) == {0, 1}  # nobody is back yet
        ann = await Player.connect(second, "ann")
        await ann.join(code, None)
        update = await ann.until(lambda u: u["started"])
        assert update["you"] == 0 and len(update["steps"]) == len(GameRecord.loads(record).steps)
    finally:
        await second.close()


@pytest.mark.slow
async def test_eight_tables_of_four_play_to_the_end_at_once(tmp_path):
    """The load test: 32 players at 8 tables (a bot in every other table's last seat), every game
    to its end, every update received in order, the same finish everywhere, nothing left."""
    threads_before = set(threading.enumerate())
    service = TableService(tmp_path, hold=30, bot_delay=0)
    await service.start()
    games = ["st_petersburg", "santiago", "san_marco", "rialto", "macao"]
    tables = []
    for t in range(8):
        game = games[t % len(games)]
        kinds = ("me", "open", "open", "bot:normal" if t % 2 else "open")
        host = await Player.connect(service, f"host{t}")
        code = await host.open(game, seats(*kinds), seed=100 + t)
        players = [host]
        for seat in range(1, 4 if t % 2 == 0 else 3):
            guest = await Player.connect(service, f"guest{t}-{seat}")
            await guest.join(code, seat)
            players.append(guest)
        tables.append((code, players))
    try:
        rngs = random.Random(5)
        finals = await asyncio.wait_for(
            asyncio.gather(
                *(play_out(p, random.Random(rngs.random())) for _, players in tables for p in players)
            ),
            300,
        )
        i = 0
        for code, players in tables:
            shared = service.tables[code]
            assert shared.table.is_over()
            ends = finals[i : i + len(players)]
            i += len(players)
            assert len({json.dumps(e["record"], sort_keys=True) for e in ends}) == 1
            assert ends[0]["record"] == shared.table.record.to_json()
            for player in players:
                # every change reached every player, in order, none twice
                first = player.seqs[0]
                assert player.seqs == list(range(first, first + len(player.seqs)))
                assert player.seqs[-1] == shared.seq
            assert registry.get(shared.game_id).id == shared.game_id
    finally:
        for _, players in tables:
            for player in players:
                await player.link.close()
        await service.close()
    await asyncio.sleep(0.2)
    assert not service.clients and not service.connections  # every connection ended
    # the folders the service made and the players' saves of the finished games (the tables'
    # own files are gone with them): for the server's user only
    made = list(tmp_path.rglob("*"))
    assert any(p.parent.name == "saves" for p in made) and service.folder in made
    assert {(p.is_dir(), mode(p)) for p in made} <= {(True, 0o700), (False, 0o600)}
    left = [t for t in set(threading.enumerate()) - threads_before if t.is_alive()]
    assert not [t for t in left if t.name.startswith("table-bot")]


async def test_one_player_opens_a_few_tables_at_most_and_empty_ones_close(service):
    ann = await Player.connect(service, "ann")
    codes = [await ann.open("rialto", seats("me", "open")) for _ in range(4)]
    assert "4 tables open already" in await ann.refusal(
        {"type": "open", "game": "rialto", "seats": seats("me", "open")}
    )
    await ann.link.close()
    for _ in range(100):
        if all(not service.tables[c].clients for c in codes):
            break
        await asyncio.sleep(0.05)
    for code in codes:
        service.tables[code].empty_since -= service.hold + 1
    for _ in range(60):
        if not set(codes) & set(service.tables):
            break
        await asyncio.sleep(0.1)
    assert not set(codes) & set(service.tables)
    assert not list(service.folder.glob("*.json"))


async def test_secret_decisions_taken_at_the_same_time_are_asked_of_everybody_at_once(service):
    """San Marco with four players: both dividers split in secret at the same time. Each is told
    it is to move as soon as the split begins, and their moves reach the table interleaved."""
    ann = await Player.connect(service, "ann")
    code = await ann.open("san_marco", seats("me", "open", "open", "open"), seed=4)
    players = [ann]
    for seat, user in enumerate(("ben", "cat", "dan"), start=1):
        guest = await Player.connect(service, user)
        await guest.join(code, seat)
        players.append(guest)
    table = service.tables[code].table
    rng = random.Random(2)
    while len(table.to_move()) < 2:  # the set-up's moves, one player at a time
        seat = table.to_move()[0]
        update = await players[seat].until(lambda u: u["seq"] == service.tables[code].seq)
        players[seat].link.send({"type": "act", "action": rng.choice(update["legal"])})
        await players[seat].until(lambda u, s=update["seq"]: u["seq"] > s)
    dividers = table.to_move()
    updates = [await players[d].until(lambda u: u["seq"] == service.tables[code].seq) for d in dividers]
    assert all(u["legal"] and set(u["to_move"]) == set(dividers) for u in updates)
    steps = table.steps
    # the second divider moves first, then the first: neither waits for the other
    for d in reversed(dividers):
        mine = await players[d].until(lambda u: u["seq"] == service.tables[code].seq)
        put = next(a for a in mine["legal"] if a["kind"] == "put")
        players[d].link.send({"type": "act", "action": put})
        await players[d].until(lambda u, s=mine["seq"]: u["seq"] > s)
    assert [s.seat for s in table.record.steps[steps:]] == list(reversed(dividers))


def test_a_bots_choice_stands_when_only_moves_hidden_from_it_were_made_meanwhile():
    from boardgames_tui.play.table import Table
    from boardgames_tui.rules.core import Seat

    table = Table.new(
        "san_marco",
        [Seat("Ann"), Seat("Ben"), Seat("Cleo", "normal"), Seat("Dan", "normal")],
        4,
        autosave=False,
    )
    rng = random.Random(1)
    while len(table.to_move()) < 2:
        seat = table.to_move()[0]
        if table.is_bot(seat):
            table.bot_step(seat)
        else:
            table.act(seat, rng.choice(table.legal(seat)))
    human = next(s for s in table.to_move() if not table.is_bot(s))
    bot = next(s for s in table.to_move() if table.is_bot(s))
    decision = table.bot_decision(bot)
    put = next(a for a in table.legal(human) if a.kind == "put")
    table.act(human, put)  # the human's secret move: the bot sees nothing of it
    assert table.bot_play(bot, decision(), decision.steps, decision.generation) is None
    assert table.still_as_seen(decision)
    while not any(a.kind == "confirm" for a in table.legal(human)):
        table.act(human, next(a for a in table.legal(human) if a.kind == "put"))
    table.act(human, next(a for a in table.legal(human) if a.kind == "confirm"))
    assert not table.still_as_seen(decision)  # that one shows: the human has finished


# -- what a stranger's program may send ------------------------------------------------------------
async def test_a_number_of_five_thousand_digits_is_refused_and_the_connection_goes_on(service):
    ann = await Player.connect(service, "ann")
    ann.link.writer.write(b'{"type": "peek", "code": "ABCDE", "n": ' + b"9" * 5000 + b"}\n")
    assert (await ann.expect("refused"))["reason"] == "not a JSON line: a number out of bounds"
    ann.link.send({"type": "mine"})
    assert (await ann.expect("mine"))["tables"] == []


async def test_a_list_for_a_bot_level_is_refused_naming_the_field(service):
    ann = await Player.connect(service, "ann")
    open_with = {
        "type": "open",
        "game": "rialto",
        "seats": [{"kind": "me"}, {"kind": "bot", "level": ["easy"]}],
    }
    assert await ann.refusal(open_with) == "seats[1].level: a text or null is wanted"
    assert service.tables == {}


async def test_a_request_not_in_its_shape_is_refused_before_it_is_used(service):
    ann = await Player.connect(service, "ann")
    code = await ann.open("rialto", seats("me", "open"))
    shared = service.tables[code]
    before = json.dumps(shared.to_json())
    refusals = {
        "seat: a whole number or null is wanted": {"type": "join", "code": code, "seat": True},
        "seat: must be from 0 to 7": {"type": "join", "code": code, "seat": 10**40},
        "code: longer than 16 characters": {"type": "peek", "code": "A" * 17},
        "no field 'seats'": {"type": "join", "code": code, "seats": 1},
        "action: missing": {"type": "act"},
        "seats[0].think: must be from 0.1 to 60": {
            "type": "open",
            "game": "rialto",
            "seats": [{"kind": "bot", "level": "easy", "think": 1e300}, {"kind": "me"}],
        },
        "options (a key): longer than 40 characters": {
            "type": "open",
            "game": "rialto",
            "seats": seats("me", "open"),
            "options": {"x" * 41: "on"},
        },
    }
    for reason, message in refusals.items():
        assert await ann.refusal(message) == reason
    ann.link.writer.write(b'{"type": "peek", "code": ' + b"[" * 5000 + b"]" * 5000 + b"}\n")
    assert (await ann.expect("refused"))["reason"] == "not a JSON line: nested too deeply"
    assert json.dumps(shared.to_json()) == before and len(service.tables) == 1


async def test_every_refusal_before_the_hello_is_a_bye(service):
    lines = [
        b"{not json\n",
        b'{"type": "hello", "version": ' + b"9" * 5000 + b"}\n",
        b'{"type": "hello", "version": 1, "token": "\\u001b[2J"}\n',
        b'{"type": "mine"}\n',
    ]
    for line in lines:
        reader, writer = await asyncio.open_unix_connection(str(service.path))
        writer.write(line)
        bye = wire.decode(await asyncio.wait_for(reader.readline(), WAIT))
        assert bye["type"] == "bye" and bye["reason"].isprintable()
        assert await asyncio.wait_for(reader.readline(), WAIT) == b""  # and the connection is closed
        writer.close()


async def test_leave_is_answered_at_a_table_and_away_from_one(service):
    ann = await Player.connect(service, "ann")
    code = await ann.open("rialto", seats("me", "open"))
    ann.link.send({"type": "leave"})
    assert await ann.expect("left") == {"type": "left", "code": code}
    ann.link.send({"type": "leave"})
    assert await ann.expect("left") == {"type": "left", "code": None}
    assert not service.tables[code].clients


async def test_a_name_with_a_control_character_is_refused_and_changes_nothing(service):
    ann = await Player.connect(service, "ann")
    bad = {
        "type": "open",
        "game": "rialto",
        "seats": [{"kind": "me", "name": "Ann\x1b[2J"}, {"kind": "open"}],
    }
    assert await ann.refusal(bad) == "seats[0].name: a name cannot hold control characters ('\\x1b')"
    assert service.tables == {}
    code = await ann.open("rialto", seats("me", "open"))
    ben = await Player.connect(service, "ben")
    reason = await ben.refusal({"type": "join", "code": code, "seat": 1, "name": "Ben\x07"})
    assert reason == "name: a name cannot hold control characters ('\\x07')"
    place = service.tables[code].places[1]
    assert (place.kind, place.name, place.user) == ("open", "Ben", None)


async def test_a_failure_inside_a_request_is_logged_in_one_line_and_refused(tmp_path, monkeypatch, capsys):
    events: list[dict] = []
    service = TableService(tmp_path, log=lambda **fields: events.append(fields))
    await service.start()
    try:

        def broken(client, message):
            raise KeyError("a bug")

        monkeypatch.setattr(service, "mine", broken)
        ann = await Player.connect(service, "ann")
        assert await ann.refusal({"type": "mine"}) == FAILED
        assert events == [{"event": "request-failed", "type": "mine", "error": "KeyError"}]
        assert await ann.refusal({"type": "peek", "code": "ZZZZZ"}) == "There is no table with that code."
    finally:
        await service.close()
    assert "Traceback" not in "".join(capsys.readouterr())


async def test_whatever_a_games_decoding_raises_is_no_move(service, monkeypatch):
    ann, ben, cat = await table_of_three(service)
    shared = service.tables[ann.code]
    mover = (ann, ben, cat)[shared.table.to_move()[0]]
    steps = shared.table.steps

    def broken(data):
        raise RuntimeError("a bug in a game's decoding")

    monkeypatch.setattr(shared.table.game, "decode_action", broken)
    assert (
        await mover.refusal({"type": "act", "action": {"kind": "pass"}}) == "That is not a move of this game."
    )
    assert shared.table.steps == steps


# -- the socket ----------------------------------------------------------------------------------
def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


async def test_the_socket_is_in_the_data_folder_for_the_servers_user_only(tmp_path):
    service = TableService(tmp_path, bot_delay=0)
    await service.start()
    try:
        assert service.path == tmp_path / "run" / "tables.sock"
        assert stat.S_ISSOCK(os.lstat(service.path).st_mode)
        assert mode(service.path) == 0o600 and mode(tmp_path / "run") == 0o700
        ann = await Player.connect(service, "ann")
        code = await ann.open("rialto", seats("me", "open"))
        assert saves.flush_folder(service.folder, timeout=5)
        assert mode(service.folder) == 0o700 and mode(service.folder / f"{code}.json") == 0o600
        await ann.link.close()
    finally:
        await service.close()
    assert not service.path.exists()


async def test_a_socket_left_by_a_killed_server_is_cleared_at_start(tmp_path):
    path = socket_path(tmp_path)
    path.parent.mkdir(mode=0o700)
    left = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    left.bind(str(path))  # bound and never listening again: as after kill -9
    left.close()
    service = TableService(tmp_path)
    await service.start()
    try:
        assert service.path == path
        ann = await Player.connect(service, "ann")
        ann.link.send({"type": "mine"})
        assert (await ann.expect("mine"))["tables"] == []
        await ann.link.close()
    finally:
        await service.close()


async def test_a_second_server_on_the_same_data_folder_is_refused(service, tmp_path):
    second = TableService(tmp_path)
    with pytest.raises(SocketInUse, match="another server is using the data folder"):
        await second.start()
    await second.close()
    ann = await Player.connect(service, "ann")  # the first goes on, its socket where it was
    ann.link.send({"type": "mine"})
    assert (await ann.expect("mine"))["tables"] == []


@pytest.fixture
def runtime(monkeypatch):
    """A short $XDG_RUNTIME_DIR of the test's own."""
    folder = Path(tempfile.mkdtemp(prefix="bgt-", dir="/tmp"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    yield folder
    shutil.rmtree(folder)


async def test_a_data_folder_too_deep_for_a_socket_gets_a_short_folder_of_its_own(tmp_path, runtime):
    root = tmp_path / ("deep" * 25)
    path = socket_path(root)
    assert path.parent.parent == runtime and path == socket_path(root)  # the next start finds it
    assert len(os.fsencode(path)) <= 100
    service = TableService(root)
    await service.start()
    try:
        assert service.path == path and mode(path.parent) == 0o700 and mode(path) == 0o600
        ann = await Player.connect(service, "ann")
        await ann.link.close()
    finally:
        await service.close()
    assert not path.parent.exists()


async def test_a_short_folder_someone_else_could_enter_is_refused(tmp_path, runtime):
    root = tmp_path / ("deep" * 25)
    folder = socket_path(root).parent
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    with pytest.raises(StartError, match="only we may enter"):
        await TableService(root).start()
    folder.rmdir()
    folder.symlink_to(tmp_path)  # even to a folder of ours
    with pytest.raises(StartError, match="only we may enter"):
        await TableService(root).start()
