"""The reference for the engine-overhead benchmark: the same momentum fight as a bare loop.

Hand-written and deliberately lean: lists of ints, one ``SeededDice`` stream, no states, events,
checks or log. It plays exactly what ``fracas.sim.tactics.momentum`` plays through the engine in
the benchmark's fight (no statuses, no map): each round in Initiative order (a group of
identical creatures shares one turn), each standing creature strikes the standing enemy with
the most Vitality lost with its best arm; d20 + hit bonus against Evasion, a natural 1 misses, a
natural 20 hits and adds the critical bonus; Armor comes off the damage. The numbers it starts
from (hit bonuses, Evasion, Armor, critical bonuses) are read from the sheets with the ruleset's
own formulas, once, before any fight. Its dice are drawn in the engine's order, so each fight
comes out the same as the engine's: the benchmark checks that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fracas.dice import Constant, Dice, SeededDice, distribution
from fracas.dice.syntax import BinaryOp, Expression
from fracas.engine.events import reduce
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from fracas.rules.momentum.derived import ability_hit_bonus, evasion_of, weapon_hit_bonus
from fracas.rules.momentum.queries import VITALITY, sheet_of
from fracas.rules.momentum.ruleset import Momentum
from fracas.rules.momentum.sheet import Ability, Weapon


@dataclass(frozen=True)
class Fighter:
    side: int
    hit_bonus: int
    dice: int
    sides: int
    flat: int
    critical: int
    evasion: int
    armor: int
    vitality: int


def _terms(expression: Expression) -> tuple[int, int, int]:
    """(dice, sides, flat) of ``NdS`` or ``NdS+K``."""
    match expression:
        case Dice(count=count, sides=sides):
            return count, sides, 0
        case BinaryOp("+", Dice(count=count, sides=sides), Constant(value)):
            return count, sides, value
    raise ValueError(f"the bare loop only knows NdS+K damage, not {expression}")


def reference(ruleset: Ruleset, setup: EncounterState) -> Callable[[int], tuple[str | None, int]]:
    """The bare loop of ``setup``'s fight: seed -> (the winning side or None, rounds)."""
    assert isinstance(ruleset, Momentum)
    fighting, turns = fighters(ruleset, setup)
    sides = sorted({c.side for c in setup})

    def play(seed: int) -> tuple[str | None, int]:
        winner, rounds = bare_fight(fighting, turns, seed)
        return (sides[winner] if winner >= 0 else None), rounds

    return play


def fighters(ruleset: Momentum, setup: EncounterState) -> tuple[list[Fighter], list[list[int]]]:
    """The fighters of ``setup`` (in join order) and the turns of a round (indices)."""
    rules = ruleset.rules
    sides = sorted({c.side for c in setup})
    found: list[Fighter] = []
    for combatant in setup:
        sheet = sheet_of(combatant)
        arms: list[Weapon | Ability] = [*sheet.weapons, *sheet.abilities]
        armed = [(arm, arm.damage) for arm in arms if arm.damage is not None]
        best, damage = max(armed, key=lambda pair: distribution(pair[1]).mean())
        if isinstance(best, Ability):
            bonus = ability_hit_bonus(sheet, settings=rules)
            critical = rules.critical_bonus + rules.critical_bonus_per_tier * best.tier
        else:
            bonus = weapon_hit_bonus(sheet, best, settings=rules)
            critical = rules.critical_bonus
        count, faces, flat = _terms(damage)
        found.append(
            Fighter(
                side=sides.index(combatant.side),
                hit_bonus=bonus,
                dice=count,
                sides=faces,
                flat=flat,
                critical=critical,
                evasion=evasion_of(sheet, settings=rules),
                armor=sheet.armor,
                vitality=combatant.pools[VITALITY].current,
            )
        )
    order = list(ruleset.order(setup_with_initiative(ruleset, setup)))
    ids = list(setup.combatants)
    return found, [[ids.index(a) for a in turn.actors] for turn in order]


def setup_with_initiative(ruleset: Momentum, setup: EncounterState) -> EncounterState:
    """``setup`` with the (static) Initiative the ruleset gives everyone."""
    events = ruleset.roll_initiative(setup, list(setup.combatants), SeededDice(0))
    return reduce(setup, events)


def bare_fight(fighters: list[Fighter], turns: list[list[int]], seed: int) -> tuple[int, int]:
    """(winning side index or -1, rounds) of one fight."""
    roll = SeededDice(seed).roll
    vitality = [f.vitality for f in fighters]
    count = len(fighters)
    for number in range(1, 51):
        for turn in turns:
            for actor in turn:
                if vitality[actor] < 1:
                    continue
                me = fighters[actor]
                target, most = -1, 0
                for other in range(count):
                    lost = fighters[other].vitality - vitality[other]
                    enemy = fighters[other].side != me.side and vitality[other] >= 1
                    if enemy and (target < 0 or lost > most):
                        target, most = other, lost
                foe = fighters[target]
                natural = roll(20)
                if natural == 1 or (natural != 20 and natural + me.hit_bonus < foe.evasion):
                    continue
                damage = me.flat
                for _ in range(me.dice):
                    damage += roll(me.sides)
                if natural == 20:
                    damage += me.critical
                vitality[target] -= max(0, damage - foe.armor)
                if vitality[target] < 1 and not any(
                    vitality[o] >= 1 for o in range(count) if fighters[o].side == foe.side
                ):
                    return me.side, number
    return -1, 50
