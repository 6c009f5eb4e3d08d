"""Maneuvers that do not attack: Combat Recovery and Command."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, MarkSet, Note, PoolChanged, reduce
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.bound import BOUND, require_free_actions
from fracas.rules.dbu.charging import require_not_charging
from fracas.rules.dbu.counters import counter_cost
from fracas.rules.dbu.economy import ACTIONS, CONVERTED, COUNTER, KP, LP
from fracas.rules.dbu.events import PointsRolled, StrikeRolled
from fracas.rules.dbu.plan import AttackPlan
from fracas.rules.dbu.positions import require_within
from fracas.rules.dbu.profiles import PROFILES
from fracas.rules.dbu.queries import (
    acting,
    has_effect,
    require_able,
    require_turn,
    sheet_of,
    tier_of,
    turn_passed,
)
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.strike import resolve_attack
from fracas.rules.dbu.tiers import solid_dice
from fracas.rules.dbu.vocabulary import Attribute, Foundation

NO_RECOVERY = "No Combat Recovery"
"""Effect: the combatant countered a Combat Recovery and cannot use it on its next turn."""

COMMANDS_ROUND = "commands_round"
COMMANDS = "commands"
"""Marks: the round of the Command Maneuvers counted, and how many were used in it."""


def restore(combatant: Combatant, pool: str, amount: int, reason: str) -> list[Event]:
    """Restore up to ``amount`` points of ``pool``, never above its maximum."""
    current = combatant.pools[pool]
    gained = max(min(amount, current.maximum - current.current), 0)
    return [PoolChanged(combatant.id, pool, gained, reason)] if gained else []


def next_turn_end(state: EncounterState, who: CombatantId) -> Anchor:
    """The end of ``who``'s next turn: this round's if it has not started yet."""
    round_ = state.clock.round + (1 if turn_passed(state, who) else 0)
    return Anchor(round_, who, Moment.END)


RECOVERY_REACH = 6
"""Seed: Combat Recovery provokes 'all opponents within 6 Squares of you'."""


@frozen
class CombatRecoveryRule:
    """'You provoke a Counter Action against you from all opponents within 6 Squares of you when
    you use Combat Recovery, if an opponent uses a Counter Action against Combat Recovery, they
    cannot use Combat Recovery on their next turn. If you are hit by this Counter Action, you do
    not regain any Life or Ki Points from Combat Recovery. When you perform this maneuver roll a
    solid 2d10(T) and restore both your Life and Ki Points by the corresponding natural
    result.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.CombatRecovery) -> Cost:
        return {ACTIONS: 2}

    def verify(self, state: EncounterState, action: a.CombatRecovery) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_free_actions(state, actor, 2, action.verb)
        require_not_charging(state, actor, action.verb)
        if has_effect(state[actor], NO_RECOVERY):
            raise IllegalAction(
                "no-recovery",
                f"recover: {state[actor].name} countered a Combat Recovery and cannot use it"
                " this turn",
            )
        for who in action.countered_by:
            opponent = state[who]
            if opponent.side == state[actor].side:
                raise IllegalAction("not-an-opponent", f"recover: {opponent.name} is an ally")
            require_able(state, who, "counter")
            require_within(state, actor, who, RECOVERY_REACH, "recover", settings=self.settings)
            pools = opponent.pools
            if pools[COUNTER].current + pools[CONVERTED].current < 1:
                raise IllegalAction(
                    "not-enough-counter", f"recover: {opponent.name} has no Counter Action left"
                )

    def resolve(
        self, state: EncounterState, action: a.CombatRecovery, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        events: list[Event] = []
        hit = False
        for who in dict.fromkeys(action.countered_by):
            counter = self._counter(state, who, actor, dice)
            events += counter
            state = reduce(state, counter)
            hit = hit or any(isinstance(e, StrikeRolled) and e.hit for e in counter)
        if hit or not state[actor].pools[LP].current > 0:
            return [*events, Note("hit by a Counter Action: no Life or Ki Points regained", actor)]
        rolled = roll(solid_dice(2, 10, tier_of(state[actor])), dice)
        combatant = state[actor]
        events.append(PointsRolled(actor, "Combat Recovery", rolled))
        events += restore(combatant, LP, rolled.total, "Combat Recovery")
        events += restore(combatant, KP, rolled.total, "Combat Recovery")
        return events

    def _counter(
        self, state: EncounterState, who: CombatantId, target: CombatantId, dice: DiceSource
    ) -> list[Event]:
        """A Basic Attack paid with a Counter Action; the counterer loses its next Combat
        Recovery."""
        paid = [
            PoolChanged(who, pool, -n, "Counter Action")
            for pool, n in counter_cost(state, who).items()
        ]
        plan = AttackPlan(
            "Counter Action", who, target, Foundation.PHYSICAL, PROFILES["simple"].category
        )
        outcome = resolve_attack(reduce(state, paid), plan, dice, settings=self.settings)
        barred = Effect(name=NO_RECOVERY, ends=next_turn_end(state, who), source=target)
        return [*paid, *outcome.events, EffectApplied(who, barred)]


def commands_allowed(personality: int) -> int:
    """'You can only use this maneuver once per Combat Round. Increase the number of times …
    by +1 when your Personality Modifier reaches 6 and +2 when your Personality Modifier reaches
    10.'"""
    return 1 + (2 if personality >= 10 else 1 if personality >= 6 else 0)


@frozen
class CommandRule:
    """'Select one Minion you are the Master of. They gain 2 Actions to use during their turn.
    One of these actions must be used for a Movement Maneuver or must be transferred into a
    Counter Action.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Command) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Command) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_free_actions(state, actor, 1, action.verb)
        require_not_charging(state, actor, action.verb)
        master, minion = state[actor], state[action.minion]
        served = sheet_of(minion).master
        if served is None or served.strip().lower() != master.name.lower():
            raise IllegalAction(
                "not-your-minion", f"command: {minion.name} is not a Minion of {master.name}"
            )
        allowed = commands_allowed(sheet_of(master).modifiers[Attribute.PERSONALITY])
        if used_commands(state, master) >= allowed:
            raise IllegalAction(
                "command-used",
                f"command: {master.name} may use the Command Maneuver {allowed} time(s) a round",
            )

    def resolve(
        self, state: EncounterState, action: a.Command, dice: DiceSource
    ) -> Sequence[Event]:
        actor, minion = acting(action), action.minion
        bound = state[minion].marks.get(BOUND)
        return [
            PoolChanged(minion, ACTIONS, 2, "Command"),
            MarkSet(minion, BOUND, (bound if isinstance(bound, int) else 0) + 1),
            MarkSet(actor, COMMANDS_ROUND, state.clock.round),
            MarkSet(actor, COMMANDS, used_commands(state, state[actor]) + 1),
        ]


def used_commands(state: EncounterState, master: Combatant) -> int:
    if master.marks.get(COMMANDS_ROUND) != state.clock.round:
        return 0
    used = master.marks.get(COMMANDS)
    return used if isinstance(used, int) else 0
