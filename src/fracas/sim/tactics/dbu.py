"""dbu tactics: the generic attacker, which first answers its waiting Effect or End Phase.

When two or more things occur at once at the start or end of a dbu turn, the turn waits for the
player to order them (``phases``); this player takes its standing or the default order
(``phases auto``), then attacks the most hurt standing enemy as ``Generic`` does. The same
answer settles such a wait before the action ``fracas odds`` is asked about (``Settling``).

Out of its turn it answers as ``Generic`` does, but never converts its Actions into Counter
Actions: converting is allowed at any time, but "Any Actions converted into Counter Actions are
lost at the start of your next turn" (seed 001), and these tactics spend no Counter Action, so
a fighter converting whenever it is attacked would come to its turn with no Action left.
"""

from __future__ import annotations

from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import Ruleset
from fracas.rules.dbu.actions import Convert, EffectOrder
from fracas.rules.dbu.charging import charge_of
from fracas.rules.dbu.form_rules import TRIGGER
from fracas.rules.dbu.phase_names import AUTO, PHASE_WAITS
from fracas.rules.dbu.queries import RESPONDING, has_effect
from fracas.sim.policy import Generic, Policy


class Ordering(Generic):
    """``Generic``, answering its own waiting phase first and never converting Actions."""

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.answers = tuple(kind for kind in self.answers if kind is not Convert)

    def settle(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """``phases auto`` when the combatant's Effect or End Phase waits for its order (none
        is asked about while no phase of it waits: the rules refuse it then, ``no-phase``)."""
        if encounter.state[combatant].marks.get(PHASE_WAITS) is None:
            return None
        answer = EffectOrder(actor=combatant, items=(AUTO,))
        return answer if encounter.can(answer) else None

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        return self.settle(encounter, actor) or super().choose(encounter, actor)

    def react(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """As ``Generic``, when anything may be allowed: out of its turn a dbu fighter acts only
        in a response (a Triggered Maneuver waiting, or a response open: "Actions can only be
        used during your turn") or to stop charging ("at any time"); with none of these the
        rules refuse every answer, and none is asked about."""
        state = encounter.state
        fighter = state[combatant]
        if (
            state.is_turn_of(combatant)
            or fighter.effect(TRIGGER) is not None
            or has_effect(fighter, RESPONDING)
            or charge_of(fighter) is not None
        ):
            return super().react(encounter, combatant)
        return None


def tactics(ruleset: Ruleset) -> Policy:
    return Ordering(ruleset)
