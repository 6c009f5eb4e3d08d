"""Exact odds of one action: every die the rules ask for, enumerated through the rules code.

The action is applied to a private copy of the encounter with loaded draws. When the rules roll
an expression that is not loaded, the enumeration branches over its totals, each with its exact
probability; when a rule reads more of that roll than its total (a natural 20, a labelled part),
the enumeration starts again, branching over that expression's distinct results
(``fracas.sim.branching``); a die asked for on its own (``DiceNeeded``) branches over its
faces. A roll whose results are its totals (``1d20 + 5``) is first handed to the rules
undecided (``fracas.dice.undecided``), split only where a comparison tells its results apart.
The action is then applied again with each longer list of draws. Every leaf is a
complete, real resolution of the action by the ruleset's own code; its damage and its outcome
are read through the ruleset's analysis hooks (``fracas.sim.measure``). So the odds are exact
for every ruleset, with no second copy of any rule.

When the tree grows past ``max_branches`` (exploding or rerolled dice, big pools) the odds are
sampled instead, with seeded dice, and every figure carries its 95 % margin.
"""

from __future__ import annotations

import itertools
import math
import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Generic, TypeVar

from fracas.dice import (
    DiceLimitError,
    DiceNeeded,
    Distribution,
    Expression,
    FacesHidden,
    SeededDice,
)
from fracas.dice.sources import DiceSource
from fracas.dice.undecided import Decide, UndecidedRoll, known
from fracas.engine.action import Action, CombatantId, combatants_named
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event
from fracas.engine.frozen import frozen
from fracas.engine.gm import MoveTurn
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import EncounterState
from fracas.errors import FracasError
from fracas.sim.branching import (
    Branch,
    BranchingDice,
    Draw,
    Known,
    RollNeeded,
    Stages,
    face_branches,
)
from fracas.sim.measure import damage_dealt, outcome_of
from fracas.sim.policy import Policy, settle, tactics_for
from fracas.sim.stats import Z95, run_seed, wilson

MAX_BRANCHES = 20_000
"""How many times the action may be resolved while enumerating before sampling takes over."""

MAX_DRAWS = 32
"""How many rolls one resolution may ask for while enumerating. More is a roll the rules keep
open while it comes up high (Kaiser's open-ended Skill Checks roll another d6 on every 6): its
tree has no end, and enumerating it resolves again at every depth, each time longer, until
``MAX_BRANCHES``. Sampling takes over at once instead."""

SAMPLES = 20_000
"""How many seeded resolutions a sampled answer is built from by default."""

Merge = Callable[[Expression, tuple[Branch, ...]], tuple[Branch, ...]]
"""A roll's branches made fewer: those the rules read alike taken as one, their chances added
(study mode's lurasko tables: a defense roll read only as dodged, hit or critical)."""


class TooManyBranches(FracasError):
    """The enumeration tree of an action is bigger than its budget."""


@dataclass(frozen=True)
class Odds:
    """What one action comes to: each outcome's probability and the damage distribution.

    ``exact`` odds are fractions; sampled ones are frequencies over ``samples`` runs, each with
    a 95 % margin (``margin``). ``resolutions`` is how many times the rules resolved the action.
    """

    outcomes: Mapping[str, Fraction]
    damage: Distribution
    exact: bool
    resolutions: int
    samples: int = 0
    why_sampled: str = ""
    """For sampled odds: why they could not be exact."""
    settled: tuple[Action, ...] = ()
    """What the rules waited for and the ruleset's tactics answered first (``Settling``)."""
    answered: tuple[Action, ...] = ()
    """What those the action named owed after it (a kingsdale strike's defence) and the
    ruleset's tactics answered (``Settling``), each distinct answer once."""

    def interval(self, outcome: str) -> tuple[float, float]:
        """The 95 % interval of an outcome's probability (a point for exact odds)."""
        p = self.outcomes.get(outcome, Fraction(0))
        if self.exact:
            return (float(p), float(p))
        return wilson(round(p * self.samples), self.samples)

    def mean_margin(self) -> float:
        """Half-width of the 95 % interval of the mean damage (0 for exact odds)."""
        if self.exact or self.samples < 2:
            return 0.0
        mean = self.damage.mean()
        variance = sum((total - mean) ** 2 * weight for total, weight in self.damage.weights) / (
            self.samples - 1
        )
        return Z95 * math.sqrt(float(variance) / self.samples)


