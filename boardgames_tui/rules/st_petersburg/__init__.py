"""St. Petersburg (1st edition, 2004): GAME for the registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import Game, OptionSpec, Seat, State

if TYPE_CHECKING:
    from .actions import ACTION_CLASSES
    from .state import StPetersburgState

# The launcher shows every game's title, pitch and options before its first frame; the rules
# machinery (state, actions, card data) is imported only once a game is played, replayed or its
# rules are read.

OPTIONS = (
    OptionSpec(
        "taxman_phase",
        "Tax Man pays at",
        (("aristocrat", "aristocrat scoring (rulebook)"), ("worker", "worker scoring (seed text)")),
        "aristocrat",
        "When the Tax Man pays 1 ₽ per green card you have.",
    ),
    OptionSpec(
        "tiebreak",
        "Tie-break",
        (("total", "all rubles held (rulebook)"), ("remainder", "rubles left over after conversion")),
        "total",
        "What decides a tie on points: all the money a player holds (the rulebook: the most "
        "money wins), or only what is left after 10 ₽ → 1 ★ (Board Game Arena, tournaments).",
    ),
    OptionSpec(
        "skip_refill_if_nothing_taken",
        "Refill after a phase where nobody took a card",
        (("on", "deal nothing (rulebook)"), ("off", "fill the display to 8 anyway")),
        "on",
        "If nobody bought or took a card from the display in the worker, building or "
        "aristocrat phase, no new cards are dealt for it.",
    ),
    OptionSpec(
        "open_money",
        "Money",
        (("off", "secret"), ("on", "open")),
        "off",
        "Whether everybody sees everybody's rubles.",
    ),
    OptionSpec(
        "open_hands",
        "Hands",
        (("off", "secret"), ("on", "open")),
        "off",
        "Whether everybody sees the cards in everybody's hand.",
    ),
    OptionSpec(
        "youngest",
        "Youngest player (3 players)",
        (("random", "chosen at random"), ("1", "seat 1"), ("2", "seat 2"), ("3", "seat 3")),
        "random",
        "With 3 players the youngest gets the fourth start marker.",
        players=(3,),
    ),
)

RULES = """\
# St. Petersburg

Hire workers, raise buildings and win over aristocrats in the Tsar's new city. Workers bring
rubles (₽), buildings bring victory points (★), aristocrats bring both. **The most ★ at the end wins.**

## Setup

Four face-down stacks: workers (green, 31 cards), buildings (blue, 28), aristocrats (orange, 27)
and trading cards (30; each has a green, blue or orange face). Everybody starts with **25 ₽**
and 0 ★. @MONEY@
There are four start markers, one per phase; with 4 players each gets one, with 2
players each gets two, with 3 players each gets one and the youngest also gets the fourth.
Two workers per player are dealt face up into the display.

## The display

Up to **8 cards** lie face up in two rows. The **upper row** holds cards dealt this round; the
**lower row** holds cards left over from the last round, and they cost **1 ₽ less**.

## A round

A round has four phases: **worker → building → aristocrat → trading**. The holder of that phase's
start marker begins and play goes round the table. On your turn you do exactly one thing:

* **Buy** a card from either row (any kind, not only the phase's) and put it in your play area.
* **Take** a card from either row into your hand (free). Your hand holds at most 3 cards (4 with
  the Warehouse).
* **Play** a card from your hand into your play area, paying its price (no lower-row discount).
* **Use an Observatory** (building phase only, see below).
* **Pass.** Passing is not final: you may act again when your turn comes back. The phase ends
  only when **everybody passes in a row**.

You can never pay more rubles than you have. A player who can do nothing else must still pass.

## Scoring a phase and refilling

When the worker, building or aristocrat phase ends, every player earns the ₽ and ★ shown on all
their cards of that phase's colour (green, blue, orange; trading cards count by their face colour).
The trading phase is never scored. Then the display is topped up to 8 cards from the **next**
phase's stack (buildings after the worker phase, aristocrats after the building phase, trading
cards after the aristocrat phase): the cards still out move right, new cards go on the left of
the upper row. @REFILL@

At the end of the round the lower row is discarded, the upper row moves down, the display is
filled to 8 with workers (always: our reading, since the rule above could otherwise stop the deal
for good), every start marker passes to the next player, and used Observatories are turned back.

## Prices

Start from the printed price, then:

* −1 ₽ for each card of the **same name** already in your play area;
* −1 ₽ if you buy it from the **lower row**;
* −1 ₽ on every **blue** card if you own the Carpenter Workshop;
* −1 ₽ on every **orange** card if you own the Gold Smelter;
* for a trading card, minus the value of the card it replaces.

All discounts add up, but **nothing costs less than 1 ₽**.

## Trading cards

