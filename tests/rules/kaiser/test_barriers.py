"""Supernatural barriers: blocking, breaking, covering another and covering an area."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant, ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kaiser.actions import Attack, Intend, Raise, Use
from fracas.rules.kaiser.barriers import Cover, CoverRange, absorb, disadvantage, shares
from fracas.rules.kaiser.damage import Defences, overflow_account
from fracas.rules.kaiser.events import AttackResolved, BarrierStruck, CheckRolled, DamageTaken
from fracas.rules.kaiser.queries import LP
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.vocabulary import DamageType
from tests.rules.kaiser.support import make_sheet, pool, refused

CEIL, THOM, BANDIT = CombatantId("ceil"), CombatantId("thom"), CombatantId("bandit")
SHIELD = {
    "name": "Shield of Light",
    "types": ["defense"],
    "source": "magic",
    "barrier": 60,
    "imbued": True,
}
STORM = {
    "name": "Fire Storm",
    "types": ["attack"],
    "skill": "attack",
    "base_damage": 4,
    "damage_type": "heat",
    "area": True,
}


def road(
    *faces: int,
    thom: Any = None,
    ceil: Any = None,
    bandit: Any = None,
    magic: bool = True,
    settings: KaiserSettings | None = None,
) -> Encounter:
    """Ceil (Magic Projection 12, Shield of Light), Thom (500 LP) and a Bandit with Fire Storm;
    Initiative: Ceil 21, Bandit 18, Thom 13. Ceil's turn of round 1 has begun; Ceil declared
    the Magic Intention unless ``magic`` is False."""
    encounter = Encounter(Kaiser(settings), dice=LoadedDice((6, 5, 1, 2, 4, 4, *faces)))
    mage = ceil or make_sheet(skills={"dodge": 6, "magic_projection": 12}, powers=[SHIELD])
    encounter.apply(AddCombatant(name="Ceil", side="party", sheet=mage))
    encounter.apply(
        AddCombatant(name="Thom", side="party", sheet=thom or make_sheet(life_points=500))
    )
    foe = bandit or make_sheet(powers=[STORM])
    encounter.apply(AddCombatant(name="Bandit", side="bandits", sheet=foe))
    encounter.apply(StartCombat())
    if magic:
        encounter.apply(Intend(actor=CEIL, intention="magic"))
    encounter.apply(Intend(actor=BANDIT, intention="attack"))
    encounter.apply(EndTurn())
    return encounter


def checks(step: Any) -> list[CheckRolled]:
    return [e for e in step.events if isinstance(e, CheckRolled)]


def test_a_barrier_takes_ten_times_the_base_damage_and_breaks_at_zero() -> None:
    """Seed: "the barrier will absorb the attack and take damage equal to the Base Damage of the
    Attack times ten"; "When an attack reduces a barrier's Life Points to zero, it breaks. Then
    whoever is protected by the barrier automatically suffer any damage not absorbed"."""
    held = absorb(100, 7)
    assert (held.damage, held.life_points, held.overflow, held.broken) == (70, 30, 0, False)
    broken = absorb(60, 7)
    assert (broken.life_points, broken.overflow, broken.broken) == (0, 10, True)


def test_the_overflow_is_reduced_by_av_and_reduction_and_resistance_on_final_damage() -> None:
    """Seed: "You can reduce the damage by 1 point for each AV against that Damage Type. Damage
    reduction and damage resistance will both only reduce the final damage taken, but damage
    barrier works as normal." """
    defences = Defences(absorption=2, armor=3, reduction=2, resistance=1)
    account = overflow_account(10, 7, DamageType.CUT, defences)
    assert account.total == 10 - 3 - 2 - 1
    assert overflow_account(10, 7, DamageType.CUT, Defences(barrier=8)).total == 0


