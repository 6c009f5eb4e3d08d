"""Initiative, the three poses and each pose's attacks, on the engine with loaded dice."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, HoldTurn, StartCombat
from fracas.rules.kingsdale.actions import RollInitiative
from fracas.rules.kingsdale.settings import KingsdaleSettings

from .support import Fight, demo, sheet

ADA, BO = CombatantId("ada"), CombatantId("bo")


def test_init_rolls_1d20_plus_the_sheet_bonus_and_start_rolls_the_rest() -> None:
    """Seed: "The initiative roll is 1d20+bonuses"; "the +init command takes this into account
    for you"."""
    fight = Fight(ada=sheet(initiative=3), bo=sheet(initiative=1))
    fight(RollInitiative(actor=ADA), 18)
    assert fight.state[ADA].initiative == 21
    fight(StartCombat(), 12)
    assert fight.state[BO].initiative == 13
    assert fight.state[ADA].initiative == 21


def test_init_is_refused_twice_and_after_the_start() -> None:
    """Seed: initiative is the second step, before the combat sequences; rolled once."""
    fight = Fight(ada=sheet(), bo=sheet())
    fight(RollInitiative(actor=ADA), 10)
    with pytest.raises(IllegalAction) as twice:
        fight(RollInitiative(actor=ADA), 10)
    assert twice.value.code == "already-rolled"
    fight(StartCombat(), 5)
    before = fight.state
    with pytest.raises(IllegalAction) as late:
        fight(RollInitiative(actor=BO), 10)
    assert late.value.code == "fight-started"
    assert fight.state is before


def test_the_demo_poses_two_two_two_one_then_two_each() -> None:
    """Seed demo: "Pose Round One of Three … Player 1 21 Two, NPC 1 18 Two, Player 2 13 Two,
    NPC 2 9 One"; Pose Round Two: Two for everyone."""
    session = demo([18, 16, 12, 8])
    session.run("start")
    order = session.state.clock.order
    assert [(t.label, t.initiative) for t in order[:4]] == [
        ("Pose One", 21), ("Pose One", 18), ("Pose One", 13), ("Pose One", 9)
    ]  # fmt: skip
    assert len(order) == 12
    pools = {c.name: c.pools["Actions"].current for c in session.state}
    assert pools == {"Player 1": 2, "NPC 1": 2, "Player 2": 2, "NPC 2": 1}
    for _ in range(4):
        session.run("end")
    assert session.state.clock.turn is not None and session.state.clock.turn.label == "Pose Two"
    pools = {c.name: c.pools["Actions"].current for c in session.state}
    assert pools == {"Player 1": 2, "NPC 1": 2, "Player 2": 2, "NPC 2": 2}


def test_a_natural_20_adds_an_attack_to_the_first_pose_and_a_1_takes_one() -> None:
    """Seed: "If a roll of Natural Twenty … the PC gains an extra attack in the first attack
    pose … Natural One … takes away one pose/attack action for that first round."""
    fight = Fight(ada=sheet(attacks=6), bo=sheet(attacks=6))
    fight(StartCombat(), 20, 1)
    assert fight.actions("ada") == 3
    assert fight.actions("bo") == 1
    for _ in range(2):
        fight(EndTurn())
    assert (fight.actions("ada"), fight.actions("bo")) == (2, 2)


def test_extra_arms_give_one_more_attack_per_melee() -> None:
    """Seed: "if a Borg begins with three attacks … If he adds a second pair of arms, he will
    now have a total of four attacks; one attack in the first two rounds, with two attacks in
    the third."""
    fight = Fight(ada=sheet(attacks=3, extra_arms=True), bo=sheet(attacks=3))
    fight(StartCombat(), 15, 10)
    seen = []
    for _ in range(3):
        seen.append(fight.actions("ada"))
        fight(EndTurn())
        fight(EndTurn())
    assert seen == [1, 1, 2]


def test_within_each_pose_turns_go_by_initiative() -> None:
    """Seed: "the PC will get to act before other PCs and NPCs with lower initiative values"."""
    fight = Fight(ada=sheet(), bo=sheet())
    fight(StartCombat(), 4, 17)
    labels = [(t.label, t.actors) for t in fight.state.clock.order]
    assert labels[:2] == [("Pose One", (BO,)), ("Pose One", (ADA,))]
    assert [t.label for t in fight.state.clock.order[2:]] == ["Pose Two"] * 2 + ["Pose Three"] * 2


def test_nobody_holds_a_pose() -> None:
    """Seed: poses go by initiative ("the PC will get to act before…"); no held turns."""

    fight = Fight(ada=sheet(), bo=sheet())
    fight(StartCombat(), 15, 10)
    with pytest.raises(IllegalAction) as refused:
        fight(HoldTurn(actor=ADA))
    assert refused.value.code == "cannot-hold"


def test_initiative_ties_go_to_the_higher_bonus_then_who_joined_first() -> None:
    """Default (the chapter is silent on ties): the higher initiative bonus, a setting."""
    fight = Fight(ada=sheet(initiative=1), bo=sheet(initiative=3))
    fight(StartCombat(), 14, 12)
    assert [t.actors for t in fight.state.clock.order[:2]] == [(BO,), (ADA,)]
    plain = Fight(
        KingsdaleSettings(initiative_ties_by_bonus=False),
        ada=sheet(initiative=1),
        bo=sheet(initiative=3),
    )
    plain(StartCombat(), 14, 12)
    assert [t.actors for t in plain.state.clock.order[:2]] == [(ADA,), (BO,)]


def test_fewer_than_three_attacks_fill_the_poses_from_the_last_a_setting() -> None:
    """SOURCES.md 8: "Fewer than 3 attacks: 1 -> (0,0,1), 2 -> (0,1,1)", a setting
    (``few_attacks_from_last_pose``); read from the first pose instead, 2 -> (1,1,0)."""

    def poses(fight: Fight) -> list[int]:
        seen = []
        for _ in range(3):
            seen.append(fight.actions("ada"))
            fight(EndTurn())
            fight(EndTurn())
        return seen

    last = Fight(ada=sheet(attacks=2), bo=sheet(attacks=3))
    last(StartCombat(), 15, 10)
    assert poses(last) == [0, 1, 1]
    first = Fight(
        KingsdaleSettings(few_attacks_from_last_pose=False),
        ada=sheet(attacks=2),
        bo=sheet(attacks=3),
    )
    first(StartCombat(), 15, 10)
    assert poses(first) == [1, 1, 0]
