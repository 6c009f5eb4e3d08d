"""dbu tactics: the generic attacker, which first answers its waiting Effect or End Phase.

When two or more things occur at once at the start or end of a dbu turn, the turn waits for the
player to order them (``phases``); this player takes its standing or the default order
(``phases auto``), then attacks the most hurt standing enemy as ``Generic`` does. The same
answer settles such a wait before the action ``fracas odds`` is asked about (``Settling``).
"""

from __future__ import annotations

from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import Ruleset
from fracas.rules.dbu.actions import EffectOrder
from fracas.rules.dbu.phase_names import AUTO
from fracas.sim.policy import Generic, Policy


class Ordering(Generic):
    """``Generic``, answering its own waiting phase first."""

    def settle(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """``phases auto`` when the combatant's Effect or End Phase waits for its order."""
        answer = EffectOrder(actor=combatant, items=(AUTO,))
        return answer if encounter.can(answer) else None

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        return self.settle(encounter, actor) or super().choose(encounter, actor)


def tactics(ruleset: Ruleset) -> Policy:
    return Ordering(ruleset)
