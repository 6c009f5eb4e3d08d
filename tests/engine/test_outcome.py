"""The usual end of a fight that every ruleset's ``outcome`` shares."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import CombatantJoined, CombatantLeft, MarkSet
from fracas.engine.standing import Outcome, Standing
from fracas.engine.state import Clock, Combatant, EncounterState, Pool, evolve
from tests.engine.toy import Toy, ToySheet


def fighter(name: str, side: str, up: bool | None = True) -> Combatant:
    return Combatant(CombatantId(name), name, side, ToySheet(speed=3), marks={"up": up})


def is_up(combatant: Combatant) -> bool | None:
    """Standing as its ``up`` mark says; None (does not count) for an object."""
    up = combatant.marks["up"]
    return None if up is None else bool(up)


def outcome(*fighters: Combatant) -> Outcome | None:
    return Standing.of({f.id: f for f in fighters}, is_up).outcome()


def test_the_fight_goes_on_while_two_sides_stand() -> None:
    assert outcome(fighter("a", "x"), fighter("b", "y")) is None


def test_the_last_side_standing_wins() -> None:
    assert outcome(
        fighter("a", "x"), fighter("b", "y", up=False), fighter("c", "y", up=False)
    ) == Outcome("x win", "x")


def test_nobody_standing_is_said_so() -> None:
    both_down = outcome(fighter("a", "x", up=False), fighter("b", "y", up=False))
    assert both_down == Outcome("nobody is left standing")


def test_one_side_alone_is_no_fight_to_end() -> None:
    assert outcome(fighter("a", "x"), fighter("b", "x", up=False)) is None
    assert outcome() is None


def test_those_who_do_not_count_neither_stand_nor_make_a_side() -> None:
    assert outcome(fighter("a", "x"), fighter("door", "y", up=None)) is None
    assert outcome(
        fighter("a", "x"), fighter("b", "y", up=False), fighter("door", "y", up=None)
    ) == Outcome("x win", "x")


def test_who_stands_is_brought_up_to_date_asking_only_those_that_changed() -> None:
    a, b, c = fighter("a", "x"), fighter("b", "y"), fighter("c", "y")
    state = EncounterState(combatants={a.id: a, b.id: b, c.id: c})
    asked: list[str] = []

    def counting(combatant: Combatant) -> bool | None:
        asked.append(combatant.id)
        return is_up(combatant)

    steps = [
        MarkSet(b.id, "up", False),
        MarkSet(a.id, "hp", 3),  # no change to who stands
        CombatantJoined(fighter("d", "z")),
        MarkSet(c.id, "up", False),
        CombatantLeft(CombatantId("d")),
        MarkSet(b.id, "up", True),
        CombatantJoined(fighter("door", "y", up=None)),
    ]
    known = Standing.of(state.combatants, counting)
    seen = []
    for event in steps:
        state = event.apply(state)
        asked.clear()
        known = known.now(state.combatants)
        afresh = Standing.of(state.combatants, is_up)
        assert (known.up, known.counted, known.sides_up) == (
            afresh.up,
            afresh.counted,
            afresh.sides_up,
        )
        if isinstance(event, MarkSet) and event.key == "hp":
            assert asked == ["a"]  # only the one that changed is asked again
        seen.append((known.up, known.outcome()))
    assert seen == [
        (("a", "c"), None),
        (("a", "c"), None),
        (("a", "c", "d"), None),
        (("a", "d"), None),
        (("a",), Outcome("x win", "x")),
        (("a", "b"), None),
        (("a", "b"), None),
    ]


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
