"""Shared test helpers: sheets, a fight on loaded dice, the demo session."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.app import Session, open_encounter
from fracas.app.rulesets import demo_path
from fracas.dice import LoadedDice
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter, Step
from fracas.engine.gm import AddCombatant
from fracas.engine.state import EncounterState
from fracas.rules.kingsdale.ruleset import Kingsdale
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import Sheet

SETTINGS = KingsdaleSettings()

SWORD = {"name": "Sword", "kind": "melee", "damage": "2d6"}
RIFLE = {"name": "Rifle", "kind": "ranged", "damage": "3d6", "mega": True, "wp": 2, "payload": 30}


def sheet(**fields: Any) -> Sheet:
    data: dict[str, Any] = {"attacks": 6, "hp": 30, "sdc": 20, "weapons": [SWORD, RIFLE]}
    return Sheet.model_validate({**data, **fields})


class Fight:
    """An encounter of named sheets; every apply gives its dice."""

    def __init__(self, settings: KingsdaleSettings | None = None, **sheets: Sheet) -> None:
        self.encounter = Encounter(Kingsdale(settings), dice=LoadedDice(()))
        for n, (name, one) in enumerate(sheets.items()):
            side = "a" if n % 2 == 0 else "b"
            self.encounter.apply(AddCombatant(name=name, side=side, sheet=one))

    def __call__(self, action: Action, *faces: int) -> Step:
        return self.encounter.apply(action, faces)

    @property
    def state(self) -> EncounterState:
        return self.encounter.state

    def actions(self, who: str) -> int:
        return self.state[CombatantId(who)].pools["Actions"].current


def demo(faces: Sequence[int] = ()) -> Session:
    path = demo_path(Kingsdale)
    assert path is not None
    return open_encounter(path, dice=LoadedDice(tuple(faces)))


def ids(*names: str) -> tuple[CombatantId, ...]:
    return tuple(CombatantId(n) for n in names)
