"""The Intervene Counter Action on the engine: Wall of Defense, Redirect, Distant Deflect.

Hero (11) strikes Foe (4), whose ally Other (3) steps in. Tier 1: Strike d10 + 3, Dodge d10 +
4, Wound d10 + 2, Soak 2, 40 LP, 30 KP; the Impulsive Save is d10 + Agility Score 8, TN 10.
"""

from __future__ import annotations

import pytest

from fracas.app.session import Session
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import Attack, Intervention
from fracas.rules.dbu.economy import CAPACITY, COUNTER, KP, LP
from fracas.rules.dbu.events import CheckRolled, WoundRolled
from fracas.rules.dbu.intervene import INTERVENE_FAILED
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


def at_the_table() -> Session:
    encounter = three()
    return Session(encounter, "intervene", setup=len(encounter.steps))


def other(session: Session) -> dict[str, object]:
    """Other's pools and whether it is barred from Intervening this round."""
    ally = session.state[OTHER]
    pools: dict[str, object] = {name: p.current for name, p in ally.pools.items()}
    return {**pools, "barred": ally.marks.get(INTERVENE_FAILED) == session.state.clock.round}


READY = {"Actions": 3, COUNTER: 1, "Converted": 0, LP: 40, KP: 30, CAPACITY: 20, "barred": False}


def test_an_intervene_on_a_miss_costs_nothing() -> None:
    """Seed: 'When an ally is successfully struck (hit) by an attack, you can attempt an
    Impulsive Save'. The Hero's Strike 2 + 3 misses the Foe's Dodge 9 + 4: Other's Redirect
    never happens, and its Counter Action, Ki and Capacity are all still there."""
    session = at_the_table()
    reply = session.run("attack foe -intervene other -intervention redirect !2 9")
    assert reply.error is None
    assert other(session) == READY
    assert session.state[FOE].pools[LP].current == 40


def test_a_failed_save_costs_the_counter_action_not_the_ki_and_bars_intervene() -> None:
    """Seed: 'you can attempt an Impulsive Save, TN Medium. If you fail, you cannot attempt to
    make another Intervene Counter Action for the remainder of the Combat Round. If you pass,
    you may select one of the below options.' The save 1 + 8 fails TN 10: the Counter Action is
    spent, Redirect's 4(T) Ki is not; the hit lands on Foe (6 + 2 - 2) and a second Intervene
    this round is refused."""
    session = at_the_table()
    assert session.run("attack foe -intervene other -intervention redirect !9 3 1 6").error is None
    assert other(session) == {**READY, COUNTER: 0, "barred": True}
    assert session.state[FOE].pools[LP].current == 40 - 6
    before = session.state
    refused = session.run("attack foe -intervene other !9 3")
    assert refused.error == "Intervene: Other failed an Intervene this round"
    assert session.state is before


def test_a_passed_save_pays_the_option_after_the_save() -> None:
    """Seed: 'If you pass, you may select one of the below options' — Redirect: 'you can spend
    4(T) Ki Points to attempt and redirect the attack'; Distant Deflect: 'Spend 3(T) Ki Points
    to roll an Energy Strike Roll'. After the hit and the passed save (5 + 8): the Counter
    Action and the option's Ki and Capacity."""
    session = at_the_table()
    assert (
        session.run("attack foe -intervene other -intervention redirect !9 3 5 9 6").error is None
    )
    assert other(session) == {**READY, COUNTER: 0, KP: 30 - 4, CAPACITY: 20 - 4, LP: 40 - 1}
    deflect = at_the_table()
    assert deflect.run("attack foe -intervene other -intervention deflect !9 3 5 9").error is None
    assert other(deflect) == {**READY, COUNTER: 0, KP: 30 - 3, CAPACITY: 20 - 3}
    assert deflect.state[FOE].pools[LP].current == 40
