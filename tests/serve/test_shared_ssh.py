"""A shared table over real SSH: three OpenSSH clients, each in a tmux terminal of its own, open and
join one St. Petersburg table with a bot in the fourth seat and play it to the end by keys. Every
screen captured on the way is checked for the other players' rubles and hands; one client is
killed and rejoins its seat, the server is killed and restarted and the table goes on from where it
was; at the end all three show the same standings, and each player has the game among their saves."""

from __future__ import annotations

import json
import re
import time

import pytest

from boardgames_tui import prefs
from boardgames_tui.rules.record import GameRecord
from boardgames_tui.serve.ssh import user_data_dir

from .conftest import ssh_argv

# Real OpenSSH clients in tmux around a real server, playing a whole game.
pytestmark = pytest.mark.slow

LAUNCHER = "F5 play"
CHOICE = "1–9 pick"
# A row of St. Petersburg's player strip: turn marker, symbol, name, points, rubles.
PLAYER_ROW = re.compile(r"^[ ▶]\S (\S+) +★ *-?\d+ +(\S+)₽", re.M)


def connect(terminal, server, keys, user: str):
    term = terminal(80, 24)
    term.start(ssh_argv(server, keys, user))
    term.wait_for(LAUNCHER)
    return term


def rejoin(term, code: str) -> None:
    """F7, then the player's own table from 'Your tables' (or by its code)."""
    term.keys("F7")
    term.wait_for("join a table")
    term.keys(code, "Enter")
    term.wait_for("← your seat")
    term.keys("Enter")
    term.wait_for("St. Petersburg · round")


def leaks(text: str, me: str) -> list[str]:
    """What `me`'s screen shows of the other players' secrets: their rubles, their hands."""
    found = []
    rows = PLAYER_ROW.findall(text)
    for name, rubles in rows:
        if name != me and rubles != "?":
            found.append(f"{name}'s rubles: {rubles}")
    for line in text.splitlines():
        if "only you see this" in line and f" {me} " not in line:
            found.append(f"someone else's secrets: {line.strip()}")
    return found


def settled(term, text: str, limit: float = 3.0) -> str:
    """The screen once two captures a moment apart agree."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        time.sleep(0.1)
        again = term.text()
        if again == text:
            return text
        text = again
    return text


class Seat:
    """One player at a terminal, pressing keys of a simple policy on their turn: the first action
    (buy, else take into the hand, else pass), the first choice in a dialog; when a key leaves the
    screen as it was, the next key of a short list."""

    FALLBACK = ("1", "space", "0", "enter")

    def __init__(self, term, me: str):
        self.term = term
        self.me = me
        self.last = ""
        self.tries = 0
        self.screens = 0
        self.over = False
        self.seen = ""

    def step(self) -> None:
        text = self.term.text()
        self.screens += 1
        if leaks(text, self.me):
            # A capture taken while the app writes a frame can hold half of each: a row's new name
            # beside the numbers the old frame had there (this seat's own). What the player is
            # shown is the frame once written.
            text = settled(self.term, text)
        problems = leaks(text, self.me)
        if problems:
            # the whole screen, and the one before it: pytest would cut a long assertion short
            pytest.fail(f"{self.me}'s screen shows {problems}:\n{text}\n--- the screen before:\n{self.seen}")
        self.seen = text
        if "· game over" in text:
            self.over = True
            return
        first = text.splitlines()[0] if text else ""
        if CHOICE in text:
            self.term.keys("1")
        elif f"{self.me} to act" in first:
            self.tries = self.tries + 1 if text == self.last else 0
            self.term.keys(self.FALLBACK[self.tries % len(self.FALLBACK)])
            self.last = text
            # the screen changes once the table service has the move: wait for it, briefly
            deadline = time.monotonic() + 2.0
            while time.monotonic() < deadline and self.term.text() == text:
                time.sleep(0.03)


def play_until(seats: list[Seat], done, limit: float = 240.0) -> None:
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "\n\n".join(s.term.text() for s in seats)
        for seat in seats:
            seat.step()
        time.sleep(0.02)


def round_shown(seat: Seat) -> int:
    found = re.search(r"St\. Petersburg · round (\d+)", seat.term.text())
    return int(found.group(1)) if found else 0


def standings(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if re.search(r"(Ann|ben|cat|Dan).*\d", line)]


def test_three_ssh_clients_and_a_bot_play_a_shared_game(start_server, keys, terminal, tmp_path):
    root = tmp_path / "host"
    args = ("--authorized-keys", str(keys.authorized), "--bot-delay", "0", "--seat-hold", "10m")
    server = start_server(*args, root=root)
    data = root / "data"
    ann_data = user_data_dir(data, "ann")
    seats_wanted = [("Ann", "human"), ("Ben", "human"), ("Cat", "human"), ("Dan", "normal")]
    prefs.remember("st_petersburg", 4, seats_wanted, {}, path=prefs.prefs_path(ann_data))
    ann = connect(terminal, server, keys, "ann")
    ann.keys("F6")
    code = re.search(r"table code\s+([A-Z2-9]{5})", ann.wait_for("table code")).group(1)
    others = {}
    for user in ("ben", "cat"):
        term = connect(terminal, server, keys, user)
        term.keys("F7")
        term.wait_for("join a table")
        term.keys(code, "Enter")
        term.wait_for("open: anyone with the code")
        term.keys("Enter")  # the first open seat
        others[user] = term
    for term in (ann, *others.values()):
        term.wait_for("St. Petersburg · round 1")
    seats = [Seat(ann, "Ann"), Seat(others["ben"], "ben"), Seat(others["cat"], "cat")]

    # Round 2: cat's client is killed, and cat comes back to the same seat.
    play_until(seats, lambda: round_shown(seats[0]) >= 2)
    seats[2].term.close()
    server.wait_log(rf"event=table-left code={code} user=cat seat=2")
    seats[2].term = connect(terminal, server, keys, "cat")
    rejoin(seats[2].term, code)

    # Round 3: the server is killed while the table waits for a person, and started again.
    play_until(seats, lambda: round_shown(seats[0]) >= 3)
    deadline = time.monotonic() + 30
    while not any(f"{s.me} to act" in s.term.text().splitlines()[0] for s in seats):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    table_file = data / "tables" / f"{code}.json"
    time.sleep(0.5)  # the last move's save
    before = json.loads(table_file.read_text())["record"]["actions"]
    server.process.kill()
    server.process.wait()
    server = start_server(*args, root=root)
    server.wait_log(f"event=table-reloaded code={code}")
    for seat in seats:
        seat.term.close()
        seat.term = connect(terminal, server, keys, seat.me.lower())
        rejoin(seat.term, code)
    after = json.loads(table_file.read_text())["record"]["actions"]
    assert after[: len(before)] == before and len(before) > 0

    play_until(seats, lambda: all(s.over for s in seats))
    finals = [standings(s.term.text()) for s in seats]
    assert finals[0] and finals[0] == finals[1] == finals[2]
    assert all(s.screens > 20 for s in seats)
    records = []
    for user in ("ann", "ben", "cat"):
        saved = list((user_data_dir(data, user) / "saves").glob("st_petersburg-*.json"))
        assert len(saved) == 1, user
        records.append(GameRecord.loads(saved[0].read_text()).to_json())
    assert records[0] == records[1] == records[2]
    assert records[0]["actions"][: len(before)] == before