def odds(
    encounter: Encounter,
    action: Action,
    *,
    then: Sequence[Action] = (),
    max_branches: int = MAX_BRANCHES,
    samples: int = SAMPLES,
    seed: int = 0,
) -> Odds:
    """Exact odds of ``action`` in the encounter's current state, or sampled odds when the
    enumeration needs more than ``max_branches`` resolutions. The encounter is not changed.

    ``then`` are actions that follow it in the same exchange (the defender's parry, taking the
    hit), each applied where the rules allow it and skipped where they do not (no parry
    against a strike that missed); the odds are of all of it.

    When the rules wait for an answer before anyone may act (dbu's Effect Phase waiting for
    its order), the ruleset's tactics give it first (``fracas.sim.policy.settle``), with the
    encounter's seeded dice, not enumerated; ``Odds.settled`` lists those answers. When, after
    the action and ``then``, the rules wait for an answer from someone the action named (a
    kingsdale strike waiting for its target's defence), the tactics give that too, and its
    dice are enumerated with the rest; ``Odds.answered`` lists those answers.

    Raises IllegalAction when the rules forbid the action now.
    """
    trial = _trial(encounter)
    tactics = tactics_for(trial.ruleset)
    settled = _settled(trial, tactics, action.actor)
    trial.check(action)
    try:
        found = exact_odds(trial, action, then=then, max_branches=max_branches, answering=tactics)
    except TooManyBranches as too_many:
        found = sampled_odds(
            trial,
            action,
            then=then,
            samples=samples,
            seed=seed,
            why=str(too_many),
            answering=tactics,
        )
    return replace(found, settled=settled)


def _settled(trial: Encounter, tactics: Policy, actor: CombatantId | None) -> tuple[Action, ...]:
    """The tactics' answers to what the rules wait for before anyone may act; when answering
    moved the clock on (Kaiser's Intention phase ended), the turn goes back to ``actor`` with
    the game master's ``turn``, and what waits there is answered too."""
    steps = settle(trial, tactics)
    if steps and actor is not None and not trial.state.is_turn_of(actor):
        trial.apply(MoveTurn(target=actor))
        steps += settle(trial, tactics)
    return tuple(step.action for step in steps)


def exact_odds(
    encounter: Encounter,
    action: Action,
    *,
    then: Sequence[Action] = (),
    max_branches: int = MAX_BRANCHES,
    answering: Policy | None = None,
    by_totals: bool = True,
) -> Odds:
    """Odds by enumerating every distinct roll (or die) the rules ask for; TooManyBranches
    past ``max_branches`` resolutions. ``answering``: the policy that settles what those the
    action named owe after it (see ``odds``). ``by_totals`` False branches every roll on its
    faces from the start (the odds before totals; the same figures, more resolutions)."""
    trial = _trial(encounter)
    ruleset = trial.ruleset
    dealt_in = _Dealt(ruleset, action.actor, trial.state)

    def read(events: _Resolved, state: EncounterState) -> _Figures:
        dealt = known(dealt_in(state))
        return outcome_of(ruleset, events, dealt), dealt

    tree = _Tree(_trial(trial), (action, *then), max_branches, answering, read=read)
    outcomes: _Chances[str] = _Chances()
    damage: _Chances[int] = _Chances()
    answers: dict[Action, None] = {}
    resolutions, current = 0, 0
    for number, leaf, figures in _walked(tree, by_totals):
        if number != current:  # a rule read the faces of a roll: the pass started anew
            outcomes, damage, answers, current = _Chances(), _Chances(), {}, number
        resolutions = leaf.resolved
        assert figures is not None
        outcomes.add(figures[0], leaf.weight, leaf.scale)
        damage.add(figures[1], leaf.weight, leaf.scale)
        if leaf.events.answers:
            answers.update(dict.fromkeys(leaf.events.answers))
    return Odds(
        outcomes=dict(sorted(outcomes.fractions().items())),
        damage=_distribution(damage.fractions()),
        exact=True,
        resolutions=resolutions,
        answered=tuple(answers),
    )


