"""The modifiers a combatant's state puts on its Combat Rolls: Attributes, Health Thresholds,
Combat Conditions, Diminishing Defense."""

from __future__ import annotations

from fracas.dice import DiceSource, Expression, dice
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.conditions import guard_down
from fracas.rules.dbu.damage import band, threshold_penalty
from fracas.rules.dbu.economy import LP
from fracas.rules.dbu.queries import (
    GUARD_DOWN,
    HOLDING_BACK,
    PRONE,
    has_effect,
    holding_back,
    sheet_of,
    tier_of,
)
from fracas.rules.dbu.rolls import CombatRoll, Modifier, combat_roll
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.vocabulary import Attribute, Foundation

ATTACKED_ROUND = "attacked_round"
ATTACKED = "attacked"
"""Marks: the round of the attacks counted, and how many Attacking Maneuvers aimed at the
combatant in it (Diminishing Defense)."""


BOTCH_RATE = "botch_rate"
"""Effect data: the Botch Rate an effect raises its bearer's Combat Rolls to (Blitz, Energy
Charge)."""

BONUS_D6 = "bonus_d6"
"""Effect data: d6s added to all of its bearer's Combat Rolls (Miracle Empowerment)."""

COMBAT_ROLLS = "combat_rolls"
"""Effect data: a bonus (or penalty) to all of its bearer's Combat Rolls, times its Tier."""


def general_modifiers(combatant: Combatant, *, settings: DbuSettings) -> tuple[Modifier, ...]:
    """What applies to all Combat Rolls: the Health Threshold band's penalty (SOURCES.md 2.6)
    and effects that change all Combat Rolls (Power Up)."""
    pool = combatant.pools[LP]
    index = band(pool.current, pool.maximum, settings=settings)
    tier = tier_of(combatant)
    found = [Modifier("Health Threshold", threshold_penalty(index, tier, settings=settings))]
    base = sheet_of(combatant).tier
    if holding_back(combatant) >= base:
        # 'If your number of Holding Back stacks would match your base Tier of Power, your Tier
        # of Power is 1 but you receive a penalty to all Combat Rolls equal to -1(T) - use your
        # base Tier of Power for calculating this penalty.'
        found.append(Modifier(HOLDING_BACK, -base))
    for effect in combatant.effects:
        amount = effect.data.get(COMBAT_ROLLS)
        if isinstance(amount, int) and amount:
            found.append(Modifier(effect.name, times_tier(amount, tier)))
    return tuple(found)


def botch_rate_of(combatant: Combatant, *, settings: DbuSettings) -> int:
    """The Botch Rate: the setting's, or the highest an effect raised it to."""
    raised = [e.data.get(BOTCH_RATE) for e in combatant.effects]
    return max([settings.botch_rate, *(r for r in raised if isinstance(r, int))])


def roll_for(
    source: DiceSource,
    combatant: Combatant,
    modifiers: tuple[Modifier, ...],
    *,
    settings: DbuSettings,
    bonus: Expression | None = None,
    maximum: bool = False,
) -> CombatRoll:
    """A Combat Roll by ``combatant``: its Tier's dice, ``modifiers`` and the general ones, at
    its Botch Rate, with the bonus dice its effects give."""
    extra = [n for e in combatant.effects if isinstance(n := e.data.get(BONUS_D6), int) and n]
    if extra:
        more = dice(sum(extra), 6)
        bonus = more if bonus is None else bonus + more
    return combat_roll(
        source,
        tier_of(combatant),
        (*modifiers, *general_modifiers(combatant, settings=settings)),
        settings=settings,
        botch_rate=botch_rate_of(combatant, settings=settings),
        bonus=bonus,
        maximum=maximum,
    )


def check_roll(
    source: DiceSource,
    combatant: Combatant,
    modifiers: tuple[Modifier, ...],
    *,
    settings: DbuSettings,
) -> CombatRoll:
    """A Skill, Ability or Saving check: d10 + the Tier's Extra Dice + ``modifiers``; the
    modifiers of Combat Rolls (Health Thresholds, Power Up, bonus dice) do not apply."""
    return combat_roll(source, tier_of(combatant), modifiers, settings=settings)


def strike_modifiers(combatant: Combatant) -> tuple[Modifier, ...]:
    """'you add your Haste and Awareness modifiers onto your Natural Result': Haste is ½ the
    Agility Modifier, Awareness the Insight Modifier (SOURCES.md 2.4)."""
    modifiers = sheet_of(combatant).modifiers
    haste = modifiers[Attribute.AGILITY] // 2
    if has_effect(combatant, PRONE):
        haste //= 2  # SOURCES.md 2.9: Prone halves Haste
    return (
        Modifier("Haste", haste),
        Modifier("Awareness", modifiers[Attribute.INSIGHT]),
    )


def attacks_received(state: EncounterState, combatant: Combatant) -> int:
    """How many Attacking Maneuvers have aimed at ``combatant`` this round."""
    if combatant.marks.get(ATTACKED_ROUND) != state.clock.round:
        return 0
    count = combatant.marks.get(ATTACKED)
    return count if isinstance(count, int) else 0


def dodge_modifiers(
    state: EncounterState, combatant: Combatant, *, settings: DbuSettings, diminishing: bool = True
) -> tuple[Modifier, ...]:
    """The Dodge Roll adds the Defense Value (the Agility Modifier ± size: Small +1(T), Large
    -1(T), per Size Category from Medium, SOURCES.md 2.4), less Diminishing Defense (SOURCES.md
    section 8: -1 per attack already received this round) and Guard Down's -2(T) (SOURCES.md
    2.9)."""
    tier = tier_of(combatant)
    received = attacks_received(state, combatant) if diminishing else 0
    down = guard_down(combatant, settings=settings)
    sheet = sheet_of(combatant)
    size = times_tier(sheet.size.steps * settings.size_defense_per_step, tier)
    defense = sheet.modifiers[Attribute.AGILITY] - size
    if has_effect(combatant, PRONE):
        defense //= 2  # SOURCES.md 2.9: Prone halves the Defense Value
    return (
        Modifier("Defense Value", defense),
        Modifier("Diminishing Defense", -received * settings.diminishing_defense),
        Modifier(GUARD_DOWN, -times_tier(settings.guard_down_penalty, tier) if down else 0),
    )


def wound_modifiers(
    combatant: Combatant, foundation: Foundation, *, wager: int, settings: DbuSettings
) -> tuple[Modifier, ...]:
    """'you add either your Force or Spirit Modifier depending on the type of attack used', and
    the Ki Wager at +1 per Ki (SOURCES.md section 8)."""
    attribute = foundation.wound_attribute
    return (
        Modifier(attribute.value.title(), sheet_of(combatant).modifiers[attribute]),
        Modifier("Ki Wager", wager * settings.wound_per_ki),
    )
