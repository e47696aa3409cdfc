"""Audit of St. Petersburg against shared/rules/st_petersburg.md: one test per defect found."""

from __future__ import annotations

import pytest

from boardgames_tui.rules import registry
from boardgames_tui.rules.st_petersburg.data import CARDS

from .test_st_petersburg_examples import make_state, pass_all

GAME = registry.get("st_petersburg")


def test_game_over_event_is_a_reveal():
    # The pass that ends the game shows the final standings, which include every player's money
    # (secret until then, §4.7). Undo must never go back past it (Event.reveal), or the last
    # passer could take the pass back and play on knowing everybody's rubles.
    st = make_state(phase="trading", rubles=[37, 52], points=[10, 9])
    st.final_round = True
    events = pass_all(st)
    assert st.is_over()
    over = [e for e in events if e.text.startswith("Game over")]
    assert over and all(e.reveal for e in over)


def test_rules_text_follows_open_money_option():
    # §3 / §7 #23: money is secret by default, open with the open_money switch; the help text
    # must not tell the players their money is secret when the option has made it open.
    setup = GAME.rules_markdown().split("## Setup")[1].split("##")[0]
    assert "secret" in setup
    setup = GAME.rules_markdown({"open_money": "on"}).split("## Setup")[1].split("##")[0]
    assert "kept secret" not in setup and "open" in setup


# -- issue #7 ----------------------------------------------------------------------------------------
def refill_lines(events) -> list[str]:
    return [e.text for e in events if "dealt" in e.text]


@pytest.mark.parametrize("skip", ["on", "off"])
def test_a_full_display_is_named_as_the_reason_nothing_is_dealt(skip):
    # Nobody took a card, but the display was full anyway: the rule that skips the deal changed
    # nothing, so the log must not blame it.
    st = make_state(
        options={"skip_refill_if_nothing_taken": skip}, upper=["market"] * 5, lower=["author"] * 3
    )
    assert refill_lines(pass_all(st)) == ["The display is full: no building cards are dealt"]


def test_nobody_taking_a_card_is_named_when_it_stops_the_deal():
    st = make_state(upper=["market"] * 3)
    assert refill_lines(pass_all(st)) == [
        "Nobody took a card in the worker phase: no building cards are dealt"
    ]


def test_a_deal_names_the_cards_dealt():
    st = make_state(upper=["market"] * 7, took=True)
    top = st.stacks["building"][-1]
    assert refill_lines(pass_all(st)) == [f"Buildings dealt: {CARDS[top].name}"]


def test_the_round_end_deal_into_a_full_display_says_so():
    st = make_state(phase="trading", upper=["market"] * 8)
    assert refill_lines(pass_all(st)) == ["The display is full: no worker cards are dealt"]
    assert st.lower == ["market"] * 8 and st.upper == []


def test_youngest_applies_only_to_three_players():
    spec = next(o for o in GAME.options if o.key == "youngest")
    assert [n for n in (2, 3, 4) if spec.applies_to(n)] == [3]
    assert all(o.applies_to(n) for o in GAME.options if o.key != "youngest" for n in (2, 3, 4))
    GAME.new(["Ann", "Bob"], 1, options={"youngest": "2"})  # accepted, and harmless, for any count


def test_the_church_has_its_full_name_and_a_short_one_for_the_board():
    card = CARDS["church_of_resurrection"]
    assert card.name == "Church of the Resurrection of Jesus Christ" and len(card.short) <= 8


def test_a_move_apply_would_take_is_never_explained_as_allowed():
    # apply refuses only with the reason _why_not gives, so "That move is allowed now." could only
    # reach a player through a caller asking about a move apply takes; it gets the generic refusal.
    st = make_state(upper=["market"])
    for action in st.legal_actions(0):
        assert st.explain_illegal(0, action) == "That move is not allowed now."


def test_rules_text_cites_the_rulebook_for_tax_man_and_ties():
    text = GAME.rules_markdown()
    assert "at aristocrat scoring, as the rulebook says" in text
    assert 'the rulebook\'s "most money"' in text
    worker = GAME.rules_markdown({"taxman_phase": "worker", "tiebreak": "remainder"})
    assert "the rulebook pays it at aristocrat scoring" in worker
    assert "the rulebook compares all the money held" in worker
