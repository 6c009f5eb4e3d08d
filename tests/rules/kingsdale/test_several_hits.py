"""Several hits in one action, each landing on what the hits before it left (issue 18, item 1).

Driven through commands with typed-in dice; every test asserts the final pools of each target.
"""

from __future__ import annotations

from typing import Any

from fracas.app.session import Session
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.rules.kingsdale.ruleset import Kingsdale
from fracas.rules.kingsdale.sheet import Sheet

GUNNER, TARGET, OTHER = CombatantId("gunner"), CombatantId("target"), CombatantId("other")
SMG = {
    "name": "SMG", "kind": "ranged", "damage": "1d100", "mega": True, "wp": 2,
    "automatic": True, "payload": 30,
}  # fmt: skip
CARBINE = {**SMG, "name": "Carbine", "damage": "1d6"}
SWORD = {"name": "Sword", "kind": "melee", "damage": "2d6"}
LAYERS = [
    {"name": "Ithan", "mdc": 10},
    {"name": "Overcoat", "mdc": 28},
    {"name": "EBA", "mdc": 60},
    {"name": "Stalker", "mdc": 12},
]


def table(target: dict[str, Any], other: dict[str, Any] | None = None, **gunner: Any) -> Session:
    """Gunner (initiative +5, poses first on a 20) against Target (and Other), started."""
    encounter = Encounter(Kingsdale(), dice=LoadedDice(()))
    fields = {"attacks": 6, "initiative": 5, "weapons": [SMG, CARBINE, SWORD], **gunner}
    sheets = [("Gunner", "a", fields), ("Target", "b", {"attacks": 6, **target})]
    if other is not None:
        sheets.append(("Other", "b", {"attacks": 6, **other}))
    for name, side, sheet in sheets:
        encounter.apply(AddCombatant(name=name, side=side, sheet=Sheet.model_validate(sheet)))
    session = Session(encounter, "several hits", setup=len(sheets))
    ok(session, "start !20 " + " ".join("1" for _ in sheets[1:]))
    return session


def ok(session: Session, line: str) -> None:
    reply = session.run(line)
    assert reply.error is None, reply.error


def pools(session: Session, who: CombatantId) -> dict[str, int]:
    return {
        name: pool.current for name, pool in session.state[who].pools.items() if name != "Actions"
    }


def test_a_full_sprays_second_round_lands_on_what_the_first_left() -> None:
    """Seed (Spraying a Target): "Full spray: Full melee, damage from two rounds to 2d8
    targets"; Armor Failure: "10 MDC Armor of Ithan, 28 MDC Branaghan Overcoat, 60 MDC EBA and a
    12 MDC NG Stalker Suit". Two rounds of 100 M.D.: the first leaves the Stalker Suit at 10,
    the second takes its 10 and carries 90 on through (1 S.D.C. per M.D. past armour)."""
    session = table({"hp": 30, "sdc": 50, "armor": LAYERS})
    ok(session, "spray target -with smg -size full !1 1 15")
    ok(session, "Target: nodefence !100 100")
    assert pools(session, TARGET) == {
        "HP": -10, "SDC": 0, "Ithan": 0, "Overcoat": 0, "EBA": 0, "Stalker": 0,
    }  # fmt: skip


def test_a_full_spray_on_an_unarmoured_target_goes_through_sdc_once() -> None:
    """Seed (Spraying a Target): "damage from two rounds"; SOURCES.md 3.3: 1 M.D. = 100 S.D.C.
    on an unarmoured target, S.D.C. before H.P. Two rounds of 1 M.D. on S.D.C. 30, H.P. 30:
    the first takes the S.D.C. and 70 H.P., the second 100 more H.P."""
    session = table({"hp": 30, "sdc": 30}, weapons=[CARBINE])
    ok(session, "spray target -size full !1 1 15")
    ok(session, "Target: nodefence !1 1")
    assert pools(session, TARGET) == {"HP": -140, "SDC": 0}


def test_a_full_spray_on_two_targets_hits_each_twice() -> None:
    """Seed: "Full spray: Full melee, damage from two rounds to 2d8 targets": each target in it
    takes both rounds, one after the other."""
    session = table({"hp": 30, "sdc": 30}, {"hp": 20, "sdc": 10}, weapons=[CARBINE])
    ok(session, "spray target other -size full !1 1 15 15")
    ok(session, "Target: nodefence !1 1")
    ok(session, "Other: nodefence !1 1")
    assert pools(session, TARGET) == {"HP": -140, "SDC": 0}
    assert pools(session, OTHER) == {"HP": -170, "SDC": 0}


def test_a_paired_double_strike_lands_twice_in_turn() -> None:
    """Seed (Paired Weapons): "strike-strike (one target) … In the case of the double-strike on a
    single target, only one strike roll … is necessary". Two sword blows of 10 on S.D.C. 15:
    the first leaves 5, the second takes those 5 and 5 H.P."""
    session = table({"hp": 20, "sdc": 15}, paired_weapons=True)
    ok(session, "strike target -with sword -paired !15")
    ok(session, "Target: nodefence !5 5 4 6")
    assert pools(session, TARGET) == {"HP": 15, "SDC": 0}


def test_paired_blows_on_a_horror_struck_paired_foe_land_in_turn() -> None:
    """Seed (Paired Weapons): "unless the opponent is also a user of Paired Weapons, in which
    case two rolls are required (one for each weapon)"; Horror Factor: a horror-struck defender
    cannot parry or dodge, so each blow lands as it is rolled: 10 on S.D.C. 15 leaves 5, the
    second 10 takes those 5 and 5 H.P."""
    session = table({"hp": 20, "sdc": 15, "paired_weapons": True}, paired_weapons=True)
    ok(session, "effect target Horror-struck")
    ok(session, "strike target -with sword -paired !15 5 5 15 4 6")
    assert pools(session, TARGET) == {"HP": 15, "SDC": 0}


def test_a_spread_burst_damages_each_clustered_target() -> None:
    """Seed (Shooting Bursts): "A roll of 8-11 will spread the damage between targets": 60 M.D.
    split over two targets is 30 each, each through its own armour."""
    session = table(
        {"hp": 30, "sdc": 50, "armor": [{"name": "EBA", "mdc": 20}]},
        {"hp": 20, "sdc": 10, "armor": [{"name": "Plate", "mdc": 40}]},
    )
    ok(session, "strike target -with smg -shot burst -also other !9")
    ok(session, "Target: nodefence !60")
    assert pools(session, TARGET) == {"HP": 30, "SDC": 40, "EBA": 0}
    assert pools(session, OTHER) == {"HP": 20, "SDC": 10, "Plate": 10}
