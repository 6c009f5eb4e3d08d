"""The Thrusting Maneuver on the engine. Hero (11) thrusts Foe (4): Strike d10 + 3 against the
Foe's Dodge d10 + 4; Force Modifier 2; checks are d10 + the skill bonus, TN Medium 10, Hard 14."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Note
from fracas.engine.gm import AddCombatant
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.dbu.actions import Grapple, Thrusting
from fracas.rules.dbu.economy import LP
from fracas.rules.dbu.grapple import GRAPPLING
from fracas.rules.dbu.queries import GUARD_DOWN, PRONE, has_effect
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

HERO_FIRST = (9, 2)
WIN = (8, 5)


def notes(encounter: Encounter) -> list[str]:
    return [e.text for e in encounter.steps[-1].events if isinstance(e, Note)]


def test_push_back_moves_force_squares_halved_by_acrobatics() -> None:
    """Seed: 'Move the target a number of squares equal to your Force Modifier. The target can
    make an Acrobatics Skill Check, TN Medium. If they pass, reduce the distance they are Thrust
    back by 1/2.'"""
    strong = make_sheet(modifiers={"force": 4})
    encounter = fight(*HERO_FIRST, hero=strong)
    encounter.apply(Thrusting(actor=HERO, target=FOE), faces=[*WIN, 3])
    assert notes(encounter) == ["is thrust back 4 squares"]
    nimble = make_sheet(skills={"acrobatics": 5})
    encounter = fight(*HERO_FIRST, hero=strong, foe=nimble)
    encounter.apply(Thrusting(actor=HERO, target=FOE), faces=[*WIN, 6])
    assert notes(encounter) == ["is thrust back 2 squares"]


def test_knocked_down_is_prone_or_guard_down_on_a_hard_athletics_check() -> None:
    """Seed: 'The target can make an Athletics Skill Check, TN Hard. If they pass they are not
    knocked prone, but are considered to have the Guard Down Combat Condition instead until the
    start of your next turn. If they fail, they gain the Prone Combat Condition.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Thrusting(actor=HERO, target=FOE, effect="down"), faces=[*WIN, 9])
    assert has_effect(encounter.state[FOE], PRONE)
    athletic = make_sheet(skills={"athletics": 6})
    encounter = fight(*HERO_FIRST, foe=athletic)
    encounter.apply(Thrusting(actor=HERO, target=FOE, effect="down"), faces=[*WIN, 9])
    assert has_effect(encounter.state[FOE], GUARD_DOWN)
    assert not has_effect(encounter.state[FOE], PRONE)


def test_a_failed_thrust_does_nothing() -> None:
    encounter = fight(*HERO_FIRST)
    encounter.apply(Thrusting(actor=HERO, target=FOE), faces=[2, 9])
    assert not notes(encounter)


def test_a_pushed_grappler_checks_at_minus_2t_or_loses_the_grappled() -> None:
    """Seed: 'If, through the actions of a character outside of the Grapple, a Grappler would be
    moved any number of squares, they must immediately make a Grapple Check with a penalty of
    -2(T) … If they fail, the Grappled character is freed from the grapple and is not moved.
    Only the Grappler can be targeted by Maneuvers or effects that would make them move'."""
    encounter = fight(9, 2, 8, start=False)
    encounter.apply(AddCombatant(name="Ally", side="heroes", sheet=make_sheet(name="Ally")))
    encounter.apply(StartCombat())  # Hero 11, Ally 10, Foe 4
    ally = CombatantId("ally")
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=WIN)
    # The Foe's turn comes after the Ally's: the Foe thrusts the grappling Hero.
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=ally), faces=WIN)  # the Foe's turn starts with a check
    encounter.apply(Thrusting(actor=FOE, target=HERO), faces=[9, 1, 3, 6, 5])
    # Thrust 12 against 1 + 4 - 2 - 2; Acrobatics 3; the Hero's check 6 + 3 - 2 = 7 vs 9.
    assert not has_effect(encounter.state[HERO], GRAPPLING)


def test_thrust_into_terrain_doubles_its_hardness_damage() -> None:
    """Seed (Push Back): 'If the target is Thrust into or through an environmental terrain,
    double any damage they would suffer due to the Hardness Value.' Hardness 2 deals 2 x 5
    Lethal (the ``hardness_damage`` reading), doubled: 20, no Soak."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Thrusting(actor=HERO, target=FOE, into=2), faces=[*WIN, 3])
    assert pool(encounter, FOE, LP) == 40 - 20
