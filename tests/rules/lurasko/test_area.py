"""Deliberate AoEs through the engine: the target's shielding, impact and area."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine.ruleset import IllegalAction
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.events import AreaBurst, DamageTaken, DefenseRolled
from fracas.rules.lurasko.queries import DAMAGE
from tests.rules.lurasko.support import FIREBALL, FOE, HERO, OTHER, of_type, sheet, skirmish

FIREBALL_AT_FOE = Attack(actor=HERO, target=FOE, around=(OTHER,))


def shielded(*shields: dict[str, Any]) -> Any:
    return sheet(shields=list(shields))


def taken(events: tuple[object, ...]) -> dict[str, int]:
    return {t.target: t.account.total for t in of_type(events, DamageTaken)}


def test_an_aoe_hits_its_target_at_50_percent_and_the_group_at_25() -> None:
    """SOURCES.md 5.4: "The target takes impact at 50% and the area at 25%"; the others roll
    their own defense at +5 TN (19 here)."""
    encounter = skirmish()
    step = encounter.apply(FIREBALL_AT_FOE, faces=[10, 1, 12, 1])
    (burst,) = of_type(step.events, AreaBurst)
    assert (burst.original, burst.left, burst.area, burst.over) == (80, 80, 20, False)
    defenses = of_type(step.events, DefenseRolled)
    assert [(d.defender, d.tn) for d in defenses] == [(FOE, 14), (OTHER, 19)]
    assert taken(step.events) == {FOE: 40, OTHER: 20}


def test_a_bystander_who_defends_is_not_affected() -> None:
    encounter = skirmish()
    step = encounter.apply(FIREBALL_AT_FOE, faces=[10, 1, 9])
    assert taken(step.events) == {FOE: 40}


def test_stopped_by_low_precision_the_attack_is_over() -> None:
    """Seed: "If the attack is stopped by low-precision shielding, the attack is now over; it
    bursts too far from its target group to cause injury." The ward meets the original 80."""
    encounter = skirmish(foe=shielded({"name": "Ward", "precision": "low", "points": 90}))
    step = encounter.apply(FIREBALL_AT_FOE, faces=[])
    (burst,) = of_type(step.events, AreaBurst)
    assert burst.over
    assert not of_type(step.events, DefenseRolled)
    assert encounter.state[FOE].pools["Ward"].current == 10
    assert DAMAGE not in encounter.state[OTHER].marks


def test_partly_shielded_below_40_no_area_but_still_50_percent_direct() -> None:
    """Seed: "For a deliberate AoE, if the post-shielding damage is now too low to cause an AoE,
    it is still reduced to 50% direct damage." 80 - 50 = 30: 15 to the target, no area."""
    encounter = skirmish(foe=shielded({"name": "Ward", "precision": "low", "points": 50}))
    step = encounter.apply(FIREBALL_AT_FOE, faces=[10, 1])
    (burst,) = of_type(step.events, AreaBurst)
    assert (burst.left, burst.area) == (30, None)
    assert taken(step.events) == {FOE: 15}


def test_medium_precision_spares_the_target_while_the_area_goes_on() -> None:
    """Seed: "If the attack is stopped by medium- or high-precision shielding, the targeted
    character is protected from both impact and area damage, but the attack explodes within
    the group ... base the AoE on its pre-shielding damage values." """
    encounter = skirmish(foe=shielded({"name": "Veil", "precision": "medium", "points": 80}))
    step = encounter.apply(FIREBALL_AT_FOE, faces=[12, 1])
    assert [d.defender for d in of_type(step.events, DefenseRolled)] == [OTHER]
    assert taken(step.events) == {OTHER: 20}


def test_a_dodged_target_behind_partial_medium_shielding_takes_the_lower_area() -> None:
    """Seed: "If the target character partially shields the damage with medium-precision
    shielding but evades direct damage with a defense roll, they take area damage based on the
    lower post-shielding damage value". 80 - 32 = 48: area 12 on the target, 20 on the rest."""
    encounter = skirmish(foe=shielded({"name": "Veil", "precision": "medium", "points": 32}))
    step = encounter.apply(FIREBALL_AT_FOE, faces=[2, 1, 12, 1])
    assert taken(step.events) == {FOE: 12, OTHER: 20}


def test_a_dodged_target_whose_medium_shield_left_too_little_for_an_area_takes_none() -> None:
    """Seed: "they take area damage based on the lower post-shielding damage value (if still
    strong enough to cause area damage)." 80 - 50 = 30, below the 40 of a deliberate AoE: the
    dodging target takes no area damage; the others still take 20 (pre-shielding values)."""
    encounter = skirmish(foe=shielded({"name": "Veil", "precision": "medium", "points": 50}))
    step = encounter.apply(FIREBALL_AT_FOE, faces=[2, 12, 1])
    assert taken(step.events) == {OTHER: 20}
    assert DAMAGE not in encounter.state[FOE].marks


