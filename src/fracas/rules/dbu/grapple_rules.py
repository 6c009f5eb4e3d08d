"""The Grapple Maneuver and its options: Release, forcing a check, Pinning, Energy Restraint,
Throwing a Target; and the checks at the start of a turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fracas.dice import DiceSource, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import (
    EffectApplied,
    EffectChanged,
    EffectEnded,
    Event,
    MarkSet,
    Note,
    PoolSet,
    reduce,
)
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.attack import PROVOKING, ki_cost
from fracas.rules.dbu.bound import require_free_actions
from fracas.rules.dbu.charging import require_not_charging
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.events import CheckRolled, PointsRolled
from fracas.rules.dbu.grapple import (
    FROM_GRAPPLE,
    PINNED,
    RESTRAINED,
    grapple_check,
    grapple_ends,
    grapple_starts,
    held_by,
    holding,
    partner,
    stale_grapple,
)
from fracas.rules.dbu.hands import require_free_hands
from fracas.rules.dbu.modifiers import check_roll, dodge_modifiers, roll_for
from fracas.rules.dbu.positions import require_within
from fracas.rules.dbu.queries import (
    PRONE,
    acting,
    has_effect,
    maneuver_ki,
    might,
    require_turn,
    sheet_of,
    standing,
    tier_of,
)
from fracas.rules.dbu.rolls import CombatRoll, Modifier, beats
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.terrain_shield import hardness_damage
from fracas.rules.dbu.tiers import solid_dice, times_tier
from fracas.rules.dbu.vocabulary import Attribute, Category
from fracas.rules.dbu.wounds import wound

STRUGGLE_ROUND = "struggle_round"
PIN_ROUND = "pin_round"
"""Marks: the round a Grappled forced a Grapple Check, and a Grappler tried to pin."""


def _action_turn(state: EncounterState, actor: CombatantId, count: int, verb: str) -> None:
    require_turn(state, actor, verb)
    require_free_actions(state, actor, count, verb)
    require_not_charging(state, actor, verb)


def _grappler(state: EncounterState, actor: CombatantId, verb: str) -> CombatantId:
    target = holding(state[actor])
    if target is None or target not in state.combatants:
        raise IllegalAction("not-grappling", f"{verb}: {state[actor].name} grapples nobody")
    return target


def _once_a_round(state: EncounterState, actor: CombatantId, mark: str, verb: str) -> None:
    if state[actor].marks.get(mark) == state.clock.round:
        raise IllegalAction("once-a-round", f"{verb}: once per Combat Round")


def _freed(state: EncounterState, grappler: CombatantId, events: list[Event]) -> list[Event]:
    return [*events, *grapple_ends(reduce(state, events), grappler, "freed")]


@frozen
class GrappleRule:
    """'you must have at least one free hand and the combatant must be within your Melee Range
    … If you are successful, both characters are considered to be in a Grapple … If the Grappler
    fails, they are susceptible to a Counter Action from the Grappled, and the Grappled is freed
    … You can only Grapple one character at a time and a Grappled character cannot initiate a
    Grapple Maneuver while in a Grapple.' Tail Restraint: '-2(T) to their initial Grapple Check
    … also cannot make any Tail Attacks while in the Grapple'."""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Grapple) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Grapple) -> None:
        actor = acting(action)
        _action_turn(state, actor, 1, action.verb)
        combatant, target = state[actor], state[action.target]
        if target.id == actor or not standing(target):
            raise IllegalAction("bad-target", f"grapple: cannot grapple {target.name}")
        melee = self.settings.melee_range
        require_within(state, actor, target.id, melee, "grapple", settings=self.settings)
        require_free_hands(state, actor, action.verb, settings=self.settings)
        if holding(combatant) is not None and partner(state, actor) is not None:
            raise IllegalAction("one-grapple", "grapple: you can only Grapple one at a time")
        if held_by(combatant) is not None and partner(state, actor) is not None:
            raise IllegalAction("grappled", "grapple: a Grappled character cannot grapple")
        if has_effect(combatant, PINNED):
            raise IllegalAction("pinned", "grapple: Pinned characters make no attacks")
        if action.answer == "strike" and not action.reach:
            # 'The Grappled cannot use their Strike Roll … if the Grappler (you) is outside of
            # their (the target's) Melee Range.'
            raise IllegalAction("no-strike", "grapple: out of its reach, the target can only Dodge")

    def resolve(
        self, state: EncounterState, action: a.Grapple, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        tail = (Modifier("Tail Restraint", -times_tier(2, tier_of(state[actor]))),)
        check = grapple_check(
            state,
            actor,
            action.target,
            dice,
            settings=self.settings,
            extra=tail if action.tail else (),
            strike_allowed=action.reach,
            choice=action.answer,
        )
        if check.grappler_wins:
            starts = grapple_starts(actor, action.target, tail=action.tail)
            return [*stale_grapple(state, actor), *check.events, *starts]
        acting_now = state.acting()[0]
        provoking = Effect(
            name=PROVOKING,
            source=action.target,
            ends=Anchor(state.clock.round, acting_now, Moment.END),
        )
        return [*check.events, EffectApplied(actor, provoking)]


@frozen
class ReleaseRule:
    """'You may stop grappling a target as an Instant Action on your turn.'"""

    def cost(self, state: EncounterState, action: a.Release) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Release) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        _grappler(state, actor, action.verb)

    def resolve(
        self, state: EncounterState, action: a.Release, dice: DiceSource
    ) -> Sequence[Event]:
        return grapple_ends(state, acting(action), "released")


