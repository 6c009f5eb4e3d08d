"""Energy damage: drive equal to damage, combined damage, and the effects of each type."""

from __future__ import annotations

from fracas.engine.state import Anchor, Moment
from fracas.engine.turns import EndTurn
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.armor import ArmorRange
from fracas.rules.lurasko.damage import Defences, Portion, resolve_damage
from fracas.rules.lurasko.energy import EnergyEffects, Victim, energy_effects, war_fever_hindrance
from fracas.rules.lurasko.events import DamageCalledOut
from fracas.rules.lurasko.injury import energy_degrees
from fracas.rules.lurasko.offense import (
    called_out,
    dismembers,
    energy_portion,
    ranged_reduction,
)
from fracas.rules.lurasko.queries import (
    DEAFENED,
    FATIGUE,
    IGNITED,
    KNOCKED_DOWN,
    STUNNED,
    WAR_FEVER,
)
from fracas.rules.lurasko.shielding import ShieldSource, shield_once
from fracas.rules.lurasko.vocabulary import DamageKind, Precision
from tests.rules.lurasko.support import FOE, HERO, duel, of_type, sheet

NORMAL = DamageKind.NORMAL
HEAT = DamageKind.HEAT


def gun(kind: str, damage: int) -> dict[str, object]:
    return {
        "name": f"{kind} gun",
        "reach": "ranged",
        "energy": kind,
        "energy_damage": str(damage),
        "offense": 10,
    }


def test_energy_drive_equals_its_damage_and_falls_with_it() -> None:
    """Seed: "Energy damage ... always has drive equal to its damage value ... anything which
    decreases energy damage prior to hitting its target also reduces its drive." """
    assert energy_portion(HEAT, 24) == Portion(HEAT, 24, 24)
    assert energy_portion(HEAT, 24, reduction=ranged_reduction(True)) == Portion(HEAT, 12, 12)


def test_32_at_15_drive_with_8_heat_and_with_24_heat() -> None:
    """Seed: "if a melee weapon with a damage of 32 (15 drive) gains extra heat damage of 8, it
    inflicts 32 normal damage and 8 heat damage, each of which has a drive of 15. If its extra
    heat damage was 24 instead, it would inflict 32 normal damage with a drive of 15, and 24
    heat damage with a drive of 24." """
    weapon = Portion(NORMAL, 32, 15)
    assert called_out(weapon, energy_portion(HEAT, 8)) == (weapon, Portion(HEAT, 8, 15))
    assert called_out(weapon, energy_portion(HEAT, 24)) == (weapon, Portion(HEAT, 24, 24))


def test_critical_and_drive_bonuses_apply_to_both_drives() -> None:
    """Seed: "Critical hits and Abilities which increase drive apply to both the normal and
    energy drive." """
    weapon = Portion(NORMAL, 32, 15)
    assert called_out(weapon, energy_portion(HEAT, 24), drive_bonus=10) == (
        Portion(NORMAL, 32, 25),
        Portion(HEAT, 24, 34),
    )


def test_degrees_due_to_the_energy_portion() -> None:
    """Seed: "divide the energy damage by injury factor to determine how many degrees of injury
    were due to the energy portion"."""
    assert energy_degrees(24, 6) == 4
    assert energy_degrees(5, 6) == 0


def test_electric_is_not_halved_by_metal_when_the_normal_portion_is() -> None:
    """Seed: "Electric damage is not halved by metallic armor even if the normal damage is
    halved." 20 (20 drive) + 10 electric against 16-28 steel."""
    portions = called_out(Portion(NORMAL, 20, 20), energy_portion(DamageKind.ELECTRIC, 10))
    account, _ = resolve_damage(portions, Defences(armor=ArmorRange(16, 28, metallic=True)))
    assert [p.damage for p in account.taken] == [10, 10]


def test_a_kinetic_shield_zeroes_the_projectile_and_the_energy_goes_on() -> None:
    """Seed: "If the non-energy portion is a projectile stopped by a kinetic shield, consider the
    normal portion's damage and drive to be 0, and resolve the energy portion normally." """
    portions = called_out(
        Portion(NORMAL, 30, 30), energy_portion(HEAT, 12), normal_stopped=True, drive_bonus=10
    )
    assert portions == (Portion(NORMAL, 0, 0), Portion(HEAT, 12, 22))


def test_explosives_keep_separate_drives_for_frag_and_blast() -> None:
    """Seed: "These rules do not apply to the frag and blast elements of explosive damage, which
    have separate drive values in every case." """
    frag = Portion(NORMAL, 20, 30)
    blast = energy_portion(DamageKind.BLAST, 10)
    assert called_out(frag, blast, explosive=True) == (frag, blast)


def test_all_energy_attacks_always_dismember_added_energy_follows_the_weapon() -> None:
    """Seed: "Attacks consisting entirely of energy damage are always able to dismember limbs.
    If energy damage is added to a ... weapon ... that cannot dismember limbs ... the energy
    damage must follow the same rules." """
    assert dismembers(all_energy=True, weapon_may_dismember=False)
    assert not dismembers(all_energy=False, weapon_may_dismember=False)


def test_particle_degrees_owe_a_war_fever_roll_with_hindrance() -> None:
    """Seed: "If the victim suffers any degree of injury from particle damage, they must roll to
    avoid contracting Alacrian war fever ... add 1 Hindrance for every 2 degrees beyond 1"."""
    assert war_fever_hindrance(0) is None
    assert war_fever_hindrance(1) == 0
    assert war_fever_hindrance(3) == 1
    assert war_fever_hindrance(4) == 1
    assert war_fever_hindrance(5) == 2
    encounter = duel(hero=sheet(weapons=[gun("particle", 30)]))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert encounter.state[FOE].marks[WAR_FEVER] == 2


