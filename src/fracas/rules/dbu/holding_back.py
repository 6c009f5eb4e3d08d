"""Holding Back: fighting below your Tier of Power, and seeing through it.

"Once per Combat Encounter, you can apply one or more stacks of Holding Back. Each stack treats
your Tier of Power as if it was -1 lower. You can only have a number of Holding Back stacks equal
to your Tier of Power … This effect lasts until you end it as an Instant Action."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectChanged, EffectEnded, Event, MarkSet, Note
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Effect, EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.events import CheckRolled
from fracas.rules.dbu.modifiers import check_roll
from fracas.rules.dbu.queries import (
    HOLDING_BACK,
    acting,
    holding_back,
    require_able,
    sheet_of,
    tier_of,
)
from fracas.rules.dbu.rolls import CombatRoll, Modifier, beats
from fracas.rules.dbu.settings import DbuSettings

HELD_BACK = "held_back"
SENSED_ROUND = "sensed_round"
"""Marks: Holding Back was applied this encounter; the round an opponent used Clairvoyance."""


def skill_check(
    state: EncounterState, who: CombatantId, skill: str, dice: DiceSource, *, settings: DbuSettings
) -> CombatRoll:
    """A Skill Check: d10 + Extra Dice + the sheet's bonus for the skill (a reading)."""
    combatant = state[who]
    bonus = Modifier(skill.title(), sheet_of(combatant).skills.get(skill, 0))
    return check_roll(dice, combatant, (bonus,), settings=settings)


@frozen
class HoldBackRule:
    """'Once per Combat Encounter, you can apply one or more stacks of Holding Back … This
    effect lasts until you end it as an Instant Action … You cannot use the Holding Back Maneuver
    while your current Tier of Power exceeds your base Tier of Power.'"""

    def cost(self, state: EncounterState, action: a.HoldBack) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.HoldBack) -> None:
        actor = acting(action)
        require_able(state, actor, action.verb)
        combatant = state[actor]
        base = sheet_of(combatant).tier
        if action.stacks == 0:
            if not holding_back(combatant):
                raise IllegalAction("not-holding-back", "holdback 0: not Holding Back")
            return
        if combatant.marks.get(HELD_BACK):
            raise IllegalAction("held-back", "holdback: once per Combat Encounter")
        if not 1 <= action.stacks <= base:
            raise IllegalAction("bad-stacks", f"holdback: 1 to {base} stacks (your Tier of Power)")
        if tier_of(combatant) > base:
            raise IllegalAction(
                "powered-up", "holdback: not while your Tier of Power exceeds your base Tier"
            )

    def resolve(
        self, state: EncounterState, action: a.HoldBack, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        held = state[actor].effect(HOLDING_BACK)
        if action.stacks == 0:
            assert held is not None
            return [EffectEnded(actor, held.id, "stopped Holding Back")]
        effect = Effect(name=HOLDING_BACK, source=actor, data={"stacks": action.stacks})
        return [EffectApplied(actor, effect), MarkSet(actor, HELD_BACK, True)]


def threshold_check(
    state: EncounterState, who: CombatantId, dice: DiceSource, *, settings: DbuSettings
) -> list[Event]:
    """'Whenever you reach a Health Threshold, you must make a Concealment Skill Check, TN
    Medium. If you fail, you lose -1 Holding Back stack.'"""
    held = state[who].effect(HOLDING_BACK)
    if held is None:
        return []
    rolled = skill_check(state, who, "concealment", dice, settings=settings)
    kept = rolled.total >= settings.tn_medium
    events: list[Event] = [
        CheckRolled(who, "Concealment (Holding Back)", rolled, settings.tn_medium, kept)
    ]
    if kept:
        return events
    stacks = holding_back(state[who]) - 1
    if stacks <= 0:
        return [*events, EffectEnded(who, held.id, "lost the last Holding Back stack")]
    return [*events, EffectChanged(who, replace(held, data={**held.data, "stacks": stacks}))]


@frozen
class SenseRule:
    """'Once per Combat Round, your opponent may attempt to see if you're holding back by making
    a Clairvoyance Skill Check as an Instant Action, opposed by your Concealment Skill. If they
    win, they know how many stacks of Holding Back you have. If they lose, they learn nothing.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Sense) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Sense) -> None:
        actor = acting(action)
        require_able(state, actor, action.verb)
        if state[action.target].side == state[actor].side:
            raise IllegalAction("not-an-opponent", "sense: Clairvoyance on an opponent")
        if state[actor].marks.get(SENSED_ROUND) == state.clock.round:
            raise IllegalAction("once-a-round", "sense: once per Combat Round")

    def resolve(self, state: EncounterState, action: a.Sense, dice: DiceSource) -> Sequence[Event]:
        actor, target = acting(action), action.target
        seeing = skill_check(state, actor, "clairvoyance", dice, settings=self.settings)
        hiding = skill_check(state, target, "concealment", dice, settings=self.settings)
        won = beats(seeing.total, hiding.total, settings=self.settings)
        events: list[Event] = [
            CheckRolled(actor, "Clairvoyance", seeing, hiding.total, won),
            CheckRolled(target, "Concealment", hiding, seeing.total, not won),
            MarkSet(actor, SENSED_ROUND, state.clock.round),
        ]
        if won:
            stacks = holding_back(state[target])
            events.append(
                Note(f"{state[target].name} is Holding Back with {stacks} stack(s)", actor)
            )
        return events
