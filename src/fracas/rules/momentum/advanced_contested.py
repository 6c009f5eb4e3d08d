"""The contested Advanced Actions (Blind, Grab, Shove, Trip, Disarm, Climb and Shake Off) and
Hide and Command: each rule costs, verifies and resolves its record with the pure rule
functions of ``contests.py`` and ``checks.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TypeVar

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import (
    EffectApplied,
    EffectEnded,
    Event,
    Note,
)
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.momentum.advanced_actions import (
    CLIMBING,
    COMMANDING,
    Blind,
    Climb,
    Command,
    Contested,
    Disarm,
    Grab,
    Hide,
    ShakeOff,
    Shove,
    Trip,
)
from fracas.rules.momentum.attack import HIDDEN
from fracas.rules.momentum.basic import TurnAction, acting, until_next_turn
from fracas.rules.momentum.checks import RollMode
from fracas.rules.momentum.contests import (
    Contest,
    Side,
    contest_refusal,
    contest_winner,
    hides,
    size_advantage,
)
from fracas.rules.momentum.events import CheckRolled
from fracas.rules.momentum.queries import (
    AP,
    best_skill,
    sheet_of,
    standing,
    status_name,
)
from fracas.rules.momentum.rolling import roll_d20
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.verifying import refuse
from fracas.rules.momentum.vocabulary import Skill

SHAKE_OFF_AP = 2
"""Seed (Climb): "It can try to shake you off by using an action (2 AP)"."""

C = TypeVar("C", bound=Contested)


def _chosen(
    combatant: Combatant, named: str | None, allowed: frozenset[Skill], whose: str
) -> Skill:
    if named is None:
        return best_skill(combatant, allowed)
    try:
        skill = Skill(named)
    except ValueError:
        skill = None
    if skill not in allowed or skill is None:
        choices = ", ".join(sorted(allowed))
        raise IllegalAction("bad-skill", f"{whose} must use one of: {choices}")
    return skill


def end_of_next_turn(state: EncounterState, combatant: CombatantId) -> Anchor:
    """ "until the end of their next turn": this round if its turn is still to come, else the
    next round."""
    clock = state.clock
    later = clock.order[clock.index + 1 :]
    to_come = any(combatant in turn.actors for turn in later)
    return Anchor(clock.round if to_come else clock.round + 1, combatant, Moment.END)


# --- contested Advanced Actions -----------------------------------------------------------


class ContestedRule(TurnAction[C]):
    """Both sides roll d20 + Skill Level; size gives advantage; the winner by ``contest_winner``."""

    contest: ClassVar[Contest]

    def skills(self, state: EncounterState, action: C) -> tuple[Skill, Skill]:
        actor, target = state[acting(action)], state[action.target]
        rule = self.contest.rule
        return (
            _chosen(actor, action.skill, rule.actor_skills, f"{self.contest}: you"),
            _chosen(
                target, action.defence_skill, rule.target_skills, f"{self.contest}: the target"
            ),
        )

    def free_hand(self, action: C) -> bool:
        return True

    def verify(self, state: EncounterState, action: C) -> None:
        super().verify(state, action)
        actor = acting(action)
        if action.target == actor:
            raise IllegalAction("self-target", f"{action.verb}: choose another creature")
        self.skills(state, action)
        refuse(
            contest_refusal(
                self.contest,
                actor_size=sheet_of(state[actor]).size,
                target_size=sheet_of(state[action.target]).size,
                distance_m=action.distance,
                has_free_hand=self.free_hand(action),
            )
        )

    def resolve(self, state: EncounterState, action: C, dice: DiceSource) -> Sequence[Event]:
        actor, target = state[acting(action)], state[action.target]
        skill, defence = self.skills(state, action)
        favoured = size_advantage(
            self.contest, actor_size=sheet_of(actor).size, target_size=sheet_of(target).size
        )
        actor_mode = RollMode.ADVANTAGE if favoured is Side.ACTOR else RollMode.NORMAL
        target_mode = RollMode.ADVANTAGE if favoured is Side.TARGET else RollMode.NORMAL
        mine, _ = roll_d20(dice, actor_mode, sheet_of(actor).skills[skill])
        theirs, _ = roll_d20(dice, target_mode, sheet_of(target).skills[defence])
        winner = contest_winner(self.contest, mine.total, theirs.total, settings=self.settings)
        won = winner is Side.ACTOR
        events: list[Event] = [
            CheckRolled(
                actor.id,
                f"{skill} ({self.contest})",
                mine,
                theirs.total,
                "success" if won else "failure",
            ),
            CheckRolled(
                target.id,
                f"{defence} (against {self.contest})",
                theirs,
                mine.total,
                "failure" if won else "success",
            ),
        ]
        if won:
            events.extend(self.succeed(state, action))
        else:
            events.append(Note(f"fails to {action.verb} {target.name}", actor.id))
        return events

    def succeed(self, state: EncounterState, action: C) -> Sequence[Event]:
        raise NotImplementedError


def _status(
    state: EncounterState, action: Contested, status: StatusEffect, ends: Anchor | None = None
) -> EffectApplied:
    effect = Effect(name=status_name(status), ends=ends, source=action.actor)
    return EffectApplied(action.target, effect)


class BlindRule(ContestedRule[Blind]):
    contest = Contest.BLIND

    def succeed(self, state: EncounterState, action: Blind) -> Sequence[Event]:
        ends = end_of_next_turn(state, action.target)
        return [_status(state, action, StatusEffect.BLINDED, ends)]


class GrabRule(ContestedRule[Grab]):
    contest = Contest.GRAB

    def free_hand(self, action: Grab) -> bool:
        return action.free_hand

    def succeed(self, state: EncounterState, action: Grab) -> Sequence[Event]:
        return [_status(state, action, StatusEffect.GRABBED)]


class ShoveRule(ContestedRule[Shove]):
    contest = Contest.SHOVE

    def succeed(self, state: EncounterState, action: Shove) -> Sequence[Event]:
        return [Note(f"moves {state[action.target].name} 1 m", action.actor)]


class TripRule(ContestedRule[Trip]):
    contest = Contest.TRIP

    def succeed(self, state: EncounterState, action: Trip) -> Sequence[Event]:
        return [_status(state, action, StatusEffect.PRONE)]


class DisarmRule(ContestedRule[Disarm]):
    contest = Contest.DISARM

    def verify(self, state: EncounterState, action: Disarm) -> None:
        """Seed: "You can take the dropped item if you have at least one free hand." """
        super().verify(state, action)
        if action.take and not action.free_hand:
            raise IllegalAction("no-free-hand", "disarm: taking the item needs a free hand")

    def succeed(self, state: EncounterState, action: Disarm) -> Sequence[Event]:
        item = action.item or "the item in its hand"
        events: list[Event] = [Note(f"{state[action.target].name} drops {item}", action.actor)]
        if action.take:
            taker = state[acting(action)].name
            events.append(Note(f"{taker} takes {action.item or 'the dropped item'}", action.actor))
        return events


class ClimbRule(ContestedRule[Climb]):
    contest = Contest.CLIMB

    def free_hand(self, action: Climb) -> bool:
        return action.free_hand

    def succeed(self, state: EncounterState, action: Climb) -> Sequence[Event]:
        actor = acting(action)
        effect = Effect(name=CLIMBING, source=actor, data={"on": action.target})
        return [EffectApplied(actor, effect)]


def climbing_on(
    state: EncounterState, climber: CombatantId, creature: CombatantId
) -> Effect | None:
    """The Climbing effect that has ``climber`` on ``creature``, if any."""
    for effect in state[climber].effects:
        if effect.name == CLIMBING and effect.data.get("on") == creature:
            return effect
    return None


class ShakeOffRule(TurnAction[ShakeOff]):
    """Seed (Climb): "It can try to shake you off by using an action (2 AP) repeating the Skill
    Checks and will shake you off successfully if you fail the Skill Check." The climber rolls
    its Climb check again (Athletics or Nimbleness) against the climbed creature's (Athletics,
    Raw Force, Nimbleness or Quick Fingers); the climber fails as it would on a Climb."""

    def cost(self, state: EncounterState, action: ShakeOff) -> Cost:
        return {AP: SHAKE_OFF_AP}

    def skills(self, state: EncounterState, action: ShakeOff) -> tuple[Skill, Skill]:
        """The climber's Skill, then the shaking creature's."""
        rule = Contest.CLIMB.rule
        climber, creature = state[action.climber], state[acting(action)]
        return (
            _chosen(climber, action.climber_skill, rule.actor_skills, "shake: the climber"),
            _chosen(creature, action.skill, rule.target_skills, "shake: you"),
        )

    def verify(self, state: EncounterState, action: ShakeOff) -> None:
        super().verify(state, action)
        if climbing_on(state, action.climber, acting(action)) is None:
            raise IllegalAction(
                "not-climbing",
                f"shake: {state[action.climber].name} is not climbing on "
                f"{state[acting(action)].name}",
            )
        self.skills(state, action)

    def resolve(self, state: EncounterState, action: ShakeOff, dice: DiceSource) -> Sequence[Event]:
        creature, climber = state[acting(action)], state[action.climber]
        climb_skill, skill = self.skills(state, action)
        theirs, _ = roll_d20(dice, RollMode.NORMAL, sheet_of(climber).skills[climb_skill])
        mine, _ = roll_d20(dice, RollMode.NORMAL, sheet_of(creature).skills[skill])
        winner = contest_winner(Contest.CLIMB, theirs.total, mine.total, settings=self.settings)
        holds_on = winner is Side.ACTOR
        events: list[Event] = [
            CheckRolled(
                climber.id,
                f"{climb_skill} (climb, against shake)",
                theirs,
                mine.total,
                "success" if holds_on else "failure",
            ),
            CheckRolled(
                creature.id,
                f"{skill} (shake)",
                mine,
                theirs.total,
                "failure" if holds_on else "success",
            ),
        ]
        if holds_on:
            events.append(Note(f"fails to shake {climber.name} off", creature.id))
        else:
            effect = climbing_on(state, climber.id, creature.id)
            assert effect is not None
            events += [
                EffectEnded(climber.id, effect.id, reason="shaken off"),
                Note(f"shakes {climber.name} off", creature.id),
            ]
        return events


# --- Hide and Command ---------------------------------------------------------------------


class HideRule(TurnAction[Hide]):
    """Stealth against the Perception of every enemy still standing."""

    def resolve(self, state: EncounterState, action: Hide, dice: DiceSource) -> Sequence[Event]:
        actor = state[acting(action)]
        stealth, _ = roll_d20(dice, RollMode.NORMAL, sheet_of(actor).skills[Skill.STEALTH])
        watchers = [e for e in state.enemies(actor.id) if standing(e)]
        rolls = [
            (e, roll_d20(dice, RollMode.NORMAL, sheet_of(e).skills[Skill.PERCEPTION])[0])
            for e in watchers
        ]
        hidden = hides(stealth.total, (r.total for _, r in rolls))
        best = max((r.total for _, r in rolls), default=None)
        events: list[Event] = [
            CheckRolled(
                actor.id, "stealth (hide)", stealth, best, "success" if hidden else "failure"
            )
        ]
        for enemy, result in rolls:
            spotted = result.total >= stealth.total
            events.append(
                CheckRolled(
                    enemy.id,
                    "perception (against hide)",
                    result,
                    stealth.total,
                    "success" if spotted else "failure",
                )
            )
        if hidden and not actor.has(HIDDEN):
            events.append(EffectApplied(actor.id, Effect(name=HIDDEN, source=actor.id)))
        elif not hidden:
            events.append(Note("fails to hide", actor.id))
        return events


class CommandRule(TurnAction[Command]):
    def resolve(self, state: EncounterState, action: Command, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        effect = Effect(name=COMMANDING, ends=until_next_turn(state, actor), source=actor)
        return [EffectApplied(actor, effect)]
