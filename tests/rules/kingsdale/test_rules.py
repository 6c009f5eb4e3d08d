"""Pure rule functions against the chapter's own numbers (seed 002, "Combat Rules")."""

from __future__ import annotations

import pytest

from fracas.rules.kingsdale import damage
from fracas.rules.kingsdale.poses import split, word
from fracas.rules.kingsdale.sheet import Weapon
from fracas.rules.kingsdale.strike import (
    Fumble,
    Outcome,
    Shot,
    defended,
    fumble,
    outcome,
    shot_refusal,
    strike_bonus,
    threshold,
)

from .support import SETTINGS

SWORD = Weapon.model_validate({"name": "Sword", "kind": "melee", "damage": "2d6"})
RIFLE = Weapon.model_validate({"name": "Rifle", "kind": "ranged", "damage": "3d6", "wp": 4})
PULSE = Weapon.model_validate(
    {"name": "Pulse", "kind": "ranged", "damage": "3d6", "wp": 4, "pulse": True}
)
NO_WP = Weapon.model_validate({"name": "Pistol", "kind": "ranged", "damage": "2d6"})
DOUBLE_BARREL = Weapon.model_validate(
    {"name": "Double-barrelled shotgun", "kind": "ranged", "damage": "4d6", "wp": 2,
     "shotgun": True}
)  # fmt: skip
MACHINE_PISTOL = Weapon.model_validate(
    {"name": "Machine pistol", "kind": "ranged", "damage": "2d6", "automatic": True}
)
MISSILE = Weapon.model_validate({"name": "Mini-missile", "kind": "missile", "damage": "5d6"})


@pytest.mark.parametrize(
    ("attacks", "bins"),
    [(3, (1, 1, 1)), (4, (1, 1, 2)), (5, (1, 2, 2)), (6, (2, 2, 2)), (7, (2, 2, 3)),
     (8, (2, 3, 3)), (9, (3, 3, 3))],
)  # fmt: skip
def test_the_chapters_attack_table(attacks: int, bins: tuple[int, int, int]) -> None:
    """Seed table: "| 3 | 1 | 1 | 1 |" … "| 9 | 3 | 3 | 3 |"; "the fourth attack is placed into
    the final attack 'bin'"."""
    assert split(attacks) == bins


def test_the_table_extends_below_three_and_above_nine() -> None:
    """Seed: "The cycle simply continues with further attacks"; SOURCES.md 8: fewer than 3:
    1 -> (0,0,1), 2 -> (0,1,1)."""
    assert split(1) == (0, 0, 1)
    assert split(2) == (0, 1, 1)
    assert split(0) == (0, 0, 0)
    assert split(10) == (3, 3, 4)
    assert split(11) == (3, 4, 4)
    assert split(12) == (4, 4, 4)
    assert split(1, few_from_last=False) == (1, 0, 0)
    assert split(2, few_from_last=False) == (1, 1, 0)
    assert split(4, few_from_last=False) == (1, 1, 2)


def test_numbers_in_words_as_the_chapter_writes_them() -> None:
    """Seed: "You have Two attacks/actions for this pose."; "Pose Round One of Three"."""
    assert [word(n) for n in (1, 2, 3, 20)] == ["One", "Two", "Three", "Twenty"]
    assert word(21) == "21"


def test_strike_thresholds() -> None:
    """Seed: "Physical attack rolls require a total of 5 … Ranged … 8 … Missile … 5"; "Called
    shots are 12 or higher for ranged attacks"; "Melee called shots do not require the 12"."""
    assert threshold(SWORD, Shot.NORMAL, SETTINGS) == 5
    assert threshold(RIFLE, Shot.NORMAL, SETTINGS) == 8
    assert threshold(MISSILE, Shot.NORMAL, SETTINGS) == 5
    assert threshold(RIFLE, Shot.CALLED, SETTINGS) == 12
    assert threshold(RIFLE, Shot.AIMED_CALLED, SETTINGS) == 12
    assert threshold(SWORD, Shot.CALLED, SETTINGS) == 5
    assert threshold(RIFLE, Shot.BURST, SETTINGS) == 12


def test_a_modified_one_to_four_always_misses() -> None:
    """Seed: "A modified roll which is 1 to 4 on strike is always a miss." (even where a GM set
    the threshold lower)."""
    low = SETTINGS.model_copy(update={"melee_strike": 2})
    assert outcome(3, 4, 2, Shot.NORMAL, low) is Outcome.MISS
    assert outcome(5, 5, 2, Shot.NORMAL, low) is Outcome.HIT
    assert outcome(7, 7, 8, Shot.NORMAL, SETTINGS) is Outcome.MISS
    assert outcome(7, 8, 8, Shot.NORMAL, SETTINGS) is Outcome.HIT


