"""The plan of a fight whose tactics strike (``fracas.sim.striker.Striker``), from its set-up.

Everything here is asked of the rules, once, before any fight: the turn order and what the
clock does (``ruleset.order``, turns played through with the engine's ``end``), which arm each
fighter's tactics would take against each enemy (``Encounter.check``, in the tactics' own
order), what it costs and how often a turn's pools pay for it (``Rule.cost``), and when the
rules take a fighter out of the fight (``Ruleset.takes_turn`` over the values of its damage
pool). What each attack does (``table.attack_table``) is asked the first time a fight needs it
(``LazyTable``): a short study pays only for the pairs its fights meet. Whatever study mode
could not play as the engine does raises ``Unmirrorable``, naming it: at the plan, or, for an
attack, when its table is filled (which stops the study).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import MoveTurn
from fracas.engine.ruleset import Cost, IllegalAction, Ruleset
from fracas.engine.state import Combatant, EncounterState, Reset
from fracas.engine.turns import EndTurn, StartCombat
from fracas.sim.fight import MAX_ACTIONS
from fracas.sim.policy import Reacting, Settling, tactics_for
from fracas.sim.striker import MakeAttack, RankArms
from fracas.sim.study.loop import Fighter, Plan
from fracas.sim.study.table import Table, Tracked, Unmirrorable, attack_table


@dataclass(frozen=True)
class StrikerShape:
    """What a ruleset's Striker tactics are made of: how an attack is built, and how a sheet's
    arms are ranked (the tactics' own functions)."""

    attack: MakeAttack
    arms: RankArms


def striker_plan(ruleset: Ruleset, setup: EncounterState, shape: StrikerShape) -> Plan:
    """The plan of ``setup``'s fight; Unmirrorable when study mode cannot play it."""
    started, pool, found = obstacles(ruleset, setup)
    if found:
        raise Unmirrorable("; ".join(found))
    sides = tuple(sorted({c.side for c in started}))
    tracked = {c.id: Tracked(pool, lowest_up(ruleset, started, c, pool)) for c in started}
    fighters = tuple(_fighter(ruleset, started, c, shape, sides, tracked) for c in started)
    ids = list(started.combatants)
    turns = tuple(tuple(ids.index(a) for a in turn.actors) for turn in started.clock.order)
    return Plan(fighters, sides, turns, resolutions=0)


def obstacles(ruleset: Ruleset, setup: EncounterState) -> tuple[EncounterState, str, list[str]]:
    """The fight just started, its damage pool, and everything found at its set-up that the
    lean loop cannot mirror (empty when it can): tactics that answer, a turn order that is
    rolled or changes after the first round, statuses or marks at the start, fighters out of
    the fight from the start, damage that is not one pool, a clock that changes more than the
    pools it refills."""
    found = []
    tactics = tactics_for(ruleset)
    if isinstance(tactics, Reacting):
        found.append("its tactics answer out of turn")
    if isinstance(tactics, Settling):
        found.append("its tactics answer what the rules wait for (phases, intentions, defences)")
    orders = []
    for seed in (0, 1):
        encounter = Encounter(ruleset, seed, history=False)
        encounter.state = replace(setup, rng=(seed, 0))
        encounter.apply(StartCombat())
        orders.append(encounter.state.clock.order)
    started = encounter.state
    if orders[0] != orders[1]:
        found.append("the turn order is rolled: it differs from fight to fight")
    elif ruleset.order(started) != started.clock.order:
        found.append("the first round's order differs from the next rounds'")
    marked = [c.name for c in started if c.effects or c.marks]
    if marked:
        found.append(f"statuses or marks at the start ({_names(marked)})")
    out = [c.name for c in started if not ruleset.takes_turn(started, c)]
    if out:
        found.append(f"out of the fight at the start ({_names(out)})")
    pools = {tuple(ruleset.damage_pools(c)) for c in started}
    pool = next(iter(pools))[0] if len(pools) == 1 and len(next(iter(pools))) == 1 else ""
    if not pool or any(pool not in c.pools for c in started):
        said = " or ".join(", ".join(p) or "none" for p in sorted(pools))
        found.append(f"damage is not one pool of everyone's (the rules' damage pools: {said})")
    found += _clock_changes(ruleset, started)
    return started, pool, found


def _clock_changes(ruleset: Ruleset, started: EncounterState) -> list[str]:
    """Play a round and a turn of the clock alone (``end``): it may refill pools that reset,
    nothing else, since the loop plays no turn's start or end; what else it does, in words."""
    encounter = Encounter(ruleset, 0, history=False)
    encounter.state = started
    try:
        for _ in range(len(started.clock.order) + 1):
            encounter.apply(EndTurn())
    except IllegalAction as refused:
        return [f"the clock waits for answers ({refused})"]
    changed = []
    for was in started:
        now = encounter.state[was.id]
        pools = {**now.pools}
        for name, pool in was.pools.items():
            if pool.reset is not Reset.NEVER and name in pools:
                pools[name] = pool
        if replace(now, pools=pools) != was:
            changed.append(was.name)
    return (
        [f"the turns' starts and ends change more than pools ({_names(changed)})"]
        if changed
        else []
    )


def _names(names: list[str]) -> str:
    """A few names, and how many more."""
    shown = ", ".join(names[:3])
    return shown if len(names) <= 3 else f"{shown} and {len(names) - 3} more"


def _fighter(
    ruleset: Ruleset,
    started: EncounterState,
    combatant: Combatant,
    shape: StrikerShape,
    sides: tuple[str, ...],
    tracked: Mapping[CombatantId, Tracked],
) -> Fighter:
    """The fighter ``combatant`` is: its attack on each enemy chosen by the rules on its turn,
    its table left to be filled when a fight first needs it."""
    encounter = on_turn_of(ruleset, started, combatant)
    tables: list[LazyTable | None] = []
    prices: set[tuple[tuple[str, int], ...]] = set()
    for other in started:
        action = (
            chosen(encounter, combatant, other, shape) if other.side != combatant.side else None
        )
        if action is None:
            tables.append(None)
            continue
        price = encounter.rule(action).cost(encounter.state, action)
        prices.add(tuple(sorted(price.items())))
        tables.append(
            LazyTable(ruleset, encounter.state, action, other.id, tracked[other.id], price)
        )
    pool = combatant.pools[tracked[combatant.id].pool]
    return Fighter(
        id=combatant.id,
        side=sides.index(combatant.side),
        maximum=pool.maximum,
        start=pool.current,
        lowest_up=tracked[combatant.id].lowest_up,
        attacks=attacks_paid(encounter.state[combatant.id], prices),
        tables=tuple(tables),
    )


@dataclass
class LazyTable:
    """The table of one attack on its target, filled from the rules (``_checked_table``) the
    first time a fight samples it. It is resolved from the encounter on the attacker's turn at
    the set-up (``on_turn``), kept here, so it is the same table whichever process fills it,
    and when: a plan handed to worker processes gives the same fights (filled tables travel
    with it). Not safe to fill from two threads at once: ``mode`` plays one study chunk at a
    time."""

    ruleset: Ruleset
    on_turn: EncounterState
    action: Action
    target: CombatantId
    tracked: Tracked
    price: Cost
    filled: Table | None = field(default=None, compare=False)

    def table(self) -> Table:
        """The table, filled now if it is not yet."""
        if self.filled is None:
            encounter = Encounter(self.ruleset, 0, history=False)
            encounter.state = self.on_turn
            target = self.on_turn[self.target]
            self.filled = _checked_table(encounter, self.action, target, self.tracked, self.price)
        return self.filled

    def sample(self, draw: float) -> int:
        """The loss a uniform ``draw`` in [0, 1) picks (``Table.sample``, inlined: the loop
        calls it for every attack)."""
        filled = self.filled
        if filled is None:
            filled = self.table()
        return filled.losses[bisect_right(filled.cumulative, draw)]

    @property
    def resolutions(self) -> int:
        """How many times the rules resolved the attack to fill the table (0 before)."""
        return 0 if self.filled is None else self.filled.resolutions


def on_turn_of(ruleset: Ruleset, started: EncounterState, combatant: Combatant) -> Encounter:
    """An encounter of ``started`` on ``combatant``'s turn (moved there by the game master)."""
    encounter = Encounter(ruleset, 0, history=False)
    encounter.state = started
    if not started.is_turn_of(combatant.id):
        encounter.apply(MoveTurn(target=combatant.id))
    return encounter


def _checked_table(
    encounter: Encounter, action: Action, target: Combatant, tracked: Tracked, price: Cost
) -> Table:
    """The attack's table on ``target`` at its damage pool's value now, checked to be the same
    at the least value that keeps it in the fight: the key leaves that value out, so a rule
    reading it (a threshold, a clamp) sends the fight to the engine."""
    table = attack_table(encounter, action, target.id, tracked, price)
    pool = target.pools[tracked.pool]
    low = replace(pool, current=tracked.lowest_up)
    trial = Encounter(encounter.ruleset, 0, history=False)
    trial.state = encounter.state.with_combatant(
        replace(target, pools={**target.pools, tracked.pool: low})
    )
    again = attack_table(trial, action, target.id, tracked, price)
    assert action.actor is not None
    if (again.losses, again.cumulative) != (table.losses, table.cumulative):
        raise Unmirrorable(
            f"{encounter.state[action.actor].name}'s {action.verb} on {target.name} takes"
            f" differently at {tracked.lowest_up} {tracked.pool}: the tables' key leaves it out"
        )
    return replace(table, resolutions=table.resolutions + again.resolutions)


def chosen(
    encounter: Encounter, actor: Combatant, target: Combatant, shape: StrikerShape
) -> Action | None:
    """The attack the tactics would make on ``target``: its first arm the rules allow."""
    for arm in shape.arms(actor.sheet):
        action = shape.attack(actor.id, target.id, arm)
        try:
            encounter.check(action)
        except IllegalAction:
            continue
        return action
    return None


def attacks_paid(actor: Combatant, prices: set[tuple[tuple[str, int], ...]]) -> int:
    """How many attacks the actor's pools pay for in a turn (they refill at its start)."""
    if not prices:
        return 0
    if len(prices) > 1:
        raise Unmirrorable(f"{actor.name}'s attacks cost different things on different enemies")
    price: Mapping[str, int] = dict(next(iter(prices)))
    paid = {name: amount for name, amount in price.items() if amount > 0}
    if not paid:
        raise Unmirrorable(f"{actor.name}'s attack costs nothing: no pool ends its turn")
    for name in paid:
        if name not in actor.pools or actor.pools[name].reset is not Reset.TURN:
            raise Unmirrorable(f"{actor.name}'s attack costs {name}, which no turn refills")
    return min(MAX_ACTIONS, *(actor.pools[n].current // amount for n, amount in paid.items()))


def started_from(ruleset: Ruleset, setup: EncounterState) -> EncounterState:
    """The state a study's fights start from: ``setup`` with the combat started by the rules
    (dice seeded 0; a plan checks that the start rolls none where it matters)."""
    encounter = Encounter(ruleset, 0, history=False)
    encounter.state = setup
    encounter.apply(StartCombat())
    return encounter.state


def lowest_up(ruleset: Ruleset, state: EncounterState, combatant: Combatant, name: str) -> int:
    """The least value of the damage pool at which the rules keep ``combatant`` in the fight:
    asked of ``Ruleset.takes_turn`` for every value from the maximum down to three times
    below zero; Unmirrorable when the answer is not one threshold."""
    pool = combatant.pools[name]
    values = range(pool.maximum, -3 * pool.maximum - 1, -1)
    up = [
        ruleset.takes_turn(
            state, replace(combatant, pools={**combatant.pools, name: replace(pool, current=v)})
        )
        for v in values
    ]
    cut = up.index(False) if False in up else len(up)
    if cut == 0 or any(up[cut:]):
        raise Unmirrorable(f"{combatant.name}: being in the fight is no threshold of its {name}")
    return values[cut - 1]