def test_two_electric_degrees_stun_until_the_end_of_the_attackers_next_turn() -> None:
    """Seed: "If at least 2 degrees of injury were inflicted by electric damage, the victim is
    stunned until the end of the attacker's next turn." Factor 6: 12 electric is 2 degrees."""
    encounter = duel(hero=sheet(weapons=[gun("electric", 12)]))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    stun = encounter.state[FOE].effect(STUNNED)
    assert stun is not None
    assert stun.ends == Anchor(2, HERO, Moment.END)
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (HERO,)
    one = duel(hero=sheet(weapons=[gun("electric", 11)]))
    one.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert not one.state[FOE].has(STUNNED)


def test_heat_ignites_frost_fatigues() -> None:
    """Seed: "If at least 1 degree of injury were inflicted by heat damage, the victim receives
    the ignited status." "For every degree of injury inflicted by frost damage, the victim also
    receives 25 fatigue." """
    heat = duel(hero=sheet(weapons=[gun("heat", 6)]))
    heat.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert heat.state[FOE].has(IGNITED)
    frost = duel(hero=sheet(weapons=[gun("frost", 18)]))
    frost.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert frost.state[FOE].marks[FATIGUE] == 75


def test_blast_deafens_on_any_hit_knocks_down_and_stuns_the_organic() -> None:
    """Seed: "If any blast attack hits a character, they are deafened for 30 seconds (6 turns).
    If at least 1 degree ... knockdown. If at least 2 degrees ... stunned ... Non-organic
    characters are immune to the deafening and stunning effects." """
    armored = sheet(armor={"name": "Steel full plate", "low": 24, "high": 40})
    weak = duel(hero=sheet(weapons=[gun("blast", 10)]), foe=armored)
    weak.apply(Attack(actor=HERO, target=FOE), faces=[10])
    deaf = weak.state[FOE].effect(DEAFENED)
    assert deaf is not None and deaf.ends == Anchor(7, FOE, Moment.START)
    assert not weak.state[FOE].has(KNOCKED_DOWN)
    strong = duel(hero=sheet(weapons=[gun("blast", 12)]))
    strong.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert {e.name for e in strong.state[FOE].effects} == {DEAFENED, KNOCKED_DOWN, STUNNED}
    construct = duel(hero=sheet(weapons=[gun("blast", 12)]), foe=sheet(organic=False))
    construct.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert {e.name for e in construct.state[FOE].effects} == {KNOCKED_DOWN}


def test_energy_effects_count_the_whole_attack() -> None:
    """Seed: "Consider the amount of energy damage taken during the entire attack (even if
    multiple weapons or shots were involved)": 4 + 4 heat, factor 6, is one degree."""
    effects = energy_effects({HEAT: 8}, 6, blast_hit=False)
    assert effects == EnergyEffects(ignited=True)
    assert energy_effects({HEAT: 5}, 6, blast_hit=False) == EnergyEffects()


def test_high_precision_shielding_prevents_deafening_and_igniting() -> None:
    """Seed: "A character with access to this form of shielding cannot be deafened by blast
    damage or ignited"."""
    shielded = Victim(high_shielding=True)
    effects = energy_effects({HEAT: 12, DamageKind.BLAST: 6}, 6, blast_hit=True, victim=shielded)
    assert not effects.ignited and not effects.deafened and effects.knocked_down


def test_techshields_are_doubly_effective_against_blast() -> None:
    """Seed: "Most device-based sources of energy shielding ("techshields") are doubly effective
    against blast damage." Read here as each point stopping 2 blast damage."""
    device = ShieldSource("Deflector", Precision.MEDIUM, "Deflector", techshield=True)
    use = shield_once(device, DamageKind.BLAST, 30, 10)
    assert (use.absorbed, use.spent) == (20, 10)
    use = shield_once(device, DamageKind.BLAST, 30, 40)
    assert (use.absorbed, use.spent) == (30, 15)
    assert shield_once(device, HEAT, 30, 10).absorbed == 10


def test_a_kinetic_shield_stops_the_projectile_of_a_hit_and_the_energy_lands() -> None:
    """Seed: "If the non-energy portion is a projectile stopped by a kinetic shield, consider
    the normal portion's damage and drive to be 0, and resolve the energy portion normally." """
    dart = {
        "name": "Shock dart",
        "reach": "ranged",
        "damage": "20",
        "drive": 30,
        "energy": "electric",
        "energy_damage": "12",
        "offense": 10,
    }
    encounter = duel(hero=sheet(weapons=[dart]))
    step = encounter.apply(Attack(actor=HERO, target=FOE, kinetic=True), faces=[10, 1])
    (called,) = of_type(step.events, DamageCalledOut)
    assert [(p.damage, p.drive) for p in called.portions] == [(0, 0), (12, 12)]
    assert encounter.state[FOE].marks["damage"] == 12


def test_a_weapon_that_cannot_dismember_passes_that_on_to_its_energy() -> None:
    """Seed: "If energy damage is added to a melee weapon or ranged projectile that cannot
    dismember limbs ... the energy damage must follow the same rules"; all-energy attacks always
    can."""
    club = {
        "name": "Glowing club",
        "reach": "melee",
        "damage": "10",
        "drive": 20,
        "energy": "heat",
        "energy_damage": "6",
        "offense": 10,
        "dismembers": False,
    }
    beam = {**gun("heat", 10), "dismembers": False}
    encounter = duel(hero=sheet(weapons=[club, beam]))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert not of_type(step.events, DamageCalledOut)[0].dismembers
    encounter = duel(hero=sheet(weapons=[beam]))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert of_type(step.events, DamageCalledOut)[0].dismembers
