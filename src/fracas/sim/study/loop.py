"""The lean loop shared by the study modes of rulesets whose tactics strike (``Striker``).

A ``Plan`` is what the loop needs of one encounter, worked out once from its set-up by the
ruleset's study module: each fighter's side, damage pool, the pool value below which the rules
take it out of the fight, how many attacks a turn its tactics make, and the table of its attack
on each enemy (``fracas.sim.study.table``, filled as the fights first need it, or given
filled); the turns of a round. ``play`` then plays one fight
with its own seeded generator, mirroring the engine's clock and the Striker's choice: in each
turn, each standing actor attacks, as often as its pools pay for, the standing enemy that has
lost the most (the first joined on a tie) that one of its arms may attack. A side with nobody
standing loses at once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from fracas.engine.action import CombatantId
from fracas.sim.fight import FightResult


class Sampled(Protocol):
    """An attack's table as the loop reads it: ``table.Table``, or ``striking.LazyTable``
    (filled the first time it is sampled)."""

    @property
    def resolutions(self) -> int:
        """How many times the rules resolved the attack to fill it."""
        ...

    def sample(self, draw: float) -> int:
        """The loss a uniform ``draw`` in [0, 1) picks."""
        ...


@dataclass(frozen=True)
class Fighter:
    id: CombatantId
    side: int
    maximum: int
    """The damage pool's maximum: what it has lost is maximum - current."""
    start: int
    lowest_up: int
    """The least value of the damage pool at which the rules keep the fighter in the fight."""
    attacks: int
    """How many attacks a turn its tactics make (as many as its turn's pools pay for)."""
    tables: tuple[Sampled | None, ...]
    """Its attack's table on each fighter, by index (None: not an enemy it may attack)."""


@dataclass(frozen=True)
class Plan:
    fighters: tuple[Fighter, ...]
    sides: tuple[str, ...]
    turns: tuple[tuple[int, ...], ...]
    """Each turn of a round: the indices of its actors, in the order they act."""
    resolutions: int
    """How many times the rules resolved an attack to fill the tables before any fight (0
    when they are filled as the fights need them)."""

    def play(self, seed: int, max_rounds: int) -> FightResult:
        return play(self, seed, max_rounds)

    def describe(self) -> str:
        tables = [t for f in self.fighters for t in f.tables if t is not None]
        filled = [t.resolutions for t in tables if t.resolutions]
        if len(filled) == len(tables):
            return f"{len(tables)} attack tables from {sum(filled)} rule resolutions"
        if not filled:
            return f"{len(tables)} attack tables, filled from the rules as the fights need them"
        return (
            f"{len(filled)} of {len(tables)} attack tables filled from {sum(filled)} rule"
            " resolutions as the fights needed them"
        )


def play(plan: Plan, seed: int, max_rounds: int) -> FightResult:
    """One fight of ``plan`` with dice seeded ``seed`` (a draw after ``max_rounds``)."""
    draw = random.Random(seed).random
    fighters = plan.fighters
    count = len(fighters)
    current = [f.start for f in fighters]
    dealt = [0] * count
    taken = [0] * count
    standing = [0] * len(plan.sides)
    for f in fighters:
        standing[f.side] += f.start >= f.lowest_up
    winner, rounds = None, max_rounds
    for number in range(1, max_rounds + 1):
        for turn in plan.turns:
            for actor in turn:
                me = fighters[actor]
                for _ in range(me.attacks):
                    if current[actor] < me.lowest_up:
                        break
                    target, table = _target(fighters, me, current)
                    if table is None:
                        break
                    loss = table.sample(draw())
                    foe = fighters[target]
                    was_up = current[target] >= foe.lowest_up
                    current[target] -= loss
                    dealt[actor] += loss
                    taken[target] += loss
                    if was_up and current[target] < foe.lowest_up:
                        standing[foe.side] -= 1
                        winner = _last(standing) if standing[foe.side] == 0 else None
                        if winner is not None:
                            rounds = number
                            break
                if winner is not None:
                    break
            if winner is not None:
                break
        if winner is not None:
            break
    return FightResult(
        seed=seed,
        winner=plan.sides[winner] if winner is not None else None,
        rounds=rounds,
        survivors=tuple(f.id for i, f in enumerate(fighters) if current[i] >= f.lowest_up),
        dealt={f.id: dealt[i] for i, f in enumerate(fighters) if dealt[i]},
        taken={f.id: taken[i] for i, f in enumerate(fighters) if taken[i]},
    )


def _target(
    fighters: tuple[Fighter, ...], me: Fighter, current: list[int]
) -> tuple[int, Sampled | None]:
    """The standing enemy that has lost the most, first joined on a tie, with the table of
    ``me``'s attack on it; (-1, None) when there is none."""
    best, most, table = -1, -1, None
    for index, other in enumerate(fighters):
        mine = me.tables[index]
        if mine is None or current[index] < other.lowest_up:
            continue
        lost = other.maximum - current[index]
        if lost > most:
            best, most, table = index, lost, mine
    return best, table


def _last(standing: list[int]) -> int | None:
    """The only side with anyone standing, if there is one."""
    up = [side for side, count in enumerate(standing) if count > 0]
    return up[0] if len(up) == 1 else None
