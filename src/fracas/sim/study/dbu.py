"""DBU's study mode: the lean loop of its tactics, over tables the rules fill lazily.

What the loop mirrors of the engine: the clock (each fight's Initiative rolled by the rules'
``roll_initiative``, roll-offs and all, and put in order by the rules' ``order``: a group of
NPCs shares one turn, its members acting one after another; 3 Actions a round, refilled as the
round starts, and a turn over when its actors have none left), each turn's Effect Phase (the
Actions the rules' ``at_turn_start`` adds: Initiative Advantage), the tactics' choice
(``tactics.dbu.Ordering``: a Basic Attack on the standing enemy that has lost the most Life, the
first joined on a tie, while Actions last), and the end test (one side left standing). What each
attack does (the miss, or the Wound Roll and what it takes), Diminishing Defense, Health
Threshold penalties and Bonus Momentum all come from the rules, through ``dbu_tables``.

Ordering's answers out of its turn and its phase orders are asked of the tactics themselves at
the set-up: a fight where they would answer anything (a Triggered Maneuver, a response, a charge,
a phase waiting for its order) falls back to the engine, named; so does one whose attacks,
Effect or End Phases or round starts do more than the loop keeps (Life, Actions, the attacks
received and Bonus Momentum of the round). What a group member does once out of Actions while
its group's turn goes on (Sense: a Clairvoyance check that only learns of Holding Back, which
nobody does here) changes nothing the fight reads, and is not played.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from fracas.dice import SeededDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import PoolSet, reduce
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import EncounterState
from fracas.rules.dbu.actions import Attack
from fracas.rules.dbu.attack import AttackRule
from fracas.rules.dbu.economy import ACTIONS, LP
from fracas.rules.dbu.modifiers import ATTACKED, ATTACKED_ROUND
from fracas.rules.dbu.plan import AttackPlan
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.dbu.wounds import MOMENTUM_ROUND
from fracas.sim.branching import BranchingDice
from fracas.sim.fight import MAX_ACTIONS, FightResult
from fracas.sim.policy import Generic, Policy, Reacting, Settling, standing_enemies, tactics_for
from fracas.sim.study.dbu_tables import Tables
from fracas.sim.study.striking import lowest_up, on_turn_of, started_from
from fracas.sim.study.table import Unmirrorable


def plan(ruleset: Ruleset, setup: EncounterState) -> DbuPlan:
    """The plan of ``setup``'s fight; Unmirrorable when study mode cannot play it."""
    assert isinstance(ruleset, Dbu)
    started = started_from(ruleset, setup)
    tactics = tactics_for(ruleset)
    _check(ruleset, setup, started, tactics)
    ids = tuple(started.combatants)
    plans, cost, joined = _attacks(ruleset, started, tactics)
    tables = Tables(ruleset, started, ids, plans)
    initiatives = [c.initiative or 0 for c in started]
    for index in range(len(ids)):  # an Effect Phase the loop cannot mirror is named here
        enemies = tuple(initiatives[foe] for foe in tables.foes(index))
        tables.advantage(index, initiatives[index], enemies)
    sides = tuple(sorted({c.side for c in started}))
    fighters = tuple(
        Fighter(
            side=sides.index(c.side),
            life=c.pools[LP].current,
            maximum=c.pools[LP].maximum,
            lowest_up=lowest_up(ruleset, started, c, LP),
            actions=c.pools[ACTIONS].maximum,
            foes=joined[index],
        )
        for index, c in enumerate(started)
    )
    return DbuPlan(ruleset, setup, tables, fighters, sides, cost)


def _check(ruleset: Dbu, setup: EncounterState, started: EncounterState, tactics: Policy) -> None:
    """What the loop cannot mirror, named (Unmirrorable)."""
    if not isinstance(tactics, Generic):
        raise Unmirrorable("its tactics are not the generic attacker the loop mirrors")
    marked = [c.name for c in setup if c.effects or c.marks]
    if marked or any(c.effects for c in started):
        raise Unmirrorable(f"statuses or marks at the start ({', '.join(marked)})")
    if ruleset.order(started) != started.clock.order:
        raise Unmirrorable("the first round's order differs from the next rounds'")
    for event in ruleset.at_round_start(started, BranchingDice(())):
        if not isinstance(event, PoolSet) or event.pool in (LP, ACTIONS):
            raise Unmirrorable(f"a round's start does more than refill pools ({event})")
    for who in started.combatants:
        encounter = on_turn_of(ruleset, started, started[who])
        if isinstance(tactics, Settling) and tactics.settle(encounter, who) is not None:
            raise Unmirrorable(f"{started[who].name}'s phase waits for its order")
        turn = encounter.state.clock.turn
        assert turn is not None
        if ruleset.at_turn_end(encounter.state, turn, BranchingDice(())):
            raise Unmirrorable(f"{started[who].name}'s End Phase does something")


