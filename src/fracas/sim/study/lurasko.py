"""Lur-Asko's study mode: the lean loop of its tactics, over tables the rules fill lazily.

What the loop mirrors of the engine: the clock (the order initiative gives, rolled each fight
by the rules' ``roll_initiative`` and ``order``; a turn's start and end, whose changes are the
rules' own, tabled; effects ending at their anchors, as ``engine.clock`` ends them), the
tactics' choice (``tactics.lurasko.Lethal``: the standing enemy that has taken the most damage,
the first joined on a tie, with the first weapon of ``best_first`` the rules allow and the
critical ``critical_choice`` picks), and the end test (one side left standing). What each
attack does, and what it does to the running damage, degrees of injury and life, comes from
the tables of ``lurasko_tables``, filled from the rules the first time a fight needs them.

A fight the loop cannot mirror falls back to the engine, the reason named: tactics that answer
out of turn, a round's start that does anything, pools a round refills, effects ended otherwise
than at their anchors, an order that is not the initiative's, an attack that changes others
than its two or costs what a turn does not refill.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass, replace
from fractions import Fraction

from fracas.dice import DiceNeeded
from fracas.engine.action import CombatantId
from fracas.engine.events import InitiativeSet
from fracas.engine.ruleset import Cost, Ruleset
from fracas.engine.state import EncounterState, Moment, Reset
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.attack import weapon_of
from fracas.rules.lurasko.queries import damage_of, degrees_of, standing
from fracas.rules.lurasko.ruleset import Lurasko
from fracas.sim.branching import BranchingDice, RollNeeded
from fracas.sim.fight import FightResult
from fracas.sim.policy import Reacting, Settling, tactics_for
from fracas.sim.study.lurasko_tables import CORE, HAND_ARM, KINDS, MOBILITY, Tables
from fracas.sim.study.striking import (
    StrikerShape,
    attacks_paid,
    chosen,
    on_turn_of,
    started_from,
)
from fracas.sim.study.table import Unmirrorable
from fracas.sim.tactics.lurasko import attack, best_first, critical_choice


def plan(ruleset: Ruleset, setup: EncounterState) -> LuraskoPlan:
    """The plan of ``setup``'s fight; Unmirrorable when study mode cannot play it."""
    assert isinstance(ruleset, Lurasko)
    started = started_from(ruleset, setup)
    _check(ruleset, started)
    ids = tuple(started.combatants)
    actions, prices = _attacks(ruleset, started)
    tables = Tables(ruleset, started, ids, actions)
    fighters = tuple(
        Fighter(
            side=sorted({c.side for c in started}).index(c.side),
            damage=damage_of(c),
            degrees=tuple(degrees_of(c, kind) for kind in KINDS),
            dead=not standing(c),
            rest=tables.rest(index, c),
            attacks=attacks_paid(c, prices[index]),
            foes=tuple(j for j in range(len(ids)) if (index, j) in actions),
        )
        for index, c in enumerate(started)
    )
    risen = [c.name for i, c in enumerate(started) if tables.dead_take_turns(i, fighters[i].rest)]
    if risen:
        raise Unmirrorable(f"the dead take turns ({', '.join(risen)})")
    sides = tuple(sorted({c.side for c in started}))
    initiatives = tuple(_initiative(ruleset, setup, who) for who in ids)
    return LuraskoPlan(ruleset, setup, tables, fighters, sides, initiatives)


