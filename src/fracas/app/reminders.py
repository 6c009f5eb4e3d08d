"""Held actions brought back to mind: as each turn starts, whoever holds an action (Momentum's
``ready``, DBU's Triggered Maneuver) is reminded that it can fire now if its trigger happens.

A ruleset's narrator module lists its held actions with ``held_actions`` (a ``HeldActions``),
each with the command of the language that fires it; the trigger is free text, so the reminder
comes at every turn's start and the holder or the game master judges whether it happened. It is
told to the game master and the holder's side. The views list them too (``CombatantView.held``),
so a page offers the firing command as a click.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fracas.engine.action import CombatantId
from fracas.engine.state import EncounterState

if TYPE_CHECKING:
    from fracas.app.scene import Scene


@dataclass(frozen=True)
class Held:
    """An action ``holder`` holds (``2 AP ready``) for ``trigger``, kept as its effect
    ``effect`` (an id), fired by the command ``verb`` with its flag ``-flag`` (``attack …
    -held``)."""

    holder: CombatantId
    what: str
    trigger: str
    effect: str
    verb: str
    flag: str

    def told(self) -> str:
        """``2 AP ready (a raptor comes close; attack … -held fires it)``."""
        return f"{self.what} ({self.trigger}; {self.verb} … -{self.flag} fires it)"


HeldActions = Callable[[EncounterState], Sequence[Held]]
"""The held actions of the state."""


def reminders(held: HeldActions, scene: Scene) -> list[str]:
    """The reminders of a turn that has just started (``scene.after``), for the audience."""
    state = scene.after
    acting = set(state.acting())
    lines: list[str] = []
    for one in held(state):
        found = state.combatants.get(one.holder)
        if found is None or one.holder in acting or not scene.audience.sees_pools(found):
            continue
        told = f"{scene.name(one.holder)} holds {one.told()}"
        lines.append(f"{told}: it can fire now if its trigger happens")
    return lines
