"""Healing and a game master's direct damage: the running total and the degrees of injury."""

from __future__ import annotations

import pytest

from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_of
from fracas.engine.action import CombatantId
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.healing import degrees_healed, removed_degrees
from fracas.rules.lurasko.queries import sheet_of
from fracas.rules.lurasko.vocabulary import InjuryType

LEGIONARY = CombatantId("legionary")
"""The demo's Legionary: injury factor 7."""


@pytest.mark.parametrize(
    ("before", "healed", "degrees"),
    [(12, 2, 0), (12, 3, 1), (12, 7, 1), (12, 8, 2), (12, 100, 2), (10, 1, 1), (4, 4, 0)],
)
def test_healing_removes_the_degrees_it_falls_back_below(
    before: int, healed: int, degrees: int
) -> None:
    """SOURCES.md 5.1: degrees = floor(total / factor) and "Healing that much damage removes a
    degree": with factor 5, 12 damage (2 degrees) healed to 10 keeps both, to 9 loses one."""
    assert degrees_healed(before, healed, 5) == degrees


def test_healing_needs_a_factor_and_no_negative_amounts() -> None:
    with pytest.raises(LuraskoRuleError):
        degrees_healed(12, 3, 0)
    with pytest.raises(LuraskoRuleError):
        degrees_healed(12, -3, 5)


def test_degrees_are_taken_from_the_named_type_first_then_in_order() -> None:
    held = [(InjuryType.SUPERFICIAL, 1), (InjuryType.CORE, 2), (InjuryType.MOBILITY, 1)]
    assert removed_degrees(held, 3, InjuryType.CORE) == (
        (InjuryType.CORE, 2),
        (InjuryType.SUPERFICIAL, 1),
    )
    assert removed_degrees(held, 2, None) == ((InjuryType.SUPERFICIAL, 1), (InjuryType.CORE, 1))


def test_heal_command_lowers_the_total_and_removes_degrees_of_the_type_named_first() -> None:
    """SOURCES.md 5.1: "Healing that much damage removes a degree". Factor 7: 8 Superficial and
    then 7 Mobility damage make 15 (2 degrees); healing 2 falls below 14 and removes one, from
    the Mobility degree because it is named."""
    session = open_encounter(demo_of("lurasko"), seed=1)
    assert session.run("damage legionary 8 -type superficial").ok
    assert session.run("damage legionary 7 -type mobility").ok
    marks = session.state[LEGIONARY].marks
    assert (marks["damage"], marks["superficial"], marks["mobility"]) == (15, 1, 1)
    reply = session.run("heal legionary 2 -type mobility")
    assert reply.ok, reply.error
    marks = session.state[LEGIONARY].marks
    assert (marks["damage"], marks["superficial"], marks["mobility"]) == (13, 1, 0)


def test_direct_damage_without_a_type_takes_the_settings_injury_type() -> None:
    """The setting ``quick_damage_injury`` (default Superficial) types the degrees of a
    ``damage`` that names none; Core degrees at 2 x bCON kill as from a hit (SOURCES.md 5.1)."""
    session = open_encounter(demo_of("lurasko"), seed=1)
    assert session.run("damage legionary 7").ok
    assert session.state[LEGIONARY].marks["superficial"] == 1
    bcon = sheet_of(session.state[LEGIONARY]).bcon
    assert session.run(f"damage legionary {2 * bcon * 7} -type core").ok
    assert session.state[LEGIONARY].marks["dead"] is True
    assert session.run("heal legionary 5").error == "Legionary is dead and cannot be healed"
