"""A fumble of 2, settled: "2 results in hitting a team mate if possible, and dropping the weapon
if not" (What is a Miss).

Who stands in the line of fire is the game master's to say, so the fumble leaves a ``Stray
strike pending`` on the attacker (``combat._fumble``) and the game master's ``stray`` settles it:
``stray -hit NAME`` and the weapon's damage is rolled against that teammate, undefended (the
shot was never aimed at them); ``stray`` alone and nobody was in the way: the weapon is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Effect, EncounterState, Scalar
from fracas.rules.kingsdale.actions import Stray
from fracas.rules.kingsdale.combat import hit_events, teammates
from fracas.rules.kingsdale.queries import STRAY
from fracas.rules.kingsdale.settings import KingsdaleSettings


class StrayRule:
    """The game master's, free, and only while a fumbled strike waits."""

    def __init__(self, settings: KingsdaleSettings) -> None:
        self.settings = settings

    def cost(self, state: EncounterState, action: Stray) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Stray) -> None:
        if action.actor is not None:
            raise IllegalAction("game-master-only", "stray: only the game master can do that")
        striker = self._striker(state, action)
        if action.hit is not None and action.hit not in teammates(state, striker):
            name = state[action.hit].name if action.hit in state.combatants else action.hit
            raise IllegalAction(
                "not-a-teammate",
                f"stray: {name} is not a standing teammate of {state[striker].name}",
            )

    def resolve(self, state: EncounterState, action: Stray, dice: DiceSource) -> Sequence[Event]:
        striker = self._striker(state, action)
        pending = state[striker].effect(STRAY)
        assert pending is not None
        weapon = str(pending.data["weapon"])
        events: list[Event] = [EffectEnded(striker, pending.id, "settled by the game master")]
        if action.hit is None:
            dropped = Effect(f"Weapon dropped: {weapon}", source=striker)
            return [*events, EffectApplied(striker, dropped)]
        data: dict[str, Scalar] = {"attacker": striker, "weapon": weapon, "hits": 1}
        return events + hit_events(state, action.hit, data, dice, self.settings)

    @staticmethod
    def _striker(state: EncounterState, action: Stray) -> CombatantId:
        waiting = [c.id for c in state if c.has(STRAY)]
        if action.striker is not None:
            if action.striker not in waiting:
                raise IllegalAction("no-stray", "stray: that strike was not fumbled on a 2")
            return action.striker
        if len(waiting) != 1:
            why = "no fumbled strike waits" if not waiting else "name whose fumble (-from NAME)"
            raise IllegalAction("no-stray" if not waiting else "which-stray", f"stray: {why}")
        return waiting[0]
