"""Kaiser's study mode: a lean loop on a state of its own, its Intention phase read from the
rules once per creature's state, its strikes resolved by the rules' own functions; its fights
are the engine's fight by fight (issue 21)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, reduce
from fracas.engine.state import EncounterState
from fracas.rules.kaiser.actions import Attack, Use
from fracas.rules.kaiser.queries import AP, COUNTER, INTENTIONS, LP, MANA
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.sim.fight import MAX_ROUNDS, fight
from fracas.sim.policy import tactics_for
from fracas.sim.runner import Study, loaded, simulate
from fracas.sim.stats import run_seed
from fracas.sim.study import kaiser
from fracas.sim.study.mode import ENGINE, STUDY, decide
from fracas.sim.study.table import Unmirrorable
from fracas.sim.study.validate import compare

ROOT = Path(__file__).parents[2]
KAISER = str(ROOT / "benchmarks" / "encounters" / "kaiser_4v4.yaml")
DEMO = str(ROOT / "src" / "fracas" / "rules" / "kaiser" / "demo.yaml")


def test_kaiser_4v4_plays_in_study_mode_and_agrees_with_the_engine() -> None:
    study = Study(KAISER, runs=200, seed=3)
    decision = decide(study, "auto")
    assert decision.mode == STUDY
    assert "Intention phases are read from the rules once" in decision.why
    assert "strikes are resolved by the rules' own functions" in decision.why
    engine = simulate(replace(study, mode=ENGINE), workers=1)
    fast = simulate(replace(study, mode=STUDY), workers=1)
    found = compare(engine, fast, loaded(KAISER)[1], encounter="4v4", seed=3, why="")
    assert [f.figure for f in found.figures] == [
        "bandits win rate",
        "party win rate",
        "rounds",
        "bandits damage dealt",
        "party damage dealt",
    ]
    assert found.agrees, found.figures
    assert fast == engine  # the same steps with the same dice: the same fights


@pytest.mark.parametrize("encounter", [KAISER, DEMO])
def test_a_study_fight_is_the_engine_s_fight_for_the_same_seed(encounter: str) -> None:
    ruleset, setup = loaded(encounter)
    plan = kaiser.plan(ruleset, setup)
    tactics = tactics_for(ruleset)
    for run in range(12):
        seed = run_seed(11, run)
        assert plan.play(seed, MAX_ROUNDS) == fight(ruleset, setup, tactics, seed)


def test_a_creature_s_intentions_are_the_rules_and_read_once_per_state() -> None:
    """Kaiser's Action Points: "You can declare multiple Intentions, but can only declare each
    one once": Ceil (Fire Bolt, a Long Sword) declares the Magic Intention and the Attack
    Intention with the sword, paying each in AP (SOURCES.md 1.9)."""
    ruleset, setup = loaded(KAISER)
    assert isinstance(ruleset, Kaiser)
    plan = kaiser.plan(ruleset, setup)
    started, ceil_id = plan.started, CombatantId("ceil")
    events = plan.intentions.events(started, ceil_id)
    ceil = reduce(started, events)[ceil_id]
    assert ceil.marks[INTENTIONS] == "magic,attack:Long Sword"
    rules = ruleset.rules
    paid = rules.magic_intention_ap + 2 + rules.attack_intention_ap  # the Long Sword costs 2
    assert ceil.pools[AP].current == rules.ap_per_round - paid
    resolved = plan.intentions.resolutions
    was = started[ceil_id]
    hurt = replace(was, pools={**was.pools, LP: replace(was.pools[LP], current=12)})
    again = plan.intentions.events(started.with_combatant(hurt), ceil_id)
    assert again is events  # standing is all the phase reads of the Life Points
    assert plan.intentions.resolutions == resolved


def test_a_fight_nobody_can_open_goes_to_the_engine_the_reason_named() -> None:
    ruleset, setup = loaded(KAISER)
    down: EncounterState = setup
    for combatant in setup:
        pool = combatant.pools[LP]
        down = down.with_combatant(
            replace(combatant, pools={**combatant.pools, LP: replace(pool, current=0)})
        )
    with pytest.raises(Unmirrorable, match="the first turn is not the Intention phase"):
        kaiser.plan(ruleset, down)


def _to_the_action_phase(encounter: str, seed: int) -> kaiser._Fight:
    """A study fight of ``encounter`` played to its first turn of the Action phase."""
    ruleset, setup = loaded(encounter)
    fight_ = kaiser._Fight(kaiser.plan(ruleset, setup), seed)
    fight_._intentions()
    fight_._end_turn()
    return fight_


@pytest.mark.parametrize(
    ("faces", "outcome"),
    [((2, 3, 5, 5), "miss"), ((6, 5, 1, 2, 4, 4, 3, 3), "hit")],
)
def test_a_strike_in_the_loop_is_the_rules_resolution_on_the_same_dice(
    faces: tuple[int, ...], outcome: str
) -> None:
    """Kaiser's attack (SOURCES.md 1.1): "Offensive > Defensive: the attack succeeds. The
    defender loses 1 AP this round, then damage is computed"; a failed hand-to-hand attack opens
    the defender's Counter. The loop's strike, on loaded dice, leaves the state the engine's
    step leaves on the same dice."""
    fight_ = _to_the_action_phase(KAISER, seed=5)
    actor = fight_._acting()[0]
    action = fight_.plan.tactics.choose(fight_._chooser(), actor)
    assert isinstance(action, Attack)
    engine = Encounter(fight_.ruleset, dice=LoadedDice(faces), history=False)
    engine.state = fight_.state
    engine.apply(action)
    fight_.dice = LoadedDice(faces)
    assert fight_._step(action)
    assert fight_.state.combatants == engine.state.combatants
    target = fight_.state[action.target]
    if outcome == "miss":
        assert target.marks[COUNTER] == actor
    else:
        assert target.pools[LP].current < target.pools[LP].maximum
        assert fight_.tally.taken == {
            action.target: target.pools[LP].maximum - target.pools[LP].current
        }


def test_a_spell_in_the_loop_is_the_rules_casting_on_the_same_dice() -> None:
    """Kaiser's Attack powers: the Shaman's Dark Lance (10 mana) is an Offensive Roll of Magic
    Projection against the target's Dodge, then the Exchange. On loaded dice the loop's cast
    leaves the state the engine's step leaves, the mana paid and the hit taken."""
    fight_ = _to_the_action_phase(KAISER, seed=5)
    shaman = CombatantId("shaman")
    while not fight_.state.is_turn_of(shaman):
        fight_._end_turn()  # the others' turns pass unplayed
    action = fight_.plan.tactics.choose(fight_._chooser(), shaman)
    assert isinstance(action, Use)
    assert action.power == "Dark Lance"
    faces = (6, 5, 1, 2, 3, 3, 3, 3, 3, 3, 3, 3)
    engine = Encounter(fight_.ruleset, dice=LoadedDice(faces), history=False)
    engine.state = fight_.state
    engine.apply(action)
    mana = fight_.state[shaman].pools[MANA].current
    fight_.dice = LoadedDice(faces)
    assert fight_._step(action)
    assert fight_.state.combatants == engine.state.combatants
    assert fight_.state[shaman].pools[MANA].current == mana - 10
    target = fight_.state[action.targets[0]]
    assert target.pools[LP].current < target.pools[LP].maximum


def test_a_ruleset_whose_steps_do_more_than_the_loop_plays_goes_to_the_engine() -> None:
    class Following(Kaiser):
        def follow_ups(self, state: EncounterState, events: object, dice: object) -> list[Event]:
            return []

    _, setup = loaded(KAISER)
    with pytest.raises(Unmirrorable, match="the rules' follow_ups"):
        kaiser.plan(Following(), setup)
