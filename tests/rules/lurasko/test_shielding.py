"""Energy shielding at low, medium and high precision."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine.gm import ApplyEffect, Conceal, SetPool
from fracas.engine.ruleset import IllegalAction
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.events import (
    DamageCalledOut,
    DamageTaken,
    DefenseRolled,
    ShieldingUsed,
)
from fracas.rules.lurasko.queries import IGNITED
from fracas.rules.lurasko.shielding import (
    Incoming,
    ShieldSource,
    may_shield,
    ordered,
    shield,
    shield_once,
)
from fracas.rules.lurasko.vocabulary import DamageKind, Precision
from tests.rules.lurasko.support import FOE, HERO, LANCE, SWORD, duel, of_type, sheet

LOW, MEDIUM, HIGH = Precision.LOW, Precision.MEDIUM, Precision.HIGH
HEAT = DamageKind.HEAT
RANGED_ENERGY = Incoming(ranged=True, all_energy=True)


def source(name: str, precision: Precision, pool: str | None = None) -> ShieldSource:
    return ShieldSource(name, precision, pool or name)


def shielded_foe(*shields: dict[str, Any], **changes: Any) -> Any:
    return sheet(shields=list(shields), **changes)


def test_50_points_shield_40_and_leave_10() -> None:
    """Seed: "if a character with 50 shielding points shields an energy attack of 40 damage,
    they subtract 40 shielding points to reduce the damage to 0, and have 10 shielding points
    remaining." """
    use = shield_once(source("Ward", LOW), HEAT, 40, 50)
    assert (use.after, use.spent, use.points_before - use.spent) == (0, 40, 10)


def test_no_partial_shielding_by_choice_too_few_points_all_go() -> None:
    """Seed: "A character cannot choose to partially shield, though their shielding points may
    only be sufficient to shield partially; in this case, they subtract their total shielding
    points from the incoming damage." """
    use = shield_once(source("Ward", LOW), HEAT, 40, 30)
    assert (use.absorbed, use.spent, use.after) == (30, 30, 10)


def test_low_precision_stops_only_ranged_all_energy_attacks_from_beyond_engagement() -> None:
    """Seed: "can only block energy attacks that originate from greater than engagement range
    ... effective against ranged attacks consisting entirely of energy damage. Weapons that
    combine normal and energy damage cannot be shielded". Explosives neither."""
    assert may_shield(LOW, RANGED_ENERGY)
    assert not may_shield(LOW, Incoming(ranged=True, all_energy=True, engaged=True))
    assert not may_shield(LOW, Incoming(ranged=True, all_energy=False))
    assert not may_shield(LOW, Incoming(ranged=False, all_energy=True))
    assert not may_shield(LOW, Incoming(ranged=True, all_energy=True, explosive=True))


def test_medium_precision_at_any_range_but_not_grapples_melee_or_added_energy() -> None:
    """Seed: "effective against ranged attacks at any range, except from characters you are
    currently grappling with. Shielded attacks must be non-impact explosive blast damage, or
    ranged attacks that consist entirely of energy damage; melee attacks and projectiles with
    added energy damage still bypass the shield." """
    assert may_shield(MEDIUM, Incoming(ranged=True, all_energy=True, engaged=True))
    assert not may_shield(MEDIUM, Incoming(ranged=True, all_energy=True, grappling=True))
    assert not may_shield(MEDIUM, Incoming(ranged=False, all_energy=True))
    assert not may_shield(MEDIUM, Incoming(ranged=True, all_energy=False))
    assert may_shield(MEDIUM, Incoming(ranged=True, all_energy=True, explosive=True))
    assert not may_shield(
        MEDIUM, Incoming(ranged=True, all_energy=True, explosive=True, impact=True)
    )


def test_medium_precision_cannot_protect_a_vehicle_from_those_who_climbed_on() -> None:
    """Seed: "Medium precision shielding cannot protect a vehicle against attacks from
    characters who have climbed onto it." """
    assert not may_shield(MEDIUM, Incoming(ranged=True, all_energy=True, climbed_on=True))


def test_high_precision_stops_all_energy_damage() -> None:
    """Seed: "High precision shielding is effective against all energy damage, regardless of the
    weapon or range it originates from." """
    for attack in (
        Incoming(ranged=False, all_energy=False),
        Incoming(ranged=True, all_energy=True, grappling=True),
    ):
        assert may_shield(HIGH, attack)


