"""A walkthrough's script (boardgames_tui/learn/script.py): read from TOML, refused with the step
named when it is wrong, replayed through the rules layer, and a learner's move told apart as the
one asked for, an illegal one (the rules' reason) or another legal one (the step's hint)."""

from __future__ import annotations

import dataclasses

import pytest

from boardgames_tui.learn import script
from boardgames_tui.learn.script import ScriptError, parse
from boardgames_tui.rules import registry

# St. Petersburg, seed 7, three seats: the third seat (Katya) starts the worker phase, then the
# learner (Katya takes the first lumberjack); the upper row holds a gold miner (4), lumberjacks
# (3), a shepherd (5) and a fur trapper (6).
HEAD = """
game = "st_petersburg"
title = "A test walk"
seed = 7
seats = ["You", "Boris", "Katya"]
"""
GOAL = """
[[step]]
title = "The goal"
caption = "Most points wins."
highlight = ["header", "players"]
"""
YOUR_BUY = """
[[step]]
title = "Buy a worker"
caption = "Buy the lumberjack for 3 rubles."
auto = 1
expect = { kind = "buy", row = "upper", index = 3, card = "lumberjack", price = 3 }
hint = "Here, buy a lumberjack: it pays 3 rubles in every worker phase."
"""
AFTER = """
[[step]]
title = "Then Boris"
caption = "Boris buys too."
auto = 1
"""


def test_a_script_replays_and_stops_where_the_learner_moves():
    walk = parse(HEAD + GOAL + YOUR_BUY + AFTER)
    assert walk.title == "A test walk" and [s.your_move for s in walk.steps] == [False, True, False]
    first, buy, after = script.positions(walk)
    assert first.state.to_move() == (2,) and len(first.record.steps) == 0
    assert buy.state.to_move() == (script.LEARNER,) and len(buy.record.steps) == 1
    # the expected move was made in between, then the smart bot's one move
    assert [step.seat for step in after.record.steps] == [2, 0, 1]
    assert after.record.steps[1].action == walk.steps[1].expect


def test_the_learners_move_is_checked_against_the_rules_then_the_step():
    walk = parse(HEAD + GOAL + YOUR_BUY)
    pos = script.start(walk)
    script.run_moves(walk, 0, pos)
    script.run_moves(walk, 1, pos)
    step = walk.steps[1]
    before = pos.state.copy()
    assert script.check(step.expect, step, pos) is None
    legal_other = next(a for a in pos.state.legal_actions(0) if a != step.expect and a.kind == "buy")
    assert script.check(legal_other, step, pos) == step.hint
    too_dear = registry.get("st_petersburg").decode_action(
        {"kind": "buy", "row": "upper", "index": 3, "card": "lumberjack", "price": 1, "replace": None}
    )
    reason = script.check(too_dear, step, pos)
    assert reason and reason != step.hint
    assert pos.state == before  # checking changes nothing


@pytest.mark.parametrize(
    "text, says",
    [
        (HEAD.replace("st_petersburg", "chess") + GOAL, "unknown game"),
        (HEAD.replace('["You", "Boris", "Katya"]', '["You"]') + GOAL, "seats must name"),
        (HEAD + GOAL.replace('caption = "Most points wins."', ""), "step 1 ('The goal'): every step needs"),
        (HEAD + GOAL.replace('"header"', '"left corner"'), "'left corner' is not a screen part"),
        (HEAD + GOAL + "places = [3]\n", "places is a list of the board's place names"),
        (HEAD + GOAL + 'places = "upper 1"\n', "places is a list of the board's place names"),
        (HEAD + YOUR_BUY.replace("hint =", "nothing ="), "needs a hint"),
        (HEAD + GOAL.replace("highlight", 'moves = [{ kind = "pass" }]\nhighlight'), "names its seat"),
        (
            HEAD + GOAL + AFTER.replace("auto = 1", 'auto = "soon"'),
            'auto is a number of moves, "you" or "end"',
        ),
        (
            HEAD + "[[step]]\ncaption = 'x'\nexpect = { kind = 'fly' }\nhint = 'h'\n",
            "not a move of this game",
        ),
        (HEAD, "no steps"),
        ("game = ", "not valid TOML"),
    ],
)
def test_a_wrong_file_is_refused_with_the_step_named(text, says):
    with pytest.raises(ScriptError) as exc:
        parse(text, "test.toml")
    assert says in str(exc.value)


def test_a_move_that_the_rules_refuse_names_its_step_and_the_reason():
    walk = parse(HEAD + GOAL + AFTER.replace("auto = 1", 'moves = [{ seat = 1, kind = "pass" }]'))
    with pytest.raises(
        ScriptError, match=r"step 2 \('Then Boris'\): Pass is not legal: It is not Boris's turn"
    ):
        script.positions(walk)


def test_an_expected_move_that_is_not_legal_there_is_refused():
    walk = parse(HEAD + YOUR_BUY.replace("auto = 1", "auto = 0"))
    with pytest.raises(ScriptError, match="the learner is not the one to move"):
        script.positions(walk)


def test_auto_you_plays_the_others_until_the_learner_moves():
    walk = parse(HEAD + GOAL + AFTER.replace("auto = 1", 'auto = "you"'))
    last = script.positions(walk)[-1]
    assert last.state.to_move() == (script.LEARNER,) and [s.seat for s in last.record.steps] == [2]


def test_auto_end_plays_the_game_to_its_end():
    walk = parse(HEAD + GOAL + AFTER.replace("auto = 1", 'auto = "end"'))
    last = script.positions(walk)[-1]
    assert last.state.is_over() and last.record.steps


@pytest.mark.parametrize("game_id", script.available())
def test_each_shipped_walkthrough_replays_to_its_end(game_id):
    walk = script.load(game_id)
    positions = script.positions(walk)  # every scripted move and every expected one is legal
    assert len(positions) == len(walk.steps) and any(step.your_move for step in walk.steps)
    for step, pos in zip(walk.steps, positions, strict=True):
        if step.your_move:
            assert script.LEARNER in pos.state.to_move(), step.title
    assert positions[-1].state.is_over(), "the last step shows how the game ends and scores"
    assert 500 <= script.words(walk.steps) <= 2000, "five to ten minutes of reading, with the moves"


def test_st_petersburg_has_a_walkthrough():
    assert "st_petersburg" in script.available()


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_captions_claims_hold_in_the_position_it_shows(game_id):
    """A caption's checkable claims (the step's `claims`: phase or step, who moves, what is legal)
    are borne out by the replayed position (issue 34: a hint of the wrong phase)."""
    walk = script.load(game_id)
    claimed = 0
    for step, pos in zip(walk.steps, script.positions(walk), strict=True):
        if step.claims:
            claimed += 1
            assert not script.claims_broken(walk, step, pos), (
                step.title,
                script.claims_broken(walk, step, pos),
            )
    assert claimed


def test_a_claim_the_position_does_not_bear_out_is_named():
    walk = script.load("st_petersburg")
    pos = script.positions(walk)
    index = next(i for i, step in enumerate(walk.steps) if step.claims)
    wrong = dataclasses.replace(
        walk.steps[index], claims={"phase": "building", "to_move": "Boris", "legal": ["!pass"]}
    )
    broken = script.claims_broken(walk, wrong, pos[index])
    assert len(broken) == 3 and "phase is 'aristocrat'" in broken[0], broken
