"""Provoking a damage aura other than by a melee hit: a touch, Grab Item, Trip/Dismount/Throw,
or ending one's turn grappling with its holder (the chapter lists them; the actions themselves
are other chapters')."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, Note
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.lurasko.actions import Provoke
from fracas.rules.lurasko.defense import DefenseOutcome
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.turns import acting, require_turn
from fracas.rules.lurasko.wounds import aura_strikes_back


@frozen
class ProvokeRule:
    settings: LuraskoSettings

    def cost(self, state: EncounterState, action: Provoke) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Provoke) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        if action.holder == actor:
            raise IllegalAction("self-target", "provoke: another character's aura")

    def resolve(self, state: EncounterState, action: Provoke, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        note = Note(f"{action.how.value}: {state[action.holder].name}", actor)
        struck = aura_strikes_back(
            state, action.holder, actor, action.how, DefenseOutcome.HIT, settings=self.settings
        )
        return [note, *struck]
