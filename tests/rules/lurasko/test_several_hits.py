"""Attacks that land on several characters, or several portions on one, in one step (issue 18,
item 1): dual-wielded weapons with an aura's answer, a deliberate AoE, an overeffect. Driven
through commands with typed-in dice; each test asserts every character's final state."""

from __future__ import annotations

from typing import Any

from fracas.app.session import Session
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.rules.lurasko.ruleset import Lurasko
from tests.rules.lurasko.support import CHAINMAIL, FIREBALL, SWORD, sheet

HERO, FOE, OTHER = CombatantId("hero"), CombatantId("foe"), CombatantId("other")
DAGGER = {
    "name": "Shock dagger", "reach": "melee", "damage": "1", "drive": 20, "energy": "electric",
    "energy_damage": "6", "offense": 10,
}  # fmt: skip
SUN_LANCE = {**FIREBALL, "name": "Sun lance", "energy_damage": "130", "area": False}
STATIC = {"name": "Static field", "kind": "electric", "stored": 30}


def table(foe: dict[str, Any] | None = None) -> Session:
    """Hero (initiative 15) against Foe (5) and Other (4), Hero's turn."""
    encounter = Encounter(Lurasko(), dice=LoadedDice(()))
    hero = sheet(weapons=[SWORD, DAGGER, FIREBALL, SUN_LANCE])
    encounter.apply(AddCombatant(name="Hero", side="heroes", sheet=hero))
    encounter.apply(AddCombatant(name="Foe", side="foes", sheet=sheet(**(foe or {}))))
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=sheet()))
    session = Session(encounter, "several hits", setup=3)
    ok(session, "start !15 5 4")
    return session


def ok(session: Session, line: str) -> None:
    reply = session.run(line)
    assert reply.error is None, reply.error


def state_of(session: Session, who: CombatantId) -> tuple[dict[str, object], set[str]]:
    """The marks that hold a character's damage and injuries, and its effects' names."""
    combatant = session.state[who]
    marks = {k: v for k, v in combatant.marks.items() if k != "acted"}
    return marks, {effect.name for effect in combatant.effects}


def test_dual_wielded_weapons_and_the_aura_answer_land_once_each() -> None:
    """Seed (Damage Auras): "Dual-wielded melee weapons provoke only a single hit"; "both
    incidents of damage are resolved before injuries take effect". Sword 17 and the dagger's
    1 + 6 electric through steel chainmail (16-28) at 20 drive: 8 + 0 + 6 = 14 to Foe, two
    degrees at factor 6; the Static field answers with its full 30 electric: 5 Core degrees
    and a stun for Hero, and the store is spent."""
    session = table({"armor": CHAINMAIL, "auras": [STATIC]})
    ok(session, 'attack foe -with sword -and "shock dagger" !10 1')
    assert state_of(session, FOE) == ({"damage": 14, "superficial": 2}, set())
    assert session.state[FOE].pools["Static field"].current == 0
    assert state_of(session, HERO) == ({"damage": 30, "core": 5}, {"Stunned"})
    assert state_of(session, OTHER) == ({}, set())


def test_a_deliberate_aoe_hits_the_target_and_its_group() -> None:
    """SOURCES.md 5.4: "The target takes impact at 50% and the area at 25%"; the others roll
    their own defense at +5 TN. A Fireball of 80 heat: Foe 40 (6 degrees at factor 6), Other
    20 (3 degrees); heat ignites both."""
    session = table()
    ok(session, "attack foe -with fireball -around other !10 1 12 1")
    assert state_of(session, FOE) == ({"damage": 40, "superficial": 6}, {"Ignited"})
    assert state_of(session, OTHER) == ({"damage": 20, "superficial": 3}, {"Ignited"})
    assert state_of(session, HERO) == ({}, set())


def test_an_overeffect_bursts_on_the_group_as_separate_attacks() -> None:
    """Seed (Energy Damage): an all-energy direct hit of 120 or more bursts into an unintended
    AoE on the others in the target's group, "each affected character … hit by a separate
    attack". The Sun lance's 130 heat: Foe takes it all (21 degrees), Other the area's 25 %,
    32 (5 degrees); heat ignites both."""
    session = table()
    ok(session, "attack foe -with sun -around other !10 1 12 1")
    assert state_of(session, FOE) == ({"damage": 130, "superficial": 21}, {"Ignited"})
    assert state_of(session, OTHER) == ({"damage": 32, "superficial": 5}, {"Ignited"})
    assert state_of(session, HERO) == ({}, set())
