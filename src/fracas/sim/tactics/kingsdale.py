"""Kingsdale tactics: strike the most hurt standing enemy with your hardest-hitting weapon, and
answer every strike with the cheapest defence the rules allow.

Mega-damage weapons come first (S.D.C. damage does nothing to M.D.C.), then the highest mean
damage. A strike waits for its defender's answer: an auto-parry or auto-dodge (no action), a
parry (no action for a hand-to-hand fighter), a dodge (one action), or taking it.
"""

from __future__ import annotations

from pydantic import BaseModel

from fracas.dice import distribution
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import Ruleset
from fracas.rules.kingsdale.actions import AutoDodge, AutoParry, Dodge, NoDefence, Parry, Strike
from fracas.rules.kingsdale.sheet import Sheet
from fracas.sim.policy import Policy
from fracas.sim.striker import Striker

DEFENCES = (AutoParry, AutoDodge, Parry, Dodge, NoDefence)
"""Cheapest first: the auto-actions and a trained parry cost no action, a dodge costs one."""


def strike(actor: CombatantId, target: CombatantId, weapon: str) -> Action:
    return Strike(actor=actor, target=target, weapon=weapon)


def best_first(sheet: BaseModel) -> tuple[str, ...]:
    """A sheet's weapons: mega-damage first, then by mean damage."""
    assert isinstance(sheet, Sheet)
    ranked = sorted(sheet.weapons, key=lambda w: (not w.mega, -distribution(w.damage).mean()))
    return tuple(w.name for w in ranked)


class Fighter(Striker):
    """Strikes on its poses; parries or dodges what comes at it."""

    def react(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        for kind in DEFENCES:
            answer = kind(actor=combatant)
            if encounter.can(answer):
                return answer
        return None


def tactics(ruleset: Ruleset) -> Policy:
    return Fighter(strike, best_first)
