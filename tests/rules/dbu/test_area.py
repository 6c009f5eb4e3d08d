"""Attacks with an Area of Effect, and Instantaneous Control when targets escape one.

Hero (Initiative 11) attacks Foe (4) and Other (3), both Tier 1: Strike d10 + 3, Dodge d10 + 4,
an energy Wound d10 + Spirit 3, Soak 2, 40 LP.
"""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import Attack
from fracas.rules.dbu.economy import ACTIONS, LP
from fracas.rules.dbu.events import StrikeRolled
from fracas.rules.dbu.modifiers import ATTACKED
from fracas.rules.dbu.vocabulary import Foundation
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

OTHER = CombatantId("other")
ENERGY = Foundation.ENERGY


def three() -> Encounter:
    """Hero against Foe and Other; Initiative d10s 9, 2 and 1."""
    encounter = fight(9, 2, 1, start=False)
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=make_sheet(name="Other")))
    encounter.apply(StartCombat())
    return encounter


def explosion(**options: object) -> Attack:
    return Attack(
        actor=HERO, target=FOE, foundation=ENERGY, profile="explosion", area=(OTHER,), **options
    )  # type: ignore[arg-type]


def strikes(encounter: Encounter) -> list[StrikeRolled]:
    return [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]


def refused(encounter: Encounter, action: Attack) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)
    assert encounter.state is before
    return error.value.code


def test_an_area_attack_meets_every_dodge_with_one_strike_roll() -> None:
    """Seed (Rebound): 'All characters within the Area of Effect become targeted … and must roll
    their Dodge Rolls against your Strike Roll.' Strike 8 + 3 = 11 hits Foe's 2 + 4 and misses
    Other's 9 + 4; Foe takes 5 + 3 - 2."""
    encounter = three()
    encounter.apply(explosion(), faces=[8, 2, 5, 9])
    foe_strike, other_strike = strikes(encounter)
    assert (foe_strike.target, other_strike.target) == (FOE, OTHER)
    assert foe_strike.strike == other_strike.strike
    assert (foe_strike.hit, other_strike.hit) == (True, False)
    assert (pool(encounter, FOE, LP), pool(encounter, OTHER, LP)) == (40 - 6, 40)
    assert pool(encounter, HERO, ACTIONS) == 2


def test_only_an_area_profile_names_more_targets() -> None:
    """The Sphere Profile has no Area of Effect (SOURCES.md 2.11: Explosion is a Sphere AoE)."""
    encounter = three()
    sphere = Attack(actor=HERO, target=FOE, foundation=ENERGY, profile="sphere", area=(OTHER,))
    assert refused(encounter, sphere) == "no-area"


def test_an_area_attack_goes_on_while_one_target_stays_in_it() -> None:
    """Seed: 'If you were using an Attacking Maneuver with an Area of Effect and a character(s)
    moves out of your Area of Effect, as long as there is still one suitable target within the
    range of your attack, you must choose to continue using this Attacking Maneuver.' Foe moved
    out: only Other Dodges, and the Actions stay spent."""
    encounter = three()
    encounter.apply(explosion(escaped=(FOE,)), faces=[8, 2, 5])
    (strike,) = strikes(encounter)
    assert strike.target == OTHER and strike.hit
    assert (pool(encounter, FOE, LP), pool(encounter, OTHER, LP)) == (40, 40 - 6)
    assert encounter.state[FOE].marks.get(ATTACKED) is None
    assert pool(encounter, HERO, ACTIONS) == 2


def test_when_every_target_escapes_the_actions_are_regained() -> None:
    """Seed: 'If a target of one of your Maneuvers uses an Instant Action or Out-of-Sequence
    Action to move their position … you may choose to regain the action(s) you spent on that
    Maneuver or change your target'. Nobody is left: the attack is refused, nothing is spent."""
    encounter = three()
    assert refused(encounter, explosion(escaped=(FOE, OTHER))) == "all-escaped"
    single = Attack(actor=HERO, target=FOE, escaped=(FOE,))
    assert refused(encounter, single) == "all-escaped"
    assert refused(encounter, explosion(escaped=(HERO,))) == "not-a-target"


