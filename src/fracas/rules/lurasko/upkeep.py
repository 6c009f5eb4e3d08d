"""What holding a damage aura asks of its holder: light, and maintenance on its turn."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, PoolSet
from fracas.engine.state import Effect, EncounterState
from fracas.rules.lurasko.queries import AURA_LIGHT, MENTAL_ONLY, sheet_of, standing
from fracas.rules.lurasko.traits import traits_of
from fracas.rules.lurasko.turns import cannot_act

EXPIRED = "aura not maintained"


def aura_light(state: EncounterState, holder: CombatantId) -> list[Event]:
    """ "Whenever you have any amount of energy damage stored in a damage aura, you revert to Low
    Stealth and are a moderate light source": the effect comes and goes with the energy."""
    combatant = state.combatants[holder]
    auras = sheet_of(combatant).auras  # asked after every step of whoever changed: most have none
    glowing = bool(auras) and any(
        a.kind.energy and combatant.pools[a.name].current > 0 for a in auras
    )
    light = combatant.effect(AURA_LIGHT) if combatant.effects else None
    if glowing and light is None:
        return [EffectApplied(holder, Effect(name=AURA_LIGHT, source=holder))]
    if not glowing and light is not None:
        return [EffectEnded(holder, light.id, reason="no energy stored")]
    return []


def faded(state: EncounterState, owner: CombatantId) -> list[Event]:
    """Unused points of sources that do not outlast their owner's turn (the source says how
    long "unused points continue to exist")."""
    combatant = state.combatants[owner]
    fading = traits_of(sheet_of(combatant)).fading
    if not fading:  # asked at the end of every turn: most have none
        return []
    return [
        PoolSet(owner, pool, 0, reason="unused points fade")
        for pool in fading
        if combatant.pools[pool].current
    ]


def unmaintained(state: EncounterState, holder: CombatantId) -> list[Event]:
    """ "damage auras expire at the end of your turn if you are unable to take actions (for
    example, if you are incapacitated, paralyzed, or pinned)"; the dead too. "If you are only
    able to take purely mental actions, you may only maintain auras that were created by purely
    mental actions." """
    combatant = state.combatants[holder]
    auras = sheet_of(combatant).auras
    if not auras:  # asked at the end of every turn: most have none
        return []
    able = standing(combatant) and cannot_act(combatant) is None
    mental_only = combatant.has(MENTAL_ONLY)
    return [
        PoolSet(holder, a.name, 0, reason=EXPIRED)
        for a in auras
        if combatant.pools[a.name].current and (not able or (mental_only and not a.mental))
    ]
