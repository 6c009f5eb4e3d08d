"""The attack loop through the engine: defense roll, damage and drive, armor, degrees."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn
from fracas.rules.lurasko.actions import Attack, Move
from fracas.rules.lurasko.events import DamageCalledOut, DamageTaken, DefenseRolled, InjuryTypeSet
from fracas.rules.lurasko.queries import ACTIONS, DAMAGE, DEAD
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.vocabulary import CriticalEffect, InjuryType
from tests.rules.lurasko.support import CHAINMAIL, FOE, HERO, SWORD, duel, of_type, sheet


def test_initiative_is_rolled_and_the_highest_goes_first() -> None:
    """Settings: initiative 1d20 + the sheet's bonus, highest first."""
    encounter = duel(foe=sheet(initiative=12))
    assert encounter.state[HERO].initiative == 15
    assert encounter.state[FOE].initiative == 17
    assert encounter.state.acting() == (FOE,)


def test_a_hit_of_17_at_20_drive_through_chainmail_deals_8() -> None:
    """Seed: "In the above example of a weapon with 17 (20 drive) damage, the drive is within
    your armor range of 16-28, so you would take only 8 damage." Factor 6: 8 crosses 6, one
    degree of the pre-rolled type (melee table: 8 is Core)."""
    encounter = duel(foe=sheet(armor=CHAINMAIL))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 8])
    (defense,) = of_type(step.events, DefenseRolled)
    assert (defense.roll.total, defense.tn, defense.outcome) == (20, 14, "hit")
    (called,) = of_type(step.events, DamageCalledOut)
    assert [(p.damage, p.drive) for p in called.portions] == [(17, 20)]
    (taken,) = of_type(step.events, DamageTaken)
    assert (taken.account.total, taken.degrees, taken.injury) == (8, 1, InjuryType.CORE)
    foe = encounter.state[FOE]
    assert foe.marks[DAMAGE] == 8
    assert foe.marks["core"] == 1
    assert encounter.state[HERO].pools[ACTIONS].current == 0


def test_a_roll_at_or_under_the_tn_dodges() -> None:
    """SOURCES.md 8: "Lur-Asko: roll <= TN succeeds"."""
    encounter = duel()
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[4])
    (defense,) = of_type(step.events, DefenseRolled)
    assert defense.outcome == "dodged"
    assert not of_type(step.events, DamageTaken)
    assert DAMAGE not in encounter.state[FOE].marks


def test_damage_that_crosses_no_multiple_rolls_no_injury_type() -> None:
    """The injury type matters only for degrees: 8 damage on a fresh factor-9 target is none."""
    encounter = duel(foe=sheet(armor=CHAINMAIL, bcon=5, wgt=9))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10])
    (taken,) = of_type(step.events, DamageTaken)
    assert (taken.account.total, taken.degrees, taken.injury) == (8, 0, None)
    assert not of_type(step.events, InjuryTypeSet)


def test_a_critical_may_choose_the_injury_type() -> None:
    """Seed: "The first option is to choose what type of injury will be inflicted rather than
    rolling. Perception Injury is the usual choice"."""
    strong = {**SWORD, "offense": 15}
    encounter = duel(hero=sheet(weapons=[strong]), foe=sheet(armor=CHAINMAIL))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[19])
    (defense,) = of_type(step.events, DefenseRolled)
    assert (defense.outcome, defense.margin) == ("critical", 20)
    (chosen,) = of_type(step.events, InjuryTypeSet)
    assert (chosen.injury, chosen.roll) == (InjuryType.PERCEPTION, None)
    assert encounter.state[FOE].marks["perception"] == 1


def test_a_critical_may_add_10_drive_or_20_for_a_precise_melee_weapon() -> None:
    """Seed: "increase the drive of all weapons in the attack by 10. If a melee weapon has the
    Precise tag, its drive can be increased by 20 instead." 17 at 30 drive is above 16-28."""
    strong = {**SWORD, "offense": 15}
    encounter = duel(hero=sheet(weapons=[strong]), foe=sheet(armor=CHAINMAIL))
    step = encounter.apply(
        Attack(actor=HERO, target=FOE, critical=CriticalEffect.DRIVE), faces=[19, 1]
    )
    (called,) = of_type(step.events, DamageCalledOut)
    assert (called.portions[0].drive, called.drive_bonus) == (30, 10)
    (taken,) = of_type(step.events, DamageTaken)
    assert taken.account.total == 17
    precise = duel(hero=sheet(weapons=[{**strong, "precise": True}]))
    step = precise.apply(
        Attack(actor=HERO, target=FOE, critical=CriticalEffect.DRIVE), faces=[19, 1]
    )
    (called,) = of_type(step.events, DamageCalledOut)
    assert called.portions[0].drive == 40


