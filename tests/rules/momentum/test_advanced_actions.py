"""Advanced Actions, Cinematic Actions and Reactions, held actions, unions, surprise and
tie-breaks on the engine, with loaded dice."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.dice import LoadedDice
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, Note
from fracas.engine.gm import AddCombatant, ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Anchor, Moment
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.momentum.advanced_actions import (
    CLIMBING,
    COMMANDING,
    HELD_ACTION,
    Afflict,
    Blind,
    CinematicAction,
    Climb,
    Command,
    Disarm,
    Disband,
    FormUnion,
    Grab,
    Hide,
    HoldAction,
    ShakeOff,
    Shove,
    Surprise,
    TieBreak,
    Trip,
)
from fracas.rules.momentum.events import CheckRolled
from fracas.rules.momentum.ruleset import SURPRISED, TIE_BREAK, UNION, Momentum
from fracas.rules.momentum.sheet import Sheet
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.vocabulary import Skill
from tests.rules.momentum.support import AVERAGE_STATS

HERO, BRUTE, BRUTE_2, SIDEKICK = (
    CombatantId("hero"),
    CombatantId("brute"),
    CombatantId("brute-2"),
    CombatantId("sidekick"),
)


def sheet(instinct: int = 10, **changes: Any) -> Sheet:
    base: dict[str, Any] = {
        "stats": {**AVERAGE_STATS, "instinct": instinct},
        "evasion_stat": "dexterity",
        "primary_stat": "strength",
        "secondary_stat": "dexterity",
        "vitality": 12,
    }
    return Sheet.model_validate({**base, **changes})


def fight(
    *faces: int,
    hero: dict[str, Any] | None = None,
    brute: dict[str, Any] | None = None,
    start: bool = True,
    more: tuple[tuple[str, str, dict[str, Any]], ...] = (),
) -> Encounter:
    """Hero (Instinct 15: Initiative 30 and more) acts first against Brute (Initiative 20ish)."""
    encounter = Encounter(Momentum(), dice=LoadedDice(faces))
    encounter.apply(AddCombatant(name="Hero", side="heroes", sheet=sheet(15, **(hero or {}))))
    encounter.apply(AddCombatant(name="Brute", side="brutes", sheet=sheet(**(brute or {}))))
    for name, side, changes in more:
        encounter.apply(AddCombatant(name=name, side=side, sheet=sheet(**changes)))
    if start:
        encounter.apply(StartCombat())
    return encounter


def pool(encounter: Encounter, who: CombatantId, name: str) -> int:
    return encounter.state[who].pools[name].current


def checks(events: tuple[Event, ...]) -> list[CheckRolled]:
    return [e for e in events if isinstance(e, CheckRolled)]


def notes(events: tuple[Event, ...]) -> list[str]:
    return [e.text for e in events if isinstance(e, Note)]


def refused(encounter: Encounter, action: Action, code: str) -> None:
    """The action is refused with ``code`` and the state is untouched."""
    before = encounter.state
    with pytest.raises(IllegalAction) as info:
        encounter.apply(action)
    assert info.value.code == code
    assert encounter.state is before


# --- contested Advanced Actions -----------------------------------------------------------


def test_blind_succeeds_until_the_end_of_the_targets_next_turn() -> None:
    """Seed: "You can try to blind a target within 1 m of you until the end of their next turn.
    If you succeed on a Quick Fingers or Nimbleness Check against the target's Improvisation or
    Endurance Check, you successfully blind them." """
    encounter = fight(
        10, 5, hero={"skills": {"quick_fingers": 3}}, brute={"skills": {"endurance": 1}}
    )
    step = encounter.apply(Blind(actor=HERO, target=BRUTE))
    mine, theirs = checks(step.events)
    assert (mine.roll.total, mine.result) == (13, "success")
    assert (theirs.roll.total, theirs.result) == (6, "failure")
    assert mine.check.startswith("quick_fingers") and theirs.check.startswith("endurance")
    blinded = encounter.state[BRUTE].effect("Blinded")
    assert blinded is not None
    # Brute's turn is still to come this round: its next turn is this round's.
    assert blinded.ends == Anchor(1, BRUTE, Moment.END)
    assert pool(encounter, HERO, "AP") == 1


