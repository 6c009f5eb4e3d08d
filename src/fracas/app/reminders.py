"""Held actions brought back to mind: as each turn starts, whoever holds an action (Momentum's
``ready``, DBU's Triggered Maneuver) is reminded that it can fire now if its trigger happens.

A ruleset's narrator module lists its held actions with ``held_actions`` (a ``HeldActions``);
the trigger is free text, so the reminder comes at every turn's start and the holder or the
game master judges whether it happened. It is told to the game master and the holder's side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from fracas.engine.action import CombatantId
from fracas.engine.state import EncounterState

if TYPE_CHECKING:
    from fracas.app.narration import Scene

HeldActions = Callable[[EncounterState], Sequence[tuple[CombatantId, str]]]
"""The held actions of the state: ``(holder, what it holds and how to fire it)``."""


def reminders(held: HeldActions, scene: Scene) -> list[str]:
    """The reminders of a turn that has just started (``scene.after``), for the audience."""
    state = scene.after
    acting = set(state.acting())
    lines: list[str] = []
    for holder, what in held(state):
        found = state.combatants.get(holder)
        if found is None or holder in acting or not scene.audience.sees_pools(found):
            continue
        lines.append(f"{scene.name(holder)} holds {what}: it can fire now if its trigger happens")
    return lines
