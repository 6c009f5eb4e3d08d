"""The rules of the Basic Actions table, other than Attack (``attack.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, MarkSet, Note, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.momentum import actions as a
from fracas.rules.momentum.actions_table import (
    CombatAction,
    FreeAction,
    ap_cost,
    free_action_refusal,
)
from fracas.rules.momentum.checks import RollMode, skill_check
from fracas.rules.momentum.derived import basic_movement_of
from fracas.rules.momentum.events import CheckRolled
from fracas.rules.momentum.queries import (
    AP,
    MOVEMENT,
    RP,
    has_status,
    sheet_of,
    standing,
    status_name,
)
from fracas.rules.momentum.rolling import roll_d20
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.vocabulary import Skill

A = TypeVar("A", bound=Action)

DEFENDING = "Defending"
TAKING_COVER = "Taking Cover"
"""Effects of the Defend and Taking Cover actions, until the start of the actor's next turn."""


@frozen
class TurnAction(Generic[A]):
    """An action of the tables: on your own turn, standing, for its AP from the tables."""

    settings: MomentumSettings
    table_entry: CombatAction

    def cost(self, state: EncounterState, action: A) -> Cost:
        return {AP: ap_cost(self.table_entry)}

    def verify(self, state: EncounterState, action: A) -> None:
        require_turn(state, acting(action), action.verb)


def require_turn(state: EncounterState, actor: CombatantId, verb: str) -> None:
    """Refuse unless it is ``actor``'s turn and it is standing."""
    if not state.is_turn_of(actor):
        raise IllegalAction("not-your-turn", f"{verb}: it is not {state[actor].name}'s turn")
    require_standing(state, actor)


def require_standing(state: EncounterState, actor: CombatantId) -> None:
    if not standing(state.combatants[actor]):
        raise IllegalAction("down", f"{state[actor].name} is down and cannot act")


def acting(action: Action) -> CombatantId:
    if action.actor is None:
        raise IllegalAction("no-actor", f"{action.verb}: say who acts (NAME: {action.verb} …)")
    return action.actor


def until_next_turn(state: EncounterState, actor: CombatantId) -> Anchor:
    """ "until your next turn": the start of the actor's turn in the next round."""
    return Anchor(state.clock.round + 1, actor, Moment.START)