def test_blind_after_the_targets_turn_lasts_through_its_next_round_turn() -> None:
    """Seed: "until the end of their next turn" — the target has already acted this round."""
    encounter = fight(10, 5)
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Blind(actor=BRUTE, target=HERO))
    blinded = encounter.state[HERO].effect("Blinded")
    assert blinded is not None and blinded.ends == Anchor(2, HERO, Moment.END)


def test_blind_fails_and_still_costs_the_ap() -> None:
    """Seed: "If you succeed on a Quick Fingers or Nimbleness Check against the target's
    Improvisation or Endurance Check, you successfully blind them." A lower roll does not."""
    encounter = fight(2, 15)
    step = encounter.apply(Blind(actor=HERO, target=BRUTE))
    assert [c.result for c in checks(step.events)] == ["failure", "success"]
    assert not encounter.state[BRUTE].effects
    assert pool(encounter, HERO, "AP") == 1


def test_contests_refuse_a_target_two_sizes_larger() -> None:
    """Seed: "The target cannot be larger than one size category above your own." """
    encounter = fight(brute={"size": "huge"})
    for action in (
        Blind(actor=HERO, target=BRUTE),
        Grab(actor=HERO, target=BRUTE),
        Shove(actor=HERO, target=BRUTE),
        Trip(actor=HERO, target=BRUTE),
    ):
        refused(encounter, action, "target-too-large")


def test_trip_against_a_smaller_target_rolls_with_advantage_and_knocks_it_prone() -> None:
    """Seed: "You can try to knock a target within 1 m of you Prone." "If they are smaller,
    you gain advantage on your check." """
    encounter = fight(3, 18, 10, brute={"size": "small"})
    step = encounter.apply(Trip(actor=HERO, target=BRUTE))
    mine, theirs = checks(step.events)
    assert mine.roll.total == 18 and theirs.roll.total == 10
    prone = encounter.state[BRUTE].effect("Prone")
    assert prone is not None and prone.ends is None and prone.source == HERO
    assert pool(encounter, HERO, "AP") == 1


def test_a_larger_target_rolls_with_advantage() -> None:
    """Seed: "If the target is larger than you are, they gain advantage on their check." """
    encounter = fight(12, 3, 14, brute={"size": "large"})
    step = encounter.apply(Trip(actor=HERO, target=BRUTE))
    mine, theirs = checks(step.events)
    assert (mine.roll.total, theirs.roll.total) == (12, 14)
    assert not encounter.state[BRUTE].effects


def test_grab_needs_a_free_hand_and_grabs() -> None:
    """Seed: "You try to grab a target within 1 m of you with a free hand. If you succeed on an
    Athletics or Raw Force Check against the target's Athletics, Raw Force, or Nimbleness Check,
    you successfully grab the creature." """
    encounter = fight(9, 4, hero={"skills": {"raw_force": 4, "athletics": 1}})
    refused(encounter, Grab(actor=HERO, target=BRUTE, free_hand=False), "no-free-hand")
    step = encounter.apply(Grab(actor=HERO, target=BRUTE))
    assert checks(step.events)[0].check.startswith("raw_force")  # the best allowed Skill
    grabbed = encounter.state[BRUTE].effect("Grabbed")
    assert grabbed is not None and grabbed.ends is None


def test_the_named_skill_is_used() -> None:
    """Seed: "an Athletics or Raw Force Check": the actor picks which."""
    encounter = fight(9, 4, hero={"skills": {"raw_force": 4, "athletics": 1}})
    step = encounter.apply(Grab(actor=HERO, target=BRUTE, skill="athletics"))
    assert checks(step.events)[0].roll.total == 10


def test_shove_costs_1_ap_and_moves_the_target() -> None:
    """Seed: "You can try to move a target within 1 m of you up to 1 m." (Shove, 1 AP)"""
    encounter = fight(11, 7)
    step = encounter.apply(Shove(actor=HERO, target=BRUTE))
    assert "moves Brute 1 m" in notes(step.events)
    assert pool(encounter, HERO, "AP") == 2


def test_contests_need_the_target_within_1_m() -> None:
    """Seed: "a target within 1 m of you"."""
    refused(fight(), Shove(actor=HERO, target=BRUTE, distance=2), "out-of-reach")


