"""The target's answers to an attack: the Parry options and the Duel (with Duel Escape).

Hero (Initiative 11) attacks Foe (4) on Hero's turn. Tier 1, no Extra Dice: Strike d10 + 3,
Dodge d10 + 4, Wound d10 + Force 2 (Spirit 3 for energy), Soak 2, 40 LP, 30 KP, Capacity 20.
"""

from __future__ import annotations

from typing import TypeVar

import pytest

from fracas.app.session import Session
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event
from fracas.engine.gm import AddCombatant, ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import Attack, Surprise, wagers
from fracas.rules.dbu.duel import ESCAPED
from fracas.rules.dbu.economy import ACTIONS, CAPACITY, COUNTER, KP, LP
from fracas.rules.dbu.events import (
    CheckRolled,
    DamageTaken,
    DuelExchanged,
    DuelWon,
    StrikeRolled,
)
from fracas.rules.dbu.queries import GUARD_DOWN, has_effect
from fracas.rules.dbu.strike import SHAKEN
from fracas.rules.dbu.vocabulary import Category, Foundation
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

E = TypeVar("E", bound=Event)

HERO_FIRST = (9, 2)
ENERGY = Foundation.ENERGY


def events_of(encounter: Encounter, kind: type[E]) -> list[E]:
    return [e for e in encounter.steps[-1].events if isinstance(e, kind)]


def refused(encounter: Encounter, action: Attack) -> str:
    """The code of the refusal, after checking that nothing changed."""
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)
    assert encounter.state is before
    return error.value.code


# --- Parry ------------------------------------------------------------------------------


def test_a_parry_costs_the_targets_counter_action() -> None:
    """Seed: 'Parry Maneuver (1 Counter Action). When you are attacked by a combatant, you can
    forgo your Dodge Roll to Parry the attack.'"""
    encounter = fight(*HERO_FIRST, 6, 8)
    encounter.apply(Attack(actor=HERO, target=FOE, defense="block"))
    assert pool(encounter, FOE, COUNTER) == 0
    assert refused(encounter, Attack(actor=HERO, target=FOE, defense="block")) == (
        "not-enough-counter"
    )


def test_block_rolls_a_physical_strike_against_the_attack() -> None:
    """Seed: 'Melee/Ballistic attacks only (Block). Instead of rolling Dodge, you will roll your
    Physical Strike against the enemy's attack roll. If your score is higher than the enemy's,
    you deflect the attack and take no damage.'"""
    encounter = fight(*HERO_FIRST, 6, 8)
    encounter.apply(Attack(actor=HERO, target=FOE, defense="block"))
    (block,) = events_of(encounter, CheckRolled)
    assert (block.roll.total, block.against, block.success) == (11, 9, True)
    assert pool(encounter, FOE, LP) == 40
    energy = Attack(actor=HERO, target=FOE, foundation=ENERGY, defense="block")
    assert refused(encounter, energy) == "block-physical"


def test_power_flare_contests_wound_rolls_and_spends_up_to_10t_ki() -> None:
    """Seed: 'you will roll your Energy Wound Roll against your opponent's Wound Roll … (you roll
    first). If your dice score is higher … you deflect the attack and take no damage. If your
    dice score is lower, you will suffer the damage from the Wound Roll your opponent just
    rolled … You can spend up to 10(T) Ki Points to increase your dice score'."""
    encounter = fight(*HERO_FIRST, 4, 9)
    encounter.apply(Attack(actor=HERO, target=FOE, defense="flare", defense_ki=5))
    (flare,) = events_of(encounter, CheckRolled)
    assert (flare.roll.total, flare.against, flare.success) == (4 + 3 + 5, 11, True)
    assert (pool(encounter, FOE, LP), pool(encounter, FOE, KP)) == (40, 25)
    encounter = fight(*HERO_FIRST, 2, 9)
    encounter.apply(Attack(actor=HERO, target=FOE, defense="flare", defense_ki=5))
    assert pool(encounter, FOE, LP) == 40 - 9
    too_much = Attack(actor=HERO, target=FOE, defense="flare", defense_ki=11)
    assert refused(encounter, too_much) == "flare-ki"


def test_deflect_lets_a_quarter_of_an_energy_attack_through() -> None:
    """Seed: 'Energy/Magic attacks only (Deflect). Instead of rolling Dodge, you can pay 6(T) Ki
    Points to roll an Impulsive Save and add your Force or Spirit Modifier … If your score is
    higher than the enemy's roll you successfully deflect the attack, taking only 1/4 of its
    damage'."""
    encounter = fight(*HERO_FIRST, 7, 5, 9)
    encounter.apply(Attack(actor=HERO, target=FOE, foundation=ENERGY, defense="deflect"))
    (save,) = events_of(encounter, CheckRolled)
    assert (save.roll.total, save.success) == (5 + 8 + 3, True)
    (taken,) = events_of(encounter, DamageTaken)
    assert [(s.before, s.after) for s in taken.account.steps][-1] == (10, 2)
    assert (pool(encounter, FOE, LP), pool(encounter, FOE, KP)) == (38, 24)
    physical = Attack(actor=HERO, target=FOE, defense="deflect")
    assert refused(encounter, physical) == "deflect-energy"


