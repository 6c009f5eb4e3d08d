"""The combat sequence on the engine: Initiative, the surprise round, turns and the action
economy (Actions, Counter Actions, conversions), with loaded dice."""

from __future__ import annotations

import pytest

from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Note
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.dbu.actions import Attack, Convert, Regain, Simultaneous, Surprise
from fracas.rules.dbu.economy import ACTIONS, CONVERTED, COUNTER
from fracas.rules.dbu.events import InitiativeRolled, RollOff
from fracas.rules.dbu.queries import GUARD_DOWN, has_effect
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.dbu.settings import DbuSettings
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool


def order_of(encounter: Encounter) -> list[tuple[str, ...]]:
    return [turn.actors for turn in encounter.state.clock.order]


# --- Initiative ---------------------------------------------------------------------------


def test_initiative_is_a_solid_d10_plus_half_agility_and_the_highest_goes_first() -> None:
    """Seed: 'Roll a solid d10 and add 1/2 your Agility Modifier'; 'rank all the combatants in
    order from the highest Initiative Score to the lowest'."""
    encounter = fight(3, 7, hero=make_sheet(tier=5))
    assert encounter.state[HERO].initiative == 5
    assert encounter.state[FOE].initiative == 9
    assert order_of(encounter) == [(FOE,), (HERO,)]
    rolled = [e for e in encounter.steps[-1].events if isinstance(e, InitiativeRolled)]
    assert [r.roll.dice.render() for r in rolled] == ["1d10 (3) = 3", "1d10 (7) = 7"]


def test_an_initiative_tie_goes_to_the_higher_agility_score() -> None:
    """Seed: 'In the case of a tie, the combatant with the higher Agility Score will go first.'"""
    foe = make_sheet(scores={"agility": 9})
    encounter = fight(6, 6, foe=foe)
    assert order_of(encounter) == [(FOE,), (HERO,)]
    assert not any(isinstance(e, RollOff) for e in encounter.steps[-1].events)


def test_a_second_tie_is_rolled_off_on_a_d10_until_it_breaks() -> None:
    """Seed: 'If both combatants tie again, both will roll a d10 and the highest result wins.'"""
    encounter = fight(6, 6, 4, 4, 3, 9)
    offs = [e for e in encounter.steps[-1].events if isinstance(e, RollOff)]
    assert [o.roll.total for o in offs] == [4, 4, 3, 9]
    assert order_of(encounter) == [(FOE,), (HERO,)]


def test_a_group_of_indistinguishable_npcs_rolls_once_and_acts_together() -> None:
    """Seed: 'The Architect will make one roll for an entire group of indistinguishable NPC
    combatants, so each member of the group acts at the same time.'"""
    encounter = Encounter(Dbu(), dice=LoadedDice([2, 8]))
    encounter.apply(AddCombatant(name="Hero", side="heroes", sheet=make_sheet()))
    for n in (1, 2, 3):
        encounter.apply(
            AddCombatant(name=f"Saibaman {n}", side="saibamen", sheet=make_sheet(), group="s")
        )
    encounter.apply(StartCombat())
    saibamen = tuple(CombatantId(f"saibaman-{n}") for n in (1, 2, 3))
    assert [encounter.state[s].initiative for s in saibamen] == [10, 10, 10]
    assert order_of(encounter) == [saibamen, (HERO,)]


def test_the_initiative_order_stays_the_same_round_after_round() -> None:
    """Seed: 'Typically, the Initiative Order will remain the same round after round'."""
    encounter = fight(3, 7)
    first = order_of(encounter)
    encounter.apply(EndTurn(actor=FOE))
    encounter.apply(EndTurn(actor=HERO))
    assert encounter.state.clock.round == 2
    assert order_of(encounter) == first


# --- Initiative Advantage -----------------------------------------------------------------


def test_initiative_10_above_the_highest_enemy_gives_an_action_each_turn() -> None:
    """Seed: 'If your Initiative is 10+ higher than the highest enemy combatant's Initiative,
    you will get +1 additional Action to spend during each of your turns.'"""
    hero = make_sheet(modifiers={"agility": 10})  # +5 to Initiative
    encounter = fight(10, 5, hero=hero)  # 15 against 7: +8, no advantage
    assert pool(encounter, HERO, ACTIONS) == 3
    encounter = fight(10, 3, hero=hero)  # 15 against 5
    assert pool(encounter, HERO, ACTIONS) == 4
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=FOE))
    assert pool(encounter, HERO, ACTIONS) == 4


def test_each_base_tier_above_the_highest_enemy_gives_an_action() -> None:
    """Seed: 'You will also gain +1 Action for each Tier of Power higher you are than the enemy
    combatant with the highest Tier of Power.'"""
    encounter = fight(8, 3, hero=make_sheet(tier=3))
    assert pool(encounter, HERO, ACTIONS) == 5
    assert pool(encounter, FOE, ACTIONS) == 3


# --- the surprise round ------------------------------------------------------------------


def surprised_fight() -> Encounter:
    encounter = fight(9, 2, start=False)
    encounter.apply(Surprise(targets=(FOE,)))
    encounter.apply(StartCombat())
    return encounter


def test_the_surprised_take_no_turn_and_no_action_in_the_surprise_round() -> None:
    """Seed: 'When a character is surprised, they cannot take any Actions (not even Instant
    Actions) during the surprise round'."""
    encounter = surprised_fight()
    assert order_of(encounter) == [(HERO,)]
    assert any(isinstance(e, Note) for e in encounter.steps[-1].events)
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Convert(actor=FOE))
    assert refused.value.code == "surprised"
    assert encounter.state is before


