"""Who gives a command that names no actor: the game master, for actions marked game_master."""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.rules.momentum.ruleset import TIE_BREAK, Momentum


def test_a_rulesets_game_master_command_works_during_a_combatants_turn() -> None:
    path = demo_path(Momentum)
    assert path is not None
    session = open_encounter(path, seed=1)
    assert session.run("start").ok
    assert session.state.acting() == ("scout",)
    reply = session.run("tiebreak druid")
    assert reply.ok, reply.error
    assert session.state["druid"].marks[TIE_BREAK] == 1


def test_an_ordinary_command_is_the_acting_combatants() -> None:
    path = demo_path(Momentum)
    assert path is not None
    session = open_encounter(path, seed=1)
    session.run("start")
    reply = session.run("defend")
    assert reply.ok and session.state["scout"].has("Defending")
