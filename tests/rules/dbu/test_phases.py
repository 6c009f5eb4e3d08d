"""The Effect and End Phases in the order the player picks.

Hero is Tier 2 against the Tier 1 Foe: Initiative Advantage gives it +1 Action each turn.
"""

from __future__ import annotations

import pytest

from fracas.engine.encounter import Encounter
from fracas.engine.events import EffectEnded, Note, PoolChanged
from fracas.engine.gm import AddCombatant, ApplyEffect, SetPool
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.dbu.actions import Convert, EffectOrder, Move
from fracas.rules.dbu.conditions import POISONED, SLOWED
from fracas.rules.dbu.economy import ACTIONS, LP
from fracas.rules.dbu.phase_names import PHASE_WAITS, effect_order
from fracas.rules.dbu.settings import DbuSettings
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool


def slowed_hero(*order: str, settings: DbuSettings | None = None) -> Encounter:
    """The Hero, Slowed four times and Poisoned, starts its first turn (having chosen
    ``order`` ahead)."""
    encounter = fight(9, 2, hero=make_sheet(tier=2), settings=settings, start=False)
    for name in (SLOWED,) * 4 + (POISONED,):
        encounter.apply(ApplyEffect(target=HERO, name=name))
    if order:
        encounter.apply(EffectOrder(actor=HERO, items=order))
    encounter.apply(StartCombat())
    return encounter


def refused(encounter: Encounter, action: object) -> IllegalAction:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value


def waits(encounter: Encounter) -> object:
    return encounter.state[HERO].marks.get(PHASE_WAITS)


def test_the_player_decides_the_order_of_start_of_turn_effects() -> None:
    """Seed (Effect Phase): 'Mechanical Effects: Deal with any other effects that occur at the
    start of your turn. You can decide the order in which they activate, if multiple occur at
    the same time.' Slowed and Initiative Advantage occur at once: the turn waits in its Effect
    Phase for the player. Slowed first takes the 3 Actions there are and Initiative Advantage
    then adds one; Initiative Advantage first gives Slowed 4 to take."""
    encounter = slowed_hero()
    assert waits(encounter) == "effect"
    assert pool(encounter, HERO, ACTIONS) == 3
    told = [e.text for e in encounter.steps[-1].events if isinstance(e, Note)]
    assert "Effect Phase: slowed, advantage occur at once" in told[-1]
    encounter.apply(EffectOrder(actor=HERO, items=("slowed", "advantage")))
    assert pool(encounter, HERO, ACTIONS) == 1
    assert waits(encounter) is None
    encounter.undo()
    assert waits(encounter) == "effect"
    encounter.apply(EffectOrder(actor=HERO, items=("advantage", "slowed")))
    assert pool(encounter, HERO, ACTIONS) == 0


def test_an_order_chosen_ahead_is_not_asked_again() -> None:
    """The order a player chose ahead (``phases`` outside its phases) is kept: its turns do
    not wait for what it places."""
    encounter = slowed_hero("advantage", "slowed")
    assert waits(encounter) is None
    assert pool(encounter, HERO, ACTIONS) == 0


def test_ongoing_damage_comes_before_the_chosen_order() -> None:
    """Seed: Ongoing Damage is the Effect Phase's first item, whatever the order chosen (one
    item placed ahead, the other after it: nothing is left to ask)."""
    encounter = slowed_hero("advantage")
    reasons = [
        e.reason
        for e in encounter.steps[-1].events
        if isinstance(e, PoolChanged) and e.combatant == HERO
    ]
    assert reasons == [POISONED, "Initiative Advantage", SLOWED]
    assert pool(encounter, HERO, LP) == 40 - 4


def test_everything_waits_for_the_effect_phase_and_end_takes_the_default_order() -> None:
    """Seed: 'The Effect Phase happens before anything else'. While the Hero orders its
    Effect Phase nobody acts; ``end`` takes the default order (Slowed, then Initiative
    Advantage) and the Act Phase follows: the turn is still the Hero's."""
    encounter = slowed_hero()
    assert refused(encounter, Move(actor=HERO, squares=1)).code == "phase-waits"
    error = refused(encounter, Convert(actor=FOE, count=1))
    assert "Hero's Effect Phase comes first" in error.reason
    encounter.apply(EndTurn())
    assert waits(encounter) is None
    assert encounter.state.is_turn_of(HERO)
    assert pool(encounter, HERO, ACTIONS) == 1


def test_the_phase_of_one_defeated_while_it_waits_pauses_nobody() -> None:
    """Seed: 'The Effect Phase happens before anything else': the phase of one who is Defeated
    while it waits (the Architect's ruling: 0 Life Points) pauses nobody, as an Out-of-Sequence
    Action of the Defeated does not ('all other maneuvers are paused while the Out-of-Sequence
    Actions are completed'); the Foe converts an Action, and the turn ends in the default
    order. An ally of the Hero fights on."""
    encounter = fight(9, 2, 1, hero=make_sheet(tier=2), start=False)
    encounter.apply(AddCombatant(name="Ally", side="heroes", sheet=make_sheet(name="Ally")))
    for name in (SLOWED, SLOWED):
        encounter.apply(ApplyEffect(target=HERO, name=name))
    encounter.apply(StartCombat())
    assert waits(encounter) == "effect"
    encounter.apply(SetPool(target=HERO, pool=LP, value=0))
    encounter.apply(Convert(actor=FOE, count=1))
    assert pool(encounter, FOE, ACTIONS) == 2
    encounter.apply(EndTurn())
    assert waits(encounter) is None
    assert encounter.state.is_turn_of(FOE)


