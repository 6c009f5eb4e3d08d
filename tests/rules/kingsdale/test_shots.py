"""Aimed, called and aimed called shots, bursts, sprays, shooting wild and paired weapons."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.gm import ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kingsdale.actions import Move, NoDefence, Parry, Spray, Strike
from fracas.rules.kingsdale.damage import Location
from fracas.rules.kingsdale.events import DamageRolled, StrikeRolled
from fracas.rules.kingsdale.paired import paired_parry_refusal
from fracas.rules.kingsdale.queries import STRIKE
from fracas.rules.kingsdale.strike import Shot

from .support import SWORD, Fight, sheet

ADA, BO, CY, DEE = CombatantId("ada"), CombatantId("bo"), CombatantId("cy"), CombatantId("dee")
SMG = {
    "name": "SMG", "kind": "ranged", "damage": "2d6", "wp": 4, "automatic": True,
    "payload": 30,
}  # fmt: skip
PULSE = {"name": "Pulse Rifle", "kind": "ranged", "damage": "3d6", "wp": 4, "pulse": True}
PISTOL = {"name": "Pistol", "kind": "ranged", "damage": "2d6", "wp": 2, "handgun": True}
ARMOUR = [{"name": "EBA", "mdc": 100}]


def fight(ada: dict[str, Any] | None = None, **others: Any) -> Fight:
    """Ada (attacks 9: three a pose) strikes first; Bo and Cy stand by."""
    one = Fight(
        ada=sheet(**{"attacks": 9, "weapons": [SMG, PULSE, PISTOL, SWORD], **(ada or {})}),
        bo=sheet(armor=ARMOUR, **others),
        cy=sheet(armor=ARMOUR),
    )
    one(StartCombat(), 15, 10, 5)
    return one


def rolled(step: Any) -> StrikeRolled:
    return next(e for e in step.events if isinstance(e, StrikeRolled))


def test_an_aimed_shot_takes_two_actions_and_an_aimed_called_three() -> None:
    """Seed: "an aimed shot requires two melee actions"; "An aimed and called shot uses three
    attacks, but gives the shooter the +2 bonus"."""
    one = fight()
    step = one(Strike(actor=ADA, target=BO, weapon="smg", shot=Shot.AIMED), 4)
    assert (rolled(step).roll.total, one.actions("ada")) == (10, 1)
    two = fight()
    step = two(
        Strike(actor=ADA, target=BO, weapon="smg", shot=Shot.AIMED_CALLED, at=Location.ARM), 4
    )
    assert (rolled(step).roll.total, rolled(step).needed, two.actions("ada")) == (10, 12, 0)


def test_called_and_aimed_shots_are_refused_without_the_wp_or_an_aim() -> None:
    """Seed: "You cannot make a called shot without the W.P."; a called shot names its target
    part ("trying to strike a particular part of a body")."""
    one = fight()
    before = one.state
    with pytest.raises(IllegalAction) as pulse:
        one(Strike(actor=ADA, target=BO, weapon="pulse", shot=Shot.CALLED, at=Location.HEAD), 9)
    assert pulse.value.code == "shot-not-allowed"
    with pytest.raises(IllegalAction) as aim:
        one(Strike(actor=ADA, target=BO, weapon="smg", shot=Shot.CALLED), 9)
    assert aim.value.code == "called-shot-aim"
    assert one.state is before


def test_a_burst_spreads_its_damage_on_8_to_11() -> None:
    """Seed: "takes two attacks and requires a roll of 12 or higher after bonuses to hit a
    singular target. A roll of 8-11 will spread the damage between targets." (half W.P.)"""
    one = fight()
    step = one(Strike(actor=ADA, target=BO, weapon="smg", shot=Shot.BURST, also=(CY,)), 7)
    assert (rolled(step).roll.total, rolled(step).outcome) == (9, "spread")
    assert one.actions("ada") == 1
    step = one(NoDefence(actor=BO), 5, 5)
    hits = [e for e in step.events if isinstance(e, DamageRolled)]
    assert [(e.target, e.amount) for e in hits] == [(BO, 5), (CY, 5)]


