"""Two choices the seed leaves open, as settings whose defaults are what fracas always did
(issue 18, item 8): how two Power Up stacks raise the Capacity Rate, and how a halved Push Back
rounds. Driven through commands with typed-in dice."""

from __future__ import annotations

import pytest

from fracas.app.session import Session
from fracas.rules.dbu.power_rules import powered_rate
from fracas.rules.dbu.settings import DbuSettings
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet

HERO_FIRST = (9, 2)


def table(settings: DbuSettings, **hero: object) -> Session:
    encounter = fight(*HERO_FIRST, hero=make_sheet(**hero), settings=settings)
    return Session(encounter, "settings", setup=len(encounter.steps))


def ok(session: Session, line: str) -> tuple[str, ...]:
    reply = session.run(line)
    assert reply.error is None, reply.error
    return reply.lines


@pytest.mark.parametrize(("stacking", "rates"), [("added", (80, 96)), ("compounded", (80, 100))])
def test_two_power_ups_add_to_the_base_rate_or_compound(
    stacking: str, rates: tuple[int, int]
) -> None:
    """Seed (Power Up): 'increase your Capacity Rate by 1/4 … cannot stack more than twice'; the
    seed does not say whether the second quarter is of the base rate (1.5x, the default) or of
    the raised one (1.25 x 1.25 = 1.5625x): setting ``power_up_stacking``. Capacity Rate 64;
    each Power Up raises the Capacity left by as much as the rate."""
    settings = DbuSettings(power_up_stacking=stacking)  # type: ignore[arg-type]
    session = table(settings, capacity_rate=64, ki_points=100)
    for rate in rates:
        ok(session, "powerup")
        capacity = session.state[HERO].pools["Capacity"]
        assert (capacity.current, capacity.maximum) == (rate, rate)
    assert powered_rate(64, 2, settings=settings) == rates[1]
    assert session.state[HERO].pools["Actions"].current == 1
    assert session.state[FOE].pools["Capacity"].current == 20


@pytest.mark.parametrize(("halving", "squares"), [("down", 1), ("up", 2)])
def test_a_halved_push_back_rounds_down_or_up(halving: str, squares: int) -> None:
    """Seed (Push Back): 'Move the target a number of squares equal to your Force Modifier. The
    target can make an Acrobatics Skill Check, TN Medium. If they pass, reduce the distance
    they are Thrust back by 1/2.' Force 3 halved: 1 (down, the default) or 2 (up), setting
    ``push_back_halving``. The Foe's Acrobatics 6 + 5 passes TN 10."""
    settings = DbuSettings(push_back_halving=halving)  # type: ignore[arg-type]
    encounter = fight(
        *HERO_FIRST,
        hero=make_sheet(modifiers={"force": 3}),
        foe=make_sheet(skills={"acrobatics": 5}),
        settings=settings,
    )
    session = Session(encounter, "settings", setup=len(encounter.steps))
    lines = ok(session, "thrust foe !8 5 6")
    assert f"Foe notes: is thrust back {squares} squares" in lines
    assert session.state[FOE].pools["LP"].current == 40