def test_a_grenades_area_on_a_target_who_dodged_meets_its_medium_shielding() -> None:
    """Seed: "An explosive or grenade device ... Impact damage cannot be shielded by
    medium-precision shielding either ... Area damage for other characters (or the target
    character, if they succeed on their defense roll) can be shielded via medium-precision
    shielding". A blast grenade of 80: the Veil sits out the impact; Foe dodges it, and the
    Veil takes the 20 area damage on Foe; Other, hit, takes 20."""
    grenade = {**FIREBALL, "name": "Grenade", "energy": "blast", "explosive": True}
    veil = {"name": "Veil", "precision": "medium", "points": 50}
    encounter = skirmish(foe=shielded(veil), hero=sheet(weapons=[grenade]))
    step = encounter.apply(FIREBALL_AT_FOE, faces=[2, 12, 1])
    assert [d.outcome for d in of_type(step.events, DefenseRolled)] == ["dodged", "hit"]
    assert taken(step.events) == {OTHER: 20}
    assert encounter.state[FOE].pools["Veil"].current == 30
    hit = skirmish(foe=shielded(veil), hero=sheet(weapons=[grenade]))
    step = hit.apply(FIREBALL_AT_FOE, faces=[10, 1, 12, 1])
    assert taken(step.events) == {FOE: 40, OTHER: 20}
    assert hit.state[FOE].pools["Veil"].current == 50


def test_each_character_in_the_area_shields_separately() -> None:
    """Seed: "each affected character is shielded separately ... (different shielding sources
    may be used for each character)." The other's own veil takes 15 of its 20."""
    other = shielded({"name": "Veil", "precision": "medium", "points": 15})
    encounter = skirmish(other=other)
    step = encounter.apply(FIREBALL_AT_FOE, faces=[10, 1, 12])
    assert taken(step.events) == {FOE: 40, OTHER: 5}
    assert encounter.state[OTHER].pools["Veil"].current == 0


@pytest.mark.parametrize(
    ("attack", "code"),
    [
        (Attack(actor=HERO, target=FOE, around=(FOE,)), "bad-around"),
        (Attack(actor=HERO, target=FOE, around=(OTHER, OTHER)), "bad-around"),
    ],
)
def test_bad_areas_are_refused(attack: Attack, code: str) -> None:
    encounter = skirmish()
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(attack)
    assert refused.value.code == code
    assert encounter.state is before


def test_only_an_area_weapon_catches_others() -> None:
    encounter = skirmish()
    with pytest.raises(IllegalAction) as refused:
        encounter.check(Attack(actor=HERO, target=FOE, weapon="Sword", around=(OTHER,)))
    assert refused.value.code == "not-an-area"


def test_heat_and_electric_areas_risk_fires_counting_their_original_damage() -> None:
    """Seed: "Heat and electric damage also risk setting large fires when used in AoEs or
    ZAoEs" ... "AoEs and ZAoEs that hit shielding still count their normal damage values for the
    purposes of fire hazard and collapse rules." """
    encounter = skirmish(foe=shielded({"name": "Ward", "precision": "low", "points": 90}))
    (burst,) = of_type(encounter.apply(FIREBALL_AT_FOE, faces=[]).events, AreaBurst)
    assert (burst.over, burst.original, burst.fire_risk) == (True, 80, True)


def test_a_direct_hit_of_120_or_more_bursts_into_overeffect() -> None:
    """SOURCES.md 5.4: "A direct hit of >= 120 damage causes overeffect (an unintended AoE)";
    its area is read as 25 % (a setting)."""
    encounter = skirmish()
    step = encounter.apply(
        Attack(actor=HERO, target=FOE, weapon="Sun", around=(OTHER,)), faces=[10, 1, 12, 1]
    )
    (burst,) = of_type(step.events, AreaBurst)
    assert (burst.original, burst.left, burst.area) == (130, 130, 32)
    assert taken(step.events) == {FOE: 130, OTHER: 32}


def test_shielding_below_120_leaves_no_overeffect() -> None:
    """Seed: "If the attack is only partially shielded by low-precision shielding, consider the
    new, smaller damage amount and check if it is now too weak to cause overeffect ... (that
    is, below 120 ...)". 130 - 20 = 110: a plain direct hit."""
    encounter = skirmish(foe=shielded({"name": "Ward", "precision": "low", "points": 20}))
    step = encounter.apply(
        Attack(actor=HERO, target=FOE, weapon="Sun", around=(OTHER,)), faces=[10, 1]
    )
    assert not of_type(step.events, AreaBurst)
    assert taken(step.events) == {FOE: 110}
