"""Rialto's rules reference for the help screen, in our own words, with the board table's figures
read from data (so that a corrected table corrects the text too)."""

from __future__ import annotations

from . import data as D


def rules_text() -> str:
    slots = ", ".join(f"{D.SLOT_LETTERS[i]} {D.slot_name(i)}" for i in range(len(D.SLOTS)))
    tiles = ", ".join(f"{a}│{b}" for a, b in D.BRIDGE_TILES)
    banks = "; ".join(
        f"{D.BANK_NAMES[b]}: {', '.join(D.DISTRICTS[d].name for d in D.BANKS[b])}" for b in range(2)
    )
    coins = "; ".join(f"{n} players: {', '.join(map(str, c))}" for n, c in D.START_COINS.items())
    blue = {
        "upgrade": "return one of your buildings and take the next value of its colour "
        "(not usable this round)",
        "vp_councilman": f"{D.BLUE_VP_COUNCILMAN} VP and a councilman from the general supply to yours "
        "(or 1 VP more)",
        "doge": "advance on the Doge track as many spaces as your rank",
        "vp3": f"{D.BLUE_VP} VP",
    }
    blues = "\n".join(f"- **Blue {v}:** {blue[e]}." for v, e in D.BLUE_EFFECTS.items())
    return f"""
# Rialto

Venetian nobles gain influence in the six districts of Venice over {D.ROUNDS} rounds. Each round
has a current district (the round tiles, shuffled at set-up, give the order). The most victory
points (VP) wins; a tie goes to whoever is ahead on the Doge track.

## Set-up

Everyone starts with {D.START_VP} VP, {D.PERSONAL_COUNCILMEN} councilmen in their supply
({D.COUNCILMEN - D.PERSONAL_COUNCILMEN} more in the general supply) and coins by seat from the
start player ({coins}). All Doge discs share the first space, the start player's on top.
**Doge order**, which settles every tie and every "in order": the disc on the higher space first,
and on one space the disc higher in its stack.
Counter-clockwise, starting on the start player's right, each player picks a value-1 building
(green, yellow or blue): each type once with 2–3 players, twice with 4–5.

## A round

**Phase I, cards.** Players + 1 rows of {D.ROW_SIZE} cards are laid out. In Doge order each player
takes a row and draws {D.BLIND_DRAWS} cards blind. Then, in Doge order, green buildings may be used;
the row nobody took is discarded, and everyone discards down to {D.HAND_LIMIT} cards (plus green
bonuses). Cards not played in Phase II stay in your hand for later rounds. Hand sizes are public;
hands are not.

**Phase II, six stages:** A Doge, B Gold, C Building, D Bridge, E Gondola, F Councilman. Stage A
starts with the first in Doge order, each later stage with the previous stage's bonus winner
(with no bonus, the same start player). Clockwise, each player once plays any number of cards
of the stage's kind, or passes. Jokers add one each; without a card of the kind, two Jokers
stand for one card you do not hold (a Joker alone is no play). Your count, cards and Jokers
together, is the size of your action below ("per card" means per counted card) and decides the
bonus: the highest count wins it (ties: Doge order). Then everyone acts, in Doge order:

- **A Doge:** advance a space per card (bonus +1); a disc landing on others goes on top.
- **B Gold:** a coin per card (bonus +1).
- **C Building:** take a building of value up to your count (bonus +1). Above 4: a value-4
  building, then one for the rest. Only {D.BUILDING_SPACES} spaces: to build more, return
  buildings for their value in VP.
- **D Bridge:** 1 VP per card; whoever played none loses 1 VP. Bonus: 1 VP and the top bridge
  tile on any empty connection, each number facing the district you choose.
- **E Gondola:** a councilman from the general supply to yours per card (1 VP for each missing).
  Bonus: a gondola on an empty connection and a councilman from the general supply into one of
  its two districts (with none left there: 1 VP, and one from your supply or another district).
- **F Councilman:** a councilman per card (bonus +1) from your supply into the current district;
  when your supply is short you may move yours from other districts.

The first to have councilmen in all three districts of one bank of the Grand Canal scores
{D.BANK_BONUS} VP (checked in stages E and F; in F everyone who qualifies together scores).

**Phase III, blue buildings,** in Doge order. Then coins on buildings go back to the supply.

## Buildings

A building is used once a round by putting a coin on it.

- **Green 1:** one card from the leftover row, or {D.GREEN_DRAW} from the pile. **Green 2:** hand limit +1.
  **Green 3:** Green 1 and limit +1. **Green 4:** Green 1 and limit +2.
- **Yellow 1:** wait, and play after everyone else; you also take a coin from the supply, so
  it costs nothing (it stays used for the round). **Yellow 2:** one card of
  another kind counts as one of this stage's. **Yellow 3:** counts as a Joker. **Yellow 4:** one card
  of another kind counts as two of this stage's.
{blues}

## The end

After round {D.ROUNDS}: half the sum of your coins and the councilmen in your supply (rounded up),
your buildings' values, and each district: its value is the sum of the numbers facing it on its connections;
the most councilmen there score it, the next half of that, and so on (rounded down; ties by
Doge order; no councilmen, no points).

## Two players: the virtual player (option)

A virtual player starts the game, draws 7 cards each round face up (its Jokers count as
Councilman cards) and plays all its cards of each stage. The two players take 1 and 2 coins; it
takes none, nor VP, nor buildings. It competes for every bonus, the Doge track and the districts,
and with the Bridge or Gondola bonus builds on the slot its marker shows (the lowest-numbered
district's lowest-numbered free neighbour, by round tile): a bridge with its lower number toward
the lower-numbered district, a gondola with a councilman at each end.

## Provisional board data

No source gives which districts the {len(D.SLOTS)} connections join or the bridge tiles' numbers. Used
here, until a printed board is read: connections {slots}; bridge tiles {tiles}. The banks of the
Grand Canal ({banks}) are inferred from the real city and provisional too. Which blue
building is the Doge advance and which the VP and councilman is also open: here Blue 3 is the
Doge advance, as the seed and a rules FAQ say.
"""
