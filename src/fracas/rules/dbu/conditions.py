"""Combat Conditions the chapter leans on beyond Guard Down, Prone, Pinned and Shaken
(SOURCES.md 2.9: "Others available: Broken (Soak -2(T) per stack, max 3), Slowed (-1 Action per
stack), Poisoned (-1/10 max LP per turn), Impediment, Sleeping, etc."): Poisoned (damage over
time in the Effect Phase), Slowed, Broken, and Impediment and Sleeping, which the sources name
without their effects (readings chosen here, each a setting).

They are put on and taken off by the Architect (``effect NAME Poisoned``, with ``-rounds N
-until start|end`` for a duration: the sources give none); each copy of Slowed or Broken on a
combatant is one stack.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.engine.events import EffectEnded, Event, PoolChanged
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.economy import LP
from fracas.rules.dbu.queries import GUARD_DOWN, PRONE, SLEEPING, has_effect, sheet_of
from fracas.rules.dbu.settings import DbuSettings

POISONED = "Poisoned"
SLOWED = "Slowed"
BROKEN = "Broken"
IMPEDIMENT = "Impediment"


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


def guard_down(combatant: Combatant, *, settings: DbuSettings) -> bool:
    """Guard Down (SOURCES.md 2.9), or Sleeping read as Guard Down (``sleeping_guard_down``)."""
    if has_effect(combatant, GUARD_DOWN):
        return True
    return settings.sleeping_guard_down and has_effect(combatant, SLEEPING)


def asleep(combatant: Combatant) -> bool:
    """Sleeping (a reading): no Actions of any kind, not even Instant Actions; its turns pass."""
    return has_effect(combatant, SLEEPING)


def speeds(combatant: Combatant, *, settings: DbuSettings) -> tuple[int, int]:
    """Normal and Boosted Speed: Prone halves them (SOURCES.md 2.9); Impediment divides them
    by ``impediment_speed_divisor`` (a reading). Rounded down."""
    sheet = sheet_of(combatant)
    normal, boosted = sheet.normal_speed, sheet.boosted_speed
    if has_effect(combatant, PRONE):
        normal, boosted = normal // 2, boosted // 2
    if has_effect(combatant, IMPEDIMENT):
        divisor = settings.impediment_speed_divisor
        normal, boosted = normal // divisor, boosted // divisor
    return normal, boosted


def woken(state: EncounterState, events: Sequence[Event], *, settings: DbuSettings) -> list[Event]:
    """Damage wakes a Sleeping combatant (``sleeping_wakes_on_damage``, a reading)."""
    if not settings.sleeping_wakes_on_damage:
        return []
    hurt = {
        e.combatant for e in events if isinstance(e, PoolChanged) and e.pool == LP and e.amount < 0
    }
    return [
        EffectEnded(who, effect.id, "woken by damage")
        for who in hurt
        if who in state.combatants
        for effect in state[who].effects
        if effect.name.lower() == SLEEPING.lower()
    ]
