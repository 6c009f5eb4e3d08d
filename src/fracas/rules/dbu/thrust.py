"""The Thrusting Maneuver: shove a combatant back, or knock it down.

"Make a Strike Roll opposed by the target's Strike or Dodge Roll, the target chooses. If you
score higher than the target, you can thrust them backwards away from you or knock them Prone."
The target's choice is made for it, as in a Grapple: the roll with the higher bonus.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, Note, reduce
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.bound import require_free_actions
from fracas.rules.dbu.charging import require_not_charging
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.events import CheckRolled
from fracas.rules.dbu.grapple import grapple_check, grapple_ends, held_by, holding, partner
from fracas.rules.dbu.hands import require_free_hands
from fracas.rules.dbu.holding_back import skill_check
from fracas.rules.dbu.positions import require_within
from fracas.rules.dbu.queries import (
    GUARD_DOWN,
    PRONE,
    acting,
    require_turn,
    sheet_of,
    standing,
    tier_of,
)
from fracas.rules.dbu.rolls import Modifier
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.terrain_shield import hardness_damage
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.vocabulary import Attribute


@frozen
class ThrustRule:
    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Thrusting) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Thrusting) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_free_actions(state, actor, 1, action.verb)
        require_not_charging(state, actor, action.verb)
        target = state[action.target]
        if target.id == actor or not standing(target):
            raise IllegalAction("bad-target", f"thrust: cannot thrust {target.name}")
        melee = self.settings.melee_range
        require_within(state, actor, target.id, melee, "thrust", settings=self.settings)
        require_free_hands(state, actor, action.verb, settings=self.settings)
        if action.effect == "push" and held_by(target) is not None and partner(state, target.id):
            raise IllegalAction(
                "grappled",
                "thrust: only the Grappler can be targeted by Maneuvers that would move them",
            )

    def resolve(
        self, state: EncounterState, action: a.Thrusting, dice: DiceSource
    ) -> Sequence[Event]:
        actor, target = acting(action), action.target
        check = grapple_check(
            state, actor, target, dice, settings=self.settings, name="Thrust", choice=action.answer
        )
        if not check.grappler_wins:
            return check.events
        events = list(check.events)
        if action.effect == "push":
            events += self._push_back(state, actor, target, dice)
            # 'If the target is Thrust into or through an environmental terrain, double any
            # damage they would suffer due to the Hardness Value.'
            now = reduce(state, events)
            return [
                *events,
                *hardness_damage(now, target, action.into, settings=self.settings, times=2),
            ]
        return [*events, *self._knock_down(state, actor, target, dice)]

    def _push_back(
        self, state: EncounterState, actor: CombatantId, target: CombatantId, dice: DiceSource
    ) -> list[Event]:
        """'Move the target a number of squares equal to your Force Modifier. The target can make
        an Acrobatics Skill Check, TN Medium. If they pass, reduce the distance they are Thrust
        back by 1/2.' A Grappler moved 'must immediately make a Grapple Check with a penalty of
        -2(T). If they succeed, the Grappled character is moved with them … If they fail, the
        Grappled character is freed from the grapple and is not moved.'"""
        squares = max(sheet_of(state[actor]).modifiers[Attribute.FORCE], 0)
        acrobatics = skill_check(state, target, "acrobatics", dice, settings=self.settings)
        tn = self.settings.tn_medium
        passed = acrobatics.total >= tn
        check = CheckRolled(target, "Acrobatics (Push Back)", acrobatics, tn, passed)
        events: list[Event] = [check]
        if passed:
            squares = (
                squares // 2 if self.settings.push_back_halving == "down" else -(-squares // 2)
            )
        events.append(Note(f"is thrust back {squares} squares", target))
        held = holding(state[target])
        if held is not None and held in state.combatants and squares:
            penalty = (Modifier("moved", -times_tier(2, tier_of(state[target]))),)
            kept = grapple_check(state, target, held, dice, settings=self.settings, extra=penalty)
            events += kept.events
            if not kept.grappler_wins:
                events += grapple_ends(reduce(state, events), target, "freed")
        return events

    def _knock_down(
        self, state: EncounterState, actor: CombatantId, target: CombatantId, dice: DiceSource
    ) -> list[Event]:
        """'The target can make an Athletics Skill Check, TN Hard. If they pass they are not
        knocked prone, but are considered to have the Guard Down Combat Condition instead until
        the start of your next turn. If they fail, they gain the Prone Combat Condition.'"""
        athletics = skill_check(state, target, "athletics", dice, settings=self.settings)
        tn = self.settings.tn_hard
        passed = athletics.total >= tn
        check = CheckRolled(target, "Athletics (Knocked Down)", athletics, tn, passed)
        events: list[Event] = [check]
        if passed:
            ends = Anchor(state.clock.round + 1, actor, Moment.START)
            effect = Effect(name=GUARD_DOWN, ends=ends, source=actor)
        else:
            effect = Effect(name=PRONE, source=actor)
        return [*events, EffectApplied(target, effect)]