def test_disadvantage_covering_others_and_areas() -> None:
    """Seed: covering another, "you ... suffer two degrees of Disadvantage. If the target moves
    past the effective range of your powers, the Disadvantage increases to four degrees. Beyond
    the maximum range of your powers you are unable to protect the target"; an area: "a single
    Defensive Roll ... two degrees of Disadvantage"."""
    assert disadvantage(Cover.SELF, CoverRange.EFFECTIVE) == 0
    assert disadvantage(Cover.OTHER, CoverRange.EFFECTIVE) == 2
    assert disadvantage(Cover.OTHER, CoverRange.BEYOND_EFFECTIVE) == 4
    assert disadvantage(Cover.OTHER, CoverRange.BEYOND_MAXIMUM) is None
    assert disadvantage(Cover.AREA, CoverRange.EFFECTIVE) == 2


def test_defending_yourself_with_a_barrier_raised_as_a_swift_action() -> None:
    """Seed: "You must use a Defensive Skill ... to maneuver the barrier in front of the attack"
    and a barrier for yourself is "a Swift Action as part of the Defense"."""
    encounter = road(2, 2, 5, 6)
    encounter.apply(EndTurn())
    step = encounter.apply(Attack(actor=BANDIT, target=CEIL, defence="barrier"))
    defence = checks(step)[1]
    assert defence.check == "Defensive Roll (Magic Projection, Shield of Light)"
    assert defence.roll.total == 11 + 12
    struck = next(e for e in step.events if isinstance(e, BarrierStruck))
    assert (struck.damage, struck.lp_before, struck.lp_after, struck.overflow) == (70, 60, 0, 10)
    overflow = next(e for e in step.events if isinstance(e, DamageTaken))
    assert overflow.account.total == 10
    assert pool(encounter, CEIL, LP) == 60 - 10


def test_a_barrier_that_fails_lets_the_attack_through_and_no_other_defence_follows() -> None:
    """Seed: "Failure to do so will cause the attacker to get past your barrier and strike you
    ... If a barrier is unable to block an attack, you are not able to then Block or Dodge"."""
    encounter = road(5, 5, 1, 2)
    encounter.apply(EndTurn())
    step = encounter.apply(Attack(actor=BANDIT, target=CEIL, defence="barrier"))
    assert len(checks(step)) == 2
    resolved = next(e for e in step.events if isinstance(e, AttackResolved))
    assert (resolved.outcome, resolved.degrees) == ("hit", 20 - 15)
    assert next(e for e in step.events if isinstance(e, DamageTaken)).account.units == 3


def test_ceil_covers_thom_with_shield_of_light() -> None:
    """Seed: "Thom ... can choose to defend with his Dodge Skill (which has a -20 penalty due to
    the Fully Restrained State) or rely on Ciel's Magic Projection (which has a D2 due to
    covering others). Thom choses the barrier." """
    encounter = road(3, 3, 3, 3, 2, 2, 6, 6, 5, 5)
    encounter.apply(Raise(actor=CEIL, power="shield", over=(THOM,)))
    encounter.apply(EndTurn())
    encounter.apply(ApplyEffect(target=THOM, name="Fully Restrained"))
    dodge = encounter.apply(Attack(actor=BANDIT, target=THOM, defence="dodge"))
    assert checks(dodge)[1].parts == (("Dodge", 8), ("Fully Restrained", -20))
    barrier = encounter.apply(Attack(actor=BANDIT, target=THOM, defence="barrier"))
    roll = checks(barrier)[1]
    assert roll.combatant == CEIL and roll.parts == (("Magic Projection", 12),)
    assert roll.roll.dice.expression == "4d6kl2" and roll.roll.total == 10 + 12
    assert any(isinstance(e, BarrierStruck) for e in barrier.events)


def test_the_creators_states_apply_when_covering_another() -> None:
    """Seed: "Later in the combat, Ceil also becomes Fully Restrained, and the -20 penalty then
    also applies when Thom relies on the barrier for defense." """
    encounter = road(3, 3, 6, 6, 5, 5)
    encounter.apply(Raise(actor=CEIL, power="shield", over=(THOM,)))
    encounter.apply(EndTurn())
    encounter.apply(ApplyEffect(target=CEIL, name="Fully Restrained"))
    step = encounter.apply(Attack(actor=BANDIT, target=THOM, defence="barrier"))
    assert checks(step)[1].parts == (("Magic Projection", 12), ("Fully Restrained", -20))


