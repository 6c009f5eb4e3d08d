"""Cooperative Cinematic Actions on the engine, with loaded dice."""

from __future__ import annotations

from typing import Any

from fracas.commands.binding import BindContext, bind_text
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import PoolChanged
from fracas.engine.gm import ApplyEffect, SetPool
from fracas.rules.momentum.advanced_actions import Command, Cooperate
from fracas.rules.momentum.ruleset import Momentum
from fracas.rules.momentum.vocabulary import Skill
from tests.rules.momentum.test_advanced_actions import (
    BRUTE,
    HERO,
    SIDEKICK,
    checks,
    fight,
    notes,
    pool,
    refused,
)

MAGE = CombatantId("mage")


def party(
    *faces: int,
    hero: dict[str, Any] | None = None,
    sidekick: dict[str, Any] | None = None,
    mage: dict[str, Any] | None = None,
) -> Encounter:
    """Hero (5 NM) acts first; Sidekick and Mage (4 NM each) are its allies against Brute."""
    return fight(
        *faces,
        hero={"narrative_momentum": 5, **(hero or {})},
        brute={"narrative_momentum": 6},
        more=(
            ("Sidekick", "heroes", {"narrative_momentum": 4, **(sidekick or {})}),
            ("Mage", "heroes", {"narrative_momentum": 4, **(mage or {})}),
        ),
    )


def together(**changes: Any) -> Cooperate:
    """Hero and Sidekick: an Athletics Check against 14."""
    values: dict[str, Any] = {
        "actor": HERO,
        "skill": Skill.ATHLETICS,
        "difficulty": 14,
        "allies": (SIDEKICK,),
        "description": "topple the statue",
    }
    return Cooperate(**{**values, **changes})


def test_everyone_pays_2_nm_the_actor_3_ap_and_each_ally_2_rp() -> None:
    """Seed: "Each character beyond the first has to perform a reaction (2 RP) to participate.
    Each participant only needs to use 2 Narrative Momentum instead of the normal 3"; the first
    takes the Cinematic Action (3AP)."""
    encounter = party(3, 12, 13, 5, hero={"skills": {"athletics": 2}})
    step = encounter.apply(together())
    assert (pool(encounter, HERO, "AP"), pool(encounter, HERO, "NM")) == (0, 3)
    assert pool(encounter, HERO, "RP") == 2
    assert (pool(encounter, SIDEKICK, "RP"), pool(encounter, SIDEKICK, "NM")) == (0, 2)
    assert pool(encounter, SIDEKICK, "AP") == 3
    ally_paid = [e for e in step.events if isinstance(e, PoolChanged) and e.combatant == SIDEKICK]
    assert {(e.pool, e.amount) for e in ally_paid} == {("RP", -2), ("NM", -2)}
    assert pool(encounter, MAGE, "NM") == 4


def test_everyone_rolls_with_advantage_and_all_succeeding_succeeds() -> None:
    """Seed: "everyone has to make a Skill Check. It does not have to be the same Skill Check,
    and they make it with advantage. The participants succeed in their Cooperative Cinematic
    Action if everybody succeeds on their Skill Check." """
    encounter = party(3, 12, 13, 5, hero={"skills": {"athletics": 2}}, sidekick={"skills": {}})
    step = encounter.apply(together())
    hero, sidekick = checks(step.events)
    assert (hero.combatant, hero.roll.total, hero.result) == (HERO, 14, "success")
    assert (sidekick.combatant, sidekick.roll.total, sidekick.result) == (SIDEKICK, 13, "failure")
    assert hero.roll.kept_faces(20) == (12,) and len(hero.roll.dice()) == 2
    assert notes(step.events) == ["Cooperative Cinematic Action of 2: topple the statue: failure"]

    encounter = party(3, 12, 14, 5, hero={"skills": {"athletics": 2}})
    step = encounter.apply(together())
    assert [c.result for c in checks(step.events)] == ["success", "success"]
    assert notes(step.events) == ["Cooperative Cinematic Action of 2: topple the statue: success"]


def test_each_ally_may_make_a_different_skill_check() -> None:
    """Seed: "It does not have to be the same Skill Check"."""
    encounter = party(
        10, 10, 10, 10, 10, 10, sidekick={"skills": {"grace": 4}}, mage={"skills": {"analysis": 4}}
    )
    step = encounter.apply(
        together(allies=(SIDEKICK, MAGE), skills=(Skill.GRACE, Skill.ANALYSIS), difficulty=12)
    )
    hero, sidekick, mage = checks(step.events)
    assert hero.check.startswith("athletics") and hero.result == "failure"
    assert sidekick.check.startswith("grace") and sidekick.roll.total == 14
    assert mage.check.startswith("analysis") and mage.roll.total == 14
    assert "Cooperative Cinematic Action of 3" in notes(step.events)[0]
    assert (pool(encounter, MAGE, "RP"), pool(encounter, MAGE, "NM")) == (0, 2)


