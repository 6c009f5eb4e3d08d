"""Instant Actions one at a time, in the announced sequence, before or after a declared maneuver.

Hero (11) and Foe (4); it is the Hero's turn. A miss: Strike 2 + 3 against Dodge 9 + 4.
"""

from __future__ import annotations

import pytest

from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import IllegalAction
from fracas.rules.dbu.actions import Attack, Convert, NoEffort, Simultaneous
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.instant_order import pending
from tests.rules.dbu.support import FOE, HERO, fight, pool

HERO_FIRST = (9, 2)
MISS = (2, 9)


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return f"{error.value.code}: {error.value.reason}"


def test_an_instant_action_declared_before_the_maneuver_comes_first() -> None:
    """Seed: 'If a player states their character will do a maneuver, you can declare you will
    use any maneuver that requires an Instant Action in response – either before or after their
    declared action.' The Foe answers the Hero's declared attack first: the attack waits."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Simultaneous(first=(FOE,), around=HERO))
    assert pending(encounter.state) == [FOE, HERO]
    assert refused(encounter, Attack(actor=HERO, target=FOE)) == (
        "instant-order: attack: one Instant Action at a time; Foe comes before Hero in the"
        " announced sequence"
    )
    encounter.apply(NoEffort(actor=FOE, kind="prone"))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=MISS)
    assert pool(encounter, HERO, ACTIONS) == 2
    assert pending(encounter.state) == []


def test_an_instant_action_declared_after_the_maneuver_waits_for_it() -> None:
    """Seed: '… either before or after their declared action.' The Foe's Instant Action comes
    after the Hero's declared attack, and is refused until that attack is made."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Simultaneous(last=(FOE,), around=HERO))
    assert refused(encounter, NoEffort(actor=FOE, kind="prone")).startswith("instant-order")
    encounter.apply(Attack(actor=HERO, target=FOE), faces=MISS)
    assert pending(encounter.state) == [FOE]
    encounter.apply(NoEffort(actor=FOE, kind="prone"))
    assert pending(encounter.state) == []
    encounter.apply(Convert(actor=FOE, count=1))


def test_simultaneous_instant_actions_go_one_at_a_time_in_the_announced_order() -> None:
    """Seed: 'you can only use one Instant Action at a time'; 'the character with the lowest
    Initiative will decide if their maneuver comes first or last … The characters with higher
    initiative will supersede those with lower initiative'. Both want last: Foe, then Hero; the
    Hero's Instant Action waits for the Foe's."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Simultaneous(last=(FOE, HERO)))
    assert refused(encounter, Convert(actor=HERO, count=1)).startswith(
        "instant-order: convert: one Instant Action at a time; Foe comes before Hero"
    )
    encounter.apply(Convert(actor=FOE, count=1))
    encounter.apply(Convert(actor=HERO, count=1))
    assert pool(encounter, HERO, ACTIONS) == 2


def test_the_architect_withdraws_or_replaces_the_sequence() -> None:
    """The Architect sequences the declared Instant Actions, so the Architect withdraws them
    (a bare ``instants``) when someone changes their mind; the one declared around is named
    once only."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Simultaneous(first=(FOE,), around=HERO))
    encounter.apply(Simultaneous())
    assert pending(encounter.state) == []
    encounter.apply(Attack(actor=HERO, target=FOE), faces=MISS)
    assert refused(encounter, Simultaneous(first=(HERO,), around=HERO)).startswith("bad-instants")
