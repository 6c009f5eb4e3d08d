"""Combat Conditions on the engine: damage over time in the Effect Phase, Slowed, Broken,
Shaken (SOURCES.md 2.9)."""

from __future__ import annotations

from fracas.engine.gm import ApplyEffect
from fracas.engine.turns import EndTurn
from fracas.rules.dbu.actions import Attack
from fracas.rules.dbu.conditions import BROKEN, POISONED, SLOWED
from fracas.rules.dbu.economy import ACTIONS, LP
from fracas.rules.dbu.events import DamageTaken, StrikeRolled
from fracas.rules.dbu.strike import SHAKEN
from tests.rules.dbu.support import FOE, HERO, fight, pool

HERO_FIRST = (9, 2)


def test_ongoing_damage_comes_first_in_the_effect_phase() -> None:
    """Seed: 'Ongoing Damage: If you are suffering from any Damage Over Time effects, you suffer
    those effects now.' SOURCES.md 2.9: Poisoned: '-1/10 max LP per turn'."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=FOE, name=POISONED))
    encounter.apply(EndTurn(actor=HERO))
    assert pool(encounter, FOE, LP) == 36


def test_slowed_takes_an_action_per_stack() -> None:
    """SOURCES.md 2.9: 'Slowed (-1 Action per stack)'."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=FOE, name=SLOWED))
    encounter.apply(ApplyEffect(target=FOE, name=SLOWED))
    encounter.apply(EndTurn(actor=HERO))
    assert pool(encounter, FOE, ACTIONS) == 1


def test_broken_lowers_soak_by_2t_a_stack() -> None:
    """SOURCES.md 2.9: 'Broken (Soak -2(T) per stack, max 3)'. The Foe's Soak 2 is gone."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=FOE, name=BROKEN))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[9, 1, 5])
    (taken,) = [e for e in encounter.steps[-1].events if isinstance(e, DamageTaken)]
    assert taken.account.total == 5 + 2


def test_shaken_strikes_at_minus_2t() -> None:
    """SOURCES.md 2.9: 'Shaken: Strike -2(T)'."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=HERO, name=SHAKEN))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[5, 9])
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.strike is not None and strike.strike.total == 5 + 3 - 2
