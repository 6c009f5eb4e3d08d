"""The six types of powers and their common features, on the engine with loaded dice."""

from __future__ import annotations

from typing import Any

from fracas.commands.binding import BindContext, bind_text
from fracas.dice import LoadedDice
from fracas.engine.encounter import Encounter
from fracas.engine.events import MarkSet, Note, PoolChanged
from fracas.engine.gm import AddCombatant, ApplyEffect
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kaiser.actions import Drop, Intend, Move, Trigger, Use
from fracas.rules.kaiser.defences import defences_of
from fracas.rules.kaiser.events import AttackResolved, CheckRolled, DamageTaken, Detected
from fracas.rules.kaiser.mass import MANA_CARRIED, RETURNED, mass_of_mana
from fracas.rules.kaiser.powers import fits_presence, may_choose_to_fail, may_spare
from fracas.rules.kaiser.queries import DEAD, LP, UNCONSCIOUS
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.vocabulary import DamageType
from tests.rules.kaiser.support import (
    BANDIT,
    CEIL,
    FIRE_BOLT,
    SETTINGS,
    duel,
    make_sheet,
    pool,
    refused,
)

PARALYSIS = {
    "name": "Paralysis",
    "types": ["effect"],
    "source": "magic",
    "resistance": "physical",
    "difficulty": 12,
    "effect": "Paralyzed",
    "vision": "spirit sight",
}
IRON_SKIN = {
    "name": "Iron Skin",
    "types": ["automatic"],
    "effect": "Iron Skin",
    "grants": [{"name": "Iron Skin", "kind": "damage_reduction", "values": {"physical": 3}}],
}
WARD = {
    "name": "Ward of Sleep",
    "types": ["trigger", "effect"],
    "resistance": "mental",
    "difficulty": 10,
    "effect": "Asleep",
}
SENSE = {"name": "Sense Ki", "types": ["detection"], "difficulty": 12}


def mage(*powers: dict[str, Any], **fields: Any) -> Any:
    return make_sheet(
        skills={"attack": 6, "dodge": 6, "magic_projection": 12}, powers=powers, **fields
    )


def arena(
    *faces: int, ceil: Any, bandit: Any = None, settings: KaiserSettings = SETTINGS
) -> Encounter:
    """Ceil (with the Magic Intention) against a Bandit; Ceil's turn of the Action phase."""
    encounter = duel(*faces, ceil=ceil, bandit=bandit, intend=False, settings=settings)
    encounter.apply(Intend(actor=CEIL, intention="magic"))
    encounter.apply(EndTurn())
    return encounter


INITIATIVE = (4, 5, 2, 2)
"""Ceil's Initiative roll (19) and the Bandit's (14)."""


def next_round(encounter: Encounter) -> list[Any]:
    """End Ceil's and the Bandit's turns (the End phase runs) and the next Intention phase
    (Initiative is rolled): the events of it all."""
    events: list[Any] = []
    for _ in range(3):
        events += encounter.apply(EndTurn()).events
    return events


