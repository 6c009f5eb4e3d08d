"""Taking damage: the account, the Life Points lost, a Critical, unconsciousness and death."""

from __future__ import annotations

from dataclasses import replace

from fracas.dice import DiceSource, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import (
    EffectApplied,
    EffectChanged,
    EffectEnded,
    Event,
    MarkSet,
    PoolChanged,
)
from fracas.engine.ruleset import HEALED_BY_GM, IllegalAction, healed
from fracas.engine.state import Combatant, Effect, EncounterState, Scalar
from fracas.rules.kaiser import life
from fracas.rules.kaiser.checks import TWO_D6, degrees, roll_resistance_check
from fracas.rules.kaiser.damage import DamageAccount
from fracas.rules.kaiser.events import CheckRolled, CriticalRolled, DamageTaken
from fracas.rules.kaiser.lingering import COUNTDOWN, DYING
from fracas.rules.kaiser.queries import AP, CRITICAL, DEAD, LP, UNCONSCIOUS, sheet_of
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.states import characteristic_of
from fracas.rules.kaiser.vocabulary import Characteristic, Resistance

DAMAGE_REASON = "damage"
"""The reason of the LP change that follows a DamageTaken."""
DYING_EFFECT = "Dying"
"""The effect of a killing Critical: dead when its countdown (Constitution rounds) runs out."""
LP_CAUSE = "lp"
CRITICAL_CAUSE = "critical"
"""Unconscious's data: the LP that put the victim there (at 0 or less), a Critical that did
(``True``); healing above 0 LP ends only the first."""


def wound(
    state: EncounterState,
    target: CombatantId,
    account: DamageAccount,
    source: DiceSource,
    *,
    settings: KaiserSettings,
    ghostly: bool = False,
    vital: bool = False,
    ap_lost: int = 0,
) -> list[Event]:
    """The events of ``account`` landing on ``target`` (``vital``: a directed hit at the head or
    heart; ``ap_lost``: AP the hit took just before whose event ``state`` does not show yet, so
    that a hit need not fold its AP loss: the wound reads nothing else the loss changes).
    Ghostly Damage: "If the target were to be reduced to zero LP from Ghostly Damage, they are
    instead left unconscious. But if Ghostly Damage were to produce a Critical that
    would kill them, they may still die of shock": LP stop at 0 and never kill, a Critical is
    rolled as any other."""
    victim = state[target]
    pool = victim.pools[LP]
    after = pool.current - account.total
    if ghostly:
        after = max(after, min(pool.current, 0))
    events: list[Event] = [DamageTaken(target, account, pool.current, after)]
    if not account.total:
        return events
    if after != pool.current:
        events.append(PoolChanged(target, LP, after - pool.current, DAMAGE_REASON))
    causes: dict[str, Scalar] = {}
    if life.is_critical(account.total, pool.current, settings=settings, vital=vital):
        rolled, knocked_out = critical(
            state, target, account.total, source, settings=settings, vital=vital, ap_lost=ap_lost
        )
        events += rolled
        if knocked_out:
            causes[CRITICAL_CAUSE] = True
    if not ghostly and life.is_dead(after, pool.maximum, settings=settings):
        events.append(MarkSet(target, DEAD, True))
    elif life.is_unconscious(after):
        causes[LP_CAUSE] = after
    return events + (unconscious(victim, causes) if causes else [])


def critical(
    state: EncounterState,
    target: CombatantId,
    damage: int,
    source: DiceSource,
    *,
    settings: KaiserSettings,
    vital: bool = False,
    ap_lost: int = 0,
) -> tuple[list[Event], bool]:
    """Roll the Critical level and the Physical Resistance Check against it; a failure costs
    1 AP per DoF and leaves an all-action penalty equal to the DoF; more than 10 DoF on the
    head or heart leaves the victim dying in Constitution rounds. The events, and whether the
    Critical leaves the victim unconscious (more than 15 DoF, or dying). ``ap_lost``: AP lost
    already that ``state`` does not show yet (``wound``'s)."""
    victim = state[target]
    level_roll = roll(TWO_D6, source)
    level = life.critical_level(level_roll.total, damage, settings=settings)
    uncapped = life.uncapped_level(level_roll.total, damage, settings=settings)
    passed = uncapped != level
    value = sheet_of(victim).resistances[Resistance.PHYSICAL]
    check = roll_resistance_check(source, value)
    margin = degrees(check.total, level, tie_succeeds=settings.resistance_ties_succeed)
    result = f"{margin} DoS" if margin > 0 else f"{-margin} DoF"
    events: list[Event] = [
        CriticalRolled(
            target,
            level_roll,
            damage,
            level,
            uncapped if passed else None,
            settings.critical_level_soft_cap if passed else None,
        ),
        CheckRolled(target, "PhR against the Critical", check, (("PhR", value),), level, result),
    ]
    if margin > 0:
        return events, False
    failure = -margin
    severity = life.critical_severity(failure)
    ap = victim.pools[AP].current - ap_lost
    if ap:
        events.append(PoolChanged(target, AP, -min(ap, failure), "Critical"))
    data = {"penalty": failure, "severity": severity.value}
    events.append(EffectApplied(target, Effect(CRITICAL, data=data)))
    if life.kills(severity, vital=vital):
        rounds = max(1, characteristic_of(victim, Characteristic.CONSTITUTION))
        events.append(
            EffectApplied(target, Effect(DYING_EFFECT, data={DYING: True, COUNTDOWN: rounds}))
        )
    knocked_out = severity is life.CriticalSeverity.KNOCKED_OUT or life.kills(severity, vital=vital)
    return events, knocked_out


def unconscious(victim: Combatant, causes: dict[str, Scalar]) -> list[Event]:
    """One Unconscious, whatever put the victim there (0 LP, a Critical, or both at once):
    the causes it lacks are added to the one it has; causes it has already change nothing."""
    present = victim.effect(UNCONSCIOUS)
    if present is None:
        return [EffectApplied(victim.id, Effect(UNCONSCIOUS, data=causes))]
    if all(key in present.data for key in causes):
        return []
    return [EffectChanged(victim.id, replace(present, data={**present.data, **causes}))]


def healing(state: EncounterState, target: CombatantId, amount: int) -> list[Event]:
    """Life Points a game master's ``heal`` gives back, up to the maximum. Above 0 LP the
    unconsciousness that 0 LP brought ends ("At LP <= 0 the character is unconscious"); one a
    Critical brought stays. The dead are not healed."""
    victim = state[target]
    if victim.marks.get(DEAD) is True:
        raise IllegalAction("dead", f"{victim.name} is dead and cannot be healed")
    pool = victim.pools[LP]
    gained = healed(victim.name, LP, pool, amount)
    events: list[Event] = [PoolChanged(target, LP, gained, HEALED_BY_GM)]
    if not life.is_unconscious(pool.current + gained):
        events += [
            EffectEnded(target, e.id, reason="above 0 LP")
            for e in victim.effects
            if e.name == UNCONSCIOUS and not e.data.get(CRITICAL_CAUSE)
        ]
    return events
