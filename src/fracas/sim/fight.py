"""One simulated fight: the encounter played by a policy until it ends, measured as it goes.

The simulator only applies actions through ``Encounter.apply``, exactly as the tracker does:
``start``, then on each turn the policy's actions for everyone acting, then ``end``. Damage is
the loss of the ruleset's damage pools at each step; what an action's actor did to others is
damage dealt by it.
"""

from __future__ import annotations

from dataclasses import field, replace

from fracas.engine.action import Action, CombatantId, combatants_named
from fracas.engine.encounter import Encounter, Step
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import EncounterState
from fracas.engine.turns import EndTurn, StartCombat
from fracas.sim.measure import damage_taken
from fracas.sim.policy import Policy, Reacting

MAX_ROUNDS = 50
"""A fight still going after this many rounds is called a draw."""

MAX_ACTIONS = 20
"""How many actions one combatant may take in one turn before the simulator ends it."""


@frozen
class FightResult:
    """How one fight went. ``winner`` is the last side standing (None: a draw, nobody left
    or the round limit reached); ``survivors`` those still in the fight at the end."""

    seed: int
    winner: str | None
    rounds: int
    survivors: tuple[CombatantId, ...]
    dealt: dict[CombatantId, int] = field(default_factory=dict)
    taken: dict[CombatantId, int] = field(default_factory=dict)


def fight(
    ruleset: Ruleset,
    setup: EncounterState,
    policy: Policy,
    seed: int,
    max_rounds: int = MAX_ROUNDS,
    log: list[Step] | None = None,
) -> FightResult:
    """Play the encounter ``setup`` (combatants in, combat not started) with dice seeded
    ``seed``: the fight ``open_encounter(file, seed)`` would give at the table. A ``setup``
    whose combat has started goes on from where it stands (a stored fight, mid-way). ``log``,
    when given, receives the fight's steps, to read how it went or to replay it."""
    encounter = Encounter(ruleset, seed, history=log is not None)
    encounter.state = replace(setup, rng=(seed, 0))
    tally = Tally(ruleset, policy if isinstance(policy, Reacting) else None)
    if not setup.clock.started:
        tally.step(encounter, StartCombat())
    while not encounter.state.ended and encounter.state.clock.round <= max_rounds:
        clock = encounter.state.clock
        for actor in encounter.acting():  # a fallen member of a group turn does not act
            act(encounter, policy, actor, tally)
        if not encounter.state.ended and encounter.state.clock == clock:
            tally.step(encounter, EndTurn())
    if log is not None:
        log.extend(encounter.steps)
    return result(ruleset, encounter.state, seed, max_rounds, tally)


def result(
    ruleset: Ruleset, state: EncounterState, seed: int, max_rounds: int, tally: Tally
) -> FightResult:
    """How the fight that stands at ``state`` went (a draw when not ended by ``max_rounds``)."""
    over = ruleset.outcome(state) if state.ended else None
    return FightResult(
        seed=seed,
        winner=over.winner if over is not None else None,
        rounds=state.clock.round if state.ended else min(state.clock.round, max_rounds),
        survivors=tuple(c.id for c in state if ruleset.takes_turn(state, c)),
        dealt=tally.dealt,
        taken=tally.taken,
    )


def act(encounter: Encounter, policy: Policy, actor: CombatantId, tally: Tally) -> None:
    """``actor``'s turn: the policy's actions, each answered out of turn by those it names."""
    for _ in range(MAX_ACTIONS):
        state = encounter.state
        if state.ended or not state.is_turn_of(actor):
            return
        action = policy.choose(encounter, actor)
        if action is None:
            return
        try:
            tally.step(encounter, action)
        except IllegalAction:
            return
        if tally.reacting is not None:
            _answers(encounter, tally.reacting, action, tally)


def _answers(encounter: Encounter, policy: Reacting, action: Action, tally: Tally) -> None:
    """Everyone ``action`` named besides its actor answers it out of turn, as long as they have
    answers; one whose own turn the action brought (it ended the actor's) acts on it instead."""
    for who in combatants_named(action):
        if who == action.actor:
            continue
        for _ in range(MAX_ACTIONS):
            state = encounter.state
            if state.ended or who not in state.combatants or state.is_turn_of(who):
                break
            answer = policy.react(encounter, who)
            if answer is None:
                break
            try:
                tally.step(encounter, answer, answering=action.actor)
            except IllegalAction:
                break


class Tally:
    """Damage dealt and taken per combatant, step by step; the policy's answers, if any."""

    def __init__(self, ruleset: Ruleset, reacting: Reacting | None) -> None:
        self.ruleset = ruleset
        self.reacting = reacting
        """The policy when it answers out of turn (asked once: a Protocol check is slow)."""
        self.dealt: dict[CombatantId, int] = {}
        self.taken: dict[CombatantId, int] = {}

    def step(
        self, encounter: Encounter, action: Action, answering: CombatantId | None = None
    ) -> None:
        """Apply ``action``: what others lose is dealt by its actor; what its actor loses while
        answering someone's action (taking the hit) is dealt by that someone."""
        before = encounter.state
        encounter.apply(action)
        self.count(before, encounter.state, action.actor, answering)

    def count(
        self,
        before: EncounterState,
        after: EncounterState,
        actor: CombatantId | None,
        answering: CombatantId | None = None,
    ) -> None:
        """What a step of ``actor``'s from ``before`` to ``after`` dealt, counted as ``step``
        counts it (a study loop that applies actions itself tells it here)."""
        for who, lost in damage_taken(self.ruleset, before, after).items():
            if lost <= 0:
                continue
            self.taken[who] = self.taken.get(who, 0) + lost
            dealer = answering if who == actor else actor
            if dealer is not None and dealer != who:
                self.dealt[dealer] = self.dealt.get(dealer, 0) + lost
