"""The Grapple: who holds whom, and the Grapple Check.

"Make a Physical Strike Roll opposed by the Grappled's Strike or Dodge Roll (their choice). The
Grappled cannot use their Strike Roll, and therefore must use a Dodge Roll to oppose your (the
Grappler's) Strike Roll, if the Grappler (you) is outside of their (the target's) Melee Range.
This is called a Grapple Check." The Grappled's choice is made for them here: the roll with the
higher bonus (a reading; ties take the Dodge Roll).
"""

from __future__ import annotations

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event
from fracas.engine.frozen import frozen
from fracas.engine.state import Combatant, Effect, EncounterState
from fracas.rules.dbu.events import CheckRolled
from fracas.rules.dbu.modifiers import dodge_modifiers, roll_for, strike_modifiers
from fracas.rules.dbu.queries import GUARD_DOWN
from fracas.rules.dbu.rolls import Modifier, beats
from fracas.rules.dbu.settings import DbuSettings

GRAPPLING = "Grappling"
GRAPPLED = "Grappled"
PINNED = "Pinned"
RESTRAINED = "Restrained"
"""Effects: the Grappler holds (data ``target``), the Grappled is held (data ``by``, ``tail``),
Pinned, and held by an Energy Restraint (data ``tn``, ``tries``)."""

FROM_GRAPPLE = "grapple"
"""Effect data on the Guard Down and Pinned a Grapple causes, so its end ends them."""


def tail_held(combatant: Combatant) -> bool:
    """Whether ``combatant`` is Grappled by the tail (Tail Restraint)."""
    effect = combatant.effect(GRAPPLED)
    return effect is not None and effect.data.get("tail") is True


def holding(combatant: Combatant) -> CombatantId | None:
    """Whom ``combatant`` is grappling, if anyone."""
    effect = combatant.effect(GRAPPLING)
    target = effect.data.get("target") if effect is not None else None
    return CombatantId(target) if isinstance(target, str) else None


def held_by(combatant: Combatant) -> CombatantId | None:
    """Who grapples ``combatant``, if anyone."""
    effect = combatant.effect(GRAPPLED)
    by = effect.data.get("by") if effect is not None else None
    return CombatantId(by) if isinstance(by, str) else None


@frozen
class Check:
    """A Grapple Check rolled: its records and whether the Grappler won."""

    events: list[Event]
    grappler_wins: bool
    margin: int
    total: int


def grapple_check(
    state: EncounterState,
    grappler: CombatantId,
    grappled: CombatantId,
    source: DiceSource,
    *,
    settings: DbuSettings,
    name: str = "Grapple Check",
    extra: tuple[Modifier, ...] = (),
    strike_allowed: bool = True,
    choice: str | None = None,
) -> Check:
    """The Grappler's Physical Strike against the Grappled's Strike or Dodge ('their choice':
    ``choice``, else the one with the higher bonus); the defender wins ties (SOURCES.md
    section 8)."""
    attacker, defender = state[grappler], state[grappled]
    attack = roll_for(source, attacker, (*strike_modifiers(attacker), *extra), settings=settings)
    striking = strike_modifiers(defender)
    dodging = dodge_modifiers(state, defender, settings=settings, diminishing=False)
    better = sum(m.amount for m in striking) > sum(m.amount for m in dodging)
    use_strike = strike_allowed and (choice == "strike" if choice else better)
    defense = roll_for(source, defender, striking if use_strike else dodging, settings=settings)
    wins = beats(attack.total, defense.total, settings=settings)
    kind = "Strike" if use_strike else "Dodge"
    return Check(
        [
            CheckRolled(grappler, name, attack, defense.total, wins),
            CheckRolled(grappled, f"{name} ({kind})", defense, attack.total, not wins),
        ],
        wins,
        attack.total - defense.total,
        attack.total,
    )


def partner(state: EncounterState, who: CombatantId) -> CombatantId | None:
    """The one ``who`` grapples or is grappled by, if still in the fight."""
    combatant = state[who]
    other = holding(combatant) or held_by(combatant)
    return other if other is not None and other in state.combatants else None


def stale_grapple(state: EncounterState, who: CombatantId) -> list[Event]:
    """A Grapple whose other side has left the fight ends."""
    combatant = state[who]
    if (holding(combatant) or held_by(combatant)) is None or partner(state, who) is not None:
        return []
    return [
        EffectEnded(who, effect.id, "the other side left")
        for effect in combatant.effects
        if effect.name in (GRAPPLING, GRAPPLED) or effect.data.get(FROM_GRAPPLE)
    ]


def grapple_starts(grappler: CombatantId, grappled: CombatantId, *, tail: bool) -> list[Event]:
    """'both characters are considered to be in a Grapple and both the Grappler and the
    Grappled are subjected to the Guard Down Combat Condition … while in the Grapple'."""
    down = {FROM_GRAPPLE: True}
    return [
        EffectApplied(grappler, Effect(name=GRAPPLING, source=grappled, data={"target": grappled})),
        EffectApplied(
            grappled, Effect(name=GRAPPLED, source=grappler, data={"by": grappler, "tail": tail})
        ),
        EffectApplied(grappler, Effect(name=GUARD_DOWN, source=grappled, data=down)),
        EffectApplied(grappled, Effect(name=GUARD_DOWN, source=grappler, data=down)),
    ]


def grapple_ends(state: EncounterState, grappler: CombatantId, reason: str) -> list[Event]:
    """The Grapple is over: its effects on both end (a Restrained target stays Pinned)."""
    target = holding(state[grappler])
    events: list[Event] = []
    for who in (grappler, target):
        if who is None or who not in state.combatants:
            continue
        restrained = state[who].has(RESTRAINED)
        for effect in state[who].effects:
            from_grapple = bool(effect.data.get(FROM_GRAPPLE))
            keep = effect.name == PINNED and restrained
            if effect.name in (GRAPPLING, GRAPPLED) or (from_grapple and not keep):
                events.append(EffectEnded(who, effect.id, reason))
    return events
