"""Policies: who does what on a simulated turn.

A policy is any object with ``choose(encounter, actor) -> Action | None``: the next action
``actor`` takes on its turn, or None when it is done (the simulator then ends the turn). It
reads the encounter (``encounter.state``, ``encounter.can(action)``, ``encounter.ruleset``) and
never changes it; the simulator applies the action. A policy that picks an action the rules
forbid ends the actor's part of the turn.

Built-in tactics live in ``fracas.sim.tactics.<slug>`` (``momentum.py`` for the ``momentum``
ruleset), a module defining ``def tactics(ruleset: Ruleset) -> Policy``. A ruleset without one
is played by ``Generic``, which needs nothing from it but its actions: each turn it tries, in
the order the ruleset declares them, every action that targets one combatant (and at most names
one of the actor's weapons, abilities or other named things on its sheet) against each standing
enemy, the most hurt first, and takes the first one the rules allow; it tries no kind the
ruleset's ``candidates`` leave out (the rules would refuse it whatever its fields).

A policy may also be ``Reacting``: after each action, every combatant the action named besides
its actor may answer it out of turn (``react``), until it has nothing more to say. ``Generic``
answers with the first action needing nothing but its actor that the rules allow then, in the
ruleset's order: a parry, a dodge or taking the hit where a strike waits for the defender.

And a policy may be ``Settling``: it answers what the rules wait for before anyone may act on
(``settle``), a choice owed to the rules rather than a move (dbu's phase order, Kaiser's
Intentions, kingsdale's defence against a waiting strike). ``fracas odds`` lets the ruleset's
tactics settle such waits before the action it is asked about, and after it for those it named.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection
from dataclasses import MISSING, fields
from typing import Protocol, get_type_hints, runtime_checkable

from pydantic import BaseModel

from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter, Step
from fracas.engine.memo import per_object
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Combatant

TACTICS_PACKAGE = "fracas.sim.tactics"


class Policy(Protocol):
    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        """The next action of ``actor`` on its turn, or None to end its part of the turn."""
        ...


@runtime_checkable
class Reacting(Protocol):
    """A policy that also answers what is done to a combatant out of its turn (a parry, a
    dodge, taking the hit: rulesets where a strike waits for the defender's answer)."""

    def react(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """An answer of ``combatant``, just named by the action taken, or None."""
        ...


@runtime_checkable
class Settling(Protocol):
    """A policy that answers what the rules wait for before anyone may act on: a choice owed
    to the rules, not a move (dbu's order of what occurs at once in an Effect or End Phase,
    Kaiser's Intentions in the Intention phase, kingsdale's defence against a strike that
    waits on it). ``fracas odds`` asks the ruleset's tactics to settle such waits before the
    action asked about, and after it those the action named (``settle``)."""

    def settle(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """The answer the rules wait for from ``combatant`` now, or None."""
        ...


MAX_SETTLING = 20
"""How many answers ``settle`` gives at most (a wait answered opens no endless chain)."""


def settle(
    encounter: Encounter, policy: Policy, among: Collection[CombatantId] | None = None
) -> tuple[Step, ...]:
    """Apply ``policy``'s answers to what the rules wait for (when it is ``Settling``), from
    everyone (or those ``among``), until nothing waits; the steps of the answers, in order."""
    if not isinstance(policy, Settling):
        return ()
    answered: list[Step] = []
    while len(answered) < MAX_SETTLING and not encounter.state.ended:
        state = encounter.state
        asked = state if among is None else (state[c] for c in among if c in state.combatants)
        answer = next((a for c in asked if (a := policy.settle(encounter, c.id)) is not None), None)
        if answer is None:
            break
        answered.append(encounter.apply(answer))
    return tuple(answered)


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


def standing_enemies(encounter: Encounter, actor: CombatantId) -> list[Combatant]:
    """The actor's enemies still in the fight (``Ruleset.takes_turn``), the most hurt first
    (``Ruleset.damage_suffered``)."""
    state = encounter.state
    ruleset = encounter.ruleset
    combatants = state.combatants
    side = combatants[actor].side
    known = ruleset.standing_in(state)
    # none acts who is down; a ruleset that says nobody counts (no standing hook): everyone
    candidates = [combatants[c] for c in known.up] if known.counted else list(state)
    enemies = [c for c in candidates if c.side != side and ruleset.takes_turn(state, c)]
    return sorted(enemies, key=lambda c: -ruleset.damage_suffered(c))


class Generic:
    """Attack the most hurt standing enemy with the first action the rules allow against it;
    answer what is done to you with the first action needing nothing but you that the rules
    allow then (a defence the ruleset waits for)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.targeted = tuple(
            (kind, *shape) for kind in ruleset.actions if (shape := _shape(kind)) is not None
        )
        self.answers = tuple(kind for kind in ruleset.actions if not _required(kind))

    def react(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        allowed = encounter.ruleset.candidates(encounter.state, combatant)
        for kind in (kind for kind in self.answers if kind in allowed):
            action = kind(actor=combatant)
            if encounter.can(action):
                return action
        return None

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        names = _named(encounter.state[actor].sheet)
        allowed = encounter.ruleset.candidates(encounter.state, actor)
        targeted = [shape for shape in self.targeted if shape[0] in allowed]
        for enemy in standing_enemies(encounter, actor):
            for kind, target, naming in targeted:
                for name in names if naming is not None else (None,):
                    extra = {} if naming is None else {naming: name}
                    action = kind(actor=actor, **{target: enemy.id}, **extra)
                    if encounter.can(action):
                        return action
        return None


def _shape(kind: type[Action]) -> tuple[str, str | None] | None:
    """(the combatant field, the name field or None) of an action that needs one combatant and
    at most one name besides its actor; None for any other action."""
    hints = get_type_hints(kind)
    required = _required(kind)
    combatants = [name for name in required if hints[name] is CombatantId]
    names = [name for name in required if hints[name] is str]
    if len(combatants) != 1 or len(names) > 1 or len(required) != len(combatants) + len(names):
        return None
    return combatants[0], names[0] if names else None


def _required(kind: type[Action]) -> list[str]:
    """The fields an action must be given, besides its actor."""
    return [
        f.name
        for f in fields(kind)
        if f.name != "actor" and f.default is MISSING and f.default_factory is MISSING
    ]


@per_object
def _named(sheet: BaseModel) -> tuple[str, ...]:
    """The names of the named things a sheet lists (weapons, abilities, powers …), read once
    a sheet (sheets are immutable)."""
    found: list[str] = []
    for field_name in type(sheet).model_fields:
        value = getattr(sheet, field_name)
        if not isinstance(value, list | tuple):
            continue
        for item in value:
            name = getattr(item, "name", None) if isinstance(item, BaseModel) else None
            if isinstance(name, str):
                found.append(name)
    return tuple(found)
