"""Shared test values: sheets and a duel between two Lur-Asko characters."""

from __future__ import annotations

from typing import Any, TypeVar

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.engine.turns import StartCombat
from fracas.rules.lurasko.ruleset import Lurasko
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Sheet

T = TypeVar("T")

SETTINGS = LuraskoSettings()
HERO = CombatantId("hero")
FOE = CombatantId("foe")

SWORD = {"name": "Sword", "reach": "melee", "damage": "17", "drive": 20, "offense": 10}
LANCE = {
    "name": "Heat lance",
    "reach": "ranged",
    "energy": "heat",
    "energy_damage": "50",
    "offense": 10,
}
CHAINMAIL = {"name": "Steel chainmail", "low": 16, "high": 28, "metallic": True}


def sheet(**changes: Any) -> Sheet:
    """A plain character: bCON 5, WGT 6 (injury factor 6), TN 14, no armor, a sword."""
    base: dict[str, Any] = {"name": "Test", "bcon": 5, "wgt": 6, "tn": 14, "weapons": [SWORD]}
    return Sheet.model_validate({**base, **changes})


def duel(hero: Sheet | None = None, foe: Sheet | None = None, **settings: Any) -> Encounter:
    """Hero (initiative 1d20 = 15) against Foe (1d20 = 5): Hero's turn."""
    encounter = Encounter(Lurasko(LuraskoSettings(**settings)))
    encounter.apply(AddCombatant(name="Hero", side="heroes", sheet=hero or sheet()))
    encounter.apply(AddCombatant(name="Foe", side="foes", sheet=foe or sheet()))
    encounter.apply(StartCombat(), faces=[15, 5])
    return encounter


def of_type(events: tuple[object, ...], kind: type[T]) -> list[T]:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


OTHER = CombatantId("other")
FIREBALL = {
    "name": "Fireball",
    "reach": "ranged",
    "energy": "heat",
    "energy_damage": "80",
    "offense": 10,
    "area": True,
}


def skirmish(
    foe: Sheet | None = None, other: Sheet | None = None, hero: Sheet | None = None
) -> Encounter:
    """Hero (a Fireball, a Sword, a 130-heat Sun lance; initiative 15) against Foe (5) and
    Other (4): Hero's turn."""
    encounter = Encounter(Lurasko())
    sun_lance = {**FIREBALL, "name": "Sun lance", "energy_damage": "130", "area": False}
    hero = hero or sheet(weapons=[FIREBALL, SWORD, sun_lance])
    encounter.apply(AddCombatant(name="Hero", side="heroes", sheet=hero))
    encounter.apply(AddCombatant(name="Foe", side="foes", sheet=foe or sheet()))
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=other or sheet()))
    encounter.apply(StartCombat(), faces=[15, 5, 4])
    return encounter
