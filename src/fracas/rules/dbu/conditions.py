"""Combat Conditions the chapter leans on beyond Guard Down, Prone, Pinned and Shaken
(SOURCES.md 2.9): Poisoned (damage over time in the Effect Phase), Slowed and Broken.

They are put on and taken off by the Architect (``effect NAME Poisoned``); each copy of Slowed
or Broken on a combatant is one stack.
"""

from __future__ import annotations

from fracas.engine.events import Event, PoolChanged
from fracas.engine.state import Combatant
from fracas.rules.dbu.economy import LP
from fracas.rules.dbu.settings import DbuSettings

POISONED = "Poisoned"
SLOWED = "Slowed"
BROKEN = "Broken"


def stacks(combatant: Combatant, name: str) -> int:
    return sum(1 for effect in combatant.effects if effect.name == name)


def ongoing_damage(combatant: Combatant, *, settings: DbuSettings) -> list[Event]:
    """The Effect Phase's first step: 'Ongoing Damage: If you are suffering from any Damage
    Over Time effects, you suffer those effects now' (Poisoned: 1/10 of max LP, SOURCES.md
    2.9)."""
    if not combatant.has(POISONED):
        return []
    loss = max(combatant.pools[LP].maximum * settings.poison_tenths // 10, 1)
    return [PoolChanged(combatant.id, LP, -loss, POISONED)]


def broken_soak(combatant: Combatant, tier: int, *, settings: DbuSettings) -> int:
    """SOURCES.md 2.9: Broken: 'Soak -2(T) per stack, max 3'."""
    return settings.broken_soak * tier * min(stacks(combatant, BROKEN), settings.broken_stacks)

