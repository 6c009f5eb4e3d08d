"""Resistances and weaknesses: after defenses and drive, one after another."""

from __future__ import annotations

from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.armor import ArmorRange
from fracas.rules.lurasko.damage import (
    Defences,
    Portion,
    Resistance,
    StepKind,
    resisted,
    resolve_damage,
)
from fracas.rules.lurasko.events import DamageTaken
from fracas.rules.lurasko.shielding import ShieldSource
from fracas.rules.lurasko.vocabulary import DamageKind, Precision
from tests.rules.lurasko.support import FOE, HERO, duel, of_type, sheet

ELF = Resistance("elf", "frost", 75)
AFFINITY = Resistance("Energy Affinity", "frost", 50)
CONSTRUCT = Resistance("construct", "electric", 150)
VAMPIRE = Resistance("vampire", "quartz", 150)


def test_an_elf_with_frost_affinity_takes_37_percent() -> None:
    """Seed: "elves take 75% damage from frost, so an elf that additionally gains 50% frost
    resistance from Energy Affinity (Arcana) would take a total of 37% damage from frost";
    SOURCES.md 5.2: one after another, rounding down the final result."""
    assert resisted(100, [75, 50]) == 37
    frost = Portion(DamageKind.FROST, 100, 100)
    account, _ = resolve_damage([frost], Defences(resistances=(ELF, AFFINITY)))
    assert account.total == 37
    assert [(s.source, s.before, s.after) for s in account.steps] == [
        ("elf", 100, 75),
        ("Energy Affinity", 75, 37),
    ]


def test_a_weakness_comes_after_armor_and_shielding_and_leaves_the_drive_alone() -> None:
    """Seed: "a construct's weakness to electric damage does not enhance that damage's drive nor
    make it harder to block with energy shielding." Electric 30 (30 drive) against 16-28
    metallic armor: above the range, full; high shielding 10 takes 10; then x150 %."""
    electric = Portion(DamageKind.ELECTRIC, 30, 30)
    ward = ShieldSource("Skin ward", Precision.HIGH, "Skin ward")
    defences = Defences(
        armor=ArmorRange(16, 28, metallic=True),
        resistances=(CONSTRUCT,),
        shields=(ward,),
        points={"Skin ward": 10},
    )
    account, uses = resolve_damage([electric], defences)
    assert [s.step for s in account.steps] == [StepKind.ARMOR, StepKind.SHIELD, StepKind.RESISTANCE]
    assert account.total == 30
    assert account.taken[0].drive == 30
    assert uses[0].absorbed == 10


def test_a_material_weakness_touches_base_and_str_damage_not_added_energy() -> None:
    """Seed: "this applies to both a melee weapon's base damage, and any additional damage from
    the wielder's STR ... Do not apply it to extra damage of other types added to the weapon."
    10 base + 2 STR = 12 quartz damage x150 % = 18; the heat stays 10."""
    quartz = {
        "name": "Quartz blade",
        "reach": "melee",
        "damage": "10",
        "drive": 20,
        "material": "quartz",
        "energy": "heat",
        "energy_damage": "10",
        "offense": 10,
    }
    vampire = sheet(resistances=[{"name": "vampire", "against": "quartz", "percent": 150}])
    encounter = duel(hero=sheet(strength=2, weapons=[quartz]), foe=vampire)
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 20])
    (taken,) = of_type(step.events, DamageTaken)
    assert [(p.kind, p.damage) for p in taken.account.taken] == [
        (DamageKind.NORMAL, 18),
        (DamageKind.HEAT, 10),
    ]


def test_an_energy_resistance_leaves_the_weapons_base_and_str_damage_alone() -> None:
    """Seed: "a resistance or weakness to energy damage does not apply to the base and STR damage
    from a weapon with added energy damage; they are separated for this consideration." """
    portions = [Portion(DamageKind.NORMAL, 12, 20), Portion(DamageKind.FROST, 8, 20)]
    account, _ = resolve_damage(portions, Defences(resistances=(ELF, VAMPIRE)))
    assert [p.damage for p in account.taken] == [12, 6]
