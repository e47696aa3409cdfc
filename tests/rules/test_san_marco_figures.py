"""San Marco's review figures add up: the prestige rows come to every player's prestige, the limit
points taken are the limit cards of the piles each player chose or was left, and each count of
cards played is the count of those moves."""

from __future__ import annotations

import pytest

from boardgames_tui.rules.registry import get
from boardgames_tui.rules.san_marco.actions import (
    Choose,
    Confirm,
    PlayBanish,
    PlayBridge,
    PlayDistrict,
    PlayDoge,
    PlayTransfer,
)

from .figures_helpers import played, table

GAME = get("san_marco")
RANDOM, SMART = "random", "normal"
FINAL = ("Prestige", "final: sole leads (high)")


def _prestige(rows, seat):
    return sum(values[seat] for (group, _), values in rows.items() if group == "Prestige")


def _limit_points(cards):
    return sum(int(card[6:]) for card in cards if card.startswith("limit:"))


def _limits_dealt(moves, players):
    """Each player's limit points from the piles: a chooser's pile is theirs, and the divider has
    what the choosers left of the limit cards they split."""
    dealt = [0] * players
    for move in moves:
        offer = move.before.offers[move.before.offer_at] if move.before.offers else None
        if isinstance(move.action, Confirm):
            # both of PAIRS2's dividers split at once: the offer is the confirming divider's own
            dealt[move.seat] += _limit_points(move.before.split_offer(move.seat)["cards"])
        elif isinstance(move.action, Choose):
            chosen = _limit_points(move.before.pile_cards(offer, move.action.pile))
            dealt[move.seat] += chosen
            dealt[offer["divider"]] -= chosen
    return dealt


# (players, seed, level, options); 4 players seed 9 and 2 players seed 16 (random) each end a
# period on a pile of limit cards alone with no sole lowest total, in one move.
GAMES = [
    (2, 1, SMART, None),
    (2, 16, RANDOM, None),
    (2, 3, SMART, {"two_player": "dummies"}),
    (3, 2, RANDOM, None),
    (3, 5, SMART, None),
    (4, 3, SMART, None),
    (4, 9, RANDOM, None),
]


@pytest.mark.parametrize(("players", "seed", "level", "options"), GAMES)
def test_figures_add_up(players, seed, level, options):
    moves = played("san_marco", players, seed, level, options)
    rows = table(GAME.figures(moves))
    last = moves[-1].after
    final = {row.seat: row.total for row in last.standings().rows}
    for seat in range(players):
        assert _prestige(rows, seat) == last.prestige[seat] == final[seat]
    assert list(rows[("Limit track", "limit points taken")]) == _limits_dealt(moves, players)
    outs = rows[("Limit track", "times out (10 or more)")]
    assert 3 <= sum(outs) and max(outs) <= 3  # a period ends only once someone is out
    kinds = {
        ("The split", "times divided"): lambda a: isinstance(a, Confirm),
        ("The split", "times chose"): lambda a: isinstance(a, Choose),
        ("Cards played", "district cards played"): lambda a: isinstance(a, PlayDistrict),
        ("Cards played", "transfers"): lambda a: isinstance(a, PlayTransfer),
        ("Cards played", "bridges built/taken over"): lambda a: isinstance(a, PlayBridge),
        ("Cards played", "banishments (cards)"): lambda a: isinstance(a, PlayBanish) and a.card >= 0,
        ("Cards played", "Doge moves"): lambda a: isinstance(a, PlayDoge),
        ("Limit track", "free banishments"): lambda a: isinstance(a, PlayBanish) and a.card < 0,
    }
    for key, kind in kinds.items():
        assert list(rows[key]) == [
            sum(1 for m in moves if m.seat == s and kind(m.action)) for s in range(players)
        ]


def test_part_of_a_game_counts_only_its_moves_and_no_end_rows():
    moves = played("san_marco", 4, 3, SMART)
    whole = table(GAME.figures(moves))
    for k in range(1, len(moves), 7):
        part = table(GAME.figures(moves[:k]))
        now = moves[k - 1].after
        assert FINAL not in part and FINAL in whole
        counts = [key for key in part if key != ("Prestige", "tolls in less Doge costs")]
        assert all(part[key][s] <= whole[key][s] for key in counts for s in range(4))
        assert [_prestige(part, s) for s in range(4)] == now.prestige
        if now.period == 1:  # the limit cards are cleared as the period ends
            assert list(part[("Limit track", "limit points taken")]) == [now.limit_total(s) for s in range(4)]
    assert GAME.figures([]) == []
