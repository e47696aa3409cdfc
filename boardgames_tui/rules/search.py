"""The hard bot: determinized Monte-Carlo tree search, the same for every game.

A playout draws one world its seat cannot tell from the real one (`State.redeal_hidden`: others'
hands and money, face-down orders, secret choices and the dice to come, all guessed) and plays it
to the end: the seat's first move is the one being tried, its later moves come down the tree
while the tree has them (chosen by UCB) and then from the rollout policy, the game's normal bot;
every other seat's moves come from that policy, deciding from its own view of the drawn world.
The result, a mix of winning and the margin (`reward`), goes back up the moves taken. Every
playout is a different world, so the tree combines them all (an information-set search).

Why it is shaped so:
* The tree holds only the seat's own decisions, keyed by the actions taken, not by what the others
  did in between ("open loop"). The others never decide from anything they could not see, so a
  secret choice stays secret in the search, and simultaneous or secret decisions need nothing
  special.
* At the root the moves are compared in rounds: one world per round, and every move still in the
  running played out in it, from the same RNG. Luck in the draw then falls alike on all of them,
  and a move is preferred over the policy's own choice only when it does better in the same
  worlds by more than their spread (`CONFIDENCE` standard errors). With the few hundred playouts
  a second allows, that keeps the bot at least as good as its policy, and better where a move
  plainly pays.
* The root weighs the policy's runners-up before other moves (`runners_up`).
* Deeper decisions branch only as their visits grow (progressive widening), so with a small
  budget the search is flat and the tree deepens as the budget allows.
* The budget is counted in moves played, not in time, so a seed and an action list still
  reproduce a game exactly whatever the machine; `Game.search_rate` (moves a second, measured on
  the reference machine by benchmarks/search.py) turns seconds into moves.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from .bots import Bot, Position
from .core import Action, State

EXPLORE = 0.7  # UCB's exploration constant, for rewards between 0 and 1
DEEP_WIDEN = 1 / 16  # a deeper decision with n visits may try 1 + √(n·DEEP_WIDEN) of its moves
WIN_WEIGHT = 0.75  # the reward: this much for winning, the rest for the margin
ROUNDS = 8  # the root compares as many moves as leave this many rounds for each
MOST_MOVES = 12  # nor more than this many at once
CONFIDENCE = 1.5  # standard errors by which a move must beat the policy's choice
SETTLED = 4  # rounds before a move that does plainly worse gives its place to an untried one


class Node:
    """One of the seat's own decisions below the root: per action, visits and total reward."""

    __slots__ = ("visits", "order", "stats", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.order: list[Action] = []  # the moves in the order they may be tried
        self.stats: dict[Action, list[float]] = {}  # action -> [visits, total reward]
        self.children: dict[Action, Node] = {}

    def pick(self, legal: Sequence[Action], first: Action, rng: random.Random) -> tuple[Action, bool]:
        """The action to take here, and whether it is tried for the first time (the tree grows by
        it). The policy's own choice (`first`) is tried first; others come in a random order, more
        of them as the decision is visited more."""
        if not self.order:
            rest = [a for a in legal if a != first]
            rng.shuffle(rest)
            self.order = [first, *rest]
        else:
            known = set(self.order)
            self.order += [a for a in legal if a not in known]
        allowed = 1 + int(math.sqrt(self.visits * DEEP_WIDEN))
        open_ = set(legal)
        tried = 0
        for action in self.order:
            if action not in open_:
                continue
            if action not in self.stats:
                return action, True
            tried += 1
            if tried >= allowed:
                break
        log_n = math.log(self.visits + 1)
        best, best_score = first, -math.inf
        for action in self.order:
            stat = self.stats.get(action)
            if stat is None or action not in open_:
                continue
            n, total = stat
            score = total / n + EXPLORE * math.sqrt(log_n / n)
            if score > best_score:
                best, best_score = action, score
        return best, False

    def record(self, action: Action, reward: float) -> None:
        self.visits += 1
        stat = self.stats.setdefault(action, [0, 0.0])
        stat[0] += 1
        stat[1] += reward


class Arm:
    """A move at the root: how it did against the policy's choice, world by world."""

    __slots__ = ("action", "node", "n", "diff", "diff_sq")

    def __init__(self, action: Action):
        self.action = action
        self.node = Node()  # the seat's later decisions after this move
        self.n = 0
        self.diff = 0.0  # sum over shared worlds of (this move's reward − the policy choice's)
        self.diff_sq = 0.0

    def gain(self) -> tuple[float, float]:
        """The mean gain over the policy's choice and its standard error, over the rounds this
        move played in (the policy's choice plays in all)."""
        if self.n == 0:
            return 0.0, math.inf
        mean = self.diff / self.n
        if self.n < 2:
            return mean, math.inf
        var = max(0.0, (self.diff_sq - self.n * mean * mean) / (self.n - 1))
        return mean, math.sqrt(var / self.n)


def reward(state: State, seat: int) -> float:
    """How good the finished `state` is for `seat`, between 0 and 1: a share of the win (shared
    wins split) and, for the rest, the margin over the best other player, relative to the scores."""
    rows = state.standings().rows
    mine = next(r for r in rows if r.seat == seat)
    winners = [r for r in rows if r.winner]
    won = 1 / len(winners) if mine.winner else 0.0
    best_other = max((r.total for r in rows if r.seat != seat), default=mine.total)
    scale = max(5.0, 0.15 * max(abs(r.total) for r in rows))
    margin = math.tanh((mine.total - best_other) / scale)
    return WIN_WEIGHT * won + (1 - WIN_WEIGHT) * (1 + margin) / 2


def runners_up(
    policy: Bot, view: Mapping[str, Any], legal: Sequence[Action], first: Action, rng: random.Random
) -> list[Action]:
    """The moves other than the policy's `first` choice, in the order the root weighs them: the
    policy's own runners-up first, since random picks among many moves would mostly weigh moves
    nobody would play. A policy that ranks its moves (`ranked`) says; any other is asked again
    with its choices taken away, up to as many as the root compares, and the rest follow in a
    random order."""
    ranked = getattr(policy, "ranked", None)
    if ranked is not None:
        return [a for a in ranked(view, legal, rng) if a != first]
    order: list[Action] = []
    rest = [a for a in legal if a != first]
    while len(rest) > 1 and len(order) < MOST_MOVES:
        try:
            choice = policy.choose(view, rest, rng)
        except (StopIteration, ValueError, LookupError):
            break  # the policy knows no choice without moves taken away (its pass, say)
        if choice not in rest:
            break
        order.append(choice)
        rest.remove(choice)
    rng.shuffle(rest)
    return order + rest


class SearchBot:
    """The hard level: see the module's notes. `policy` plays the rollouts and the other seats;
    `think` is the time per decision in seconds, turned into a budget of moves by `rates`, the
    game's moves a second by player count (`Game.search_rate`)."""

    searches = True

    def __init__(self, policy: Bot, think: float, rates: Mapping[int, int]):
        self.policy = policy
        self.think = think
        self.rates = rates
        # What the last decision did, for measurements and tests.
        self.last_budget = 0
        self.last_moves = 0
        self.last_playouts = 0

    def budget(self, players: int) -> int:
        """The moves one decision may play with `players` at the table: `think` seconds' worth
        (a count the game has not measured takes the nearest one that it has)."""
        if not self.rates:
            return 1000
        nearest = min(self.rates, key=lambda n: (abs(n - players), n))
        return max(1, int(self.think * self.rates[nearest]))

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        self.last_budget = self.last_moves = self.last_playouts = 0
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, Position):
            # Nothing to search on (a caller that gave only the view): decide as the policy does.
            return self.policy.choose(view, legal, rng)
        seat, base = view.seat, view.state
        budget = self.last_budget = self.budget(len(base.seats))
        first = self.policy.choose(view.view, legal, random.Random(rng.getrandbits(64)))
        order = runners_up(self.policy, view.view, legal, first, random.Random(rng.getrandbits(64)))
        waiting = order[::-1]  # popped from the end
        running = [Arm(first)]
        spent = rounds = playouts = 0
        while not view.halted.is_set():
            world_seed = rng.getrandbits(64)
            results = []
            for arm in running:
                score, moves = self._playout(base, seat, arm, world_seed, budget - spent)
                spent += moves
                if score is None:
                    break
                results.append(score)
            if len(results) < len(running):
                break  # out of budget: the round unfinished compares nothing
            for arm, score in zip(running, results):
                arm.n += 1
                d = score - results[0]
                arm.diff += d
                arm.diff_sq += d * d
            rounds += 1
            playouts += len(results)
            if rounds == 1:
                # One playout's cost says how many moves the budget lets the rounds compare.
                wanted = (budget - spent) // (max(1, spent) * ROUNDS)
                while len(running) < min(MOST_MOVES, max(2, wanted)) and waiting:
                    running.append(Arm(waiting.pop()))
            elif rounds > SETTLED and waiting:
                for i in range(1, len(running)):
                    mean, se = running[i].gain()
                    if running[i].n >= SETTLED and mean + CONFIDENCE * se < 0 and waiting:
                        running[i] = Arm(waiting.pop())
        self.last_moves, self.last_playouts = spent, playouts
        best, best_gain = first, 0.0
        for arm in running[1:]:
            mean, se = arm.gain()
            if mean - CONFIDENCE * se > 0 and mean > best_gain:
                best, best_gain = arm.action, mean
        return best

    def _playout(
        self, base: State, seat: int, arm: Arm, world_seed: int, allowed: int
    ) -> tuple[float | None, int]:
        """Play `arm`'s move in the world `world_seed` draws, and on to the end: the reward (None
        when that would take more than `allowed` moves) and the moves played. The same seed gives
        every move the same world and the same luck."""
        if allowed < 1:
            return None, 0
        draw = random.Random(world_seed)
        world = base.redeal_hidden(seat, draw)
        world.apply(seat, arm.action)
        path: list[tuple[Node, Action]] = []
        node: Node | None = arm.node
        moves = 1
        while not world.is_over():
            if moves >= allowed:
                return None, moves
            mover = world.to_move()[0]
            legal = world.legal_actions(mover)
            if len(legal) == 1:
                action = legal[0]
            elif node is None or mover != seat:
                action = self.policy.choose(world.bot_view(mover), legal, draw)
            else:
                first = node.order[0] if node.order else self.policy.choose(world.bot_view(seat), legal, draw)
                action, new = node.pick(legal, first, draw)
                path.append((node, action))
                node = None if new else node.children.setdefault(action, Node())
            world.apply(mover, action)
            moves += 1
        score = reward(world, seat)
        for visited, action in path:
            visited.record(action, score)
        return score, moves