def test_an_attack_power_is_a_thrown_projectile_with_its_own_base_damage() -> None:
    """Seed: "Powers of this type allow you to perform an Offensive Roll against a target using
    the appropriate Offensive Skill ... the Base Damage is determined by the power"."""
    encounter = arena(*INITIATIVE, 4, 4, 3, 3, ceil=mage(FIRE_BOLT))
    step = encounter.apply(Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge"))
    offence = next(e for e in step.events if isinstance(e, CheckRolled))
    assert offence.parts == (("Magic Projection", 12),)
    taken = next(e for e in step.events if isinstance(e, DamageTaken))
    assert (taken.account.damage_type, taken.account.units) == (DamageType.HEAT, 20 - 14 - 2)
    assert pool(encounter, BANDIT, LP) == 60 - 4 * 6


def test_a_power_needs_its_intention() -> None:
    """Kaiser's Action Points: the Magic Intention lets you "manipulate mana" that round."""
    encounter = duel(4, 5, 2, 2, ceil=mage(FIRE_BOLT))
    refused(encounter, Use(actor=CEIL, power="fire", targets=(BANDIT,)), "no-intention")


def test_one_unit_of_damage_forces_the_check_and_an_effect_never_damages() -> None:
    """Seed: "If you obtain at least one Unit of Damage, then you cause the target to make a
    Resistance Check ... Effect powers never deal damage from the Offensive Roll"."""
    encounter = arena(
        4,
        5,
        2,
        2,
        2,
        2,
        1,
        2,
        2,
        2,
        ceil=mage(PARALYSIS, visions=["spirit sight"]),
        bandit=make_sheet(visions=["spirit sight"]),
    )
    step = encounter.apply(Use(actor=CEIL, power="paralysis", targets=(BANDIT,), defence="dodge"))
    resolved = next(e for e in step.events if isinstance(e, AttackResolved))
    assert (resolved.outcome, resolved.degrees) == ("hit", 16 - 11)
    assert not any(isinstance(e, DamageTaken) for e in step.events)
    check = [e for e in step.events if isinstance(e, CheckRolled)][-1]
    assert (check.check, check.roll.total, check.against) == ("PhR against Paralysis", 9, 12)
    assert encounter.state[BANDIT].has("Paralyzed")
    assert pool(encounter, BANDIT, LP) == 60


def test_no_unit_of_damage_no_check() -> None:
    """Seed: "The target applies their Absorption and AV" before the Unit of Damage counts."""
    bandit = make_sheet(
        visions=["spirit sight"], natural_armor=[{"name": "Veil", "av": {"force": 5}}]
    )
    encounter = arena(4, 5, 2, 2, 2, 2, 1, 2, ceil=mage(PARALYSIS), bandit=bandit)
    step = encounter.apply(Use(actor=CEIL, power="paralysis", targets=(BANDIT,), defence="dodge"))
    assert next(e for e in step.events if isinstance(e, AttackResolved)).outcome == "hit"
    assert not encounter.state[BANDIT].has("Paralyzed")


def test_an_unseen_effect_power_is_defended_blind() -> None:
    """Seed: "the power will list what vision is required to not apply the Blind Penalty to
    defend"."""
    encounter = arena(4, 5, 2, 2, 2, 2, 1, 2, 6, 6, ceil=mage(PARALYSIS))
    step = encounter.apply(Use(actor=CEIL, power="paralysis", targets=(BANDIT,), defence="dodge"))
    defence = [e for e in step.events if isinstance(e, CheckRolled)][1]
    assert defence.parts == (("Dodge", 8), ("Blind", -9))


def test_an_effect_power_cannot_be_blocked_without_touching_the_immaterial() -> None:
    """Seed: "if the defender is unable to touch immaterial objects, they are unable to block
    Effect Powers unless otherwise stated." """
    encounter = arena(4, 5, 2, 2, ceil=mage(PARALYSIS))
    refused(
        encounter,
        Use(actor=CEIL, power="paralysis", targets=(BANDIT,), defence="block"),
        "cannot-block-effect",
    )


def test_a_force_effect_hits_the_immaterial_and_a_heat_attack_does_not() -> None:
    """Seed: an Effect power "can hit immaterial targets if it uses the Force Damage Type"."""
    ghost = make_sheet(immaterial=True)
    encounter = arena(4, 5, 2, 2, ceil=mage(FIRE_BOLT, PARALYSIS), bandit=ghost)
    refused(encounter, Use(actor=CEIL, power="fire", targets=(BANDIT,)), "immaterial")
    assert encounter.can(Use(actor=CEIL, power="paralysis", targets=(BANDIT,), defence="dodge"))


def test_an_automatic_power_on_yourself_needs_no_roll() -> None:
    """Seed: Automatic powers "produce automatic effects on you ... you do not require an
    Offensive Roll unless the target is in a difficult position"; Iron Skin's reduction stacks
    as the chapter says."""
    encounter = arena(4, 5, 2, 2, ceil=mage(IRON_SKIN))
    step = encounter.apply(Use(actor=CEIL, power="iron"))
    assert not any(isinstance(e, CheckRolled) for e in step.events)
    assert defences_of(encounter.state[CEIL], DamageType.IMPACT, imbued=False).reduction == 3


def test_an_automatic_power_is_resisted_with_sr_8_unless_listed() -> None:
    """Seed: "If no Resistance Check Difficulty is listed, the target can resist with a SR 8
    Check." """
    encounter = arena(4, 5, 2, 2, 2, 2, ceil=mage(IRON_SKIN))
    step = encounter.apply(Use(actor=CEIL, power="iron", targets=(BANDIT,)))
    check = next(e for e in step.events if isinstance(e, CheckRolled))
    assert (check.check, check.roll.total, check.against, check.result) == (
        "SR against Iron Skin",
        8,
        8,
        "1 DoS",
    )
    assert not encounter.state[BANDIT].has("Iron Skin")


def test_an_automatic_power_on_a_target_in_a_difficult_position_is_aimed() -> None:
    """Seed: "you do not require an Offensive Roll unless the target is in a difficult
    position"."""
    encounter = arena(4, 5, 2, 2, 1, 2, ceil=mage(IRON_SKIN))
    step = encounter.apply(
        Use(actor=CEIL, power="iron", targets=(BANDIT,), difficult=16, allow=True)
    )
    aim = next(e for e in step.events if isinstance(e, CheckRolled))
    assert (aim.roll.total, aim.against, aim.result) == (15, 16, "1 DoF: it misses")
    assert not encounter.state[BANDIT].has("Iron Skin")


def test_allowing_the_effect_and_all_personalities_must_agree() -> None:
    """Seed: "If the target desires to be affected by a power they are aware of, then they can
    choose to fail the Resistance Check. If the target has multiple personalities controlling
    it, then only if all the personalities agree"."""
    assert may_choose_to_fail(aware=True, personalities=1, all_agree=False)
    assert not may_choose_to_fail(aware=True, personalities=2, all_agree=False)
    possessed = make_sheet(personalities=2)
    encounter = arena(4, 5, 2, 2, ceil=mage(IRON_SKIN), bandit=possessed)
    refused(
        encounter, Use(actor=CEIL, power="iron", targets=(BANDIT,), allow=True), "not-all-agree"
    )
    step = encounter.apply(
        Use(actor=CEIL, power="iron", targets=(BANDIT,), allow=True, agreed=True)
    )
    assert any(isinstance(e, Note) for e in step.events)
    assert encounter.state[BANDIT].has("Iron Skin")


def test_a_trigger_check_passed_gives_immunity_for_dos_rounds() -> None:
    """Seed: "A target who passes the Resistance Check is immune to the Power's Resistance Check
    for a number of rounds equal to their Degree of Success. Once the immunity ends and the
    conditions are meet again, the target must make another Resistance Check." """
    sleeper = make_sheet(resistances={"mental": 1})
    faces = (*INITIATIVE, 5, 6, *INITIATIVE, *INITIATIVE, 1, 1)
    encounter = arena(*faces, ceil=mage(WARD), bandit=sleeper)
    encounter.apply(Trigger(actor=CEIL, power="ward", targets=(BANDIT,)))
    immunity = encounter.state[BANDIT].effect("Immune to Ward of Sleep")
    assert immunity is not None and immunity.data["countdown"] == 12 - 10
    refused(encounter, Trigger(actor=CEIL, power="ward", targets=(BANDIT,)), "immune")
    next_round(encounter)
    assert encounter.state[BANDIT].has("Immune to Ward of Sleep")
    next_round(encounter)
    assert not encounter.state[BANDIT].has("Immune to Ward of Sleep")
    encounter.apply(Trigger(actor=CEIL, power="ward", targets=(BANDIT,)))
    assert encounter.state[BANDIT].has("Asleep")


def test_detection_reveals_those_who_fail_with_the_conceal_ki_bonus() -> None:
    """Seed: Detection "allows you to gain information ... of any target that fails the
    Resistance Check ... a target gets a bonus to the Resistance Check based on their Conceal
    Ki skill"."""
    hider = make_sheet(skills={"attack": 10, "dodge": 8, "conceal_ki": 3})
    encounter = arena(4, 5, 2, 2, 3, 3, ceil=mage(SENSE), bandit=hider)
    step = encounter.apply(Trigger(actor=CEIL, power="sense", targets=(BANDIT,)))
    check = next(e for e in step.events if isinstance(e, CheckRolled))
    assert check.parts == (("SR", 4), ("Conceal Ki", 3)) and check.roll.total == 13
    assert not any(isinstance(e, Detected) for e in step.events)


def test_a_lingering_effect_gets_a_new_check_after_dof_rounds() -> None:
    """Seed: "the target gets a new Resistance Check after a number of rounds have passed equal
    to their Degree of Failure." """
    bandit = make_sheet(visions=["spirit sight"])
    faces = (*INITIATIVE, 5, 6, 1, 2, 2, 1, *INITIATIVE * 3, 6, 6, *INITIATIVE)
    encounter = arena(*faces, ceil=mage(PARALYSIS), bandit=bandit)
    encounter.apply(Use(actor=CEIL, power="paralysis", targets=(BANDIT,), defence="dodge"))
    paralyzed = encounter.state[BANDIT].effect("Paralyzed")
    assert paralyzed is not None and paralyzed.data["countdown"] == 12 - 8
    for _ in range(3):
        next_round(encounter)
        assert encounter.state[BANDIT].has("Paralyzed")
    step = next_round(encounter)
    check = next(e for e in step if isinstance(e, CheckRolled))
    assert (check.check, check.roll.total, check.result) == (
        "PhR against Paralyzed (repeat)",
        17,
        "5 DoS",
    )
    assert not encounter.state[BANDIT].has("Paralyzed")


def test_when_the_power_ends_its_effect_ends_without_a_check() -> None:
    """Seed: "If the power ends ... the effect also ends without the target having to make
    another Resistance Check." """
    bandit = make_sheet(visions=["spirit sight"])
    encounter = arena(*INITIATIVE, 5, 6, 1, 2, 2, 1, ceil=mage(PARALYSIS), bandit=bandit)
    encounter.apply(Use(actor=CEIL, power="paralysis", targets=(BANDIT,), defence="dodge"))
    assert encounter.state[BANDIT].has("Paralyzed")
    step = encounter.apply(Drop(actor=CEIL, power="paralysis"))
    assert not encounter.state[BANDIT].has("Paralyzed")
    assert not any(isinstance(e, CheckRolled) for e in step.events)
    refused(encounter, Drop(actor=CEIL, power="paralysis"), "not-maintained")


def test_the_invisibility_presence_budget() -> None:
    """Seed: "if you were to cast the spell Invisibility at the Base Degree you can affect a
    maximum of 10 presence. So, you can target three creatures with 3 presence each, two
    creatures with 5 presence each, or one creature with 6 presence and another with 4 ...
    since the sword has a presence higher than the spells affected amount the sword cannot be
    targeted." """
    assert fits_presence(10, [3, 3, 3]) and fits_presence(10, [5, 5]) and fits_presence(10, [6, 4])
    assert not fits_presence(10, [12])
    invisibility = {
        "name": "Invisibility",
        "types": ["automatic"],
        "presence": 10,
        "effect": "Invisible",
    }
    encounter = arena(
        4, 5, 2, 2, ceil=mage(invisibility, presence=6), bandit=make_sheet(presence=5)
    )
    refused(
        encounter,
        Use(actor=CEIL, power="invis", targets=(CEIL, BANDIT), allow=True),
        "affected-presence",
    )
    encounter.apply(Use(actor=CEIL, power="invis", targets=(CEIL,)))
    assert encounter.state[CEIL].has("Invisible")
    sword = arena(4, 5, 2, 2, ceil=mage(invisibility), bandit=make_sheet(presence=12))
    refused(
        sword, Use(actor=CEIL, power="invis", targets=(BANDIT,), allow=True), "affected-presence"
    )


def test_area_targets_are_spared_only_if_the_power_allows_and_you_know_of_them() -> None:
    """Seed: "You are not able to specify targets for an area attack unless otherwise listed.
    If you are unaware of a creature's existence within the area, you cannot deselect them even
    if the power allows." """
    assert may_spare(selective=True, aware_of_target=True)
    assert not may_spare(selective=False, aware_of_target=True)
    assert not may_spare(selective=True, aware_of_target=False)
    blast = {**FIRE_BOLT, "name": "Fire Storm", "area": True}
    encounter = arena(4, 5, 2, 2, ceil=mage(blast))
    refused(
        encounter,
        Use(actor=CEIL, power="fire storm", targets=(BANDIT,), spare=(BANDIT,)),
        "target-selection",
    )


def test_ghostly_damage_leaves_the_target_unconscious_not_dead() -> None:
    """Seed: "If the target were to be reduced to zero LP from Ghostly Damage, they are instead
    left unconscious." """
    phantom = {**FIRE_BOLT, "name": "Phantom Blade", "base_damage": 30, "ghostly": True}
    encounter = arena(4, 5, 2, 2, 6, 5, 1, 2, 3, 3, 6, 6, ceil=mage(phantom))
    encounter.apply(Use(actor=CEIL, power="phantom", targets=(BANDIT,), defence="dodge"))
    bandit = encounter.state[BANDIT]
    assert bandit.pools[LP].current == 0
    assert bandit.has(UNCONSCIOUS) and not bandit.marks.get(DEAD)


def test_a_marking_power_marks_its_target_for_the_listed_time() -> None:
    """Seed: "Some powers cause you to mark the target. The power will list how long a creature
    will remain marked." """
    hunter = {**FIRE_BOLT, "name": "Hunter's Bolt", "mark": "prey", "mark_rounds": 2}
    encounter = arena(*INITIATIVE, 4, 4, 3, 3, ceil=mage(hunter))
    encounter.apply(Use(actor=CEIL, power="hunter", targets=(BANDIT,), defence="dodge"))
    mark = encounter.state[BANDIT].effect("Marked (prey)")
    assert mark is not None and mark.ends is not None and mark.ends.round == 1 + 2


def test_a_trigger_on_a_target_in_a_difficult_position_needs_an_offensive_roll() -> None:
    """Seed: "Some Trigger powers can have a center point other than you ... You may require an
    Offensive Roll if the target is in a difficult position." """
    encounter = arena(*INITIATIVE, 1, 2, 5, 5, 1, 1, ceil=mage(WARD))
    missed = encounter.apply(Trigger(actor=CEIL, power="ward", targets=(BANDIT,), difficult=16))
    aim = next(e for e in missed.events if isinstance(e, CheckRolled))
    assert (aim.check, aim.roll.total, aim.result) == ("Aim Ward of Sleep", 15, "1 DoF: it misses")
    assert not encounter.state[BANDIT].has("Asleep")
    encounter.apply(Trigger(actor=CEIL, power="ward", targets=(BANDIT,), difficult=16))
    assert encounter.state[BANDIT].has("Asleep")


def test_an_attack_power_that_only_imbued_objects_block() -> None:
    """Seed: "The power will list if it can only be blocked with immaterial objects"."""
    spectral = {**FIRE_BOLT, "name": "Spectral Bolt", "blocked_only_by_imbued": True}
    encounter = arena(*INITIATIVE, ceil=mage(spectral))
    refused(
        encounter,
        Use(actor=CEIL, power="spectral", targets=(BANDIT,), defence="block"),
        "cannot-block-effect",
    )
    assert encounter.can(Use(actor=CEIL, power="spectral", targets=(BANDIT,), defence="dodge"))


def test_a_power_reaches_its_listed_distance() -> None:
    """Seed: "the Maximum Distance is based on your Offensive Skill or is directly listed"."""
    bolt = {**FIRE_BOLT, "range_ft": 60}
    encounter = arena(*INITIATIVE, ceil=mage(bolt))
    refused(
        encounter, Use(actor=CEIL, power="fire", targets=(BANDIT,), distance=61), "out-of-range"
    )
    assert encounter.can(Use(actor=CEIL, power="fire", targets=(BANDIT,), distance=60))


def test_a_power_that_lists_no_distance_reaches_the_settings() -> None:
    """Seed: the Maximum Distance "is based on your Offensive Skill" when not listed; the
    sources give no formula, so it is the setting ``unlisted_range_ft`` (default: unlimited)."""
    far = Use(actor=CEIL, power="fire", targets=(BANDIT,), distance=500)
    assert arena(*INITIATIVE, ceil=mage(FIRE_BOLT)).can(far)
    limited = KaiserSettings(unlisted_range_ft=100)
    encounter = arena(*INITIATIVE, ceil=mage(FIRE_BOLT), settings=limited)
    refused(encounter, far, "out-of-range")
    assert encounter.can(Use(actor=CEIL, power="fire", targets=(BANDIT,), distance=100))
    ward = {**WARD, "range_ft": 30}
    assert (
        arena(*INITIATIVE, ceil=mage(ward), settings=limited).can(
            Trigger(actor=CEIL, power="ward", targets=(BANDIT,), distance=31)
        )
        is False
    )


def test_a_power_that_negates_detection_hides_its_bearer() -> None:
    """Seed: "Detection powers can be negated by some powers"."""
    mask = {
        "name": "Mask Ki",
        "types": ["automatic"],
        "effect": "Masked",
        "negates_detection": True,
    }
    encounter = arena(*INITIATIVE, ceil=mage(SENSE), bandit=make_sheet(powers=[mask]))
    encounter.apply(EndTurn())
    encounter.apply(Use(actor=BANDIT, power="mask"))
    step = encounter.apply(Trigger(actor=CEIL, power="sense", targets=(BANDIT,)))
    assert not any(isinstance(e, (CheckRolled, Detected)) for e in step.events)
    assert any(isinstance(e, Note) and "Masked" in e.text for e in step.events)


def test_a_trigger_centre_point_lies_within_range() -> None:
    """Seed: "Some Trigger powers can have a center point other than you. The center can be
    placed anywhere within range of your Offensive Skill." """
    ward = {**WARD, "range_ft": 30}
    encounter = arena(*INITIATIVE, ceil=mage(ward))
    refused(
        encounter, Trigger(actor=CEIL, power="ward", targets=(BANDIT,), distance=31), "out-of-range"
    )
    assert encounter.can(Trigger(actor=CEIL, power="ward", targets=(BANDIT,), distance=30))


def test_a_ghostly_critical_that_would_kill_still_kills() -> None:
    """Seed: "if Ghostly Damage were to produce a Critical that would kill them, they may still
    die of shock"; SOURCES.md 1.6: "DoF > 10: ... a directed head/heart hit = unconscious and
    dies in Constitution rounds"."""
    phantom = {**FIRE_BOLT, "name": "Phantom Blade", "base_damage": 30, "ghostly": True}
    encounter = Encounter(Kaiser(), dice=LoadedDice((4, 5, 2, 2, 1, 2, 6, 5, 1, 2, 3, 3, 1, 2)))
    encounter.apply(AddCombatant(name="Ceil", side="party", sheet=mage(phantom)))
    encounter.apply(AddCombatant(name="Bandit", side="bandits", sheet=make_sheet()))
    encounter.apply(AddCombatant(name="Brute", side="bandits", sheet=make_sheet()))
    encounter.apply(StartCombat())
    encounter.apply(Intend(actor=CEIL, intention="magic"))
    encounter.apply(EndTurn())
    step = encounter.apply(
        Use(actor=CEIL, power="phantom", targets=(BANDIT,), defence="dodge", vital=True)
    )
    critical = [e for e in step.events if isinstance(e, CheckRolled)][-1]
    assert critical.result == "20 DoF"
    bandit = encounter.state[BANDIT]
    assert bandit.pools[LP].current == 0 and bandit.has("Dying") and bandit.has(UNCONSCIOUS)
    assert not bandit.marks.get(DEAD)
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    assert encounter.state[BANDIT].marks.get(DEAD) is True


def test_the_best_defence_against_an_effect_power_is_dodge() -> None:
    """An Effect power cannot be blocked without touching the immaterial, so a defender left to
    its best defence dodges it even when its Block is higher."""
    blocker = make_sheet(skills={"block": 10, "dodge": 5}, visions=["spirit sight"])
    encounter = arena(*INITIATIVE, 4, 4, 2, 2, 3, 3, ceil=mage(PARALYSIS), bandit=blocker)
    step = encounter.apply(Use(actor=CEIL, power="paralysis", targets=(BANDIT,)))
    defence = [e for e in step.events if isinstance(e, CheckRolled)][1]
    assert defence.check == "Defensive Roll (Dodge)"


def test_a_power_that_prevents_action_skips_its_bearers_turns() -> None:
    """A lingering effect such as paralysis keeps its bearer from acting while it lasts (the
    power says so: ``prevents_action``)."""
    paralysis = {**PARALYSIS, "prevents_action": True}
    bandit = make_sheet(visions=["spirit sight"])
    encounter = arena(*INITIATIVE, 5, 6, 1, 2, 2, 1, ceil=mage(paralysis), bandit=bandit)
    encounter.apply(Use(actor=CEIL, power="paralysis", targets=(BANDIT,), defence="dodge"))
    step = encounter.apply(EndTurn())
    assert encounter.state.clock.round == 2
    assert not any(isinstance(e, CheckRolled) for e in step.events)
    refused(encounter, Intend(actor=BANDIT, intention="attack"), "cannot-act")


def test_a_power_spends_its_mana_and_is_refused_without_enough() -> None:
    """Spells spend mana and spirit abilities ki: "An action the rules forbid (not enough ...
    Ki ... or points) is refused" (issue 6)."""
    costly = {**FIRE_BOLT, "mana": 15}
    encounter = arena(*INITIATIVE, 4, 4, 3, 3, ceil=mage(costly, mana=20))
    encounter.apply(Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge"))
    assert pool(encounter, CEIL, "Mana") == 5
    refused(encounter, Use(actor=CEIL, power="fire", targets=(BANDIT,)), "not-enough-mana")


def test_a_possessed_target_allows_a_trigger_only_if_all_agree() -> None:
    """Seed: "If for instance you are possessed by a spirit, the spirit and you may not both
    agree to being healed or being subject to a paralyzing power." """
    possessed = make_sheet(personalities=2)
    encounter = arena(*INITIATIVE, ceil=mage(WARD), bandit=possessed)
    refused(
        encounter, Trigger(actor=CEIL, power="ward", targets=(BANDIT,), allow=True), "not-all-agree"
    )
    encounter.apply(Trigger(actor=CEIL, power="ward", targets=(BANDIT,), allow=True, agreed=True))
    assert encounter.state[BANDIT].has("Asleep")


def test_a_rounds_spells_spend_at_most_the_mass_of_mana_accumulated() -> None:
    """Kaiser's Magic Intention: "you accumulate mana from your Mana Pool equal to your MA ...
    This mass of mana can be used to cast any number of spells in a single round as long as
    you have mana to spend": with MA 20, two Fire Bolts of 10 a round, and again the next."""
    bolt = {**FIRE_BOLT, "mana": 10}
    miss = (1, 2, 5, 5)
    encounter = arena(
        *INITIATIVE,
        *miss,
        *miss,
        *INITIATIVE,
        *miss,
        ceil=mage(bolt, mana=100, mana_accumulation=20),
    )
    fire = Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge")
    encounter.apply(fire)
    encounter.apply(fire)
    refused(encounter, fire, "mass-of-mana")
    assert pool(encounter, CEIL, "Mana") == 100 - 20
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    encounter.apply(Intend(actor=CEIL, intention="magic"))
    encounter.apply(EndTurn())
    encounter.apply(fire)
    assert pool(encounter, CEIL, "Mana") == 100 - 30


def test_a_mass_of_mana_is_held_across_rounds_and_returns_at_a_cost() -> None:
    """Kaiser's Magic Intention (Accumulate a Mass of Mana): Ceil "has been Accumulating Pure
    Mana for four turns" before casting; "At the end of the round that you cast any spell with
    your mass of mana, all the remaining mana returns to your Pool. If you have a mass of mana
    from the previous round and do not take the Accumulate a Mass of Mana Intention again, your
    mass of mana will return to your Pool before rolling Initiative ... you lose 10 mana"."""
    bolt = {**FIRE_BOLT, "mana": 30}
    encounter = arena(
        *INITIATIVE,
        *INITIATIVE,
        1,
        2,
        5,
        5,
        *INITIATIVE,
        *INITIATIVE,
        ceil=mage(bolt, mana=100, mana_accumulation=20),
    )
    fire = Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge")
    refused(encounter, fire, "mass-of-mana")
    encounter.apply(Move(actor=CEIL))

    def round_with(magic: bool) -> list[Any]:
        events = [*encounter.apply(EndTurn()).events, *encounter.apply(EndTurn()).events]
        if magic:
            encounter.apply(Intend(actor=CEIL, intention="magic"))
        return events + list(encounter.apply(EndTurn()).events)

    held = round_with(magic=True)
    assert MarkSet(CEIL, MANA_CARRIED, 20) in held
    encounter.apply(fire)
    assert pool(encounter, CEIL, "Mana") == 100 - 30
    cast_from = round_with(magic=True)
    assert MarkSet(CEIL, MANA_CARRIED, None) in cast_from
    refused(encounter, fire, "mass-of-mana")
    assert pool(encounter, CEIL, "Mana") == 70
    returned = round_with(magic=False)
    assert PoolChanged(CEIL, "Mana", -10, RETURNED) in returned
    assert pool(encounter, CEIL, "Mana") == 60 and mass_of_mana(encounter.state[CEIL]) == 0


def test_a_round_of_nothing_but_accumulating_gathers_the_ma_twice() -> None:
    """Kaiser's Magic Intention: "If you take no other Intention or Action this round, you can
    gain the benefit of your MA again at the end of the round": MA 20, a round of nothing
    else holds 40; with the Intention again, 60."""
    bolt = {**FIRE_BOLT, "mana": 50}
    encounter = arena(
        *INITIATIVE, *INITIATIVE, 1, 2, 5, 5, ceil=mage(bolt, mana=100, mana_accumulation=20)
    )
    for _ in range(2):
        encounter.apply(EndTurn())
    encounter.apply(Intend(actor=CEIL, intention="magic"))
    encounter.apply(EndTurn())
    assert mass_of_mana(encounter.state[CEIL]) == 20 + 20 + 20
    encounter.apply(Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge"))
    assert pool(encounter, CEIL, "Mana") == 100 - 50


def test_without_spell_components_the_ma_is_halved_or_quartered() -> None:
    """Kaiser's Magic Intention: "If you are unable to perform somatic or verbal components,
    your MA is halved, or quartered if you cannot perform either component ... If you take no
    other Intention or Action this round, you can gain the benefit of your MA again at the end
    of the round, all modifiers apply." MA 20: 10 with one component (twice in a round of
    nothing else), 5 with none."""
    bolt = {**FIRE_BOLT, "mana": 15}
    caster = mage(bolt, mana=100, mana_accumulation=20)
    encounter = duel(*INITIATIVE, *INITIATIVE, ceil=caster, intend=False)
    refused(
        encounter, Intend(actor=CEIL, intention="phenom", components="none"), "no-components-here"
    )
    line = "Ceil: intend magic -components verbal"
    intend = bind_text(line, {a.verb: a for a in Kaiser.actions}, BindContext({CEIL: "Ceil"}))
    assert intend == Intend(actor=CEIL, intention="magic", components="verbal")
    encounter.apply(intend)
    encounter.apply(EndTurn())
    assert mass_of_mana(encounter.state[CEIL]) == 10
    refused(encounter, Use(actor=CEIL, power="fire", targets=(BANDIT,)), "mass-of-mana")
    for _ in range(2):
        encounter.apply(EndTurn())
    encounter.apply(Intend(actor=CEIL, intention="magic", components="none"))
    encounter.apply(EndTurn())
    assert mass_of_mana(encounter.state[CEIL]) == 10 + 10 + 5


def test_an_innate_spell_is_one_spell_of_innate_mana_not_from_the_pool() -> None:
    """Kaiser's Magic Intention (Cast an Innate Spell): "The amount of innate mana you can pull
    from the environment is determined by your MA ... You can then cast a single spell whose
    Mana Cost is no greater than that innate mana ... Even if the amount of innate mana is
    enough to cast two different spells, only one can be cast. Innate mana cannot be absorbed
    into your Pool"."""
    bolt = {**FIRE_BOLT, "mana": 8}
    big = {**FIRE_BOLT, "name": "Great Fire Bolt", "mana": 30}
    caster = mage(bolt, big, mana=100, mana_accumulation=20)
    encounter = duel(*INITIATIVE, 1, 2, 5, 5, ceil=caster, intend=False)
    refused(encounter, Intend(actor=CEIL, intention="spirit", option="innate"), "no-option-here")
    line = "Ceil: intend magic -as innate"
    intend = bind_text(line, {a.verb: a for a in Kaiser.actions}, BindContext({CEIL: "Ceil"}))
    assert intend == Intend(actor=CEIL, intention="magic", option="innate")
    encounter.apply(intend)
    encounter.apply(EndTurn())
    refused(encounter, Use(actor=CEIL, power="great", targets=(BANDIT,)), "innate-mana")
    fire = Use(actor=CEIL, power="fire bolt", targets=(BANDIT,), defence="dodge")
    encounter.apply(fire)
    assert pool(encounter, CEIL, "Mana") == 100
    refused(encounter, fire, "innate-mana")


def test_a_mass_carried_into_an_innate_spells_round_returns() -> None:
    """Kaiser's Magic Intention: a mass of mana from the previous round without "the Accumulate
    a Mass of Mana Intention again ... will return to your Pool before rolling Initiative ...
    you lose 10 mana"; an innate spell's round is such a round."""
    encounter = arena(*INITIATIVE, *INITIATIVE, ceil=mage(FIRE_BOLT, mana=50, mana_accumulation=20))
    encounter.apply(Move(actor=CEIL))
    for _ in range(2):
        encounter.apply(EndTurn())
    encounter.apply(Intend(actor=CEIL, intention="magic", option="innate"))
    step = encounter.apply(EndTurn())
    assert PoolChanged(CEIL, "Mana", -10, RETURNED) in step.events
    assert mass_of_mana(encounter.state[CEIL]) == 0


def test_an_innate_spell_needs_an_ma() -> None:
    """ "The amount of innate mana you can pull from the environment is determined by your MA"."""
    encounter = duel(*INITIATIVE, ceil=mage(FIRE_BOLT), intend=False)
    refused(encounter, Intend(actor=CEIL, intention="magic", option="innate"), "no-ma")


def test_a_trigger_power_needs_its_owner_standing() -> None:
    """Kaiser's Maintain Spell: maintained spells end unless "you keep your focus" on them: a
    creature that is down holds no Trigger power whose conditions could be met."""
    encounter = arena(*INITIATIVE, ceil=mage(WARD))
    encounter.apply(AddCombatant(name="Thom", side="party", sheet=make_sheet()))
    encounter.apply(ApplyEffect(target=CEIL, name=UNCONSCIOUS))
    refused(encounter, Trigger(actor=CEIL, power="ward", targets=(BANDIT,)), "down")


def test_a_trigger_power_strikes_whoever_meets_its_conditions_without_a_roll() -> None:
    """Seed: Trigger powers "do not require Offensive Skills for range or aim. Any target who
    meets the conditions automatically suffer the effects of the power": the only roll is the
    target's Resistance Check (MR 4 + 2 against 10)."""
    sleeper = make_sheet(resistances={"mental": 4})
    encounter = arena(*INITIATIVE, 1, 1, ceil=mage(WARD), bandit=sleeper)
    step = encounter.apply(Trigger(actor=CEIL, power="ward", targets=(BANDIT,)))
    rolled = [e for e in step.events if isinstance(e, CheckRolled)]
    assert [(c.combatant, c.check, c.result) for c in rolled] == [
        (BANDIT, "MR against Ward of Sleep", "4 DoF")
    ]
    assert encounter.state[BANDIT].has("Asleep")


def test_attack_powers_and_attack_effect_powers_are_seen_on_the_material_plane() -> None:
    """Seed: "Attack powers can be seen on the material plane"; "Powers that belong to both
    Attack and Effect are visible on the material plane": defended without the Blind Penalty
    by a Bandit with no special vision, unlike an Effect power alone."""
    searing = {**PARALYSIS, "name": "Searing Hold", "types": ["attack", "effect"], "base_damage": 3}
    for power, name in ((FIRE_BOLT, "fire"), (searing, "searing")):
        encounter = arena(*INITIATIVE, 1, 2, 6, 5, ceil=mage(power))
        step = encounter.apply(Use(actor=CEIL, power=name, targets=(BANDIT,), defence="dodge"))
        defence = [e for e in step.events if isinstance(e, CheckRolled)][1]
        assert defence.parts == (("Dodge", 8),)


def test_an_imbued_attack_power_hits_the_immaterial() -> None:
    """Seed: "The power will list ... if the power can hit immaterial creatures"."""
    ghost = make_sheet(immaterial=True)
    hallowed = {**FIRE_BOLT, "name": "Hallowed Fire", "imbued": True}
    encounter = arena(*INITIATIVE, ceil=mage(FIRE_BOLT, hallowed), bandit=ghost)
    refused(encounter, Use(actor=CEIL, power="fire", targets=(BANDIT,)), "immaterial")
    assert encounter.can(Use(actor=CEIL, power="hallowed", targets=(BANDIT,), defence="dodge"))


def test_a_fumbled_aim_misses_whatever_the_total() -> None:
    """SOURCES.md 1.3: "Fumble: double 1 is an immediate failure": Magic Projection 12 with a
    fumble of level 4 (die result 0) would reach difficulty 8, but misses."""
    encounter = arena(*INITIATIVE, 1, 1, 2, 2, ceil=mage(IRON_SKIN))
    step = encounter.apply(
        Use(actor=CEIL, power="iron", targets=(BANDIT,), difficult=8, allow=True)
    )
    aim = next(e for e in step.events if isinstance(e, CheckRolled))
    assert (aim.roll.total, aim.result) == (12, "a fumble: it misses")
    assert not encounter.state[BANDIT].has("Iron Skin")
