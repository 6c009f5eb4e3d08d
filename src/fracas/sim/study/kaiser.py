"""Kaiser's study mode: a lean loop on a state of its own, every outcome from the rules.

Kaiser's round (SOURCES.md 1.9) opens with the Intention phase, one turn everyone shares, in
which each creature's tactics (``tactics.kaiser.Intending``) declare its Intentions and pay for
them in AP; its end rolls Initiative and sets the Action phase's order; each turn of the Action
phase the actor strikes the most hurt standing enemy, and whoever a failed hand-to-hand attack
opened a Counter to answers it out of turn.

What the loop keeps: the fight's ``EncounterState``, folded by the state's own events, and one
stream of dice. What it mirrors of the engine's fight (``sim.fight.fight``): whose turn it is,
who acts in it, and when the fight is decided (``Ruleset.decided``). The tactics choose as they
do in the engine (``Intending.choose`` and ``react``, their legality checks the rules' own);
each action is paid (``Rule.cost``) and resolved by its rule (``Rule.resolve``: rolls, the
Exchange, damage, Criticals, Counters, effects) and its events folded into the state; a turn
ends by the engine's clock functions (``clock.end_turn``: the rules' End phase, Initiative and
order). What it leaves out is the engine's machinery around a step: its checks of the whole
action again, its tape and record of steps, the dice drawn written into the state. The dice are
drawn in the engine's order, so a study fight is the engine's fight seed for seed. The
Intentions a creature declares depend on nothing but the creature and the phase: they are asked
of the tactics and resolved by the rules the first time a creature comes to the phase in a
state, and their events replayed whenever it comes there again in the same state
(``Intentions``).

Kaiser's Skill Checks are open (a double 6 rolls another d6, and again while it shows 6), so an
attack has no exact table, and split at its Exchange (``AttackRule.offensive_roll``,
``defensive_roll``, ``exchange``) its inputs rarely repeat (``benchmarks/kaiser_exchange.py``):
strikes are rolled by the rules, not tabled. The rules' resolution is most of a study fight's
CPU (docs/performance.md).

A fight the loop cannot mirror falls back to the engine, the reason named: other tactics, pools
a turn refills, a fight already started, Intentions that roll dice or change anyone else, a
ruleset whose steps do more than the loop plays (follow-ups, a turn's end that waits or may be
refused).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from fracas.dice import DiceSource, SeededDice
from fracas.engine.action import Action, CombatantId, combatants_named
from fracas.engine.clock import Tape, end_turn
from fracas.engine.encounter import Encounter
from fracas.engine.events import CombatEnded, Event, PoolChanged, reduce
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import Combatant, EncounterState, Reset
from fracas.engine.turns import StartCombat
from fracas.rules.kaiser.queries import INTENTION_PHASE, LP
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.sim.fight import MAX_ACTIONS, FightResult, Tally, result
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
    if skipped := _hooks_left_out(ruleset):
        raise Unmirrorable(f"the rules' {', '.join(skipped)} (the loop plays no such step)")
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


def _hooks_left_out(ruleset: Ruleset) -> list[str]:
    """The engine's hooks around a step that ``ruleset`` fills and the loop does not call."""
    hooks = ("follow_ups", "before_turn_end", "may_end_turn")
    return [h for h in hooks if getattr(type(ruleset), h) is not getattr(Ruleset, h)]


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
            f"a lean loop on its own state whose {phases} are read from the rules once, as the"
            " fights need them; its strikes are resolved by the rules' own functions (Kaiser's"
            " open rolls have no finite table)"
        )

    def play(self, seed: int, max_rounds: int) -> FightResult:
        """One fight with dice seeded ``seed`` (a draw after ``max_rounds``)."""
        return _Fight(self, seed).play(max_rounds)


class _Fight:
    """One fight on a state of its own: the tactics choose, the rules resolve, the clock's
    turns end by the engine's clock functions; one stream of dice, drawn in the engine's
    order."""

    def __init__(self, plan: KaiserPlan, seed: int) -> None:
        self.plan = plan
        self.ruleset = plan.ruleset
        self.seed = seed
        self.state = replace(plan.started, rng=(seed, 0))
        self.dice: DiceSource = SeededDice(seed)
        self.chooser = Encounter(plan.ruleset, seed, history=False)
        """Where the tactics choose (their legality checks are the rules' own)."""
        self.tally = Tally(plan.ruleset, plan.tactics)

    def play(self, max_rounds: int) -> FightResult:
        """The engine's fight (``fracas.sim.fight``), step by step without its steps."""
        while not self.state.ended and self.state.clock.round <= max_rounds:
            clock = self.state.clock
            turn = clock.turn
            if turn is not None and turn.label == INTENTION_PHASE:
                self._intentions()
            else:
                for actor in self._acting():
                    self._turn(actor)
            if not self.state.ended and self.state.clock == clock:
                self._end_turn()
        return result(self.ruleset, self.state, self.seed, max_rounds, self.tally)

    def _acting(self) -> tuple[CombatantId, ...]:
        state = self.state
        return tuple(a for a in state.acting() if self.ruleset.takes_turn(state, state[a]))

    def _intentions(self) -> None:
        """Everyone acting declares its Intentions: their events, replayed."""
        known = self.plan.intentions
        for actor in self._acting():
            self.state = reduce(self.state, known.events(self.state, actor))

    def _turn(self, actor: CombatantId) -> None:
        """``actor``'s turn: the tactics' strikes, each answered by a Counter where one opens."""
        tactics = self.plan.tactics
        for _ in range(MAX_ACTIONS):
            if self.state.ended or not self.state.is_turn_of(actor):
                return
            action = tactics.choose(self._chooser(), actor)
            if action is None or not self._step(action):
                return
            for who in combatants_named(action):
                if who != actor:
                    self._answers(who, actor)

    def _answers(self, who: CombatantId, answering: CombatantId) -> None:
        for _ in range(MAX_ACTIONS):
            state = self.state
            if state.ended or who not in state.combatants or state.is_turn_of(who):
                return
            answer = self.plan.tactics.react(self._chooser(), who)
            if answer is None or not self._step(answer, answering):
                return

    def _chooser(self) -> Encounter:
        self.chooser.state = self.state
        return self.chooser

    def _step(self, action: Action, answering: CombatantId | None = None) -> bool:
        """``action`` paid for and resolved by the rules (False: they refuse it)."""
        try:
            cost = self.chooser.price(action)  # the tactics checked it in this very state
        except IllegalAction:
            return False
        before = self.state
        who = action.actor
        paid = [PoolChanged(who, p, -n, action.verb) for p, n in cost.items() if n and who]
        after = reduce(before, paid) if paid else before
        after = reduce(after, self.chooser.rule(action).resolve(after, action, self.dice))
        self.state = self._decided(after)
        self.tally.count(before, self.state, action.actor, answering)
        return True

    def _end_turn(self) -> None:
        """The turn ends and the next starts: the engine's clock, on a tape of its own."""
        tape = Tape(self.state)
        end_turn(tape, self.ruleset, self.dice)
        self.state = self._decided(tape.state)

    def _decided(self, state: EncounterState) -> EncounterState:
        """``state``, ended when the fight is decided (as the engine ends it after a step)."""
        if state.ended or (over := self.ruleset.decided(state)) is None:
            return state
        return reduce(state, [CombatEnded(over.reason)])


def _hale(combatant: Combatant) -> Combatant:
    """``combatant`` at its full Life Points: standing is all the phase reads of them (only
    those able to act declare)."""
    pool = combatant.pools[LP]
    return replace(combatant, pools={**combatant.pools, LP: replace(pool, current=pool.maximum)})
