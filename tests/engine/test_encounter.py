"""The engine's bookkeeping, on the toy rule system: apply, costs, undo, the clock, saving."""

from __future__ import annotations

import pytest

from fracas.dice import DiceError, DiceNeeded, LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter, NothingToUndo
from fracas.engine.events import RoundStarted, TurnEnded
from fracas.engine.gm import (
    AddCombatant,
    ApplyEffect,
    Conceal,
    EndCombat,
    MoveTurn,
    RemoveCombatant,
    RemoveEffect,
    Reveal,
    SetInitiative,
    SetPool,
)
from fracas.engine.ruleset import IllegalAction
from fracas.engine.saving import SaveFileError, load, save
from fracas.engine.turns import EndTurn, HoldTurn, StartCombat, TakeHeldTurn
from tests.engine.toy import Guard, Punch, Punched, Toy, ToySheet

ADA, BO, CY = CombatantId("ada"), CombatantId("bo"), CombatantId("cy")


def fight(*faces: int, seed: int = 7) -> Encounter:
    """Ada (speed 9) and Cy (speed 3) against Bo (speed 5), combat started: Ada's turn."""
    encounter = Encounter(Toy(), seed=seed, dice=LoadedDice(faces) if faces else None)
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=5)))
    encounter.apply(AddCombatant(name="Cy", side="heroes", sheet=ToySheet(speed=3)))
    encounter.apply(StartCombat())
    return encounter


def hp(encounter: Encounter, who: CombatantId) -> int:
    return encounter.state[who].pools["HP"].current


def ap(encounter: Encounter, who: CombatantId) -> int:
    return encounter.state[who].pools["AP"].current


def test_start_orders_by_initiative_and_refills_the_first_turn() -> None:
    encounter = fight()
    order = [turn.actors for turn in encounter.state.clock.order]
    assert order == [(ADA,), (BO,), (CY,)]
    assert encounter.state.clock.round == 1
    assert encounter.state.acting() == (ADA,)


def test_an_action_pays_its_cost_and_applies_its_events() -> None:
    encounter = fight(4)
    step = encounter.apply(Punch(actor=ADA, target=BO))
    assert hp(encounter, BO) == 6
    assert ap(encounter, ADA) == 1
    assert Punched(ADA, BO, 4) in step.events


def test_an_illegal_action_raises_with_a_code_and_changes_nothing() -> None:
    encounter = fight(1, 1)
    encounter.apply(Punch(actor=ADA, target=BO))
    encounter.apply(Punch(actor=ADA, target=BO))
    before, steps = encounter.state, len(encounter.steps)
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Punch(actor=ADA, target=BO))
    assert refused.value.code == "not-enough-ap"
    assert "punch costs 1 AP; Ada has 0 AP left" in str(refused.value)
    assert encounter.state is before and len(encounter.steps) == steps


def test_the_ruleset_verifies_timing() -> None:
    encounter = fight()
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Punch(actor=BO, target=ADA))
    assert refused.value.code == "not-your-turn"


def test_an_unknown_combatant_is_refused() -> None:
    encounter = fight()
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Punch(actor=ADA, target=CombatantId("zed")))
    assert refused.value.code == "unknown-combatant"


def test_undo_restores_the_state_and_redo_the_same_events() -> None:
    encounter = fight(5)
    before = encounter.state
    step = encounter.apply(Punch(actor=ADA, target=BO))
    after = encounter.state
    assert encounter.undo() == step
    assert encounter.state is before
    assert encounter.redo() == step
    assert encounter.state is after
    with pytest.raises(NothingToUndo):
        encounter.redo()


def test_undo_cannot_reroll_because_the_dice_stream_is_in_the_state() -> None:
    encounter = fight(seed=12345)
    first = encounter.apply(Punch(actor=ADA, target=BO)).events
    encounter.undo()
    again = encounter.apply(Punch(actor=ADA, target=BO)).events
    assert first == again


def test_a_new_action_clears_redo() -> None:
    encounter = fight(2, 3)
    encounter.apply(Punch(actor=ADA, target=BO))
    encounter.undo()
    encounter.apply(Punch(actor=ADA, target=BO))
    assert encounter.undone == ()


def test_undo_to_the_start_gives_the_starting_state() -> None:
    encounter = Encounter(Toy(), seed=3)
    start = encounter.state
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=5)))
    encounter.apply(StartCombat())
    encounter.apply(Punch(actor=ADA, target=BO))
    while encounter.steps:
        encounter.undo()
    assert encounter.state == start
    with pytest.raises(NothingToUndo):
        encounter.undo()