def test_low_then_medium_then_high() -> None:
    """Seed: "low precision must occur first, then medium precision, then high precision." The
    first source takes 30 of 70, the second 20 of what broke through, the third the rest."""
    sources = [source("Skin", HIGH), source("Veil", MEDIUM), source("Ward", LOW)]
    assert [s.name for s in ordered(sources)] == ["Ward", "Veil", "Skin"]
    left, uses, points = shield(sources, HEAT, 70, {"Ward": 30, "Veil": 20, "Skin": 50})
    assert [(u.source.name, u.before, u.absorbed) for u in uses] == [
        ("Ward", 70, 30),
        ("Veil", 40, 20),
        ("Skin", 20, 20),
    ]
    assert (left, points) == (0, {"Ward": 0, "Veil": 0, "Skin": 30})


def test_sources_of_one_level_go_one_at_a_time() -> None:
    """Seed: "one source must go first; a single attack can only be split between multiple
    shielding sources of the same level if there is leftover damage that broke through the first
    source." The first listed goes first and takes all it can."""
    sources = [source("Arcanist's ward", LOW), source("Tech dome", LOW)]
    _, uses, points = shield(sources, HEAT, 40, {"Arcanist's ward": 50, "Tech dome": 50})
    assert [(u.source.name, u.absorbed) for u in uses] == [("Arcanist's ward", 40)]
    assert points == {"Arcanist's ward": 10, "Tech dome": 50}


def test_sources_may_share_one_pool_of_points() -> None:
    """Seed: "Each source of shielding may have its own separate pool of shielding points, but
    some may share points with other sources." """
    sources = [source("Ward", LOW, "Insight"), source("Veil", MEDIUM, "Insight")]
    left, uses, points = shield(sources, HEAT, 50, {"Insight": 30})
    assert (left, [u.absorbed for u in uses], points) == (20, [30], {"Insight": 0})


def test_low_precision_stops_the_attack_before_the_defense_roll() -> None:
    """Seed: "Low precision shielding must occur before any defense roll is attempted"; a
    lance's 50 heat against a ward of 60: nothing is left, the attack is over."""
    encounter = duel(
        hero=sheet(weapons=[LANCE]),
        foe=shielded_foe({"name": "Ward", "precision": "low", "points": 60}),
    )
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[])
    (used,) = of_type(step.events, ShieldingUsed)
    assert used.stopped
    assert not of_type(step.events, DefenseRolled)
    assert encounter.state[FOE].pools["Ward"].current == 10


def test_partial_low_shielding_cuts_damage_and_drive_and_can_still_be_dodged() -> None:
    """Seed: "Remember that (except for high-precision shielding) this will likewise reduce the
    attack's drive." "Damage that breaks through low- or medium-precision shielding can be
    dodged with defense rolls as normal." 50 heat, Ward 30: 20 heat at 20 drive."""
    ward = {"name": "Ward", "precision": "low", "points": 30}
    encounter = duel(hero=sheet(weapons=[LANCE]), foe=shielded_foe(ward))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    (called,) = of_type(step.events, DamageCalledOut)
    assert (called.portions[0].damage, called.portions[0].drive) == (20, 20)
    (taken,) = of_type(step.events, DamageTaken)
    assert [(s.step.value, s.before, s.after) for s in taken.account.steps] == [("shield", 50, 20)]
    dodged = duel(hero=sheet(weapons=[LANCE]), foe=shielded_foe(ward))
    step = dodged.apply(Attack(actor=HERO, target=FOE), faces=[2])
    assert of_type(step.events, DefenseRolled)[0].outcome == "dodged"
    assert dodged.state[FOE].pools["Ward"].current == 0
    assert not of_type(step.events, DamageTaken)


def test_low_precision_does_not_stop_an_attack_from_engagement_range() -> None:
    ward = {"name": "Ward", "precision": "low", "points": 60}
    encounter = duel(hero=sheet(weapons=[LANCE]), foe=shielded_foe(ward))
    step = encounter.apply(Attack(actor=HERO, target=FOE, engaged=True), faces=[10, 1])
    assert not of_type(step.events, ShieldingUsed)
    assert encounter.state[FOE].pools["Ward"].current == 60


def test_high_precision_shields_after_armor_and_leaves_the_drive() -> None:
    """Seed: "It occurs only after the defense roll, once the character is hit, and after
    considering drive. This means that armor may halve the amount of damage that needs to be
    shielded, but also that the shielding cannot reduce the drive". 50 heat at 50 drive against
    40-60 armor: 25, of which the skin ward's 20 points take 20."""
    skin = {"name": "Skin ward", "precision": "high", "points": 20}
    armor = {"name": "Coral plate", "low": 40, "high": 60}
    encounter = duel(hero=sheet(weapons=[LANCE]), foe=shielded_foe(skin, armor=armor))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10])
    (taken,) = of_type(step.events, DamageTaken)
    assert [(s.step.value, s.before, s.after) for s in taken.account.steps] == [
        ("armor", 50, 25),
        ("shield", 25, 5),
    ]
    assert taken.account.taken[0].drive == 50
    assert encounter.state[FOE].pools["Skin ward"].current == 0


