"""Pushing and teleporting into an occupied space, on the engine with loaded dice."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Note
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.rules.momentum.displacement import Push, Teleport
from fracas.rules.momentum.events import CheckRolled, DamageTaken
from tests.rules.momentum.test_ruleset import BRUTE, HERO, duel, pool, sheet

HORSE = CombatantId("horse")


def with_occupant(encounter: Encounter, **changes: object) -> None:
    encounter.apply(AddCombatant(name="Horse", side="brutes", sheet=sheet(**changes)))


def test_a_failed_strength_dr_deals_the_full_distance_to_both() -> None:
    """Seed: "On a failure, you deal physical damage – equal to the full distance in meters that
    the target would have been moved – to both the moving target and whatever is occupying the
    space." Hero's DR Power is its Strength, 13; the Horse's Strength DR is +3."""
    encounter = duel(5)
    with_occupant(encounter)
    step = encounter.apply(Push(actor=HERO, target=BRUTE, into=HORSE, distance=6))
    check = next(e for e in step.events if isinstance(e, CheckRolled))
    assert (check.roll.total, check.against, check.result) == (8, 13, "failure")
    assert pool(encounter, BRUTE, "Vitality") == 12 - 6
    assert pool(encounter, HORSE, "Vitality") == 12 - 6
    assert Note("Brute stops 5 m along, one space short") in step.events


def test_a_successful_strength_dr_halves_the_damage() -> None:
    """Seed: "On a success, you only deal half as much damage." """
    encounter = duel(15)
    with_occupant(encounter, armor=1)
    encounter.apply(Push(actor=HERO, target=BRUTE, into=HORSE, distance=7))
    assert pool(encounter, BRUTE, "Vitality") == 12 - 3
    assert pool(encounter, HORSE, "Vitality") == 12 - (3 - 1)


def test_a_bigger_occupant_rolls_with_advantage() -> None:
    """Seed: "The creature or object has advantage on that DR if it is at least one size category
    bigger than the target that you are moving into their space." """
    encounter = duel(2, 12)
    with_occupant(encounter, size="large")
    step = encounter.apply(Push(actor=HERO, target=BRUTE, into=HORSE, distance=4))
    check = next(e for e in step.events if isinstance(e, CheckRolled))
    assert check.roll.kept_faces(20) == (12,) and check.result == "success"


def test_teleporting_into_an_occupied_space_deals_reality_damage_ignoring_armor() -> None:
    """Seed: "Teleporting a target into a space that is already occupied deals Reality damage
    equal to the teleported distance to both the teleported target and whatever is occupying
    the space. The damage ignores Armor. The teleported target returns to its original position
    afterward." """
    encounter = duel(brute=sheet(armor=5))
    with_occupant(encounter)
    step = encounter.apply(Teleport(actor=HERO, target=BRUTE, into=HORSE, distance=4))
    assert pool(encounter, BRUTE, "Vitality") == 12 - 4
    assert pool(encounter, HORSE, "Vitality") == 12 - 4
    assert Note("Brute returns to where it was") in step.events


def test_teleport_damage_is_at_most_100() -> None:
    """Seed: "This cannot deal more than 100 damage to a creature." """
    encounter = duel(brute=sheet(vitality=500))
    with_occupant(encounter, vitality=500)
    step = encounter.apply(Teleport(target=BRUTE, into=HORSE, distance=250))
    assert [e.account.total for e in step.events if isinstance(e, DamageTaken)] == [100, 100]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Push(target=BRUTE, into=HORSE, distance=3), "no-mover"),
        (Push(actor=HERO, target=BRUTE, into=BRUTE, distance=3), "same-space"),
        (Teleport(target=BRUTE, into=HORSE, distance=0), "bad-distance"),
    ],
)
def test_displacement_refusals_change_nothing(action: Push | Teleport, code: str) -> None:
    encounter = duel()
    with_occupant(encounter)
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(action)
    assert refused.value.code == code and encounter.state is before
