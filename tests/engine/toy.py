"""A toy rule system for testing the engine on its own: two sides trade punches.

Sheets have a speed (the initiative) and hit points. A turn gives 2 AP; a punch costs 1 AP and
deals one d6; guarding costs 2 AP and lasts until the start of the guard's next turn. Anyone at
0 hit points or less, or Stunned, takes no turns; the fight is over when one side has nobody
standing (the stunned still stand).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import EffectApplied, Event, InitiativeSet, PoolChanged, Record
from fracas.engine.ruleset import Cost, Descriptor, IllegalAction, Rule, Ruleset
from fracas.engine.standing import Outcome
from fracas.engine.state import (
    Anchor,
    Combatant,
    Effect,
    EncounterState,
    Moment,
    Pool,
    Reset,
    Sheet,
    Turn,
)


class ToySheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    speed: int
    hp: int = 10


class ToySettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    ap: int = 2


@dataclass(frozen=True)
class Punch(Action):
    """Punch someone for 1d6 (1 AP)."""

    verb: ClassVar[str] = "punch"
    target: CombatantId


@dataclass(frozen=True)
class Guard(Action):
    """Guard until the start of your next turn (2 AP)."""

    verb: ClassVar[str] = "guard"


@dataclass(frozen=True)
class Punched(Record):
    attacker: CombatantId
    target: CombatantId
    face: int


class PunchRule:
    def cost(self, state: EncounterState, action: Punch) -> Cost:
        return {"AP": 1}

    def verify(self, state: EncounterState, action: Punch) -> None:
        if action.actor is None or not state.is_turn_of(action.actor):
            raise IllegalAction("not-your-turn", "punch only on your turn")

    def resolve(self, state: EncounterState, action: Punch, dice: DiceSource) -> Sequence[Event]:
        assert action.actor is not None
        face = dice.roll(6)
        return [Punched(action.actor, action.target, face), PoolChanged(action.target, "HP", -face)]


class GuardRule:
    def cost(self, state: EncounterState, action: Guard) -> Cost:
        return {"AP": 2}

    def verify(self, state: EncounterState, action: Guard) -> None:
        if action.actor is None or not state.is_turn_of(action.actor):
            raise IllegalAction("not-your-turn", "guard only on your turn")

    def resolve(self, state: EncounterState, action: Guard, dice: DiceSource) -> Sequence[Event]:
        assert action.actor is not None
        ends = Anchor(state.clock.round + 1, action.actor, Moment.START)
        return [EffectApplied(action.actor, Effect(name="Guarded", ends=ends))]


class Toy(Ruleset):
    descriptor = Descriptor(slug="toy", name="Toy", aliases=("punches",))
    settings_model = ToySettings
    sheet_model = ToySheet
    actions = (Punch, Guard)
    events = (Punched,)

    def rule(self, action: Action) -> Rule[Any] | None:
        rules: dict[type[Action], Rule[Any]] = {Punch: PunchRule(), Guard: GuardRule()}
        return rules.get(type(action))

    def pools(self, sheet: Sheet) -> Mapping[str, Pool]:
        assert isinstance(sheet, ToySheet) and isinstance(self.settings, ToySettings)
        return {
            "AP": Pool(self.settings.ap, self.settings.ap, Reset.TURN),
            "HP": Pool(sheet.hp, sheet.hp),
        }

    def roll_initiative(
        self, state: EncounterState, combatants: Sequence[CombatantId], dice: DiceSource
    ) -> Sequence[Event]:
        return [InitiativeSet(c, _sheet(state[c]).speed) for c in combatants]

    def order(self, state: EncounterState) -> tuple[Turn, ...]:
        ranked = sorted(state, key=lambda c: -(c.initiative or 0))
        return tuple(Turn((c.id,), c.initiative or 0) for c in ranked)

    def takes_turn(self, state: EncounterState, combatant: Combatant) -> bool:
        return combatant.pools["HP"].current > 0 and not combatant.has("Stunned")

    def standing(self, combatant: Combatant) -> bool:
        return combatant.pools["HP"].current > 0

    def outcome(self, state: EncounterState) -> Outcome | None:
        standing = {c.side for c in state if c.pools["HP"].current > 0}
        if len(standing) != 1 or len(state.combatants) < 2:
            return None
        winner = standing.pop()
        return Outcome(f"{winner} win", winner)

    def may_hold(self, state: EncounterState, combatant: CombatantId) -> str | None:
        return None


def _sheet(combatant: Combatant) -> ToySheet:
    assert isinstance(combatant.sheet, ToySheet)
    return combatant.sheet