def test_turn_pools_refill_at_the_start_of_the_owners_turn() -> None:
    encounter = fight(1)
    encounter.apply(Punch(actor=ADA, target=BO))
    assert ap(encounter, ADA) == 1
    for _ in range(3):
        encounter.apply(EndTurn())
    assert encounter.state.clock.round == 2
    assert encounter.state.acting() == (ADA,)
    assert ap(encounter, ADA) == 2


def test_an_effect_ends_at_its_anchor_and_undo_brings_it_back() -> None:
    encounter = fight()
    encounter.apply(Guard(actor=ADA))
    assert encounter.state[ADA].has("Guarded")
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    assert encounter.state[ADA].has("Guarded")
    encounter.apply(EndTurn())
    assert not encounter.state[ADA].has("Guarded")
    encounter.undo()
    assert encounter.state[ADA].has("Guarded")


def test_a_held_turn_is_taken_after_the_current_turn() -> None:
    encounter = fight()
    encounter.apply(HoldTurn(actor=ADA))
    assert encounter.state.acting() == (BO,)
    encounter.apply(TakeHeldTurn(actor=ADA))
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (ADA,)
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(HoldTurn(actor=ADA))
    assert refused.value.code == "already-held"
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (CY,)


def test_turns_held_to_the_end_of_the_round_come_by_initiative() -> None:
    encounter = fight()
    encounter.apply(HoldTurn(actor=ADA))
    encounter.apply(HoldTurn(actor=BO))
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (ADA,)
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (BO,)
    encounter.apply(EndTurn())
    assert encounter.state.clock.round == 2


def test_a_newcomer_joins_this_round_by_initiative() -> None:
    encounter = fight()
    encounter.apply(AddCombatant(name="Dee", side="villains", sheet=ToySheet(speed=4)))
    order = [turn.actors for turn in encounter.state.clock.order]
    assert order == [(ADA,), (BO,), (CombatantId("dee"),), (CY,)]


def test_ids_stay_unique_when_names_repeat() -> None:
    encounter = fight()
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=1)))
    assert CombatantId("ada-2") in encounter.state.combatants


def test_removing_the_one_whose_turn_it_is_moves_the_turn_on() -> None:
    encounter = fight()
    encounter.apply(RemoveCombatant(target=ADA))
    assert ADA not in encounter.state.combatants
    assert encounter.state.acting() == (BO,)


def test_the_fallen_take_no_turns_and_the_fight_ends_with_one_side_standing() -> None:
    encounter = fight(6, 6)
    encounter.apply(Punch(actor=ADA, target=BO))
    step = encounter.apply(Punch(actor=ADA, target=BO))
    assert encounter.state.ended
    assert "heroes win" in repr(step.events[-1])


def test_a_turn_nobody_can_take_passes_and_says_so() -> None:
    encounter = fight()
    encounter.apply(SetPool(target=CY, pool="hp", value=0))
    encounter.apply(EndTurn())
    step = encounter.apply(EndTurn())
    ended = [e for e in step.events if isinstance(e, TurnEnded)]
    assert [(e.actors, e.skipped) for e in ended] == [((BO,), False), ((CY,), True)]
    assert encounter.state.clock.round == 2 and encounter.state.acting() == (ADA,)


def test_a_fight_decided_before_anyone_can_act_ends_with_its_outcome_at_once() -> None:
    encounter = Encounter(Toy(), seed=7)
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=5, hp=0)))
    encounter.apply(ApplyEffect(target=ADA, name="Stunned"))
    assert not encounter.state.ended, "a fight is decided once it has started, not in setup"
    step = encounter.apply(StartCombat())
    assert encounter.state.ended and "heroes win" in repr(step.events[-1])
    assert encounter.state.clock.round == 1
    assert not [e for e in step.events if isinstance(e, TurnEnded)]


def test_gm_overrides_are_logged_actions() -> None:
    encounter = fight()
    encounter.apply(SetPool(target=BO, pool="hp", value=3))
    assert hp(encounter, BO) == 3
    encounter.apply(ApplyEffect(target=BO, name="Dazed", rounds=1))
    assert encounter.state[BO].has("Dazed")
    encounter.apply(RemoveEffect(target=BO, name="dazed"))
    assert not encounter.state[BO].has("Dazed")
    encounter.apply(Conceal(target=BO))
    assert encounter.state[BO].hidden
    encounter.apply(Reveal(target=BO))
    assert not encounter.state[BO].hidden
    encounter.apply(MoveTurn(target=CY))
    assert encounter.state.acting() == (CY,)
    assert len(encounter.steps) == 4 + 6


def test_only_the_game_master_overrides() -> None:
    encounter = fight()
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(SetPool(actor=ADA, target=BO, pool="HP", value=0))
    assert refused.value.code == "game-master-only"


