"""``Ruleset.decided`` remembers the outcome of the last few combatants mappings asked about,
each by its identity: asked of states in turn (the exact odds' leaves), each state gets its own
outcome, whatever was asked in between, and a mapping built anew is worked out anew."""

from __future__ import annotations

from fracas.engine.events import PoolChanged, reduce
from fracas.engine.ruleset import DECIDED
from fracas.engine.standing import Outcome
from tests.engine.test_encounter import BO, fight


def test_states_asked_in_turn_each_get_their_own_outcome() -> None:
    encounter = fight()
    rules, going = encounter.ruleset, encounter.state
    won = reduce(going, [PoolChanged(BO, "HP", -10)])
    hurt = reduce(going, [PoolChanged(BO, "HP", -3)])
    heroes = Outcome("heroes win", "heroes")
    for _ in range(2):
        assert rules.decided(going) is None
        assert rules.decided(won) == heroes
        assert rules.decided(hurt) is None


def test_more_mappings_than_it_remembers_are_worked_out_anew_alike() -> None:
    encounter = fight()
    rules, going = encounter.ruleset, encounter.state
    states = [reduce(going, [PoolChanged(BO, "HP", -hp)]) for hp in range(2 * DECIDED + 1)]
    for _ in range(2):
        found = [rules.decided(state) for state in states]
        assert [over is not None for over in found] == [hp >= 10 for hp in range(len(states))]