def test_rebound_sends_a_deflected_attack_back_one_category_higher() -> None:
    """Seed: 'Make a Strike Roll as if you were making an Energy Sphere attack … Reduce the
    Natural Result of your dice rolls by 1/2 … If you successfully strike the enemy, you Rebound
    their attack and suffer no damage. The enemy rolls the Wound Roll for their reflected attack
    and receives that damage. A Rebounded attack's damage counts as one damage category
    higher'."""
    encounter = fight(*HERO_FIRST, 7, 5, 8, 1, 6)
    attack = Attack(actor=HERO, target=FOE, foundation=ENERGY, defense="deflect", rebound=True)
    encounter.apply(attack)
    rebound = events_of(encounter, StrikeRolled)[-1]
    assert rebound.strike is not None and rebound.strike.total == 8 - 4 + 3
    (taken,) = events_of(encounter, DamageTaken)
    assert taken.target == HERO and taken.account.category is Category.DIRECT
    assert (pool(encounter, HERO, LP), pool(encounter, FOE, LP)) == (40 - 8, 40)


def test_guard_halves_the_damage_and_lowers_the_category_for_8t_ki() -> None:
    """Seed: 'you can pay 8(T) Ki Points to Guard against it. Guarding against an attack reduces
    the attack's damage by 1/2 its total and changes Lethal Damage into Direct, and Direct Damage
    into Standard. If you use Guard against an attack, your Dodge will be reduced by Diminishing
    Defense as normal.'"""
    encounter = fight(*HERO_FIRST, 9, 3, 9)
    encounter.apply(
        Attack(actor=HERO, target=FOE, foundation=ENERGY, profile="wave", defense="guard")
    )
    (taken,) = events_of(encounter, DamageTaken)
    assert taken.account.category is Category.STANDARD
    assert taken.account.total == (9 + 3 - 2) // 2
    assert pool(encounter, FOE, KP) == 30 - 8


def test_guard_costs_half_again_when_guard_down() -> None:
    """SOURCES.md 2.9: Guard Down: 'Guard's Ki cost x1.5'."""
    encounter = fight(*HERO_FIRST, 1, 9)
    encounter.apply(ApplyEffect(target=FOE, name=GUARD_DOWN))
    encounter.apply(Attack(actor=HERO, target=FOE, defense="guard"))
    assert pool(encounter, FOE, KP) == 30 - 12


def test_direct_hit_adds_half_soak_and_shakes_a_big_wager_that_deals_nothing() -> None:
    """Seed: 'you can allow an attack to Strike you automatically … Increase your current Soak
    Value by +1/2 its total for this attack. If they inflict 0 damage with a Signature Technique
    or an attack with a Ki Wager of 5(T) or more, the attacker suffers from the Shaken Combat
    Condition until the end of their next turn.'"""
    tough = make_sheet(modifiers={"tenacity": 10})
    encounter = fight(*HERO_FIRST, 2, foe=tough)
    encounter.apply(Attack(actor=HERO, target=FOE, wager=5, defense="direct"))
    (taken,) = events_of(encounter, DamageTaken)
    assert taken.account.total == 0  # 2 + 2 + 5 = 9 against Soak 10 + 5
    assert has_effect(encounter.state[HERO], SHAKEN)
    encounter = fight(*HERO_FIRST, 9)
    encounter.apply(Attack(actor=HERO, target=FOE, defense="direct"))
    assert pool(encounter, FOE, LP) == 40 - (9 + 2 - 3)


def test_cross_counter_halves_the_defense_value_and_strikes_back() -> None:
    """Seed: 'The attackers must still roll a Strike Roll against your Dodge Roll; however your
    Defense Value is reduced by 1/2. Make a Basic Attack Maneuver against the attacker
    immediately after concluding their attacking maneuver as an Out-of-Sequence Action.'"""
    encounter = fight(*HERO_FIRST, 5, 5, 5, 9, 2, 6)
    encounter.apply(Attack(actor=HERO, target=FOE, defense="cross"))
    first, back = events_of(encounter, StrikeRolled)
    assert first.dodge is not None and first.dodge.total == 5 + 2
    assert back.attacker == FOE and back.hit
    assert (pool(encounter, FOE, LP), pool(encounter, HERO, LP)) == (35, 34)


