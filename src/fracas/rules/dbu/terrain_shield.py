"""Terrain: held in the hands (its Hardness, a shield), and struck by a body."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import EffectEnded, Event
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.vocabulary import Category
from fracas.rules.dbu.wounds import wound

TERRAIN = "Holding Terrain"
"""Effect: a piece of terrain held (data ``hardness``)."""


def held_hardness(combatant: Combatant) -> int | None:
    effect = combatant.effect(TERRAIN)
    hardness = effect.data.get("hardness") if effect is not None else None
    return hardness if isinstance(hardness, int) else None


def shield_value(combatant: Combatant, *, settings: DbuSettings) -> int:
    """'While carrying a piece of terrain, you may use it as a shield when attacked. You may
    reduce any damage you would take by an amount equal to the Lethal Damage dealt by its
    Hardness Value.'"""
    hardness = held_hardness(combatant)
    return 0 if hardness is None else hardness * settings.hardness_damage


def shield_breaks(combatant: Combatant, damage: int) -> list[Event]:
    """'If you still take damage from this attack, the piece of terrain you are holding is
    destroyed.'"""
    held = combatant.effect(TERRAIN)
    if held is None or not damage:
        return []
    return [EffectEnded(combatant.id, held.id, "destroyed")]


def hardness_damage(
    state: EncounterState,
    who: CombatantId,
    hardness: int,
    *,
    settings: DbuSettings,
    times: int = 1,
) -> list[Event]:
    """``who`` takes the Lethal Damage of a Hardness Value (``times`` over): a thrown object,
    terrain a thrown target strikes, terrain thrust into (doubled)."""
    if not hardness:
        return []
    damage = hardness * settings.hardness_damage * times
    return list(wound(state, None, who, damage, Category.LETHAL, settings=settings).events)
