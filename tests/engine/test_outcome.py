"""The usual end of a fight that every ruleset's ``outcome`` shares."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import Outcome, last_side_standing
from fracas.engine.state import Clock, Combatant, EncounterState, Pool, evolve
from tests.engine.toy import Toy, ToySheet


def fighter(name: str, side: str, up: bool = True) -> Combatant:
    return Combatant(CombatantId(name), name, side, ToySheet(speed=3), marks={"up": up})


def is_up(combatant: Combatant) -> bool:
    return bool(combatant.marks["up"])


def test_the_fight_goes_on_while_two_sides_stand() -> None:
    assert last_side_standing([fighter("a", "x"), fighter("b", "y")], is_up) is None


def test_the_last_side_standing_wins() -> None:
    fighters = [fighter("a", "x"), fighter("b", "y", up=False), fighter("c", "y", up=False)]
    assert last_side_standing(fighters, is_up) == Outcome("x win", "x")


def test_nobody_standing_is_said_so() -> None:
    fighters = [fighter("a", "x", up=False), fighter("b", "y", up=False)]
    assert last_side_standing(fighters, is_up) == Outcome("nobody is left standing")


def test_one_side_alone_is_no_fight_to_end() -> None:
    assert last_side_standing([fighter("a", "x"), fighter("b", "x", up=False)], is_up) is None
    assert last_side_standing([], is_up) is None


def _standing(hp_of_b: int) -> EncounterState:
    a = Combatant(CombatantId("a"), "a", "x", ToySheet(speed=3), pools={"HP": Pool(5, 5)})
    b = Combatant(CombatantId("b"), "b", "y", ToySheet(speed=2), pools={"HP": Pool(hp_of_b, 5)})
    return EncounterState(combatants={a.id: a, b.id: b})


class Counted(Toy):
    """The toy ruleset, counting how often its outcome is worked out."""

    asked = 0

    def outcome(self, state: EncounterState) -> Outcome | None:
        self.asked += 1
        return super().outcome(state)


def test_decided_is_the_outcome_worked_out_once_per_combatants_mapping() -> None:
    toy = Counted()
    going_on = _standing(5)
    assert toy.decided(going_on) is None
    # a clock event leaves the combatants mapping as it is: the same outcome, not asked again
    assert toy.decided(evolve(going_on, clock=Clock(round=1))) is None
    assert toy.asked == 1
    # a new combatants mapping is asked about afresh
    b = going_on[CombatantId("b")]
    over = going_on.with_combatant(evolve(b, pools={"HP": Pool(0, 5)}))
    assert toy.decided(over) == Outcome("x win", "x")
    assert toy.decided(_standing(5)) is None
    assert toy.asked == 3