def _attacks(
    ruleset: Dbu, started: EncounterState, tactics: Policy
) -> tuple[dict[tuple[int, int], AttackPlan], int, list[tuple[int, ...]]]:
    """The plan of the attack the tactics make on each enemy, by index; the Actions it costs;
    each fighter's enemies in the order the tactics rank them when none is hurt."""
    ids = list(started.combatants)
    plans: dict[tuple[int, int], AttackPlan] = {}
    costs: set[int] = set()
    joined: list[tuple[int, ...]] = []
    for index, me in enumerate(started):
        encounter = on_turn_of(ruleset, started, me)
        chosen = tactics.choose(encounter, me.id)
        if not isinstance(chosen, Attack):
            raise Unmirrorable(f"{me.name}'s tactics choose {chosen}, not a Basic Attack")
        enemies = standing_enemies(encounter, me.id)
        joined.append(tuple(ids.index(c.id) for c in enemies))
        for other in enemies:
            action = replace(chosen, target=other.id)
            try:
                encounter.check(action)
            except IllegalAction as refused:
                raise Unmirrorable(f"{me.name} may not attack {other.name} ({refused})") from None
            rule = encounter.rule(action)
            inner = getattr(rule, "rule", rule)
            if not isinstance(inner, AttackRule):
                raise Unmirrorable(f"{me.name}'s attack is not a Basic Attack")
            attack_plan = inner.plan(encounter.state, action)
            if attack_plan.answer != "dodge" or attack_plan.intervener is not None:
                raise Unmirrorable(f"{me.name}'s attack is answered otherwise than by a Dodge Roll")
            if attack_plan.charges or attack_plan.wound_extra or action.area:
                raise Unmirrorable(f"{me.name}'s attack carries charges, help or an area")
            price = {k: v for k, v in rule.cost(encounter.state, action).items() if v}
            if set(price) != {ACTIONS}:
                raise Unmirrorable(f"{me.name}'s attack costs {price}, not Actions alone")
            costs.add(price[ACTIONS])
            plans[index, ids.index(other.id)] = attack_plan
        _check_answers(ruleset, encounter, tactics, chosen)
        _check_spent(ruleset, encounter, tactics, me.id)
    if len(costs) != 1:
        raise Unmirrorable("attacks cost different numbers of Actions")
    return plans, costs.pop(), joined


def _check_answers(ruleset: Dbu, encounter: Encounter, tactics: Policy, action: Attack) -> None:
    """The tactics answer nothing after the attack (``react``) and settle nothing for those it
    names: the engine would play such answers out of turn, the loop does not."""
    trial = Encounter(ruleset, 0, history=False)
    before = trial.state = encounter.state
    trial.apply(action)
    assert action.target is not None
    kept = {
        action.actor: (ACTIONS, (MOMENTUM_ROUND,)),
        action.target: (LP, (ATTACKED, ATTACKED_ROUND)),
    }
    for was in before:
        now = trial.state[was.id]
        pool, marks = kept.get(was.id, ("", ()))
        pools = {**now.pools, **({pool: was.pools[pool]} if pool else {})}
        others = {k: v for k, v in now.marks.items() if k not in marks}
        if replace(now, pools=pools, marks=others) != replace(was, marks=dict(was.marks)):
            raise Unmirrorable(f"{action.verb} changes more of {was.name} than the loop keeps")
    if isinstance(tactics, Reacting) and tactics.react(trial, action.target) is not None:
        raise Unmirrorable("its tactics answer out of turn")
    for who in (action.actor, action.target):
        assert who is not None
        if isinstance(tactics, Settling) and tactics.settle(trial, who) is not None:
            raise Unmirrorable("its tactics settle a phase order after an attack")


def _check_spent(ruleset: Dbu, encounter: Encounter, tactics: Policy, me: CombatantId) -> None:
    """What the tactics do on the fighter's turn once its Actions are spent (while a group's
    turn goes on) changes nothing but its own marks (Sense's once a round), so the loop plays
    none of it."""
    trial = Encounter(ruleset, 0, history=False)
    fighter = encounter.state[me]
    spent = replace(fighter.pools[ACTIONS], current=0)
    trial.state = encounter.state.with_combatant(
        replace(fighter, pools={**fighter.pools, ACTIONS: spent})
    )
    for _ in range(MAX_ACTIONS):
        before = trial.state
        action = tactics.choose(trial, me)
        if action is None:
            return
        try:
            trial.apply(action)
        except IllegalAction:
            return
        for was in before:
            now = trial.state[was.id]
            if now != (was if was.id != me else replace(was, marks=now.marks)):
                raise Unmirrorable(
                    f"{was.name} is changed by {action.verb}, which the tactics take once"
                    f" {fighter.name}'s Actions are spent"
                )


@dataclass(frozen=True)
class Fighter:
    """A fighter as it starts: its side's index, Life and its maximum, the least Life that keeps
    it in the fight, its Actions a round, its enemies in the tactics' order on a tie."""

    side: int
    life: int
    maximum: int
    lowest_up: int
    actions: int
    foes: tuple[int, ...]


