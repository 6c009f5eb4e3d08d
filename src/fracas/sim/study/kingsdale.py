"""Kingsdale's study mode: the lean loop of its tactics, over tables the rules fill lazily.

What the loop mirrors of the engine: the clock (the order initiative gives, each fighter's
initiative drawn from the rules' exact distribution, ``ruleset.order`` making the three poses
of it; at each pose's first turn, everyone's Actions filled as the rules' ``at_turn_start``
fills them, tabled), the tactics' choice (``tactics.kingsdale.Fighter``: the standing enemy
that has lost the most, the first joined on a tie, struck with what its ``choose`` picks
against that enemy, or a magazine changed, as long as it does something; a fumble of 2 settled
by the game master's ``stray -roll``, which the tactics play for it, tabled with the teammate
the dice put in the line of fire), the defender's answer out of turn (its ``react``, tabled
with the defence, keyed on the pose: a dodge borrows only what the next one holds), and the end
test (one side left standing). What each strike, defence and hit does comes from the tables of
``kingsdale_tables``, filled from the rules the first time a fight needs them.

A fight the loop cannot mirror falls back to the engine, the reason named: statuses or marks
at the start beyond initiative's and the pose's, a round's start or a turn's end that does
anything, effects ended otherwise than at their anchors or left with one, poses that fall
otherwise from one round to the next, a start that does more than roll initiative and fill the
first pose, a strike or answer that changes more than its two fighters' Actions, debts,
payloads, effects and damage pools.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import InitiativeSet
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kingsdale.actions import RollInitiative
from fracas.rules.kingsdale.poses import pose_index
from fracas.rules.kingsdale.queries import ACTIONS, INIT_NATURAL, OWED, POSE, STRAY, sheet_of
from fracas.rules.kingsdale.ruleset import Kingsdale
from fracas.sim.branching import BranchingDice
from fracas.sim.fight import MAX_ACTIONS, FightResult
from fracas.sim.odds import leaves
from fracas.sim.study.drawn import Drawn, drawn
from fracas.sim.study.kingsdale_outcomes import Hit, Swing
from fracas.sim.study.kingsdale_tables import Tables
from fracas.sim.study.striking import started_from
from fracas.sim.study.table import Unmirrorable

STARTING_MARKS = frozenset({INIT_NATURAL, POSE})
"""The marks a fighter carries as the fight starts: its natural initiative die and its pose."""


def plan(ruleset: Ruleset, setup: EncounterState) -> KingsdalePlan:
    """The plan of ``setup``'s fight; Unmirrorable when study mode cannot play it."""
    assert isinstance(ruleset, Kingsdale)
    started = started_from(ruleset, setup)
    _check(ruleset, started)
    ids = tuple(started.combatants)
    damage = tuple(tuple(ruleset.damage_pools(c)) for c in started)
    tables = Tables(ruleset, started, ids, damage)
    sides = tuple(sorted({c.side for c in started}))
    fighters = tuple(_fighter(ruleset, started, c, sides, damage[i]) for i, c in enumerate(started))
    for index, combatant in enumerate(started):
        natural = int(combatant.marks.get(INIT_NATURAL) or 0)
        filled = tables.fill(index, natural, True, started.clock.index, 0)
        if filled != (combatant.pools[ACTIONS].current, int(combatant.marks.get(OWED) or 0)):
            raise Unmirrorable(f"the fight's start does more to {combatant.name} than fill a pose")
    if len({f.side for f in fighters if f.pools[f.gauge] >= f.lowest_up}) < 2:
        raise Unmirrorable("the fight is over at its start")
    _probe(tables, fighters)
    initiatives = tuple(_initiative(ruleset, setup, who) for who in ids)
    return KingsdalePlan(ruleset, setup, tables, fighters, sides, initiatives)


def _check(ruleset: Kingsdale, started: EncounterState) -> None:
    """What the loop cannot mirror, named (Unmirrorable)."""
    if type(ruleset).expire is not Ruleset.expire:
        raise Unmirrorable("its effects end otherwise than at their anchors")
    if ruleset.at_round_start(started, BranchingDice(())):
        raise Unmirrorable("a round's start does something")
    turn = started.clock.order[started.clock.index]
    if ruleset.at_turn_end(started, turn, BranchingDice(())):
        raise Unmirrorable("a turn's end does something")
    marked = [c.name for c in started if c.effects or set(c.marks) - STARTING_MARKS]
    if marked:
        raise Unmirrorable(f"statuses or marks at the start ({', '.join(marked)})")
    labels = [t.label for t in started.clock.order]
    if [t.label for t in ruleset.order(started)] != labels or any(
        len(t.actors) != 1 for t in started.clock.order
    ):
        raise Unmirrorable("the poses fall otherwise from one round to the next")


