"""Free hands on the engine: 'you must have at least one free hand' for a Grapple and a Thrust.

Hero (11) and Foe (4) have two hands each; terrain held takes ``terrain_hands`` (2), keeping a
Grapple takes one, a named thing drawn or picked up (No Effort) takes one.
"""

from __future__ import annotations

import pytest

from fracas.app.audience import GM
from fracas.app.narration import Narrator
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import IllegalAction
from fracas.rules.dbu.actions import Grapple, NoEffort, TerrainLift, ThrowObject, Thrusting
from fracas.rules.dbu.grapple import GRAPPLING
from fracas.rules.dbu.hands import free_hands
from fracas.rules.dbu.queries import has_effect
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.terrain_shield import TERRAIN
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet

HERO_FIRST = (9, 2)
WIN = (8, 5)
"""A Grapple Check or Thrust the Hero wins: 8 + 3 = 11 against 5 + 4 = 9."""


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return f"{error.value.code}: {error.value.reason}"


def hands(encounter: Encounter) -> int:
    return free_hands(encounter.state, HERO, settings=DbuSettings())


def test_terrain_held_in_both_hands_leaves_none_to_grapple_or_thrust() -> None:
    """Seed (Grapple, Thrusting): 'you must have at least one free hand and the combatant must be
    within your Melee Range'; Terrain Lift: 'tear up a piece of the landscape and hold onto
    it'."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(TerrainLift(actor=HERO, hardness=0), faces=[9])
    assert has_effect(encounter.state[HERO], TERRAIN)
    assert hands(encounter) == 0
    reason = refused(encounter, Grapple(actor=HERO, target=FOE))
    assert reason.startswith("no-free-hand: grapple: you must have at least one free hand")
    assert "a piece of terrain" in reason
    assert refused(encounter, Thrusting(actor=HERO, target=FOE)).startswith("no-free-hand")


def test_dropping_the_terrain_frees_the_hands_for_a_grapple() -> None:
    """Seed (No Effort): 'Dropping or picking up an object.' Dropped, the terrain frees 'at
    least one free hand' for the Grapple."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(TerrainLift(actor=HERO, hardness=0), faces=[9])
    encounter.apply(NoEffort(actor=HERO, kind="drop", what="the rock"))
    assert not has_effect(encounter.state[HERO], TERRAIN)
    assert hands(encounter) == 2
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=WIN)
    assert has_effect(encounter.state[HERO], GRAPPLING)


def test_one_hand_in_a_grapple_and_one_on_a_sword_leave_none_to_thrust() -> None:
    """Seed (Thrusting): 'you must have at least one free hand'. The Grapple holds one hand; a
    weapon drawn with No Effort ('Unsheathing or sheathing a weapon') holds the other."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=WIN)
    assert hands(encounter) == 1
    encounter.apply(NoEffort(actor=HERO, kind="sheathe", what="Sword"))
    assert hands(encounter) == 0
    assert refused(encounter, Thrusting(actor=HERO, target=FOE, effect="down")).startswith(
        "no-free-hand: thrust: you must have at least one free hand (Hero holds sword, a Grapple)"
    )


def test_a_one_handed_fighter_holding_something_cannot_grapple_until_it_lets_go() -> None:
    """Seed (Grapple): 'you must have at least one free hand'. Sheathing the drawn weapon frees
    it; 'Dropping or picking up an object' (No Effort) frees or takes a hand."""
    encounter = fight(*HERO_FIRST, hero=make_sheet(hands=1))
    encounter.apply(NoEffort(actor=HERO, kind="pick-up", what="Stone"))
    assert refused(encounter, Grapple(actor=HERO, target=FOE)).startswith("no-free-hand")
    assert refused(encounter, NoEffort(actor=HERO, kind="sheathe", what="Sword")).startswith(
        "no-free-hand: quick sheathe"
    )
    encounter.apply(NoEffort(actor=HERO, kind="drop", what="stone"))
    assert hands(encounter) == 1
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=WIN)
    assert has_effect(encounter.state[HERO], GRAPPLING)


def test_lifting_terrain_needs_the_hands_it_is_held_in() -> None:
    """Seed (Terrain Lift): 'tear up a piece of the landscape and hold onto it'; held in
    ``terrain_hands`` hands (a reading, a setting): with one hand on a sword, two are not free.
    With ``terrain_hands`` 1 it can be lifted, and one hand is still free to Grapple."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(NoEffort(actor=HERO, kind="sheathe", what="Sword"))
    assert refused(encounter, TerrainLift(actor=HERO, hardness=0)).startswith(
        "no-free-hand: lift: you must have 2 free hands"
    )
    one = DbuSettings(terrain_hands=1)
    encounter = fight(*HERO_FIRST, settings=one)
    encounter.apply(NoEffort(actor=HERO, kind="sheathe", what="Sword"))
    encounter.apply(TerrainLift(actor=HERO, hardness=0), faces=[9])
    assert free_hands(encounter.state, HERO, settings=one) == 0
    assert refused(encounter, Grapple(actor=HERO, target=FOE)).startswith("no-free-hand")


def test_throwing_the_held_weapon_frees_its_hand() -> None:
    """Seed (Throw): thrown equipment will 'land in a random square adjacent to the target'; it
    is no longer in hand."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(NoEffort(actor=HERO, kind="sheathe", what="Sword"))
    assert hands(encounter) == 1
    throw = ThrowObject(actor=HERO, target=FOE, distance=1, hardness=1, equipment="Sword")
    encounter.apply(throw, faces=[2, 9])
    assert hands(encounter) == 2


def test_what_a_hand_takes_and_lets_go_is_told_in_words() -> None:
    """The narrator tells a thing taken in hand and let go (not the bookkeeping mark)."""
    narrator = Narrator(Dbu)
    encounter = fight(*HERO_FIRST)
    lines: list[str] = []
    for action in (
        NoEffort(actor=HERO, kind="pick-up", what="Stone"),
        NoEffort(actor=HERO, kind="drop", what="Stone"),
    ):
        before = encounter.state
        lines += narrator.step(encounter.apply(action), before, GM)
    assert "Hero holds stone" in lines
    assert "Hero lets go of stone" in lines