def test_melee_added_energy_only_meets_high_precision() -> None:
    flaming = {**SWORD, "energy": "heat", "energy_damage": "10"}
    shields = (
        {"name": "Ward", "precision": "low", "points": 50},
        {"name": "Veil", "precision": "medium", "points": 50},
        {"name": "Skin ward", "precision": "high", "points": 50},
    )
    encounter = duel(hero=sheet(weapons=[flaming]), foe=shielded_foe(*shields))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    (taken,) = of_type(step.events, DamageTaken)
    assert [(s.source, s.before, s.after) for s in taken.account.steps] == [("Skin ward", 10, 0)]
    pools = encounter.state[FOE].pools
    assert (pools["Ward"].current, pools["Veil"].current, pools["Skin ward"].current) == (
        50,
        50,
        40,
    )


def test_shielding_is_automatic_even_against_a_stealth_attack() -> None:
    """Seed: "they cannot decline to shield an eligible attack if their shielding is active.
    Because shielding is thusly automatic once set up, it is effective even against stealth
    attacks." """
    ward = {"name": "Ward", "precision": "low", "points": 60}
    encounter = duel(hero=sheet(weapons=[LANCE]), foe=shielded_foe(ward))
    encounter.apply(Conceal(target=HERO))
    step = encounter.apply(Attack(actor=HERO, target=FOE))
    assert of_type(step.events, ShieldingUsed)[0].stopped


def test_shielding_is_one_way() -> None:
    """Seed: "all energy shielding is "one-way" - it does not interfere with the energy attacks
    of its beneficiaries"."""
    ward = {"name": "Ward", "precision": "low", "points": 60}
    encounter = duel(hero=sheet(weapons=[LANCE], shields=[ward]))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert not of_type(step.events, ShieldingUsed)
    assert of_type(step.events, DamageTaken)[0].account.total == 50
    assert encounter.state[HERO].pools["Ward"].current == 60


def test_high_precision_shielding_extinguishes_the_ignited() -> None:
    """Seed: "providing this shielding to an already ignited character will immediately
    extinguish them." """
    skin = {"name": "Skin ward", "precision": "high", "points": 0}
    encounter = duel(foe=shielded_foe(skin))
    encounter.apply(ApplyEffect(target=FOE, name=IGNITED))
    assert encounter.state[FOE].has(IGNITED)
    encounter.apply(SetPool(target=FOE, pool="Skin ward", value=10))
    assert not encounter.state[FOE].has(IGNITED)


def test_a_wide_low_shield_is_blind_to_attacks_from_short_range_within_it() -> None:
    """Seed: "The shielding may have even greater range - for example, a medium-range shield
    that can protect an entire building, but cannot be used against attacks from short-range
    within the shield." """
    dome = {"name": "Dome", "precision": "low", "points": 60, "short_range_gap": True}
    encounter = duel(hero=sheet(weapons=[LANCE]), foe=shielded_foe(dome))
    step = encounter.apply(Attack(actor=HERO, target=FOE, close=True), faces=[10, 1])
    assert not of_type(step.events, ShieldingUsed)
    far = duel(hero=sheet(weapons=[LANCE]), foe=shielded_foe(dome))
    assert of_type(far.apply(Attack(actor=HERO, target=FOE)).events, ShieldingUsed)[0].stopped


def test_a_vehicles_medium_shield_ignores_those_who_climbed_onto_it() -> None:
    """Seed: "Medium precision shielding cannot protect a vehicle against attacks from
    characters who have climbed onto it." """
    veil = {"name": "Hull veil", "precision": "medium", "points": 60}
    encounter = duel(hero=sheet(weapons=[LANCE]), foe=shielded_foe(veil, vehicle=True))
    step = encounter.apply(Attack(actor=HERO, target=FOE, climbed=True), faces=[10, 1])
    assert not of_type(step.events, ShieldingUsed)
    walker = duel(hero=sheet(weapons=[LANCE]))
    with pytest.raises(IllegalAction) as refused:
        walker.check(Attack(actor=HERO, target=FOE, climbed=True))
    assert refused.value.code == "not-a-vehicle"