def _probe(tables: Tables, fighters: tuple[Fighter, ...]) -> None:
    """Each fighter's choice against each enemy, with each of its payloads spent, its strike
    with each weapon it may strike with, and the enemy's answer to the strike's first hit,
    asked of the rules before any fight: what the loop cannot mirror of them is found here, at
    the plan, not in the fights."""
    started = tables.started
    for actor, me in enumerate(fighters):
        who = tables.ids[actor]
        actions = max(started[who].pools[ACTIONS].current, 1)
        for target, foe in enumerate(fighters):
            if foe.side == me.side:
                continue
            for empty in (frozenset(), *(frozenset({n}) for n, _ in me.payloads)):
                tables.choice(actor, target, 0, empty, actions)
            for weapon in sheet_of(started[who]).weapons:
                try:
                    swing = tables.strike(actor, weapon.name, target, 0, 0)
                except IllegalAction:
                    continue  # a weapon it may not strike with (holstered): never chosen
                hit = next((s.waiting for s in swing.outcomes if s.waiting is not None), None)
                if hit is not None:
                    own = started[tables.ids[target]].pools[ACTIONS].current
                    tables.defence(target, hit, own, 0, 0)
                _probe_stray(tables, fighters, actor, target, swing)


def _probe_stray(
    tables: Tables, fighters: tuple[Fighter, ...], actor: int, target: int, swing: Drawn[Swing]
) -> None:
    """After each fumble of ``swing`` that leaves a stray strike, the tactics' choice and its
    settling with all the striker's teammates standing."""
    side = fighters[actor].side
    team = tuple(i for i, f in enumerate(fighters) if f.side == side and i != actor)
    for outcome in swing.outcomes:
        if any(e.name == STRAY for e in tables.effects[outcome.effects]):
            tables.choice(actor, target, outcome.effects, frozenset(), 1)
            tables.stray(actor, outcome.effects, team)


@dataclass(frozen=True)
class Fighter:
    """A fighter as it starts: its side's index, damage pools, what it has lost, payloads,
    and which damage pool keeps it in the fight from which value on."""

    side: int
    pools: tuple[int, ...]
    lost: int
    payloads: tuple[tuple[str, int], ...]
    gauge: int
    """The index in ``pools`` of the pool whose value keeps it in the fight."""
    lowest_up: int


def _fighter(
    ruleset: Kingsdale,
    started: EncounterState,
    combatant: Combatant,
    sides: tuple[str, ...],
    names: tuple[str, ...],
) -> Fighter:
    gauge, lowest = _gauge(ruleset, started, combatant, names)
    payloads = tuple(
        (name, pool.current)
        for name, pool in combatant.pools.items()
        if name.endswith(" payload") and name not in names
    )
    return Fighter(
        side=sides.index(combatant.side),
        pools=tuple(combatant.pools[n].current for n in names),
        lost=ruleset.damage_suffered(combatant),
        payloads=payloads,
        gauge=gauge,
        lowest_up=lowest,
    )


def _gauge(
    ruleset: Kingsdale, state: EncounterState, combatant: Combatant, names: tuple[str, ...]
) -> tuple[int, int]:
    """The damage pool whose value alone keeps ``combatant`` in the fight, and its least value
    that does, asked of ``Ruleset.takes_turn`` over each pool's values from its maximum down
    to three times below zero (the others full); Unmirrorable when that is not one
    pool's threshold."""
    found: list[tuple[int, int]] = []
    whole = {n: p.refilled() for n, p in combatant.pools.items() if n in names}
    combatant = replace(combatant, pools={**combatant.pools, **whole})
    for index, name in enumerate(names):
        pool = combatant.pools[name]
        values = range(pool.maximum, -3 * max(pool.maximum, 1) - 1, -1)
        up = [
            ruleset.takes_turn(
                state, replace(combatant, pools={**combatant.pools, name: replace(pool, current=v)})
            )
            for v in values
        ]
        if all(up):
            continue
        cut = up.index(False)
        if cut == 0 or any(up[cut:]):
            raise Unmirrorable(f"{combatant.name}: being in the fight is no threshold of {name}")
        found.append((index, values[cut - 1]))
    if len(found) != 1:
        raise Unmirrorable(f"{combatant.name}: being in the fight is not one pool's threshold")
    return found[0]


