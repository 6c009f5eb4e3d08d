"""Taking a hit: the account's damage added up, degrees of injury, death, energy effects."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, MarkSet, PoolChanged
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.lurasko.damage import DamageAccount
from fracas.rules.lurasko.energy import EnergyEffects, Victim, energy_effects
from fracas.rules.lurasko.events import DamageTaken
from fracas.rules.lurasko.injury import degrees_crossed
from fracas.rules.lurasko.queries import (
    DAMAGE,
    DEAD,
    DEAFENED,
    FATIGUE,
    IGNITED,
    KNOCKED_DOWN,
    STUNNED,
    WAR_FEVER,
    damage_of,
    degrees_mark,
    degrees_of,
    factor_of,
    high_shielded,
    sheet_of,
)
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.shielding import ShieldUse
from fracas.rules.lurasko.vocabulary import ENERGY_KINDS, InjuryType

SHIELDING = "shielding"
"""The reason of a shielding pool's change."""


def spend_shielding(target: CombatantId, uses: tuple[ShieldUse, ...]) -> list[Event]:
    return [PoolChanged(target, u.source.pool, -u.spent, SHIELDING) for u in uses if u.spent]


def wound(
    state: EncounterState,
    target: CombatantId,
    account: DamageAccount,
    injury: InjuryType | None,
    *,
    settings: LuraskoSettings,
) -> list[Event]:
    """The account's damage added to the target's running damage; the degrees it crosses, all
    of the hit's injury type; death when Core degrees reach the setting's multiple of bCON."""
    victim = state[target]
    factor = factor_of(victim, settings)
    before = damage_of(victim)
    after = before + account.total
    degrees = degrees_crossed(before, account.total, factor)
    kind = injury if degrees else None
    events: list[Event] = [
        DamageTaken(target, account, before, after, factor, degrees, kind),
    ]
    if account.total:
        events.append(MarkSet(target, DAMAGE, after))
    if kind is not None:
        total = degrees_of(victim, kind) + degrees
        events.append(MarkSet(target, degrees_mark(kind), total))
        limit = settings.death_core_degrees_per_bcon * sheet_of(victim).bcon
        if kind is InjuryType.CORE and total >= limit:
            events.append(MarkSet(target, DEAD, True))
    return events


def energy_aftermath(
    state: EncounterState,
    target: CombatantId,
    attacker: CombatantId,
    account: DamageAccount,
    *,
    blast_hit: bool,
    settings: LuraskoSettings,
) -> tuple[EnergyEffects, list[Event]]:
    """The energy effects of one attack and the events that give them."""
    victim = state[target]
    taken = {kind: account.of(kind) for kind in ENERGY_KINDS}
    effects = energy_effects(
        taken,
        factor_of(victim, settings),
        blast_hit=blast_hit,
        victim=Victim(organic=sheet_of(victim).organic, high_shielding=high_shielded(victim)),
        fatigue_per_frost_degree=settings.fatigue_per_frost_degree,
    )
    events: list[Event] = []
    if effects.war_fever_hindrance is not None:
        owed = victim.marks.get(WAR_FEVER)
        worst = max(effects.war_fever_hindrance, owed if isinstance(owed, int) else 0)
        events.append(MarkSet(target, WAR_FEVER, worst))
    if effects.fatigue:
        fatigue = victim.marks.get(FATIGUE)
        events.append(
            MarkSet(target, FATIGUE, (fatigue if isinstance(fatigue, int) else 0) + effects.fatigue)
        )
    next_turn_end = Anchor(state.clock.round + 1, attacker, Moment.END)
    deaf_end = Anchor(state.clock.round + settings.deafened_rounds, target, Moment.START)
    for applies, name, ends in (
        (effects.stunned, STUNNED, next_turn_end),
        (effects.ignited, IGNITED, None),
        (effects.deafened, DEAFENED, deaf_end),
        (effects.knocked_down, KNOCKED_DOWN, None),
    ):
        if applies and not victim.has(name):
            events.append(EffectApplied(target, Effect(name=name, ends=ends, source=attacker)))
    return effects, events


def extinguished(state: EncounterState, target: CombatantId) -> list[Event]:
    """ "Providing this shielding to an already ignited character will immediately extinguish
    them."""
    victim = state[target]
    ignited = victim.effect(IGNITED)
    if ignited is None or not high_shielded(victim):
        return []
    return [EffectEnded(target, ignited.id, reason="high-precision shielding")]
