"""A game master's quick edits: damage dealt directly, and healing (SOURCES.md 5.1).

Damage dealt directly meets no armor, shielding or resistance: it is added to the running
total and the degrees it crosses are of the type named (the setting ``quick_damage_injury``
when none is). "Healing that much damage removes a degree": healing lowers the running total,
and each multiple of the injury factor it falls back below (degrees = floor(total / factor))
takes one degree away, from the type named first, then in SOURCES.md's order of the types.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.lurasko.damage import Defences, Portion, resolve_damage
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.events import InjuryHealed
from fracas.rules.lurasko.queries import (
    DAMAGE,
    DEAD,
    damage_of,
    degrees_mark,
    degrees_of,
    factor_of,
)
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.vocabulary import DamageKind, InjuryType
from fracas.rules.lurasko.wounds import wound

INJURY_WORDS = tuple(kind.value for kind in InjuryType)
"""The words ``damage -type`` and ``heal -type`` take: the injury types."""


def degrees_healed(before: int, healed: int, factor: int) -> int:
    """How many multiples of ``factor`` the running damage falls back below going from
    ``before`` to ``before - healed`` (never below 0): factor 5, damage 12 healed by 3 → 9
    falls below 10, so 1."""
    if factor < 1:
        raise LuraskoRuleError(f"an injury factor must be at least 1 ({factor})")
    if before < 0 or healed < 0:
        raise LuraskoRuleError("damage and healing cannot be negative")
    return before // factor - max(before - healed, 0) // factor


def removed_degrees(
    held: Sequence[tuple[InjuryType, int]], count: int, first: InjuryType | None
) -> tuple[tuple[InjuryType, int], ...]:
    """``count`` degrees taken from ``held`` (type, degrees): ``first``'s type first, then the
    others in their order; types left untouched are left out."""
    order = sorted(held, key=lambda item: item[0] is not first)
    removed: list[tuple[InjuryType, int]] = []
    for kind, degrees in order:
        taken = min(degrees, count)
        if taken:
            removed.append((kind, taken))
            count -= taken
    return tuple(removed)


def dealt(
    state: EncounterState,
    target: CombatantId,
    amount: int,
    kind: str | None,
    *,
    settings: LuraskoSettings,
) -> list[Event]:
    """``amount`` damage no defence meets, with its degrees of injury (and death by Core
    degrees) as from a hit."""
    injury = InjuryType(kind) if kind is not None else settings.quick_damage_injury
    account, _ = resolve_damage([Portion(DamageKind.NORMAL, amount, 0)], Defences())
    return wound(state, target, account, injury, settings=settings)


def healing(
    state: EncounterState,
    target: CombatantId,
    amount: int,
    kind: str | None,
    *,
    settings: LuraskoSettings,
) -> list[Event]:
    """The running damage lowered by ``amount`` (not below 0) and the degrees it removes.
    Death is not undone by healing."""
    victim = state[target]
    if victim.marks.get(DEAD):
        raise IllegalAction("dead", f"{victim.name} is dead and cannot be healed")
    before = damage_of(victim)
    if before <= 0:
        raise IllegalAction("nothing-to-heal", f"{victim.name} has no damage to heal")
    factor = factor_of(victim, settings)
    after = max(before - amount, 0)
    held = [(t, degrees_of(victim, t)) for t in InjuryType]
    first = InjuryType(kind) if kind is not None else None
    removed = removed_degrees(held, degrees_healed(before, amount, factor), first)
    events: list[Event] = [
        InjuryHealed(target, before, after, factor, removed),
        MarkSet(target, DAMAGE, after),
    ]
    for injury, taken in removed:
        events.append(MarkSet(target, degrees_mark(injury), degrees_of(victim, injury) - taken))
    return events