Initiative = tuple[int, int]
"""An initiative total and its natural die."""


def _initiative(ruleset: Kingsdale, setup: EncounterState, who: CombatantId) -> Drawn[Initiative]:
    """The exact distribution of ``who``'s initiative and natural die: every resolution of
    the rules' own roll (``init``), or the one it rolled before the fight."""
    combatant = setup[who]
    if combatant.initiative is not None:
        natural = int(combatant.marks.get(INIT_NATURAL) or 0)
        return drawn({(combatant.initiative, natural): Fraction(1)})
    encounter = Encounter(ruleset, 0, history=False)
    encounter.state = setup
    chances: dict[Initiative, Fraction] = {}
    for leaf in leaves(encounter, RollInitiative(actor=who)):
        now = leaf.state[who]
        natural = int(now.marks.get(INIT_NATURAL) or 0)
        marks = {k: v for k, v in now.marks.items() if k != INIT_NATURAL}
        if replace(now, initiative=None, marks=marks) != combatant or now.initiative is None:
            raise Unmirrorable(f"{combatant.name}'s initiative roll does more than set it")
        key = (now.initiative, natural)
        chances[key] = chances.get(key, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
    return drawn(chances)


@dataclass(frozen=True)
class Order:
    """One fight's turns: each turn's fighter, whether it is its pose's first, and its pose
    (0-2)."""

    actors: tuple[int, ...]
    firsts: tuple[bool, ...]
    poses: tuple[int, ...]


@dataclass
class KingsdalePlan:
    ruleset: Kingsdale
    setup: EncounterState
    tables: Tables
    fighters: tuple[Fighter, ...]
    sides: tuple[str, ...]
    initiatives: tuple[Drawn[Initiative], ...]
    orders: dict[tuple[int, ...], Order] = field(default_factory=dict)

    def describe(self) -> str:
        t = self.tables
        if not t.strikes:
            return "its tables are filled from the rules as the fights need them"
        return (
            f"{len(t.strikes)} strike and {len(t.defences)} defence tables from"
            f" {t.resolutions} rule resolutions, filled from the rules as the fights needed them"
        )

    def order(self, initiatives: tuple[int, ...]) -> Order:
        """The turns the rules' ``order`` makes of these initiatives."""
        found = self.orders.get(initiatives)
        if found is None:
            state = self.setup
            for who, value in zip(self.tables.ids, initiatives, strict=True):
                state = InitiativeSet(who, value).apply(state)
            turns = self.ruleset.order(state)
            ids = self.tables.ids
            actors = tuple(ids.index(turn.actors[0]) for turn in turns)
            firsts = tuple(k == 0 or turns[k - 1].label != t.label for k, t in enumerate(turns))
            poses = tuple(pose_index(t.label) for t in turns)
            found = self.orders[initiatives] = Order(actors, firsts, poses)
        return found

    def play(self, seed: int, max_rounds: int) -> FightResult:
        """One fight with dice seeded ``seed`` (a draw after ``max_rounds``)."""
        return _Fight(self, random.Random(seed)).play(seed, max_rounds)


class _Fight:
    """One fight's state: each fighter's pools, Actions, debt, payloads and effects, and the
    pose being played."""

    def __init__(self, plan: KingsdalePlan, generator: random.Random) -> None:
        self.plan = plan
        self.tables = plan.tables
        self.draw = generator.random
        fighters = plan.fighters
        count = len(fighters)
        self.pools = [f.pools for f in fighters]
        self.lost = [f.lost for f in fighters]
        self.actions = [0] * count
        self.owed = [0] * count
        self.payloads = [dict(f.payloads) for f in fighters]
        self.effects = [0] * count
        self.up = [f.pools[f.gauge] >= f.lowest_up for f in fighters]
        self.dealt = [0] * count
        self.taken = [0] * count
        self.standing = [0] * len(plan.sides)
        for f, up in zip(fighters, self.up, strict=True):
            self.standing[f.side] += up
        self.pose = 0
        """The pose (0-2) of the turn being played."""

    def play(self, seed: int, max_rounds: int) -> FightResult:
        plan, tables, draw = self.plan, self.tables, self.draw
        drawn_ = [i.sample(draw()) for i in plan.initiatives]
        naturals = [natural for _, natural in drawn_]
        order = plan.order(tuple(value for value, _ in drawn_))
        count = len(plan.fighters)
        rounds = max_rounds
        over: tuple[bool, int | None] = (False, None)
        for number in range(1, max_rounds + 1):
            first = number == 1
            for k, actor in enumerate(order.actors):
                if order.firsts[k]:
                    for i in range(count):
                        if self.up[i]:
                            self.actions[i], self.owed[i] = tables.fill(
                                i, naturals[i], first, k, self.owed[i]
                            )
                self.pose = order.poses[k]
                if self.up[actor] and self._turn(actor):
                    over = self._over()
                    if over[0]:
                        break
            if over[0]:
                rounds = number
                break
        winner = over[1]
        ids = tables.ids
        return FightResult(
            seed=seed,
            winner=plan.sides[winner] if winner is not None else None,
            rounds=rounds,
            survivors=tuple(ids[i] for i in range(count) if self.up[i]),
            dealt={ids[i]: n for i, n in enumerate(self.dealt) if n},
            taken={ids[i]: n for i, n in enumerate(self.taken) if n},
        )

    def _turn(self, actor: int) -> bool:
        """``actor``'s turn: what its tactics do while they do anything; whether anyone fell."""
        tables, payloads, felled = self.tables, self.payloads[actor], False
        for _ in range(MAX_ACTIONS):
            target = self._target(actor)
            if target < 0:
                break
            empty = frozenset(name for name, shots in payloads.items() if shots < 1)
            choice = tables.choice(actor, target, self.effects[actor], empty, self.actions[actor])
            if choice is None:
                break
            for pool, amount in choice.cost:
                if pool == ACTIONS:
                    self.actions[actor] -= amount
                else:
                    payloads[pool] -= amount
            if choice.stray:
                felled = self._stray(actor) or felled
                continue
            if choice.reload:
                payloads[choice.pool] = choice.payload
                continue
            if self._strike(actor, choice.weapon, target):
                felled = True
                if self._over()[0]:
                    break
        return felled

    def _strike(self, actor: int, weapon: str, target: int) -> bool:
        """``actor``'s strike on ``target`` and its answer; whether the target fell."""
        tables, effects = self.tables, self.effects
        swing = tables.strike(actor, weapon, target, effects[actor], effects[target])
        outcome = swing.sample(self.draw())
        effects[actor] = outcome.effects
        if outcome.waiting is None:
            return False
        owed, pose = self.owed[target], self.pose
        answer = tables.defence(
            target, outcome.waiting, self.actions[target], owed, effects[target], pose
        ).sample(self.draw())
        self.actions[target], self.owed[target] = answer.actions, answer.owed
        effects[target] = answer.effects
        if answer.damage is None:
            return False
        return self._wound(target, answer.damage.sample(self.draw()), actor)

    def _wound(self, target: int, hit: Hit, dealer: int | None) -> bool:
        """``hit`` on ``target``, dealt by ``dealer`` (None: nobody); whether it fell."""
        amount, mega = hit
        pools, lost = self.tables.wound(target, amount, mega, self.pools[target])
        self.pools[target] = pools
        if lost > 0:
            self.lost[target] += lost
            self.taken[target] += lost
            if dealer is not None:
                self.dealt[dealer] += lost
        foe = self.plan.fighters[target]
        if pools[foe.gauge] < foe.lowest_up:
            self.up[target] = False
            self.standing[foe.side] -= 1
            return True
        return False

    def _stray(self, striker: int) -> bool:
        """The game master's ``stray -roll`` for ``striker``'s fumble of 2, as the tactics play
        it: the teammate the dice put in the line of fire takes the weapon's damage (dealt by
        nobody: the engine's tally credits the game master's action to no one); whether it
        fell."""
        fighters, up = self.plan.fighters, self.up
        side = fighters[striker].side
        team = tuple(i for i, f in enumerate(fighters) if f.side == side and up[i] and i != striker)
        settled = self.tables.stray(striker, self.effects[striker], team).sample(self.draw())
        self.effects[striker] = settled.effects
        if settled.teammate is None or settled.damage is None:
            return False
        return self._wound(settled.teammate, settled.damage.sample(self.draw()), None)

    def _target(self, actor: int) -> int:
        """The standing enemy that has lost the most, first joined on a tie."""
        fighters, up, lost = self.plan.fighters, self.up, self.lost
        side = fighters[actor].side
        best, most = -1, -1
        for index, other in enumerate(fighters):
            if other.side != side and up[index] and lost[index] > most:
                best, most = index, lost[index]
        return best

    def _over(self) -> tuple[bool, int | None]:
        """Whether one side (or none) is left standing, and which."""
        up = [side for side, count in enumerate(self.standing) if count]
        if len(up) > 1:
            return False, None
        return True, up[0] if up else None
