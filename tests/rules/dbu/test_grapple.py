"""The Grapple Maneuver and its options on the engine, with loaded dice.

Hero (11) and Foe (4), Tier 1: a Grapple Check is the Grappler's Strike d10 + 3 against the
Grappled's Dodge d10 + 4 (its Dodge bonus is the higher); Force Modifier 2, Soak 2, 40 LP.
"""

from __future__ import annotations

from typing import TypeVar

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event
from fracas.engine.gm import AddCombatant, ApplyEffect, RemoveCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.dbu.actions import (
    Attack,
    BreakFree,
    Grapple,
    Pin,
    Release,
    Restrain,
    ThrowTarget,
)
from fracas.rules.dbu.attack import PROVOKING
from fracas.rules.dbu.economy import ACTIONS, KP, LP
from fracas.rules.dbu.events import CheckRolled, DamageTaken
from fracas.rules.dbu.grapple import GRAPPLED, GRAPPLING, PINNED, RESTRAINED
from fracas.rules.dbu.queries import GUARD_DOWN, PRONE, has_effect
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

E = TypeVar("E", bound=Event)

HERO_FIRST = (9, 2)
WIN = (8, 5)
"""A Grapple Check the Grappler wins: 8 + 3 = 11 against 5 + 4 = 9."""
LOSE = (2, 9)
"""One the Grappler loses: 5 against 13."""


def events_of(encounter: Encounter, kind: type[E]) -> list[E]:
    return [e for e in encounter.steps[-1].events if isinstance(e, kind)]


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value.code


def grappled() -> Encounter:
    encounter = fight(*HERO_FIRST)
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=WIN)
    return encounter


def in_grapple(encounter: Encounter, who: CombatantId) -> bool:
    return has_effect(encounter.state[who], GRAPPLING) or has_effect(encounter.state[who], GRAPPLED)


def test_a_won_grapple_check_puts_both_in_a_grapple_and_guard_down() -> None:
    """Seed: 'If you are successful, both characters are considered to be in a Grapple and both
    the Grappler and the Grappled are subjected to the Guard Down Combat Condition … while in
    the Grapple.'"""
    encounter = grappled()
    for who in (HERO, FOE):
        assert in_grapple(encounter, who)
        assert has_effect(encounter.state[who], GUARD_DOWN)
    grapple, resist = events_of(encounter, CheckRolled)
    assert (grapple.roll.total, resist.roll.total) == (11, 9)


def test_a_failed_grapple_frees_the_target_and_provokes_a_counter_action() -> None:
    """Seed: 'If the Grappler fails, they are susceptible to a Counter Action from the Grappled,
    and the Grappled is freed.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=LOSE)
    assert not in_grapple(encounter, FOE)
    assert has_effect(encounter.state[HERO], PROVOKING)
    encounter.apply(Attack(actor=FOE, target=HERO, counter=True), faces=[1, 9])


def test_one_grapple_at_a_time_and_the_grappled_cannot_grapple() -> None:
    """Seed: 'You can only Grapple one character at a time and a Grappled character cannot
    initiate a Grapple Maneuver while in a Grapple.'"""
    encounter = fight(*HERO_FIRST, 7, start=False)
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=make_sheet(name="Other")))
    encounter.apply(StartCombat())
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=WIN)
    assert refused(encounter, Grapple(actor=HERO, target=CombatantId("other"))) == "one-grapple"
    encounter.apply(EndTurn(actor=HERO))  # Other (9) acts before the Foe
    encounter.apply(EndTurn(actor=CombatantId("other")), faces=WIN)  # Foe's turn: a check
    assert refused(encounter, Grapple(actor=FOE, target=HERO)) == "grappled"


def test_the_grappler_lets_go_as_an_instant_action() -> None:
    """Seed: 'You may stop grappling a target as an Instant Action on your turn.'"""
    encounter = grappled()
    encounter.apply(Release(actor=HERO))
    assert not in_grapple(encounter, HERO) and not in_grapple(encounter, FOE)
    assert not has_effect(encounter.state[FOE], GUARD_DOWN)
    assert pool(encounter, HERO, ACTIONS) == 2


def test_a_grapple_check_at_the_start_of_either_turn() -> None:
    """Seed: 'At the start of either the Grappled or the Grappler's turn, they must make another
    Grapple Check.'"""
    encounter = grappled()
    encounter.apply(EndTurn(actor=HERO), faces=WIN)
    assert in_grapple(encounter, FOE)
    encounter.apply(EndTurn(actor=FOE), faces=LOSE)  # round 2: the Hero's turn starts
    assert not in_grapple(encounter, FOE)


def test_the_grappled_forces_a_check_once_a_round_for_an_action() -> None:
    """Seed: 'Once per Combat Round, a Grappled character can also spend One Action during their
    turn to force a Grapple Check.'"""
    encounter = grappled()
    encounter.apply(EndTurn(actor=HERO), faces=WIN)
    encounter.apply(BreakFree(actor=FOE), faces=WIN)
    assert in_grapple(encounter, FOE) and pool(encounter, FOE, ACTIONS) == 2
    assert refused(encounter, BreakFree(actor=FOE)) == "once-a-round"


