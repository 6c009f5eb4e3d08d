"""What one attack does to its target, as a table the rules themselves fill.

A table is the exact distribution of what a target's damage pool loses to one attack, read from
every distinct resolution of the attack by the ruleset's own code (``fracas.sim.odds.leaves``).
Its key is the attacker, the action and the target with everything they carry but the value of
the target's damage pool: the table is built once per key, from the fight's set-up, and holds as
long as nothing else changes between attacks. Each resolution is checked for that: one that
changes anything else (a status, a mark, another pool, another combatant, the clock) is
``Unmirrorable``, and the fight goes to the engine, the reason named. That the damage pool's
value is not read is checked by the plan (``striking``), at its two ends.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.state import Combatant, EncounterState
from fracas.errors import FracasError
from fracas.sim.odds import TooManyBranches, leaves


class Unmirrorable(FracasError):
    """A fight study mode cannot play as the engine would; the message says why."""


@dataclass(frozen=True)
class Table:
    """The losses one attack inflicts on its target's damage pool, each with its cumulative
    chance (ascending, the last exactly 1), for sampling with one uniform draw."""

    losses: tuple[int, ...]
    cumulative: tuple[float, ...]
    resolutions: int
    """How many times the rules resolved the attack to fill the table."""

    def sample(self, draw: float) -> int:
        """The loss a uniform ``draw`` in [0, 1) picks."""
        return self.losses[bisect_right(self.cumulative, draw)]

    def mean(self) -> float:
        previous, total = 0.0, 0.0
        for loss, reached in zip(self.losses, self.cumulative, strict=True):
            total += loss * (reached - previous)
            previous = reached
        return total


@dataclass(frozen=True)
class Tracked:
    """What a table follows of a target: its damage ``pool``, and the value below which the
    rules take it out of the fight (``lowest_up``)."""

    pool: str
    lowest_up: int


def attack_table(
    encounter: Encounter,
    action: Action,
    target: CombatantId,
    tracked: Tracked,
    costs: Iterable[str],
) -> Table:
    """The table of ``action`` on ``target`` from the encounter's state: what ``target``'s
    damage pool loses. The attacker may pay from its ``costs`` pools; any other change is
    Unmirrorable (so is an attack too big to enumerate), but for what befalls a target the
    attack takes out of the fight (momentum's Bleeding): nothing reads it again in study mode,
    which counts a fighter's damage taken while it is in the fight."""
    base = encounter.state
    chances: dict[int, Fraction] = {}
    resolved = 0
    try:
        for leaf in leaves(encounter, action):
            loss = _loss(base, leaf.state, action, target, tracked, frozenset(costs))
            chances[loss] = chances.get(loss, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
            resolved = leaf.resolved
    except TooManyBranches as error:
        raise Unmirrorable(
            f"{_said(base, action, target)}: too many ways to roll ({error})"
        ) from error
    losses = tuple(sorted(chances))
    running, cumulative = Fraction(0), []
    for loss in losses:
        running += chances[loss]
        cumulative.append(float(running))
    cumulative[-1] = 1.0
    return Table(losses, tuple(cumulative), resolved)


def _loss(
    before: EncounterState,
    after: EncounterState,
    action: Action,
    target: CombatantId,
    tracked: Tracked,
    costs: frozenset[str],
) -> int:
    """What ``target``'s damage pool lost in one resolution; Unmirrorable when it changed
    anything else than that and the attacker's ``costs`` (the fight ending is allowed, and
    anything done to a target taken out of the fight)."""
    said = _said(before, action, target)
    pool = tracked.pool
    out = after[target].pools[pool].current < tracked.lowest_up
    rest = replace(after, combatants=before.combatants, ended=before.ended, rng=before.rng)
    if out:
        rest = replace(rest, next_effect=before.next_effect)
    if rest != before:
        raise Unmirrorable(f"{said}: it changes the clock or the encounter, not only its target")
    for who, was in before.combatants.items():
        if out and who == target:
            continue
        now = after.combatants.get(who)
        if now is None:
            raise Unmirrorable(f"{said}: it takes {was.name} out of the encounter")
        if now == was:
            continue
        kept = frozenset({pool}) if who == target else costs if who == action.actor else frozenset()
        changed = _changed(was, now, kept)
        if changed:
            raise Unmirrorable(f"{said}: it changes {changed} of {was.name}")
    return before[target].pools[pool].current - after[target].pools[pool].current


def _changed(was: Combatant, now: Combatant, kept: frozenset[str]) -> str:
    """What changed from ``was`` to ``now`` besides the pools ``kept``, in words ('' for
    nothing)."""
    pools = {**now.pools, **{name: was.pools[name] for name in kept if name in was.pools}}
    if replace(now, pools=pools) == was:
        return ""
    if now.effects != was.effects:
        added = {e.name for e in now.effects} - {e.name for e in was.effects}
        return f"its effects ({', '.join(sorted(added)) or 'one ends'})"
    if now.marks != was.marks:
        marks = {k for k in {*now.marks, *was.marks} if now.marks.get(k) != was.marks.get(k)}
        return f"its marks ({', '.join(sorted(marks))})"
    if pools != was.pools:
        names = {k for k in pools if pools[k] != was.pools.get(k)}
        return f"its pools ({', '.join(sorted(names))})"
    return "its state"


def _said(state: EncounterState, action: Action, target: CombatantId) -> str:
    actor = state[action.actor].name if action.actor is not None else "?"
    return f"{actor}'s {action.verb} on {state[target].name}"
