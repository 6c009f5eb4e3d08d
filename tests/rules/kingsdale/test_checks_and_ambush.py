"""Perception, d100 skills, ambushes, drawing a weapon and changing a magazine."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import StartCombat
from fracas.rules.kingsdale.actions import (
    Ambush,
    Dodge,
    Draw,
    Perception,
    Reload,
    SkillRoll,
    Strike,
)
from fracas.rules.kingsdale.checks import skill_bonus, skill_succeeds
from fracas.rules.kingsdale.events import CheckRolled, DamageTaken, StrikeRolled
from fracas.rules.kingsdale.queries import STRIKE

from .support import RIFLE, SWORD, Fight, sheet

ADA, BO = CombatantId("ada"), CombatantId("bo")


def test_perception_is_1d20_plus_bonus_against_the_gms_number() -> None:
    """Seed: "Perception rolls are made using a standard 1d20+bonus … The necessary number for
    success will change at the GM's discretion"."""
    fight = Fight(ada=sheet(perception=2), bo=sheet())
    step = fight(Perception(actor=ADA, against=14), 12)
    check = next(e for e in step.events if isinstance(e, CheckRolled))
    assert (check.roll.total, check.success) == (14, True)
    step = fight(Perception(actor=ADA, against=18), 12)
    assert not next(e for e in step.events if isinstance(e, CheckRolled)).success


def test_detect_ambush_gives_plus_1_per_10_percent() -> None:
    """Seed: "Detect Ambush, in the case of those skills they grant a +1 bonus per 10% of
    proficiency."""
    assert skill_bonus(45) == 4
    fight = Fight(ada=sheet(perception=1, skills={"Detect Ambush": 45}), bo=sheet())
    step = fight(Perception(actor=ADA, against=15, skill="detect ambush"), 10)
    assert next(e for e in step.events if isinstance(e, CheckRolled)).roll.total == 15
    with pytest.raises(IllegalAction) as unknown:
        fight(Perception(actor=ADA, against=15, skill="Track"), 10)
    assert unknown.value.code == "no-skill"


def test_a_100_on_d100_always_fails() -> None:
    """Seed: "Rolling a 100 on d100 is always a skill failure, if performed during combat and a
    100 is rolled it may inflict additional penalties"."""
    assert skill_succeeds(45, 98) and not skill_succeeds(100, 120)
    fight = Fight(ada=sheet(skills={"Pilot": 120}), bo=sheet())
    fight(StartCombat(), 15, 10)
    step = fight(SkillRoll(actor=ADA, skill="Pilot"), 100)
    check = next(e for e in step.events if isinstance(e, CheckRolled))
    assert not check.success and "critical failure" in check.note


def test_an_ambush_strikes_once_each_before_initiative_undefended() -> None:
    """Seed, Case One: "Those ambushing get one attack each that cannot be defended against
    before the initiative rolls."""
    fight = Fight(ada=sheet(strike=2), bo=sheet())
    step = fight(Ambush(actor=ADA, target=BO, weapon="sword"), 10, 3, 3)
    assert rolled_undefendable(step)
    assert any(isinstance(e, DamageTaken) for e in step.events)
    with pytest.raises(IllegalAction) as twice:
        fight(Ambush(actor=ADA, target=BO, weapon="sword"), 10, 3, 3)
    assert twice.value.code == "ambushed-already"
    fight(StartCombat(), 15, 10)
    with pytest.raises(IllegalAction) as late:
        fight(Ambush(actor=BO, target=ADA, weapon="sword"), 10)
    assert late.value.code == "fight-started"


def rolled_undefendable(step: object) -> bool:
    events = step.events
    return any(isinstance(e, StrikeRolled) and e.undefendable for e in events)


def test_a_detected_ambush_can_be_defended_and_countered() -> None:
    """Seed, Case Two: "If those being ambushed successfully make the detection … They can
    counter-ambush if the enemy positions are spotted"; otherwise only the ambushers strike."""
    fight = Fight(ada=sheet(), bo=sheet(perception=3))
    fight(Ambush(actor=ADA, target=BO, weapon="sword"), 10, 3, 3)
    with pytest.raises(IllegalAction) as unseen:
        fight(Ambush(actor=BO, target=ADA, weapon="sword"), 10)
    assert unseen.value.code == "not-spotted"
    spotted = Fight(ada=sheet(), bo=sheet(perception=3))
    spotted(Perception(actor=BO, against=12, ambush=True), 9)
    step = spotted(Ambush(actor=ADA, target=BO, weapon="sword"), 10)
    assert not rolled_undefendable(step) and spotted.state[BO].has(STRIKE)
    spotted(Dodge(actor=BO), 15)
    spotted(Ambush(actor=BO, target=ADA, weapon="sword"), 10, 3, 3)
    assert spotted.state[ADA].pools["SDC"].current == 14


def test_drawing_a_weapon_uses_an_action() -> None:
    """Seed: "Drawing a weapon" is a standard action; "taking up a weapon uses one action"."""
    holstered = {**RIFLE, "holstered": True}
    fight = Fight(ada=sheet(weapons=[SWORD, holstered]), bo=sheet())
    fight(StartCombat(), 15, 10)
    with pytest.raises(IllegalAction) as refused:
        fight(Strike(actor=ADA, target=BO, weapon="rifle"), 12)
    assert refused.value.code == "not-drawn"
    fight(Draw(actor=ADA, weapon="rifle"))
    assert fight.actions("ada") == 1
    fight(Strike(actor=ADA, target=BO, weapon="rifle"), 12)
    assert fight.state[BO].has(STRIKE)


def test_a_magazine_change_uses_an_action_and_fills_the_payload() -> None:
    """Seed: "Magazine Change" uses one attack or action; SOURCES.md 3.1: "a full melee
    action"."""
    fight = Fight(ada=sheet(), bo=sheet())
    fight(StartCombat(), 15, 10)
    fight(Strike(actor=ADA, target=BO, weapon="rifle"), 2)
    assert fight.state[ADA].pools["Rifle payload"].current == 29
    fight(Reload(actor=ADA, weapon="rifle"))
    assert fight.state[ADA].pools["Rifle payload"].current == 30
    assert fight.actions("ada") == 0
    with pytest.raises(IllegalAction) as sword:
        fight(Reload(actor=ADA, weapon="sword"))
    assert sword.value.code == "no-magazine"