def test_pinning_pins_and_the_pinned_keep_one_action_and_make_no_attacks() -> None:
    """Seed: 'Once per Combat Round, if you are the Grappler in a Grapple, you can spend One
    Action to make an additional Grapple Check … If you succeed with this check, then the
    Grappled gains the Pinned Combat Condition'. SOURCES.md 2.9: Pinned: 'remaining Actions drop
    to 1; gain only 1 Action per round; no Attacking Maneuvers'."""
    encounter = grappled()
    encounter.apply(Pin(actor=HERO), faces=WIN)
    assert has_effect(encounter.state[FOE], PINNED)
    assert refused(encounter, Pin(actor=HERO)) == "once-a-round"
    encounter.apply(EndTurn(actor=HERO), faces=WIN)
    assert pool(encounter, FOE, ACTIONS) == 1
    assert refused(encounter, Attack(actor=FOE, target=HERO)) == "pinned"


def pinned_in_round_2() -> Encounter:
    """Grappled in round 1; in round 2 the Hero pins the Foe, then restrains it (TN 6 + 2),
    which spends its last Actions: the Foe's turn starts. It fails to break free (5 + 2 against
    8) and the Hero loses the Grapple Check."""
    encounter = grappled()
    encounter.apply(EndTurn(actor=HERO), faces=WIN)
    encounter.apply(EndTurn(actor=FOE), faces=WIN)
    encounter.apply(Pin(actor=HERO), faces=WIN)
    encounter.apply(Restrain(actor=HERO), faces=[*WIN, 6, 5, *LOSE])
    return encounter


def test_energy_restraint_keeps_the_target_pinned_past_the_grapple() -> None:
    """Seed: 'you can spend Two Actions and 4(T) Ki Points to attempt to restrain them with your
    Ki. Make a Grapple Check against the Grappled. If they win, they are freed from the grapple.
    If they lose, they are restrained and maintain the Pinned Combat Condition even as the
    Grapple ends. The Grappler then rolls a Force Ability Check. This becomes the Restraint
    TN.'"""
    encounter = pinned_in_round_2()
    assert pool(encounter, HERO, KP) == 30 - 4
    restrained = encounter.state[FOE].effect(RESTRAINED)
    assert restrained is not None and restrained.data["tn"] == 6 + 2
    assert not in_grapple(encounter, FOE)
    assert has_effect(encounter.state[FOE], PINNED)
    restrained = encounter.state[FOE].effect(RESTRAINED)
    assert restrained is not None and restrained.data["tries"] == 1


def test_breaking_the_restraint_gets_plus_1t_for_each_failed_turn() -> None:
    """Seed: 'At the start of the restrained target's turn, they can attempt to break the energy
    restraint with a Force Ability Check against the Restraint TN … During each turn a
    restrained character fails to break free, increase their following Force Ability Checks
    against the Restraint TN by +1(T).'"""
    encounter = pinned_in_round_2()
    encounter.apply(EndTurn(actor=FOE))
    encounter.apply(EndTurn(actor=HERO), faces=[6])  # 6 + 2 + 1 = 9 against 8
    assert not has_effect(encounter.state[FOE], RESTRAINED)
    assert not has_effect(encounter.state[FOE], PINNED)


def test_tail_restraint_costs_2t_on_the_first_check() -> None:
    """Seed: 'the Grappler can suffer a penalty of -2(T) to their initial Grapple Check to
    initiate the Grapple to attempt and grab the tail.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Grapple(actor=HERO, target=FOE, tail=True), faces=WIN)
    assert not in_grapple(encounter, FOE)  # 11 - 2 = 9 against 9: the defender wins ties


def test_throwing_a_target_moves_it_force_plus_1_per_2_and_hurts() -> None:
    """Seed: 'the Grappled is moved a number of Squares equal to your Force Modifier … Increase
    the distance thrown by +1 Square(s) for every 2 higher your Throw Check is over the target's
    Dice Score … A thrown target suffers 1d6(T) Direct Damage, increased by +1 for each Square
    they have moved.'"""
    encounter = grappled()
    # The Throw Check: 9 + 3 = 12 against the Guard Down Foe's botched Dodge 1 + 4 - 2 - 2 = 1:
    # 11 higher, so 2 + 5 squares; 1d6 (4) + 7 Direct Damage, half Soak (1).
    encounter.apply(ThrowTarget(actor=HERO), faces=[9, 1, 4])
    assert not in_grapple(encounter, FOE)
    (taken,) = events_of(encounter, DamageTaken)
    assert taken.account.wound == 4 + 7
    assert pool(encounter, FOE, LP) == 40 - (11 - 1)


