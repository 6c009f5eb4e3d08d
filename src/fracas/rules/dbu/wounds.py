"""Taking a Wound Roll: the damage account, Life Points, Health Thresholds, Bonus Momentum."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import DAMAGE_BY_GM
from fracas.engine.state import EncounterState
from fracas.rules.dbu.conditions import broken_soak
from fracas.rules.dbu.damage import band, band_name, damage_account, soak_of
from fracas.rules.dbu.economy import ACTIONS, LP
from fracas.rules.dbu.events import DamageTaken, ThresholdReached
from fracas.rules.dbu.queries import sheet_of, standing, tier_of
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.vocabulary import Category

MOMENTUM_ROUND = "momentum_round"
"""Mark: the round in which the combatant last gained an Action through Bonus Momentum."""

DAMAGE = "damage"
BONUS_MOMENTUM = "Bonus Momentum"


@frozen
class Landed:
    """The events of a Wound Roll landing and the Life Points it took."""

    events: list[Event]
    damage: int


def wound(
    state: EncounterState,
    attacker: CombatantId | None,
    target: CombatantId,
    wound_total: int,
    category: Category,
    *,
    settings: DbuSettings,
    divide: tuple[str, int] | None = None,
    soak_bonus: int = 0,
    shield: int = 0,
) -> Landed:
    """The events of ``wound_total`` landing on ``target``: the account, the LP lost, a Health
    Threshold reached, and the attacker's Bonus Momentum."""
    victim = state[target]
    sheet = sheet_of(victim)
    soak = soak_of(sheet, tier_of(victim), settings=settings) + soak_bonus
    soak = max(soak - broken_soak(victim, tier_of(victim), settings=settings), 0)
    account = damage_account(
        wound_total,
        reduction=sheet.damage_reduction,
        soak=soak,
        category=category,
        divide=divide,
        shield=shield,
    )
    pool = victim.pools[LP]
    after = pool.current - account.total
    events: list[Event] = [DamageTaken(target, account, pool.current, after)]
    if account.total:
        events.append(PoolChanged(target, LP, -account.total, DAMAGE))
    reached = _band_after(pool.current, after, pool.maximum, settings)
    if reached is not None and after > 0:
        events.append(ThresholdReached(target, band_name(reached)))
    if reached is not None and attacker is not None:
        events += bonus_momentum(state, attacker)
    return Landed(events, account.total)


def _band_after(before: int, after: int, maximum: int, settings: DbuSettings) -> int | None:
    """The Health Threshold band Life Points going from ``before`` to ``after`` reach, or None
    when they stay in their band."""
    before_band = band(before, maximum, settings=settings)
    after_band = band(max(after, 0), maximum, settings=settings)
    return after_band if after_band > before_band else None


def dealt(
    state: EncounterState, target: CombatantId, amount: int, *, settings: DbuSettings
) -> list[Event]:
    """Life Points a game master takes away directly (no Wound Roll, no Soak): a Health
    Threshold reached is reached as from a Wound Roll, with no Bonus Momentum (nobody struck)."""
    pool = state[target].pools[LP]
    after = pool.current - amount
    events: list[Event] = [PoolChanged(target, LP, -amount, DAMAGE_BY_GM)]
    reached = _band_after(pool.current, after, pool.maximum, settings)
    if reached is not None and after > 0:
        events.append(ThresholdReached(target, band_name(reached)))
    return events


def bonus_momentum(state: EncounterState, attacker: CombatantId) -> list[Event]:
    """'You gain +1 additional Action to spend if you successfully Strike a combatant and that
    combatant reaches a Health Threshold as a result of the damage inflicted from that attack's
    Wound Roll … you can only gain one Action through Bonus Momentum during each Combat Round.'"""
    striker = state[attacker]
    if striker.marks.get(MOMENTUM_ROUND) == state.clock.round or not standing(striker):
        return []
    return [
        PoolChanged(attacker, ACTIONS, 1, BONUS_MOMENTUM),
        MarkSet(attacker, MOMENTUM_ROUND, state.clock.round),
    ]