def test_disarm_needs_a_strictly_higher_roll() -> None:
    """Seed: "You succeed if you roll higher than your target." """
    encounter = fight(10, 10, 11, 10)
    step = encounter.apply(Disarm(actor=HERO, target=BRUTE, item="a club"))
    assert [c.result for c in checks(step.events)] == ["failure", "success"]
    assert "Brute drops a club" not in notes(step.events)
    step = encounter.apply(Shove(actor=HERO, target=BRUTE))  # the last AP; 11 against 10
    assert "moves Brute 1 m" in notes(step.events)


def test_disarm_drops_the_item() -> None:
    """Seed: "You try to force a target that is within 1 m of you to drop one item that it is
    holding in their hand." """
    step = fight(15, 2).apply(Disarm(actor=HERO, target=BRUTE, item="a club"))
    assert "Brute drops a club" in notes(step.events)


def test_climb_needs_a_larger_target_and_rides_it() -> None:
    """Seed: "You try to climb onto a target that is within 1 m of you and is at least one size
    category larger than you." "You occupy a space that is also occupied by the target"."""
    refused(fight(), Climb(actor=HERO, target=BRUTE), "target-too-small")
    refused(
        fight(brute={"size": "large"}),
        Climb(actor=HERO, target=BRUTE, free_hand=False),
        "no-free-hand",
    )
    encounter = fight(14, 6, brute={"size": "large"})
    encounter.apply(Climb(actor=HERO, target=BRUTE))
    climbing = encounter.state[HERO].effect(CLIMBING)
    assert climbing is not None and climbing.data == {"on": BRUTE}


def test_disarm_takes_the_dropped_item_with_a_free_hand() -> None:
    """Seed: "You can take the dropped item if you have at least one free hand." """
    step = fight(15, 2).apply(Disarm(actor=HERO, target=BRUTE, item="a club", take=True))
    assert notes(step.events) == ["Brute drops a club", "Hero takes a club"]
    encounter = fight(2, 15)
    step = encounter.apply(Disarm(actor=HERO, target=BRUTE, item="a club", take=True))
    assert not any("takes" in text for text in notes(step.events))


def test_disarm_refuses_taking_without_a_free_hand() -> None:
    """Seed: "You can take the dropped item if you have at least one free hand." Disarming
    itself needs no free hand."""
    encounter = fight(15, 2)
    refused(encounter, Disarm(actor=HERO, target=BRUTE, take=True, free_hand=False), "no-free-hand")
    step = encounter.apply(Disarm(actor=HERO, target=BRUTE, free_hand=False))
    assert "Brute drops the item in its hand" in notes(step.events)


def _climbed(*faces: int) -> Encounter:
    """Hero has climbed onto a Large Brute (14 against 6) and ended its turn: Brute acts."""
    encounter = fight(14, 6, *faces, brute={"size": "large"})
    encounter.apply(Climb(actor=HERO, target=BRUTE))
    encounter.apply(EndTurn(actor=HERO))
    assert encounter.state.acting() == (BRUTE,)
    return encounter


def test_shaking_off_a_climber_who_fails_the_repeated_check() -> None:
    """Seed (Climb): "It can try to shake you off by using an action (2 AP) repeating the Skill
    Checks and will shake you off successfully if you fail the Skill Check." """
    encounter = _climbed(5, 12)
    step = encounter.apply(ShakeOff(actor=BRUTE, climber=HERO))
    climber, creature = checks(step.events)
    assert (climber.combatant, climber.roll.total, climber.result) == (HERO, 5, "failure")
    assert climber.check.startswith("nimbleness")  # a Climb Skill, the best of Hero's
    assert (creature.combatant, creature.roll.total, creature.result) == (BRUTE, 12, "success")
    assert not encounter.state[HERO].has(CLIMBING)
    assert "shakes Hero off" in notes(step.events)
    assert pool(encounter, BRUTE, "AP") == 1


def test_a_climber_who_succeeds_holds_on() -> None:
    """Seed (Climb): "will shake you off successfully if you fail the Skill Check" — a climber
    who succeeds stays."""
    encounter = _climbed(15, 4)
    step = encounter.apply(
        ShakeOff(actor=BRUTE, climber=HERO, skill="raw_force", climber_skill="athletics")
    )
    climber, creature = checks(step.events)
    assert climber.check.startswith("athletics") and creature.check.startswith("raw_force")
    assert climber.result == "success"
    climbing = encounter.state[HERO].effect(CLIMBING)
    assert climbing is not None and climbing.data == {"on": BRUTE}
    assert "fails to shake Hero off" in notes(step.events)
    assert pool(encounter, BRUTE, "AP") == 1


