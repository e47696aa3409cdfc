"""Macao's rules reference for the help screen, in our own words. The figures and every table (the
cards, the quarters, the sea route) are read from data.py, so a corrected table corrects the text."""

from __future__ import annotations

from . import data as D


def _cost(cost: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{colour}{n}" for colour, n in cost)


def _cards(kind: str) -> str:
    return "\n".join(
        f"- **{c.name}** ({_cost(c.cost)}; tribute {c.yellow} gold / {c.red} PP): {c.text}"
        for c in D.CARD_LIST
        if c.kind == kind
    )


def _quarters() -> str:
    rows = []
    for q in D.QUARTER_LIST:
        what = "joker" if q.dark else "a good"
        borders = ", ".join(n[1:] for n in q.neighbours)
        rows.append(f"| {q.id[1:]} | {q.name} | {_cost(q.cost)} | {what} | {borders} |")
    return "| # | quarter | cost | holds | borders |\n|---|---|---|---|---|\n" + "\n".join(rows)


def _ports() -> str:
    return "\n".join(
        f"- **{p}** ({D.SPACE[p].distance} spaces from Macao) wants {D.GOOD_NAMES[D.SPACE[p].good or '']}."
        for p in D.PORTS
    )


def rules_text() -> str:
    colours = ", ".join(f"{letter} {name}" for letter, name in D.COLOUR_NAMES.items())
    points = ", ".join(map(str, D.DELIVERY_POINTS))
    return f"""
# Macao

**{D.HOUSE_SET_NOTICE[0].upper()}{D.HOUSE_SET_NOTICE[1:]}.** The rulebook describes how Macao's cards
are built but prints no card texts, quarter costs or sea route, and none are public. This game ships
a designed set that keeps every figure the rulebook fixes ({D.KIND_COUNTS["office"]} offices,
{D.KIND_COUNTS["building"]} buildings and {D.KIND_COUNTS["person"]} persons; offices four per
colour costing 1 to 4 cubes of that colour; the tribute numbers; the 33 cards the rulebook names,
under their names). The cards, the city map and the route are listed at the end.

Over {D.ROUNDS} rounds the players gather action cubes on their wind roses, activate cards, take
city quarters, ship goods to Europe, pay tribute and climb the city wall. The most prestige points
(PP) win; a tie goes to whoever is further along the city wall.

Cube colours: {colours}. "R2 B1" is exactly two red and one blue cube.

## Set-up

Everyone has {D.START_GOLD} gold, a ship on Macao's slips and a disc on the city wall, stacked in a
random order (the top disc moves first). Players + 2 cards are turned up; from the bottom of the
wall stack up, each takes one onto their tableau. Then, from the top of the stack down, each puts
1 cube of a colour of their choice on pile 1 of their wind rose and 2 cubes of one colour (the
same or another) on pile 2. The {D.KIND_COUNTS["office"]} offices are dealt
{D.OFFICES_PER_ROUND} to each round's space on the track and are open from the start.

## The wind rose

Six piles sit around an arrow. A die showing *v* puts *v* cubes of its colour on pile *v*: pile 1
arrives this round, pile *v* in *v* − 1 rounds. At the end of the dice phase every rose turns: pile 1
becomes the round's cubes (what was left from last round is gone) and every other pile moves one
step closer. A player whose pile 1 is empty at the turn takes a punish marker.

## A round

**1. Cards.** The round's {D.OFFICES_PER_ROUND} offices and {D.DISPLAY_DRAWN} drawn cards are laid
out. The tribute price (gold) and prize (PP) are the sums of the six cards' yellow and red numbers.
With 3 players the last card drawn is discarded, with 2 players the last two. In wall order, each
player takes one card onto their tableau ({D.TABLEAU_SPACES} spaces). Taking a card onto a full
tableau costs a card of your choice from the six and a punish marker. The rest go to the open
discard pile.

**2. Dice.** The six dice are rolled. From round 8, a die that could no longer pay out before the
game ends counts as 1 (round 8: the 6s; round 9: 5s and 6s; … round 12: every die). Each player
takes two different dice (several players may take the same die) in wall order, for all to see; the
option below lets everyone choose at once, hidden until all have chosen. Then the roses turn.

**3. Actions.** In wall order each player has one action turn, doing any of these in any order until
they pass (unspent cubes are lost):

- **Activate a card** from the tableau: pay exactly the cubes it shows. It can be used at once.
- **Use an activated card:** once a round unless it says otherwise; cards marked phase 1 or
  phase 2 act then, game-end cards at the final scoring.
- **Take a city quarter** (one a round): pay exactly its cubes. A light quarter's good goes on your
  ship, wherever the ship is; a dark quarter gives a joker.
- **Sail:** 1 cube of any colour per space; each port is a space. Ships share spaces freely.
- **Deliver** a good to the port your ship is in that wants it: it fills the highest empty space
  ({points} PP with the house numbers; see the option below). No cubes needed, also without moving.
- **Pay tribute** (once a round): the round's price in gold for its PP.
- **Climb the wall** (one move a round): 1 cube for one space, 2 for each further space. You land on
  top of the discs there; at the last space, under them.
- **Use a joker**, at any time in your turn: a cube of any colour, or {D.JOKER_GOLD} gold. (The
  rulebook says "at any time"; a cube taken outside your turn could not be spent, and no card here
  asks for gold then.)

## Game end

After round {D.ROUNDS}, in this order: each card still on a tableau is a punish marker (an activated
Abbot protects from these); −{D.PUNISH_PP} PP per punish marker; the game-end cards score;
{D.QUARTER_PP} PP per quarter in your largest group of bordering quarters. Gold, goods and jokers
score nothing. Ties: further along the wall wins (on one space, the disc higher in the stack).

## The sea route (house set)

Macao's slips lead through {len([s for s in D.SPACE_LIST if s.kind == "sea"])} sea spaces to
{len(D.PORTS)} ports, each wanting one good:

{_ports()}

## The city (house set)

{len(D.QUARTER_LIST)} quarters, {D.JOKERS} of them dark (a joker); the goods are dealt at random to
the light ones, {D.TILES_PER_GOOD} of each.

{_quarters()}

## The house card set

### Offices

{_cards("office")}

### Buildings

{_cards("building")}

### Persons

{_cards("person")}
"""
