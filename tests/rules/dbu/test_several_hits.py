"""Several hits or damage incidents in one step (issue 18, item 1): an Area of Effect attack on
two targets, and a Throw through a combatant into terrain (three incidents on the thrown).
Driven through commands with typed-in dice; each test asserts every combatant's final state.

Hero (Initiative 11) against Foe (4) and Other (3), Tier 1: Strike d10 + 3, Dodge d10 + 4, an
energy Wound d10 + Spirit 3, Soak 2, 40 LP, 30 KP, Capacity 20.
"""

from __future__ import annotations

from fracas.app.session import Session
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.rules.dbu.ruleset import Dbu
from tests.rules.dbu.support import make_sheet

HERO, FOE, OTHER = CombatantId("hero"), CombatantId("foe"), CombatantId("other")


def table() -> Session:
    encounter = Encounter(Dbu(), dice=LoadedDice(()))
    for name, side in (("Hero", "heroes"), ("Foe", "foes"), ("Other", "foes")):
        encounter.apply(AddCombatant(name=name, side=side, sheet=make_sheet(name=name)))
    session = Session(encounter, "several hits", setup=3)
    ok(session, "start !9 2 1")
    return session


def ok(session: Session, line: str) -> None:
    reply = session.run(line)
    assert reply.error is None, reply.error


def pools(session: Session, who: CombatantId) -> dict[str, int]:
    return {name: pool.current for name, pool in session.state[who].pools.items()}


def effects(session: Session, who: CombatantId) -> set[str]:
    return {effect.name for effect in session.state[who].effects}


UNTOUCHED = {"Actions": 3, "Counter": 1, "Converted": 0, "LP": 40, "KP": 30, "Capacity": 20}


def test_an_area_attack_wounds_each_target_it_hits() -> None:
    """Seed (Rebound): 'All characters within the Area of Effect … must roll their Dodge Rolls
    against your Strike Roll.' Strike 8 + 3 = 11 hits Foe (2 + 4) and Other (5 + 4); Foe takes
    5 + 3 - 2, Other 6 + 3 - 2. Hero paid one Action and the Energy Explosion's 5 Ki."""
    session = table()
    ok(session, "attack foe -foundation energy -profile explosion -area other !8 2 5 5 6")
    assert pools(session, FOE) == {**UNTOUCHED, "LP": 40 - 6}
    assert pools(session, OTHER) == {**UNTOUCHED, "LP": 40 - 7}
    assert pools(session, HERO) == {**UNTOUCHED, "Actions": 2, "KP": 25, "Capacity": 15}


def test_a_throw_through_a_combatant_into_terrain_lands_each_incident_in_turn() -> None:
    """Seed (Throw Distance): 'If a Throw would result in moving through another combatant's
    square … both targets are knocked Prone and take 1d10(T) Direct Damage'; 'A thrown target
    suffers 1d6(T) Direct Damage, increased by +1 for each Square'; 'If they would strike against
    Terrain, they also take damage according to its Hardness Value.' Foe: collision 5 - 1,
    throw 3 + 7 - 1, Hardness 1's 5 Lethal; Other: collision 5 - 1; both Prone."""
    session = table()
    ok(session, "grapple foe !8 5")
    ok(session, "hurl -through other -into 1 !9 1 2 5 5 3")
    assert pools(session, FOE) == {**UNTOUCHED, "LP": 40 - 4 - 9 - 5}
    assert pools(session, OTHER) == {**UNTOUCHED, "LP": 40 - 4}
    assert effects(session, FOE) == effects(session, OTHER) == {"Prone"}
    assert pools(session, HERO) == {**UNTOUCHED, "Actions": 1}
    assert effects(session, HERO) == set()
