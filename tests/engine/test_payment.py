"""The engine folds an action's payment once per state and action (``Encounter._paying``): the
same action applied again to the same state is resolved in the very same paid state, which a
rule's shared stage may be shared by (``fracas.dice.shared``); another state or another action
pays anew."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.dice import DiceSource, LoadedDice
from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, PoolChanged, reduce
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import Rule
from fracas.engine.state import EncounterState
from fracas.engine.turns import StartCombat
from tests.engine.test_encounter import ADA, BO, ap, hp
from tests.engine.toy import Punch, PunchRule, Toy, ToySheet


class WatchedPunch(PunchRule):
    """The toy's punch, keeping every state it resolved a punch in."""

    def __init__(self) -> None:
        self.resolved_in: list[EncounterState] = []

    def resolve(self, state: EncounterState, action: Punch, dice: DiceSource) -> Sequence[Event]:
        self.resolved_in.append(state)
        return super().resolve(state, action, dice)


class Watched(Toy):
    """The toy rules with one punch rule that watches."""

    def __init__(self) -> None:
        super().__init__()
        self.punch = WatchedPunch()

    def rule(self, action: Action) -> Rule[Any] | None:
        return self.punch if isinstance(action, Punch) else super().rule(action)


def watched_fight() -> tuple[Encounter, Watched]:
    """Ada (speed 9) against Bo (speed 5), combat started: Ada's turn, 2 AP."""
    rules = Watched()
    encounter = Encounter(rules, seed=7)
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=5)))
    encounter.apply(StartCombat())
    return encounter, rules


def test_the_same_action_again_in_the_same_state_is_resolved_in_the_same_paid_state() -> None:
    encounter, rules = watched_fight()
    punch, start = Punch(actor=ADA, target=BO), encounter.state
    encounter.dice = LoadedDice([4])
    first = encounter.apply(punch)
    encounter.undo()
    encounter.dice = LoadedDice([4])
    assert encounter.apply(punch).events == first.events
    paid, again = rules.punch.resolved_in
    assert again is paid
    assert paid[ADA].pools["AP"].current == start[ADA].pools["AP"].current - 1
    assert (ap(encounter, ADA), hp(encounter, BO)) == (1, 6)


def test_another_state_pays_anew() -> None:
    """Bo already hurt: the same punch object from this other state is paid and resolved in
    it, not in the state paid before (which would leave Bo at 10 - 4)."""
    encounter, rules = watched_fight()
    punch, start = Punch(actor=ADA, target=BO), encounter.state
    encounter.dice = LoadedDice([4])
    encounter.apply(punch)
    encounter.undo()
    encounter.state = reduce(start, [PoolChanged(BO, "HP", -3)])
    encounter.dice = LoadedDice([4])
    encounter.apply(punch)
    first, second = rules.punch.resolved_in
    assert second is not first
    assert second[BO].pools["HP"].current == 7
    assert (ap(encounter, ADA), hp(encounter, BO)) == (1, 3)


def test_another_action_pays_anew() -> None:
    """An equal punch that is another object pays its own cost in a state of its own."""
    encounter, rules = watched_fight()
    start = encounter.state
    encounter.dice = LoadedDice([4])
    encounter.apply(Punch(actor=ADA, target=BO))
    encounter.undo()
    assert encounter.state is start
    encounter.dice = LoadedDice([2])
    encounter.apply(Punch(actor=ADA, target=BO))
    first, second = rules.punch.resolved_in
    assert second is not first and second == first
    assert (ap(encounter, ADA), hp(encounter, BO)) == (1, 8)
