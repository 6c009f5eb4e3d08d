"""The game master's quick edits, ``damage NAME N [-type T]`` and ``heal NAME N``, in every
ruleset's demo: the ruleset's own damage track, its thresholds, undo, and refusals."""

from __future__ import annotations

import pytest

from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_of
from fracas.app.session import Reply, Session
from fracas.engine.action import CombatantId
from fracas.engine.saving import load, save
from fracas.engine.state import EncounterState


def demo(slug: str) -> Session:
    return open_encounter(demo_of(slug), seed=1)


def ok(session: Session, text: str) -> Reply:
    reply = session.run(text)
    assert reply.ok, f"{text}: {reply.error}"
    return reply


def current(state: EncounterState, who: str, pool: str) -> int:
    return state[CombatantId(who)].pools[pool].current


def test_momentum_damage_takes_vitality_and_bleeding_starts_below_1() -> None:
    """Seed 003: a creature starts bleeding when lethal damage takes its Vitality below 1; the
    default death threshold is minus its maximum Vitality (SOURCES.md). Raptors have 14."""
    session = demo("momentum")
    reply = ok(session, "damage raptor-1 5 -type non-lethal")
    told = "Raptor 1 Vitality \N{MINUS SIGN}5 (14 → 9): non-lethal damage from the game master"
    assert reply.lines == (told,)
    assert current(session.state, "raptor-1", "Vitality") == 9
    assert not session.state["raptor-1"].has("Bleeding")
    reply = ok(session, "damage raptor-1 12")
    assert current(session.state, "raptor-1", "Vitality") == -3
    assert session.state["raptor-1"].has("Bleeding")
    assert "damage from the game master" in reply.lines[0]
    ok(session, "heal raptor-1 30")
    assert current(session.state, "raptor-1", "Vitality") == 14
    assert session.state["raptor-1"].has("Bleeding")  # only Stabilize ends it
    ok(session, "damage raptor-1 28")
    assert session.state["raptor-1"].marks["dead"] is True
    refused = session.run("heal raptor-1 3")
    assert refused.error == "Raptor 1 is dead and cannot be healed"


def test_momentum_non_lethal_damage_cannot_kill() -> None:
    """Seed 003: "You cannot drop the Vitality of a creature below an amount that would kill
    them with a non-lethal attack." """
    session = demo("momentum")
    ok(session, "damage raptor-1 100 -type non-lethal")
    assert current(session.state, "raptor-1", "Vitality") == -13
    assert "dead" not in session.state["raptor-1"].marks


def test_kaiser_damage_takes_lp_rolls_a_critical_and_knocks_out_at_0() -> None:
    """SOURCES.md 1.6: "Critical: one hit that removes >= 1/2 of the current LP"; "At LP <= 0
    the character is unconscious". Thom has 90 LP and PhR 8."""
    session = demo("kaiser")
    ok(session, "damage thom 30 -type cut")
    assert current(session.state, "thom", "LP") == 60
    reply = ok(session, "damage thom 30 !6 6 1 1")
    assert current(session.state, "thom", "LP") == 30
    assert any("Critical on Thom (30 damage)" in line for line in reply.lines)
    assert session.state["thom"].has("Critical")  # PhR 2d6 (1, 1) + 8 = 10 vs level 12 + 3: failed
    ok(session, "damage thom 40 !1 1 6 6")
    assert current(session.state, "thom", "LP") == -10
    assert session.state["thom"].has("Unconscious")
    ok(session, "heal thom 15")
    assert current(session.state, "thom", "LP") == 5
    assert not session.state["thom"].has("Unconscious")
    ok(session, "heal thom 500")
    assert current(session.state, "thom", "LP") == 90


def test_dbu_damage_takes_life_points_reaches_thresholds_and_defeats() -> None:
    """Seed 001's Health Thresholds (SOURCES.md 2.6's five bands); Defeated at 0 LP. Kora has
    60 LP."""
    session = demo("dbu")
    reply = ok(session, "damage kora 40")
    assert current(session.state, "kora", "LP") == 20
    assert any("reaches the Bloodied Health Threshold" in line for line in reply.lines)
    reply = ok(session, "damage kora 25")
    assert current(session.state, "kora", "LP") == -5
    assert reply.lines[-1].endswith("Defeated")
    ok(session, "heal kora 100")
    assert current(session.state, "kora", "LP") == 60


