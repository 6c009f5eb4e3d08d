"""Momentum's damage is a shared stage (``fracas.dice.shared``): the exact odds work it out once
per damage total for every attack roll that lands it the same way from the same state (the
plain hits of a d20), and never hand it to an attack made from another state. Checked
against brute force on an exchange of two attacks (``then``) on a target so worn that where the
first left it changes what the second does (Bleeding starts once, death at the threshold)."""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from fractions import Fraction

from fracas.dice import LoadedDice
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import PoolSet, reduce
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.momentum.events import DamageRolled
from fracas.rules.momentum.queries import VITALITY
from fracas.sim.odds import Leaf, leaves
from fracas.sim.scenario import open_scenario, ready

RAPTOR, SCOUT = CombatantId("raptor-1"), CombatantId("scout")


def worn_exchange() -> tuple[Encounter, Action]:
    """The momentum demo, Raptor 1 down to 3 Vitality and the Scout with AP for two attacks:
    the Scout's dagger attack on Raptor 1."""
    session = open_scenario("momentum")
    encounter = session.encounter
    worn = [PoolSet(RAPTOR, VITALITY, 3), PoolSet(SCOUT, "AP", 4, maximum=4)]
    encounter.state = reduce(encounter.state, worn)
    return encounter, ready(session, "Scout: attack raptor-1 -with dagger")


def brute_force(
    encounter: Encounter, actions: tuple[Action, ...], sides: tuple[int, ...]
) -> dict[Hashable, Fraction]:
    """Every sequence of faces for each action's ``sides``, each equally likely (faces an
    action does not use are left over, which weighs each branch by its probability), the
    actions applied one by one (a later one the rules refuse is skipped): the chance of each
    state they end in (``summary``)."""
    ends: dict[Hashable, Fraction] = {}
    each = list(itertools.product(*(range(1, s + 1) for s in sides)))
    everything = list(itertools.product(each, repeat=len(actions)))
    chance = Fraction(1, len(everything))
    for faces in everything:
        trial = Encounter(encounter.ruleset, history=False)
        trial.state = encounter.state
        for number, (action, loaded) in enumerate(zip(actions, faces, strict=True)):
            trial.dice = LoadedDice(loaded)
            try:
                trial.apply(action)
            except IllegalAction:
                assert number > 0
        end = summary(trial.state)
        ends[end] = ends.get(end, Fraction(0)) + chance
    return ends


def summary(state: EncounterState) -> Hashable:
    """What an attack may change of a state: every combatant's pools, effects and marks, the
    effects' counter and whether the fight ended."""
    combatants = tuple(
        (
            c.id,
            tuple((name, pool.current, pool.maximum) for name, pool in c.pools.items()),
            tuple((e.id, e.name, e.ends, tuple(e.data.items())) for e in c.effects),
            tuple(sorted(c.marks.items())),
        )
        for c in state
    )
    return combatants, state.next_effect, state.ended


def test_two_attacks_in_one_exchange_end_as_brute_force_says() -> None:
    """The second attack starts where the first left Raptor 1 (3 Vitality less what it took,
    Bleeding or not): the damage of the first, shared by its plain hits, is not the second's,
    though the same attack rolls the same total with the same dagger on the same target."""
    encounter, dagger = worn_exchange()
    ends: dict[Hashable, Fraction] = {}
    for leaf in leaves(encounter, dagger, then=[dagger]):
        end = summary(leaf.state)
        ends[end] = ends.get(end, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
    assert ends == brute_force(encounter, (dagger, dagger), (20, 4))


def test_plain_hits_of_the_same_total_share_their_damage_and_state() -> None:
    """The dagger's 1d4 after each of the six faces of the d20 that hit Raptor 1 plainly (not
    a natural 20): for each total, the six leaves hold the very same damage events and end in
    the very same state, worked out once."""
    encounter, dagger = worn_exchange()
    by_total: dict[int, list[Leaf]] = {}
    for leaf in leaves(encounter, dagger):
        if encounter.ruleset.classify(leaf.events) == "hit":
            rolled = next(e for e in leaf.events if isinstance(e, DamageRolled))
            by_total.setdefault(rolled.roll.total, []).append(leaf)
    assert sorted(by_total) == [1, 2, 3, 4]
    for hits in by_total.values():
        assert len(hits) == 6
        assert len({id(leaf.state) for leaf in hits}) == 1
        damage = [leaf.events[2:] for leaf in hits]  # after the payment and the attack roll
        assert all(all(a is b for a, b in zip(d, damage[0], strict=True)) for d in damage)