def test_core_degrees_at_twice_bcon_kill_and_end_the_fight() -> None:
    """SOURCES.md 5.1: "Core degrees count toward death at 2 x bCON"; the fight ends when one
    side is left standing. bCON 1, WGT 10: factor 2; 17 damage is 8 Core degrees."""
    encounter = duel(foe=sheet(bcon=1, wgt=10))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 8])
    assert encounter.state[FOE].marks[DEAD] is True
    assert encounter.state.ended


def test_one_action_a_turn_and_it_refills_next_turn() -> None:
    """Settings: one action in a turn's action phase."""
    encounter = duel()
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[4])
    with pytest.raises(IllegalAction) as refused:
        encounter.check(Attack(actor=HERO, target=FOE))
    assert refused.value.code == "not-enough-action"
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    assert encounter.state[HERO].pools[ACTIONS].current == 1


def test_moving_comes_before_acting() -> None:
    """SOURCES.md 5 (combat1.html): "a movement phase, then an action phase"."""
    encounter = duel()
    encounter.apply(Move(actor=HERO, where="to the gate"))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[4])
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Move(actor=HERO))
    assert refused.value.code == "movement-phase-over"
    assert encounter.state is before


@pytest.mark.parametrize(
    ("attack", "code"),
    [
        (Attack(actor=FOE, target=HERO), "not-your-turn"),
        (Attack(actor=HERO, target=HERO), "self-target"),
        (Attack(actor=HERO, target=FOE, halve=True), "melee-halve"),
        (Attack(actor=HERO, target=FOE, reduce=75), "bad-reduction"),
        (Attack(actor=HERO, target=FOE, strength=4), "bad-strength"),
        (Attack(actor=HERO, target=FOE, weapon="axe"), "unknown-weapon"),
    ],
)
def test_refused_attacks_change_nothing(attack: Attack, code: str) -> None:
    encounter: Encounter = duel(hero=sheet(strength=3))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(attack)
    assert refused.value.code == code
    assert encounter.state is before


def test_every_degree_of_one_hit_is_of_its_rolled_type() -> None:
    """Seed: "The GM will have already rolled on the melee or ranged injury type table. If your
    damage crosses any multiples of your injury factor, all degrees of injury will be of that
    type." Factor 2 (bCON 1, WGT 10), 17 damage: 8 degrees, all Hand/Arm (melee 11-14)."""
    encounter = duel(foe=sheet(bcon=1, wgt=10))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 12])
    (rolled,) = of_type(step.events, InjuryTypeSet)
    assert (rolled.table, rolled.injury) == ("melee", InjuryType.HAND_ARM)
    assert encounter.state[FOE].marks["hand_arm"] == 8
    assert "core" not in encounter.state[FOE].marks


def test_a_large_creatures_injury_factor_uses_awgt() -> None:
    """SOURCES.md 5.1: "Injury factor = bCON x WGT / 5, minimum 2. Large creatures use AWGT"
    (a horse's WGT 50 is AWGT 35). bCON 5: factor 35 when large, so a 40-damage hit is one
    degree; the same WGT counted in full is factor 50 and no degree."""
    club = {**SWORD, "damage": "40"}
    horse = duel(hero=sheet(weapons=[club]), foe=sheet(wgt=50, large=True))
    step = horse.apply(Attack(actor=HERO, target=FOE), faces=[10, 8])
    (taken,) = of_type(step.events, DamageTaken)
    assert (taken.account.total, taken.degrees, taken.injury) == (40, 1, InjuryType.CORE)
    plain = duel(hero=sheet(weapons=[club]), foe=sheet(wgt=50))
    step = plain.apply(Attack(actor=HERO, target=FOE), faces=[10])
    assert of_type(step.events, DamageTaken)[0].degrees == 0


def test_the_injury_type_tables_are_settings() -> None:
    """SOURCES.md 8: "Every item below is a ruleset setting ... Lur-Asko: ... injury-type tables
    in 5.1". With a melee table of Core only, the roll of 12 (Hand/Arm by default) is Core; a
    table that leaves a face without a type is refused."""
    core = ((20, InjuryType.CORE),)
    encounter = duel(foe=sheet(bcon=1, wgt=10), melee_injury_table=core)
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 12])
    (rolled,) = of_type(step.events, InjuryTypeSet)
    assert (rolled.table, rolled.injury) == ("melee", InjuryType.CORE)
    with pytest.raises(ValidationError, match="last ends at 20"):
        LuraskoSettings(ranged_injury_table=((6, InjuryType.CORE), (19, InjuryType.MOBILITY)))
