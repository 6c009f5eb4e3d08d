"""Momentum tactics: strike the most hurt standing enemy with your hardest-hitting arm.

Each turn a creature attacks while it has the AP (an attack costs 2 of the 3), choosing among
its weapons and damaging Abilities the one with the highest mean damage (exact, from its dice)
that the rules allow against the enemy that has lost the most Vitality; when it cannot attack (or
cannot pay for an attack) it ends its turn.

These are ``fracas.sim.striker.Striker``'s choices, made with what momentum's rules say of an
attack, so that a turn asks the rules once: every arm's attack costs the same AP (the Attack
row of the tables), so one who cannot pay it tries nothing; those ``Ruleset.standing_in``
counts as standing are exactly those who take turns (``Momentum.standing`` and ``takes_turn``
read the same ``standing``), so the enemies are read from it without asking again; and each
(actor, target, arm) attack is built once, so that the engine, which remembers the action it
last found legal, knows it again when it is applied.
"""

from __future__ import annotations

from pydantic import BaseModel

from fracas.dice import distribution
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.actions_table import CombatAction, ap_cost
from fracas.rules.momentum.queries import AP, VITALITY
from fracas.rules.momentum.sheet import Sheet
from fracas.sim.policy import Policy


def attack(actor: CombatantId, target: CombatantId, arm: str) -> Action:
    return Attack(actor=actor, target=target, weapon=arm)


def best_first(sheet: BaseModel) -> tuple[str, ...]:
    """The names of a sheet's weapons and damaging Abilities, highest mean damage first."""
    assert isinstance(sheet, Sheet)
    arms = [(w.name, w.damage) for w in sheet.weapons]
    arms += [(a.name, a.damage) for a in sheet.abilities if a.damage is not None]
    ranked = sorted(arms, key=lambda arm: -distribution(arm[1]).mean())
    return tuple(name for name, _ in ranked)


ATTACK_AP = ap_cost(CombatAction.ATTACK)
"""What an attack costs, whatever its arm or target (a held attack, which costs nothing, is
never chosen here)."""


class MomentumStriker:
    """Attack the most hurt standing enemy with the best arm the rules allow."""

    def __init__(self) -> None:
        self._ranked: dict[CombatantId, tuple[BaseModel, tuple[str, ...]]] = {}
        self._attacks: dict[tuple[CombatantId, CombatantId, str], Action] = {}

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        state = encounter.state
        combatants = state.combatants
        me = combatants[actor]
        ap = me.pools.get(AP)
        if ap is None or ap.current < ATTACK_AP:
            return None  # no arm is affordable
        arms = self._arms_of(actor, me.sheet)
        for enemy in self._enemies(encounter, me.side):
            for arm in arms:
                key = (actor, enemy, arm)
                action = self._attacks.get(key)
                if action is None:
                    action = self._attacks[key] = attack(actor, enemy, arm)
                try:
                    encounter.check(action)
                except IllegalAction:
                    continue
                return action
        return None

    @staticmethod
    def _enemies(encounter: Encounter, side: str) -> list[CombatantId]:
        """The standing enemies, the most Vitality lost first (``standing_enemies``: in the
        combatants' order on a tie)."""
        combatants = encounter.state.combatants
        ranked = []
        for n, who in enumerate(encounter.ruleset.standing_in(encounter.state).up):
            enemy = combatants[who]
            if enemy.side != side:
                pool = enemy.pools.get(VITALITY)
                ranked.append((0 if pool is None else pool.current - pool.maximum, n, who))
        ranked.sort()
        return [who for _, _, who in ranked]

    def _arms_of(self, actor: CombatantId, sheet: BaseModel) -> tuple[str, ...]:
        """The actor's arms, best first, worked out once per sheet."""
        known = self._ranked.get(actor)
        if known is None or known[0] is not sheet:
            known = self._ranked[actor] = (sheet, best_first(sheet))
        return known[1]


def tactics(ruleset: Ruleset) -> Policy:
    return MomentumStriker()
