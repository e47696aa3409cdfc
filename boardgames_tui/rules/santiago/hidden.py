"""What a seat cannot see in Santiago, drawn afresh for a search bot (`State.redeal_hidden`).

Two things are secret (see `SantiagoState.plant_secrets`): the order of the face-down tiles and,
unless money is open, every other player's cash. Both are worked out here from what the seat can
see only: the board, the offer, the removed tile, this round's bids and bribes, the canal log and
its own cash. Nothing here reads the deck's contents or another seat's cash.
"""

from __future__ import annotations

import math
import random
from typing import Any, Protocol

from . import data as D

# A bribe proposal as the state keeps it, a plain list so that it saves as it is:
# [segment, proposer, [[seat, amount], ...]]. Its items differ in type, which a list type cannot
# say item by item; the readers unpack it into names.
Proposal = list[Any]


class Seen(Protocol):
    """The parts of a Santiago state a redeal reads and deals into (state.SantiagoState)."""

    n: int
    round: int
    tile: list[int]
    offer: list[int]
    removed: int
    bids: list[int | None]
    proposals: list[Proposal]
    canal_log: list[tuple[int, int, str, int]]
    cash: list[int]


# What one accepted bribe is guessed to have brought the overseer: at least the minimum bribe of
# 1, and bribes of more than a few escudos are rare, since a refusal costs only the highest + 1.
BRIBE_GUESS = (1, 4)


def unseen_tiles(st: Seen) -> list[int]:
    """The tiles nobody has seen, in id order: all 45 but those on the board (a desert keeps its
    tile, whose face everyone saw when it was planted), in this round's offer, or put back in the
    box at set-up (shown face up). Tiles of one crop and worker count are interchangeable, so the
    ids left over are exactly the deck's, whatever their order."""
    seen = [False] * len(D.TILES)
    for t in st.tile:
        if t >= 0:
            seen[t] = True
    for t in st.offer:
        seen[t] = True
    if st.removed >= 0:
        seen[st.removed] = True
    return [t for t, shown in enumerate(seen) if not shown]


def guess_cash(st: Seen, seat: int, rng: random.Random) -> dict[int, int]:
    """The other seats' cash as `seat` may believe it, by seat.

    The state keeps no tally of past spending, only what every seat was given (10 at the start and
    3 income a round), this round's bids (already paid), this round's pledges (still owed) and who
    accepted bribes or paid to build as overseer (the canal log). So each other seat is guessed to
    have spent in past rounds about what `seat` has spent itself, give or take a spread that grows
    like a random walk with the rounds played (players' spending differs by a few escudos a round).
    Public facts bound the guess as they bound the truth: a seat that never accepted a bribe holds
    at most what it was given less its bid and 1 per canal it paid for; every seat could pay its
    bid and holds at least what it has pledged this round.
    """
    n = st.n
    given = D.START_CASH + D.INCOME * max(0, st.round - 1)
    bid = [b or 0 for b in st.bids]
    owed = [0] * n
    for _, _, pledges in st.proposals:
        for s, amount in pledges:
            owed[s] += amount
    builds, accepted = [0] * n, [0] * n
    for _, _, how, who in st.canal_log:
        if how == "overseer":
            builds[who] += 1
        elif how == "accepted":
            accepted[who] += 1
    own = 0 <= seat < n
    # What `seat` has spent besides this round's bid, net of the bribes it took counted at the same
    # guess as the others' (the state keeps no amounts), so that its figure and theirs compare.
    spent = 0
    if own:
        spent = max(0, given - bid[seat] - st.cash[seat] + accepted[seat] * sum(BRIBE_GUESS) // 2)
    # 3 × √(rounds played): nothing in the first round, when all held 10 before bidding
    spread = math.isqrt(9 * max(0, st.round - 1))
    cash = {}
    for s in range(n):
        if s == seat:
            continue
        start = given - max(0, spent + rng.randint(-spread, spread))  # before this round's bid
        if accepted[s]:
            start += sum(rng.randint(*BRIBE_GUESS) for _ in range(accepted[s]))
        else:
            start = min(start, given - builds[s])
        cash[s] = max(max(start, bid[s]) - bid[s], owed[s])
    return cash