def test_the_targets_situations_apply_when_covering_another() -> None:
    """Seed: "If the target is subject to a Situation that modifies their Defensive Roll, it
    applies when making Defensive Rolls for the target." The creator's own Situation does not
    (only its States do); Situations are the setting ``situations``."""
    settings = KaiserSettings(situations={"Prone": -4})
    encounter = road(5, 5, 3, 3, 6, 6, 5, 5, 2, 2, 6, 6, settings=settings)
    encounter.apply(Raise(actor=CEIL, power="shield", over=(THOM,)))
    encounter.apply(EndTurn())
    encounter.apply(ApplyEffect(target=CEIL, name="Prone"))
    step = encounter.apply(Attack(actor=BANDIT, target=THOM, defence="barrier"))
    assert checks(step)[1].parts == (("Magic Projection", 12),)
    encounter.apply(ApplyEffect(target=THOM, name="Prone"))
    step = encounter.apply(Attack(actor=BANDIT, target=THOM, defence="barrier"))
    assert checks(step)[1].parts == (("Magic Projection", 12), ("Prone", -4))


def test_beyond_effective_range_d4_and_beyond_maximum_no_barrier() -> None:
    """Seed: "the Disadvantage increases to four degrees. Beyond the maximum range of your
    powers you are unable to protect the target." """
    encounter = road(3, 3, 6, 6, 5, 5, 4, 4)
    encounter.apply(Raise(actor=CEIL, power="shield", over=(THOM,)))
    encounter.apply(EndTurn())
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(
            Attack(actor=BANDIT, target=THOM, defence="barrier", cover_range="beyond_maximum")
        )
    assert error.value.code == "out-of-range" and encounter.state is before
    step = encounter.apply(
        Attack(actor=BANDIT, target=THOM, defence="barrier", cover_range="beyond_effective")
    )
    assert checks(step)[1].roll.dice.expression == "6d6kl2"


def test_a_barrier_covering_another_must_be_raised_before() -> None:
    """Seed: "a barrier used to protect someone else must have been created as an Active Action
    ... before the target is attacked." Thom has no Defense power of his own to raise."""
    encounter = road()
    encounter.apply(EndTurn())
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(Attack(actor=BANDIT, target=THOM, defence="barrier"))
    assert error.value.code == "no-barrier" and encounter.state is before


def test_an_area_barrier_rolls_once_takes_damage_per_creature_and_shares_the_rest() -> None:
    """Seed: "you are the one who makes a single Defensive Roll for all creatures under your
    barrier ... The barrier takes damage for each creature protected. If a barrier breaks,
    divide the remaining damage evenly among the protected creatures." """
    assert shares(21, 2) == [10, 10]
    encounter = road(3, 3, 6, 6, 5, 5)
    encounter.apply(Raise(actor=CEIL, power="shield", over=(CEIL, THOM), area=True))
    encounter.apply(EndTurn())
    step = encounter.apply(
        Use(actor=BANDIT, power="fire storm", targets=(CEIL, THOM), defence="barrier")
    )
    assert len(checks(step)) == 2
    struck = next(e for e in step.events if isinstance(e, BarrierStruck))
    assert (struck.damage, struck.lp_after, struck.overflow) == (2 * 40, 0, 20)
    taken = [e for e in step.events if isinstance(e, DamageTaken)]
    assert [(t.target, t.account.total) for t in taken] == [(CEIL, 10), (THOM, 10)]


def test_an_area_barrier_raised_as_a_swift_action_by_one_of_the_covered() -> None:
    """Seed: "a barrier used to protect an area can be created using a Swift Action as part of
    the Defense as long as you are one of the covered creatures. If you are not, you must use a
    barrier that you had created before the attack." """
    encounter = road(3, 3, 6, 6, 5, 5)
    encounter.apply(EndTurn())
    storm = Use(
        actor=BANDIT,
        power="fire storm",
        targets=(CEIL, THOM),
        defence="barrier",
        sheltered_by=THOM,
    )
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(storm)
    assert error.value.code == "no-barrier" and encounter.state is before
    step = encounter.apply(replace(storm, sheltered_by=CEIL))
    assert len(checks(step)) == 2
    assert checks(step)[1].roll.dice.expression == "4d6kl2"
    struck = next(e for e in step.events if isinstance(e, BarrierStruck))
    assert (struck.damage, struck.overflow) == (80, 20)
    taken = [e for e in step.events if isinstance(e, DamageTaken)]
    assert [(t.target, t.account.total) for t in taken] == [(CEIL, 10), (THOM, 10)]


