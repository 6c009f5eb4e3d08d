"""The Intervene Counter Action on the engine: Wall of Defense, Redirect, Distant Deflect.

Hero (11) strikes Foe (4), whose ally Other (3) steps in. Tier 1: Strike d10 + 3, Dodge d10 +
4, Wound d10 + 2, Soak 2, 40 LP, 30 KP; the Impulsive Save is d10 + Agility Score 8, TN 10.
"""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import Attack, Intervention
from fracas.rules.dbu.economy import COUNTER, KP, LP
from fracas.rules.dbu.events import CheckRolled, WoundRolled
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

OTHER = CombatantId("other")
HIT = (9, 3)
"""The Hero's Strike 12 against the Foe's Dodge 7."""


def three() -> Encounter:
    encounter = fight(9, 2, 1, start=False)
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=make_sheet(name="Other")))
    encounter.apply(StartCombat())
    return encounter


def intervene(encounter: Encounter, option: Intervention, *faces: int) -> None:
    action = Attack(actor=HERO, target=FOE, intervene=OTHER, intervention=option)
    encounter.apply(action, faces=[*HIT, *faces])


def test_wall_of_defense_takes_the_hit_in_the_allys_place() -> None:
    """Seed: 'When an ally is successfully struck (hit) by an attack, you can attempt an
    Impulsive Save, TN Medium … Wall of Defense … you can intercept an attack and take the
    damage in the place of that ally … The intercepted attack will Strike you automatically.'"""
    encounter = three()
    intervene(encounter, "wall", 5, 6)
    assert pool(encounter, OTHER, COUNTER) == 0
    assert (pool(encounter, FOE, LP), pool(encounter, OTHER, LP)) == (40, 40 - 6)


def test_a_failed_save_lets_the_hit_land_and_bars_intervening_this_round() -> None:
    """Seed: 'If you fail, you cannot attempt to make another Intervene Counter Action for the
    remainder of the Combat Round.'"""
    encounter = three()
    intervene(encounter, "wall", 1, 6)
    (save,) = [e for e in encounter.steps[-1].events if isinstance(e, CheckRolled)]
    assert not save.success
    assert pool(encounter, FOE, LP) == 40 - 6
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, intervene=OTHER))
    assert refused.value.code == "intervene-failed"
    assert encounter.state is before


def test_redirect_lets_a_quarter_through_for_4t_ki() -> None:
    """Seed: 'you can spend 4(T) Ki Points to attempt and redirect the attack … If your Dice
    Score is equal to or higher than the attacker's, you can safely redirect the attack … you
    only suffer 1/4 of the damage you would have.'"""
    encounter = three()
    intervene(encounter, "redirect", 5, 9, 6)
    assert pool(encounter, OTHER, KP) == 30 - 4
    assert (pool(encounter, FOE, LP), pool(encounter, OTHER, LP)) == (40, 40 - 1)


def test_a_failed_redirect_takes_the_hit_one_category_higher() -> None:
    """Seed: 'If you are hit due to failing to Redirect, increase the Damage Category of the
    attack by +1.'"""
    encounter = three()
    intervene(encounter, "redirect", 5, 2, 6)
    assert pool(encounter, OTHER, LP) == 40 - (8 - 1)


def test_distant_deflect_sends_the_attack_away_for_3t_ki() -> None:
    """Seed: 'Spend 3(T) Ki Points to roll an Energy Strike Roll and compare your Dice Score to
    the attacker's original Strike Roll … If your Dice Score is equal to or higher than the
    attacker's, you safely redirect the attack away from the intended victim.'"""
    encounter = three()
    intervene(encounter, "deflect", 5, 9)
    assert pool(encounter, OTHER, KP) == 30 - 3
    assert not [e for e in encounter.steps[-1].events if isinstance(e, WoundRolled)]
    assert (pool(encounter, FOE, LP), pool(encounter, OTHER, LP)) == (40, 40)


def test_only_an_ally_of_the_target_intervenes() -> None:
    encounter = three()
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, intervene=HERO))
    assert refused.value.code == "not-an-ally"


def test_several_distant_deflectors_add_half_their_force_or_spirit_to_the_best_insight() -> None:
    """Seed: 'If multiple characters attempt to use the Distant Deflect option of the Intervene
    Maneuver, instead add 1/2 of their Force or Spirit Modifiers (whichever is higher) to the
    Dice Score of the character with the highest Insight Modifier. They still spend the Counter
    Action and the Ki Points'. Both pass their saves (5 + 8, 6 + 8); Seer (Insight 4) rolls
    5 + Haste 2 + Awareness 4 + Other's 3 // 2 = 12, meeting the Hero's Strike 12."""
    encounter = fight(9, 2, 1, 3, start=False)
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=make_sheet(name="Other")))
    seer = make_sheet(name="Seer", modifiers={"insight": 4})
    encounter.apply(AddCombatant(name="Seer", side="foes", sheet=seer))
    encounter.apply(StartCombat())
    seer_id = CombatantId("seer")
    action = Attack(
        actor=HERO, target=FOE, intervene=OTHER, intervention="deflect", co_deflectors=(seer_id,)
    )
    encounter.apply(action, faces=[*HIT, 5, 6, 5])
    checks = [e for e in encounter.steps[-1].events if isinstance(e, CheckRolled)]
    deflect = checks[-1]
    assert deflect.combatant == seer_id and deflect.roll.total == 12 and deflect.success
    assert pool(encounter, FOE, LP) == 40
    for who in (OTHER, seer_id):
        assert (pool(encounter, who, COUNTER), pool(encounter, who, KP)) == (0, 30 - 3)


def test_co_deflectors_join_only_a_distant_deflect() -> None:
    encounter = three()
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, intervene=OTHER, co_deflectors=(FOE,)))
    assert refused.value.code == "no-distant-deflect"
    assert encounter.state is before
