"""A rule system whose strikes wait for the defender's answer (as Kingsdale's do), for testing
that the generic policy answers them: a lunge marks its target, who then takes 3 damage."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, PoolChanged
from fracas.engine.ruleset import Cost, Descriptor, IllegalAction, Rule
from fracas.engine.state import Effect, EncounterState
from tests.engine.toy import Toy

LUNGED = "Lunged"

ENCOUNTER = """\
ruleset: duel
name: A duel
combatants:
  - {name: Ada, side: heroes, sheet: {speed: 9, hp: 6}}
  - {name: Bo, side: villains, sheet: {speed: 5, hp: 6}}
"""
"""Ada (2 AP a turn, first) against Bo, 6 hit points each: load with FRACAS_RULESETS=
tests.sim.duel:Duel."""


@dataclass(frozen=True)
class Lunge(Action):
    """Lunge at someone (1 AP); they must answer it."""

    verb: ClassVar[str] = "lunge"
    target: CombatantId


@dataclass(frozen=True)
class Take(Action):
    """Take the lunge aimed at you: 3 damage."""

    verb: ClassVar[str] = "take"


class LungeRule:
    def cost(self, state: EncounterState, action: Lunge) -> Cost:
        return {"AP": 1}

    def verify(self, state: EncounterState, action: Lunge) -> None:
        if action.actor is None or not state.is_turn_of(action.actor):
            raise IllegalAction("not-your-turn", "lunge only on your turn")
        if state[action.target].has(LUNGED):
            raise IllegalAction("pending", "that lunge has not been answered yet")

    def resolve(self, state: EncounterState, action: Lunge, dice: DiceSource) -> Sequence[Event]:
        return [EffectApplied(action.target, Effect(name=LUNGED))]


class TakeRule:
    def cost(self, state: EncounterState, action: Take) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Take) -> None:
        if action.actor is None or not state[action.actor].has(LUNGED):
            raise IllegalAction("nothing-to-take", "no lunge to take")

    def resolve(self, state: EncounterState, action: Take, dice: DiceSource) -> Sequence[Event]:
        assert action.actor is not None
        lunge = state[action.actor].effect(LUNGED)
        assert lunge is not None
        return [PoolChanged(action.actor, "HP", -3), EffectEnded(action.actor, lunge.id)]


class Duel(Toy):
    descriptor = Descriptor(slug="duel", name="Duel")
    actions = (Lunge, Take)
    events = ()

    def rule(self, action: Action) -> Rule[Any] | None:
        rules: dict[type[Action], Rule[Any]] = {Lunge: LungeRule(), Take: TakeRule()}
        return rules.get(type(action))
