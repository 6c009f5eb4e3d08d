"""Ranged weapons' shots and the Reload Maneuver.

"A limited number of attacks, or shots, can be made with a ranged weapon. Using the Reload
Maneuver refills a single Ranged Weapon's ammunition, resetting the number of attacks you may use
with it. You can only use the Reload Maneuver during your turn."
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, PoolSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.counters import counter_cost
from fracas.rules.dbu.economy import ammunition_pool
from fracas.rules.dbu.queries import acting, require_turn, sheet_of


def weapon_named(combatant: Combatant, name: str) -> str:
    """The name of the combatant's ranged weapon called ``name`` (any case)."""
    weapons = sheet_of(combatant).weapons
    found = next((w.name for w in weapons if w.name.lower() == name.strip().lower()), None)
    if found is None:
        known = ", ".join(w.name for w in weapons) or "none"
        raise IllegalAction("unknown-weapon", f"{combatant.name} has no weapon {name!r} ({known})")
    return found


@frozen
class ReloadRule:
    def cost(self, state: EncounterState, action: a.Reload) -> Cost:
        return counter_cost(state, acting(action))

    def verify(self, state: EncounterState, action: a.Reload) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        weapon_named(state[actor], action.weapon)

    def resolve(self, state: EncounterState, action: a.Reload, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        pool = ammunition_pool(weapon_named(state[actor], action.weapon))
        return [PoolSet(actor, pool, state[actor].pools[pool].maximum, reason="Reload")]