def test_shake_refusals() -> None:
    """Seed (Climb): "It can try to shake you off by using an action (2 AP)": only the creature
    climbed on, on its turn, with the AP."""
    refused(fight(), ShakeOff(actor=HERO, climber=BRUTE), "not-climbing")
    encounter = _climbed()
    refused(encounter, ShakeOff(actor=HERO, climber=BRUTE), "not-your-turn")
    refused(encounter, ShakeOff(actor=BRUTE, climber=HERO, skill="grace"), "bad-skill")
    encounter.apply(Command(actor=BRUTE))
    encounter.apply(Command(actor=BRUTE))
    refused(encounter, ShakeOff(actor=BRUTE, climber=HERO), "not-enough-ap")


def test_advanced_actions_only_on_your_turn_and_with_the_ap() -> None:
    """Seed: actions cost AP on your turn ("Blind 2", "Grab 2")."""
    encounter = fight(10, 5)
    refused(encounter, Blind(actor=BRUTE, target=HERO), "not-your-turn")
    refused(encounter, Blind(actor=HERO, target=HERO), "self-target")
    encounter.apply(Blind(actor=HERO, target=BRUTE))
    refused(encounter, Grab(actor=HERO, target=BRUTE), "not-enough-ap")


# --- Hide and Command ---------------------------------------------------------------------


def test_hide_beats_every_enemys_perception() -> None:
    """Seed: "You successfully hide if you beat their Perception Check with your Stealth
    Check." """
    more: tuple[tuple[str, str, dict[str, Any]], ...] = (("Brute 2", "brutes", {}),)
    encounter = fight(15, 10, 14, hero={"skills": {"stealth": 1}}, more=more)
    step = encounter.apply(Hide(actor=HERO))
    assert len(checks(step.events)) == 3
    assert encounter.state[HERO].has("Hidden")
    assert pool(encounter, HERO, "AP") == 1


def test_hide_fails_when_one_enemy_ties() -> None:
    """Seed: "You successfully hide if you beat their Perception Check" — a tie is not beating
    it."""
    more: tuple[tuple[str, str, dict[str, Any]], ...] = (("Brute 2", "brutes", {}),)
    encounter = fight(12, 3, 12, more=more)
    step = encounter.apply(Hide(actor=HERO))
    assert checks(step.events)[0].result == "failure"
    assert not encounter.state[HERO].has("Hidden")


def test_command_lasts_until_your_next_turn() -> None:
    """Seed: "You take direct control of all of your summons until your next turn"."""
    encounter = fight()
    encounter.apply(Command(actor=HERO))
    commanding = encounter.state[HERO].effect(COMMANDING)
    assert commanding is not None and commanding.ends == Anchor(2, HERO, Moment.START)
    assert pool(encounter, HERO, "AP") == 2
    refused(encounter, Command(actor=BRUTE), "not-your-turn")


# --- Cinematic Actions and Reactions ------------------------------------------------------


def test_cinematic_action_costs_3_ap_and_3_nm_and_rolls_against_the_difficulty() -> None:
    """Seed: "you can use a Cinematic Action (3AP)"; "Using a Cinematic Action or Reaction costs
    3 Narrative Momentum." "you must then make a Skill Check determined by the GM." """
    encounter = fight(12, hero={"narrative_momentum": 5, "skills": {"athletics": 2}})
    step = encounter.apply(
        CinematicAction(
            actor=HERO, skill=Skill.ATHLETICS, difficulty=14, description="swing on the chandelier"
        )
    )
    (check,) = checks(step.events)
    assert (check.roll.total, check.against, check.result) == (14, 14, "success")
    assert notes(step.events) == ["Cinematic Action: swing on the chandelier: success"]
    assert (pool(encounter, HERO, "AP"), pool(encounter, HERO, "NM")) == (0, 2)


def test_cinematic_action_can_fail() -> None:
    """Seed: "On a failure, you are unsuccessful, and the GM determines what happens." """
    encounter = fight(5, hero={"narrative_momentum": 3})
    step = encounter.apply(CinematicAction(actor=HERO, skill=Skill.GRACE, difficulty=14))
    assert checks(step.events)[0].result == "failure"
    assert pool(encounter, HERO, "NM") == 0


