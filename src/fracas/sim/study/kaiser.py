"""Kaiser's study mode: the lean loop of its tactics, the Intention phase read from the rules once.

Kaiser's round (SOURCES.md 1.9) opens with the Intention phase, one turn everyone shares, in
which each creature's tactics (``tactics.kaiser.Intending``) declare its Intentions and pay for
them in AP; its end rolls Initiative and sets the Action phase's order; each turn of the Action
phase the actor strikes the most hurt standing enemy, and whoever a failed hand-to-hand attack
opened a Counter to answers it out of turn.

What the loop does differently from the engine's fight (``sim.fight.fight``): the Intentions a
creature declares depend on nothing but the creature and the phase, so they are asked of the
tactics and resolved by the rules the first time a creature comes to the phase in a state, and
their events replayed whenever it comes there again in the same state (``Intentions``). The rest
is the engine's own: the clock (``EndTurn``), the tactics' strikes and answers, each action
resolved by the rules with the fight's dice. Kaiser's Skill Checks are open: a double 6 rolls
another d6, and again while it shows 6, so an attack has no end of ways to roll and no exact
table (``sim.odds.leaves`` stops at ``MAX_DRAWS`` rolls); its attacks are rolled, not tabled.
Split at its Exchange (``AttackRule.offensive_roll``, ``defensive_roll``, ``exchange``), a strike
still does not pay to table: the Exchange's inputs (the totals, both fighters' Life Points, AP
and marks) rarely repeat, and the rolls and the Exchange together are under a third of a fight's
CPU (``benchmarks/kaiser_exchange.py``; docs/performance.md).

A fight the loop cannot mirror falls back to the engine, the reason named: other tactics, pools
a turn refills, a fight already started, Intentions that roll dice or change anyone else.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from fracas.engine.action import CombatantId, combatants_named
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, reduce
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import Combatant, EncounterState, Reset
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kaiser.queries import INTENTION_PHASE, LP
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.sim.fight import MAX_ACTIONS, FightResult, Tally, act, result
from fracas.sim.policy import tactics_for
from fracas.sim.study.rests import Rest, rest_of
from fracas.sim.study.table import Unmirrorable
from fracas.sim.tactics.kaiser import Intending


def plan(ruleset: Ruleset, setup: EncounterState) -> KaiserPlan:
    """The plan of ``setup``'s fight; Unmirrorable when study mode cannot play it."""
    assert isinstance(ruleset, Kaiser)
    tactics = tactics_for(ruleset)
    if not isinstance(tactics, Intending):
        raise Unmirrorable(f"its tactics are {type(tactics).__name__}, not Kaiser's Intending")
    turned = [c.name for c in setup if any(p.reset is Reset.TURN for p in c.pools.values())]
    if turned:
        raise Unmirrorable(f"pools a turn refills ({', '.join(turned)})")
    encounter = Encounter(ruleset, 0, history=False)
    encounter.state = setup
    encounter.apply(StartCombat())
    started = encounter.state
    if started.rng != setup.rng:
        raise Unmirrorable("the combat's start rolls dice")
    turn = started.clock.turn
    if turn is None or turn.label != INTENTION_PHASE:
        raise Unmirrorable("the first turn is not the Intention phase")
    intentions = Intentions(ruleset, tactics)
    for actor in encounter.acting():  # the first round's, asked now: what cannot be named here
        intentions.events(started, actor)
    return KaiserPlan(ruleset, tactics, started, intentions)


@dataclass
class Intentions:
    """What each creature's Intentions do to it, by its state as it comes to the phase."""

    ruleset: Kaiser
    tactics: Intending
    known: dict[tuple[CombatantId, Rest], tuple[Event, ...]] = field(default_factory=dict)
    resolutions: int = 0
    """How many Intentions the rules resolved to fill ``known``."""

    def events(self, state: EncounterState, actor: CombatantId) -> tuple[Event, ...]:
        """The events of ``actor``'s Intentions in ``state`` (its Intention phase; it stands)."""
        combatant = state[actor]
        if any(e.ends is not None for e in combatant.effects):
            return self._declared(state, actor)  # an anchor is a round's: no key holds it
        key = (actor, rest_of(_hale(combatant), state.clock.round, ()))
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._declared(state, actor)
        return found

    def _declared(self, state: EncounterState, actor: CombatantId) -> tuple[Event, ...]:
        """The tactics' Intentions resolved by the rules, as the engine's fight takes them;
        Unmirrorable when they roll dice or change anything but ``actor``."""
        trial = Encounter(self.ruleset, 0, history=False)
        trial.state = state
        events: list[Event] = []
        for _ in range(MAX_ACTIONS):
            action = self.tactics.choose(trial, actor)
            if action is None:
                break
            if any(who != actor for who in combatants_named(action)):
                raise Unmirrorable(f"{state[actor].name}'s {action.verb} names others")
            try:
                events += trial.apply(action).events
            except IllegalAction:
                break
            self.resolutions += 1
        after = trial.state
        if after.rng != state.rng:
            raise Unmirrorable(f"{state[actor].name}'s Intentions roll dice")
        if replace(after, combatants=state.combatants) != state or any(
            after[who] != was for who, was in state.combatants.items() if who != actor
        ):
            raise Unmirrorable(f"{state[actor].name}'s Intentions change more than itself")
        return tuple(events)


@dataclass
class KaiserPlan:
    ruleset: Kaiser
    tactics: Intending
    started: EncounterState
    """The combat started: round 1, its Intention phase."""
    intentions: Intentions

    def describe(self) -> str:
        known = len(self.intentions.known)
        phases = f"{known} Intention phases" if known else "the Intention phases"
        return (
            f"a lean loop whose {phases} are read from the rules once, as the fights need them;"
            " its strikes are rolled by the rules (Kaiser's open rolls have no finite table)"
        )

    def play(self, seed: int, max_rounds: int) -> FightResult:
        """One fight with dice seeded ``seed`` (a draw after ``max_rounds``)."""
        return _Fight(self, seed).play(max_rounds)


class _Fight:
    """One fight: the encounter, and the damage each dealt and took."""

    def __init__(self, plan: KaiserPlan, seed: int) -> None:
        self.plan = plan
        self.seed = seed
        self.encounter = Encounter(plan.ruleset, seed, history=False)
        self.encounter.state = replace(plan.started, rng=(seed, 0))
        self.tally = Tally(plan.ruleset, plan.tactics)

    def play(self, max_rounds: int) -> FightResult:
        """The engine's fight (``fracas.sim.fight``), its Intention phases replayed."""
        encounter, tally = self.encounter, self.tally
        while not encounter.state.ended and encounter.state.clock.round <= max_rounds:
            clock = encounter.state.clock
            turn = clock.turn
            if turn is not None and turn.label == INTENTION_PHASE:
                self._intentions()
            else:
                for actor in encounter.acting():
                    act(encounter, self.plan.tactics, actor, tally)
            if not encounter.state.ended and encounter.state.clock == clock:
                tally.step(encounter, EndTurn())
        return result(self.plan.ruleset, encounter.state, self.seed, max_rounds, tally)

    def _intentions(self) -> None:
        """Everyone acting declares its Intentions: their events, replayed."""
        encounter, known = self.encounter, self.plan.intentions
        for actor in encounter.acting():
            encounter.state = reduce(encounter.state, known.events(encounter.state, actor))


def _hale(combatant: Combatant) -> Combatant:
    """``combatant`` at its full Life Points: standing is all the phase reads of them (only
    those able to act declare)."""
    pool = combatant.pools[LP]
    return replace(combatant, pools={**combatant.pools, LP: replace(pool, current=pool.maximum)})
