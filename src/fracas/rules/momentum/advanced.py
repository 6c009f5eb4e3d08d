"""The Advanced Actions' rules wired in: held actions, unions, surprise, tie-breaks and
afflictions here, the contested actions in ``advanced_contested.py``, the Cinematic ones in
``advanced_cinematic.py``. The ruleset wires them in with :func:`advanced_rules` and the
records' list, ``advanced_actions.ADVANCED_ACTIONS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import (
    EffectApplied,
    EffectChanged,
    Event,
    MarkSet,
)
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction, Rule
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.momentum.actions_table import CombatAction
from fracas.rules.momentum.advanced_actions import (
    HELD_ACTION,
    Afflict,
    Blind,
    CinematicAction,
    Climb,
    Command,
    Cooperate,
    Disarm,
    Disband,
    FormUnion,
    Grab,
    Hide,
    HoldAction,
    ShakeOff,
    Shove,
    Surprise,
    TieBreak,
    Trip,
)
from fracas.rules.momentum.advanced_cinematic import CinematicRule, CooperateRule
from fracas.rules.momentum.advanced_contested import (
    BlindRule,
    ClimbRule,
    CommandRule,
    DisarmRule,
    GrabRule,
    HideRule,
    ShakeOffRule,
    ShoveRule,
    TripRule,
)
from fracas.rules.momentum.attack import SURPRISED_EFFECT
from fracas.rules.momentum.basic import acting, until_next_turn
from fracas.rules.momentum.derived import dr_power_of
from fracas.rules.momentum.queries import (
    AP,
    has_status,
    is_object,
    sheet_of,
    status_name,
)
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.ties import TIE_BREAK, reordered
from fracas.rules.momentum.verifying import game_master_only, on_own_turn

A = TypeVar("A", bound=Action)


# --- held actions -------------------------------------------------------------------------


@frozen
class HoldActionRule:
    """Seed: "a creature must spend the AP that the action would cost on their turn and name a
    trigger. The action is not performed if the trigger does not happen until the creature's
    next turn." """

    settings: MomentumSettings

    def cost(self, state: EncounterState, action: HoldAction) -> Cost:
        return {AP: action.ap}

    def verify(self, state: EncounterState, action: HoldAction) -> None:
        on_own_turn(self.settings, state, action)
        if not 1 <= action.ap <= self.settings.ap_per_turn:
            raise IllegalAction(
                "bad-ap", f"ready: hold 1 to {self.settings.ap_per_turn} AP of an action"
            )
        if not action.trigger.strip():
            raise IllegalAction("no-trigger", "ready: name the trigger")

    def resolve(
        self, state: EncounterState, action: HoldAction, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        effect = Effect(
            name=HELD_ACTION,
            ends=until_next_turn(state, actor),
            source=actor,
            data={"ap": action.ap, "trigger": action.trigger},
        )
        return [EffectApplied(actor, effect)]


# --- unions, surprise, tie-break ----------------------------------------------------------


class _Free(Generic[A]):
    def cost(self, state: EncounterState, action: A) -> Cost:
        return {}


class FormUnionRule(_Free[FormUnion]):
    """Allies form a union sharing one turn; "Initiative is determined at the beginning of a
    round", so the union's turn starts with the next round's order."""

    def verify(self, state: EncounterState, action: FormUnion) -> None:
        members = action.members
        if len(set(members)) < 2 or len(set(members)) != len(members):
            raise IllegalAction("bad-union", "union: name two or more different creatures")
        if action.actor is not None and action.actor not in members:
            raise IllegalAction("not-a-member", "union: only the GM or a member can form it")
        if len({state[m].side for m in members}) != 1:
            raise IllegalAction("not-allies", "union: the members must be allies")
        if any(is_object(state[m]) for m in members):
            raise IllegalAction("bad-union", "union: objects take no turns")

    def resolve(
        self, state: EncounterState, action: FormUnion, dice: DiceSource
    ) -> Sequence[Event]:
        from fracas.rules.momentum.ruleset import UNION

        name = "+".join(action.members)
        return [MarkSet(m, UNION, name) for m in action.members]


def _union_members(state: EncounterState, name: str) -> tuple[CombatantId, ...]:
    from fracas.rules.momentum.ruleset import UNION

    union = name
    if name in state.combatants:
        union = str(state[CombatantId(name)].marks.get(UNION) or "")
    if not union:
        return ()
    return tuple(c.id for c in state if c.marks.get(UNION) == union)


class DisbandRule(_Free[Disband]):
    def verify(self, state: EncounterState, action: Disband) -> None:
        members = _union_members(state, action.name)
        if not members:
            raise IllegalAction("no-union", f"disband: there is no union {action.name!r}")
        if action.actor is not None and action.actor not in members:
            raise IllegalAction("not-a-member", "disband: only the GM or a member can")

    def resolve(self, state: EncounterState, action: Disband, dice: DiceSource) -> Sequence[Event]:
        from fracas.rules.momentum.ruleset import UNION

        return [MarkSet(m, UNION, None) for m in _union_members(state, action.name)]


class SurpriseRule(_Free[Surprise]):
    """Surprised creatures act last in round 1 (``Momentum.order``) and are attacked as by
    hidden enemies (``attack.py``) until the end of their round-1 turn."""

    def verify(self, state: EncounterState, action: Surprise) -> None:
        game_master_only(action)
        if state.clock.started:
            raise IllegalAction("already-started", "surprise: only before combat starts")
        if not action.targets:
            raise IllegalAction("bad-surprise", "surprise: name who is surprised")

    def resolve(self, state: EncounterState, action: Surprise, dice: DiceSource) -> Sequence[Event]:
        from fracas.rules.momentum.ruleset import SURPRISED

        events: list[Event] = []
        for c in dict.fromkeys(action.targets):
            effect = Effect(name=SURPRISED_EFFECT, ends=Anchor(1, c, Moment.END))
            events += [MarkSet(c, SURPRISED, True), EffectApplied(c, effect)]
        return events


class TieBreakRule(_Free[TieBreak]):
    def verify(self, state: EncounterState, action: TieBreak) -> None:
        game_master_only(action)

    def resolve(self, state: EncounterState, action: TieBreak, dice: DiceSource) -> Sequence[Event]:
        highest = max((int(c.marks.get(TIE_BREAK) or 0) for c in state), default=0)
        ranked = MarkSet(action.target, TIE_BREAK, highest + 1)
        return [ranked, *reordered(ranked.apply(state), action.target)]


class AfflictRule(_Free[Afflict]):
    """A Status Effect of the catalogue, by the GM or an actor (an Ability, a feature). It keeps
    the DR Power it is resisted with: "The DR Power is equal to the Primary Stat of the
    creature" (``-by``, default the actor) unless ``-power`` names it, and ``Momentum.at_turn_end``
    ends it on a successful Constitution DR (Mental: Will DR) against that power. Corroded stacks
    ("-1 Armor per stack"); any other Status Effect a target already has is refused."""

    def power(self, state: EncounterState, action: Afflict) -> int:
        if action.power is not None:
            return action.power
        source = action.by or action.actor
        if source is None:
            raise IllegalAction(
                "no-power", "afflict: the game master names -by CREATURE or -power N"
            )
        return dr_power_of(sheet_of(state[source]))

    def verify(self, state: EncounterState, action: Afflict) -> None:
        if action.power is not None and action.power < 1:
            raise IllegalAction("bad-power", "afflict: the DR Power is 1 or more")
        self.power(state, action)
        if has_status(state[action.target], action.status) and (
            action.status is not StatusEffect.CORRODED
        ):
            name = status_name(action.status)
            raise IllegalAction(
                "already-affected", f"afflict: {state[action.target].name} is already {name}"
            )

    def resolve(self, state: EncounterState, action: Afflict, dice: DiceSource) -> Sequence[Event]:
        power = self.power(state, action)
        name = status_name(action.status)
        present = state[action.target].effect(name)
        if present is not None:  # Corroded: one more stack
            stacks = int(present.data.get("stacks", 1) or 1) + 1
            old = present.data.get("dr_power")
            strongest = max(power, old) if isinstance(old, int) else power
            data = {**present.data, "stacks": stacks, "dr_power": strongest}
            return [EffectChanged(action.target, replace(present, data=data))]
        effect = Effect(name=name, source=action.by or action.actor, data={"dr_power": power})
        return [EffectApplied(action.target, effect)]


def advanced_rules(settings: MomentumSettings) -> dict[type[Action], Rule[Any]]:
    """The rules of ``advanced_actions.ADVANCED_ACTIONS``."""
    table = CombatAction
    return {
        Blind: BlindRule(settings, table.BLIND),
        Grab: GrabRule(settings, table.GRAB),
        Shove: ShoveRule(settings, table.SHOVE),
        Trip: TripRule(settings, table.TRIP),
        Disarm: DisarmRule(settings, table.DISARM),
        Climb: ClimbRule(settings, table.CLIMB),
        ShakeOff: ShakeOffRule(settings, table.CLIMB),
        Hide: HideRule(settings, table.HIDE),
        Command: CommandRule(settings, table.COMMAND),
        CinematicAction: CinematicRule(settings),
        Cooperate: CooperateRule(settings),
        Afflict: AfflictRule(),
        HoldAction: HoldActionRule(settings),
        FormUnion: FormUnionRule(),
        Disband: DisbandRule(),
        Surprise: SurpriseRule(),
        TieBreak: TieBreakRule(),
    }