class DefendRule(TurnAction[a.Defend]):
    def resolve(self, state: EncounterState, action: a.Defend, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        effect = Effect(name=DEFENDING, ends=until_next_turn(state, actor), source=actor)
        return [EffectApplied(actor, effect)]


class TakeCoverRule(TurnAction[a.TakeCover]):
    def resolve(
        self, state: EncounterState, action: a.TakeCover, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        effect = Effect(name=TAKING_COVER, ends=until_next_turn(state, actor), source=actor)
        return [EffectApplied(actor, effect)]


class MoveRule(TurnAction[a.Move]):
    def resolve(self, state: EncounterState, action: a.Move, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        metres = basic_movement_of(sheet_of(state[actor]), settings=self.settings)
        return [PoolChanged(actor, MOVEMENT, metres, "Move")]


class SprintRule(TurnAction[a.Sprint]):
    def resolve(self, state: EncounterState, action: a.Sprint, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        basic = basic_movement_of(sheet_of(state[actor]), settings=self.settings)
        return [PoolChanged(actor, MOVEMENT, basic * self.settings.sprint_multiplier, "Sprint")]


@frozen
class WalkRule:
    """Spending movement: a square costs 1 m, a difficult one 2 m ("you need 2 m of movement to
    move one 1 m square"); free of AP."""

    settings: MomentumSettings

    def metres(self, action: a.Walk) -> int:
        extra = self.settings.difficult_terrain_cost_m - 1
        return action.metres + action.difficult * extra

    def cost(self, state: EncounterState, action: a.Walk) -> Cost:
        return {MOVEMENT: self.metres(action)}

    def verify(self, state: EncounterState, action: a.Walk) -> None:
        self.check_mover(state, acting(action))
        if action.metres < 1 or not 0 <= action.difficult <= action.metres:
            raise IllegalAction(
                "bad-distance", "walk: metres must be 1 or more, difficult squares 0 to metres"
            )

    def check_mover(self, state: EncounterState, actor: CombatantId) -> None:
        """Movement happens on your own turn, standing, and not at speed 0."""
        require_turn(state, actor, "move")
        for status in (StatusEffect.RESTRAINED, StatusEffect.GRABBED):
            if has_status(state[actor], status):
                raise IllegalAction("cannot-move", f"{status_name(status)}: speed 0")

    def resolve(self, state: EncounterState, action: a.Walk, dice: DiceSource) -> Sequence[Event]:
        spent = self.metres(action)
        text = f"moves {action.metres} m" + (
            f" ({spent} m of movement)" if spent != action.metres else ""
        )
        return [Note(text, acting(action))]


class FreeActionRule(TurnAction[A]):
    """Interact with Target and Switch Weapons: free once a turn, else 1 AP."""

    free_kind: FreeAction

    def is_free(self, state: EncounterState, action: A) -> bool:
        used = state[acting(action)].marks.get(a.FREE_ACTION)
        empty_hand = isinstance(action, a.SwitchWeapons) and action.free_hand
        refusal = free_action_refusal(
            self.free_kind,
            free_action_used_this_turn=FreeAction(used) if isinstance(used, str) else None,
            draws_into_empty_hand_or_only_sheathes=empty_hand,
        )
        return refusal is None

    def cost(self, state: EncounterState, action: A) -> Cost:
        return {} if self.is_free(state, action) else {AP: ap_cost(self.table_entry)}

    def resolve(self, state: EncounterState, action: A, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        text = getattr(action, "what", "") or getattr(action, "item", "") or action.verb
        events: list[Event] = [Note(text, actor)]
        if self.is_free(state, action):
            events.insert(0, MarkSet(actor, a.FREE_ACTION, self.free_kind.value))
        return events


class InteractRule(FreeActionRule[a.InteractWithTarget]):
    free_kind = FreeAction.INTERACT_WITH_TARGET


class SwitchWeaponsRule(FreeActionRule[a.SwitchWeapons]):
    free_kind = FreeAction.SWITCH_WEAPONS


class UseItemRule(TurnAction[a.UseItem]):
    def resolve(
        self, state: EncounterState, action: a.UseItem, dice: DiceSource
    ) -> Sequence[Event]:
        return [Note(f"uses {action.item or 'an item'}", acting(action))]


class StabilizeRule(TurnAction[a.Stabilize]):
    def verify(self, state: EncounterState, action: a.Stabilize) -> None:
        super().verify(state, action)
        if not has_status(state[action.target], StatusEffect.BLEEDING):
            raise IllegalAction("not-bleeding", f"{state[action.target].name} is not Bleeding")

    def resolve(
        self, state: EncounterState, action: a.Stabilize, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        bonus = sheet_of(state[actor]).skills[Skill.FIRST_AID]
        result, natural = roll_d20(dice, RollMode.NORMAL, bonus)
        outcome = skill_check(
            natural=natural,
            total=result.total,
            difficulty=self.settings.stabilize_difficulty,
            settings=self.settings,
        )
        events: list[Event] = [
            CheckRolled(
                actor, "First Aid", result, self.settings.stabilize_difficulty, outcome.value
            )
        ]
        if outcome.succeeded:
            bleeding = state[action.target].effect(status_name(StatusEffect.BLEEDING))
            assert bleeding is not None
            events.append(EffectEnded(action.target, bleeding.id, reason="stabilized"))
        return events


class SwitchPlacesRule(TurnAction[a.SwitchPlaces]):
    def verify(self, state: EncounterState, action: a.SwitchPlaces) -> None:
        super().verify(state, action)
        actor = acting(action)
        if state[action.ally].side != state[actor].side or action.ally == actor:
            raise IllegalAction(
                "not-an-ally", f"{state[action.ally].name} is not an ally to switch with"
            )

    def resolve(
        self, state: EncounterState, action: a.SwitchPlaces, dice: DiceSource
    ) -> Sequence[Event]:
        actor, ally = acting(action), state[action.ally]
        if ally.pools[RP].current < 1:
            return [Note(f"cannot switch places: {ally.name} has no RP left", actor)]
        return [
            PoolChanged(ally.id, RP, -1, "Switch Places"),
            Note(f"switches places with {ally.name}", actor),
        ]


@frozen
class StandRule:
    """SOURCES.md section 4: Prone ends by standing up, which "costs 1 m or 1 AP"."""

    def cost(self, state: EncounterState, action: a.Stand) -> Cost:
        return {AP: 1} if action.ap else {MOVEMENT: 1}

    def verify(self, state: EncounterState, action: a.Stand) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        if not has_status(state[actor], StatusEffect.PRONE):
            raise IllegalAction("not-prone", f"{state[actor].name} is not Prone")

    def resolve(self, state: EncounterState, action: a.Stand, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        prone = state[actor].effect(status_name(StatusEffect.PRONE))
        assert prone is not None
        return [EffectEnded(actor, prone.id, reason="stood up")]
