"""Lur-Asko tactics: attack the most hurt standing enemy with your hardest-hitting weapon.

A weapon's worth is the mean of its normal and its added energy damage together (the armor,
shielding and drive it meets are the rules' business, in the attack itself). One attack a turn;
when none is allowed the turn ends.
"""

from __future__ import annotations

from pydantic import BaseModel

from fracas.dice import distribution
from fracas.engine.action import Action, CombatantId
from fracas.engine.ruleset import Ruleset
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.sheet import Sheet, Weapon
from fracas.sim.policy import Policy
from fracas.sim.striker import Striker


def attack(actor: CombatantId, target: CombatantId, weapon: str) -> Action:
    return Attack(actor=actor, target=target, weapon=weapon)


def mean_damage(weapon: Weapon) -> float:
    """The weapon's normal and energy damage, on average."""
    parts = (weapon.damage, weapon.energy_damage)
    return sum(float(distribution(part).mean()) for part in parts if part is not None)


def best_first(sheet: BaseModel) -> tuple[str, ...]:
    """A sheet's weapons, highest mean damage first."""
    assert isinstance(sheet, Sheet)
    return tuple(w.name for w in sorted(sheet.weapons, key=lambda w: -mean_damage(w)))


def tactics(ruleset: Ruleset) -> Policy:
    return Striker(attack, best_first)
