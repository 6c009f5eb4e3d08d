"""Adding several combatants in one step (``AddCombatants``): each added as ``AddCombatant``
adds one, and a save written before the two shared one shape still loads."""

from __future__ import annotations

import json

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.engine.joining import AddCombatants
from fracas.engine.saving import load, save
from tests.engine.toy import Toy, ToySheet

OLD_SAVE = """{"format": "fracas-encounter", "version": 1, "ruleset": "toy", "settings": {"ap": 2},
"seed": 7, "steps": [{"action": {"type": "AddCombatants", "actor": null, "newcomers": [
{"name": "Ada", "side": "heroes", "sheet": {"speed": 9, "hp": 10}, "group": "pair",
"hidden": false}, {"name": "Bo", "side": "villains", "sheet": {"speed": 5, "hp": 12},
"group": null, "hidden": true}], "command": "add pair"}, "events": [{"type":
"CombatantJoined", "combatant": {"id": "ada", "name": "Ada", "side": "heroes", "sheet":
{"speed": 9, "hp": 10}, "pools": {"AP": {"current": 2, "maximum": 2, "reset": "turn"}, "HP":
{"current": 10, "maximum": 10, "reset": "never"}}, "effects": [], "initiative": null, "group":
"pair", "hidden": false, "marks": {}}}, {"type": "CombatantJoined", "combatant": {"id": "bo",
"name": "Bo", "side": "villains", "sheet": {"speed": 5, "hp": 12}, "pools": {"AP": {"current":
2, "maximum": 2, "reset": "turn"}, "HP": {"current": 12, "maximum": 12, "reset": "never"}},
"effects": [], "initiative": null, "group": null, "hidden": true, "marks": {}}}]}],
"undone": []}"""
"""A save of ``add pair`` as fracas wrote it when each newcomer was a ``Newcomer`` record."""

PAIR = AddCombatants(
    (
        AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9), group="pair"),
        AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=5, hp=12), hidden=True),
    ),
    command="add pair",
)


def test_several_join_as_each_would_alone() -> None:
    together = Encounter(Toy(), seed=7)
    together.apply(PAIR)
    alone = Encounter(Toy(), seed=7)
    for newcomer in PAIR.newcomers:
        alone.apply(newcomer)
    assert together.state == alone.state
    ada, bo = together.state[CombatantId("ada")], together.state[CombatantId("bo")]
    assert (ada.group, ada.hidden, bo.group, bo.hidden) == ("pair", False, None, True)
    assert len(together.steps) == 1


def test_a_save_from_before_loads_and_undoes_as_one_step() -> None:
    loaded = load(json.loads(OLD_SAVE), rulesets=lambda name: Toy)
    fresh = Encounter(Toy(), seed=7)
    fresh.apply(PAIR)
    assert loaded.state == fresh.state
    assert loaded.steps == fresh.steps
    assert save(loaded) == save(fresh)
    loaded.undo()
    assert list(loaded.state) == []
    loaded.redo()
    assert loaded.state == fresh.state
