"""States on the rolls: Maneuver, Situation and State modifiers add up, Blind and Surprised
do not stack."""

from __future__ import annotations

from fracas.engine.gm import ApplyEffect
from fracas.rules.kaiser.actions import Attack
from fracas.rules.kaiser.events import CheckRolled
from fracas.rules.kaiser.states import state_parts
from tests.rules.kaiser.support import BANDIT, CEIL, SETTINGS, duel


def test_states_add_up_but_blind_and_surprised_take_the_worst() -> None:
    """Seed: "Any bonus or penalty that comes from a Maneuver, Situation, or State are added
    together, unless explicitly stated otherwise like with Blind and Surprised." """
    encounter = duel(4, 5, 2, 2, 1, 2, 2, 3, 3, 3, 2, 2)
    for state in ("Fully Restrained", "Blind", "Surprised"):
        encounter.apply(ApplyEffect(target=BANDIT, name=state))
    parts = state_parts(encounter.state[BANDIT], settings=SETTINGS)
    assert parts == [("Fully Restrained", -20), ("Blind", -9)]
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    defence = [e for e in step.events if isinstance(e, CheckRolled)][1]
    assert defence.parts == (("Dodge", 8), ("Fully Restrained", -20), ("Blind", -9))
    assert defence.roll.total == 0
