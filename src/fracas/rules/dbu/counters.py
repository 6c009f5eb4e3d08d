"""Paying Counter Actions: from the pool that would be lost first."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import Cost
from fracas.engine.state import EncounterState
from fracas.rules.dbu.economy import CONVERTED, COUNTER, counter_pool
from fracas.rules.dbu.queries import turn_passed


def counters_left(state: EncounterState, who: CombatantId) -> int:
    pools = state[who].pools
    return pools[COUNTER].current + pools[CONVERTED].current


def counter_cost(state: EncounterState, actor: CombatantId, count: int = 1) -> Cost:
    """``count`` Counter Actions, first from the pool that would be lost first
    (``economy.counter_pool``), the rest from the other."""
    combatant = state[actor]
    natural, converted = combatant.pools[COUNTER].current, combatant.pools[CONVERTED].current
    first = counter_pool(
        natural=natural, converted=converted, turn_passed=turn_passed(state, actor)
    )
    if first is None:
        return {COUNTER: count}
    other = CONVERTED if first == COUNTER else COUNTER
    have = combatant.pools[first].current
    taken = min(have, count)
    spent = {first: taken}
    if count > taken:
        spent[other] = count - taken
    return spent
