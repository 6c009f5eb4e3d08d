"""Taking a hit: the account's damage added up, degrees of injury, death, energy effects."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, MarkSet, PoolChanged
from fracas.engine.memo import per_object, per_object_and
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.lurasko.auras import (
    Provocation,
    aura_amount,
    aura_portion,
    provokes,
    reacting_aura,
)
from fracas.rules.lurasko.damage import DamageAccount, Defences, resolve_damage
from fracas.rules.lurasko.defense import DefenseOutcome
from fracas.rules.lurasko.energy import EnergyEffects, Victim, energy_effects
from fracas.rules.lurasko.events import AuraStruck, DamageTaken
from fracas.rules.lurasko.injury import degrees_crossed
from fracas.rules.lurasko.queries import (
    AURA_ANSWER,
    AURA_EXPEND,
    DAMAGE,
    DEAD,
    DEAFENED,
    FATIGUE,
    HOLD,
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
from fracas.rules.lurasko.traits import traits_of
from fracas.rules.lurasko.vocabulary import DamageKind, InjuryType

NO_EFFECTS = EnergyEffects()
"""What a hit with no energy damage taken (and no blast) does beyond the damage."""

SHIELDING = "shielding"
AURA = "aura"
"""The reasons of a shielding pool's and an aura's change."""


def spend_shielding(target: CombatantId, uses: tuple[ShieldUse, ...]) -> list[Event]:
    return [PoolChanged(target, u.source.pool, -u.spent, SHIELDING) for u in uses if u.spent]


def defences_of(combatant: Combatant) -> Defences:
    """A combatant's armor, resistances and shielding as the damage pipeline needs them."""
    return defences_with(combatant, {name: pool.current for name, pool in combatant.pools.items()})