def test_kingsdale_sdc_then_hp_and_md_through_the_armour_layers() -> None:
    """Seed 002 / SOURCES.md 3.3: S.D.C. before H.P.; M.D. from the outermost layer in, what a
    destroyed layer lets past carries on. NPC 1: Dead Boy Armor 60 M.D.C., S.D.C. 30, H.P. 40."""
    session = demo("kingsdale")
    ok(session, "damage npc-1 35")
    assert current(session.state, "npc-1", "SDC") == 0
    assert current(session.state, "npc-1", "HP") == 35
    assert current(session.state, "npc-1", "Dead Boy Armor") == 60
    ok(session, "damage npc-1 61 -type md")
    assert current(session.state, "npc-1", "Dead Boy Armor") == 0
    assert current(session.state, "npc-1", "HP") == 34  # 1 M.D. past the last layer: 1 S.D.C.
    ok(session, "heal npc-1 10")
    assert current(session.state, "npc-1", "HP") == 40
    assert current(session.state, "npc-1", "SDC") == 4
    assert current(session.state, "npc-1", "Dead Boy Armor") == 0  # armour is repaired
    ok(session, "heal npc-1 100 -type sdc")
    assert current(session.state, "npc-1", "SDC") == 30


def test_lurasko_damage_and_healing_move_the_running_total_and_degrees() -> None:
    """SOURCES.md 5.1: "each time the running damage total meets or passes a multiple of the
    injury factor, the character gains 1 degree of injury. Healing that much damage removes a
    degree." The Legionary's factor is 7."""
    session = demo("lurasko")
    legionary = CombatantId("legionary")
    ok(session, "damage legionary 15 -type core")
    marks = session.state[legionary].marks
    assert (marks["damage"], marks["core"]) == (15, 2)
    reply = ok(session, "heal legionary 2")
    marks = session.state[legionary].marks
    assert (marks["damage"], marks["core"]) == (13, 1)
    assert reply.lines == (
        "Legionary heals 2: damage 15 → 13, factor 7; 1 degree of Core injury healed",
    )
    ok(session, "heal legionary 40")
    marks = session.state[legionary].marks
    assert (marks["damage"], marks["core"]) == (0, 0)


@pytest.mark.parametrize(
    ("slug", "target", "pool"),
    [
        ("momentum", "raptor-1", "Vitality"),
        ("kaiser", "bandit-1", "LP"),
        ("dbu", "kora", "LP"),
        ("kingsdale", "player-1", "SDC"),
    ],
)
def test_undo_restores_and_a_save_replays_a_quick_edit(slug: str, target: str, pool: str) -> None:
    session = demo(slug)
    before = session.state
    ok(session, f"damage {target} 3")
    assert current(session.state, target, pool) == current(before, target, pool) - 3
    ok(session, f"heal {target} 1")
    assert load(save(session.encounter)).state == session.state
    ok(session, "undo")
    ok(session, "undo")
    assert session.state == before


def test_lurasko_undo_and_save_of_healing() -> None:
    session = demo("lurasko")
    before = session.state
    ok(session, "damage legionary 15 -type mobility")
    ok(session, "heal legionary 8")
    assert load(save(session.encounter)).state == session.state
    ok(session, "undo")
    ok(session, "undo")
    assert session.state == before


@pytest.mark.parametrize(
    ("slug", "text", "error"),
    [
        ("momentum", "damage nobody 3", "nobody"),
        ("momentum", "damage raptor-1 0", "damage: the amount must be 1 or more, not 0"),
        ("momentum", "heal raptor-1 -2", "heal: the amount must be 1 or more, not -2"),
        ("kaiser", "damage thom 1000000", "damage: 1000000 is more than 100,000"),
        (
            "momentum",
            "damage raptor-1 3 -type fire",
            "damage -type: no type 'fire' (one of lethal, non-lethal)",
        ),
        ("dbu", "damage kora 3 -type lethal", "damage: this rule system has no types of damage"),
        ("kingsdale", "heal npc-1 5 -type MDC", "NPC 1 has no MDC to heal"),
        ("kingsdale", "heal npc-1 5", "NPC 1 has nothing to heal (HP 40/40, SDC 30/30)"),
        ("kaiser", "heal thom 5", "Thom has nothing to heal (LP 90/90)"),
        ("lurasko", "heal legionary 5", "Legionary has no damage to heal"),
        (
            "lurasko",
            "damage legionary 5 -type head",
            "damage -type: no type 'head' (one of superficial, perception, core, hand_arm,",
        ),
        ("dbu", "kora: damage sena 3", "damage: only the game master can do that"),
    ],
)
def test_bad_quick_edits_are_refused_and_change_nothing(slug: str, text: str, error: str) -> None:
    session = demo(slug)
    before, steps = session.state, len(session.encounter.steps)
    reply = session.run(text)
    assert reply.error is not None and error in reply.error
    assert session.state == before and len(session.encounter.steps) == steps