def test_a_natural_one_misses_whatever_the_bonus() -> None:
    """Seed: "A natural roll of 1 is always a miss regardless of any modifiers"."""
    assert outcome(1, 25, 5, Shot.NORMAL, SETTINGS) is Outcome.FUMBLE


def test_a_burst_of_8_to_11_spreads_the_damage() -> None:
    """Seed: "requires a roll of 12 or higher … A roll of 8-11 will spread the damage"."""
    assert outcome(9, 11, 12, Shot.BURST, SETTINGS) is Outcome.SPREAD
    assert outcome(6, 8, 12, Shot.BURST, SETTINGS) is Outcome.SPREAD
    assert outcome(5, 7, 12, Shot.BURST, SETTINGS) is Outcome.MISS
    assert outcome(10, 12, 12, Shot.BURST, SETTINGS) is Outcome.HIT


@pytest.mark.parametrize(
    ("face", "result"),
    [(1, Fumble.UNFIXABLE), (2, Fumble.TEAMMATE), (3, Fumble.FIXABLE), (4, Fumble.DROPPED),
     (5, Fumble.MISS), (20, Fumble.MISS)],
)  # fmt: skip
def test_the_fumble_table(face: int, result: Fumble) -> None:
    """Seed: "5-20 from that roll results in missing. 1 … not fixable … 2 … hitting a team mate
    if possible, and dropping the weapon if not. 3 … fixable … 4 results in dropping the
    weapon."""
    assert fumble(face) is result


def bonus(weapon: Weapon, shot: Shot = Shot.NORMAL, wild: bool = False, mod: int = 0) -> int:
    return strike_bonus(
        base=3, weapon=weapon, shot=shot, wild=wild, modifier=mod, settings=SETTINGS
    ).total


def test_bonuses_are_cumulative() -> None:
    """Seed: "If you have +3 to strike, your target is -2 to strike roll 1d20+3-2."""
    assert bonus(SWORD, mod=-2) == 1


def test_aimed_shot_is_plus_2_and_a_pulse_aims_at_half() -> None:
    """Seed: "an aimed shot … +2 bonus to strike"; "Laser pulses can be aimed, but at half of
    the standard total bonus"."""
    assert bonus(RIFLE) == 4
    assert bonus(RIFLE, Shot.AIMED) == 6
    assert bonus(PULSE, Shot.AIMED) == 3
    assert bonus(RIFLE, Shot.AIMED_CALLED) == 6


def test_a_burst_is_at_half_the_wp_or_minus_3_without() -> None:
    """Seed: "Someone with W.P. bonus is at half bonus … Someone without W.P. is at -3"."""
    assert bonus(RIFLE, Shot.BURST) == 2
    assert bonus(NO_WP, Shot.BURST) == -3


def test_shooting_wild_loses_every_bonus_or_is_minus_6_without_wp() -> None:
    """Seed: "Someone shooing Wild with a W.P. receives a no bonuses of any type … Someone
    without W.P. is at -6 to strike."""
    assert bonus(RIFLE, wild=True) == 0
    assert bonus(RIFLE, Shot.AIMED, wild=True) == 0
    assert bonus(NO_WP, wild=True) == -6


def test_aimed_and_called_shots_need_the_wp_and_pulses_make_no_called_shot() -> None:
    """Seed: "You cannot make and aimed shot without the W.P."; "burst/pulse shots … cannot be
    used to make a called shot"; "Laser pulses are not bursts. Simultaneous shots from two
    barrels are not bursts." ("Shooting a Burst are for firing multiple shots in rapid
    fashion": an automatic weapon, with or without the W.P.)"""
    assert shot_refusal(NO_WP, Shot.AIMED) is not None
    assert shot_refusal(NO_WP, Shot.CALLED) is not None
    assert shot_refusal(NO_WP, Shot.AIMED_CALLED) is not None
    assert shot_refusal(RIFLE, Shot.AIMED) is None
    assert shot_refusal(PULSE, Shot.CALLED) is not None
    assert shot_refusal(PULSE, Shot.AIMED) is None
    assert shot_refusal(PULSE, Shot.BURST) is not None
    assert shot_refusal(SWORD, Shot.BURST) is not None
    assert shot_refusal(NO_WP, Shot.BURST) is not None
    assert shot_refusal(DOUBLE_BARREL, Shot.BURST) is not None
    assert shot_refusal(DOUBLE_BARREL, Shot.AIMED) is None
    assert shot_refusal(MACHINE_PISTOL, Shot.BURST) is None


