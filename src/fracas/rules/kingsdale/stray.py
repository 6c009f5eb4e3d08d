"""A fumble of 2, settled: "2 results in hitting a team mate if possible, and dropping the weapon
if not" (What is a Miss).

Who stands in the line of fire is the game master's to say, so the fumble leaves a ``Stray
strike pending`` on the attacker (``combat._fumble``) and the game master's ``stray`` settles it:
``stray -hit NAME`` and the weapon's damage is rolled against that teammate, undefended (the
shot was never aimed at them); ``stray`` alone and nobody was in the way: the weapon is dropped.
``stray -roll`` lets the dice say (the simulator, standing in for the game master, always does):
a teammate is in the line of fire on a d100 at or under the setting ``stray_in_line_of_fire``
(not rolled at 100, the default: "if possible" whenever one stands), which one by an even die
over the standing teammates (not rolled for one).
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, Note
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
        if action.roll and action.hit is not None:
            raise IllegalAction("hit-or-roll", "stray: name the teammate hit or -roll, not both")
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
        hit = action.hit
        if action.roll:
            hit, said = self._in_line_of_fire(state, striker, dice)
            events.append(Note(said, striker))
        if hit is None:
            dropped = Effect(f"Weapon dropped: {weapon}", source=striker)
            return [*events, EffectApplied(striker, dropped)]
        data: dict[str, Scalar] = {"attacker": striker, "weapon": weapon, "hits": 1}
        return [*events, *hit_events(state, hit, data, dice, self.settings)]

    def _in_line_of_fire(
        self, state: EncounterState, striker: CombatantId, source: DiceSource
    ) -> tuple[CombatantId | None, str]:
        """The teammate the dice put in the line of fire, or None, and how they said it."""
        standing = teammates(state, striker)
        chance = self.settings.stray_in_line_of_fire
        said: list[str] = []
        if standing and chance < 100:
            check = roll(dice(1, 100), source)
            said.append(f"d100 {check.total} against {chance}")
            if check.total > chance:
                standing = []
        if len(standing) > 1:
            pick = roll(dice(1, len(standing)), source)
            said.append(f"1d{len(standing)} {pick.total}")
            standing = [standing[pick.total - 1]]
        who = standing[0] if standing else None
        found = f"{state[who].name} in the line of fire" if who else "nobody in the line of fire"
        return who, f"the dice say {found}" + (f" ({', '.join(said)})" if said else "")

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
