"""The exact odds hand the rules a roll whose results are its totals undecided
(``fracas.dice.undecided``): results the rules never tell apart are resolved once, together,
and results they do tell apart, by any comparison, are never joined. Checked on a toy rule that
tells one plain hit's face from the others (a lucky 7), against brute force over every face."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from fracas.dice import DiceSource, FacesHidden, LoadedDice, RollResult, parse, roll
from fracas.dice.undecided import Decide, Undecided, UndecidedRoll, known
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, PoolChanged, PoolSet, Record, reduce
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import Cost, Descriptor, IllegalAction, Rule
from fracas.engine.state import EncounterState
from fracas.engine.turns import StartCombat
from fracas.rules.momentum.queries import VITALITY
from fracas.sim.branching import undecided_results
from fracas.sim.measure import damage_dealt
from fracas.sim.odds import exact_odds
from fracas.sim.scenario import open_scenario, ready
from tests.engine.toy import Toy, ToySheet

D20, D6 = parse("1d20 + 2"), parse("1d6")
LUCKY = 7
"""The natural face of the toy's d20 that deals 5 damage, though 7 + 2 misses."""
TABLE = (0, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1)
"""Extra damage by natural face, read by indexing (which no undecided value answers)."""


def d20_undecided() -> UndecidedRoll:
    found = undecided_results(D20)
    assert found is not None and len(found) == 1
    whole = found[0][0]
    assert isinstance(whole, UndecidedRoll) and found[0][1] == 1
    return whole


def test_a_comparison_every_result_agrees_on_is_answered() -> None:
    whole = d20_undecided()
    natural = whole.kept_faces(20)[0]
    assert 1 <= natural <= 20 and whole.total >= 3 and not whole.total > 22
    assert natural + 2 != 0 and (natural - 21) * 2 < 0 and bool(natural)


@pytest.mark.parametrize(
    ("compare", "groups"),
    [
        (lambda n: n == 1, [[1], list(range(2, 21))]),
        (lambda n: n + 2 >= 12, [list(range(1, 10)), list(range(10, 21))]),
        (lambda n: max(n, 15) == 15, [list(range(1, 15)), list(range(15, 21))]),  # n < 15 first
    ],
)
def test_a_comparison_the_results_disagree_on_groups_them(compare: Any, groups: Any) -> None:
    whole = d20_undecided()
    with pytest.raises(Decide) as decided:
        compare(whole.kept_faces(20)[0])
    assert decided.value.roll is whole
    parts = decided.value.parts()
    naturals = [
        sorted(r.kept_faces(20)[0] for r in part.results)
        if isinstance(part, UndecidedRoll)
        else [part.kept_faces(20)[0]]
        for part, _ in parts
    ]
    assert sorted(naturals) == groups
    assert [weight for _, weight in parts] == [len(group) for group in naturals]
    for part, weight in parts:  # a group of one result is that result, decided
        assert (type(part) is RollResult) == (weight == 1)


@pytest.mark.parametrize(
    "read",
    [
        hash,
        int,
        str,
        lambda n: f"{n}",
        lambda n: TABLE[n],
        lambda n: isinstance(n, int),
        lambda n: {n: 1},
        lambda n: n * 0.75,  # an int would answer: the roll is then branched on its results
        lambda n: n >= 10.5,
        lambda n: n == None,  # noqa: E711
        lambda n: n / 2,  # any arithmetic but + - * //: branched, not a TypeError
        lambda n: 30 // n,
        lambda n: n % 2,
        lambda n: 2 % n,
        lambda n: divmod(n, 3),
        lambda n: n**2,
        lambda n: round(n),
        lambda n: math.floor(n),
        lambda n: math.ceil(n),
        lambda n: math.trunc(n),
        lambda n: n & 1,
        lambda n: n << 1,
        lambda n: ~n,
    ],
)
def test_any_other_read_of_a_value_hides_it(read: Any) -> None:
    whole = d20_undecided()
    with pytest.raises(FacesHidden) as hidden:
        read(whole.total)
    assert hidden.value.notation == whole.expression


