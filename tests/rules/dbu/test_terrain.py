"""Terrain Lift, the terrain shield and the Throw Maneuver on the engine. Hero (11) and Foe (4):
Strike d10 + 3, Dodge d10 + 4, Wound d10 + 2, Soak 2; a Hardness level deals 5 Lethal Damage
(the ``hardness_damage`` setting)."""

from __future__ import annotations

import pytest

from fracas.engine.encounter import Encounter
from fracas.engine.events import Note
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.dbu.actions import Attack, Move, NoEffort, Place, TerrainLift, ThrowObject
from fracas.rules.dbu.economy import ACTIONS, LP
from fracas.rules.dbu.events import CheckRolled, DamageTaken
from fracas.rules.dbu.items import WORN, lying
from fracas.rules.dbu.terrain_shield import TERRAIN
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

HERO_FIRST = (9, 2)


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value.code


def test_terrain_lift_is_athletics_against_6_plus_4_per_hardness() -> None:
    """Seed: 'You can make an Athletics Skill Check against a Target Number of 6 to attempt and
    tear up a piece of the landscape and hold onto it. Increase the Target Number by +4 for each
    level of Hardness Value in that piece of terrain.'"""
    strong = make_sheet(skills={"athletics": 3})
    encounter = fight(*HERO_FIRST, hero=strong)
    encounter.apply(TerrainLift(actor=HERO, hardness=2), faces=[9])
    (check,) = [e for e in encounter.steps[-1].events if isinstance(e, CheckRolled)]
    assert (check.roll.total, check.against, check.success) == (12, 14, False)
    encounter.apply(TerrainLift(actor=HERO, hardness=1), faces=[7])
    assert encounter.state[HERO].has(TERRAIN)


def test_held_terrain_shields_and_breaks_when_damage_gets_through() -> None:
    """Seed: 'While carrying a piece of terrain, you may use it as a shield when attacked. You
    may reduce any damage you would take by an amount equal to the Lethal Damage dealt by its
    Hardness Value. If you still take damage from this attack, the piece of terrain you are
    holding is destroyed.'"""
    encounter = fight(*HERO_FIRST, foe=make_sheet(skills={"athletics": 4}))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[1, 9])  # a miss
    assert refused(encounter, Attack(actor=HERO, target=FOE, shield=True)) == "no-terrain"
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(TerrainLift(actor=FOE, hardness=1), faces=[8])
    encounter.apply(EndTurn(actor=FOE))
    encounter.apply(Attack(actor=HERO, target=FOE, shield=True), faces=[9, 1, 9])
    (taken,) = [e for e in encounter.steps[-1].events if isinstance(e, DamageTaken)]
    assert taken.account.total == 11 - 2 - 5
    assert not encounter.state[FOE].has(TERRAIN)


def test_a_thrown_object_hits_with_the_wound_roll_and_its_hardness() -> None:
    """Seed: 'Make a Physical Strike against any target within a number of squares equal to or
    lower than your Force Modifier. If they are successfully hit by this attack, roll your
    Physical Wound Roll and then the target takes the Lethal Damage they would suffer from the
    Hardness Value of the thrown object.'"""
    encounter = fight(*HERO_FIRST)
    assert refused(encounter, ThrowObject(actor=HERO, target=FOE)) == "nothing-held"
    assert refused(encounter, ThrowObject(actor=HERO, target=FOE, hardness=1, distance=3)) == (
        "too-far"
    )
    encounter.apply(ThrowObject(actor=HERO, target=FOE, hardness=1, distance=2), faces=[9, 1, 6])
    assert pool(encounter, FOE, LP) == 40 - (8 - 2) - 5


def test_thrown_equipment_lands_beside_the_target_and_is_picked_up_there() -> None:
    """Seed: 'Basic Items will be destroyed upon impact. Equipment such as Apparel and Weapons
    reduce their Break Value by -1 and land in a random square adjacent to the target of the
    attack. They can be reclaimed by spending an Instant Action while your character is on that
    square to pick them up.' The d8 3 puts the Blaster on the square north of the Foe (2,1)."""
    gunner = make_sheet(weapons=[{"name": "Blaster", "ammunition": 6}])
    encounter = fight(*HERO_FIRST, hero=gunner, start=False)
    encounter.apply(Place(target=HERO, x=0, y=0))
    encounter.apply(Place(target=FOE, x=2, y=0))
    encounter.apply(StartCombat())
    throw = ThrowObject(actor=HERO, target=FOE, hardness=1, equipment="Blaster")
    encounter.apply(throw, faces=[9, 1, 6, 3])
    hero = encounter.state[HERO]
    assert (lying(hero, "Blaster"), hero.marks.get(WORN + "blaster")) == ("2,1", 1)
    assert refused(encounter, Attack(actor=HERO, target=FOE, weapon="Blaster")) == "not-held"
    assert refused(encounter, NoEffort(actor=HERO, kind="pick-up", what="Blaster")) == "not-there"
    encounter.apply(Move(actor=HERO, squares=2, to=(2, 1)))
    encounter.apply(NoEffort(actor=HERO, kind="pick-up", what="Blaster"))
    assert lying(encounter.state[HERO], "Blaster") is None
    assert pool(encounter, HERO, ACTIONS) == 1


def test_a_thrown_basic_item_is_destroyed() -> None:
    """Seed: 'Basic Items will be destroyed upon impact.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ThrowObject(actor=HERO, target=FOE, hardness=1), faces=[1, 9])
    notes = [e.text for e in encounter.steps[-1].events if isinstance(e, Note)]
    assert notes == ["the thrown item is destroyed"]