@frozen
class Leaf:
    """One complete resolution of an exchange: its events, the state it left, and its exact
    chance, ``weight / scale``."""

    events: _Resolved
    state: EncounterState
    weight: int
    scale: int
    resolved: int
    """How many times the rules resolved the exchange so far, this time included (also the
    resolutions that stopped at a roll and branched, and those of passes started anew)."""


def leaves(
    encounter: Encounter,
    action: Action,
    *,
    then: Sequence[Action] = (),
    max_branches: int = MAX_BRANCHES,
    answering: Policy | None = None,
    by_totals: bool = True,
    merge: Merge | None = None,
) -> list[Leaf]:
    """Every distinct resolution of ``action`` (and ``then``) from the encounter's state, each
    once, by the ruleset's own code; the chances add up to 1. TooManyBranches past
    ``max_branches`` resolutions (``exact_odds`` and study mode's tables read these). Rolls are
    branched on their totals until a rule reads a roll's faces; the pass then starts anew with
    that expression branched on its faces (``by_totals`` False: every roll from the start).
    ``merge``, when given, makes each roll's branches fewer (its caller answers for it)."""
    tree = _Tree(_trial(encounter), (action, *then), max_branches, answering, merge)
    found: list[Leaf] = []
    current = 0
    for number, leaf, _ in _walked(tree, by_totals):
        if number != current:  # a rule read the faces of a roll: the pass started anew
            found, current = [], number
        found.append(leaf)
    return found


def _walked(tree: _Tree, by_totals: bool) -> Iterator[tuple[int, Leaf, _Figures | None]]:
    """Each leaf of each pass of ``tree`` as it is found, with the number of its pass: rolls
    branched on their totals until a rule reads a roll's faces, which ends the pass
    (``FacesHidden``) and starts the next, with that expression branched on its faces. So a
    reader keeps the leaves of the last pass only. Read one at a time, a leaf's state can go
    as soon as its figures are taken (kept all together, every state outlived the young
    generation of Python's garbage collector, which then walked them again and again)."""
    faces_read: set[str] | None = set() if by_totals else None
    for number in itertools.count():
        try:
            for leaf, figures in tree.walk(None if faces_read is None else frozenset(faces_read)):
                yield number, leaf, figures
            return
        except FacesHidden as hidden:
            assert faces_read is not None and hidden.notation not in faces_read
            faces_read.add(hidden.notation)


_Figures = tuple[str, int]
"""What the exact odds read of a leaf: its outcome and the damage dealt."""


