"""A rule's stage (``fracas.dice.staged``) is run once per distinct draws in one pass of the exact
odds, and handed back with its draws skipped; any other dice source just runs it."""

from __future__ import annotations

from fracas.dice import DiceSource, LoadedDice, SeededDice, staged
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
