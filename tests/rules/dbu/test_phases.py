"""The Effect Phase in the order the player picks.

Hero is Tier 2 against the Tier 1 Foe: Initiative Advantage gives it +1 Action each turn.
"""

from __future__ import annotations

import pytest

from fracas.engine.encounter import Encounter
from fracas.engine.events import PoolChanged
from fracas.engine.gm import ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import EffectOrder
from fracas.rules.dbu.conditions import POISONED, SLOWED
from fracas.rules.dbu.economy import ACTIONS, LP
from fracas.rules.dbu.phase_names import effect_order
from tests.rules.dbu.support import HERO, fight, make_sheet, pool


def slowed_hero(*order: str) -> Encounter:
    """The Hero, Slowed four times and Poisoned, starts its first turn (having chosen
    ``order``)."""
    encounter = fight(9, 2, hero=make_sheet(tier=2), start=False)
    for name in (SLOWED,) * 4 + (POISONED,):
        encounter.apply(ApplyEffect(target=HERO, name=name))
    if order:
        encounter.apply(EffectOrder(actor=HERO, steps=order))
    encounter.apply(StartCombat())
    return encounter


def test_the_player_decides_the_order_of_start_of_turn_effects() -> None:
    """Seed (Effect Phase): 'Ongoing Damage: If you are suffering from any Damage Over Time
    effects, you suffer those effects now. Mechanical Effects: Deal with any other effects that
    occur at the start of your turn. You can decide the order in which they activate, if
    multiple occur at the same time.' Slowed first takes the 3 Actions there are and Initiative
    Advantage then adds one; Initiative Advantage first gives Slowed 4 to take."""
    assert pool(slowed_hero(), HERO, ACTIONS) == 1
    assert pool(slowed_hero("advantage", "slowed"), HERO, ACTIONS) == 0


def test_ongoing_damage_comes_before_the_chosen_order() -> None:
    """Seed: Ongoing Damage is the Effect Phase's first item, whatever the order chosen."""
    encounter = slowed_hero("advantage")
    reasons = [
        e.reason
        for e in encounter.steps[-1].events
        if isinstance(e, PoolChanged) and e.combatant == HERO
    ]
    assert reasons == [POISONED, "Initiative Advantage", SLOWED]
    assert pool(encounter, HERO, LP) == 40 - 4


def test_an_order_names_known_steps() -> None:
    """Only the Effect Phase's own steps can be ordered; the Architect does not choose."""
    with pytest.raises(ValueError, match="slowed, counters, advantage, grapple"):
        effect_order("slowed,teatime")
    encounter = fight(9, 2)
    before = encounter.state
    for action, code in (
        (EffectOrder(actor=HERO, steps=("teatime",)), "bad-step"),
        (EffectOrder(steps=("slowed",)), "no-actor"),
    ):
        with pytest.raises(IllegalAction) as refused:
            encounter.apply(action)
        assert refused.value.code == code
        assert encounter.state is before
