"""Attacks beyond the basics: held attacks, hidden attackers, climbers, Maneuvers, the map."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant, ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn
from fracas.rules.momentum.actions import Attack, Move
from fracas.rules.momentum.advanced_actions import Climb, HoldAction
from fracas.rules.momentum.events import AttackRolled, DamageRolled, DamageTaken
from fracas.rules.momentum.positions import GoTo, Place
from fracas.rules.momentum.queries import CLIMBING
from tests.rules.momentum.test_ruleset import BRUTE, HERO, duel, pool, sheet

BOW = {
    "name": "Bow",
    "primary_stat": "dexterity",
    "secondary_stat": "strength",
    "damage": "1d6",
    "damage_type": "physical",
    "reach": "ranged",
    "range_m": 20,
}


def hero_with(**changes: Any) -> Any:
    stats = {**sheet().stats.model_dump(), "instinct": 12}
    return sheet(stats=stats, **changes)


def rolled(step: Any) -> AttackRolled:
    return next(e for e in step.events if isinstance(e, AttackRolled))


def test_a_held_attack_fires_on_another_turn_for_no_more_ap() -> None:
    """Seed: "an Archer could hold an attack action on their turn, spending the 2 AP, and name
    'I attack the first enemy that moves into my range' as their trigger. Now, they will
    automatically shoot at any enemy that moves into range, no matter whose turn it is." """
    encounter = duel(15, 4)
    encounter.apply(HoldAction(actor=HERO, ap=2, trigger="the first enemy that moves in range"))
    assert pool(encounter, HERO, "AP") == 1
    encounter.apply(EndTurn())
    encounter.apply(Attack(actor=HERO, target=BRUTE, held=True))
    assert pool(encounter, BRUTE, "Vitality") == 12 - 4
    assert not encounter.state[HERO].has("Held Action")


def test_a_held_attack_needs_an_action_held() -> None:
    encounter = duel()
    encounter.apply(EndTurn())
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=BRUTE, held=True))
    assert refused.value.code == "no-held-action" and encounter.state is before


def test_attacking_gives_a_hidden_attacker_away_at_the_end_of_its_turn() -> None:
    """Seed: "You stop being hidden if an enemy sees you or you take any action that would
    clearly give away your location. You stay hidden until the end of the turn if this happens
    during your turn." """
    encounter = duel(3, 12, 2)
    encounter.apply(ApplyEffect(target=HERO, name="Hidden"))
    step = encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert rolled(step).mode == "advantage"
    assert encounter.state[HERO].has("Hidden")
    encounter.apply(EndTurn())
    assert not encounter.state[HERO].has("Hidden")


def climbing_hero(*faces: int) -> tuple[Encounter, CombatantId]:
    """Hero climbs an Ogre (Large, Evasion 8 + 3 = 11): a d20 of 15 against the Ogre's 3."""
    encounter = duel(15, 3, *faces)
    ogre_stats = {**sheet().stats.model_dump(), "dexterity": 8}
    encounter.apply(
        AddCombatant(name="Ogre", side="brutes", sheet=sheet(size="large", stats=ogre_stats))
    )
    ogre = CombatantId("ogre")
    encounter.apply(Climb(actor=HERO, target=ogre))
    assert encounter.state[HERO].has(CLIMBING)
    return encounter, ogre


def test_the_climbed_creature_attacks_its_climber_with_disadvantage() -> None:
    """Seed: Climb: "The target gains disadvantage if it tries to attack you." """
    encounter, ogre = climbing_hero(18, 3)
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    step = encounter.apply(Attack(actor=ogre, target=HERO))
    assert rolled(step).mode == "disadvantage" and rolled(step).outcome == "miss"


def test_a_miss_on_a_climber_hits_the_creature_it_climbed() -> None:
    """Seed: Climb: "Any attack that targets you and misses targets the creature you have climbed
    onto instead." Brute's 10 + 4 = 14 misses Hero (Evasion 16) and hits the Ogre (11)."""
    encounter, ogre = climbing_hero(10, 5)
    encounter.apply(EndTurn())
    step = encounter.apply(Attack(actor=BRUTE, target=HERO))
    assert [(e.target, e.outcome) for e in step.events if isinstance(e, AttackRolled)] == [
        (HERO, "miss"),
        (ogre, "hit"),
    ]
    assert pool(encounter, ogre, "Vitality") == 12 - 5