def test_a_throw_through_a_combatant_knocks_both_prone() -> None:
    """Seed: 'If a Throw would result in moving through another combatant's square, the
    combatant can make a Dodge Roll against your Throw Check. If you are successful, both
    targets are knocked Prone and take 1d10(T) Direct Damage'."""
    encounter = fight(*HERO_FIRST, 1, start=False)
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=make_sheet(name="Other")))
    encounter.apply(StartCombat())
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=WIN)
    other = CombatantId("other")
    encounter.apply(ThrowTarget(actor=HERO, through=other), faces=[9, 1, 2, 5, 5, 3])
    for who in (FOE, other):
        assert has_effect(encounter.state[who], PRONE)
    assert pool(encounter, other, LP) == 40 - (5 - 1)


def test_a_grapple_ends_when_the_other_side_leaves_the_fight() -> None:
    encounter = grappled()
    encounter.apply(RemoveCombatant(target=FOE))
    assert refused(encounter, Release(actor=HERO)) == "not-grappling"


def test_a_pinned_put_on_outside_a_grapple_is_escaped_by_a_might_clash() -> None:
    """SOURCES.md 2.9, Pinned: 'remaining Actions drop to 1 … Escape: spend 1 Action for a Might
    Clash vs the inflicter.' The Foe's 6 + Spirit 3 beats the Hero's 4 + 3; a tie stays Pinned
    (the defender wins ties, SOURCES.md 8)."""
    encounter = fight(9, 2)
    encounter.apply(ApplyEffect(target=FOE, name=PINNED))
    encounter.apply(EndTurn(actor=HERO))
    assert pool(encounter, FOE, ACTIONS) == 1
    encounter.apply(BreakFree(actor=FOE, against=HERO), faces=[6, 4])
    assert not has_effect(encounter.state[FOE], PINNED)

    tied = fight(9, 2)
    tied.apply(ApplyEffect(target=FOE, name=PINNED))
    tied.apply(EndTurn(actor=HERO))
    tied.apply(BreakFree(actor=FOE, against=HERO), faces=[5, 5])
    assert has_effect(tied.state[FOE], PINNED)


def test_a_grapples_pinned_is_escaped_by_its_grapple_check_not_a_clash() -> None:
    """Seed: in a Grapple the Grappled 'can also spend One Action during their turn to force a
    Grapple Check'; the Clash is for a Pinned from elsewhere."""
    encounter = grappled()
    encounter.apply(Pin(actor=HERO), faces=WIN)
    encounter.apply(EndTurn(actor=HERO), faces=WIN)
    assert refused(encounter, BreakFree(actor=FOE, against=HERO)) == "no-clash"


def test_a_thrown_target_striking_terrain_takes_its_hardness_damage() -> None:
    """Seed (Throw Distance): 'If they would strike against Terrain, they also take damage
    according to its Hardness Value.' As above (10 through half Soak), then Hardness 1's 5
    Lethal."""
    encounter = grappled()
    encounter.apply(ThrowTarget(actor=HERO, into=1), faces=[9, 1, 4])
    assert pool(encounter, FOE, LP) == 40 - (11 - 1) - 5


def test_a_tail_held_in_a_grapple_makes_no_tail_attacks() -> None:
    """Seed (Tail Restraint): 'If they succeed at this Grapple Check, the Grappled is in a
    Grapple as usual but also cannot make any Tail Attacks while in the Grapple.' Grabbing the
    tail at -2(T): 9 + 3 - 2 = 10 against 5 + 4."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Grapple(actor=HERO, target=FOE, tail=True), faces=[9, 5])
    encounter.apply(EndTurn(actor=HERO), faces=WIN)
    assert refused(encounter, Attack(actor=FOE, target=HERO, tail_attack=True)) == "tail-held"
    encounter.apply(Attack(actor=FOE, target=HERO), faces=[2, 9])


def test_the_grappled_chooses_strike_or_dodge() -> None:
    """Seed: 'Make a Physical Strike Roll opposed by the Grappled's Strike or Dodge Roll (their
    choice). The Grappled cannot use their Strike Roll, and therefore must use a Dodge Roll …
    if the Grappler (you) is outside of their (the target's) Melee Range.' Left to the table,
    the Foe Dodges (+4 against +3); it may Strike instead."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Grapple(actor=HERO, target=FOE, answer="strike"), faces=WIN)
    _, opposed = events_of(encounter, CheckRolled)
    assert opposed.check == "Grapple Check (Strike)" and opposed.roll.total == 5 + 3
    other = fight(*HERO_FIRST)
    other.apply(Grapple(actor=HERO, target=FOE), faces=WIN)
    assert events_of(other, CheckRolled)[1].check == "Grapple Check (Dodge)"
    out_of_reach = Grapple(actor=HERO, target=FOE, answer="strike", reach=False)
    assert refused(fight(*HERO_FIRST), out_of_reach) == "no-strike"
