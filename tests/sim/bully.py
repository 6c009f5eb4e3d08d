"""A toy rule system with a study mode that meets, mid-study, a fight it cannot mirror.

Load it without installing: ``FRACAS_RULESETS=tests.sim.bully:Bully`` and
``FRACAS_STUDIES=bully=tests.sim.bully:plan``. Its punches are the toy's (1d6, 1 AP, 2 AP a
turn), but a bully's punch takes 2 more from a target at 3 HP or less: a rule reading the
target's HP, which the attack tables leave out of their key. Study mode's plan (the shared lean
loop, ``loop.Plan``, with tables filled as the fights first need them) is built without
resolving a punch, so the bully's table is found Unmirrorable only when a fight first has the
bully punch: in ``bully.yaml``, when Bo outlives Ada's first two punches (2d6 ≤ 4, 1 in 6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, PoolChanged
from fracas.engine.ruleset import Descriptor, Rule, Ruleset
from fracas.engine.state import Combatant, EncounterState
from fracas.engine.turns import StartCombat
from fracas.sim.study.loop import Fighter, Plan
from fracas.sim.study.striking import LazyTable, lowest_up, on_turn_of
from fracas.sim.study.table import Tracked
from tests.engine.toy import Punch, PunchRule, Toy

BULLIES = "bullies"
HP = "HP"
RULESETS = "tests.sim.bully:Bully"
STUDIES = "bully=tests.sim.bully:plan"


class BullyPunch(PunchRule):
    """A bully's punch takes 2 more from a target at 3 HP or less."""

    def resolve(self, state: EncounterState, action: Punch, dice: DiceSource) -> Sequence[Event]:
        events = list(super().resolve(state, action, dice))
        assert action.actor is not None
        if state[action.actor].side == BULLIES and state[action.target].pools[HP].current <= 3:
            events.append(PoolChanged(action.target, HP, -2))
        return events


class Bully(Toy):
    descriptor = Descriptor(slug="bully", name="Bully")

    def rule(self, action: Action) -> Rule[Any] | None:
        return BullyPunch() if isinstance(action, Punch) else super().rule(action)


def plan(ruleset: Ruleset, setup: EncounterState) -> Plan:
    """Study mode's plan of a bully fight: each fighter punches twice a turn (its 2 AP) the
    standing enemy that has lost the most, from tables filled lazily."""
    encounter = Encounter(ruleset, 0, history=False)
    encounter.state = setup
    encounter.apply(StartCombat())
    started = encounter.state
    sides = tuple(sorted({c.side for c in started}))
    tracked = {c.id: Tracked(HP, lowest_up(ruleset, started, c, HP)) for c in started}
    fighters = tuple(_fighter(ruleset, started, c, sides, tracked) for c in started)
    ids = list(started.combatants)
    turns = tuple(tuple(ids.index(a) for a in turn.actors) for turn in started.clock.order)
    return Plan(fighters, sides, turns, resolutions=0)


def _fighter(
    ruleset: Ruleset,
    started: EncounterState,
    me: Combatant,
    sides: tuple[str, ...],
    tracked: dict[CombatantId, Tracked],
) -> Fighter:
    on_turn = on_turn_of(ruleset, started, me).state
    tables = tuple(
        LazyTable(
            ruleset,
            on_turn,
            Punch(actor=me.id, target=other.id),
            other.id,
            tracked[other.id],
            {"AP": 1},
        )
        if other.side != me.side
        else None
        for other in started
    )
    pool = me.pools[HP]
    return Fighter(
        me.id, sides.index(me.side), pool.maximum, pool.current, tracked[me.id].lowest_up, 2, tables
    )