def test_its_dice_are_hidden_and_another_roll_cannot_be_compared_with_it() -> None:
    whole, other = d20_undecided(), d20_undecided().again()
    for read in (whole.dice, whole.render, whole.terms):
        with pytest.raises(FacesHidden):
            read()
    with pytest.raises(FacesHidden):
        _ = whole.total < other.total
    assert whole.subtotals() == {} and whole == whole
    for read in (lambda: whole == other, lambda: hash(whole)):
        with pytest.raises(FacesHidden):
            read()
    assert known(3) == 3
    with pytest.raises(Decide) as decided:
        known(whole.total)
    assert len(decided.value.groups) == 20


@dataclass(frozen=True)
class Shoot(Action):
    """Shoot someone (1 AP): 1d20 + 2 against 12, a 1d6 on a hit; ``by_table`` adds the
    extra damage of ``TABLE`` for the natural face."""

    verb: ClassVar[str] = "shoot"
    target: CombatantId
    by_table: bool = False
    contested: bool = False
    """The target rolls the same d20 first, and the shot deals 3 damage if it beats that by 5
    (nothing else)."""


@dataclass(frozen=True)
class Shot(Record):
    attacker: CombatantId
    target: CombatantId
    roll: RollResult
    outcome: str


class ShootRule:
    def cost(self, state: EncounterState, action: Shoot) -> Cost:
        return {"AP": 1}

    def verify(self, state: EncounterState, action: Shoot) -> None:
        if action.actor is None or not state.is_turn_of(action.actor):
            raise IllegalAction("not-your-turn", "shoot only on your turn")

    def resolve(self, state: EncounterState, action: Shoot, dice: DiceSource) -> Sequence[Event]:
        assert action.actor is not None
        if action.contested:
            against = roll(D20, dice).total
            beats = roll(D20, dice).total - against >= 5
            contest = Shot(action.actor, action.target, RollResult.of_total("", 0), "contest")
            return [contest, PoolChanged(action.target, "HP", -3)] if beats else [contest]
        rolled = roll(D20, dice)
        natural = rolled.kept_faces(20)[0]
        damage = TABLE[natural] if action.by_table else 0
        if natural == 1:
            outcome = "fumble"
        elif natural == LUCKY:  # a face the rules tell from the other misses
            outcome, damage = "lucky", damage + 5
        elif rolled.total >= 12:
            outcome, damage = "hit", damage + roll(D6, dice).total
        else:
            outcome = "miss"
        shot = Shot(action.actor, action.target, rolled, outcome)
        return [shot, PoolChanged(action.target, "HP", -damage)] if damage else [shot]


class Range(Toy):
    descriptor = Descriptor(slug="range", name="Range")
    actions = (Shoot,)  # type: ignore[assignment]

    def rule(self, action: Action) -> Rule[Any] | None:
        return ShootRule() if type(action) is Shoot else None

    def classify(self, events: Sequence[Event]) -> str | None:
        return next((e.outcome for e in events if isinstance(e, Shot)), None)


ADA, BO = CombatantId("ada"), CombatantId("bo")


def shooting() -> Encounter:
    encounter = Encounter(Range(), seed=1)
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=5, hp=20)))
    encounter.apply(StartCombat())
    return encounter


def brute_force(
    encounter: Encounter, actions: Sequence[Action], sides: tuple[int, ...]
) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """Every sequence of faces of ``sides`` for each action, each equally likely (faces an
    action does not use are left over), the actions applied in turn: each outcome's and
    damage's chance, as the odds read them (the outcome of all the events, the damage from
    the start to the end)."""
    outcomes: dict[str, Fraction] = {}
    damage: dict[int, Fraction] = {}
    each = list(itertools.product(*(range(1, s + 1) for s in sides)))
    everything = list(itertools.product(each, repeat=len(actions)))
    chance = Fraction(1, len(everything))
    ruleset, actor = encounter.ruleset, actions[0].actor
    for faces in everything:
        trial = Encounter(ruleset, history=False)
        trial.state = encounter.state
        events: list[Event] = []
        for action, loaded in zip(actions, faces, strict=True):
            trial.dice = LoadedDice(loaded)
            try:
                events += trial.apply(action).events
            except IllegalAction:
                continue
        named = ruleset.classify(events)
        assert named is not None
        dealt = damage_dealt(ruleset, actor, encounter.state, trial.state)
        outcomes[named] = outcomes.get(named, Fraction(0)) + chance
        damage[dealt] = damage.get(dealt, Fraction(0)) + chance
    return outcomes, damage