def defences_with(combatant: Combatant, points: dict[str, int]) -> Defences:
    """A combatant's armor, resistances and shielding, with ``points`` in its pools."""
    traits = traits_of(sheet_of(combatant))
    return Defences(traits.armor, traits.resistances, traits.shields, points)


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
    victim = state.combatants[target]
    factor = factor_of(victim, settings)
    before = damage_of(victim)
    total = account.total
    after = before + total
    degrees = degrees_crossed(before, total, factor)
    kind = injury if degrees else None
    events: list[Event] = [
        DamageTaken(target, account, before, after, factor, degrees, kind),
    ]
    if total:
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
    by: CombatantId | None = None,
) -> tuple[EnergyEffects, list[Event]]:
    """The energy effects of one attack and the events that give them. Effects lasting "until
    the end of the attacker's next turn" end on ``attacker``'s; ``by`` (the attacker unless
    named) is who caused them."""
    taken = _energy_taken(account)
    if not blast_hit and not taken:
        return NO_EFFECTS, []  # what energy_effects gives for no energy taken, without its work
    victim = state.combatants[target]
    effects = _effects_of(
        account,
        (
            factor_of(victim, settings),
            blast_hit,
            sheet_of(victim).organic,
            high_shielded(victim),
            settings.fatigue_per_frost_degree,
        ),
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
    if effects.stunned or effects.ignited or effects.deafened or effects.knocked_down:
        events += _effects_applied(state, victim, attacker, effects, settings, by or attacker)
    return effects, events


@per_object
def _energy_taken(account: DamageAccount) -> dict[DamageKind, int]:
    """The energy damage the account's target takes, per kind, the kinds it takes none of left
    out (``energy_effects`` reads a kind left out as 0); worked out once for an account handed
    out again (``Traits.unshielded_account``). Read, never changed."""
    taken: dict[DamageKind, int] = {}
    for portion in account.taken:
        if portion.kind is not DamageKind.NORMAL and portion.damage > 0:
            taken[portion.kind] = taken.get(portion.kind, 0) + portion.damage
    return taken


@per_object_and
def _effects_of(account: DamageAccount, facts: tuple[int, bool, bool, bool, int]) -> EnergyEffects:
    """``energy_effects`` of the energy ``account`` took, on a victim of these ``facts``: its
    injury factor, whether a blast hit, whether it is organic and high-shielded, and the
    setting's fatigue per frost degree. Worked out once for an account handed out again with
    the same facts (the effects are immutable)."""
    factor, blast_hit, organic, high_shielding, fatigue = facts
    return energy_effects(
        _energy_taken(account),
        factor,
        blast_hit=blast_hit,
        victim=Victim(organic=organic, high_shielding=high_shielding),
        fatigue_per_frost_degree=fatigue,
    )


def _effects_applied(
    state: EncounterState,
    victim: Combatant,
    attacker: CombatantId,
    effects: EnergyEffects,
    settings: LuraskoSettings,
    cause: CombatantId,
) -> list[Event]:
    """The effects the victim does not have yet: a stun until the end of the attacker's next
    turn, deafness for the setting's rounds."""
    next_turn_end = Anchor(state.clock.round + 1, attacker, Moment.END)
    deaf_end = Anchor(state.clock.round + settings.deafened_rounds, victim.id, Moment.START)
    events: list[Event] = []
    for applies, name, ends in (
        (effects.stunned, STUNNED, next_turn_end),
        (effects.ignited, IGNITED, None),
        (effects.deafened, DEAFENED, deaf_end),
        (effects.knocked_down, KNOCKED_DOWN, None),
    ):
        if applies and not victim.has(name):
            events.append(EffectApplied(victim.id, Effect(name=name, ends=ends, source=cause)))
    return events


def extinguished(state: EncounterState, target: CombatantId) -> list[Event]:
    """ "Providing this shielding to an already ignited character will immediately extinguish
    them."""
    victim = state.combatants[target]
    # asked after every step of whoever changed
    ignited = victim.effect(IGNITED) if victim.effects else None
    if ignited is None or not high_shielded(victim):
        return []
    return [EffectEnded(target, ignited.id, reason="high-precision shielding")]


def aura_strikes_back(
    state: EncounterState,
    holder: CombatantId,
    attacker: CombatantId,
    provocation: Provocation | None,
    outcome: DefenseOutcome,
    *,
    settings: LuraskoSettings,
) -> list[Event]:
    """The aura the holder chose (``aura``; else the first with damage stored, with the
    sheet's standing amount or the full store; none after ``aura -hold``) hits the provoking
    attacker: undodgeable, only high-precision shielding against it, Core injuries; "take
    'attacker' as the character who attacked and took damage from the aura" for effects lasting
    to the end of the attacker's next turn. It strikes even if the attack killed its holder:
    both are resolved before injuries take effect."""
    if not provokes(provocation, critical=outcome is DefenseOutcome.CRITICAL):
        return []
    sheet = sheet_of(state[holder])
    marks = state[holder].marks
    stores = [(a.name, state[holder].pools[a.name].current) for a in sheet.auras]
    answer = marks.get(AURA_ANSWER)
    if answer == HOLD:
        return []
    name = reacting_aura([s for s in stores if s[0] == answer] if answer else stores)
    if name is None:
        return []
    aura = next(a for a in sheet.auras if a.name == name)
    wanted = marks.get(AURA_EXPEND)
    standing = wanted if isinstance(wanted, int) else aura.standing_expend
    amount = aura_amount(dict(stores)[name], standing)
    portion = aura_portion(aura.kind, amount, aura.drive)
    account, uses = resolve_damage([portion], defences_of(state[attacker]))
    events: list[Event] = [
        AuraStruck(holder, attacker, name, portion),
        PoolChanged(holder, name, -amount, AURA),
        *spend_shielding(attacker, uses),
        *wound(state, attacker, account, InjuryType.CORE, settings=settings),
    ]
    _, effects = energy_aftermath(
        state,
        attacker,
        attacker,
        account,
        blast_hit=portion.kind.value == "blast",
        settings=settings,
        by=holder,
    )
    return events + effects