def test_a_short_spray_hits_1d4_targets_for_10_percent_of_the_payload() -> None:
    """Seed: "Short burst spray and shotgun: 1 attack, damage from one round to 1d4 targets,
    uses 10% of payload." Spraying is shooting wild ("spraying the area")."""
    one = fight()
    step = one(Spray(actor=ADA, targets=(BO, CY), weapon="smg"), 1, 10)
    assert one.actions("ada") == 2
    assert one.state[ADA].pools["SMG payload"].current == 27
    strikes = [e for e in step.events if isinstance(e, StrikeRolled)]
    assert [(s.target, s.roll.total) for s in strikes] == [(BO, 10)]
    assert one.state[BO].has(STRIKE) and not one.state[CY].has(STRIKE)


def test_a_long_spray_takes_three_attacks_and_a_full_spray_the_melee() -> None:
    """Seed: "Long burst spray: Three attacks, damage from one round to 1d8 targets, uses 30% of
    payload. Full spray: Full melee, damage from two rounds to 2d8 targets, uses 100%"."""
    one = fight()
    one(Spray(actor=ADA, targets=(BO, CY), weapon="smg", size="long"), 2, 10, 10)
    assert one.actions("ada") == 0
    assert one.state[ADA].pools["SMG payload"].current == 21
    two = fight()
    two(Spray(actor=ADA, targets=(BO,), weapon="smg", size="full"), 1, 1, 10)
    assert two.state[ADA].pools["SMG payload"].current == 0
    step = two(NoDefence(actor=BO), 1, 1, 2, 2)
    assert len([e for e in step.events if isinstance(e, DamageRolled)]) == 2
    assert two.state[ADA].marks.get("owed") == 6


def test_a_pulse_weapon_does_not_spray() -> None:
    """Seed: "Automatic weapons (not pulse weapons) and shotguns … can spray"."""
    one = fight()
    with pytest.raises(IllegalAction) as refused:
        one(Spray(actor=ADA, targets=(BO,), weapon="pulse"), 1, 10)
    assert refused.value.code == "cannot-spray"


def test_running_makes_strikes_shooting_wild_walking_does_not() -> None:
    """Seed: "any attacks done while running are done shooting wild. Movement at half speed or
    lower does not incur this penalty"; "a speed of 10 could run (10 x 5 ft) 50 ft per Phase,
    or walk 25 ft"."""
    one = fight()
    one(Move(actor=ADA, feet=25))
    assert rolled(one(Strike(actor=ADA, target=BO, weapon="smg"), 10)).roll.total == 14
    one(Move(actor=ADA, feet=10))
    assert rolled(one(Strike(actor=ADA, target=BO, weapon="smg"), 10)).roll.total == 10
    with pytest.raises(IllegalAction) as far:
        one(Move(actor=ADA, feet=16))
    assert far.value.code == "too-far"
    assert one.actions("ada") == 1


def test_paired_weapons_strike_twice_with_one_roll_for_one_action() -> None:
    """Seed: "Basically two attacks for every action. In the case of the double-strike on a
    single target, only one strike roll … is necessary - unless the opponent is also a user of
    Paired Weapons, in which case two rolls are required (one for each weapon)"."""
    one = fight(ada={"paired_weapons": True})
    step = one(Strike(actor=ADA, target=BO, weapon="sword", paired=True), 12)
    assert len([e for e in step.events if isinstance(e, StrikeRolled)]) == 1
    assert one.actions("ada") == 2
    step = one(NoDefence(actor=BO), 3, 3, 4, 4)
    assert [e.amount for e in step.events if isinstance(e, DamageRolled)] == [6, 8]
    two = fight(ada={"paired_weapons": True}, paired_weapons=True)
    step = two(Strike(actor=ADA, target=BO, weapon="sword", paired=True), 12, 9)
    assert [e.roll.total for e in step.events if isinstance(e, StrikeRolled)] == [12, 9]
    assert two.actions("ada") == 2


