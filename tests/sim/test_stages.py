"""A rule's stage (``fracas.dice.staged``) is run once per distinct draws in one pass of the exact
odds, and handed back with its draws skipped; any other dice source just runs it."""

from __future__ import annotations

from fracas.dice import DiceSource, LoadedDice, SeededDice, replays, shared, staged
from fracas.sim.branching import BranchingDice, Stages


class Attack:
    """A toy resolution: a d20 stage (an attack roll), then a d6 (a damage roll)."""

    def __init__(self) -> None:
        self.aimed = 0

    def aim(self, dice: DiceSource) -> tuple[str, int]:
        self.aimed += 1
        face = dice.roll(20)
        return ("hit" if face >= 11 else "miss", face)

    def resolve(self, dice: DiceSource) -> tuple[str, int, int]:
        outcome, face = staged(dice, lambda: self.aim(dice))
        return outcome, face, dice.roll(6)


def test_other_sources_run_the_stage_every_time() -> None:
    attack = Attack()
    assert attack.resolve(LoadedDice([12, 3])) == ("hit", 12, 3)
    assert attack.resolve(LoadedDice([12, 4])) == ("hit", 12, 4)
    assert attack.resolve(SeededDice(1))[0] in {"hit", "miss"}
    assert attack.aimed == 3


def test_only_the_exact_odds_replay_their_draws() -> None:
    assert replays(BranchingDice([12, 3]))
    assert not replays(LoadedDice([12, 3])) and not replays(SeededDice(1))


def test_a_stage_after_the_same_draws_is_handed_back_with_its_draws_skipped() -> None:
    attack, stages = Attack(), Stages()
    twelve, nine = 12, 9
    found = [attack.resolve(BranchingDice([twelve, damage], stages=stages)) for damage in (1, 6)]
    assert found == [("hit", 12, 1), ("hit", 12, 6)]
    assert attack.aimed == 1  # the second resolution did not roll the d20 again
    assert attack.resolve(BranchingDice([nine, 2], stages=stages)) == ("miss", 9, 2)
    assert attack.aimed == 2  # another d20: the stage ran again
    assert attack.resolve(BranchingDice([twelve, 5])) == ("hit", 12, 5)
    assert attack.aimed == 3  # another pass (its own stages): run again


def test_stages_after_a_handed_back_stage_keep_their_numbers() -> None:
    """A stage that starts another is handed back whole; the stage after it is still told
    from the inner one, though a handed-back run starts no inner stage."""
    ran: list[str] = []

    def resolve(dice: DiceSource) -> tuple[int, int, int]:
        def outer() -> tuple[int, int]:
            ran.append("outer")
            return dice.roll(20), staged(dice, inner)

        def inner() -> int:
            ran.append("inner")
            return 100

        def after() -> int:
            ran.append("after")
            return 200

        first, second = staged(dice, outer)
        return first, second, staged(dice, after)

    stages = Stages()
    assert resolve(BranchingDice([7], stages=stages)) == (7, 100, 200)
    assert resolve(BranchingDice([7], stages=stages)) == (7, 100, 200)
    assert ran == ["outer", "inner", "after"]


class Landing:
    """A toy damage part shared by its arguments: a d6 added to what the target has taken so
    far in ``state`` (a mapping standing for a state: it reads nothing else)."""

    def __init__(self) -> None:
        self.landed: list[int] = []

    def land(self, dice: DiceSource, state: dict[str, int], target: str) -> int:
        face = dice.roll(6)
        self.landed.append(face)
        return state[target] + face

    def resolve(self, dice: DiceSource, state: dict[str, int], target: str) -> tuple[int, int]:
        """A d20 (not read by the damage part), then the damage, shared by its arguments."""
        return dice.roll(20), shared(dice, self.land, state, target)


def test_a_shared_stage_is_handed_back_whatever_was_drawn_before_it() -> None:
    landing, stages = Landing(), Stages()
    state, target, three = {"raptor": 10}, "raptor", 3
    found = [
        landing.resolve(BranchingDice([face, three], stages=stages), state, target)
        for face in (12, 15, 19)
    ]
    assert found == [(12, 13), (15, 13), (19, 13)]
    assert landing.landed == [3]  # the two later d20s shared the first one's damage
    assert landing.resolve(BranchingDice([12, 4], stages=stages), state, target) == (12, 14)
    assert landing.landed == [3, 4]  # another damage draw: run again


def test_a_shared_stage_with_another_argument_runs_again() -> None:
    """Two states alike but for what the stage reads (here: equal, yet other objects, and
    one really different): each runs, so none is handed another's damage."""
    landing, stages = Landing(), Stages()
    first, same_again, hurt = {"raptor": 10}, {"raptor": 10}, {"raptor": 25}
    target = "raptor"
    assert landing.resolve(BranchingDice([12, 3], stages=stages), first, target) == (12, 13)
    assert landing.resolve(BranchingDice([15, 3], stages=stages), hurt, target) == (15, 28)
    assert landing.resolve(BranchingDice([19, 3], stages=stages), same_again, target) == (19, 13)
    assert landing.landed == [3, 3, 3]


def test_a_shared_stage_of_another_object_runs_again() -> None:
    """A method's object is part of what is shared: another object's method runs itself."""
    first, second, stages = Landing(), Landing(), Stages()
    state, target = {"raptor": 10}, "raptor"
    first.resolve(BranchingDice([12, 3], stages=stages), state, target)
    assert second.resolve(BranchingDice([12, 3], stages=stages), state, target) == (12, 13)
    assert (first.landed, second.landed) == ([3], [3])


def test_other_sources_call_a_shared_stage_every_time() -> None:
    landing, state = Landing(), {"raptor": 10}
    assert landing.resolve(LoadedDice([12, 3]), state, "raptor") == (12, 13)
    assert landing.resolve(LoadedDice([12, 3]), state, "raptor") == (12, 13)
    assert landing.landed == [3, 3]


def test_stages_after_a_handed_back_shared_stage_keep_their_numbers() -> None:
    """A shared stage that starts a numbered one, handed back, still counts it."""
    ran: list[str] = []

    def inner() -> int:
        ran.append("inner")
        return 100

    def after() -> int:
        ran.append("after")
        return 200

    def part(dice: DiceSource, base: int) -> int:
        ran.append("part")
        return base + staged(dice, inner)

    def resolve(dice: DiceSource, base: int) -> tuple[int, int, int]:
        face = dice.roll(20)
        return face, shared(dice, part, base), staged(dice, after)

    stages = Stages()
    assert resolve(BranchingDice([7], stages=stages), 1) == (7, 101, 200)
    assert resolve(BranchingDice([7], stages=stages), 1) == (7, 101, 200)  # not inner's 100
    assert ran == ["part", "inner", "after"]
    assert resolve(BranchingDice([8], stages=stages), 1) == (8, 101, 200)
    assert ran == ["part", "inner", "after", "after"]  # another d20 before: after ran again
