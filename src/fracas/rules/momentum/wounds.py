"""Taking a hit: the damage pipeline's account, Vitality, Bleeding and death as events."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, MarkSet, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.memo import by_identity
from fracas.engine.ruleset import DAMAGE_BY_GM, HEALED_BY_GM, IllegalAction, healed
from fracas.engine.state import Combatant, Effect, EncounterState, Pool
from fracas.rules.momentum.damage import Defences, resolve_damage
from fracas.rules.momentum.derived import defences_of
from fracas.rules.momentum.events import DamageTaken
from fracas.rules.momentum.hit import Hit
from fracas.rules.momentum.queries import DEAD, VITALITY, has_status, sheet_of, status_name
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.vitality import VitalityChange, apply_damage


@frozen
class _Victim:
    """What a hit on one combatant reads that no hit changes: its defences (Corroded taken
    off its Armor), its Vitality, whether it is an object and whether it already bleeds."""

    defences: Defences
    vitality: Pool
    is_object: bool
    bleeding: bool


@by_identity
def _victim(victim: Combatant, settings: MomentumSettings) -> _Victim:
    """Worked out once per combatant (immutable): the same one takes hit after hit, one for
    every damage total, when the odds are worked out."""
    sheet = sheet_of(victim)
    corroded = (
        sum(int(e.data.get("stacks", 1) or 1) for e in victim.effects if e.name == "Corroded")
        if victim.effects
        else 0
    )
    armor_bonus = -corroded * settings.corroded_armor_per_stack
    return _Victim(
        defences_of(sheet, armor_bonus=armor_bonus, settings=settings),
        victim.pools[VITALITY],
        sheet.is_object,
        has_status(victim, StatusEffect.BLEEDING),
    )


def wound(
    state: EncounterState, target: CombatantId, hit: Hit, *, settings: MomentumSettings
) -> list[Event]:
    """The events of ``hit`` landing on ``target``: its account, the Vitality lost, Bleeding
    when lethal damage takes Vitality below 1, and death at the setting's threshold."""
    victim = _victim(state.combatants[target], settings)
    account = resolve_damage(hit, victim.defences, settings=settings)
    pool = victim.vitality
    change = apply_damage(
        pool.current,
        pool.maximum,
        lethal=account.lethal,
        non_lethal=account.non_lethal,
        settings=settings,
    )
    events: list[Event] = [DamageTaken(target, account, pool.current, change.vitality)]
    return _changed(events, target, victim, change, "damage")


def dealt(
    state: EncounterState,
    target: CombatantId,
    amount: int,
    *,
    lethal: bool,
    settings: MomentumSettings,
) -> list[Event]:
    """The events of ``amount`` lethal (or non-lethal) damage that no defence meets: a game
    master's quick edit. Bleeding and death follow as from a hit."""
    pool = state[target].pools[VITALITY]
    change = apply_damage(
        pool.current,
        pool.maximum,
        lethal=amount if lethal else 0,
        non_lethal=0 if lethal else amount,
        settings=settings,
    )
    reason = DAMAGE_BY_GM if lethal else f"non-lethal {DAMAGE_BY_GM}"
    return _changed([], target, _victim(state[target], settings), change, reason)


def healing(state: EncounterState, target: CombatantId, amount: int) -> list[Event]:
    """The Vitality a game master's ``heal`` gives back, up to the maximum. The dead are not
    healed; Bleeding stays until Stabilized (the chapter ends it no other way)."""
    victim = state[target]
    if victim.marks.get(DEAD) is True:
        raise IllegalAction("dead", f"{victim.name} is dead and cannot be healed")
    gained = healed(victim.name, VITALITY, victim.pools[VITALITY], amount)
    return [PoolChanged(target, VITALITY, gained, HEALED_BY_GM)]


def _changed(
    events: list[Event],
    target: CombatantId,
    victim: _Victim,
    change: VitalityChange,
    reason: str,
) -> list[Event]:
    """``events`` and the Vitality ``change`` makes, Bleeding when it starts and death."""
    before = victim.vitality.current
    if change.vitality != before:
        events.append(PoolChanged(target, VITALITY, change.vitality - before, reason))
    if change.bleeding_starts and not victim.is_object and not victim.bleeding:
        events.append(EffectApplied(target, _BLEEDING))
    if change.dies and not victim.is_object:
        events.append(MarkSet(target, DEAD, True))
    return events


_BLEEDING = Effect(name=status_name(StatusEffect.BLEEDING))
"""The Bleeding a wound starts (immutable; the state gives each its own id)."""
