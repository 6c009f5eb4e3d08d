"""The usual end of a fight that every ruleset's ``outcome`` shares."""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import Outcome, last_side_standing
from fracas.engine.state import Combatant
from tests.engine.toy import ToySheet


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