def test_a_critical_success_compensates_one_failure() -> None:
    """Seed: "A failure on the Skill Check of one participant can be compensated by a critical
    success of another participant." """
    encounter = party(20, 1, 2, 3)
    step = encounter.apply(together())
    assert [c.result for c in checks(step.events)] == ["critical_success", "failure"]
    assert notes(step.events)[0].endswith("success (critical successes cover 1 failure)")


def test_one_critical_success_does_not_cover_two_failures() -> None:
    """Seed: "A failure on the Skill Check of one participant can be compensated by a critical
    success of another participant" — one failure for each critical success."""
    encounter = party(20, 1, 2, 3, 4, 5)
    step = encounter.apply(together(allies=(SIDEKICK, MAGE)))
    assert [c.result for c in checks(step.events)] == ["critical_success", "failure", "failure"]
    assert notes(step.events)[0].endswith(": failure")


def test_a_cooperative_burst_costs_4_nm_and_no_ap() -> None:
    """Seed: "You can also use a Cinematic Burst to do a Cooperative Cinematic Action, in which
    case you need 4 Narrative Momentum." """
    encounter = party(15, 15, 15, 15)
    encounter.apply(together(burst=True))
    assert (pool(encounter, HERO, "AP"), pool(encounter, HERO, "NM")) == (3, 1)
    assert (pool(encounter, SIDEKICK, "RP"), pool(encounter, SIDEKICK, "NM")) == (0, 2)


def test_a_cooperative_burst_only_before_any_ap() -> None:
    """Seed: "You can only use a Cinematic Burst if you have not used any AP on your turn if you
    are trying to do a Cinematic Action"."""
    encounter = party()
    encounter.apply(Command(actor=HERO))
    refused(encounter, together(burst=True), "burst-after-ap")


def test_cooperation_refusals() -> None:
    """Seed: "Two or more characters can perform a Cooperative Cinematic Action. Each character
    beyond the first has to perform a reaction (2 RP) to participate. Each participant only needs
    to use 2 Narrative Momentum"."""
    encounter = party(mage={"narrative_momentum": 1})
    refused(encounter, together(allies=()), "no-allies")
    refused(encounter, together(allies=(SIDEKICK, SIDEKICK)), "bad-cooperation")
    refused(encounter, together(allies=(HERO,)), "bad-cooperation")
    refused(encounter, together(allies=(BRUTE,)), "not-an-ally")
    refused(encounter, together(allies=(MAGE,)), "not-enough-nm")
    refused(encounter, together(skills=(Skill.GRACE, Skill.GRACE)), "bad-skills")
    refused(encounter, together(actor=SIDEKICK, allies=(HERO,)), "not-your-turn")
    encounter.apply(SetPool(target=SIDEKICK, pool="RP", value=1))
    refused(encounter, together(), "not-enough-rp")
    poor = party(hero={"narrative_momentum": 1})
    refused(poor, together(), "not-enough-nm")
    refused(poor, together(burst=True), "not-enough-nm")


def test_allies_who_cannot_react_are_refused() -> None:
    """Seed: "Each character beyond the first has to perform a reaction (2 RP)"; SOURCES.md
    section 4: Shocked: "no reactions"; a creature below 1 Vitality is down."""
    encounter = party()
    encounter.apply(ApplyEffect(target=SIDEKICK, name="Shocked"))
    refused(encounter, together(), "no-reactions")
    encounter.apply(SetPool(target=MAGE, pool="Vitality", value=0))
    refused(encounter, together(allies=(MAGE,)), "down")


def test_a_poisoned_participant_loses_the_advantage() -> None:
    """Seed: "they make it with advantage"; SOURCES.md section 4: Poisoned: "disadvantage on
    checks" — one of each cancels."""
    encounter = party(10, 10, 10)
    encounter.apply(ApplyEffect(target=SIDEKICK, name="Poisoned"))
    step = encounter.apply(together())
    hero, sidekick = checks(step.events)
    assert len(hero.roll.dice()) == 2 and len(sidekick.roll.dice()) == 1


def test_the_command_line() -> None:
    """``cooperate SKILL DIFFICULTY -with ALLY [-with ALLY…] [-skills …] [-burst] DESCRIPTION``"""
    names = {HERO: "Hero", SIDEKICK: "Sidekick", MAGE: "Mage", BRUTE: "Brute"}
    actions = {action.verb: action for action in Momentum.actions}
    line = "cooperate athletics 14 -with sidekick -with mage -skills grace,quick-fingers -burst go"
    action = bind_text(line, actions, BindContext(names, HERO))
    assert action == Cooperate(
        actor=HERO,
        skill=Skill.ATHLETICS,
        difficulty=14,
        allies=(SIDEKICK, MAGE),
        skills=(Skill.GRACE, Skill.QUICK_FINGERS),
        burst=True,
        description="go",
    )