@pytest.mark.parametrize("by_table", [False, True])
def test_faces_the_rules_tell_apart_are_never_joined(by_table: bool) -> None:
    """The lucky 7 is a miss by its total (7 + 2 < 12) that the rules single out by its face;
    joined with the other misses, 5 damage would be lost (or, with the hits, a 1d6 rolled).
    Read through a table, every face is its own branch (the roll is branched on its results)."""
    encounter = shooting()
    shoot = Shoot(actor=ADA, target=BO, by_table=by_table)
    found = exact_odds(encounter, shoot)
    by_faces = exact_odds(encounter, shoot, by_totals=False)
    outcomes, damage = brute_force(encounter, [shoot], (20, 6))
    assert found.exact and dict(found.outcomes) == outcomes
    assert found.damage.probabilities() == damage
    assert outcomes["lucky"] == Fraction(1, 20) and damage[5 + TABLE[LUCKY] * by_table] > 0
    assert (found.outcomes, found.damage) == (by_faces.outcomes, by_faces.damage)
    if by_table:  # the first pass given up: more than by faces
        assert found.resolutions > by_faces.resolutions
    else:  # fumble, lucky, the misses and the hits each once; the hits' d6 split by damage
        assert found.resolutions < by_faces.resolutions / 3


def test_two_rolls_of_one_expression_are_not_one_roll() -> None:
    """A contested shot rolls the same d20 expression twice in one resolution: each roll is
    its own (taken for one, their difference would always be 0, and no shot would beat the
    other by 5)."""
    encounter = shooting()
    shoot = Shoot(actor=ADA, target=BO, contested=True)
    found = exact_odds(encounter, shoot)
    outcomes, damage = brute_force(encounter, [shoot], (20, 20))
    assert found.exact and dict(found.outcomes) == outcomes
    assert found.damage.probabilities() == damage and damage[3] == Fraction(120, 400)


def test_two_undecided_rolls_of_one_exchange_are_each_their_own() -> None:
    """Two dagger attacks in one exchange (``then``) on a raptor worn to 3 Vitality: each roll
    of the same d20 expression is its own undecided roll, split on its own; the odds are those
    of brute force over every face of both."""
    session = open_scenario("momentum")
    encounter = session.encounter
    raptor, scout = CombatantId("raptor-1"), CombatantId("scout")
    worn = [PoolSet(raptor, VITALITY, 3), PoolSet(scout, "AP", 4, maximum=4)]
    encounter.state = reduce(encounter.state, worn)
    dagger = ready(session, "Scout: attack raptor-1 -with dagger")
    found = exact_odds(encounter, dagger, then=[dagger])
    outcomes, damage = brute_force(encounter, [dagger, dagger], (20, 4))
    assert found.exact and dict(found.outcomes) == outcomes
    assert found.damage.probabilities() == damage
    assert (
        found.resolutions
        < exact_odds(encounter, dagger, then=[dagger], by_totals=False).resolutions
    )


def test_an_undecided_value_is_not_an_int_to_the_rules() -> None:
    """A rule asking ``isinstance(value, int)`` (marks read back) is not told a wrong answer:
    it hides the value, and the roll is branched on its results."""
    value = d20_undecided().total
    assert type(value) is Undecided  # type: ignore[comparison-overlap]
    with pytest.raises(FacesHidden):
        isinstance(value, (int, float))