def test_cinematic_refusals() -> None:
    """Seed: "Using a Cinematic Action or Reaction costs 3 Narrative Momentum"; a Cinematic
    Action (3AP) is taken on your turn."""
    encounter = fight(hero={"narrative_momentum": 2}, brute={"narrative_momentum": 6})
    refused(
        encounter, CinematicAction(actor=HERO, skill=Skill.GRACE, difficulty=10), "not-enough-nm"
    )
    refused(
        encounter, CinematicAction(actor=BRUTE, skill=Skill.GRACE, difficulty=10), "not-your-turn"
    )
    rich = fight(1, 1, hero={"narrative_momentum": 6})
    rich.apply(Shove(actor=HERO, target=BRUTE))
    refused(rich, CinematicAction(actor=HERO, skill=Skill.GRACE, difficulty=10), "not-enough-ap")


def test_cinematic_reaction_outside_your_turn() -> None:
    """Seed: "a Cinematic Reaction (2RP)" costs "3 Narrative Momentum"; reactions are taken
    outside your own turn."""
    encounter = fight(20, brute={"narrative_momentum": 3})
    step = encounter.apply(
        CinematicAction(actor=BRUTE, skill=Skill.GRACE, difficulty=10, reaction=True)
    )
    assert checks(step.events)[0].result == "critical_success"
    assert (pool(encounter, BRUTE, "RP"), pool(encounter, BRUTE, "NM")) == (0, 0)
    assert pool(encounter, BRUTE, "AP") == 3


def test_cinematic_burst_costs_6_nm_only_before_any_ap() -> None:
    """Seed: "you can use a Cinematic Burst for 6 Narrative Momentum instead of 3" "You can only
    use a Cinematic Burst if you have not used any AP on your turn if you are trying to do a
    Cinematic Action"."""
    encounter = fight(15, hero={"narrative_momentum": 12})
    encounter.apply(CinematicAction(actor=HERO, skill=Skill.GRACE, difficulty=10, burst=True))
    assert (pool(encounter, HERO, "AP"), pool(encounter, HERO, "NM")) == (3, 6)
    encounter.apply(Command(actor=HERO))
    refused(
        encounter,
        CinematicAction(actor=HERO, skill=Skill.GRACE, difficulty=10, burst=True),
        "burst-after-ap",
    )


def test_cinematic_reaction_burst_only_before_any_rp_this_round() -> None:
    """Seed: "or no RP this round if you are trying to do a Cinematic Reaction"."""
    encounter = fight(15, hero={"narrative_momentum": 12})
    encounter.apply(CinematicAction(actor=HERO, skill=Skill.GRACE, difficulty=10, reaction=True))
    refused(
        encounter,
        CinematicAction(actor=HERO, skill=Skill.GRACE, difficulty=10, reaction=True, burst=True),
        "burst-after-rp",
    )


def test_a_stunned_creature_can_still_burst() -> None:
    """Seed: "If you cannot use 3AP or 2RP for some reason, like when you are Restrained or
    Stunned, you can use a Cinematic Burst"."""
    encounter = fight(15, hero={"narrative_momentum": 6})
    encounter.apply(ApplyEffect(target=HERO, name="Stunned"))
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=BRUTE))
    assert encounter.state.acting() == (HERO,) and pool(encounter, HERO, "AP") == 0
    encounter.apply(CinematicAction(actor=HERO, skill=Skill.GRACE, difficulty=10, burst=True))
    assert pool(encounter, HERO, "NM") == 0


# --- held actions -------------------------------------------------------------------------


def test_hold_an_action_spends_the_ap_and_lapses_at_your_next_turn() -> None:
    """Seed: "a creature must spend the AP that the action would cost on their turn and name a
    trigger. The action is not performed if the trigger does not happen until the creature's
    next turn." """
    encounter = fight()
    trigger = "I attack the first enemy that moves into my range"
    encounter.apply(HoldAction(actor=HERO, ap=2, trigger=trigger))
    held = encounter.state[HERO].effect(HELD_ACTION)
    assert held is not None and held.data == {"ap": 2, "trigger": trigger}
    assert pool(encounter, HERO, "AP") == 1
    refused(encounter, HoldAction(actor=HERO, ap=2, trigger=trigger), "not-enough-ap")
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=BRUTE))
    assert not encounter.state[HERO].has(HELD_ACTION)


