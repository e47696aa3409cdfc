"""San Marco's board: the map drawn from the board table, the split kept from everyone but its
divider, a whole game played by keystrokes, and the board's pictures at 80×24 and 120×40."""

from __future__ import annotations

import dataclasses

import pytest

from boardgames_tui.rules.core import Seat
from boardgames_tui.rules.san_marco import GAME
from boardgames_tui.rules.san_marco.data import DISTRICTS, NDISTRICTS, PAIRS, PERIODS
from boardgames_tui.rules.san_marco.view import SanMarcoView
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.boards.san_marco import screen as sm_screen
from boardgames_tui.ui.boards.san_marco import signs, tray
from boardgames_tui.ui.boards.san_marco.layout import Layout
from boardgames_tui.ui.boards.san_marco.scene import Scene
from boardgames_tui.ui.boards.san_marco.venice import draw_map
from boardgames_tui.ui.screens.game_over import GameOverScreen

from .helpers import keys_until, saved_san_marco, to_the_board
from .san_marco_keys import next_key

SIZES = [(80, 24), (120, 40), (100, 30)]


# -- the map, from the board table ------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_every_canal_of_the_table_is_drawn_once_and_a_click_finds_it(size):
    layout = Layout(*size)
    pairs = [canal.pair for canal in layout.canals]
    assert sorted(pairs) == sorted(PAIRS)  # each neighbouring pair, and nothing else
    for canal in layout.canals:
        assert layout.place_at(canal.x + canal.width // 2, canal.y) == ("canal", *canal.pair)
    for d in range(NDISTRICTS):
        x, y = layout.box_of(d)
        assert layout.place_at(x + 3, y + 1) == ("district", d)
    assert layout.map_width <= size[0]


def scene_of(view, **kw):
    return Scene(view=view, names=["Ann", "Bob", "Cleo"], viewer=0, acting=True, **kw)


def empty_view(**kw) -> SanMarcoView:
    """A three-player game's public view with nothing on the board, then `kw`'s fields."""
    view = GAME.new(["Ann", "Bob", "Cleo"], 1).view(None)
    empty = dataclasses.replace(
        view, cubes=((0, 0, 0),) * NDISTRICTS, supply=(25, 25, 25), bridges=(), doge=None
    )
    return dataclasses.replace(empty, **kw)


def test_the_map_shows_cubes_bridges_the_doge_and_marks_the_legal_places():
    cubes = [(0, 0, 0)] * NDISTRICTS
    cubes[3] = (3, 0, 2)
    a, b = PAIRS[0]
    view = empty_view(cubes=tuple(cubes), bridges=((a, b, 1), (a, b, 2)), doge=3)
    lines = draw_map(
        Layout(80, 24), scene_of(view, marked=frozenset({("district", 3)}), place=("district", 3))
    )
    text = "\n".join(line.plain for line in lines)
    assert "◆3 ▲2" in text and "♛" in text
    assert "●▲" in text  # the two bridges on the first canal, by owner
    assert text.count("┏") == 1 and "▸4 San Marco" in text  # only the marked district is heavy
    for d in DISTRICTS:
        assert f"{d.die} {d.name}" in text and f"{d.high}/{d.low}" in text
    canal_marked = draw_map(Layout(80, 24), scene_of(view, marked=frozenset({("canal", a, b)})))
    assert "●▲+" in "\n".join(line.plain for line in canal_marked)


# -- the split stays the divider's ------------------------------------------------------------------
def marked_labels(monkeypatch):
    """Every card label the board draws comes wrapped in ‹›, so a screen showing one is seen."""
    plain = signs.card_label

    def label(card, long=False, short=False):
        return "‹" + plain(card, long=long, short=short) + "›"

    monkeypatch.setattr(tray, "card_label", label)
    monkeypatch.setattr(sm_screen, "card_label", label)


def secret_split(app) -> int | None:
    """The divider whose cards nobody else may see now (a split under way), or None."""
    view = app.table.view(None)  # the public view: who divides is public, the cards are not
    if view.step != "split":
        return None
    return view.offers[view.offer_at].divider


def split_check(checks: list[int]):
    """A check for keys_until: a split under way shows its cards on its divider's screen only."""

    def check(app) -> None:
        divider = secret_split(app)
        if divider is None:
            return
        screen = app.game_screen
        shown_to = screen.viewer if app.screen is screen else None
        text = app.screen_text()
        if shown_to == divider:
            assert "‹" in text  # the divider does see them (the check can fail)
            checks[0] += 1
        else:
            assert "‹" not in text, f"{type(app.screen).__name__} for {shown_to} shows a split:\n{text}"
            checks[1] += 1

    return check


async def play_by_keys(app, pilot, until, checks: list[int]) -> int:
    return await keys_until(app, pilot, until, next_key, split_check(checks))


@pytest.mark.slow
async def test_the_last_period_by_keystrokes_keeps_each_split_secret(monkeypatch):
    """The periods before are the flow's and the rules' to test: here the last, by keys, from its
    save to the final scoring, every divider's split shown to the divider alone."""
    marked_labels(monkeypatch)
    path = saved_san_marco(lambda view: view.period >= PERIODS, seed=1, name="san_marco-last.json")
    app = BoardgamesApp(load_path=path, bot_delay=0)
    checks = [0, 0]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = await play_by_keys(app, pilot, lambda a: isinstance(a.screen, GameOverScreen), checks)
        assert app.table.is_over() and keys > 20
        text = app.screen_text()
        assert "district by district" in text and "wins" in text
    assert checks[0] > 5 and checks[1] > 5  # the divider's screens, and everyone else's


@pytest.mark.slow
async def test_four_players_both_splits_stay_with_their_dividers(monkeypatch):
    marked_labels(monkeypatch)
    app = BoardgamesApp("san_marco", [Seat(n) for n in ("Ann", "Bob", "Cleo", "Dan")], seed=2, bot_delay=0)
    checks = [0, 0]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_by_keys(app, pilot, lambda a: a.table.view(None).round >= 3, checks)
    assert checks[0] >= 4 and checks[1] >= 4  # two dividers a round, each hidden from three


# -- the keys of each decision ---------------------------------------------------------------------
async def test_the_divider_moves_cards_with_the_keys_and_an_empty_pile_is_refused():
    path = saved_san_marco(lambda v: v.step == "split" and v.round >= 2)
    app = BoardgamesApp(load_path=path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_board(app, pilot)
        screen = app.game_screen
        offer = screen.offer()
        divider = offer.divider
        assert screen.viewer == divider and offer.cards is not None and screen.card == 0
        steps = len(app.table.record.steps)
        await pilot.press("enter")  # piles 2 and 3 are empty: refused, nothing changes
        assert len(app.table.record.steps) == steps and "at least one card" in app.screen_text()
        await pilot.press("right", "2")  # the second card into pile 2
        assert screen.card == 1 and app.table.view(divider).offers[0].draft[1] == 1
        await pilot.press("down")  # and on into pile 3
        assert app.table.view(divider).offers[0].draft[1] == 2
        await pilot.press("down")  # there is no pile 4
        assert app.table.view(divider).offers[0].draft[1] == 2 and "no pile 4" in app.screen_text()
        await pilot.press("up", "right", "3")  # card 1 back to pile 2, the next card to pile 3
        draft = app.table.view(divider).offers[0].draft
        assert sorted(set(draft)) == [0, 1, 2]
        await pilot.press("enter")  # every pile holds a card: the piles go to the chooser
        assert app.table.view(None).step == "choose"


def doge_to_play() -> BoardgamesApp:
    """Late in a game (round 11 of this one), a Doge card to play with the Doge on the board, where
    some districts have routes of different prices."""
    path = saved_san_marco(
        lambda v: v.step == "resolve" and "doge" in v.pending and v.doge is not None and v.round >= 11
    )
    return BoardgamesApp(load_path=path, bot_delay=0)


async def pick_the_doge_card(app, pilot):
    await to_the_board(app, pilot)
    screen = app.game_screen
    assert "doge" in screen.view.pending
    while screen.view.pending[screen.played_card()] != "doge":
        await pilot.press("c")
    return screen


async def test_a_doge_card_shows_each_cheapest_price_and_offers_the_routes_cheapest_first():
    from boardgames_tui.rules.san_marco.reckoning import doge_reach, doge_routes
    from boardgames_tui.ui.screens.dialogs import ChoiceScreen

    app = doge_to_play()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pick_the_doge_card(app, pilot)
        view, seat = screen.view, screen.viewer
        bridges = [((a, b), owner) for a, b, owner in view.bridges]
        routes = doge_routes(view.doge, bridges, seat, view.prestige[seat])
        notes = screen.doge_notes()
        assert set(notes) == set(routes) and notes  # every reachable district, and only those
        for d, route in routes.items():
            if d != view.doge:
                assert notes[d].plain.startswith("♛ " + ("free" if not route.cost else f"{route.cost}:"))
        text = app.screen_text()
        assert "♛ stays" in text
        # a district with routes of different prices: Enter asks which, cheapest first, each once
        several = [
            place
            for place, moves in screen.moves.items()
            if len({screen.route_cost_of(m)[0] for m in moves}) > 1
        ]
        assert several  # (the position is chosen for it)
        if several:
            screen.cursor.put(several[0])
            await pilot.press("enter")
            assert isinstance(app.screen, ChoiceScreen)
            labels = [str(label) for label in app.screen.labels]
            assert len(labels) == len(set(labels))
            prices = [int(label.split("(")[-1].split(":")[0].replace("free)", "0")) for label in labels]
            assert prices == sorted(prices)
            await pilot.press("escape")
        steps = len(app.table.record.steps)
        unreachable = [d for d in range(NDISTRICTS) if d not in routes]
        if unreachable:
            screen.cursor.put(("district", unreachable[0]))
            await pilot.press("enter")  # no move there: a reason, and nothing played
            assert len(app.table.record.steps) == steps
            # the reason says which: no run of bridges at all, or none the prestige pays for
            if unreachable[0] in doge_reach(view.doge, bridges, seat):
                assert "cannot get here for the prestige you have" in app.screen_text()
            else:
                assert "cannot get here: no run of bridges leads here" in app.screen_text()
        # with no prestige left, a district over another player's bridge is out of reach only for
        # want of prestige, and the reason says so
        poor = dataclasses.replace(view, prestige=(0,) * len(view.prestige))
        free = doge_routes(view.doge, bridges, seat, 0)
        dear = sorted(doge_reach(view.doge, bridges, seat) - set(free))
        assert dear  # (the position is chosen for it: some route there costs prestige)
        screen.view = poor
        assert screen.why_not_here(dear[0]) == "the Doge cannot get here for the prestige you have"
        screen.view = view


async def test_w_walks_the_doge_out_over_a_bridge_and_back_paying_each_crossing():
    from boardgames_tui.rules.san_marco.actions import PlayDoge
    from boardgames_tui.ui.screens.dialogs import ChoiceScreen

    app = doge_to_play()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pick_the_doge_card(app, pilot)
        assert "w walk" in app.screen_text()
        view, seat, card = screen.view, screen.viewer, screen.played_card()
        start, prestige = view.doge, list(view.prestige)
        steps = len(app.table.record.steps)

        await pilot.press("w", "escape")  # called off: nothing played
        assert len(app.table.record.steps) == steps and "called off" in app.screen_text()

        await pilot.press("w")
        assert isinstance(app.screen, ChoiceScreen) and app.screen.title_text.startswith("Walking the Doge")
        labels = [str(label) for label in app.screen.labels]
        assert labels[0].startswith(f"Stop in {DISTRICTS[start].name}")
        ways = [i for i, label in enumerate(labels) if label.startswith("To ")]
        out = next((i for i in ways if "(pays 1)" in labels[i]), ways[0])  # another's bridge if any
        there = next(d for d in DISTRICTS if labels[out].startswith(f"To {d.name} "))
        paid_out = "(pays 1)" in labels[out]
        await pilot.press(str(out + 1))
        labels = [str(label) for label in app.screen.labels]
        assert labels[0].startswith(f"Stop in {there.name}")
        back = next(
            i
            for i, label in enumerate(labels)
            if label.startswith(f"To {DISTRICTS[start].name} ") and ("(pays 1)" in label) == paid_out
        )
        await pilot.press(str(back + 1), "1")  # back where he started, and stop: San Marco scored
        played = app.table.record.steps[steps].action
        assert isinstance(played, PlayDoge) and played.card == card
        assert played.district == start and len(played.steps) == 2 and played.steps[0] == played.steps[1]
        from boardgames_tui.rules.san_marco.reckoning import district_scores

        counts = dict(enumerate(view.cubes[start]))
        share = district_scores(counts, DISTRICTS[start].high, DISTRICTS[start].low).get(seat, 0)
        after = app.table.view(None).prestige[seat]
        assert after == prestige[seat] - 2 * paid_out + share  # each crossing paid, then the scoring


async def test_a_bots_moves_that_nobody_sees_are_not_waited_for(monkeypatch):
    """The pause between bot moves lets people follow what they see; a bot putting its cards into
    secret piles shows nothing, so those moves follow at once (with the pause: ten seconds and
    more of a blank wait per split at the default 0.6 s)."""
    seats = [Seat("Ann", "smart"), Seat("Bob", "smart"), Seat("Cleo", "smart")]
    app = BoardgamesApp("san_marco", seats, seed=4, bot_delay=0.5)
    paced: list[int] = []  # the step numbers whose bot move waited for the pause
    real_timer = app.set_timer

    def timer(delay, callback, *args, **kwargs):
        if delay == app.bot_delay:
            paced.append(len(app.table.record.steps))
            return real_timer(0.001, callback, *args, **kwargs)  # no real wait in a test
        return real_timer(delay, callback, *args, **kwargs)

    monkeypatch.setattr(app, "set_timer", timer)
    async with app.run_test(size=(80, 24)) as pilot:
        while app.table is None or app.table.view(None).round < 3:
            await pilot.pause(0.01)
        steps = app.table.record.steps
        puts = [i for i, step in enumerate(steps) if step.action.kind == "put"]
        assert len(puts) > 10  # the bots did divide, card by card
        # after a move nobody saw, the next bot move was not paced; after one everybody saw, it was
        assert not [i for i in paced if i - 1 in puts]
        seen = [i + 1 for i, step in enumerate(steps[:-1]) if step.action.kind in ("confirm", "choose")]
        assert seen and all(i in paced for i in seen)