def test_an_escaped_target_answers_nothing() -> None:
    """The target who moved out of the area is not there to Parry it."""
    encounter = three()
    assert refused(encounter, explosion(escaped=(FOE,), defense="guard")) == "escaped-answer"


def test_a_successful_deflect_spares_everyone_in_the_area() -> None:
    """Seed (Deflect): 'If you successfully deflect an attack that would target multiple
    characters, all of those characters do not take damage from that attack.' Foe's save 2 +
    Agility Score 8 + Spirit 3 beats the Strike 5 + 3; Other is never attacked."""
    encounter = three()
    encounter.apply(explosion(defense="deflect"), faces=[5, 2, 6])
    (strike,) = strikes(encounter)
    assert strike.target == FOE and not strike.hit
    assert pool(encounter, OTHER, LP) == 40
    assert encounter.state[OTHER].marks.get(ATTACKED) is None


def test_a_successful_redirect_spares_everyone_in_the_area() -> None:
    """Seed (Redirect): 'If you succeed, the attack is safely directed away from all other
    targets (meaning they take no damage) and you only suffer 1/4 of the damage you would have.'
    Strike 6 + 3 hits Foe's 1 + 4; Ally saves 5 + 8 against TN 10, and its Physical Strike 7 + 3
    beats 9: it takes a quarter of 8 + 3 - 2, and Other is never attacked."""
    encounter = fight(9, 2, 1, 3, start=False)
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=make_sheet(name="Other")))
    encounter.apply(AddCombatant(name="Ally", side="foes", sheet=make_sheet(name="Ally")))
    encounter.apply(StartCombat())
    ally = CombatantId("ally")
    encounter.apply(explosion(intervene=ally, intervention="redirect"), faces=[6, 1, 5, 7, 8])
    (strike,) = strikes(encounter)
    assert strike.target == FOE and strike.hit
    assert pool(encounter, ally, LP) == 40 - (8 + 3 - 2) // 4
    assert (pool(encounter, FOE, LP), pool(encounter, OTHER, LP)) == (40, 40)


def test_a_rebounded_area_attack_is_centred_on_the_attacker() -> None:
    """Seed (Rebound): 'If that attacking maneuver had an Area of Effect, apply that Area of
    Effect centered on the attacker. All characters within the Area of Effect become targeted by
    the Rebound and must roll their Dodge Rolls against your Strike Roll.' Foe deflects (save
    9 + 8 + 3 against the Strike 2 + 3); its one Rebound Strike 8 // 2 + 3 = 7 beats Hero's
    Dodge 1 + 4 and Ally's 2 + 4: each takes its Wound (6 + 3, 4 + 3) one category higher
    (Direct: half Soak)."""
    encounter = fight(9, 2, 3, start=False)
    encounter.apply(AddCombatant(name="Ally", side="heroes", sheet=make_sheet(name="Ally")))
    encounter.apply(StartCombat())
    ally = CombatantId("ally")
    attack = Attack(
        actor=HERO,
        target=FOE,
        foundation=ENERGY,
        profile="explosion",
        defense="deflect",
        rebound=True,
        rebound_area=(ally,),
    )
    encounter.apply(attack, faces=[2, 9, 8, 1, 6, 2, 4])
    _, back, onto_ally = strikes(encounter)
    assert (back.target, onto_ally.target) == (HERO, ally)
    assert back.strike == onto_ally.strike and back.hit and onto_ally.hit
    assert pool(encounter, HERO, LP) == 40 - (6 + 3 - 1)
    assert pool(encounter, ally, LP) == 40 - (4 + 3 - 1)
    assert pool(encounter, FOE, LP) == 40


def test_a_rebound_area_needs_an_area_attack() -> None:
    """Only 'that attacking maneuver had an Area of Effect' spreads the Rebound."""
    encounter = three()
    sphere = Attack(
        actor=HERO,
        target=FOE,
        foundation=ENERGY,
        profile="sphere",
        defense="deflect",
        rebound=True,
        rebound_area=(OTHER,),
    )
    assert refused(encounter, sphere) == "no-area"