def test_hold_refusals() -> None:
    """Seed: "spend the AP that the action would cost on their turn and name a trigger"."""
    encounter = fight()
    refused(encounter, HoldAction(actor=HERO, ap=2, trigger=""), "no-trigger")
    refused(encounter, HoldAction(actor=HERO, ap=4, trigger="x"), "bad-ap")
    refused(encounter, HoldAction(actor=BRUTE, ap=1, trigger="x"), "not-your-turn")


# --- unions, surprise, tie-breaks ---------------------------------------------------------


def test_a_union_of_allies_shares_a_turn_from_the_next_round() -> None:
    """Seed: "Initiative is determined at the beginning of a round": a union takes effect from
    the next round's order."""
    encounter = fight(more=(("Sidekick", "heroes", {}),))
    refused(encounter, FormUnion(members=(HERO, BRUTE)), "not-allies")
    refused(encounter, FormUnion(actor=BRUTE, members=(HERO, SIDEKICK)), "not-a-member")
    refused(encounter, FormUnion(members=(HERO,)), "bad-union")
    encounter.apply(FormUnion(actor=HERO, members=(HERO, SIDEKICK)))
    assert encounter.state[SIDEKICK].marks[UNION] == "hero+sidekick"
    assert len(encounter.state.clock.order) == 3  # this round is unchanged
    next_round = encounter.ruleset.order(encounter.state)
    assert (HERO, SIDEKICK) in [turn.actors for turn in next_round]
    refused(encounter, Disband(actor=BRUTE, name="hero+sidekick"), "not-a-member")
    encounter.apply(Disband(name="sidekick"))
    assert encounter.state[HERO].marks[UNION] is None
    refused(encounter, Disband(name="hero+sidekick"), "no-union")


def test_surprised_creatures_act_last_in_round_1() -> None:
    """Seed (Rounds and Turns): surprised creatures take their turn at the end of the first
    round; the GM declares it before combat starts."""
    encounter = fight(start=False)
    refused(encounter, Surprise(actor=HERO, targets=(BRUTE,)), "game-master-only")
    encounter.apply(Surprise(targets=(HERO,)))
    assert encounter.state[HERO].marks[SURPRISED] is True
    surprised = encounter.state[HERO].effect("Surprised")
    assert surprised is not None and surprised.ends == Anchor(1, HERO, Moment.END)
    encounter.apply(StartCombat())
    assert encounter.state.acting() == (BRUTE,)
    refused(encounter, Surprise(targets=(BRUTE,)), "already-started")
    for _ in range(2):
        encounter.apply(EndTurn())
    assert encounter.state.clock.round == 2
    assert encounter.state.acting() == (HERO,)  # round 2 goes by Initiative again


def test_tie_break_puts_a_creature_first_among_equals() -> None:
    """The GM breaks ties between equal Initiatives; the order changes from the next round."""
    encounter = fight(more=(("Brute 2", "brutes", {}),))
    order = [turn.actors for turn in encounter.state.clock.order]
    assert order.index((BRUTE,)) < order.index((BRUTE_2,))
    refused(encounter, TieBreak(actor=HERO, target=BRUTE_2), "game-master-only")
    encounter.apply(TieBreak(target=BRUTE_2))
    assert encounter.state[BRUTE_2].marks[TIE_BREAK] == 1
    order = [turn.actors for turn in encounter.ruleset.order(encounter.state)]
    assert order.index((BRUTE_2,)) < order.index((BRUTE,))
    encounter.apply(TieBreak(target=BRUTE))
    assert encounter.state[BRUTE].marks[TIE_BREAK] == 2


# --- afflicting Status Effects ------------------------------------------------------------


def test_afflict_keeps_the_dr_power_of_the_actor() -> None:
    """Seed: "The DR Power is equal to the Primary Stat of the creature." """
    encounter = fight(hero={"primary_stat": "instinct"})  # Instinct 15
    step = encounter.apply(Afflict(actor=HERO, target=BRUTE, status=StatusEffect.FRIGHTENED))
    frightened = encounter.state[BRUTE].effect("Frightened")
    assert frightened is not None
    assert frightened.data == {"dr_power": 15} and frightened.source == HERO
    assert frightened.ends is None
    assert not checks(step.events)
    assert pool(encounter, HERO, "AP") == 3


