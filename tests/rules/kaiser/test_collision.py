"""Power Collision: the three criteria, 2d6 + Base Damage each, the Degree of Difference."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Note
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kaiser.actions import Intend, Use
from fracas.rules.kaiser.collision import (
    Collision,
    collision,
    combined_base_damage,
    in_time,
    on_target,
    passing_base_damage,
)
from fracas.rules.kaiser.events import AttackResolved, CollisionRolled, DamageTaken
from fracas.rules.kaiser.queries import AP, LP
from fracas.rules.kaiser.ruleset import Kaiser
from tests.rules.kaiser.support import BANDIT, CEIL, FIRE_BOLT, duel, make_sheet, pool, refused

MIRA = CombatantId("mira")


def lance(base: int) -> dict[str, Any]:
    return {
        "name": "Dark Lance",
        "types": ["attack"],
        "source": "magic",
        "base_damage": base,
        "damage_type": "dark",
    }


def sky(
    *faces: int,
    lance_base: int = 8,
    initiative: tuple[int, ...] = (4, 5, 2, 2),
    bandits_turn: bool = True,
) -> Encounter:
    """Ceil (Magic Projection 12, Fire Bolt) and a Bandit mage (Magic Projection 10, Dark
    Lance), both with the Magic Intention; by default Ceil 19, the Bandit 14, and it is the
    Bandit's turn (or the first turn, without ``bandits_turn``)."""
    ceil = make_sheet(skills={"dodge": 6, "magic_projection": 12}, powers=[FIRE_BOLT])
    bandit = make_sheet(skills={"dodge": 8, "magic_projection": 10}, powers=[lance(lance_base)])
    encounter = duel(*initiative, *faces, ceil=ceil, bandit=bandit, intend=False)
    encounter.apply(Intend(actor=CEIL, intention="magic"))
    encounter.apply(Intend(actor=BANDIT, intention="magic"))
    encounter.apply(EndTurn())
    if bandits_turn and encounter.state.acting() == (CEIL,):
        encounter.apply(EndTurn())
    return encounter


def shot(**changes: Any) -> Use:
    fields: dict[str, Any] = {
        "actor": BANDIT,
        "power": "dark lance",
        "targets": (CEIL,),
        "defence": "dodge",
        "collide_by": (CEIL,),
        "collide_with": "fire bolt",
    }
    return Use(**{**fields, **changes})


@pytest.mark.parametrize(
    ("degree", "result"),
    [
        (0, Collision.CANCEL),
        (5, Collision.CANCEL),
        (6, Collision.HALVED),
        (10, Collision.HALVED),
        (11, Collision.PASSES),
    ],
)
def test_the_degree_of_difference_table(degree: int, result: Collision) -> None:
    """SOURCES.md 1.8: "0-5 both powers cancel; 6-10 the winning power passes through with its
    Base Damage halved; 11+ the winning power passes through completely"."""
    assert collision(degree) is result


def test_the_criteria_within_five_or_surpassing() -> None:
    """Seed: "have an Initiative within 5 points of the opponent ... or surpass their
    Initiative" and "the result must be within 5 points of the opposing roll, or surpass it"."""
    assert in_time(10, 15) and not in_time(9, 15) and in_time(20, 15)
    assert on_target(11, 16) and not on_target(10, 16)


def test_combined_powers_add_the_highest_then_a_half_then_a_third() -> None:
    """Seed: "the highest Base Damage of the combined Powers, and then half the second greatest,
    and a third of the third greatest, and so on." """
    assert combined_base_damage([4, 9, 6]) == 9 + 3 + 1
    assert passing_base_damage(9, Collision.HALVED) == 4


def test_colliding_powers_cancel() -> None:
    """Seed: "both you and the opponent roll 2d6 and add the Base Damage of the Power"."""
    encounter = sky(3, 3, 2, 2, 3, 4, 4, 4)
    step = encounter.apply(shot())
    clash = next(e for e in step.events if isinstance(e, CollisionRolled))
    assert (clash.shooter_roll.total, clash.collider_roll.total, clash.result) == (15, 14, "cancel")
    assert not any(isinstance(e, AttackResolved) for e in step.events)
    assert pool(encounter, CEIL, AP) == 6 - 2 - 1


def test_the_winner_passes_with_its_base_damage_halved() -> None:
    """SOURCES.md 1.8: "6-10: the winning power passes through with its Base Damage halved"."""
    encounter = sky(3, 3, 2, 2, 6, 5, 1, 2, 2, 2)
    step = encounter.apply(shot())
    clash = next(e for e in step.events if isinstance(e, CollisionRolled))
    assert (clash.degree, clash.winner) == (10, BANDIT)
    taken = next(e for e in step.events if isinstance(e, DamageTaken))
    assert (taken.account.base_damage, taken.account.total) == (4, (16 - 10 - 2) * 4)


