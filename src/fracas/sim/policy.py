"""Policies: who does what on a simulated turn.

A policy is any object with ``choose(encounter, actor) -> Action | None``: the next action
``actor`` takes on its turn, or None when it is done (the simulator then ends the turn). It
reads the encounter (``encounter.state``, ``encounter.can(action)``, ``encounter.ruleset``) and
never changes it; the simulator applies the action. A policy that picks an action the rules
forbid ends the actor's part of the turn.

Built-in tactics live in ``fracas.sim.tactics.<slug>`` (``momentum.py`` for the ``momentum``
ruleset), a module defining ``def tactics(ruleset: Ruleset) -> Policy``. A ruleset without one
is played by ``Generic``, which needs nothing from it but its actions: each turn it tries, in
the order the ruleset declares them, every action that targets one combatant against each
standing enemy, weakest first, and takes the first one the rules allow.
"""

from __future__ import annotations

import importlib
from dataclasses import MISSING, fields
from typing import Protocol, get_type_hints

from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Combatant, EncounterState

TACTICS_PACKAGE = "fracas.sim.tactics"


class Policy(Protocol):
    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        """The next action of ``actor`` on its turn, or None to end its part of the turn."""
        ...


def tactics_for(ruleset: Ruleset) -> Policy:
    """The built-in tactics of ``ruleset`` (``fracas.sim.tactics.<slug>``), else Generic."""
    module_name = f"{TACTICS_PACKAGE}.{ruleset.descriptor.slug}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return Generic(ruleset)
        raise
    policy: Policy = module.tactics(ruleset)
    return policy


def health(encounter: Encounter, combatant: Combatant) -> int:
    """What is left of a combatant's damage pools (the ruleset's ``damage_pools``)."""
    pools = encounter.ruleset.damage_pools(combatant)
    return sum(combatant.pools[p].current for p in pools if p in combatant.pools)


def standing_enemies(encounter: Encounter, actor: CombatantId) -> list[Combatant]:
    """The actor's enemies still in the fight (``Ruleset.takes_turn``), weakest first."""
    state = encounter.state
    ruleset = encounter.ruleset
    enemies = [c for c in state.enemies(actor) if ruleset.takes_turn(state, c)]
    return sorted(enemies, key=lambda c: health(encounter, c))


class Generic:
    """Attack the weakest standing enemy with the first action the rules allow against it."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.targeted = tuple(
            (kind, field) for kind in ruleset.actions if (field := _target_field(kind)) is not None
        )

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        for enemy in standing_enemies(encounter, actor):
            for kind, field in self.targeted:
                action = kind(actor=actor, **{field: enemy.id})
                if encounter.can(action):
                    return action
        return None


def _target_field(kind: type[Action]) -> str | None:
    """The one combatant field an action needs besides its actor, when it needs nothing else."""
    hints = get_type_hints(kind)
    required = [f for f in fields(kind) if f.default is MISSING and f.default_factory is MISSING]
    names = [f.name for f in required if f.name != "actor"]
    if len(names) == 1 and hints[names[0]] is CombatantId:
        return names[0]
    return None


def alive_sides(state: EncounterState, ruleset: Ruleset) -> set[str]:
    """The sides with someone still in the fight."""
    return {c.side for c in state if ruleset.takes_turn(state, c)}