def test_the_defender_meets_or_beats_the_strike() -> None:
    """SOURCES.md 3.2: "Defender wins ties (meets or beats the strike)"; a natural 20 strike is
    only beaten by a natural 20 parry or dodge."""

    def beats(total: int, natural: int, strike: int, strike_natural: int) -> bool:
        return defended(
            defence_total=total, defence_natural=natural, strike_total=strike,
            strike_natural=strike_natural, settings=SETTINGS,
        )  # fmt: skip

    assert beats(15, 12, 15, 10)
    assert not beats(14, 11, 15, 10)
    assert not beats(25, 19, 23, 20)
    assert beats(24, 20, 23, 20)


LAYERS = [
    damage.Layer("Armor of Ithan", 10),
    damage.Layer("Branaghan Overcoat", 28),
    damage.Layer("EBA", 60),
    damage.Layer("NG Stalker Suit", 12),
]


def test_the_boom_gun_example() -> None:
    """Seed: "10 MDC Armor of Ithan, 28 MDC Branaghan Overcoat, 60 MDC EBA and a 12 MDC NG
    Stalker Suit on. A hit from a 120 MDC from a Boom Gun would crumble the spell, shred the
    jacket, wreck the EBA junk the NG Stalker suit and 10 SDC would flow through"."""
    account = damage.take(120, mega=True, armor=LAYERS, mdc=None, sdc=30, hp=20, settings=SETTINGS)
    assert [(s.pool, s.before, s.after) for s in account.steps] == [
        ("Armor of Ithan", 10, 0),
        ("Branaghan Overcoat", 28, 0),
        ("EBA", 60, 0),
        ("NG Stalker Suit", 12, 0),
        ("SDC", 30, 20),
    ]


def test_overflow_between_layers_stays_md() -> None:
    """Seed: "overflowing damage from layered armor will not convert to SDC. Only the last layer
    will convert to SDC."""
    account = damage.take(50, mega=True, armor=LAYERS, mdc=None, sdc=30, hp=20, settings=SETTINGS)
    assert [(s.pool, s.after) for s in account.steps] == [
        ("Armor of Ithan", 0), ("Branaghan Overcoat", 0), ("EBA", 48)
    ]  # fmt: skip


def test_the_conversion_factor_is_a_setting_and_sdc_then_hp() -> None:
    """SOURCES.md 8: the factor is a setting (standard Rifts is 100); S.D.C. before H.P."""
    rifts = SETTINGS.model_copy(update={"overflow_sdc_per_md": 100})
    layer = [damage.Layer("Vest", 5)]
    account = damage.take(6, mega=True, armor=layer, mdc=None, sdc=30, hp=20, settings=rifts)
    assert [(s.pool, s.after) for s in account.steps] == [("Vest", 0), ("SDC", 0), ("HP", -50)]


def test_sdc_damage_does_nothing_to_mdc() -> None:
    """SOURCES.md 3.3: "ordinary SDC attacks do nothing to MDC targets"; 1 M.D. = 100 S.D.C."""
    armoured = damage.take(40, mega=False, armor=LAYERS, mdc=None, sdc=30, hp=20, settings=SETTINGS)
    assert armoured.steps == ()
    being = damage.take(40, mega=False, armor=(), mdc=100, sdc=0, hp=0, settings=SETTINGS)
    assert being.steps == ()
    bare = damage.take(1, mega=True, armor=(), mdc=None, sdc=30, hp=80, settings=SETTINGS)
    assert [(s.pool, s.after) for s in bare.steps] == [("SDC", 0), ("HP", 10)]


def test_a_called_shot_past_the_armour_kills_or_dismembers() -> None:
    """Seed: "A called shot that exceeds armor capacity will kill the target on a head or body
    shot and dismember on a limb shot."""
    head = damage.take(
        120, mega=True, armor=LAYERS, mdc=None, sdc=30, hp=20,
        called=damage.Location.HEAD, settings=SETTINGS,
    )  # fmt: skip
    assert head.killed and not any(s.pool in ("SDC", "HP") for s in head.steps)
    arm = damage.take(
        120, mega=True, armor=LAYERS, mdc=None, sdc=30, hp=20,
        called=damage.Location.ARM, settings=SETTINGS,
    )  # fmt: skip
    assert arm.severed is damage.Location.ARM and not arm.killed
    held = damage.take(
        100, mega=True, armor=LAYERS, mdc=None, sdc=30, hp=20,
        called=damage.Location.HEAD, settings=SETTINGS,
    )  # fmt: skip
    assert not held.killed
    borg = damage.take(
        120, mega=True, armor=LAYERS, mdc=200, sdc=0, hp=0,
        called=damage.Location.HEAD, settings=SETTINGS,
    )  # fmt: skip
    assert not borg.killed and borg.steps[-1] == damage.Step("MDC", 200, 190)