def test_the_colliders_power_passes_completely_and_strikes_the_shooter() -> None:
    """SOURCES.md 1.8: "11+: the winning power passes through completely"."""
    encounter = sky(3, 3, 2, 2, 1, 1, 6, 6, 2, 2, lance_base=4)
    step = encounter.apply(shot())
    clash = next(e for e in step.events if isinstance(e, CollisionRolled))
    assert (clash.degree, clash.result, clash.winner) == (12, "passes", CEIL)
    resolved = next(e for e in step.events if isinstance(e, AttackResolved))
    assert (resolved.attacker, resolved.target, resolved.weapon) == (CEIL, BANDIT, "Fire Bolt")
    assert pool(encounter, BANDIT, LP) == 60 - (16 - 12 - 2) * 6


def test_a_collision_shot_too_far_off_lets_the_power_through() -> None:
    """Seed: "the result must be within 5 points of the opposing roll, or surpass it"."""
    encounter = sky(6, 5, 1, 2, 6, 5)
    step = encounter.apply(shot())
    assert any(isinstance(e, Note) for e in step.events)
    assert not any(isinstance(e, CollisionRolled) for e in step.events)
    assert next(e for e in step.events if isinstance(e, AttackResolved)).outcome == "hit"


def test_a_collider_too_slow_cannot_collide() -> None:
    """Seed: "have an Initiative within 5 points of the opponent that launched the original
    projectile, or surpass their Initiative"."""
    encounter = sky(initiative=(6, 5, 1, 2), bandits_turn=False)
    assert encounter.state.acting() == (CEIL,)
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(
            shot(
                actor=CEIL,
                power="fire bolt",
                targets=(BANDIT,),
                collide_by=(BANDIT,),
                collide_with="dark",
            )
        )
    assert error.value.code == "too-slow" and encounter.state is before


def test_two_colliders_combine_their_powers() -> None:
    """Seed: "It is possible to have two or more powers combine during a collision. The value
    added to the Collision roll is the highest Base Damage of the combined Powers, and then half
    the second greatest"."""
    mage = make_sheet(skills={"dodge": 6, "magic_projection": 12}, powers=[FIRE_BOLT])
    bandit = make_sheet(skills={"dodge": 8, "magic_projection": 10}, powers=[lance(8)])
    encounter = Encounter(
        Kaiser(), dice=LoadedDice((4, 5, 4, 4, 2, 2, 3, 3, 4, 4, 4, 3, 5, 5, 1, 1, 3, 3))
    )
    encounter.apply(AddCombatant(name="Ceil", side="party", sheet=mage))
    encounter.apply(AddCombatant(name="Mira", side="party", sheet=mage))
    encounter.apply(AddCombatant(name="Bandit", side="bandits", sheet=bandit))
    encounter.apply(StartCombat())
    for who in (CEIL, MIRA, BANDIT):
        encounter.apply(Intend(actor=who, intention="magic"))
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (BANDIT,)
    step = encounter.apply(shot(collide_by=(CEIL, MIRA), collide_with=None))
    clash = next(e for e in step.events if isinstance(e, CollisionRolled))
    assert clash.collider_base == 6 + 6 // 2
    assert (clash.shooter_roll.total, clash.collider_roll.total) == (8 + 10, 9 + 2)
    assert clash.result == "halved" and clash.winner == BANDIT


def test_the_collider_pays_its_powers_mana_too() -> None:
    """The Collide Power reaction shoots a power: it costs the reaction's AP and the power's
    mana; a collider who cannot pay cannot collide."""
    poor = make_sheet(
        skills={"dodge": 6, "magic_projection": 12}, powers=[{**FIRE_BOLT, "mana": 10}], mana=5
    )
    bandit = make_sheet(skills={"dodge": 8, "magic_projection": 10}, powers=[lance(8)])
    encounter = duel(4, 5, 2, 2, ceil=poor, bandit=bandit, intend=False)
    encounter.apply(Intend(actor=CEIL, intention="magic"))
    encounter.apply(Intend(actor=BANDIT, intention="magic"))
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(shot())
    assert error.value.code == "not-enough-mana" and encounter.state is before


def test_only_an_opponent_of_the_shooter_can_collide() -> None:
    """Seed: the collider needs "an Initiative within 5 points of the opponent that launched
    the original projectile": an ally's power is not met with the Collide Power reaction."""
    mage = make_sheet(skills={"dodge": 6, "magic_projection": 12}, powers=[FIRE_BOLT])
    encounter = Encounter(Kaiser(), dice=LoadedDice((4, 5, 4, 4, 2, 2)))
    encounter.apply(AddCombatant(name="Ceil", side="party", sheet=mage))
    encounter.apply(AddCombatant(name="Mira", side="party", sheet=mage))
    encounter.apply(AddCombatant(name="Bandit", side="bandits", sheet=make_sheet()))
    encounter.apply(StartCombat())
    for who in (CEIL, MIRA):
        encounter.apply(Intend(actor=who, intention="magic"))
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (CEIL,)
    bolt = Use(actor=CEIL, power="fire bolt", targets=(BANDIT,), collide_by=(MIRA,))
    refused(encounter, bolt, "not-an-opponent")