def test_afflict_by_another_creature_or_with_a_named_power() -> None:
    """Seed: "They succeed on their DR if they roll at least as high as the DR Power of the
    creature targeting them." """
    encounter = fight(brute={"primary_stat": "will", "stats": {**AVERAGE_STATS, "will": 13}})
    encounter.apply(Afflict(target=HERO, status=StatusEffect.BURNING, by=BRUTE))
    burning = encounter.state[HERO].effect("Burning")
    assert burning is not None and burning.data == {"dr_power": 13} and burning.source == BRUTE
    encounter.apply(Afflict(target=BRUTE, status=StatusEffect.RESTRAINED, power=17))
    restrained = encounter.state[BRUTE].effect("Restrained")
    assert restrained is not None and restrained.data == {"dr_power": 17}
    assert restrained.source is None


def test_afflict_refusals() -> None:
    """Seed: the DR Power is the afflicting creature's ("the DR Power of the creature targeting
    them"): the game master names one."""
    encounter = fight()
    refused(encounter, Afflict(target=BRUTE, status=StatusEffect.STUNNED), "no-power")
    refused(encounter, Afflict(target=BRUTE, status=StatusEffect.STUNNED, power=0), "bad-power")
    encounter.apply(Afflict(target=BRUTE, status=StatusEffect.STUNNED, power=12))
    refused(
        encounter,
        Afflict(actor=HERO, target=BRUTE, status=StatusEffect.STUNNED),
        "already-affected",
    )


def test_corroded_stacks() -> None:
    """SOURCES.md section 4: "Corroded (Chemical): -1 Armor per stack." """
    encounter = fight()
    encounter.apply(Afflict(target=BRUTE, status=StatusEffect.CORRODED, power=11))
    encounter.apply(Afflict(target=BRUTE, status=StatusEffect.CORRODED, power=13))
    (corroded,) = encounter.state[BRUTE].effects
    assert corroded.data == {"dr_power": 13, "stacks": 2}


def test_a_status_effect_ends_on_a_successful_constitution_dr_at_the_end_of_turn() -> None:
    """SOURCES.md section 4: "All end on a successful Constitution DR (Mental: Will DR) at end of
    turn." Seed: "They succeed on their DR if they roll at least as high as the DR Power"."""
    encounter = fight(12, brute={"skills": {"endurance": 1}})
    encounter.apply(Afflict(actor=HERO, target=BRUTE, status=StatusEffect.RESTRAINED, power=13))
    encounter.apply(EndTurn(actor=HERO))
    assert encounter.state[BRUTE].has("Restrained")
    step = encounter.apply(EndTurn(actor=BRUTE))
    (dr,) = checks(step.events)
    assert (dr.combatant, dr.roll.total, dr.against, dr.result) == (BRUTE, 13, 13, "success")
    assert dr.check == "constitution DR against Restrained"
    assert not encounter.state[BRUTE].has("Restrained")


def test_a_status_effect_stays_on_a_failed_dr() -> None:
    """SOURCES.md section 4: "All end on a successful Constitution DR ... at end of turn": a
    failed DR keeps it, and it is rolled again at the end of the next turn."""
    encounter = fight(11, 13, brute={"skills": {"endurance": 1}})
    encounter.apply(Afflict(actor=HERO, target=BRUTE, status=StatusEffect.RESTRAINED, power=13))
    encounter.apply(EndTurn(actor=HERO))
    step = encounter.apply(EndTurn(actor=BRUTE))
    (dr,) = checks(step.events)
    assert (dr.roll.total, dr.result) == (12, "failure")
    assert encounter.state[BRUTE].has("Restrained")
    encounter.apply(EndTurn(actor=HERO))
    step = encounter.apply(EndTurn(actor=BRUTE))
    assert checks(step.events)[0].result == "success"
    assert not encounter.state[BRUTE].has("Restrained")


def test_a_mental_status_effect_ends_on_a_will_dr() -> None:
    """SOURCES.md section 4: "All end on a successful Constitution DR (Mental: Will DR) at end of
    turn." Perseverance is the Will DR's Skill."""
    encounter = fight(9, brute={"skills": {"perseverance": 3, "endurance": 0}})
    encounter.apply(Afflict(actor=HERO, target=BRUTE, status=StatusEffect.FRIGHTENED, power=12))
    encounter.apply(EndTurn(actor=HERO))
    step = encounter.apply(EndTurn(actor=BRUTE))
    (dr,) = checks(step.events)
    assert (dr.check, dr.roll.total, dr.result) == ("will DR against Frightened", 12, "success")
    assert not encounter.state[BRUTE].has("Frightened")
