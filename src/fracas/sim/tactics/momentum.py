"""Momentum tactics: strike the weakest standing enemy with your hardest-hitting arm.

Each turn a creature attacks while it has the AP (an attack costs 2 of the 3), choosing among
its weapons and damaging Abilities the one with the highest mean damage (exact, from its dice)
that the rules allow against the enemy with the least Vitality; when it cannot attack (or
cannot pay for an attack) it ends its turn.
"""

from __future__ import annotations

from fracas.dice import distribution
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.queries import sheet_of
from fracas.rules.momentum.sheet import Sheet
from fracas.sim.policy import Policy, standing_enemies


class Striker:
    """Attack the weakest standing enemy with the best arm the rules allow."""

    def __init__(self) -> None:
        self._arms: dict[CombatantId, tuple[Sheet, tuple[str, ...]]] = {}

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        for enemy in standing_enemies(encounter, actor):
            for arm in self._ranked(encounter, actor):
                attack = Attack(actor=actor, target=enemy.id, weapon=arm)
                try:
                    encounter.check(attack)
                except IllegalAction as refused:
                    if refused.code.startswith("not-enough-"):
                        return None  # every attack costs the same: none is affordable
                    continue
                return attack
        return None

    def _ranked(self, encounter: Encounter, actor: CombatantId) -> tuple[str, ...]:
        """The actor's arms, best first, worked out once per sheet."""
        sheet = sheet_of(encounter.state[actor])
        known = self._arms.get(actor)
        if known is None or known[0] is not sheet:
            known = self._arms[actor] = (sheet, _best_first(sheet))
        return known[1]


def _best_first(sheet: Sheet) -> tuple[str, ...]:
    """The names of a sheet's weapons and damaging Abilities, highest mean damage first."""
    arms = [(w.name, w.damage) for w in sheet.weapons]
    arms += [(a.name, a.damage) for a in sheet.abilities if a.damage is not None]
    ranked = sorted(arms, key=lambda arm: -distribution(arm[1]).mean())
    return tuple(name for name, _ in ranked)


def tactics(ruleset: Ruleset) -> Policy:
    return Striker()