def test_an_unknown_pool_names_the_pools_there_are() -> None:
    encounter = fight()
    with pytest.raises(IllegalAction, match=r"no pool 'mana' \(pools: AP, HP\)"):
        encounter.apply(SetPool(target=BO, pool="mana", value=1))


def test_initiative_changes_reorder_only_the_next_round() -> None:
    encounter = fight()
    encounter.apply(SetInitiative(target=CY, value=20))
    assert encounter.state.clock.order[0].actors == (ADA,)
    for _ in range(3):
        encounter.apply(EndTurn())
    assert encounter.state.acting() == (CY,)


def test_after_the_fight_ends_actions_are_refused() -> None:
    encounter = fight()
    encounter.apply(EndCombat())
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(EndTurn())
    assert refused.value.code == "ended"


def test_typed_in_dice_are_used_for_one_step() -> None:
    encounter = fight()
    encounter.apply(Punch(actor=ADA, target=BO), faces=[3])
    assert hp(encounter, BO) == 7


def test_missing_typed_in_dice_are_asked_for_and_change_nothing() -> None:
    encounter = fight()
    before = encounter.state
    with pytest.raises(DiceNeeded) as needed:
        encounter.apply(Punch(actor=ADA, target=BO), faces=[])
    assert needed.value.sides == 6
    assert encounter.state is before


def test_unused_typed_in_dice_are_an_error() -> None:
    encounter = fight()
    with pytest.raises(DiceError):
        encounter.apply(Punch(actor=ADA, target=BO), faces=[3, 4])


def test_save_and_load_give_the_identical_encounter() -> None:
    encounter = fight(seed=99)
    encounter.apply(Guard(actor=ADA))
    encounter.apply(EndTurn())
    encounter.apply(Punch(actor=BO, target=ADA))
    encounter.apply(Punch(actor=BO, target=CY))
    encounter.undo()
    loaded = load(save(encounter), rulesets=lambda name: Toy)
    assert loaded.state == encounter.state
    assert loaded.steps == encounter.steps
    assert loaded.undone == encounter.undone
    assert loaded.redo() == encounter.redo()
    assert loaded.state == encounter.state


def test_a_loaded_encounter_rolls_on_where_the_saved_one_stopped() -> None:
    encounter = fight(seed=5)
    encounter.apply(Punch(actor=ADA, target=BO))
    loaded = load(save(encounter), rulesets=lambda name: Toy)
    assert loaded.apply(Punch(actor=ADA, target=BO)) == encounter.apply(Punch(actor=ADA, target=BO))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(format="other"), "not a fracas-encounter"),
        (
            lambda d: d["steps"][0]["events"][0].update(type="Nope"),
            r"steps\[0\].events\[0\]: unknown type 'Nope'",
        ),
        (
            lambda d: d["steps"][0]["action"].update(sheet={"speed": "fast"}),
            r"steps\[0\]\.action\.sheet\.speed \(AddCombatant\): Input should be a valid int",
        ),
        (lambda d: d.update(steps="all"), "steps: expected a list"),
    ],
)
def test_a_damaged_save_names_the_place(damage: object, message: str) -> None:
    data = save(fight())
    damage(data)  # type: ignore[operator]
    with pytest.raises(SaveFileError, match=message):
        load(data, rulesets=lambda name: Toy)


def test_moving_the_turn_ends_the_current_one_and_starts_the_new_properly() -> None:
    encounter = fight(1)
    encounter.apply(Punch(actor=ADA, target=BO))
    encounter.apply(EndTurn())
    encounter.apply(Punch(actor=BO, target=ADA), faces=[1])
    encounter.apply(MoveTurn(target=ADA))
    assert encounter.state.acting() == (ADA,)
    assert ap(encounter, ADA) == 2
    assert encounter.state.clock.round == 1


def test_removing_the_last_turn_of_a_round_starts_the_next_round_without_it() -> None:
    encounter = fight()
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    step = encounter.apply(RemoveCombatant(target=CY))
    started = [e for e in step.events if isinstance(e, RoundStarted)]
    assert len(started) == 1 and all(CY not in t.actors for t in started[0].order)
    assert encounter.state.acting() == (ADA,) and encounter.state.clock.round == 2


def test_a_fight_left_with_nobody_ends_but_setup_does_not() -> None:
    encounter = Encounter(Toy())
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(RemoveCombatant(target=ADA))
    assert not encounter.state.ended
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(StartCombat())
    step = encounter.apply(RemoveCombatant(target=ADA))
    assert encounter.state.ended and "nobody is left" in repr(step.events[-1])