def test_the_surprised_are_guard_down_until_the_end_of_the_surprise_round() -> None:
    """Seed: 'they have the Guard Down Combat Condition … until the end of the surprise round'.
    SOURCES.md 2.9: Guard Down is -2(T) to Dodge Rolls."""
    encounter = surprised_fight()
    assert has_effect(encounter.state[FOE], GUARD_DOWN)
    encounter.apply(EndTurn(actor=HERO))
    assert encounter.state.clock.round == 2
    assert not has_effect(encounter.state[FOE], GUARD_DOWN)
    assert order_of(encounter) == [(HERO,), (FOE,)]


def test_surprise_is_decided_before_combat_by_the_architect() -> None:
    """Seed: 'The ARC will determine who is surprised.'"""
    encounter = fight(9, 2)
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Surprise(targets=(FOE,)))
    assert refused.value.code == "already-started"


# --- Actions and Counter Actions ----------------------------------------------------------


def test_three_actions_and_one_counter_action_a_round_unused_ones_lost() -> None:
    """Seed: 'At the start of each Combat Round, you gain 3 Actions and at the end of each
    Combat Round, you lose all unused Actions'; '1 Counter Action to be used by the end of the
    current Combat Round'."""
    encounter = fight(9, 2, 5, 5)
    assert (pool(encounter, HERO, ACTIONS), pool(encounter, HERO, COUNTER)) == (3, 1)
    encounter.apply(Attack(actor=HERO, target=FOE))  # 5 + 3 against 5 + 4: a miss
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=FOE))
    assert pool(encounter, HERO, ACTIONS) == 3


def test_the_turn_ends_when_the_actions_run_out() -> None:
    """Seed: 'otherwise your turn ends as soon as you run out of Actions'."""
    encounter = fight(9, 2, 1, 9, 1, 9, 1, 9)
    for _ in range(3):
        encounter.apply(Attack(actor=HERO, target=FOE))
    assert encounter.state.acting() == (FOE,)
    kept = fight(9, 2, 1, 9, 1, 9, 1, 9, settings=DbuSettings(end_turn_without_actions=False))
    for _ in range(3):
        kept.apply(Attack(actor=HERO, target=FOE))
    assert kept.state.acting() == (HERO,)


def test_actions_are_used_only_on_your_own_turn() -> None:
    """Seed: 'Actions can only be used during your turn'."""
    encounter = fight(9, 2)
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=FOE, target=HERO))
    assert refused.value.code == "not-your-turn"
    assert encounter.state is before


def test_actions_convert_into_counter_actions_at_any_point_of_the_round() -> None:
    """Seed: 'you may choose at any point during a Combat Round to convert any Action into a
    Counter Action.'"""
    encounter = fight(9, 2)
    encounter.apply(Convert(actor=FOE, count=2))
    assert pool(encounter, FOE, ACTIONS) == 1
    assert pool(encounter, FOE, CONVERTED) == 2


def test_converted_counter_actions_are_lost_at_the_start_of_your_next_turn() -> None:
    """Seed: 'Any Actions converted into Counter Actions are lost at the start of your next
    turn.'"""
    encounter = fight(9, 2)
    encounter.apply(Convert(actor=HERO))
    assert pool(encounter, HERO, CONVERTED) == 1
    encounter.apply(EndTurn(actor=HERO))
    assert pool(encounter, HERO, CONVERTED) == 1  # kept through the foe's turn
    encounter.apply(EndTurn(actor=FOE))
    assert pool(encounter, HERO, CONVERTED) == 0


def test_converting_more_actions_than_you_have_is_refused() -> None:
    encounter = fight(9, 2)
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Convert(actor=HERO, count=4))
    assert refused.value.code == "not-enough-actions"
    assert encounter.state is before


def test_instantaneous_control_gives_back_the_actions_of_an_escaped_maneuver() -> None:
    """Seed: 'If a target of one of your Maneuvers uses an Instant Action or Out-of-Sequence
    Action to move their position on the battlefield or otherwise invalidate your Maneuver, you
    may choose to regain the action(s) you spent on that Maneuver'."""
    encounter = fight(9, 2, 1, 9)
    encounter.apply(Attack(actor=HERO, target=FOE))
    encounter.apply(Regain(target=HERO, actions=1))
    assert pool(encounter, HERO, ACTIONS) == 3
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Regain(actor=HERO, target=HERO))
    assert refused.value.code == "game-master-only"


def test_simultaneous_instant_actions_are_sequenced_by_initiative_in_play() -> None:
    """Seed: 'if the character with the lowest initiative takes the last place and then the
    character with the highest initiative chooses the last place, then the maneuver of the
    character with the highest initiative will be last and the character with the lowest
    initiative will be second-to-last.' Hero (11) and Foe (4) both want to be last."""
    encounter = fight(9, 2)
    encounter.apply(Simultaneous(last=(FOE, HERO)))
    (note,) = [e for e in encounter.steps[-1].events if isinstance(e, Note)]
    assert note.text.endswith("in this order: Foe, Hero")
    before = encounter.state
    for action in (Simultaneous(first=(HERO,)), Simultaneous(actor=HERO, first=(HERO, FOE))):
        with pytest.raises(IllegalAction):
            encounter.apply(action)
        assert encounter.state is before