A trading card must **replace** a card you already have; the replaced card is discarded and its
printed price is deducted (Potjomkin's Village counts as **6 ₽**).

* Green: a worker with the same icon (Carpenter Workshop ↔ Lumberjack, Gold Smelter ↔ Gold
  Miner, Weaving Mill ↔ Shepherd, Fur Shop ↔ Fur Trapper, Wharf ↔ Ship Builder) or the
  Czar and Carpenter, which any green trading card may replace.
* Blue: any building that is not a trading card.
* Orange: any aristocrat that is not a trading card.
* Never another trading card, and never an Observatory used this round.

Without a card to replace you can't buy or play it, but you may still take it into your hand.

## Special cards

* **Observatory** (6 ₽, 1 ★): in the building phase, instead of a normal action, draw the top card
  of any stack that has at least 2 cards. Everybody sees it. Buy it (no lower-row discount), take
  it into your hand, or discard it. Each Observatory works once a round, and a used one scores 0 ★
  that round.
* **Pub** (1 ₽): after each building scoring, including the last round's, buy up to 5 ★ per Pub
  at 2 ₽ each. (The rulebook says "up to 5" and never speaks of two Pubs; 5 per Pub is our
  reading, 5 per player the other one.)
* **Warehouse** (2 ₽): your hand limit is 4. If you lose it with 4 cards in hand you keep them,
  but can't take more until you are below 3.
* **Potjomkin's Village** (2 ₽): scores nothing; worth 6 ₽ when a blue trading card replaces it.
* **Mariinskij Theater**: at building scoring, +1 ₽ per orange card you have.
* **Tax Man**: +1 ₽ per green card you have, @TAXMAN@.
* **Czar and Carpenter**: an ordinary worker that any green trading card may replace.

## End of the game

When a refill deals the **last card of any stack**, the current round is the final one; it is
played to the end. If the round-end worker deal empties the worker stack, the round it opens is the
final one. The game ends after the final round's trading phase. Then every player adds:

* **Aristocrat bonus** for different orange cards in the play area (duplicates count once; at
  most 10 kinds): 1, 3, 6, 10, 15, 21, 28, 36, 45, 55 ★ for 1 … 10 kinds.
* **1 ★ per full 10 ₽.**
* **−5 ★ per card left in hand.**

Most ★ wins. @TIEBREAK@ If still tied, they share the win (the rulebook stops before this).

## Cards

| card | count | price | pays | note |
|---|---|---|---|---|
"""


def _card_table() -> str:
    from .data import CARDS

    lines = []
    for card in CARDS.values():
        pays = []
        if card.rubles:
            pays.append(f"{card.rubles} ₽")
        if card.points:
            pays.append(f"{card.points} ★")
        note = card.ability
        if card.is_trading and not note:
            note = f"replaces {card.target_description()}"
        elif card.is_trading:
            note = f"replaces {card.target_description()}; {note[0].lower()}{note[1:]}"
        group = {"green": "green", "blue": "blue", "orange": "orange"}[card.face]
        lines.append(
            f"| {card.name} ({group}{', trading' if card.is_trading else ''}) | {card.count} | "
            f"{card.price} ₽ | {' '.join(pays) or '—'} | {note} |"
        )
    return "\n".join(lines) + "\n"


class StPetersburgGame(Game):
    id = "st_petersburg"
    title = "St. Petersburg"
    min_players = 2
    max_players = 4
    minutes = 60
    pitch = "Build the Tsar's city: hire workers for rubles, raise buildings for points, court aristocrats."
    rules_version = "1"
    options = OPTIONS
    normal_bot = ".bot:SmartBot"
    # moves a second in the hard bot's search, by player count (benchmarks/search.py, 2026-12-01)
    search_rate = {2: 11500, 3: 14500, 4: 13800}
    view_class = ".view:StPetersburgView"

    def _new(self, seats: tuple[Seat, ...], seed: int, options: dict[str, str]) -> State:
        from .state import StPetersburgState

        return StPetersburgState(self, seats, seed, options)

    def decode_action(self, data: Any):
        return decode_action(data)

    def rules_markdown(self, options: Mapping[str, str] | None = None) -> str:
        try:
            resolved = self.resolve_options(options or {})
        except ValueError:
            resolved = self.resolve_options({})
        rules = RULES.replace(
            "@REFILL@",
            (
                "If nobody bought or took a card from the display during that phase, nothing is dealt."
                if resolved["skip_refill_if_nothing_taken"] == "on"
                else "This happens even if nobody took a card during the phase."
            ),
        )
        rules = rules.replace(
            "@MONEY@",
            (
                "In this game money is open: everybody sees everybody's rubles (the usual rule keeps "
                "them secret)."
                if resolved["open_money"] == "on"
                else "Your money is kept secret from the others."
            ),
        )
        rules = rules.replace(
            "@TAXMAN@",
            (
                "at worker scoring (this game's setting; the rulebook pays it at aristocrat scoring)"
                if resolved["taxman_phase"] == "worker"
                else "at aristocrat scoring, as the rulebook says"
            ),
        )
        rules = rules.replace(
            "@TIEBREAK@",
            (
                "On a tie, the tied player with more rubles left over after the 10 ₽ → 1 ★ conversion "
                "wins (₽ mod 10; this game's setting, as on Board Game Arena: the rulebook compares all "
                "the money held)."
                if resolved["tiebreak"] == "remainder"
                else 'On a tie, the tied player with more rubles wins: the rulebook\'s "most money", which '
                "is all the rubles held at the end."
            ),
        )
        lines = [rules, _card_table(), "\n## Options in this game\n\n"]
        for spec in self.options:
            value = resolved[spec.key]
            lines.append(f"* **{spec.label}** (`{spec.key}`): {spec.label_of(value)}. {spec.help}\n")
        return "".join(lines)


GAME = StPetersburgGame()


def decode_action(data: Any):
    # The actions module is imported when first needed, not with the package (start-up).
    from .actions import decode_action as decode

    return decode(data)


def __getattr__(name: str):
    # The names this package always exported, now loaded on first use.
    if name == "StPetersburgState":
        from .state import StPetersburgState

        return StPetersburgState
    if name == "ACTION_CLASSES":
        from .actions import ACTION_CLASSES

        return ACTION_CLASSES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "StPetersburgGame", "StPetersburgState", "decode_action", "ACTION_CLASSES"]
