"""The analysis tools on every registered ruleset's demo, with no change to them: odds of an
action the generic policy finds legal, and a few simulated fights with each policy."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fracas.app.session import Session
from fracas.engine.action import Action, combatants_named
from fracas.engine.ruleset import Ruleset
from fracas.engine.turns import EndTurn
from fracas.sim.odds import odds
from fracas.sim.policy import Generic, tactics_for
from fracas.sim.runner import GENERIC, TACTICS, Study, loaded, simulate
from fracas.sim.scenario import begin, open_scenario
from tests.conformance.play import RULESETS, demo_of, ruleset_id

pytestmark = pytest.mark.parametrize("ruleset", RULESETS, ids=ruleset_id)


def test_odds_of_an_action_add_up_to_one(ruleset: type[Ruleset]) -> None:
    session = open_scenario(str(demo_of(ruleset)))
    actor = begin(session)
    action = Generic(session.encounter.ruleset).choose(session.encounter, actor)
    if action is None:
        action = first_strike(session)
    if action is None:
        pytest.skip(f"{ruleset.descriptor.slug}: nothing to attack with on the first turn")
    found = odds(session.encounter, action, max_branches=3000, samples=200)
    assert sum(found.outcomes.values()) == 1
    assert sum(found.damage.probabilities().values()) == Fraction(1)
    assert found.damage.weights[0][0] >= 0


def first_strike(session: Session, rounds: int = 2) -> Action | None:
    """Where nothing can be attacked with on the first turn (Kaiser's Intention phase), the
    ruleset's own tactics play the set-up (``fracas odds --before``): the first action they
    choose that names someone besides its actor, unplayed."""
    encounter = session.encounter
    policy = tactics_for(encounter.ruleset)
    while encounter.state.clock.round <= rounds and not encounter.state.ended:
        for actor in encounter.state.acting():
            while (action := policy.choose(encounter, actor)) is not None:
                if set(combatants_named(action)) - {actor}:
                    return action
                encounter.apply(action)
        encounter.apply(EndTurn())
    return None


@pytest.mark.parametrize("policy", [TACTICS, GENERIC])
def test_simulated_fights_end_with_a_side_or_a_draw(ruleset: type[Ruleset], policy: str) -> None:
    path = str(demo_of(ruleset))
    results = simulate(Study(path, runs=3, seed=1, policy=policy, max_rounds=20), workers=1)
    _, setup = loaded(path)
    sides = {c.side for c in setup}
    assert len(results) == 3
    for result in results:
        assert result.winner is None or result.winner in sides
        assert 1 <= result.rounds <= 20
        assert set(result.survivors) <= set(setup.combatants)
        assert all(amount > 0 for amount in result.taken.values())
