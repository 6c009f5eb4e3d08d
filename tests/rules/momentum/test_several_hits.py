"""Several hits in one step, each landing on what the ones before it left (issue 18, item 1):
the Status Effects that deal damage at the start of a turn, and a push or teleport into an
occupied space (damage to both). Driven through commands; each test asserts every target's
final state."""

from __future__ import annotations

from fracas.app.session import Session
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.rules.momentum.ruleset import Momentum

from .support import make_sheet

HERO, BRUTE, OGRE = CombatantId("hero"), CombatantId("brute"), CombatantId("ogre")


def table(*, ogre: bool = False) -> Session:
    """Hero (Initiative 24) against Brute (Initiative 20; Vitality 12) and Ogre (20), started."""
    encounter = Encounter(Momentum(), dice=LoadedDice(()))
    encounter.apply(AddCombatant(name="Hero", side="a", sheet=make_sheet(stats={"instinct": 12})))
    encounter.apply(AddCombatant(name="Brute", side="b", sheet=make_sheet(vitality=12)))
    if ogre:
        encounter.apply(AddCombatant(name="Ogre", side="b", sheet=make_sheet(vitality=12)))
    session = Session(encounter, "several hits", setup=len(encounter.steps))
    ok(session, "start")
    return session


def ok(session: Session, line: str) -> None:
    reply = session.run(line)
    assert reply.error is None, reply.error


def vitality(session: Session, who: CombatantId) -> int:
    return session.state[who].pools["Vitality"].current


def statuses(session: Session, who: CombatantId) -> set[str]:
    return {effect.name for effect in session.state[who].effects}


def test_burning_then_poisoned_at_turn_start_land_in_turn() -> None:
    """SOURCES.md (Status Effects): Burning deals 1d6 Heat at turn start, Poisoned 1d4 Poison;
    seed (Vitality): lethal damage that takes Vitality below 1 starts Bleeding. From 4: Burning
    3 leaves 1, Poisoned 2 then takes it to -1 and starts Bleeding (worked from the 4 both
    started from, it told 4 → 2 and started nothing)."""
    session = table()
    ok(session, "set brute vitality 4")
    ok(session, "effect brute Burning")
    ok(session, "effect brute Poisoned")
    reply = session.run("end !3 2")
    assert "Brute takes 2 poison; Vitality 1 → -1" in reply.lines
    assert vitality(session, BRUTE) == -1
    assert statuses(session, BRUTE) == {"Burning", "Poisoned", "Bleeding"}
    assert vitality(session, HERO) == 20


def test_bleeding_then_burning_kill_at_the_threshold() -> None:
    """SOURCES.md: Bleeding loses 1 Vitality per turn; the death threshold is minus the maximum
    Vitality (setting ``death_threshold_percent``). From -9 (maximum 12): Bleeding leaves -10,
    Burning 2 reaches -12: dead."""
    session = table(ogre=True)
    ok(session, "set brute vitality -9")
    ok(session, "effect brute Bleeding")
    ok(session, "effect brute Burning")
    ok(session, "end !2")
    assert vitality(session, BRUTE) == -12
    assert session.state[BRUTE].marks.get("dead") is True
    assert vitality(session, OGRE) == 12


def test_a_push_into_an_occupied_space_hurts_both() -> None:
    """Seed (Moving and Teleporting): "On a failure, you deal physical damage - equal to the
    full distance in meters that the target would have been moved - to both the moving target
    and whatever is occupying the space." Ogre fails its Strength DR: 5 to each."""
    session = table(ogre=True)
    ok(session, "push brute -into ogre -distance 5 -by hero !1")
    assert (vitality(session, BRUTE), vitality(session, OGRE)) == (12 - 5, 12 - 5)
    assert vitality(session, HERO) == 20


def test_a_teleport_into_an_occupied_space_hurts_both() -> None:
    """Seed: "Teleporting a target into a space that is already occupied deals Reality damage
    equal to the teleported distance to both ... The damage ignores Armor." """
    session = table(ogre=True)
    ok(session, "teleport brute -into ogre -distance 7")
    assert (vitality(session, BRUTE), vitality(session, OGRE)) == (12 - 7, 12 - 7)
    assert statuses(session, BRUTE) == statuses(session, OGRE) == set()