def test_the_surprised_cannot_parry() -> None:
    """Seed: surprised characters 'cannot take any Actions (not even Instant Actions)'."""
    encounter = fight(*HERO_FIRST, start=False)
    encounter.apply(Surprise(targets=(FOE,)))
    encounter.apply(StartCombat())
    assert refused(encounter, Attack(actor=HERO, target=FOE, defense="guard")) == "surprised"


# --- Duel -------------------------------------------------------------------------------


def test_a_duel_needs_a_signature_technique_a_10t_wager_or_two_charges() -> None:
    """Seed: 'If you are targeted by an Attacking Maneuver that is either a Signature Technique,
    has a Ki Wager of at least 10(T) or has 2+ Energy Charges, you may initiate a Duel'."""
    encounter = fight(*HERO_FIRST, 5, 5, 5, 5, 5, 5, 5)
    assert refused(encounter, Attack(actor=HERO, target=FOE, wager=9, defense="duel")) == (
        "no-duel-trigger"
    )
    encounter.apply(Attack(actor=HERO, target=FOE, signature=True, defense="duel"))
    assert events_of(encounter, DuelWon)


def test_a_duel_is_three_contested_wound_rolls_and_a_final_one_with_every_wager() -> None:
    """Seed: 'Each player involved in the Duel Maneuver makes 3 Wound Rolls … Whichever
    character has the higher Wound Roll for the majority … may roll their Wound Roll a final time
    to actually inflict damage … All Ki Wagers placed into a Duel Maneuver by both sides are added
    onto this Wound Roll.' 'At the start of a Duel Maneuver, all Ki Wagers placed onto an
    Attacking Maneuver are refunded as Ki Points and you recover that much of your Capacity.'"""
    encounter = fight(*HERO_FIRST, 8, 5, 3, 9, 7, 4, 6)
    encounter.apply(
        Attack(
            actor=HERO,
            target=FOE,
            wager=10,
            defense="duel",
            duel_wagers=(2, 2, 2),
            defender_wagers=(1, 1, 1),
        )
    )
    exchanges = events_of(encounter, DuelExchanged)
    assert [(x.attack.total, x.defense.total, x.attacker_won) for x in exchanges] == [
        (12, 8, True),
        (7, 12, False),
        (11, 7, True),
    ]
    (won,) = events_of(encounter, DuelWon)
    assert (won.winner, won.sets) == (HERO, 2)
    (taken,) = events_of(encounter, DamageTaken)
    assert taken.account.wound == 6 + 2 + 9
    assert pool(encounter, FOE, LP) == 40 - 15
    assert (pool(encounter, HERO, KP), pool(encounter, HERO, CAPACITY)) == (30 - 6, 20 - 6)
    assert (pool(encounter, FOE, KP), pool(encounter, FOE, COUNTER)) == (30 - 3, 0)


def test_a_duel_needs_no_capacity_for_the_wager_it_refunds() -> None:
    """Seed (Duel): 'At the start of a Duel Maneuver, all Ki Wagers placed onto an Attacking
    Maneuver are refunded as Ki Points and you recover that much of your Capacity.' Capacity 30,
    an Energy Wave (6 Ki) with a wager of 20 and Duel wagers 2, 2, 2: placing the wager needs
    6 + 20 = 26, the Duel itself 6 + 6 = 12, never 32; after a Duel won 3 rolls to 0, KP 60 - 12
    and Capacity 30 - 12. With Capacity 25 the wager cannot even be placed: refused, unchanged."""
    encounter = fight(*HERO_FIRST, hero=make_sheet(capacity_rate=40, ki_points=60))
    session = Session(encounter, "duel", setup=len(encounter.steps))
    duel = "attack foe -foundation energy -profile wave -wager 20 -defense duel -duel-wagers 2,2,2"
    assert session.run("set hero capacity 25").error is None
    before = session.state
    refused = session.run(duel + " !5 5 5 5 5 5 5").error
    assert refused == (
        "attack: the attack with its Ki Wager costs 26 Capacity before the Duel refunds the"
        " wager; Hero has 25 Capacity left"
    )
    assert session.state is before
    assert session.run("set hero capacity 30").error is None
    assert session.run(duel + " !5 5 5 5 5 5 5").error is None
    hero = session.state[HERO]
    assert {name: p.current for name, p in hero.pools.items()} == {
        ACTIONS: 3, COUNTER: 1, "Converted": 0, LP: 40, KP: 60 - 12, CAPACITY: 30 - 12,
    }  # fmt: skip
    assert pool(encounter, FOE, LP) == 40 - (5 + 3 + 6 - 1)