def test_a_barrier_raised_as_a_swift_action_is_cast_then_and_paid_for() -> None:
    """Seed: a barrier for yourself is raised "as a Swift Action as part of the Defense": the
    spell is cast then, so it needs the Magic Intention of the round and its mana (Kaiser's
    Magic Intention "allows you to manipulate mana"); without them the barrier cannot be
    relied on, and nothing changes. The Characteristic point it sacrifices goes too."""
    costly = make_sheet(
        skills={"dodge": 6, "magic_projection": 12},
        powers=[{**SHIELD, "mana": 30, "sacrifice": {"focus": 1}}],
        mana=20,
    )
    poor = road(ceil=costly)
    poor.apply(EndTurn())
    refused(poor, Attack(actor=BANDIT, target=CEIL, defence="barrier"), "not-enough-mana")
    unprepared = road(ceil=costly.model_copy(update={"mana": 50}), magic=False)
    unprepared.apply(EndTurn())
    refused(unprepared, Attack(actor=BANDIT, target=CEIL, defence="barrier"), "no-intention")
    ready = road(2, 2, 5, 6, ceil=costly.model_copy(update={"mana": 50}))
    ready.apply(EndTurn())
    ready.apply(Attack(actor=BANDIT, target=CEIL, defence="barrier"))
    assert pool(ready, CEIL, "Mana") == 50 - 30
    assert ready.state[CEIL].marks.get("sacrificed:focus") == 1


def test_an_area_barrier_raised_as_a_swift_action_is_paid_for() -> None:
    """Seed: "a barrier used to protect an area can be created using a Swift Action as part of
    the Defense": its creator pays for it then, or cannot raise it."""
    costly = make_sheet(
        skills={"dodge": 6, "magic_projection": 12}, powers=[{**SHIELD, "mana": 30}], mana=20
    )
    encounter = road(ceil=costly)
    encounter.apply(EndTurn())
    storm = Use(
        actor=BANDIT, power="fire storm", targets=(CEIL, THOM), defence="barrier", sheltered_by=CEIL
    )
    refused(encounter, storm, "not-enough-mana")


def test_each_creature_under_an_area_barrier_chooses_it_or_its_own_defence() -> None:
    """Seed (Covering an Area): "each protected creature can choose whether to rely on your
    barrier or their own Defensive Skills when attacked": Thom dodges, the barrier takes the
    damage for Ceil alone."""
    encounter = road(3, 3, 6, 6, 5, 5, 1, 2)
    encounter.apply(Raise(actor=CEIL, power="shield", over=(CEIL, THOM), area=True))
    encounter.apply(EndTurn())
    storm = Use(
        actor=BANDIT,
        power="fire storm",
        targets=(CEIL, THOM),
        defence="barrier",
        own_defence=(THOM,),
    )
    refused(encounter, replace(storm, own_defence=(BANDIT,)), "own-defence")
    step = encounter.apply(storm)
    assert [c.check for c in checks(step)][1:] == [
        "Defensive Roll (Magic Projection, Shield of Light)",
        "Defensive Roll (Dodge)",
    ]
    struck = next(e for e in step.events if isinstance(e, BarrierStruck))
    assert (struck.damage, struck.lp_after, struck.overflow) == (40, 20, 0)
    assert pool(encounter, THOM, LP) == 500 - (16 - 11 - 2) * 4
    assert pool(encounter, CEIL, LP) == 60


def test_a_non_imbued_barrier_cannot_block_an_immaterial_attack() -> None:
    """Seed (Defense): "The power will list if it can block an immaterial object"; an
    immaterial creature's attacks are met "either dodge or block it with an imbued object"."""
    plain = make_sheet(
        skills={"dodge": 6, "magic_projection": 12}, powers=[{**SHIELD, "imbued": False}]
    )
    encounter = road(ceil=plain, bandit=make_sheet(immaterial=True))
    encounter.apply(EndTurn())
    refused(encounter, Attack(actor=BANDIT, target=CEIL, defence="barrier"), "immaterial-attack")


