"""``fracas.engine.memo``: answers remembered by the very objects they were asked of."""

from __future__ import annotations

from fracas.engine import memo
from fracas.engine.action import CombatantId
from fracas.engine.memo import by_identity, per_object, per_object_and, per_sheet
from fracas.engine.state import Combatant, Pool, evolve
from tests.engine.toy import ToySheet


class Box:
    def __init__(self, value: int) -> None:
        self.value = value


def test_an_answer_is_worked_out_once_for_the_same_objects_and_afresh_for_others() -> None:
    asked: list[tuple[int, int]] = []

    @by_identity
    def total(first: Box, second: Box) -> int:
        asked.append((first.value, second.value))
        return first.value + second.value

    one, two = Box(1), Box(2)
    assert total(one, two) == 3
    assert total(one, two) == 3
    assert total(two, one) == 3
    assert total(Box(1), two) == 3  # an equal object, not the same one: asked again
    assert asked == [(1, 2), (2, 1), (1, 2)]


def test_it_starts_afresh_once_it_holds_its_most() -> None:
    asked: list[int] = []

    @by_identity
    def double(box: Box) -> int:
        asked.append(box.value)
        return 2 * box.value

    boxes = [Box(n) for n in range(memo.AT_MOST + 1)]
    assert [double(b) for b in boxes] == [2 * n for n in range(memo.AT_MOST + 1)]
    assert double(boxes[-1]) == 2 * memo.AT_MOST  # kept after starting afresh
    assert double(boxes[0]) == 0  # forgotten: asked again
    assert asked == [*range(memo.AT_MOST + 1), 0]


def test_per_object_works_an_answer_out_once_per_object() -> None:
    asked: list[int] = []

    @per_object
    def double(box: Box) -> int:
        asked.append(box.value)
        return 2 * box.value

    one = Box(1)
    assert (double(one), double(one), double(Box(1))) == (2, 2, 2)
    assert asked == [1, 1]  # the equal object, not the same one, was asked again


def test_per_object_and_tells_the_value_apart_by_equality() -> None:
    """A tuple of names built afresh at each ask finds the answer kept for an equal one."""
    asked: list[tuple[int, tuple[str, ...]]] = []

    @per_object_and
    def counted(box: Box, names: tuple[str, ...]) -> int:
        asked.append((box.value, names))
        return box.value + len(names)

    one = Box(1)
    assert counted(one, ("a", "b")) == 3
    assert counted(one, tuple("ab")) == 3
    assert counted(one, ("a",)) == 2
    assert counted(Box(1), ("a",)) == 2
    assert asked == [(1, ("a", "b")), (1, ("a",)), (1, ("a",))]


def test_per_sheet_works_an_answer_out_once_per_sheet_whatever_else_of_the_combatant_changes() -> (
    None
):
    asked: list[int] = []

    @per_sheet
    def double(sheet: ToySheet) -> int:
        asked.append(sheet.speed)
        return 2 * sheet.speed

    sheet = ToySheet(speed=3)
    ada = Combatant(CombatantId("ada"), "Ada", "heroes", sheet, pools={"HP": Pool(5, 5)})
    hurt = evolve(ada, pools={"HP": Pool(2, 5)})  # another combatant, the same sheet
    other = evolve(ada, sheet=ToySheet(speed=3))  # an equal sheet, not the same one
    assert (double(ada), double(hurt), double(other)) == (6, 6, 6)
    assert asked == [3, 3]