def test_two_rolls_against_a_paired_foe() -> None:
    """Seed: "unless the opponent is also a user of Paired Weapons, in which case two rolls are
    required (one for each weapon)"."""
    one = fight(ada={"paired_weapons": True}, paired_weapons=True)
    step = one(Strike(actor=ADA, target=BO, weapon="sword", paired=True), 12, 9)
    assert len([e for e in step.events if isinstance(e, StrikeRolled)]) == 2


def test_paired_weapons_with_firearms_are_minus_2_and_minus_6() -> None:
    """Seed: "It is possible for a PC with Paired Weapons to use firearms, but at severe
    penalties of 1d20-2 of the dominant hand, 1d20-6 for the off-hand."""
    one = fight(ada={"paired_weapons": True})
    step = one(Strike(actor=ADA, target=BO, weapon="pistol", paired=True), 12, 12)
    totals = [e.roll.total for e in step.events if isinstance(e, StrikeRolled)]
    assert totals == [12, 8]


def test_paired_firearms_fire_two_handguns_with_one_roll() -> None:
    """Seed: "two attacks that only use a single melee action. When both weapons are directed at
    a single target, only one strike roll needs to be made"; "only for handguns"."""
    one = fight(ada={"paired_firearms": True})
    step = one(Strike(actor=ADA, target=BO, weapon="pistol", paired=True), 12)
    assert len([e for e in step.events if isinstance(e, StrikeRolled)]) == 1
    assert one.actions("ada") == 2
    with pytest.raises(IllegalAction) as rifle:
        one(Strike(actor=ADA, target=BO, weapon="smg", paired=True), 12)
    assert rifle.value.code == "not-paired"


def test_paired_weapons_strike_two_targets_with_two_rolls_in_one_action() -> None:
    """Seed: "strike at two separate targets in one action … In all other cases, two rolls are
    required, one for each weapon"; aimed and called paired shots "only when the PC is using
    the weapons against a single target"."""
    one = fight(ada={"paired_firearms": True})
    step = one(Strike(actor=ADA, target=BO, weapon="pistol", paired=True, also=(CY,)), 12, 9)
    strikes = [(e.target, e.roll.total) for e in step.events if isinstance(e, StrikeRolled)]
    assert strikes == [(BO, 14), (CY, 11)]
    assert one.actions("ada") == 2
    with pytest.raises(IllegalAction) as aimed:
        one(
            Strike(
                actor=ADA, target=BO, weapon="pistol", paired=True, also=(CY,), shot=Shot.AIMED
            ),
            12, 9,
        )  # fmt: skip
    assert aimed.value.code == "shot-not-allowed"


