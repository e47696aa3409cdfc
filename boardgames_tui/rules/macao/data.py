"""Macao's data: the house card set, the city quarters and the sea route, transcribed from
shared/rules/macao_house_data.md (Tables A to E), and the fixed figures of the rules.

RECONSTRUCTED, NOT THE PRINTED GAME DATA. No public source gives Macao's card texts, quarter costs,
city map or sea route (macao.md §2.2–§2.5), so the game ships a designed house set that keeps every
figure the rulebook fixes: 24 office, 44 building and 52 person cards; offices four per colour
costing 1–4 cubes of that colour; the tribute pairs 20 × 0-0, 1-1 and 2-2 and 30 × 0-1 and 1-2;
costs of 1–4 cubes; the 33 cards the rulebook names under their names. `check()` (run on import)
refuses a table that breaks any of these, so an edit that does fails at once and in the tests.
Every card is `official: false` (the launcher, the board header and the rules reference say so).

Colour letters: R red, B blue, G green, K black, Y gray, V violet. A cost "R2 B1" is exactly two
red and one blue action cube. Effects are the closed list of primitives of the data file's §3,
written as there ("TRADE(R1 → 2pp)"); `effect_of` reads them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from . import HOUSE_SET_NOTICE  # the tables' caveat, with them

COLOURS = "RBGKYV"
COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "K": "black", "Y": "gray", "V": "violet"}
GOODS = ("lacquerware", "rice", "tea", "jade", "silk", "paper", "porcelain", "spices")
GOOD_NAMES = {
    "lacquerware": "lacquer ware",
    "rice": "rice",
    "tea": "tea",
    "jade": "jade",
    "silk": "silk",
    "paper": "paper",
    "porcelain": "porcelain",
    "spices": "spices",
}
TILES_PER_GOOD = 3
JOKERS = 6

# The rules' fixed figures (macao.md §3, §5, §6, §7).
ROUNDS = 12
START_GOLD = 5
TABLEAU_SPACES = 5
DISPLAY_DRAWN = 4  # person/building cards drawn each round beside the round's 2 offices
OFFICES_PER_ROUND = 2
WALL_SPACES = 16  # index 0 (the first space) to 15 (the last)
PUNISH_PP = 3
QUARTER_PP = 2  # per quarter of the largest connected group
DELIVERY_POINTS = (5, 3, 2)  # per port, the highest space first [S]
# The option `delivery_points`: the printed numbers are not public, so a group may pick others.
DELIVERY_CHOICES: dict[str, tuple[int, int, int]] = {
    "5-3-2": DELIVERY_POINTS,
    "6-4-2": (6, 4, 2),
    "4-3-2": (4, 3, 2),
    "3-2-1": (3, 2, 1),
}
JOKER_GOLD = 3
KINDS = ("office", "building", "person")
TIMINGS = ("phase1", "phase2", "phase3", "game_end")
USES = ("round", "round2", "every", "always", "activation", "end")
TRIBUTE_PAIRS = {(0, 0): 20, (1, 1): 20, (2, 2): 20, (0, 1): 30, (1, 2): 30}  # [R]
KIND_COUNTS = {"office": 24, "building": 44, "person": 52}  # [R]

PRIMITIVES = (
    "GOLD",
    "PP",
    "CUBE",
    "TRADE",
    "RECOLOUR",
    "SHIP",
    "SHIP_RATE",
    "WAREHOUSE",
    "WALL",
    "WALL_TOP",
    "QUARTER_PLUS",
    "LAND",
    "JOKER_DOUBLE",
    "TRIBUTE_PLUS",
    "DISCOUNT",
    "WILD",
    "ON",
    "NO_DRAFT",
    "TABLEAU",
    "ROSE_EXTRA",
    "ROSE_SHIFT",
    "SHIELD",
    "ABSOLVE",
    "END",
)

CardRow = tuple[str, str, str, str, str, int, int, str, str, str, str]
QuarterRow = tuple[str, str, bool, str, tuple[str, ...]]
SpaceRow = tuple[str, str, tuple[str, ...], int, "str | None"]

# One row per card, quarter and sea space, as in the data file's tables (so not wrapped).
# fmt: off
CARDS: tuple[CardRow, ...] = (
    ('O01', 'Fort Paymaster', 'office', 'designed', 'R1', 0, 1, 'phase3', 'round', 'TRADE(R1 → 2pp)', 'Once per round: pay 1 red AC, gain 2 PP.'),
    ('O02', "Hoppo's Licence", 'office', 'designed', 'R2', 1, 2, 'phase3', 'round', 'GOLD(1)', 'Once per round: take 1 GC.'),
    ('O03', 'Commissary of Supplies', 'office', 'designed', 'R3', 0, 1, 'phase3', 'round', 'CUBE(1, any)', 'Once per round: take 1 AC of any colour.'),
    ('O04', "Governor's Seal", 'office', 'designed', 'R4', 1, 2, 'phase3', 'round', 'TRADE(X2 → 4pp)', 'Once per round: pay any 2 AC, gain 4 PP.'),
    ('O05', 'Weighmaster', 'office', 'designed', 'B1', 1, 2, 'phase3', 'round', 'TRADE(S2 → 2g)', 'Once per round: pay 2 AC of one colour, take 2 GC.'),
    ('O06', 'Keeper of the Almanac', 'office', 'designed', 'B2', 0, 0, 'phase2', 'round', 'ROSE_EXTRA(1)', "Phase 2, once per round: after choosing your dice, add 1 AC of one chosen die's colour to that die's pile."),
    ('O07', 'Tax Farm', 'office', 'designed', 'B3', 1, 2, 'phase3', 'round', 'TRADE(X1 → 2g)', 'Once per round: pay 1 AC of any colour, take 2 GC.'),
    ('O08', 'Treasurer of the Senate', 'office', 'designed', 'B4', 0, 0, 'phase1', 'round', 'GOLD(2)', 'Phase 1, once per round: take 2 GC.'),
    ('O09', 'Grain Tax', 'office', 'designed', 'G1', 0, 0, 'phase3', 'activation', 'GOLD(3)', 'On activation: take 3 GC.'),
    ('O10', 'Water Rights', 'office', 'designed', 'G2', 1, 1, 'phase3', 'round', 'CUBE(1, B)', 'Once per round: take 1 blue AC.'),
    ('O11', 'Market Inspector', 'office', 'designed', 'G3', 0, 0, 'phase3', 'round', 'TRADE(D2 → 3g)', 'Once per round: pay 2 AC of two different colours, take 3 GC.'),
    ('O12', 'Rice Monopoly', 'office', 'designed', 'G4', 1, 1, 'phase3', 'round', 'CUBE(2, G)', 'Once per round: take 2 green AC.'),
    ('O13', 'Court Clerk', 'office', 'designed', 'K1', 1, 1, 'phase3', 'round', 'TRADE(X2 → 2g)', 'Once per round: pay any 2 AC, take 2 GC.'),
    ('O14', "Bishop's Tithe", 'office', 'designed', 'K2', 2, 2, 'phase3', 'round', 'TRADE(X2 → 3pp)', 'Once per round: pay any 2 AC, gain 3 PP.'),
    ('O15', 'Crown Judge', 'office', 'designed', 'K3', 1, 1, 'phase3', 'every', 'ON(activate:any → 1pp)', 'Every time you activate another card, gain 1 PP.'),
    ('O16', 'Procurator of the City', 'office', 'designed', 'K4', 2, 2, 'phase3', 'every', 'ON(activate:any → 1g)', 'Every time you activate another card, take 1 GC.'),
    ('O17', 'Customs', 'office', 'review-named', 'Y1', 2, 2, 'phase3', 'round2', 'TRADE(X1 → 1g)', 'Up to twice per round: pay 1 AC of any colour, take 1 GC.'),
    ('O18', 'Guild Charter', 'office', 'designed', 'Y2', 0, 1, 'phase3', 'every', 'DISCOUNT(activate, 1)', 'Every time you activate another card, pay 1 AC less (your choice which; at least 1 AC).'),
    ('O19', 'Mint Warrant', 'office', 'designed', 'Y3', 2, 2, 'phase3', 'round', 'TRADE(Y2 → 4g)', 'Once per round: pay 2 gray AC, take 4 GC.'),
    ('O20', 'Public Works Contract', 'office', 'designed', 'Y4', 0, 1, 'phase3', 'round', 'TRADE(X3 → 5pp)', 'Once per round: pay any 3 AC, gain 5 PP.'),
    ('O21', "Dyers' Licence", 'office', 'designed', 'V1', 0, 1, 'phase3', 'round', 'RECOLOUR(1)', 'Once per round: change the colour of 1 AC in your action cube supply.'),
    ('O22', "Interpreter's Post", 'office', 'designed', 'V2', 1, 2, 'phase3', 'every', 'WILD(activate, 2)', 'Every time you activate another card, up to 2 AC of its cost may be of any colour.'),
    ('O23', 'Embassy to Peking', 'office', 'designed', 'V3', 0, 1, 'phase3', 'activation', 'GOLD(6)', 'On activation: take 6 GC.'),
    ('O24', 'Message', 'office', 'rulebook-named', 'V4', 1, 2, 'phase3', 'every', 'ON(tribute → 2pp)', 'Every time you buy prestige (action 3.5), gain 2 PP more.'),
    ('B01', 'Fountain', 'building', 'rulebook-named', 'R2 B1', 1, 2, 'phase3', 'every', 'ON(quarter → wall+1)', 'Every time you take a city quarter, move your wall disc 1 space forward for free. This is not your wall move for the round.'),
    ('B02', 'Smithy', 'building', 'rulebook-named', 'Y3', 0, 1, 'game_end', 'end', 'END(quarters, 1)', 'Game end: 1 PP for each city quarter you own.'),
    ('B03', 'Gate', 'building', 'rulebook-named', 'Y2', 1, 1, 'phase3', 'always', 'WALL_TOP', 'Whenever your wall disc shares a space with other discs, it is on top, also on the last space.'),
    ('B04', 'Tower', 'building', 'rulebook-named', 'R2', 0, 1, 'phase3', 'every', 'DISCOUNT(wall, 1)', 'Every time you move on the wall, pay 1 AC less: the first space is free, each further space costs 2 AC.'),
    ('B05', 'Cooperage', 'building', 'rulebook-named', 'G2 B1', 0, 0, 'phase3', 'every', 'ON(deliver → 2pp)', 'Every time you deliver a goods tile, gain 2 PP more. Warehouses do not double these PP.'),
    ('B06', 'Lacquer Ware Warehouse', 'building', 'rulebook-named', 'K1', 0, 1, 'phase3', 'every', 'WAREHOUSE(lacquerware)', 'Every time you deliver a lacquer ware tile, score the PP printed on its port space twice.'),
    ('B07', 'Rice Warehouse', 'building', 'rulebook-named', 'G1', 1, 2, 'phase3', 'every', 'WAREHOUSE(rice)', 'Every time you deliver a rice tile, score the PP printed on its port space twice.'),
    ('B08', 'Tea Warehouse', 'building', 'rulebook-named', 'B1', 2, 2, 'phase3', 'every', 'WAREHOUSE(tea)', 'Every time you deliver a tea tile, score the PP printed on its port space twice.'),
    ('B09', 'Jade Warehouse', 'building', 'rulebook-named', 'Y1', 0, 0, 'phase3', 'every', 'WAREHOUSE(jade)', 'Every time you deliver a jade tile, score the PP printed on its port space twice.'),
    ('B10', 'Silk Warehouse', 'building', 'rulebook-named', 'V1', 1, 1, 'phase3', 'every', 'WAREHOUSE(silk)', 'Every time you deliver a silk tile, score the PP printed on its port space twice.'),
    ('B11', 'Paper Warehouse', 'building', 'rulebook-named', 'R1', 0, 1, 'phase3', 'every', 'WAREHOUSE(paper)', 'Every time you deliver a paper tile, score the PP printed on its port space twice.'),
    ('B12', 'Porcelain Warehouse', 'building', 'rulebook-named', 'B1', 1, 2, 'phase3', 'every', 'WAREHOUSE(porcelain)', 'Every time you deliver a porcelain tile, score the PP printed on its port space twice.'),
    ('B13', 'Spice Warehouse', 'building', 'rulebook-named', 'R1', 2, 2, 'phase3', 'every', 'WAREHOUSE(spices)', 'Every time you deliver a spices tile, score the PP printed on its port space twice.'),
    ('B14', 'Lighthouse', 'building', 'rulebook-named', 'B1', 0, 0, 'phase3', 'every', 'DISCOUNT(port, 1)', 'Every time your ship moves into a port, that space costs you no AC.'),
    ('B15', 'Statue', 'building', 'rulebook-named', 'Y1', 1, 1, 'game_end', 'end', 'PP(3)', 'Game end: 3 PP.'),
    ('B16', 'University', 'building', 'review-named', 'K1 V1 B1 G1', 0, 1, 'game_end', 'end', 'END(cards, 1)', 'Game end: 1 PP for each card you have activated (this one included).'),
    ('B17', 'School', 'building', 'review-named', 'G1 Y1 K2', 2, 2, 'phase3', 'round', 'GOLD(2)', 'Once per round: take 2 GC.'),
    ('B18', 'Mint', 'building', 'designed', 'Y1 V1 K1', 1, 2, 'phase3', 'round', 'TRADE(X2 → 3g)', 'Once per round: pay any 2 AC, take 3 GC.'),
    ('B19', 'Counting House', 'building', 'designed', 'K2 V1', 1, 1, 'phase3', 'round', 'TRADE(D2 → 3g)', 'Once per round: pay 2 AC of two different colours, take 3 GC.'),
    ('B20', 'Printing Press', 'building', 'designed', 'K1 G1 Y1', 1, 1, 'game_end', 'end', 'END(buildings, 2)', 'Game end: 2 PP for each building card you have activated (this one included).'),
    ('B21', 'Cathedral of the Sé', 'building', 'designed', 'V3 K1', 1, 2, 'game_end', 'end', 'PP(11)', 'Game end: 11 PP.'),
    ('B22', 'Kun Iam Temple', 'building', 'designed', 'B2', 1, 2, 'phase3', 'round', 'PP(1)', 'Once per round: gain 1 PP.'),
    ('B23', 'Rice Granary', 'building', 'designed', 'G2', 2, 2, 'phase3', 'activation', 'GOLD(5)', 'On activation: take 5 GC.'),
    ('B24', 'Tea House', 'building', 'designed', 'G2 V1', 0, 1, 'phase3', 'round', 'TRADE(S2 → 4pp)', 'Once per round: pay 2 AC of one colour, gain 4 PP.'),
    ('B25', 'Silk Filature', 'building', 'designed', 'V2', 0, 0, 'phase3', 'round', 'TRADE(V1 → 2g)', 'Once per round: pay 1 violet AC, take 2 GC.'),
    ('B26', 'Lacquer Workshop', 'building', 'designed', 'K2 B1', 1, 2, 'phase3', 'round', 'TRADE(K2 → 5pp)', 'Once per round: pay 2 black AC, gain 5 PP.'),
    ('B27', 'Paper Mill', 'building', 'designed', 'Y1 G1 B1', 2, 2, 'phase3', 'round', 'TRADE(X3 → 4g)', 'Once per round: pay any 3 AC, take 4 GC.'),
    ('B28', 'Porcelain Showroom', 'building', 'designed', 'B2 V1', 2, 2, 'phase3', 'activation', 'GOLD(6)', 'On activation: take 6 GC.'),
    ('B29', 'Fish Market', 'building', 'designed', 'B1', 0, 1, 'phase3', 'activation', 'GOLD(3)', 'On activation: take 3 GC.'),
    ('B30', 'Bazaar', 'building', 'designed', 'R2', 1, 1, 'phase3', 'round', 'RECOLOUR(2)', 'Once per round: change the colour of up to 2 AC in your action cube supply.'),
    ('B31', 'Inn', 'building', 'designed', 'R1', 1, 2, 'phase3', 'every', 'ON(activate:person → 1pp)', 'Every time you activate a person card, gain 1 PP.'),
    ('B32', 'Archive of the Senate', 'building', 'designed', 'G1', 2, 2, 'phase1', 'always', 'TABLEAU(1)', 'Your tableau holds 6 cards instead of 5 before the overflow rule applies.'),
    ('B33', 'Almshouse', 'building', 'designed', 'G1', 0, 1, 'game_end', 'end', 'PP(4)', 'Game end: 4 PP.'),
    ('B34', 'Strongroom', 'building', 'designed', 'K1', 1, 2, 'game_end', 'end', 'END(gold, 1)', 'Game end: 1 PP for each GC you still have.'),
    ('B35', 'Observatory', 'building', 'designed', 'Y2', 0, 1, 'phase2', 'round', 'ROSE_SHIFT(1)', 'Phase 2, once per round: you may place the AC of one of your two dice 1 position earlier on your wind rose (not below 1).'),
    ('B36', 'Water Clock', 'building', 'designed', 'Y2', 1, 2, 'phase2', 'round', 'ROSE_EXTRA(1)', "Phase 2, once per round: after choosing your dice, add 1 AC of one chosen die's colour to that die's pile."),
    ('B37', 'Library', 'building', 'designed', 'K1 V1 B1 G1', 1, 2, 'game_end', 'end', 'PP(12)', 'Game end: 12 PP.'),
    ('B38', 'Chapel of St Anthony', 'building', 'designed', 'G1', 0, 0, 'phase3', 'round', 'TRADE(K1 → 2pp)', 'Once per round: pay 1 black AC, gain 2 PP.'),
    ('B39', 'Bell Foundry', 'building', 'designed', 'R2 Y1', 0, 0, 'phase3', 'round', 'TRADE(R2 → 5pp)', 'Once per round: pay 2 red AC, gain 5 PP.'),
    ('B40', 'Pawnshop', 'building', 'designed', 'R1 K1', 2, 2, 'phase3', 'round', 'GOLD(1)', 'Once per round: take 1 GC.'),
    ('B41', "Merchants' Guild Hall", 'building', 'designed', 'Y2 G1', 0, 1, 'phase3', 'every', 'ON(activate:building → 2g)', 'Every time you activate another building card, take 2 GC.'),
    ('B42', "Bishop's Palace", 'building', 'designed', 'K3 R1', 0, 0, 'game_end', 'end', 'PP(10)', 'Game end: 10 PP.'),
    ('B43', 'Japan Trading Post', 'building', 'designed', 'R2 Y2', 1, 1, 'phase3', 'round', 'GOLD(2)', 'Once per round: take 2 GC.'),
    ('B44', 'A-Ma Temple', 'building', 'designed', 'G4', 0, 1, 'phase3', 'round', 'PP(2)', 'Once per round: gain 2 PP.'),
    ('P01', 'Juggler', 'person', 'rulebook', 'V1', 0, 1, 'phase3', 'every', 'JOKER_DOUBLE', 'Every time you use a joker tile, it counts double: any 2 AC, or 1 AC and 3 GC, or 6 GC.'),
    ('P02', 'Herald', 'person', 'rulebook-named', 'R1 V1', 1, 2, 'phase3', 'always', 'QUARTER_PLUS(1)', 'You may take possession of 2 city quarters per round instead of 1, each paid normally.'),
    ('P03', 'Night Watchmen', 'person', 'rulebook-named', 'K1', 1, 2, 'phase3', 'every', 'WILD(quarter, 1)', 'Every time you take a city quarter, 1 AC of its cost may be of any colour.'),
    ('P04', 'Soldier', 'person', 'rulebook-named', 'R2', 1, 1, 'phase3', 'activation', 'LAND(3)', 'On activation: take possession of an unowned city quarter costing at most 3 AC, without paying. It does not count toward your quarter limit.'),
    ('P05', 'Speculator', 'person', 'rulebook-named', 'V2 Y1 G1', 1, 1, 'phase3', 'every', 'ON(quarter → 2g)', 'Every time you take possession of a city quarter, take 2 GC.'),
    ('P06', 'Carpenter', 'person', 'rulebook-named', 'G1', 0, 0, 'phase3', 'every', 'DISCOUNT(quarter, 1)', 'Every time you take a city quarter, pay 1 AC less (your choice which; at least 1 AC).'),
    ('P07', 'Cannoneer', 'person', 'rulebook-named', 'R1 K1', 0, 0, 'phase3', 'every', 'DISCOUNT(wall_step, 1)', 'Every time you move on the wall, each further space costs 1 AC instead of 2.'),
    ('P08', 'Guard', 'person', 'rulebook-named', 'R1 Y1', 1, 1, 'phase3', 'round', 'WALL(1)', 'Once per round: move your wall disc 1 space forward for free. This is not your wall move for the round.'),
    ('P09', 'Captain', 'person', 'rulebook-named', 'B2 R2', 2, 2, 'phase3', 'every', 'ON(deliver → 2g)', 'Every time you deliver a goods tile, take 2 GC.'),
    ('P10', 'Cabin Boy', 'person', 'rulebook-named', 'B2', 2, 2, 'phase3', 'round', 'SHIP(2)', 'Once per round: move your ship up to 2 spaces for free.'),
    ('P11', 'Sail Maker', 'person', 'rulebook-named', 'B3', 0, 0, 'phase3', 'every', 'SHIP_RATE(2)', 'Every time you pay for ship movement, each AC moves your ship up to 2 spaces.'),
    ('P12', 'Helmsman', 'person', 'rulebook-named', 'B2 V1', 1, 2, 'phase3', 'round', 'SHIP(3)', 'Once per round: move your ship up to 3 spaces for free.'),
    ('P13', 'Diplomat', 'person', 'rulebook-named', 'V2', 0, 1, 'phase3', 'every', 'DISCOUNT(tribute, 1)', 'Every time you buy prestige (action 3.5), pay 1 GC less (not below 0).'),
    ('P14', 'Envoy', 'person', 'rulebook-named', 'K2', 1, 2, 'phase3', 'always', 'TRIBUTE_PLUS(1)', 'You may buy prestige (action 3.5) twice in each turn, each time at the full current price.'),
    ('P15', 'Idler', 'person', 'rulebook-named', 'Y1', 1, 1, 'phase1', 'round', 'NO_DRAFT', 'Phase 1, once per round: you may decline to take a card.'),
    ('P16', 'Abbot', 'person', 'rulebook', 'K1', 2, 2, 'game_end', 'end', 'SHIELD(tableau)', 'Game end: you take no punish markers for cards still on your tableau.'),
    ('P17', 'Professor', 'person', 'rulebook-named', 'V2 K1', 2, 2, 'phase2', 'round', 'ON(die:1 → 2g)', 'Phase 2, once per round: if you choose a die showing 1 (also one turned to 1 by the late-round rule), take 2 GC.'),
    ('P18', 'Go-between', 'person', 'review-named', 'G1 B1', 0, 1, 'phase3', 'every', 'ON(activate:person → 1g)', 'Every time you activate another person card, take 1 GC.'),
    ('P19', 'Jesuit Scholar', 'person', 'designed', 'K1 V1 G1', 0, 0, 'phase3', 'round', 'TRADE(D3 → 6pp)', 'Once per round: pay 3 AC of three different colours, gain 6 PP.'),
    ('P20', 'Jesuit Astronomer', 'person', 'designed', 'Y3', 1, 1, 'phase2', 'round', 'ROSE_SHIFT(2)', 'Phase 2, once per round: you may place the AC of one of your two dice up to 2 positions earlier on your wind rose (not below 1).'),
    ('P21', 'Comprador', 'person', 'designed', 'G3', 0, 1, 'phase3', 'round', 'TRADE(X1 → 2g)', 'Once per round: pay 1 AC of any colour, take 2 GC.'),
    ('P22', 'Linguist', 'person', 'designed', 'B2', 0, 0, 'phase3', 'every', 'WILD(activate, 2)', 'Every time you activate another card, up to 2 AC of its cost may be of any colour.'),
    ('P23', 'Rice Farmer', 'person', 'designed', 'G2', 0, 1, 'phase3', 'round', 'TRADE(G1 → 2g)', 'Once per round: pay 1 green AC, take 2 GC.'),
    ('P24', 'Pearl Diver', 'person', 'designed', 'B1 G1', 1, 2, 'phase3', 'round', 'TRADE(B2 → 5pp)', 'Once per round: pay 2 blue AC, gain 5 PP.'),
    ('P25', 'Court Painter', 'person', 'designed', 'V2 Y1', 0, 0, 'phase3', 'round', 'TRADE(V2 → 5pp)', 'Once per round: pay 2 violet AC, gain 5 PP.'),
    ('P26', 'Stonemason', 'person', 'designed', 'Y2 R1', 1, 1, 'phase3', 'round', 'TRADE(Y2 → 5pp)', 'Once per round: pay 2 gray AC, gain 5 PP.'),
    ('P27', 'Tea Taster', 'person', 'designed', 'G1 K1', 2, 2, 'phase3', 'round', 'TRADE(G2 → 5pp)', 'Once per round: pay 2 green AC, gain 5 PP.'),
    ('P28', 'Confessor', 'person', 'designed', 'K1', 0, 1, 'game_end', 'end', 'ABSOLVE(2)', 'Game end: gain 3 PP for each of your punish markers, up to 2 markers.'),
    ('P29', 'Moneylender', 'person', 'designed', 'R1', 1, 2, 'phase3', 'round', 'TRADE(2g → 2×any)', 'Once per round: pay 2 GC, take 2 AC of any colours.'),
    ('P30', 'Money-changer', 'person', 'designed', 'R1', 0, 0, 'phase3', 'round', 'TRADE(1g → 2×same)', 'Once per round: pay 1 GC, take 2 AC of one colour of your choice.'),
    ('P31', 'Tax Collector', 'person', 'designed', 'K2', 1, 2, 'phase3', 'round', 'TRADE(K1 → 2g)', 'Once per round: pay 1 black AC, take 2 GC.'),
    ('P32', 'Fortune-teller', 'person', 'designed', 'V2 R1', 0, 1, 'phase2', 'round', 'CUBE(1, any)', 'Phase 2, once per round: before the rotation, put 1 AC of any colour beside the 1 on your wind rose.'),
    ('P33', 'Gambler', 'person', 'designed', 'R1 V1', 0, 0, 'phase3', 'activation', 'GOLD(5)', 'On activation: take 5 GC.'),
    ('P34', 'Fidalgo', 'person', 'designed', 'R2 V1', 1, 2, 'game_end', 'end', 'PP(9)', 'Game end: 9 PP.'),
    ('P35', 'Veteran of Malacca', 'person', 'designed', 'R1 B1', 1, 1, 'game_end', 'end', 'PP(7)', 'Game end: 7 PP.'),
    ('P36', 'Sacristan', 'person', 'designed', 'B2', 1, 1, 'phase3', 'round', 'CUBE(1, K)', 'Once per round: take 1 black AC.'),
    ('P37', 'Sergeant', 'person', 'designed', 'R1 Y1', 0, 1, 'phase3', 'round', 'TRADE(X2 → 3pp)', 'Once per round: pay any 2 AC, gain 3 PP.'),
    ('P38', 'Quartermaster', 'person', 'designed', 'B1 R1 Y1', 1, 1, 'phase3', 'round', 'CUBE(1, any)', 'Once per round: take 1 AC of any colour.'),
    ('P39', 'Porter', 'person', 'designed', 'Y2', 2, 2, 'phase3', 'activation', 'CUBE(3, any)', 'On activation: take 3 AC of any colours.'),
    ('P40', "Merchant's Widow", 'person', 'designed', 'K1 G1 V1', 0, 1, 'phase3', 'activation', 'GOLD(7)', 'On activation: take 7 GC.'),
    ('P41', 'Patron of the Arts', 'person', 'designed', 'V2', 0, 1, 'phase3', 'round', 'TRADE(2g → 4pp)', 'Once per round: pay 2 GC, gain 4 PP.'),
    ('P42', 'Collector of Curiosities', 'person', 'designed', 'V2 K1', 2, 2, 'phase3', 'round', 'TRADE(3g → 6pp)', 'Once per round: pay 3 GC, gain 6 PP.'),
    ('P43', 'Franciscan Friar', 'person', 'designed', 'K2 G1', 0, 1, 'phase3', 'every', 'ON(activate:any → 1pp)', 'Every time you activate another card, gain 1 PP.'),
    ('P44', 'Mandarin', 'person', 'designed', 'V1 K1 R1', 1, 2, 'game_end', 'end', 'END(offices, 3)', 'Game end: 3 PP for each office card you have activated.'),
    ('P45', 'Dominican Friar', 'person', 'designed', 'K2 G1 B1', 0, 1, 'game_end', 'end', 'END(persons, 2)', 'Game end: 2 PP for each person card you have activated (this one included).'),
    ('P46', 'Chronicler', 'person', 'designed', 'Y1 B1', 1, 2, 'game_end', 'end', 'END(trios, 3)', 'Game end: 3 PP for each trio of activated cards (one office, one building, one person) you can form.'),
    ('P47', 'Notary', 'person', 'designed', 'R1 K1', 2, 2, 'phase3', 'every', 'ON(activate:office → 3pp)', 'Every time you activate an office card, gain 3 PP.'),
    ('P48', 'Astrologer', 'person', 'designed', 'V1 B1', 0, 1, 'phase2', 'every', 'ON(die:6 → 3pp)', 'Phase 2: every time you choose a die showing 6, gain 3 PP.'),
    ('P49', 'Monsoon Watcher', 'person', 'designed', 'B2 G1', 1, 2, 'phase2', 'round', 'ROSE_EXTRA(2)', "Phase 2, once per round: after choosing your dice, add 2 AC of one chosen die's colour to that die's pile."),
    ('P50', 'Rent Collector', 'person', 'designed', 'G1 R1', 1, 2, 'phase1', 'round', 'GOLD(1)', 'Phase 1, once per round: take 1 GC.'),
    ('P51', 'Banker', 'person', 'designed', 'Y3 K1', 0, 0, 'phase3', 'every', 'ON(activate:any → 1g)', 'Every time you activate another card, take 1 GC.'),
    ('P52', 'Great Merchant', 'person', 'designed', 'V2 B1 R1', 1, 2, 'phase3', 'round', 'CUBE(2, same)', 'Once per round: take 2 AC of one colour of your choice.'),
)

QUARTERS: tuple[QuarterRow, ...] = (
    ('q01', 'Porta do Cerco', False, 'Y1', ('q02',)),
    ('q02', 'Mong-Há', False, 'R1 G1', ('q01', 'q03', 'q05',)),
    ('q03', 'Areia Preta', False, 'K1', ('q02', 'q06', 'q11',)),
    ('q04', 'Ilha Verde', True, 'G2 B1', ('q05',)),
    ('q05', 'Patane', False, 'B1 Y1', ('q02', 'q04', 'q06', 'q09',)),
    ('q06', 'Tap Seac', False, 'V2', ('q03', 'q05', 'q10',)),
    ('q07', 'Inner Harbour', False, 'B1', ('q08', 'q12',)),
    ('q08', 'Santo António', False, 'K1 G1', ('q07', 'q09', 'q13',)),
    ('q09', 'Monte', True, 'R2 K1 Y1', ('q05', 'q08', 'q14',)),
    ('q10', 'São Lázaro', False, 'R1 B1 K1', ('q06', 'q11', 'q15',)),
    ('q11', 'Guia', True, 'V2 G1', ('q03', 'q10',)),
    ('q12', 'Tercena', False, 'R2', ('q07', 'q13', 'q17',)),
    ('q13', 'Rua Direita', False, 'Y1 V1', ('q08', 'q12', 'q14', 'q18', 'q19',)),
    ('q14', 'São Domingos', False, 'G2 Y1', ('q09', 'q13', 'q15',)),
    ('q15', 'Sé', False, 'V1 K2', ('q10', 'q14', 'q16', 'q20',)),
    ('q16', 'Cacilhas', False, 'G1', ('q15', 'q21',)),
    ('q17', 'Ponte e Horta', False, 'B1 G1 R1', ('q12', 'q18',)),
    ('q18', 'Santo Agostinho', True, 'K2 B1 V1', ('q13', 'q17', 'q19', 'q22',)),
    ('q19', 'Senado', False, 'Y1 V1 R1', ('q13', 'q18', 'q20', 'q23',)),
    ('q20', 'São Lourenço', False, 'B2', ('q15', 'q19', 'q21',)),
    ('q21', 'Praia Grande', False, 'B2 K1', ('q16', 'q20', 'q25',)),
    ('q22', 'Lilau', False, 'R1', ('q18', 'q23',)),
    ('q23', 'Penha', True, 'Y2 R1', ('q19', 'q22', 'q24', 'q27',)),
    ('q24', 'Chunambeiro', False, 'K1 R1', ('q23', 'q25', 'q28',)),
    ('q25', 'Bom Parto', False, 'G1 Y1 V1', ('q21', 'q24', 'q28',)),
    ('q26', 'Pátio do Chá', False, 'V1', ('q27',)),
    ('q27', 'Rua da Barra', False, 'R2 B1', ('q23', 'q26', 'q28', 'q29',)),
    ('q28', 'São Tiago', False, 'G1 V1', ('q24', 'q25', 'q27', 'q30',)),
    ('q29', 'A-Ma', True, 'V2 K1 B1', ('q27', 'q30',)),
    ('q30', 'Ponta da Barra', False, 'Y2', ('q28', 'q29',)),
)

SEA: tuple[SpaceRow, ...] = (
    ('Macao', 'start (ship slips)', ('s01',), 0, None),
    ('s01', 'sea', ('Macao', 's02',), 1, None),
    ('s02', 'sea', ('s01', 's03',), 2, None),
    ('s03', 'sea', ('s02', 'Lisboa',), 3, None),
    ('Lisboa', 'port', ('s03', 's04', 's13',), 4, 'spices'),
    ('s04', 'sea', ('Lisboa', 's05',), 5, None),
    ('s13', 'sea', ('Lisboa', 'Barcelona',), 5, None),
    ('Barcelona', 'port', ('s13', 's14', 's16',), 6, 'paper'),
    ('s05', 'sea', ('s04', 'London',), 6, None),
    ('London', 'port', ('s05', 's06', 's09',), 7, 'tea'),
    ('s14', 'sea', ('Barcelona', 'Marseille',), 7, None),
    ('s16', 'sea', ('Barcelona', 's17',), 7, None),
    ('Marseille', 'port', ('s14', 's15',), 8, 'lacquerware'),
    ('s06', 'sea', ('London', 'Antwerpen',), 8, None),
    ('s09', 'sea', ('London', 's10',), 8, None),
    ('s17', 'sea', ('s16', 'Genova',), 8, None),
    ('Antwerpen', 'port', ('s06', 'Amsterdam',), 9, 'jade'),
    ('Genova', 'port', ('s17', 's15',), 9, 'silk'),
    ('s10', 'sea', ('s09', 's11',), 9, None),
    ('s15', 'sea', ('Marseille', 'Genova',), 9, None),
    ('Amsterdam', 'port', ('Antwerpen', 's07',), 10, 'porcelain'),
    ('s11', 'sea', ('s10', 's12',), 10, None),
    ('s07', 'sea', ('Amsterdam', 's08',), 11, None),
    ('s12', 'sea', ('s11', 'Hamburg',), 11, None),
    ('Hamburg', 'port', ('s12', 's08',), 12, 'rice'),
    ('s08', 'sea', ('s07', 'Hamburg',), 12, None),
)
# fmt: on


@dataclass(frozen=True)
class Effect:
    """A primitive and its parameters as written: TRADE(R1 → 2pp) is ("TRADE", ("R1", "2pp"))."""

    code: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    provenance: str
    cost: tuple[tuple[str, int], ...]  # (colour letter, cubes), as printed
    yellow: int  # gold towards the tribute price
    red: int  # PP towards the tribute
    timing: str
    uses: str
    effect: Effect
    text: str
    official: bool = False

    @property
    def cubes(self) -> int:
        return sum(n for _, n in self.cost)


@dataclass(frozen=True)
class Quarter:
    id: str
    name: str
    dark: bool  # a joker quarter; the light ones hold a good
    cost: tuple[tuple[str, int], ...]
    neighbours: tuple[str, ...]


@dataclass(frozen=True)
class Space:
    id: str
    kind: str  # "start", "sea" or "port"
    neighbours: tuple[str, ...]
    distance: int  # spaces from Macao
    good: str | None  # the good a port wants


def parse_cost(text: str) -> tuple[tuple[str, int], ...]:
    """'R2 B1' -> (("R", 2), ("B", 1))."""
    out = []
    for part in text.split():
        match = re.fullmatch(r"([RBGKYV])([1-4])", part)
        if not match:
            raise ValueError(f"not a cost: {text!r}")
        out.append((match.group(1), int(match.group(2))))
    return tuple(out)


def effect_of(text: str) -> Effect:
    match = re.fullmatch(r"([A-Z_]+)(?:\((.*)\))?", text)
    if not match:
        raise ValueError(f"not an effect: {text!r}")
    code, inner = match.group(1), match.group(2)
    if inner is None:
        return Effect(code, ())
    parts = re.split(r"\s*(?:→|,)\s*", inner.strip())
    return Effect(code, tuple(parts))


def _card(row: CardRow) -> Card:
    cid, name, kind, provenance, cost, yellow, red, timing, uses, effect, text = row
    return Card(
        cid, name, kind, provenance, parse_cost(cost), yellow, red, timing, uses, effect_of(effect), text
    )


CARD_LIST: tuple[Card, ...] = tuple(_card(row) for row in CARDS)
CARD: dict[str, Card] = {card.id: card for card in CARD_LIST}
OFFICE_IDS = tuple(c.id for c in CARD_LIST if c.kind == "office")
DECK_IDS = tuple(c.id for c in CARD_LIST if c.kind != "office")
QUARTER_LIST: tuple[Quarter, ...] = tuple(
    Quarter(qid, name, dark, parse_cost(cost), neighbours) for qid, name, dark, cost, neighbours in QUARTERS
)
QUARTER: dict[str, Quarter] = {q.id: q for q in QUARTER_LIST}
SPACE_LIST: tuple[Space, ...] = tuple(
    Space(sid, kind.split()[0], neighbours, distance, good) for sid, kind, neighbours, distance, good in SEA
)
SPACE: dict[str, Space] = {s.id: s for s in SPACE_LIST}
START_SPACE = "Macao"
PORTS = tuple(s.id for s in SPACE_LIST if s.kind == "port")
PORT_OF_GOOD: dict[str, str] = {SPACE[p].good or "": p for p in PORTS}


def check() -> None:
    """The figures the rulebook fixes, and the tables' own consistency; ValueError names the first
    that does not hold."""
    problems: list[str] = []
    kinds = Counter(c.kind for c in CARD_LIST)
    if dict(kinds) != KIND_COUNTS:
        problems.append(f"cards by kind {dict(kinds)}, not {KIND_COUNTS}")
    if len({c.id for c in CARD_LIST}) != len(CARD_LIST) or len({c.name for c in CARD_LIST}) != len(CARD_LIST):
        problems.append("card ids and names must be unique")
    for c in CARD_LIST:
        if not 1 <= c.cubes <= 4:
            problems.append(f"{c.id} costs {c.cubes} cubes (1 to 4)")
        if len({colour for colour, _ in c.cost}) != len(c.cost):
            problems.append(f"{c.id} names a colour twice in its cost")
        if c.timing not in TIMINGS or c.uses not in USES:
            problems.append(f"{c.id}: timing {c.timing!r} or uses {c.uses!r} unknown")
        if c.effect.code not in PRIMITIVES:
            problems.append(f"{c.id}: {c.effect.code} is not a primitive")
        if c.uses == "every" and "every time" not in c.text.lower():
            problems.append(f"{c.id} acts every time but its text does not say so")
    pairs = Counter((c.yellow, c.red) for c in CARD_LIST)
    if dict(pairs) != TRIBUTE_PAIRS:
        problems.append(f"tribute pairs {dict(pairs)}, not {TRIBUTE_PAIRS}")
    offices = [c for c in CARD_LIST if c.kind == "office"]
    for colour in COLOURS:
        costs = sorted(c.cubes for c in offices if {k for k, _ in c.cost} == {colour})
        if costs != [1, 2, 3, 4]:
            problems.append(
                f"the {COLOUR_NAMES[colour]} offices cost {costs}, not 1, 2, 3 and 4 of that colour"
            )
    used = {c.effect.code for c in CARD_LIST}
    if used != set(PRIMITIVES):
        problems.append(f"primitives never used: {sorted(set(PRIMITIVES) - used)}")
    if len(QUARTER_LIST) != 30 or sum(q.dark for q in QUARTER_LIST) != JOKERS:
        problems.append("30 quarters, 6 of them dark")
    for q in QUARTER_LIST:
        for n in q.neighbours:
            if n not in QUARTER or q.id not in QUARTER[n].neighbours:
                problems.append(f"quarters {q.id} and {n}: a border must be listed on both sides")
    if len(GOODS) * TILES_PER_GOOD != sum(not q.dark for q in QUARTER_LIST):
        problems.append("one good per light quarter, 3 of each of the 8")
    for s in SPACE_LIST:
        for n in s.neighbours:
            if n not in SPACE or s.id not in SPACE[n].neighbours:
                problems.append(f"sea spaces {s.id} and {n}: an edge must be listed on both sides")
    if sorted(s.good or "" for s in SPACE_LIST if s.kind == "port") != sorted(GOODS):
        problems.append("each of the 8 ports wants a different good")
    if problems:
        raise ValueError("Macao's house data: " + "; ".join(problems))


check()


# -- the rules reference (rules.md): its figures and tables read from the ones above, so that a
# corrected table corrects the text too.


def _cost_text(cost: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{colour}{n}" for colour, n in cost)


def _card_list(kind: str) -> str:
    return "\n".join(
        f"- **{c.name}** ({_cost_text(c.cost)}; tribute {c.yellow} gold / {c.red} PP): {c.text}"
        for c in CARD_LIST
        if c.kind == kind
    )


def _quarter_table() -> str:
    rows = []
    for q in QUARTER_LIST:
        what = "joker" if q.dark else "a good"
        borders = ", ".join(n[1:] for n in q.neighbours)
        rows.append(f"| {q.id[1:]} | {q.name} | {_cost_text(q.cost)} | {what} | {borders} |")
    return "| # | quarter | cost | holds | borders |\n|---|---|---|---|---|\n" + "\n".join(rows)


def _port_list() -> str:
    return "\n".join(
        f"- **{p}** ({SPACE[p].distance} spaces from Macao) wants {GOOD_NAMES[SPACE[p].good or '']}."
        for p in PORTS
    )


def rules_values(options: Mapping[str, str]) -> dict[str, str]:
    """The {{fields}} of rules.md. The text quotes the house delivery points whatever the option
    (it names the option beside them), so no field depends on `options`."""
    figures: dict[str, object] = {
        "house_set_notice": HOUSE_SET_NOTICE[0].upper() + HOUSE_SET_NOTICE[1:],
        "office_count": KIND_COUNTS["office"],
        "building_count": KIND_COUNTS["building"],
        "person_count": KIND_COUNTS["person"],
        "rounds": ROUNDS,
        "colours": ", ".join(f"{letter} {name}" for letter, name in COLOUR_NAMES.items()),
        "start_gold": START_GOLD,
        "offices_per_round": OFFICES_PER_ROUND,
        "cards_drawn": DISPLAY_DRAWN,
        "tableau_spaces": TABLEAU_SPACES,
        "delivery_points": ", ".join(map(str, DELIVERY_POINTS)),
        "joker_gold": JOKER_GOLD,
        "punish_pp": PUNISH_PP,
        "quarter_pp": QUARTER_PP,
        "sea_spaces": sum(s.kind == "sea" for s in SPACE_LIST),
        "port_count": len(PORTS),
        "ports": _port_list(),
        "quarter_count": len(QUARTER_LIST),
        "dark_quarters": JOKERS,
        "tiles_per_good": TILES_PER_GOOD,
        "quarter_table": _quarter_table(),
        "office_cards": _card_list("office"),
        "building_cards": _card_list("building"),
        "person_cards": _card_list("person"),
    }
    return {name: str(value) for name, value in figures.items()}