class _Tree:
    """The enumeration of one exchange from the encounter's state; ``resolutions`` counts the
    resolutions of every pass (one more pass for each expression whose faces a rule read).

    ``read``: what is read of each leaf (its figures), read as the leaf is found. Given, rolls
    whose results are their totals are handed out undecided (``fracas.dice.undecided``) by the
    pass that branches on totals: the rules, and ``read``, resolve the results they cannot
    tell apart once, and the pass resolves again once for each group of results they do tell
    apart (``Decide``). Without it (study mode's tables read the leaves' events themselves),
    each result is its own branch."""

    def __init__(
        self,
        trial: Encounter,
        actions: Sequence[Action],
        max_branches: int,
        answering: Policy | None,
        merge: Merge | None = None,
        read: Callable[[_Resolved, EncounterState], _Figures] | None = None,
    ) -> None:
        self.merge = merge
        self.read = read
        self.trial = trial
        self.base = trial.state
        self.actions = actions
        self.max_branches = max_branches
        self.answering = answering
        self.resolutions = 0

    def walk(self, faces_read: frozenset[str] | None) -> Iterator[tuple[Leaf, _Figures | None]]:
        """One pass, leaf by leaf with its figures: every roll branched on its totals, but
        those in ``faces_read`` (or every roll, if None) on their distinct results. Raises
        FacesHidden when a rule reads the faces of a roll branched on its totals."""
        trial, base, verb, read = self.trial, self.base, self.actions[0].verb, self.read
        undecided = read is not None and faces_read is not None
        known: Known = {}
        stages: Stages = {}
        shares = _Shares()
        pending: list[tuple[tuple[Draw, ...], int, int]] = [((), 1, 1)]
        while pending:
            draws, weight, scale = pending.pop()
            self.resolutions += 1
            if self.resolutions > self.max_branches:
                raise TooManyBranches(f"{verb}: more than {self.max_branches} ways to roll")
            dice = BranchingDice(draws, faces_read, known, stages, undecided)
            try:
                events = _resolve(trial, base, self.actions, dice, self.answering)
                figures = None if read is None else read(events, trial.state)
            except Decide as decided:  # the rules told an undecided roll's results apart
                at, whole = _drawn_at(draws, decided.roll), decided.roll.weight
                for part, share in reversed(decided.parts()):
                    split = (*draws[:at], part, *draws[at + 1 :])
                    pending.append((split, weight * share, scale * whole))
                continue
            except DiceNeeded as needed:
                branches = None
                if isinstance(needed, RollNeeded):
                    branches = needed.branches
                    if self.merge is not None and needed.expression is not None:
                        branches = self.merge(needed.expression, branches)
                if len(draws) >= MAX_DRAWS:
                    raise TooManyBranches(
                        f"{verb}: more than {MAX_DRAWS} rolls in one resolution"
                        " (a roll kept open while it comes up high)"
                    ) from needed
                for draw, numerator, denominator in shares(branches or face_branches(needed.sides)):
                    if type(draw) is UndecidedRoll:  # one for each roll it stands for
                        draw = draw.again()
                    pending.append(((*draws, draw), weight * numerator, scale * denominator))
                continue
            except DiceLimitError as error:
                raise TooManyBranches(f"{verb}: {error}") from error
            yield Leaf(events, trial.state, weight, scale, self.resolutions), figures


def _drawn_at(draws: tuple[Draw, ...], roll: UndecidedRoll) -> int:
    """Where ``roll`` is among ``draws``; FacesHidden if it is not there (an undecided value
    that outlived its resolution, which cannot be split: its roll is then branched on its
    results one by one)."""
    for at, draw in enumerate(draws):
        if draw is roll:
            return at
    raise FacesHidden(roll.expression)


class _Dealt:
    """``damage_dealt`` by ``actor`` from ``base`` to a leaf's state, worked out once for each
    state: leaves whose rules shared the stage that made their state (``fracas.dice.shared``)
    share the very state object. A state is known by its identity through a weak reference
    (keeping every leaf's state alive is what ``_walked`` avoids), so a state that is gone is
    never taken for a new one at its address."""

    def __init__(self, ruleset: Ruleset, actor: CombatantId | None, base: EncounterState) -> None:
        self.ruleset, self.actor, self.base = ruleset, actor, base
        self._known: dict[int, tuple[weakref.ref[EncounterState], int]] = {}

    def __call__(self, state: EncounterState) -> int:
        known = self._known.get(id(state))
        if known is not None and known[0]() is state:
            return known[1]
        dealt = damage_dealt(self.ruleset, self.actor, self.base, state)
        self._known[id(state)] = (weakref.ref(state), dealt)
        return dealt