@frozen
class BreakFreeRule:
    """'Once per Combat Round, a Grappled character can also spend One Action during their turn
    to force a Grapple Check.' A Pinned put on outside a Grapple and an Energy Restraint (by the
    Architect) is escaped as SOURCES.md 2.9 says: 'spend 1 Action for a Might Clash vs the
    inflicter', named with ``-against``."""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.BreakFree) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.BreakFree) -> None:
        actor = acting(action)
        _action_turn(state, actor, 1, action.verb)
        if action.against is not None:
            _verify_clash(state, actor, action.against)
            return
        if held_by(state[actor]) is None or partner(state, actor) is None:
            raise IllegalAction("not-grappled", f"struggle: {state[actor].name} is not grappled")
        _once_a_round(state, actor, STRUGGLE_ROUND, action.verb)

    def resolve(
        self, state: EncounterState, action: a.BreakFree, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        if action.against is not None:
            return might_clash(state, actor, action.against, dice, settings=self.settings)
        grappler = held_by(state[actor])
        assert grappler is not None
        check = grapple_check(state, grappler, actor, dice, settings=self.settings)
        events = [*check.events, MarkSet(actor, STRUGGLE_ROUND, state.clock.round)]
        return events if check.grappler_wins else _freed(state, grappler, events)


def _verify_clash(state: EncounterState, actor: CombatantId, inflicter: CombatantId) -> None:
    pinned = state[actor].effect(PINNED)
    if pinned is None or pinned.data.get(FROM_GRAPPLE) or state[actor].has(RESTRAINED):
        raise IllegalAction(
            "no-clash",
            "struggle -against: only a Pinned from outside a Grapple or an Energy Restraint",
        )
    if inflicter == actor or not standing(state[inflicter]):
        raise IllegalAction("bad-target", f"struggle: {state[inflicter].name} cannot clash")


def might_clash(
    state: EncounterState,
    who: CombatantId,
    inflicter: CombatantId,
    dice: DiceSource,
    *,
    settings: DbuSettings,
) -> list[Event]:
    """SOURCES.md 2.9, Pinned: 'Escape: spend 1 Action for a Might Clash vs the inflicter'. A
    Clash is read as opposed Combat Rolls adding the higher of Force and Spirit (Might); the
    inflicter wins ties (the defender)."""
    mine = roll_for(dice, state[who], (Modifier("Might", might(state[who])),), settings=settings)
    other = state[inflicter]
    theirs = roll_for(dice, other, (Modifier("Might", might(other)),), settings=settings)
    escaped = beats(mine.total, theirs.total, settings=settings)
    events: list[Event] = [
        CheckRolled(who, "Might Clash (Pinned)", mine, theirs.total, escaped),
        CheckRolled(inflicter, "Might Clash", theirs, mine.total, not escaped),
    ]
    pinned = state[who].effect(PINNED)
    if escaped and pinned is not None:
        events.append(EffectEnded(who, pinned.id, "escaped"))
    return events


@frozen
class PinRule:
    """'Once per Combat Round, if you are the Grappler in a Grapple, you can spend One Action to
    make an additional Grapple Check … If you succeed with this check, then the Grappled gains
    the Pinned Combat Condition while still in the Grapple.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Pin) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Pin) -> None:
        actor = acting(action)
        _action_turn(state, actor, 1, action.verb)
        _grappler(state, actor, action.verb)
        _once_a_round(state, actor, PIN_ROUND, action.verb)

    def resolve(self, state: EncounterState, action: a.Pin, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        target = _grappler(state, actor, action.verb)
        check = grapple_check(state, actor, target, dice, settings=self.settings)
        events = [*check.events, MarkSet(actor, PIN_ROUND, state.clock.round)]
        if check.grappler_wins and not has_effect(state[target], PINNED):
            pinned = Effect(name=PINNED, source=actor, data={FROM_GRAPPLE: True})
            events += [EffectApplied(target, pinned), *pinned_actions(state, target)]
        return events


def pinned_actions(state: EncounterState, who: CombatantId) -> list[Event]:
    """SOURCES.md 2.9: Pinned: 'remaining Actions drop to 1; gain only 1 Action per round'."""
    actions = state[who].pools[ACTIONS].current
    return [PoolSet(who, ACTIONS, 1, reason=PINNED)] if actions > 1 else []


@frozen
class RestrainRule:
    """'If the Grappled is suffering from the Pinned Combat Condition, you can spend Two Actions
    and 4(T) Ki Points to attempt to restrain them with your Ki. Make a Grapple Check against the
    Grappled. If they win, they are freed from the grapple. If they lose, they are restrained and
    maintain the Pinned Combat Condition even as the Grapple ends. The Grappler then rolls a
    Force Ability Check. This becomes the Restraint TN.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Restrain) -> Cost:
        actor = acting(action)
        ki = times_tier(self.settings.restraint_ki, tier_of(state[actor]))
        return {ACTIONS: 2, **ki_cost(maneuver_ki(state[actor], ki))}

    def verify(self, state: EncounterState, action: a.Restrain) -> None:
        actor = acting(action)
        _action_turn(state, actor, 2, action.verb)
        target = _grappler(state, actor, action.verb)
        if not has_effect(state[target], PINNED):
            raise IllegalAction("not-pinned", f"restrain: {state[target].name} is not Pinned")
        if has_effect(state[target], RESTRAINED):
            raise IllegalAction("restrained", f"restrain: {state[target].name} is restrained")

    def resolve(
        self, state: EncounterState, action: a.Restrain, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        target = _grappler(state, actor, action.verb)
        check = grapple_check(state, actor, target, dice, settings=self.settings)
        if not check.grappler_wins:
            return _freed(state, actor, check.events)
        force = force_check(state, actor, dice, settings=self.settings)
        tn = CheckRolled(actor, "Restraint TN (Force Ability Check)", force, 0, True)
        restrained = Effect(name=RESTRAINED, source=actor, data={"tn": force.total, "tries": 0})
        return [*check.events, tn, EffectApplied(target, restrained)]


def force_check(
    state: EncounterState,
    who: CombatantId,
    dice: DiceSource,
    *,
    settings: DbuSettings,
    extra: tuple[Modifier, ...] = (),
) -> CombatRoll:
    """A Force Ability Check: d10 + Extra Dice + the Force Modifier (a reading)."""
    combatant = state[who]
    force = Modifier("Force", sheet_of(combatant).modifiers[Attribute.FORCE])
    return check_roll(dice, combatant, (force, *extra), settings=settings)


def restraint_attempt(
    state: EncounterState, who: CombatantId, dice: DiceSource, *, settings: DbuSettings
) -> list[Event]:
    """'At the start of the restrained target's turn, they can attempt to break the energy
    restraint with a Force Ability Check against the Restraint TN … During each turn a
    restrained character fails to break free, increase their following Force Ability Checks
    against the Restraint TN by +1(T).'"""
    restrained = state[who].effect(RESTRAINED)
    if restrained is None:
        return []
    tn, tries = restrained.data.get("tn"), restrained.data.get("tries")
    assert isinstance(tn, int) and isinstance(tries, int)
    bonus = (Modifier("failed turns", times_tier(tries, tier_of(state[who]))),)
    rolled = force_check(state, who, dice, settings=settings, extra=bonus)
    broke = beats(rolled.total, tn, settings=settings)
    events: list[Event] = [CheckRolled(who, "Break the Energy Restraint", rolled, tn, broke)]
    if not broke:
        data = {**restrained.data, "tries": tries + 1}
        return [*events, EffectChanged(who, replace(restrained, data=data))]
    events.append(EffectEnded(who, restrained.id, "broke free"))
    pinned = state[who].effect(PINNED)
    if pinned is not None and held_by(state[who]) is None:
        events.append(EffectEnded(who, pinned.id, "broke free"))
    return events


def grapple_at_turn_start(
    state: EncounterState, who: CombatantId, dice: DiceSource, *, settings: DbuSettings
) -> list[Event]:
    """'At the start of either the Grappled or the Grappler's turn, they must make another
    Grapple Check'; a Pinned character keeps 1 Action; a restrained one tries to break free."""
    events = [*stale_grapple(state, who), *restraint_attempt(state, who, dice, settings=settings)]
    after = reduce(state, events)
    grappler = who if holding(after[who]) is not None else held_by(after[who])
    if grappler is not None:
        target = holding(after[grappler])
        assert target is not None
        check = grapple_check(after, grappler, target, dice, settings=settings)
        more = check.events if check.grappler_wins else _freed(after, grappler, check.events)
        events += more
        after = reduce(after, more)
    if has_effect(after[who], PINNED):
        events += pinned_actions(after, who)
    return events


@frozen
class ThrowTargetRule:
    """'You can throw a Grappled target away from you by spending an Action. Make a Strike Roll
    opposed by the Grappled's Dodge or Strike Roll. This is called a Throw Check. If you win the
    Throw Check, the Grappled is moved a number of Squares equal to your Force Modifier in any
    direction you wish.' Throw Distance: '+1 Square(s) for every 2 higher your Throw Check is
    over the target's Dice Score. If a Throw would result in moving through another combatant's
    square, the combatant can make a Dodge Roll against your Throw Check. If you are successful,
    both targets are knocked Prone and take 1d10(T) Direct Damage … A thrown target suffers
    1d6(T) Direct Damage, increased by +1 for each Square they have moved.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.ThrowTarget) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.ThrowTarget) -> None:
        actor = acting(action)
        _action_turn(state, actor, 1, action.verb)
        target = _grappler(state, actor, action.verb)
        if action.through is not None and (
            action.through in (actor, target) or not standing(state[action.through])
        ):
            raise IllegalAction("bad-path", "hurl: the thrown target cannot pass through them")

    def resolve(
        self, state: EncounterState, action: a.ThrowTarget, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        target = _grappler(state, actor, action.verb)
        check = grapple_check(
            state, actor, target, dice, settings=self.settings, name="Throw Check"
        )
        if not check.grappler_wins:
            return check.events
        force = sheet_of(state[actor]).modifiers[Attribute.FORCE]
        squares = max(force, 0) + check.margin // 2
        events: list[Event] = [*check.events, *grapple_ends(state, actor, "thrown")]
        if action.through is not None:
            now = reduce(state, events)
            events += self._collision(now, actor, target, action.through, check.total, dice)
        events.append(Note(f"thrown {squares} squares", target))
        tier = tier_of(state[actor])
        rolled = roll(solid_dice(1, 6, tier) + squares, dice)
        events.append(PointsRolled(target, "Throw damage (1d6(T) + 1 a square)", rolled))
        now = reduce(state, events)
        landed = wound(now, None, target, rolled.total, Category.DIRECT, settings=self.settings)
        events += landed.events
        # 'If they would strike against Terrain, they also take damage according to its
        # Hardness Value.'
        now = reduce(state, events)
        return [*events, *hardness_damage(now, target, action.into, settings=self.settings)]

    def _collision(
        self,
        state: EncounterState,
        actor: CombatantId,
        target: CombatantId,
        through: CombatantId,
        throw: int,
        dice: DiceSource,
    ) -> list[Event]:
        """The combatant in the way dodges the Throw Check or both go Prone and take 1d10(T)
        Direct Damage (no Ki wagered)."""
        blocker = state[through]
        dodging = dodge_modifiers(state, blocker, settings=self.settings)
        dodge = roll_for(dice, blocker, dodging, settings=self.settings)
        hit = beats(throw, dodge.total, settings=self.settings)
        events: list[Event] = [
            CheckRolled(through, "Dodge the thrown target", dodge, throw, not hit)
        ]
        if not hit:
            return events
        tier = tier_of(state[actor])
        for who in (target, through):
            rolled = roll(solid_dice(1, 10, tier), dice)
            events.append(PointsRolled(who, "Collision damage (1d10(T))", rolled))
            now = reduce(state, events)
            direct = Category.DIRECT
            events += wound(now, None, who, rolled.total, direct, settings=self.settings).events
            events.append(EffectApplied(who, Effect(name=PRONE, source=actor)))
        return events
