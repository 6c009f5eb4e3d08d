"""Ranged weapons' shots and the Reload Maneuver on the engine."""

from __future__ import annotations

import pytest

from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn
from fracas.rules.dbu.actions import Attack, Reload
from fracas.rules.dbu.economy import COUNTER, ammunition_pool
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

HERO_FIRST = (9, 2)
BLASTER = ammunition_pool("Blaster")


def test_shots_run_out_and_reload_refills_them_for_a_counter_action_on_your_turn() -> None:
    """Seed: 'A limited number of attacks, or shots, can be made with a ranged weapon. Using the
    Reload Maneuver refills a single Ranged Weapon's ammunition … You can only use the Reload
    Maneuver during your turn.' (Reload Maneuver (1 Counter Action))."""
    gunner = make_sheet(weapons=[{"name": "Blaster", "ammunition": 1}])
    encounter = fight(*HERO_FIRST, hero=gunner)
    encounter.apply(Attack(actor=HERO, target=FOE, weapon="blaster"), faces=[1, 9])
    assert pool(encounter, HERO, BLASTER) == 0
    before = encounter.state
    with pytest.raises(IllegalAction):
        encounter.apply(Attack(actor=HERO, target=FOE, weapon="Blaster"))
    assert encounter.state is before
    encounter.apply(Reload(actor=HERO, weapon="Blaster"))
    assert (pool(encounter, HERO, BLASTER), pool(encounter, HERO, COUNTER)) == (1, 0)
    encounter.apply(EndTurn(actor=HERO))
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Reload(actor=HERO, weapon="Blaster"))
    assert refused.value.code == "not-your-turn"
