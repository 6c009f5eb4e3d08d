"""An area power on several targets in one step (issue 18, item 1): each target's own hit, and
an area barrier that takes the damage for every creature it covers and shares the rest when it
breaks. Driven through commands with typed-in dice; each test asserts every creature's final
state (pools and effects)."""

from __future__ import annotations

from fracas.app.session import Session
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from tests.rules.kaiser.test_barriers import road

CEIL, THOM, BANDIT = CombatantId("ceil"), CombatantId("thom"), CombatantId("bandit")


def table(encounter: Encounter) -> Session:
    return Session(encounter, "several hits", setup=len(encounter.steps))


def ok(session: Session, line: str) -> None:
    reply = session.run(line)
    assert reply.error is None, reply.error


def pools(session: Session, who: CombatantId) -> dict[str, int]:
    return {name: pool.current for name, pool in session.state[who].pools.items()}


def effects(session: Session, who: CombatantId) -> set[str]:
    return {effect.name for effect in session.state[who].effects}


def test_an_area_power_hits_each_target_on_its_own() -> None:
    """Seed (Attack powers): one Offensive Roll, each target's Defensive Roll; Fire Storm (Base
    Damage 4) at 20 against no defence: 20 DoS, Absorption 2, times 4 = 72 heat to each. Ceil (60
    LP) falls to -12, takes a Critical (pain 4, AP 5 → 1) and falls Unconscious; Thom (500)
    keeps 428. Each loses 1 AP to the hit."""
    session = table(road(magic=False))
    ok(session, "end")
    ok(session, "Bandit: use 'fire storm' -on ceil,thom -defence none !5 5 2 2 1 1")
    assert pools(session, CEIL) == {"AP": 1, "LP": -12}
    assert effects(session, CEIL) == {"Critical", "Unconscious"}
    assert pools(session, THOM) == {"AP": 5, "LP": 428}
    assert effects(session, THOM) == set()
    assert pools(session, BANDIT) == {"AP": 3, "LP": 60}


def test_an_area_barrier_takes_damage_per_creature_and_shares_the_rest() -> None:
    """Seed (Covering an Area): "The barrier takes damage for each creature protected. If a
    barrier breaks, divide the remaining damage evenly among the protected creatures." Fire
    Storm's 40 a creature, 80 on the 60-LP Shield of Light: it breaks, 20 go past, 10 each."""
    session = table(road())
    ok(session, "Ceil: raise shield -over ceil,thom -area")
    ok(session, "end")
    ok(session, "Bandit: use 'fire storm' -on ceil,thom -defence barrier !3 3 6 6 5 5")
    assert pools(session, CEIL) == {"AP": 4, "LP": 50}
    assert pools(session, THOM) == {"AP": 6, "LP": 490}
    assert effects(session, CEIL) == effects(session, THOM) == set()
    assert pools(session, BANDIT) == {"AP": 3, "LP": 60}
