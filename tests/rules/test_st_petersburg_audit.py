"""Audit of St. Petersburg against shared/rules/st_petersburg.md: one test per defect found."""

from __future__ import annotations

from boardgames_tui.rules import registry

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
