"""Attacks with two weapons: dual wielding, one hit, one aura."""

from __future__ import annotations

import pytest

from fracas.engine.ruleset import IllegalAction
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.events import AuraStruck, DamageCalledOut, DamageTaken
from fracas.rules.lurasko.queries import STUNNED
from tests.rules.lurasko.support import CHAINMAIL, FOE, HERO, LANCE, SWORD, duel, of_type, sheet

DAGGER = {
    "name": "Shock dagger",
    "reach": "melee",
    "damage": "1",
    "drive": 20,
    "energy": "electric",
    "energy_damage": "6",
    "offense": 8,
}
KNIFE = {**DAGGER, "name": "Shock knife"}
STATIC = {"name": "Static field", "kind": "electric", "stored": 30}


def test_dual_wielded_weapons_land_as_one_hit_and_provoke_one_aura_hit() -> None:
    """Seed: "Dual-wielded melee weapons provoke only a single hit." Sword 17 (20 drive) and a
    shock dagger 1 + 6 electric at 20 drive against 16-28 steel: 8 + 0 + 6 (electric through
    metal) = 14."""
    encounter = duel(
        hero=sheet(weapons=[SWORD, DAGGER]), foe=sheet(armor=CHAINMAIL, auras=[STATIC])
    )
    step = encounter.apply(Attack(actor=HERO, target=FOE, also="shock"), faces=[10, 1])
    assert [c.weapon for c in of_type(step.events, DamageCalledOut)] == ["Sword", "Shock dagger"]
    (taken,) = [t for t in of_type(step.events, DamageTaken) if t.target == FOE]
    assert [p.damage for p in taken.account.taken] == [8, 0, 6]
    assert len(of_type(step.events, AuraStruck)) == 1


def test_energy_effects_count_every_weapon_of_the_attack() -> None:
    """Seed: "Consider the amount of energy damage taken during the entire attack (even if
    multiple weapons or shots were involved)": 6 + 6 electric, factor 6, is 2 degrees and a
    stun, where either alone would be one."""
    encounter = duel(hero=sheet(weapons=[DAGGER, KNIFE]))
    encounter.apply(Attack(actor=HERO, target=FOE, also="Shock knife"), faces=[10, 1])
    assert encounter.state[FOE].has(STUNNED)
    alone = duel(hero=sheet(weapons=[DAGGER, KNIFE]))
    alone.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert not alone.state[FOE].has(STUNNED)


@pytest.mark.parametrize(("also", "code"), [("Sword", "same-weapon"), ("Heat lance", "not-dual")])
def test_dual_wielding_needs_two_melee_weapons(also: str, code: str) -> None:
    encounter = duel(hero=sheet(weapons=[SWORD, LANCE]))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, also=also))
    assert refused.value.code == code
    assert encounter.state is before
