"""The plainest tactics a ruleset can plug in: strike the most hurt standing enemy with your
hardest-hitting arm.

A ruleset's tactics module (``fracas.sim.tactics.<slug>``) gives ``Striker`` two things: how to
build its attack (actor, target, arm) and how to rank a sheet's arms, best first. Each turn the
actor attacks while the rules allow, trying its arms in order against its enemies, the most hurt
first.

Each arm's price (the cost of its attack when last checked) is remembered per actor: an arm
whose price the actor's pools cannot pay is not tried, and when no arm's price can be paid the
turn ends without asking the engine (one full check fewer a turn where every arm costs the same).
A refusal for want of a pool (``not-enough-…``, the engine's own code) passes over that arm only,
not the turn: where arms cost different things (a kingsdale gun's payload besides the action),
the next arm may still be paid for.

Momentum's and Lur-Asko's tactics make these choices with code of their own that checks less
(``MomentumStriker``, whose tests play it against this one, and ``Lethal``); a new ruleset's
tactics can start here.
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
        self._price: dict[tuple[CombatantId, str], Cost] = {}

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        arms = self._arms_of(encounter, actor)
        if not any(self._can_pay(encounter, actor, arm) for arm in arms):
            return None  # no arm is affordable
        for enemy in standing_enemies(encounter, actor):
            for arm in arms:
                if not self._can_pay(encounter, actor, arm):
                    continue
                attack = self.attack(actor, enemy.id, arm)
                try:
                    self._price[actor, arm] = encounter.price(attack)
                except IllegalAction as refused:
                    if refused.code.startswith("not-enough-"):
                        self._remember(encounter, arm, attack)
                    continue
                return attack
        return None

    def _remember(self, encounter: Encounter, arm: str, attack: Action) -> None:
        """The arm's price now (unknown when the rules cannot cost the attack)."""
        assert attack.actor is not None
        try:
            price = encounter.rule(attack).cost(encounter.state, attack)
        except IllegalAction:
            price = {}
        self._price[attack.actor, arm] = price

    def _can_pay(self, encounter: Encounter, actor: CombatantId, arm: str) -> bool:
        """Whether the actor's pools hold the arm's price (as the engine counts it: a pool it
        lacks holds 0); True before the arm is first checked."""
        pools = encounter.state.combatants[actor].pools
        # a loop, not all(): asked for every arm and enemy at every turn
        for pool, amount in self._price.get((actor, arm), {}).items():
            if (pools[pool].current if pool in pools else 0) < amount:
                return False
        return True

    def _arms_of(self, encounter: Encounter, actor: CombatantId) -> tuple[str, ...]:
        """The actor's arms, best first, worked out once per sheet."""
        sheet = encounter.state.combatants[actor].sheet
        known = self._ranked.get(actor)
        if known is None or known[0] is not sheet:
            known = self._ranked[actor] = (sheet, self.arms(sheet))
        return known[1]
