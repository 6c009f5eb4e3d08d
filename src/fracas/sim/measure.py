"""Reading what an action did through the ruleset's own eyes: damage lost, outcome named.

The analysis tools never compute a rule. They compare the states before and after a step and ask
the ruleset how much damage each combatant has suffered (``Ruleset.damage_suffered``, by default
what its ``damage_pools`` lost) and what the step's events came to (``Ruleset.classify``).
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.engine.action import CombatantId
from fracas.engine.events import Event
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState

DAMAGE = "damage"
NO_DAMAGE = "no damage"
"""Outcomes counted for a ruleset whose ``classify`` says nothing about an action."""


def damage_taken(
    ruleset: Ruleset, before: EncounterState, after: EncounterState
) -> dict[CombatantId, int]:
    """Damage each combatant took from ``before`` to ``after`` (negative: healed), for every
    combatant present in both states whose damage changed (``Ruleset.damage_suffered``)."""
    taken: dict[CombatantId, int] = {}
    for combatant in before:
        later = after.combatants.get(combatant.id)
        if later is None or later is combatant:  # the same object: nothing of it changed
            continue
        lost = ruleset.damage_suffered(later) - ruleset.damage_suffered(combatant)
        if lost:
            taken[combatant.id] = lost
    return taken


def damage_dealt(
    ruleset: Ruleset, actor: CombatantId | None, before: EncounterState, after: EncounterState
) -> int:
    """Health the others lost (healing not subtracted) from ``before`` to ``after``."""
    lost = damage_taken(ruleset, before, after)
    return sum(amount for who, amount in lost.items() if who != actor and amount > 0)


def outcome_of(ruleset: Ruleset, events: Sequence[Event], damage: int) -> str:
    """The ruleset's name for what the events came to, or damage / no damage."""
    named = ruleset.classify(events)
    if named is not None:
        return named
    return DAMAGE if damage > 0 else NO_DAMAGE