def test_a_paired_fighter_parries_and_counter_strikes() -> None:
    """Seed: "This skill allows the PC to either parry and counter-attack"; Paired Firearms:
    "using one hand to parry … does still allow for a counterattack using the other hand";
    "parrying a physical blow with the weapon is allowed"."""
    one = Fight(ada=sheet(), bo=sheet(paired_firearms=True, weapons=[PISTOL]))
    one(StartCombat(), 15, 10)
    one(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    step = one(Parry(actor=BO, counter=True), 16, 11)
    assert rolled(step).target == ADA
    assert one.actions("bo") == 1
    assert one.state[ADA].has(STRIKE)
    plain = Fight(ada=sheet(), bo=sheet())
    plain(StartCombat(), 15, 10)
    plain(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    with pytest.raises(IllegalAction) as refused:
        plain(Parry(actor=BO, counter=True), 16, 11)
    assert refused.value.code == "not-paired"


def test_a_taped_double_e_clip_changes_and_fires_in_one_action_at_no_bonuses() -> None:
    """SOURCES.md 3.1 (Combat Amendments): "Taped double E-clips allow change-and-fire in one
    action, with the shot at no bonuses"."""
    taped = {**SMG, "taped_clips": True, "payload": 2}
    two = fight(ada={"weapons": [taped]})
    two(Strike(actor=ADA, target=BO), 10)
    two(Strike(actor=ADA, target=BO), 10)
    two(EndTurn())
    two(NoDefence(actor=BO), 1, 1)
    two(NoDefence(actor=BO), 1, 1)
    for _ in range(2):
        two(EndTurn())
    with pytest.raises(IllegalAction) as empty:
        two(Strike(actor=ADA, target=BO), 10)
    assert empty.value.code == "not-enough-smg payload"
    step = two(Strike(actor=ADA, target=BO, taped=True), 10)
    assert (rolled(step).roll.total, two.actions("ada")) == (10, 2)
    assert two.state[ADA].pools["SMG payload"].current == 1


def test_paired_bare_fists_follow_the_paired_weapons_rules_for_sdc() -> None:
    """Seed: "all Paired Weapons rules apply equally to a PC fighting with bare fists, the
    primary difference being that bare fists will often only inflict SDC damage"."""
    fists = {"name": "Fists", "kind": "melee", "damage": "1d4"}
    one = Fight(ada=sheet(paired_weapons=True, weapons=[fists]), bo=sheet())
    one(StartCombat(), 15, 10)
    one(Strike(actor=ADA, target=BO, paired=True), 12)
    step = one(NoDefence(actor=BO), 3, 4)
    assert [e.amount for e in step.events if isinstance(e, DamageRolled)] == [3, 4]
    assert one.state[BO].pools["SDC"].current == 13


def test_paired_weapons_parry_and_counter_or_parry_two_not_both() -> None:
    """Seed: "This skill allows the PC to either parry and counter-attack, or parry two (or
    more) opponents during one action, but not both." "If a PC is attacked by more than two
    opponents, there is nothing that can be done beyond parrying two of them." (per pose)"""
    assert paired_parry_refusal(("ada",), False, "cy", counter=True) is not None
    assert paired_parry_refusal(("ada",), True, "cy", counter=False) is not None
    assert paired_parry_refusal(("ada",), True, "ada", counter=False) is None
    assert paired_parry_refusal(("ada", "cy"), False, "dee", counter=False) is not None
    assert paired_parry_refusal(("ada", "cy"), False, "cy", counter=False) is None
    one = Fight(ada=sheet(), bo=sheet(paired_weapons=True), cy=sheet())
    one(StartCombat(), 15, 10, 5)
    one(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    one(Parry(actor=BO), 16)
    one(EndTurn())
    one(EndTurn())
    one(Strike(actor=CY, target=BO, weapon="sword"), 12)
    before = one.state
    with pytest.raises(IllegalAction) as both:
        one(Parry(actor=BO, counter=True, counter_with="sword"), 16, 11)
    assert both.value.code == "paired-parry"
    assert one.state is before
    one(Parry(actor=BO), 16)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Strike(actor=ADA, target=BO, weapon="smg", shot=Shot.BURST, also=(BO,)), "bad-targets"),
        (Strike(actor=ADA, target=BO, weapon="smg", shot=Shot.BURST, also=(DEE,)), "target-dead"),
        (Strike(actor=ADA, target=BO, weapon="sword", paired=True, also=(DEE,)), "target-dead"),
        (Spray(actor=ADA, targets=(), weapon="smg"), "no-target"),
        (Spray(actor=ADA, targets=(BO, DEE), weapon="smg"), "target-dead"),
        (Spray(actor=ADA, targets=(BO, ADA), weapon="smg"), "self-target"),
    ],
)
def test_every_target_of_a_burst_spray_or_paired_strike_is_a_legal_one(
    action: Strike | Spray, code: str
) -> None:
    """Issue 3: "An action the rules forbid (… an illegal target) is refused with the rule that
    forbids it, and changes nothing": a burst "will spread the damage between targets" (each
    once, or one target takes the spread twice), a paired strike's second target and a spray's
    "1d4 targets" are living foes, never the shooter."""
    one = Fight(
        ada=sheet(attacks=9, paired_weapons=True, weapons=[SMG, SWORD]),
        bo=sheet(),
        cy=sheet(),
        dee=sheet(),
    )
    one(StartCombat(), 15, 10, 5, 4)
    one(ApplyEffect(target=DEE, name="Dead"))
    before = one.state
    with pytest.raises(IllegalAction) as refused:
        one(action, 7, 1, 3, 3)
    assert refused.value.code == code
    assert one.state is before
