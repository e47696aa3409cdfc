"""A tiny game for testing the shared machinery (record, undo, simulate) apart from any real game.

Two or three players take turns; each turn a player adds 1 or 2 to their own pile, or draws a
hidden random card (a reveal). A player may also "bank", which ends their turn only after a second
action ("confirm"), so a turn can have several steps. First to a total of 10 or more ends the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from boardgames_tui.rules.core import (
    Action,
    Event,
    Game,
    OptionSpec,
    StandingRow,
    Standings,
    State,
    action_codec,
    rank_rows,
)
from boardgames_tui.rules.view import PlayerView, View


@dataclass(frozen=True, kw_only=True, slots=True)
class ToyPlayer(PlayerView):
    pile: int
    secret: int | None  # the owner's alone


@dataclass(frozen=True, kw_only=True, slots=True)
class ToyView(View[ToyPlayer]):
    banking: bool


@dataclass(frozen=True)
class Add(Action):
    kind = "add"
    amount: int

    def describe(self):
        return f"Add {self.amount}"


@dataclass(frozen=True)
class Draw(Action):
    kind = "draw"

    def describe(self):
        return "Draw a card"


@dataclass(frozen=True)
class Bank(Action):
    kind = "bank"

    def describe(self):
        return "Bank"


@dataclass(frozen=True)
class Confirm(Action):
    kind = "confirm"

    def describe(self):
        return "Confirm"


class ToyState(State):
    def __init__(self, game, seats, seed, options):
        self.game, self.seats, self.rng = game, seats, random.Random(seed)
        self.options = options
        self.piles = [0] * len(seats)
        self.secret = [0] * len(seats)
        self.turn = 0
        self.banking = False

    def to_move(self):
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat):
        if seat not in self.to_move():
            return []
        if self.banking:
            return [Confirm()]
        return [Add(1), Add(2), Draw(), Bank()]

    def apply(self, seat, action):
        self.check_turn(seat, action)
        name = self.seats[seat].name
        if isinstance(action, Add):
            self.piles[seat] += action.amount
            events = [Event(f"{name} added {action.amount}")]
        elif isinstance(action, Draw):
            card = self.rng.randint(1, 3)
            self.secret[seat] += card
            events = [Event(f"{name} drew a {card}", frozenset({seat}), f"{name} drew a card", reveal=True)]
        elif isinstance(action, Bank):
            self.banking = True
            return [Event(f"{name} is banking")]
        else:
            self.banking = False
            events = [Event(f"{name} banked")]
        self.turn = (self.turn + 1) % len(self.seats)
        return events

    def explain_illegal(self, seat, action):
        return "Only 1 or 2 may be added." if isinstance(action, Add) else "Not now."

    def view(self, seat):
        players = tuple(
            ToyPlayer(name=s.name, pile=self.piles[i], secret=self.secret[i] if seat == i else None)
            for i, s in enumerate(self.seats)
        )
        return ToyView(
            game="toy",
            viewer=seat,
            to_move=self.to_move(),
            round=None,
            phase="",
            step="confirm" if self.banking else "",
            players=players,
            banking=self.banking,
        )

    def _redeal(self, seat, rng):
        for other in range(len(self.seats)):
            if other != seat:
                self.secret[other] = rng.randint(0, 3)

    def plant_secrets(self, owner, mark):
        if owner is not None:
            self.secret[owner] = mark()

    def is_over(self):
        return any(p + s >= 10 for p, s in zip(self.piles, self.secret))

    def standings(self):
        rows = [
            StandingRow(
                i, s.name, self.piles[i] + self.secret[i], {"pile": self.piles[i], "secret": self.secret[i]}
            )
            for i, s in enumerate(self.seats)
        ]
        return Standings(rank_rows(rows))

    def snapshot(self):
        return {
            "piles": self.piles,
            "secret": self.secret,
            "turn": self.turn,
            "banking": self.banking,
            "rng": self.rng.getstate(),
        }


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    minutes = 1
    pitch = "A test game."
    options = (OptionSpec("speed", "Speed", (("slow", "slow"), ("fast", "fast")), "slow"),)
    decode_action = staticmethod(action_codec(Add, Draw, Bank, Confirm))
    state_class = ".toy_game:ToyState"
    view_class = ".toy_game:ToyView"

    def rules_markdown(self, options=None):
        return "# Toy\n"


GAME = ToyGame()