def _initiative(
    ruleset: Lurasko, setup: EncounterState, who: CombatantId
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The exact distribution of ``who``'s initiative, from the rules' ``roll_initiative``
    resolved once per total of its roll."""
    try:
        ruleset.roll_initiative(setup, (who,), BranchingDice(()))
    except RollNeeded as needed:
        branches = needed.branches
    else:
        branches = ((0, Fraction(1)),)  # no dice: one way
    chances: dict[int, Fraction] = {}
    for draw, share in branches:
        try:
            events = ruleset.roll_initiative(setup, (who,), BranchingDice((draw,)))
        except DiceNeeded as needed:
            raise Unmirrorable(f"{setup[who].name}'s initiative rolls more than once") from needed
        (event,) = events
        assert isinstance(event, InitiativeSet)
        chances[event.initiative] = chances.get(event.initiative, Fraction(0)) + share
    values = tuple(sorted(chances))
    running, cumulative = Fraction(0), []
    for value in values:
        running += chances[value]
        cumulative.append(float(running))
    cumulative[-1] = 1.0
    return values, tuple(cumulative)


def _check(ruleset: Lurasko, started: EncounterState) -> None:
    """What the loop cannot mirror, named (Unmirrorable)."""
    tactics = tactics_for(ruleset)
    if isinstance(tactics, Reacting | Settling):
        raise Unmirrorable("its tactics answer out of turn")
    if type(ruleset).expire is not Ruleset.expire:
        raise Unmirrorable("its effects end otherwise than at their anchors")
    if ruleset.at_round_start(started, BranchingDice(())):
        raise Unmirrorable("a round's start does something")
    if ruleset.order(started) != started.clock.order:
        raise Unmirrorable("the order is not the one initiative gives")
    rounded = [c.name for c in started if any(p.reset is Reset.ROUND for p in c.pools.values())]
    if rounded:
        raise Unmirrorable(f"pools a round refills ({', '.join(rounded)})")


def _attacks(
    ruleset: Lurasko, started: EncounterState
) -> tuple[dict[tuple[int, int], Attack], list[set[tuple[tuple[str, int], ...]]]]:
    """The attack the tactics make on each enemy, by index, and what each fighter's cost."""
    shape = StrikerShape(attack, best_first)
    ids = list(started.combatants)
    actions: dict[tuple[int, int], Attack] = {}
    prices: list[set[tuple[tuple[str, int], ...]]] = []
    for index, me in enumerate(started):
        encounter = on_turn_of(ruleset, started, me)
        paid: set[tuple[tuple[str, int], ...]] = set()
        for other in started.enemies(me.id):
            action = chosen(encounter, me, other, shape)
            if action is None:
                continue
            assert isinstance(action, Attack)
            weapon = weapon_of(me, action.weapon)
            effect, injury = critical_choice(ruleset.rules, me, weapon, other)
            action = replace(action, critical=effect, injury=injury)
            actions[index, ids.index(other.id)] = action
            price: Cost = encounter.rule(action).cost(encounter.state, action)
            paid.add(tuple(sorted(price.items())))
        prices.append(paid)
    return actions, prices


@dataclass(frozen=True)
class Fighter:
    """A fighter as it starts: its side's index, tallies and rest; attacks a turn; foes."""

    side: int
    damage: int
    degrees: tuple[int, ...]
    dead: bool
    rest: int
    attacks: int
    foes: tuple[int, ...]


@dataclass
class LuraskoPlan:
    ruleset: Lurasko
    setup: EncounterState
    tables: Tables
    fighters: tuple[Fighter, ...]
    sides: tuple[str, ...]
    initiatives: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...]
    """Each fighter's initiative: its values and their cumulative chances."""

    def describe(self) -> str:
        t = self.tables
        if not t.attacks:
            return "its tables are filled from the rules as the fights need them"
        return (
            f"{len(t.attacks)} attack tables from {t.resolutions} rule resolutions, filled"
            " from the rules as the fights needed them"
        )

    def order(self, generator: random.Random) -> tuple[int, ...]:
        """The turn order of one fight: each fighter's initiative drawn from the rules' roll
        (``initiatives``), the order the rules make of them."""
        state = self.setup
        draw = generator.random
        for who, (values, cumulative) in zip(self.tables.ids, self.initiatives, strict=True):
            value = values[bisect_right(cumulative, draw())]
            state = InitiativeSet(who, value).apply(state)
        ids = self.tables.ids
        return tuple(ids.index(turn.actors[0]) for turn in self.ruleset.order(state))

    def play(self, seed: int, max_rounds: int) -> FightResult:
        """One fight with dice seeded ``seed`` (a draw after ``max_rounds``)."""
        return _Fight(self, random.Random(seed)).play(seed, max_rounds)