def test_an_immaterial_attackers_overflow_ignores_worn_armor() -> None:
    """Seed (Immaterial): the trait lets them "ignore material objects like weapons, armor, and
    shields": past a broken barrier, the overflow meets no worn layer (Ceil's Chain, AV 4
    cut)."""
    armored = make_sheet(
        skills={"dodge": 6, "magic_projection": 12},
        powers=[SHIELD],
        armor=[{"name": "Chain", "av": {"cut": 4}}],
    )
    encounter = road(2, 2, 5, 6, ceil=armored, bandit=make_sheet(immaterial=True))
    encounter.apply(EndTurn())
    step = encounter.apply(Attack(actor=BANDIT, target=CEIL, defence="barrier"))
    struck = next(e for e in step.events if isinstance(e, BarrierStruck))
    assert struck.overflow == 10
    assert next(e for e in step.events if isinstance(e, DamageTaken)).account.total == 10


def test_a_creature_that_is_down_raises_no_swift_barrier_over_an_area() -> None:
    """Seed (Covering an Area): the barrier "can be created using a Swift Action as part of the
    Defense as long as you are one of the covered creatures": a creature that is down takes no
    Swift Action."""
    encounter = road()
    encounter.apply(EndTurn())
    encounter.apply(ApplyEffect(target=CEIL, name="Unconscious"))
    storm = Use(
        actor=BANDIT, power="fire storm", targets=(CEIL, THOM), defence="barrier", sheltered_by=CEIL
    )
    refused(encounter, storm, "creator-down")


WIND = {
    "name": "Deflecting Wind",
    "types": ["defense"],
    "source": "magic",
    "mana": 10,
    "defends": ["cut", "thrust", "impact"],
}


def wind_mage(**fields: Any) -> Any:
    return make_sheet(skills={"dodge": 6, "magic_projection": 12}, powers=[WIND], **fields)


def test_a_defense_power_without_a_barrier_defends_as_it_lists() -> None:
    """Seed (Defense): "Defense powers allow you to use an appropriate Defensive Skill to
    prevent certain attacks, depending on the what the Power allows ... Powers that do not
    create supernatural barriers will list how to defend with them." Deflecting Wind lists
    Magic Projection against physical attacks; each use spends its 10 mana."""
    encounter = road(3, 3, 5, 5, ceil=wind_mage(mana=15))
    encounter.apply(EndTurn())
    storm = Use(actor=BANDIT, power="fire storm", targets=(CEIL,), defence="power")
    refused(encounter, storm, "not-defended")
    step = encounter.apply(Attack(actor=BANDIT, target=CEIL, defence="power"))
    assert checks(step)[1].check == "Defensive Roll (Magic Projection, Deflecting Wind)"
    assert checks(step)[1].parts == (("Magic Projection", 12),)
    resolved = [e for e in step.events if isinstance(e, AttackResolved)]
    assert [(r.offence, r.defence, r.outcome) for r in resolved] == [(16, 22, "miss")]
    assert pool(encounter, CEIL, "Mana") == 5
    refused(encounter, Attack(actor=BANDIT, target=CEIL, defence="power"), "not-enough-mana")
    refused(encounter, Attack(actor=BANDIT, target=THOM, defence="power"), "no-defense-power")


def test_a_defense_power_without_a_barrier_needs_its_intention() -> None:
    """A Defense power used in defence is the power used then (as a barrier raised as a Swift
    Action, row 61b): without the Magic Intention this round it is refused."""
    encounter = road(ceil=wind_mage(mana=15), magic=False)
    encounter.apply(EndTurn())
    refused(encounter, Attack(actor=BANDIT, target=CEIL, defence="power"), "no-intention")


def test_only_a_defense_power_without_a_barrier_lists_what_it_defends() -> None:
    """``defends`` is how a power without a barrier lists "how to defend with them"."""
    with pytest.raises(ValueError, match="defends"):
        make_sheet(powers=[{**SHIELD, "defends": ["cut"]}])
