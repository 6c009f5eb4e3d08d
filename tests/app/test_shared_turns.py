"""A turn several share (a DBU group's turn, Kaiser's Intention phase): one member's ``end``
ends its own part, and the turn ends when all have ended or the game master ends it."""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.dice import LoadedDice
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.kaiser.ruleset import Kaiser
from tests.app.fight import ok


def _demo(ruleset: type[Dbu] | type[Kaiser], *faces: int) -> Session:
    path = demo_path(ruleset)
    assert path is not None
    return open_encounter(path, seed=1, dice=LoadedDice(faces))


def test_a_saibamans_end_ends_only_its_part_of_the_group_turn() -> None:
    """Seed 001 *Initiative*: "one roll for an entire group of indistinguishable NPC
    combatants"; the group shares one turn, and each Saibaman takes its own part of it."""
    session = _demo(Dbu, 4, 8, 9)  # Initiative: Kora 6, Sena 10, the Saibamen 10
    ok(session.run("start"))
    ok(session.run("end"))  # Sena's turn
    assert session.state.acting() == ("saibaman-1", "saibaman-2", "saibaman-3")

    reply = ok(session.run("Saibaman 1: end"))
    assert any("Saibaman 1 ends its part of the turn" in line for line in reply.lines)
    assert any("Saibaman 2 and Saibaman 3 still to act" in line for line in reply.lines)
    assert session.state.acting() == ("saibaman-2", "saibaman-3")
    refused = session.run("Saibaman 1: end")
    assert refused.error == "Saibaman 1 has already ended its part of this turn"

    ok(session.run("Saibaman 2: end"))
    assert session.state.acting() == ("saibaman-3",)
    reply = ok(session.run("Saibaman 3: end"))
    assert "End of Saibaman 1, Saibaman 2 and Saibaman 3's turn" in reply.lines
    assert session.state.acting() == ("kora",)


def test_the_game_master_ends_a_group_turn_for_all() -> None:
    session = _demo(Dbu, 4, 8, 9)
    ok(session.run("start"))
    ok(session.run("end"))
    ok(session.run("Saibaman 1: end"))
    reply = ok(session.run("end"))
    assert "End of Saibaman 1, Saibaman 2 and Saibaman 3's turn" in reply.lines
    assert session.state.acting() == ("kora",)


def test_one_combatants_end_leaves_the_intention_phase_open_for_the_others() -> None:
    """Seed 000 *Combat Rounds*: in the Intention phase every combatant declares its
    Intentions; Ceil's ``end`` must not close the phase before the bandits have declared."""
    session = _demo(Kaiser, 5, 5, 4, 4, 3, 3, 3, 4, 2, 3)
    ok(session.run("start"))
    ok(session.run("Ceil: intend magic"))
    ok(session.run("Ceil: end"))
    ok(session.run("Thom: intend attack"))
    ok(session.run("Bandit 1: intend attack"))
    ok(session.run("Bandit 2: intend attack"))
    ok(session.run("Shaman: intend magic"))
    assert session.state.clock.turn is not None
    assert session.state.clock.turn.label == "Intention phase"
    ok(session.run("end"))
    assert session.state.acting() == ("ceil",)
    assert session.run("Thom: end").error == "it is not Thom's turn"