def test_duel_wagers_are_capped_at_a_quarter_of_the_capacity_rate() -> None:
    """Seed: 'You may Ki Wager up to 1/4 (rounded up) of your Capacity Rate on each of these 3
    Wound Rolls'. Capacity Rate 20: 5 a roll."""
    encounter = fight(*HERO_FIRST)
    big = Attack(actor=HERO, target=FOE, signature=True, defense="duel", duel_wagers=(6, 0, 0))
    assert refused(encounter, big) == "duel-wager-cap"
    assert wagers("5, 0,5") == (5, 0, 5)
    with pytest.raises(ValueError):
        wagers("1,2")


def test_a_successful_duel_escape_keeps_the_ki_spent_and_allows_an_instant_attack() -> None:
    """Seed: 'Roll an Impulsive Saving Throw, TN Hard … If you succeed, you successfully manage
    to avoid the effects and may immediately make another attack maneuver as an Instant Action.
    You still lose the Ki Points spent for the cost of your attack … and any Ki Wagers'."""
    encounter = fight(*HERO_FIRST, 7, 1, 9)
    encounter.apply(Attack(actor=HERO, target=FOE, wager=10, defense="duel", escape=True))
    (save,) = events_of(encounter, CheckRolled)
    assert (save.roll.total, save.against, save.success) == (15, 14, True)
    assert not events_of(encounter, DuelWon)
    assert (pool(encounter, HERO, KP), pool(encounter, HERO, COUNTER)) == (20, 0)
    assert has_effect(encounter.state[HERO], ESCAPED)
    encounter.apply(Attack(actor=HERO, target=FOE))
    assert pool(encounter, HERO, ACTIONS) == 2
    assert not has_effect(encounter.state[HERO], ESCAPED)


def test_a_failed_duel_escape_lets_the_duel_go_on() -> None:
    """Seed: 'If you fail, the Duel Maneuver continues as normal.'"""
    encounter = fight(*HERO_FIRST, 2, 5, 5, 5, 5, 5, 5, 5)
    encounter.apply(Attack(actor=HERO, target=FOE, wager=10, defense="duel", escape=True))
    assert events_of(encounter, DuelWon)
    assert pool(encounter, HERO, KP) == 30


def test_cross_counter_strikes_back_even_when_the_attack_defeats() -> None:
    """Seed: 'If you would be Defeated by their attacking maneuver, you may still use the Basic
    Attack Maneuver as an Out-of-Sequence Action before you are classed as Defeated.'"""
    frail = make_sheet(life_points=5)
    encounter = fight(*HERO_FIRST, 5, 5, 9, 9, 2, 6, foe=frail)
    encounter.apply(Attack(actor=HERO, target=FOE, defense="cross"))
    assert pool(encounter, FOE, LP) <= 0
    # At 0 LP or less the Foe is Critical: -4(T) on its Strike and Wound (6 + 2 - 4 - Soak 2).
    assert pool(encounter, HERO, LP) == 40 - 2


def test_several_deflectors_add_half_their_force_or_spirit_to_the_best_save() -> None:
    """Seed: 'If multiple characters attempt to use the Deflect option of the Parry Maneuver,
    instead add 1/2 of their Force or Spirit Modifiers (whichever is higher) to the Dice Score of
    the character with the highest Impulsive Save. They still spend the Counter Action and the Ki
    Points'. Other (Agility Score 10) rolls; the Foe adds half its Spirit 3."""
    encounter = fight(9, 2, 1, start=False)
    nimble = make_sheet(name="Other", scores={"agility": 10})
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=nimble))
    encounter.apply(StartCombat())
    other = CombatantId("other")
    attack = Attack(
        actor=HERO, target=FOE, foundation=ENERGY, defense="deflect", deflectors=(other,)
    )
    encounter.apply(attack, faces=[9, 2, 4])
    (save,) = events_of(encounter, CheckRolled)
    assert save.combatant == other
    assert save.roll.total == 2 + 10 + 3 + 1
    for who in (FOE, other):
        assert (pool(encounter, who, COUNTER), pool(encounter, who, KP)) == (0, 24)


def test_the_duelling_target_may_pay_for_its_signature_technique_instead() -> None:
    """Seed: 'Spend the Ki Points to make an Attacking Maneuver of the same Profile. You may
    instead choose to select a Signature Technique of the same Profile if you possess one and if
    you do, pay the Ki Point cost for that instead.' The Foe's technique costs 7 Ki, plus its
    wagers 1, 1, 1."""
    encounter = fight(*HERO_FIRST, 8, 5, 3, 9, 7, 4, 6)
    encounter.apply(
        Attack(
            actor=HERO,
            target=FOE,
            wager=10,
            defense="duel",
            defender_wagers=(1, 1, 1),
            defender_technique=7,
        )
    )
    assert pool(encounter, FOE, KP) == 30 - 7 - 3
    with_dodge = Attack(actor=HERO, target=FOE, defender_technique=7)
    assert refused(encounter, with_dodge) == "no-duel"
