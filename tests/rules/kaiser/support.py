"""Shared test values: the default settings, a sheet builder and a duel on loaded dice."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.dice import LoadedDice
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kaiser.actions import Intend
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Sheet

SETTINGS = KaiserSettings()

CEIL, BANDIT = CombatantId("ceil"), CombatantId("bandit")

FIRE_BOLT: dict[str, Any] = {
    "name": "Fire Bolt",
    "types": ["attack"],
    "source": "magic",
    "base_damage": 6,
    "damage_type": "heat",
}
"""A magic Attack power: Base Damage 6, heat."""


def make_sheet(**fields: Any) -> Sheet:
    """A fighter: Initiative 10, 60 LP, Attack 10, Block 6, Dodge 8, a Long Sword (Base
    Damage 7, cut), with ``fields`` changed."""
    data: dict[str, Any] = {
        "initiative": 10,
        "life_points": 60,
        "skills": {"attack": 10, "block": 6, "dodge": 8},
        "resistances": {"physical": 5, "spirit": 4},
        "weapons": [{"name": "Long Sword", "base_damage": 7, "damage_type": "cut", "cost": 2}],
    }
    return Sheet.model_validate({**data, **fields})


def duel(
    *faces: int,
    ceil: Sheet | None = None,
    bandit: Sheet | None = None,
    intend: bool = True,
    settings: KaiserSettings = SETTINGS,
) -> Encounter:
    """Ceil against a Bandit, both with the Attack Intention declared, the Intention phase
    over and Ceil's turn begun. The first four faces are the two Initiative rolls (Ceil's,
    then the Bandit's: give Ceil the higher)."""
    encounter = Encounter(Kaiser(settings), dice=LoadedDice(faces))
    encounter.apply(AddCombatant(name="Ceil", side="party", sheet=ceil or make_sheet()))
    encounter.apply(AddCombatant(name="Bandit", side="bandits", sheet=bandit or make_sheet()))
    encounter.apply(StartCombat())
    if intend:
        encounter.apply(Intend(actor=CEIL, intention="attack"))
        encounter.apply(Intend(actor=BANDIT, intention="attack"))
        encounter.apply(EndTurn())
    return encounter


def pool(encounter: Encounter, who: CombatantId, name: str) -> int:
    return encounter.state[who].pools[name].current


def refused(encounter: Encounter, action: Action, code: str) -> None:
    """The action is refused with ``code`` and the state is unchanged."""
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)
    assert error.value.code == code
    assert encounter.state is before
