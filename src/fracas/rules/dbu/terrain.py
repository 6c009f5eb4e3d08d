"""Terrain Lift and the Throw Maneuver: tearing up the landscape, shielding with it, throwing it.

"You can make an Athletics Skill Check against a Target Number of 6 to attempt and tear up a
piece of the landscape and hold onto it. Increase the Target Number by +4 for each level of
Hardness Value in that piece of terrain."
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, reduce
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Effect, EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.bound import require_free_actions
from fracas.rules.dbu.charging import require_not_charging
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.events import CheckRolled
from fracas.rules.dbu.hands import let_go, require_free_hands
from fracas.rules.dbu.holding_back import skill_check
from fracas.rules.dbu.items import lying, thrown_item
from fracas.rules.dbu.plan import AttackPlan
from fracas.rules.dbu.positions import given_or_measured
from fracas.rules.dbu.queries import acting, require_turn, sheet_of, standing
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.strike import resolve_attack
from fracas.rules.dbu.terrain_shield import TERRAIN, hardness_damage, held_hardness
from fracas.rules.dbu.vocabulary import Attribute, Category, Foundation


def _turn(state: EncounterState, actor: CombatantId, verb: str) -> None:
    require_turn(state, actor, verb)
    require_free_actions(state, actor, 1, verb)
    require_not_charging(state, actor, verb)


@frozen
class TerrainLiftRule:
    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.TerrainLift) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.TerrainLift) -> None:
        actor = acting(action)
        _turn(state, actor, action.verb)
        if action.hardness < 0:
            raise IllegalAction("bad-hardness", "lift: a Hardness Value is 0 or more")
        if state[actor].has(TERRAIN):
            raise IllegalAction("holding", "lift: you already hold a piece of terrain")
        hands = self.settings.terrain_hands
        if hands:
            require_free_hands(state, actor, action.verb, settings=self.settings, count=hands)

    def resolve(
        self, state: EncounterState, action: a.TerrainLift, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        tn = self.settings.terrain_tn + self.settings.terrain_tn_per_hardness * action.hardness
        rolled = skill_check(state, actor, "athletics", dice, settings=self.settings)
        lifted = rolled.total >= tn
        events: list[Event] = [CheckRolled(actor, "Athletics (Terrain Lift)", rolled, tn, lifted)]
        if lifted:
            held = Effect(name=TERRAIN, source=actor, data={"hardness": action.hardness})
            events.append(EffectApplied(actor, held))
        return events


@frozen
class ThrowRule:
    """'Make a Physical Strike against any target within a number of squares equal to or lower
    than your Force Modifier. If they are successfully hit by this attack, roll your Physical
    Wound Roll and then the target takes the Lethal Damage they would suffer from the Hardness
    Value of the thrown object.' Read here: the Wound Roll lands as usual, then the Hardness's
    Lethal Damage."""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.ThrowObject) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.ThrowObject) -> None:
        actor = acting(action)
        _turn(state, actor, action.verb)
        thrower, target = state[actor], state[action.target]
        if target.id == actor or not standing(target):
            raise IllegalAction("bad-target", f"throw: cannot throw at {target.name}")
        reach = sheet_of(thrower).modifiers[Attribute.FORCE]
        squares = given_or_measured(
            state, actor, target.id, action.distance, 1, "throw", settings=self.settings
        )
        if not 1 <= squares <= reach:
            raise IllegalAction("too-far", f"throw: a target within {reach} squares (Force)")
        if action.hardness is None and held_hardness(thrower) is None:
            raise IllegalAction("nothing-held", "throw: hold terrain, or give -hardness N")
        if action.equipment is not None:
            if action.hardness is None:
                raise IllegalAction("no-hardness", "throw -equipment: give its -hardness N")
            if lying(thrower, action.equipment) is not None:
                raise IllegalAction(
                    "not-held", f"throw: {action.equipment} lies on the ground; pick it up first"
                )
        if action.hardness is not None and action.hardness < 0:
            raise IllegalAction("bad-hardness", "throw: a Hardness Value is 0 or more")

    def resolve(
        self, state: EncounterState, action: a.ThrowObject, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        held = state[actor].effect(TERRAIN)
        hardness = action.hardness if action.hardness is not None else held_hardness(state[actor])
        assert hardness is not None
        events: list[Event] = []
        if action.hardness is None and held is not None:
            events.append(EffectEnded(actor, held.id, "thrown"))
        if action.equipment is not None:
            events += let_go(state[actor], action.equipment)
        plan = AttackPlan("Throw", actor, action.target, Foundation.PHYSICAL, Category.STANDARD)
        outcome = resolve_attack(reduce(state, events), plan, dice, settings=self.settings)
        events += outcome.events
        if outcome.hit:
            now = reduce(state, events)
            events += hardness_damage(now, action.target, hardness, settings=self.settings)
        if action.hardness is not None:
            now = reduce(state, events)
            events += thrown_item(now, actor, action.target, action.equipment, dice)
        return events
