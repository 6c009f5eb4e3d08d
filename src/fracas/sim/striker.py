"""The plainest tactics a ruleset can plug in: strike the most hurt standing enemy with your
hardest-hitting arm.

A ruleset's tactics module (``fracas.sim.tactics.<slug>``) gives ``Striker`` two things: how to
build its attack (actor, target, arm) and how to rank a sheet's arms, best first. Each turn the
actor attacks while the rules allow, trying its arms in order against its enemies, the most hurt
first; a refusal for want of a pool (``not-enough-…``, the engine's own code) means no attack
is affordable, and the turn ends. So the cost of the attack it last found legal is remembered per
actor: while the actor's pools cannot pay it, no attack is tried (one full check fewer a turn).
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.sim.policy import standing_enemies

MakeAttack = Callable[[CombatantId, CombatantId, str], Action]
"""(actor, target, arm) → the ruleset's attack."""

RankArms = Callable[[BaseModel], tuple[str, ...]]
"""A sheet → the names of its arms (weapons, damaging abilities), best first."""


class Striker:
    """Attack the most hurt standing enemy with the best arm the rules allow."""

    def __init__(self, attack: MakeAttack, arms: RankArms) -> None:
        self.attack = attack
        self.arms = arms
        self._ranked: dict[CombatantId, tuple[BaseModel, tuple[str, ...]]] = {}
        self._price: dict[CombatantId, Cost] = {}

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        if not self._can_pay(encounter, actor):
            return None  # every attack costs the same: none is affordable
        for enemy in standing_enemies(encounter, actor):
            for arm in self._arms_of(encounter, actor):
                attack = self.attack(actor, enemy.id, arm)
                try:
                    encounter.check(attack)
                except IllegalAction as refused:
                    if refused.code.startswith("not-enough-"):
                        return None
                    continue
                self._price[actor] = encounter.rule(attack).cost(encounter.state, attack)
                return attack
        return None

    def _can_pay(self, encounter: Encounter, actor: CombatantId) -> bool:
        """Whether the actor's pools hold the price of its last legal attack (as the engine
        counts it: a pool it lacks holds 0); True before its first attack."""
        pools = encounter.state[actor].pools
        return all(
            (pools[pool].current if pool in pools else 0) >= amount
            for pool, amount in self._price.get(actor, {}).items()
        )

    def _arms_of(self, encounter: Encounter, actor: CombatantId) -> tuple[str, ...]:
        """The actor's arms, best first, worked out once per sheet."""
        sheet = encounter.state[actor].sheet
        known = self._ranked.get(actor)
        if known is None or known[0] is not sheet:
            known = self._ranked[actor] = (sheet, self.arms(sheet))
        return known[1]
