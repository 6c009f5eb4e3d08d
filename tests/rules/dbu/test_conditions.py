"""Combat Conditions on the engine: damage over time in the Effect Phase, Slowed, Broken,
Shaken, Impediment and Sleeping (SOURCES.md 2.9)."""

from __future__ import annotations

import pytest

from fracas.engine.gm import ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn
from fracas.rules.dbu.actions import Attack, Convert, Move
from fracas.rules.dbu.conditions import BROKEN, IMPEDIMENT, POISONED, SLEEPING, SLOWED
from fracas.rules.dbu.economy import ACTIONS, KP, LP
from fracas.rules.dbu.events import DamageTaken, StrikeRolled
from fracas.rules.dbu.settings import DbuSettings
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


def test_impediment_divides_both_speeds() -> None:
    """SOURCES.md 2.9 names 'Impediment' without its effect; the reading chosen here (setting
    ``impediment_speed_divisor``) is hindered movement: Normal Speed 5 and Boosted 10 become
    2 and 5, so 4 squares cost 3 Ki for each of the 2 beyond Normal Speed and 6 are too far."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=HERO, name=IMPEDIMENT, rounds=1))
    encounter.apply(Move(actor=HERO, squares=4))
    assert pool(encounter, HERO, KP) == 30 - 6
    before = encounter.state
    with pytest.raises(IllegalAction):
        encounter.apply(Move(actor=HERO, squares=6))
    assert encounter.state is before


def test_the_sleeping_take_no_actions_and_their_turns_pass() -> None:
    """SOURCES.md 2.9 names 'Sleeping' without its effect; the reading chosen here: a sleeper
    takes no Actions of any kind (not even Instant Actions) and its turns pass."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=FOE, name=SLEEPING))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Convert(actor=FOE, count=1))
    assert refused.value.code == "sleeping"
    assert encounter.state is before
    encounter.apply(EndTurn(actor=HERO))
    assert encounter.state.is_turn_of(HERO)
    assert encounter.state.clock.round == 2


def test_a_sleeper_is_guard_down_and_damage_wakes_it() -> None:
    """The reading chosen here (settings ``sleeping_guard_down``, ``sleeping_wakes_on_damage``):
    the sleeper's Dodge Roll takes Guard Down's -2(T), and the damage of the hit wakes it."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=FOE, name=SLEEPING))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[5, 5, 5])
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.dodge is not None and strike.dodge.total == 5 + 4 - 2
    assert pool(encounter, FOE, LP) < 40
    assert not encounter.state[FOE].has(SLEEPING)


def test_ongoing_damage_wakes_the_sleeper_for_its_turn() -> None:
    """Seed (Effect Phase): 'Ongoing Damage: If you are suffering from any Damage Over Time
    effects, you suffer those effects now', before the Act Phase; the reading chosen here
    (``sleeping_wakes_on_damage``): damage wakes the Sleeping. Poisoned, the sleeping Foe is
    woken by the damage of its own Effect Phase, and takes the turn that follows it."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=FOE, name=SLEEPING))
    encounter.apply(ApplyEffect(target=FOE, name=POISONED))
    encounter.apply(EndTurn(actor=HERO))
    assert pool(encounter, FOE, LP) == 36
    assert not encounter.state[FOE].has(SLEEPING)
    assert encounter.state.is_turn_of(FOE)
    assert encounter.state.clock.round == 1


def test_sleeping_without_the_readings() -> None:
    """With both readings off, the sleeper dodges without penalty and sleeps on when hit."""
    settings = DbuSettings(sleeping_guard_down=False, sleeping_wakes_on_damage=False)
    encounter = fight(*HERO_FIRST, settings=settings)
    encounter.apply(ApplyEffect(target=FOE, name=SLEEPING))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[9, 2, 5])
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.dodge is not None and strike.dodge.total == 2 + 4
    assert pool(encounter, FOE, LP) < 40
    assert encounter.state[FOE].has(SLEEPING)


def test_a_condition_lasts_as_long_as_the_architect_says() -> None:
    """The sources give these conditions no duration: the Architect gives one (``-rounds N
    -until start|end``), and the condition ends then, at the anchored turn's End Phase."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=FOE, name=BROKEN, rounds=0, until="end"))
    encounter.apply(EndTurn(actor=HERO))
    assert encounter.state[FOE].has(BROKEN)
    encounter.apply(EndTurn(actor=FOE))
    assert not encounter.state[FOE].has(BROKEN)