def slowed_until_next_turn() -> Encounter:
    """The Hero (Tier 2) is Slowed until the start of its next turn; round 2 begins."""
    encounter = fight(9, 2, hero=make_sheet(tier=2))
    encounter.apply(ApplyEffect(target=HERO, name=SLOWED, rounds=1, until="start"))
    encounter.apply(EffectOrder(actor=HERO, items=("advantage",)))
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=FOE))
    return encounter


def test_effects_ending_at_the_start_of_the_turn_end_in_the_order_the_player_picks() -> None:
    """Seed (Effect Phase): 'Ending Effects: Some effects and mechanics might automatically end
    at the start of your turn. You can decide the order in which they end, if multiple occur at
    the same time.' The Slowed condition ends at the start of the Hero's turn, when its Slowed
    step would also take an Action: ended first, it takes none; ended after, it takes one."""
    encounter = slowed_until_next_turn()
    assert waits(encounter) == "effect"
    assert encounter.state[HERO].has(SLOWED)
    encounter.apply(EffectOrder(actor=HERO, items=("slowed-ends",)))
    assert not encounter.state[HERO].has(SLOWED)
    assert pool(encounter, HERO, ACTIONS) == 3 + 1
    encounter.undo()
    encounter.apply(EffectOrder(actor=HERO, items=("slowed", "slowed-ends")))
    assert not encounter.state[HERO].has(SLOWED)
    assert pool(encounter, HERO, ACTIONS) == 3 - 1 + 1


def hero_with_two_end_effects() -> Encounter:
    encounter = fight(9, 2)
    for name in ("Shaken", "Powered Up"):
        encounter.apply(ApplyEffect(target=HERO, name=name, rounds=0, until="end"))
    return encounter


def test_the_end_phase_ends_effects_in_the_order_the_player_picks() -> None:
    """Seed (End Phase): 'The End Phase is identical to the Effects Phase but simply takes place
    at the end of your turn … Ending Effects: Some effects and mechanics might automatically stop
    at the end of your turn. You can decide the order in which they activate'. ``end`` opens the
    End Phase; the player's order ends the effects and then the turn."""
    encounter = hero_with_two_end_effects()
    encounter.apply(EndTurn(actor=HERO))
    assert waits(encounter) == "end"
    assert encounter.state.is_turn_of(HERO)
    assert refused(encounter, Convert(actor=FOE, count=1)).code == "phase-waits"
    step = encounter.apply(EffectOrder(actor=HERO, items=("powered-up-ends", "shaken-ends")))
    ended = [e.effect for e in step.events if isinstance(e, EffectEnded)]
    held = {e.id: e.name for e in hero_with_two_end_effects().state[HERO].effects}
    assert [held[effect] for effect in ended] == ["Powered Up", "Shaken"]
    assert encounter.state.is_turn_of(FOE)
    assert waits(encounter) is None


def test_end_again_ends_the_turn_in_the_default_order() -> None:
    """Ending the turn while its End Phase waits takes the default order (no deadlock)."""
    encounter = hero_with_two_end_effects()
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=HERO))
    assert encounter.state.is_turn_of(FOE)
    assert not encounter.state[HERO].effects


def test_running_out_of_actions_opens_the_end_phase() -> None:
    """'your turn ends as soon as you run out of Actions': its End Phase still waits."""
    encounter = hero_with_two_end_effects()
    encounter.apply(Move(actor=HERO, squares=1))
    encounter.apply(Move(actor=HERO, squares=1))
    encounter.apply(Move(actor=HERO, squares=1))
    assert waits(encounter) == "end"
    encounter.apply(EffectOrder(actor=HERO, items=("auto",)))
    assert encounter.state.is_turn_of(FOE)


def test_an_order_names_items_that_occur() -> None:
    """Only what occurs now can be ordered while a phase waits; ``auto`` answers alone and
    only a waiting phase; the Architect does not choose."""
    with pytest.raises(ValueError, match="name the items in order"):
        effect_order("slowed,,x!")
    encounter = slowed_hero()
    for action, code in (
        (EffectOrder(actor=HERO, items=("grapple",)), "bad-step"),
        (EffectOrder(actor=HERO, items=("auto", "slowed")), "bad-step"),
        (EffectOrder(actor=FOE, items=("auto",)), "no-phase"),
        (EffectOrder(actor=FOE, items=("teatime",)), "bad-step"),
        (EffectOrder(items=("slowed",)), "no-actor"),
    ):
        assert refused(encounter, action).code == code


def test_without_asking_the_default_order_is_kept() -> None:
    """The setting ``ask_phase_order`` off: nothing waits; the default order (Slowed first)."""
    encounter = slowed_hero(settings=DbuSettings(ask_phase_order=False))
    assert waits(encounter) is None
    assert pool(encounter, HERO, ACTIONS) == 1


def test_a_turn_is_an_effect_phase_an_act_phase_and_an_end_phase() -> None:
    """Seed (The Turn): 'Each of your turns has three steps: Effect, Act, and End. The Effect
    Phase happens before anything else … the Act Phase is where all the juicy stuff happens, and
    then the End Phase happens, you guessed it, at the end of your turn.' The Hero's turn waits
    in its Effect Phase, acts once it is ordered, and waits again in its End Phase before the
    Foe's turn starts."""
    encounter = slowed_hero()
    for name in ("Shaken", "Powered Up"):
        encounter.apply(ApplyEffect(target=HERO, name=name, rounds=0, until="end"))
    assert waits(encounter) == "effect"
    encounter.apply(EffectOrder(actor=HERO, items=("auto",)))
    encounter.apply(Move(actor=HERO, squares=1))
    assert pool(encounter, HERO, ACTIONS) == 0
    assert waits(encounter) == "end"
    assert encounter.state.is_turn_of(HERO)
    encounter.apply(EffectOrder(actor=HERO, items=("shaken-ends", "powered-up-ends")))
    assert encounter.state.is_turn_of(FOE)
