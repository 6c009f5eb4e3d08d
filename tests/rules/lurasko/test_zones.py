"""ZAoEs through the engine: high and low values, low-precision shielding at 2x or 3x."""

from __future__ import annotations

from typing import Any

from fracas.engine.encounter import Encounter
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.events import DamageTaken, DefenseRolled, ShieldingUsed, ZoneStruck
from tests.rules.lurasko.support import FOE, HERO, OTHER, of_type, sheet, skirmish

MORTAR = {
    "name": "Mortar",
    "reach": "ranged",
    "energy": "heat",
    "energy_damage": "30",
    "low_damage": "10",
    "zone": "cluster",
    "offense": 10,
}
WARD = {"name": "Ward", "precision": "low", "points": 40}


def bombarded(weapon: dict[str, Any] = MORTAR, **foe: Any) -> Encounter:
    return skirmish(hero=sheet(weapons=[weapon]), foe=sheet(**foe))


def taken(events: tuple[object, ...]) -> dict[str, int]:
    return {t.target: t.account.total for t in of_type(events, DamageTaken)}


def test_a_zaoe_hits_with_its_high_and_low_values_and_no_impact() -> None:
    """Seed: "Since ZAoEs do not have impact damage": the high value where it applies, the low
    value in the outskirts, each character rolling its own defense."""
    encounter = bombarded()
    step = encounter.apply(Attack(actor=HERO, target=FOE, outskirts=(OTHER,)), faces=[10, 1, 12, 1])
    (zone,) = of_type(step.events, ZoneStruck)
    assert (zone.zone, zone.high, zone.low, zone.fire_risk) == ("cluster", 30, 10, True)
    assert taken(step.events) == {FOE: 30, OTHER: 10}


def test_a_low_shield_meets_twice_the_high_value_and_spares_in_proportion() -> None:
    """Seed: "consider the energy damage of the attack to be 2 times the high damage value of a
    cluster ZAoE" ... "proportionally reduce the high and low damage values against characters
    within the shield". 60 met, 40 shielded: a third of 30 gets through."""
    encounter = bombarded(shields=[WARD])
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    (used,) = of_type(step.events, ShieldingUsed)
    assert [(s.before, s.after) for s in used.steps] == [(60, 20)]
    assert taken(step.events) == {FOE: 10}


def test_a_point_zaoe_meets_three_times_its_value_and_may_be_stopped() -> None:
    """Seed: "or 3 times the relevant damage value for a point ZAoE". 90 against a 90 ward."""
    point = {**MORTAR, "name": "Point charge", "zone": "point"}
    encounter = bombarded(point, shields=[{**WARD, "points": 90}])
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[])
    assert of_type(step.events, ShieldingUsed)[0].stopped
    assert not of_type(step.events, DefenseRolled)


def test_a_zaoe_from_inside_the_shield_passes_low_precision() -> None:
    """Seed: "Low-precision shielding is not effective against a ZAoE that originates from
    inside the shield; this includes cluster bombs and rocket pods"."""
    encounter = bombarded(shields=[WARD])
    step = encounter.apply(Attack(actor=HERO, target=FOE, inside=True), faces=[10, 1])
    assert not of_type(step.events, ShieldingUsed)
    assert taken(step.events) == {FOE: 30}
