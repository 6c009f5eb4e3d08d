"""What DBU's refusals and lines tell a player (issue 18, item 14): how much is left."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.gm import AddCombatant, SetPool
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import Attack
from fracas.rules.dbu.economy import KP
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool


def test_a_united_attack_refused_for_ki_says_how_much_the_ally_has_left() -> None:
    """Seed 001 *United Attack*: "Spend the Ki Points to make the same type of Attacking
    Maneuver as your ally"; an ally without them is refused, and told what it has."""
    encounter = fight(9, 2, 1, start=False)
    encounter.apply(AddCombatant(name="Ally", side="heroes", sheet=make_sheet(name="Ally")))
    encounter.apply(StartCombat())  # Hero 11, Foe 4, Ally 3
    ally = CombatantId("ally")
    encounter.apply(SetPool(target=ally, pool=KP, value=1))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, united=ally, united_wager=5))
    assert encounter.state is before
    assert refused.value.reason.endswith("; Ally has 1 KP left")
    assert refused.value.reason.startswith("United Attack costs Ally ")
    assert pool(encounter, ally, KP) == 1
