"""Momentum tactics: strike the most hurt standing enemy with your hardest-hitting arm.

Each turn a creature attacks while it has the AP (an attack costs 2 of the 3), choosing among
its weapons and damaging Abilities the one with the highest mean damage (exact, from its dice)
that the rules allow against the enemy that has lost the most Vitality; when it cannot attack (or
cannot pay for an attack) it ends its turn.
"""

from __future__ import annotations

from pydantic import BaseModel

from fracas.dice import distribution
from fracas.engine.action import Action, CombatantId
from fracas.engine.ruleset import Ruleset
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.sheet import Sheet
from fracas.sim.policy import Policy
from fracas.sim.striker import Striker


def attack(actor: CombatantId, target: CombatantId, arm: str) -> Action:
    return Attack(actor=actor, target=target, weapon=arm)


def best_first(sheet: BaseModel) -> tuple[str, ...]:
    """The names of a sheet's weapons and damaging Abilities, highest mean damage first."""
    assert isinstance(sheet, Sheet)
    arms = [(w.name, w.damage) for w in sheet.weapons]
    arms += [(a.name, a.damage) for a in sheet.abilities if a.damage is not None]
    ranked = sorted(arms, key=lambda arm: -distribution(arm[1]).mean())
    return tuple(name for name, _ in ranked)


def tactics(ruleset: Ruleset) -> Policy:
    return Striker(attack, best_first)