class _Shares:
    """A roll's branches as (draw, numerator, denominator), last first (the order they are
    pushed in), worked out once for each tuple of branches (a roll's are the same tuple at
    every resolution of a pass; ``Fraction.numerator`` is a property, a call each time)."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[tuple[Branch, ...], tuple[tuple[Draw, int, int], ...]]] = {}

    def __call__(self, branches: tuple[Branch, ...]) -> tuple[tuple[Draw, int, int], ...]:
        known = self._known.get(id(branches))
        if known is None or known[0] is not branches:  # kept alive: an id found is theirs
            split = tuple((draw, s.numerator, s.denominator) for draw, s in reversed(branches))
            known = self._known[id(branches)] = (branches, split)
        return known[1]


K = TypeVar("K", str, int)


class _Chances(Generic[K]):
    """Exact chances added up as integer weights, one sum per denominator (``scale``: the
    product of the branches' denominators on the way to a leaf, of which a query has few),
    turned into fractions once at the end (``Fraction`` arithmetic at every leaf was ~8 % of
    a query's time)."""

    def __init__(self) -> None:
        self._weights: dict[tuple[K, int], int] = {}

    def add(self, key: K, weight: int, scale: int) -> None:
        weights, at = self._weights, (key, scale)
        weights[at] = weights.get(at, 0) + weight

    def fractions(self) -> dict[K, Fraction]:
        """Each key's chance: its weights brought to the scales' least common multiple and
        added as integers, one ``Fraction`` per key (adding a ``Fraction`` per weight reduced
        each sum again: 8d6's leaves have a dozen scales)."""
        common = math.lcm(*{scale for _, scale in self._weights})
        sums: dict[K, int] = {}
        for (key, scale), weight in self._weights.items():
            sums[key] = sums.get(key, 0) + weight * (common // scale)
        return {key: Fraction(total, common) for key, total in sums.items()}


def sampled_odds(
    encounter: Encounter,
    action: Action,
    *,
    then: Sequence[Action] = (),
    samples: int = SAMPLES,
    seed: int = 0,
    why: str = "",
    answering: Policy | None = None,
) -> Odds:
    """Odds from ``samples`` resolutions with seeded dice (sample ``i`` uses ``run_seed(seed,
    i)``): frequencies with 95 % margins."""
    if samples < 1:
        raise ValueError(f"at least one sample is needed, not {samples}")
    trial = _trial(encounter)
    base = trial.state
    outcomes: Counter[str] = Counter()
    damage: Counter[int] = Counter()
    answers: dict[Action, None] = {}
    for number in range(samples):
        dice = SeededDice(run_seed(seed, number))
        events = _resolve(trial, base, (action, *then), dice, answering)
        answers.update(dict.fromkeys(events.answers))
        dealt = damage_dealt(trial.ruleset, action.actor, base, trial.state)
        outcomes[outcome_of(trial.ruleset, events, dealt)] += 1
        damage[dealt] += 1
    return Odds(
        outcomes={k: Fraction(v, samples) for k, v in sorted(outcomes.items())},
        damage=Distribution(tuple(sorted(damage.items()))),
        exact=False,
        resolutions=samples,
        samples=samples,
        why_sampled=why,
        answered=tuple(answers),
    )


def _trial(encounter: Encounter) -> Encounter:
    """A private encounter on the same ruleset and state, keeping no history."""
    trial = Encounter(encounter.ruleset, encounter.seed, history=False)
    trial.state = encounter.state
    return trial


class _Resolved(list[Event]):
    """The events of one resolution of the exchange, with the answers the tactics gave."""

    answers: tuple[Action, ...] = ()


def _resolve(
    trial: Encounter,
    base: EncounterState,
    actions: Sequence[Action],
    dice: DiceSource,
    answering: Policy | None,
) -> _Resolved:
    """The events of ``actions`` applied in turn from ``base`` (the first must be allowed; a
    later one the rules refuse here is skipped), then of what ``answering`` settles for those
    the first named."""
    trial.state = base
    trial.dice = dice
    first, *rest = actions
    events = _Resolved(trial.apply(first).events)
    for action in rest:
        if trial.state.ended:
            break
        try:
            events += trial.apply(action).events
        except IllegalAction:
            continue
    if answering is not None:
        named = [who for who in combatants_named(first) if who != first.actor]
        steps = settle(trial, answering, among=named)
        for step in steps:
            events += step.events
        events.answers = tuple(step.action for step in steps)
    return events


def _distribution(chances: Mapping[int, Fraction]) -> Distribution:
    common = math.lcm(*(chance.denominator for chance in chances.values()))
    weights = {total: int(chance * common) for total, chance in chances.items()}
    divisor = math.gcd(*weights.values())
    return Distribution(tuple((total, weights[total] // divisor) for total in sorted(weights)))
