"""Shared test values: the default settings, a sheet builder and a two-fighter encounter."""

from __future__ import annotations

from typing import Any

from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.sheet import Sheet

SETTINGS = DbuSettings()

HERO, FOE = CombatantId("hero"), CombatantId("foe")


def make_sheet(**fields: Any) -> Sheet:
    """A Tier 1 fighter: Agility 4 (score 8), Insight 1, Force 2, Spirit 3, Tenacity 2;
    40 LP, 30 KP, Capacity Rate 20. ``scores`` and ``modifiers`` given change only the
    Attributes they name."""
    data: dict[str, Any] = {
        "name": "Fighter",
        "tier": 1,
        "scores": {"agility": 8, "force": 5, "tenacity": 5, "insight": 3, "spirit": 6},
        "modifiers": {"agility": 4, "force": 2, "tenacity": 2, "insight": 1, "spirit": 3},
        "life_points": 40,
        "ki_points": 30,
        "capacity_rate": 20,
    }
    for nested in ("scores", "modifiers"):
        if nested in fields:
            fields = {**fields, nested: {**data[nested], **fields[nested]}}
    return Sheet.model_validate({**data, **fields})


def fight(
    *faces: int,
    hero: Sheet | None = None,
    foe: Sheet | None = None,
    settings: DbuSettings | None = None,
    start: bool = True,
) -> Encounter:
    """Hero against Foe on loaded dice. With ``start``, the first two faces are their
    Initiative d10s (Hero's first)."""
    encounter = Encounter(Dbu(settings), dice=LoadedDice(faces))
    encounter.apply(AddCombatant(name="Hero", side="heroes", sheet=hero or make_sheet()))
    encounter.apply(AddCombatant(name="Foe", side="foes", sheet=foe or make_sheet()))
    if start:
        encounter.apply(StartCombat())
    return encounter


def pool(encounter: Encounter, who: CombatantId, name: str) -> int:
    return encounter.state[who].pools[name].current
