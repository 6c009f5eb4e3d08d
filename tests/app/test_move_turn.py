"""The game master's ``turn X``: X's next turn *in the present phase* of this round (its
help: "its next turn this round"), in every ruleset whose rounds have phases or poses."""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.dice import LoadedDice
from fracas.engine.ruleset import Ruleset
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kingsdale.ruleset import Kingsdale
from tests.app.fight import ok


def _demo(ruleset: type[Ruleset], *faces: int) -> Session:
    path = demo_path(ruleset)
    assert path is not None
    return open_encounter(path, seed=1, dice=LoadedDice(faces))


def _kaiser_action_phase() -> Session:
    """The Kaiser demo's round 1 in its Action phase: Ceil 22, Thom 18, Bandit 2 17, Shaman 16,
    Bandit 1 16; Ceil's turn."""
    session = _demo(Kaiser, 5, 5, 4, 4, 3, 3, 3, 4, 2, 3, 4, 4, 4, 4)
    ok(session.run("start"))
    for line in ("Ceil: intend magic", "Thom: intend attack", "Bandit 1: intend attack"):
        ok(session.run(line))
    ok(session.run("Bandit 2: intend attack"))
    ok(session.run("Shaman: intend magic"))
    ok(session.run("end"))
    assert session.state.acting() == ("ceil",)
    return session


def test_kaiser_turn_in_the_action_phase_stays_in_the_action_phase() -> None:
    """Seed 000 *Combat Rounds*: the Intention phase, then the Action phase by Initiative. After
    ``turn Shaman`` (the phase's last turn) ``turn Thom`` gives Thom his Action turn, which the
    order had passed, and his attack is allowed in round 1."""
    session = _kaiser_action_phase()
    ok(session.run("turn shaman"))
    reply = ok(session.run("turn thom"))
    assert "Thom's turn" in reply.lines
    clock = session.state.clock
    assert clock.round == 1
    assert clock.turn is not None and clock.turn.label == ""
    assert session.state.acting() == ("thom",)
    ok(session.run("attack bandit-2"))
    assert session.state.clock.round == 1


def test_turn_on_the_one_whose_turn_it_is_says_so_and_changes_nothing() -> None:
    session = _kaiser_action_phase()
    before = session.state
    reply = session.run("turn ceil")
    assert reply.error == "it is already Ceil's turn"
    assert session.state is before


def test_kingsdale_turn_stays_in_the_present_pose() -> None:
    """Seed 002 *Combat Code and Examples*: a melee round is three poses, everyone posing in
    each by initiative. From NPC 2's turn of Pose One, ``turn player-2`` is Player 2's turn of
    Pose One (already passed), not of Pose Two."""
    session = _demo(Kingsdale, 18, 16, 12, 8)
    ok(session.run("Player 1: +init"))
    ok(session.run("start"))
    ok(session.run("turn npc-2"))
    reply = ok(session.run("turn player-2"))
    clock = session.state.clock
    assert session.state.acting() == ("player-2",)
    assert clock.turn is not None and clock.turn.label == "Pose One"
    assert clock.round == 1
    assert any("Pose One" in line for line in reply.lines)


def test_dbu_turn_gives_a_passed_turn_again_in_the_same_round() -> None:
    """Seed 001 *Initiative*: the order is by Initiative within the round; ``turn Sena`` from
    Kora's turn gives Sena her turn of this round again, and a Saibaman's ``turn`` during its
    group's turn says it is already its turn."""
    session = _demo(Dbu, 4, 8, 9)  # Kora 6, Sena 10, the Saibamen 10
    ok(session.run("start"))
    ok(session.run("end"))
    assert session.run("turn saibaman-2").error == "it is already Saibaman 2's turn"
    ok(session.run("end"))
    assert session.state.acting() == ("kora",)
    ok(session.run("turn sena"))
    assert session.state.acting() == ("sena",)
    assert session.state.clock.round == 1