class _Fight:
    """One fight's state: each fighter's tallies and rest, what it dealt and took."""

    def __init__(self, plan: LuraskoPlan, generator: random.Random) -> None:
        self.plan = plan
        self.tables = plan.tables
        self.generator = generator
        fighters = plan.fighters
        self.damage = [f.damage for f in fighters]
        self.degrees = [list(f.degrees) for f in fighters]
        self.dead = [f.dead for f in fighters]
        self.rest = [f.rest for f in fighters]
        anchored = plan.tables.rests.anchored
        self.anchored = {i for i, rest in enumerate(self.rest) if anchored[rest]}
        """The fighters whose rest holds an effect ending at an anchor."""
        self.dealt = [0] * len(fighters)
        self.taken = [0] * len(fighters)
        self.standing = [0] * len(plan.sides)
        for f in fighters:
            self.standing[f.side] += not f.dead

    def play(self, seed: int, max_rounds: int) -> FightResult:
        plan, tables = self.plan, self.tables
        order = plan.order(self.generator)
        attacks = [f.attacks for f in plan.fighters]
        winner, rounds, over = None, max_rounds, False
        for number in range(1, max_rounds + 1):
            if number > 1 and self.anchored:
                self._new_round()
            for actor in order:
                if self.anchored:
                    self._expire(actor, Moment.START)
                if self.dead[actor]:  # nothing reads a dead fighter's rest: its turn is skipped
                    if self.anchored:
                        self._expire(actor, Moment.END)
                    continue
                rest = self.rest[actor]
                after = tables.turn(actor, False, rest, False)
                if after != rest:
                    self._put(actor, after)
                for _ in range(attacks[actor]):
                    if self.dead[actor] or not tables.takes_turn(actor, self.rest[actor]):
                        break
                    target = self._target(actor)
                    if target < 0:
                        break
                    if self._attack(actor, target):
                        over, winner = self._over()
                        if over:
                            break
                if over:
                    break
                rest = self.rest[actor]
                after = tables.turn(actor, True, rest, self.dead[actor])
                if after != rest:
                    self._put(actor, after)
                if self.anchored:
                    self._expire(actor, Moment.END)
            if over:
                rounds = number
                break
        ids = tables.ids
        return FightResult(
            seed=seed,
            winner=plan.sides[winner] if winner is not None else None,
            rounds=rounds,
            survivors=tuple(
                ids[i]
                for i in range(len(ids))
                if not self.dead[i] and tables.takes_turn(i, self.rest[i])
            ),
            dealt={ids[i]: n for i, n in enumerate(self.dealt) if n},
            taken={ids[i]: n for i, n in enumerate(self.taken) if n},
        )

    def _put(self, fighter: int, rest: int) -> None:
        self.rest[fighter] = rest
        if self.tables.rests.anchored[rest]:
            self.anchored.add(fighter)
        else:
            self.anchored.discard(fighter)

    def _new_round(self) -> None:
        """Effects' ends move a round nearer; those of a round gone by end."""
        rests = self.tables.rests
        for i in list(self.anchored):
            self._put(i, rests.expired(rests.moved(self.rest[i], -1), None, Moment.START))

    def _expire(self, actor: int, moment: Moment) -> None:
        """The effects that end at ``moment`` of ``actor``'s turn end."""
        rests = self.tables.rests
        who = self.tables.ids[actor]
        for i in list(self.anchored):
            self._put(i, rests.expired(self.rest[i], who, moment))

    def _target(self, actor: int) -> int:
        """The standing enemy that has taken the most damage, first joined on a tie."""
        best, most = -1, -1
        tables, rest, dead, damage = self.tables, self.rest, self.dead, self.damage
        for foe in self.plan.fighters[actor].foes:
            if damage[foe] > most and not dead[foe] and tables.takes_turn(foe, rest[foe]):
                best, most = foe, damage[foe]
        return best

    def _attack(self, actor: int, target: int) -> bool:
        """``actor``'s attack on ``target``; whether it killed anyone."""
        tables, killing = self.tables, False
        mine, theirs = self.degrees[actor], self.degrees[target]
        hindrance = tables.hindrance(actor, target, mine[HAND_ARM], theirs[MOBILITY])
        key = (actor, target, hindrance, self.rest[actor], self.rest[target])
        outcome = tables.attack(key, (mine, theirs)).sample(self.generator.random())
        if outcome.target_rest != self.rest[target]:
            self._put(target, outcome.target_rest)
        if outcome.attacker_rest != self.rest[actor]:
            self._put(actor, outcome.attacker_rest)
        for who, hit in ((target, outcome.target), (actor, outcome.attacker)):
            if not hit.total:
                continue
            degrees, killed = tables.wound(who, self.damage[who], self.degrees[who][CORE], hit)
            self.damage[who] += hit.total
            self.taken[who] += hit.total
            if who != actor:
                self.dealt[actor] += hit.total
            if degrees:
                assert hit.kind is not None
                self.degrees[who][hit.kind] += degrees
            if killed and not self.dead[who]:
                self.dead[who] = killing = True
                self.standing[self.plan.fighters[who].side] -= 1
        return killing

    def _over(self) -> tuple[bool, int | None]:
        """Whether one side (or none) is left standing, and which."""
        up = [side for side, count in enumerate(self.standing) if count]
        if len(up) > 1:
            return False, None
        return True, up[0] if up else None