MANEUVER = {"name": "Crushing Blow", "tier": 2, "damage": "1d4", "damage_types": ["physical"]}


def test_a_maneuver_critical_adds_6_and_3_per_maneuver_tier() -> None:
    """Seed: "Critical hits with weapon attacks that have a Maneuver added to them deal
    additional damage of 6, and the Maneuver deals additional damage equal to 3 times the Tier
    of the used Maneuver Ability." 1d8 (2) + 1d4 (1) + 6 + 3 * 2 = 15."""
    encounter = duel(20, 2, 1, hero=hero_with(abilities=[MANEUVER]), brute=sheet(vitality=30))
    step = encounter.apply(Attack(actor=HERO, target=BRUTE, maneuver="crushing"))
    assert len([e for e in step.events if isinstance(e, DamageRolled)]) == 2
    taken = next(e for e in step.events if isinstance(e, DamageTaken))
    assert taken.account.total == 2 + 1 + 6 + 3 * 2


def test_a_maneuver_is_added_to_a_weapon_attack_only() -> None:
    encounter = duel(hero=hero_with(abilities=[MANEUVER]))
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=BRUTE, weapon="crushing", maneuver="crushing"))
    assert refused.value.code in {"not-a-weapon", "no-damage"}


def test_a_ranged_attack_next_to_an_enemy_on_the_map_has_disadvantage() -> None:
    """Seed: ranged attacks "you attack with disadvantage if you are within melee range of an
    enemy"; "Melee attacks have a base range of 1 m"; a diagonal square is 1 m away."""
    encounter = duel(17, 9, hero=hero_with(weapons=[BOW]))
    encounter.apply(Place(target=HERO, x=0, y=0))
    encounter.apply(Place(target=BRUTE, x=1, y=1))
    assert rolled(encounter.apply(Attack(actor=HERO, target=BRUTE))).mode == "disadvantage"


def test_goto_spends_the_grid_distance_and_off_the_map_is_an_error() -> None:
    """Seed: "1 m of movement allows you to move to a square ... that is next to you, even if it
    is diagonal from you"; difficult terrain needs "2 m of movement to move one 1 m square"."""
    encounter = duel()
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(GoTo(actor=HERO, x=1, y=1))
    assert refused.value.code == "off-the-map"
    encounter.apply(Place(target=HERO, x=0, y=0))
    encounter.apply(GoTo(actor=HERO, x=2, y=1, difficult=1))
    assert pool(encounter, HERO, "Movement") == 3 - 3
    assert encounter.state[HERO].marks["x"] == 2


def on_the_map(*faces: int) -> Encounter:
    """Hero at (0, 0), Brute at (1, 0), an allied Horse at (2, 0)."""
    encounter = duel(*faces)
    encounter.apply(AddCombatant(name="Horse", side="heroes", sheet=sheet()))
    for who, x in ((HERO, 0), (BRUTE, 1), (CombatantId("horse"), 2)):
        encounter.apply(Place(target=who, x=x, y=0))
    return encounter


def test_passing_an_enemy_needs_a_check_and_costs_like_difficult_terrain() -> None:
    """Seed: "You can try to move through a space occupied by an enemy, but you have to succeed
    on a Raw Force, Athletics, or Nimbleness check against a Raw Force or Athletics check made
    by the enemy. Moving through a space occupied by an enemy counts as difficult terrain." """
    encounter = on_the_map(14, 6)
    encounter.apply(Move(actor=HERO))
    encounter.apply(GoTo(actor=HERO, x=3, y=0, through=(BRUTE, CombatantId("horse"))))
    assert (encounter.state[HERO].marks["x"], pool(encounter, HERO, "Movement")) == (3, 6 - 4)


def test_a_failed_check_stops_the_move() -> None:
    """Seed: moving through an enemy's space needs the check to succeed."""
    encounter = on_the_map(3, 16)
    encounter.apply(GoTo(actor=HERO, x=2, y=1, through=(BRUTE,)))
    assert encounter.state[HERO].marks["x"] == 0


def test_you_cannot_stop_in_an_allys_space() -> None:
    """Seed: "You can freely move through a space occupied by an ally, but you cannot stop
    there." A creature two size categories apart may share it: "You can be in a space occupied
    by a creature that is two size categories bigger or smaller than you." """
    encounter = on_the_map()
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(GoTo(actor=CombatantId("horse"), x=0, y=0, through=(BRUTE,)))
    assert refused.value.code == "occupied" and encounter.state is before