@dataclass
class DbuPlan:
    ruleset: Dbu
    setup: EncounterState
    tables: Tables
    fighters: tuple[Fighter, ...]
    sides: tuple[str, ...]
    cost: int
    """The Actions an attack costs."""

    def describe(self) -> str:
        t = self.tables
        if not t.attacks:
            return "its tables are filled from the rules as the fights need them"
        return (
            f"{len(t.attacks)} attack tables, {len(t.landings)} landings from"
            f" {t.resolutions} rule resolutions, filled from the rules as the fights needed them"
        )

    def order(self, seed: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """One fight's turns (each the indices of its actors) and Initiatives: rolled by the
        rules' ``roll_initiative`` with dice seeded ``seed``, in the rules' ``order``."""
        ids = self.tables.ids
        events = self.ruleset.roll_initiative(self.setup, ids, SeededDice(seed))
        state = reduce(self.setup, events)
        turns = tuple(tuple(ids.index(a) for a in t.actors) for t in self.ruleset.order(state))
        return turns, tuple(state[who].initiative or 0 for who in ids)

    def play(self, seed: int, max_rounds: int) -> FightResult:
        """One fight with dice seeded ``seed`` (a draw after ``max_rounds``)."""
        return _Fight(self).play(seed, max_rounds)


class _Fight:
    """One fight's state: each fighter's Life, Actions, attacks received and Bonus Momentum
    this round, and what it dealt and took."""

    def __init__(self, plan: DbuPlan) -> None:
        self.plan = plan
        self.tables = plan.tables
        fighters = plan.fighters
        self.life = [f.life for f in fighters]
        self.up = [f.life >= f.lowest_up for f in fighters]
        self.dealt = [0] * len(fighters)
        self.taken = [0] * len(fighters)
        self.standing = [0] * len(plan.sides)
        for f, up in zip(fighters, self.up, strict=True):
            self.standing[f.side] += up

    def play(self, seed: int, max_rounds: int) -> FightResult:
        plan = self.plan
        turns, initiatives = plan.order(seed)
        draw = random.Random(seed).random
        count = len(plan.fighters)
        winner, rounds = None, max_rounds
        for number in range(1, max_rounds + 1):
            self.actions = [f.actions for f in plan.fighters]
            self.received = [0] * count
            self.momentum = [False] * count
            over = False
            for turn in turns:
                acting = [i for i in turn if self.up[i]]
                for i in acting:
                    self.actions[i] += self._advantage(i, initiatives)
                for i in acting:
                    over, winner = self._act(i, draw)
                    if over:
                        break
                if over:
                    break
            if over:
                rounds = number
                break
        ids = self.tables.ids
        return FightResult(
            seed=seed,
            winner=plan.sides[winner] if winner is not None else None,
            rounds=rounds,
            survivors=tuple(ids[i] for i in range(count) if self.up[i]),
            dealt={ids[i]: n for i, n in enumerate(self.dealt) if n},
            taken={ids[i]: n for i, n in enumerate(self.taken) if n},
        )

    def _advantage(self, index: int, initiatives: tuple[int, ...]) -> int:
        """The Actions the Effect Phase of fighter ``index`` adds (the rules', tabled)."""
        foes = self.tables.foes(index)
        enemies = tuple(initiatives[f] if self.up[f] else None for f in foes)
        return self.tables.advantage(index, initiatives[index], enemies)

    def _act(self, actor: int, draw: Callable[[], float]) -> tuple[bool, int | None]:
        """Fighter ``actor``'s part of the turn: attacks while its Actions last (the engine's
        ``MAX_ACTIONS`` at most); whether the fight is over, and who won."""
        cost = self.plan.cost
        for _ in range(MAX_ACTIONS):
            if self.actions[actor] < cost:
                break
            target = self._target(actor)
            if target < 0:
                break
            self.actions[actor] -= cost
            if self._attack(actor, target, draw):
                up = [side for side, n in enumerate(self.standing) if n]
                if len(up) <= 1:
                    return True, up[0] if up else None
        return False, None

    def _target(self, actor: int) -> int:
        """The standing enemy that has lost the most Life, first joined on a tie."""
        best, most = -1, -1
        fighters, life, up = self.plan.fighters, self.life, self.up
        for foe in fighters[actor].foes:
            lost = fighters[foe].maximum - life[foe]
            if up[foe] and lost > most:
                best, most = foe, lost
        return best

    def _attack(self, actor: int, target: int, draw: Callable[[], float]) -> bool:
        """``actor``'s attack on ``target``; whether it took the target out of the fight."""
        tables, life = self.tables, self.life
        key = (
            actor,
            target,
            tables.band(actor, life[actor]),
            tables.band(target, life[target]),
            self.received[target],
        )
        table = tables.attacks.get(key) or tables.attack(key, (life[actor], life[target]))
        total = table.sample(draw())
        self.received[target] += 1
        if total is None:
            return False
        lost, gained = tables.landing((actor, target, life[target], total, self.momentum[actor]))
        if gained:
            self.actions[actor] += gained
            self.momentum[actor] = True
        if not lost:
            return False
        life[target] -= lost
        self.dealt[actor] += lost
        self.taken[target] += lost
        foe = self.plan.fighters[target]
        if self.up[target] and life[target] < foe.lowest_up:
            self.up[target] = False
            self.standing[foe.side] -= 1
            return True
        return False
