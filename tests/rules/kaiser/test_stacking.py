"""Stacking of Powers: each kind of bonus or penalty combines its own way (seed)."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.state import Combatant
from fracas.rules.kaiser import stacking
from fracas.rules.kaiser.defences import defences_of
from fracas.rules.kaiser.sheet import Sheet
from fracas.rules.kaiser.stacking import Source
from fracas.rules.kaiser.vocabulary import DamageType
from tests.rules.kaiser.support import make_sheet


def _creature(sheet: Sheet) -> Combatant:
    return Combatant(CombatantId("x"), "X", "side", sheet)


def test_fire_shroud_and_the_natural_armor_trait() -> None:
    """Seed: "The Fire Shroud spell gives you 5 AV against Heat Damage and the Natural Armor
    Trait gives you 4 AV for Physical and Elemental Damage. Since Fire Shroud grants a greater
    benefit, you have 5 AV against Heat Damage and 4 AV for Cold and Electrical damage." """
    sheet = make_sheet(
        natural_armor=[
            {"name": "Natural Armor Trait", "av": {"physical": 4, "elemental": 4}},
            {"name": "Fire Shroud", "av": {"heat": 5}},
        ]
    )
    creature = _creature(sheet)
    armor = {t: defences_of(creature, t, imbued=False).armor for t in DamageType}
    assert armor[DamageType.HEAT] == 5
    assert armor[DamageType.COLD] == 4 and armor[DamageType.ELECTRICAL] == 4
    assert armor[DamageType.CUT] == 4 and armor[DamageType.LIGHT] == 0
    assert stacking.natural_armor([4, 5]) == 5


def test_layer_armor_is_the_highest_plus_half_of_the_next_two() -> None:
    """Seed: "you apply the highest AV plus half of the next two greatest Armor Values for that
    Damage Type"; natural armor "is added to the AV of layer armor"."""
    assert stacking.layer_armor([3, 6, 4, 5]) == 6 + 5 // 2 + 4 // 2
    assert stacking.layer_armor([]) == 0
    assert stacking.armor_value([2, 4], [6, 3]) == 4 + 6 + 1


def test_create_vulnerability_at_base_then_intermediate_degree() -> None:
    """Seed: "the fire elemental has a final damage vulnerability of 5 (2 from the base degree
    spell and 3 naturally) ... If another caster where to cast Create Vulnerability at the
    intermediate degree, the fire elemental would instead have a final damage vulnerability of
    7 (4 from the intermediate degree spell and 3 naturally, the base degree spell is
    ignored)." """
    assert stacking.damage_vulnerability(3, [2]) == 5
    assert stacking.damage_vulnerability(3, [2, 4]) == 7

    def spell(degree: int) -> dict[str, object]:
        values = {"cold": degree}
        return {"name": "Create Vulnerability", "kind": "vulnerability", "values": values}

    elemental = make_sheet(vulnerability={"cold": 3}, modifiers=[spell(2)])
    assert defences_of(_creature(elemental), DamageType.COLD, imbued=False).vulnerability == 5
    both = make_sheet(vulnerability={"cold": 3}, modifiers=[spell(2), spell(4)])
    assert defences_of(_creature(both), DamageType.COLD, imbued=False).vulnerability == 7


def test_iron_skin_with_the_artifact() -> None:
    """Seed: "you are the target of Iron Skin spell cast at the intermediate degree and have an
    artifact that gives you a damage reduction of 2 for all physical damage. Your final damage
    reduction is 3 ... when you are the target of an attack that deals impact damage, you
    reduce the Base Damage by 3 points." """
    sheet = make_sheet(
        modifiers=[
            {"name": "Iron Skin", "kind": "damage_reduction", "values": {"physical": 3}},
            {"name": "Artifact", "kind": "damage_reduction", "values": {"physical": 2}},
        ]
    )
    assert defences_of(_creature(sheet), DamageType.IMPACT, imbued=False).reduction == 3


def test_a_lesser_reduction_applies_when_the_greatest_is_ignored() -> None:
    """Seed: "If your greatest source of damage reduction is ignored but a lesser source is
    not, then you can use that lesser source instead." """
    assert stacking.damage_reduction(1, [Source(3, ignored=True), Source(2)]) == 3
    sheet = make_sheet(
        damage_reduction={"physical": 1},
        modifiers=[
            {
                "name": "Ghost Skin",
                "kind": "damage_reduction",
                "values": {"physical": 3},
                "ignored_by_imbued": True,
            },
            {"name": "Artifact", "kind": "damage_reduction", "values": {"physical": 2}},
        ],
    )
    creature = _creature(sheet)
    assert defences_of(creature, DamageType.CUT, imbued=False).reduction == 1 + 3
    assert defences_of(creature, DamageType.CUT, imbued=True).reduction == 1 + 2


def test_only_the_highest_damage_barrier_applies_even_a_natural_one() -> None:
    """Seed: "you apply the highest value for each Damage Type. Even if you naturally have a
    damage barrier, only the highest one will apply." and a lesser one when the greatest is
    ignored."""
    assert stacking.damage_barrier([Source(5), Source(8)]) == 8
    assert stacking.damage_barrier([Source(5), Source(8, ignored=True)]) == 5


def test_damage_resistance_is_the_highest_plus_the_natural() -> None:
    """Seed: "you add the highest resistance for each Damage Type to your natural damage
    resistance." """
    assert stacking.damage_resistance(4, [Source(3), Source(6), Source(9, ignored=True)]) == 10


def test_skill_bonuses_from_powers_diminish() -> None:
    """Seed: "apply the highest bonus, then half of the second highest, a third of the third
    highest, and so on ... Always round down for bonuses and penalties." """
    assert stacking.power_skill_modifier([3, 6, 5], []) == 6 + 5 // 2 + 3 // 3
    assert stacking.power_skill_modifier([4], [5, 3]) == 4 - (5 + 3 // 2)


def test_characteristics_take_the_best_bonus_and_the_worst_penalty() -> None:
    """Seed: "Any bonus gained from multiple powers will apply the greatest bonus. Any penalty
    gained from multiple powers will apply the worst penalty." """
    assert stacking.characteristic_modifier([1, 3, 2], [1, 2]) == 3 - 2


def test_sacrificed_points_lower_the_base_and_are_not_a_penalty() -> None:
    """Seed: "When this is done, it actually reduces your base Characteristic, so it does not
    count as a penalty." A power's penalty still applies in full beside it."""
    assert stacking.characteristic(8, 2, [], [1]) == 8 - 2 - 1
    assert stacking.characteristic(8, 2, [3], []) == 9
