"""The narrators' shared rules of English: possessives and counted nouns (issue 18, item 15)."""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.wording import counted, possessive
from fracas.dice import LoadedDice
from fracas.rules.dbu.ruleset import Dbu
from tests.app.fight import ok, toy_session


def test_a_possessive_takes_apostrophe_s_after_every_name() -> None:
    assert possessive("Shaman") == "Shaman's"
    assert possessive("Raptor 4") == "Raptor 4's"
    assert possessive("Thomas") == "Thomas's"
    assert possessive("Saibaman 1 and Saibaman 2") == "Saibaman 1 and Saibaman 2's"


def test_the_turn_lines_say_whose_turn_it_is_with_the_possessive() -> None:
    session = toy_session()
    ok(session.run("add Thomas villains '{speed: 1}'"))
    ok(session.run("add 'Raptor 4' villains '{speed: 1}'"))
    reply = ok(session.run("turn thomas"))
    assert reply.lines[:2] == ("End of Ada's turn", "Thomas's turn")
    reply = ok(session.run("turn raptor-4"))
    assert reply.lines[:2] == ("End of Thomas's turn", "Raptor 4's turn")


def test_a_counted_noun_is_singular_for_one() -> None:
    assert counted(1, "Actions") == "1 Action"
    assert counted(2, "Actions") == "2 Actions"
    assert counted(1, "AP") == "1 AP"
    assert counted(3, "Capacity") == "3 Capacity"


def test_spending_one_action_says_action() -> None:
    """ "Sena spends 1 Actions (convert)" read wrong: one of a pool is told in the singular."""
    path = demo_path(Dbu)
    assert path is not None
    session = open_encounter(path, seed=1, dice=LoadedDice([4, 8, 9]))
    ok(session.run("start"))
    reply = ok(session.run("convert"))
    assert reply.lines[0] == "Sena spends 1 Action (convert)"
    assert session.state["sena"].pools["Actions"].current == 3
