"""Taking a hit: the damage pipeline's account, Vitality, Bleeding and death as events."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, MarkSet, PoolChanged
from fracas.engine.ruleset import DAMAGE_BY_GM, HEALED_BY_GM, IllegalAction, healed
from fracas.engine.state import Effect, EncounterState
from fracas.rules.momentum.damage import resolve_damage
from fracas.rules.momentum.derived import defences_of
from fracas.rules.momentum.events import DamageTaken
from fracas.rules.momentum.hit import Hit
from fracas.rules.momentum.queries import DEAD, VITALITY, has_status, sheet_of, status_name
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.vitality import VitalityChange, apply_damage


def wound(
    state: EncounterState, target: CombatantId, hit: Hit, *, settings: MomentumSettings
) -> list[Event]:
    """The events of ``hit`` landing on ``target``: its account, the Vitality lost, Bleeding
    when lethal damage takes Vitality below 1, and death at the setting's threshold."""
    victim = state[target]
    sheet = sheet_of(victim)
    corroded = (
        sum(int(e.data.get("stacks", 1) or 1) for e in victim.effects if e.name == "Corroded")
        if victim.effects
        else 0
    )
    armor_bonus = -corroded * settings.corroded_armor_per_stack
    account = resolve_damage(
        hit, defences_of(sheet, armor_bonus=armor_bonus, settings=settings), settings=settings
    )
    pool = victim.pools[VITALITY]
    change = apply_damage(
        pool.current,
        pool.maximum,
        lethal=account.lethal,
        non_lethal=account.non_lethal,
        settings=settings,
    )
    events: list[Event] = [DamageTaken(target, account, pool.current, change.vitality)]
    return events + _vitality(state, target, change, "damage")


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
    return _vitality(state, target, change, reason)


def healing(state: EncounterState, target: CombatantId, amount: int) -> list[Event]:
    """The Vitality a game master's ``heal`` gives back, up to the maximum. The dead are not
    healed; Bleeding stays until Stabilized (the chapter ends it no other way)."""
    victim = state[target]
    if victim.marks.get(DEAD) is True:
        raise IllegalAction("dead", f"{victim.name} is dead and cannot be healed")
    gained = healed(victim.name, VITALITY, victim.pools[VITALITY], amount)
    return [PoolChanged(target, VITALITY, gained, HEALED_BY_GM)]


def _vitality(
    state: EncounterState, target: CombatantId, change: VitalityChange, reason: str
) -> list[Event]:
    """The Vitality ``change`` makes, Bleeding when it starts and death."""
    victim = state[target]
    sheet = sheet_of(victim)
    pool = victim.pools[VITALITY]
    events: list[Event] = []
    if change.vitality != pool.current:
        events.append(PoolChanged(target, VITALITY, change.vitality - pool.current, reason))
    if (
        change.bleeding_starts
        and not sheet.is_object
        and not has_status(victim, StatusEffect.BLEEDING)
    ):
        events.append(EffectApplied(target, Effect(name=status_name(StatusEffect.BLEEDING))))
    if change.dies and not sheet.is_object:
        events.append(MarkSet(target, DEAD, True))
    return events
