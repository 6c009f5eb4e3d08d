"""What Kaiser's table reads, played through the command language on loaded dice (issue 18,
item 14): effects that end by themselves say how, one Unconscious however a creature fell, a
broken barrier named by its creator and whom it covered, a Critical level's cap, the Action
phase's order once, a power's effect in words, and a trigger fired again at a target it
already affects."""

from __future__ import annotations

from pathlib import Path

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.session import Reply, Session
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.rules.kaiser.ruleset import Kaiser

INITIATIVE = (5, 5, 4, 4, 3, 3, 3, 4, 2, 3)
"""The demo's Initiative rolls: Ceil 22, Thom 18, Bandit 2 17, Shaman 16, Bandit 1 16."""

ARENA = """\
ruleset: kaiser
name: Table talk
settings: {SETTINGS}
combatants:
  - name: Thom
    side: party
    sheet:
      name: Thom
      initiative: 12
      life_points: 90
      mana: 100
      mana_accumulation: 40
      skills: {{attack: 12, dodge: 7, magic_projection: 12}}
      resistances: {{physical: 8, spirit: 4}}
      weapons:
        - {{name: Maul, base_damage: 15, damage_type: impact, cost: 2}}
      powers:
        - {{name: Snare Ward, types: [trigger, effect], source: magic, resistance: physical,
           difficulty: 10, effect: Snared}}
  - name: Ogre
    side: foes
    sheet:
      name: Ogre
      initiative: 5
      life_points: {OGRE_LP}
      skills: {{attack: 6, dodge: 2}}
      resistances: {{physical: 0}}
      weapons:
        - {{name: Club, base_damage: 6, damage_type: impact}}
  - name: Imp
    side: foes
    sheet:
      name: Imp
      initiative: 1
      life_points: 20
      skills: {{attack: 4, dodge: 2}}
      weapons:
        - {{name: Claw, base_damage: 3, damage_type: cut}}
"""
"""Thom (a Maul of Base Damage 15, the trigger power Snare Ward) against an Ogre with no
Physical Resistance, and an Imp that keeps the fight going."""


def ok(reply: Reply) -> Reply:
    assert reply.error is None, reply.error
    return reply


def demo(*faces: int) -> Session:
    """The demo fight, its Intention phase over: Ceil's turn, her Magic Intention declared."""
    path = demo_path(Kaiser)
    assert path is not None
    session = open_encounter(path, seed=1, dice=LoadedDice([*INITIATIVE, *faces]))
    ok(session.run("start"))
    for line in ("Ceil: intend magic", "Thom: intend attack", "Bandit 1: intend attack"):
        ok(session.run(line))
    ok(session.run("Bandit 2: intend attack"))
    ok(session.run("Shaman: intend magic"))
    ok(session.run("end"))
    return session


def arena(tmp_path: Path, *faces: int, ogre_lp: int = 60, settings: str = "{}") -> Session:
    """Thom's turn of the Action phase (Initiative: Thom 20, Ogre 8, Imp 4)."""
    text = ARENA.format(SETTINGS=settings, OGRE_LP=ogre_lp)
    path = tmp_path / "arena.yaml"
    path.write_text(text, encoding="utf-8")
    session = open_encounter(path, seed=1, dice=LoadedDice([4, 4, 1, 2, 1, 2, *faces]))
    ok(session.run("start"))
    for line in ("Thom: intend attack", "Thom: intend magic", "Ogre: intend attack"):
        ok(session.run(line))
    ok(session.run("Imp: intend attack"))
    ok(session.run("end"))
    return session


def status_of(session: Session, name: str) -> str:
    """The ``status`` line of the combatant called ``name``."""
    lines = ok(session.run("status")).lines
    return next(line for line in lines if line.lstrip("> ").startswith(f"{name} "))


def test_a_lingering_effect_says_when_its_next_check_comes_not_until_removed() -> None:
    """Seed 000 *Repeat Resistance Checks*: "the target gets a new Resistance Check after a
    number of rounds have passed equal to their Degree of Failure": Paralysis ends by itself,
    so it is not "until removed"."""
    session = demo(4, 5, 2, 2, 3, 3)
    reply = ok(session.run("use paralysis -on bandit-1"))
    assert reply.lines[-1] == (
        "Bandit 1 is Paralyzed by Ceil's Paralysis: a new PhR check in 1 round"
    )
    line = status_of(session, "Bandit 1")
    # only those words: its countdown, resistance, power and difficulty (the engine's, for the
    # repeat check) are not listed beside them, nor "prevents action" ("[out]" says it)
    assert line.endswith("[out]  Paralyzed (a new PhR check in 1 round)")
    bandit = next(c for c in session.view().combatants if c.name == "Bandit 1")
    paralyzed = next(e for e in bandit.effects if e.name == "Paralyzed")
    assert paralyzed.until == "a new PhR check in 1 round"
    assert paralyzed.data == ()
    assert bandit.out


def test_a_critical_penalty_and_an_immunity_say_how_they_end(tmp_path: Path) -> None:
    """SOURCES.md 1.6: Critical pain fades in the End phase; seed 000 *Trigger*: the immunity
    lasts "a number of rounds equal to their Degree of Success"."""
    session = arena(tmp_path, 4, 4, 5, 6, 3, 3, 4, 5, 5, 6, ogre_lp=140)
    ok(session.run("Thom: attack ogre -defence dodge"))
    line = status_of(session, "Ogre")
    # what the effect does stays beside the words: its penalty
    assert line.endswith("Critical (penalty 4, severity pain; fades by 1 in each End phase)")
    reply = ok(session.run("trigger snare -on imp"))
    assert reply.lines[-1] == "Imp is immune to Snare Ward for 1 round"
    assert status_of(session, "Imp").endswith("Immune to Snare Ward (for 1 more round)")


def test_one_unconscious_when_a_critical_knocks_out_a_creature_below_0_lp(
    tmp_path: Path,
) -> None:
    """SOURCES.md 1.6: "At LP <= 0 the character is unconscious" and a Critical failed by more
    than 15 leaves it "unconscious regardless of location": one creature, one Unconscious."""
    session = arena(tmp_path, 4, 4, 5, 6, 6, 6, 1, 2)
    reply = ok(session.run("attack ogre -defence dodge"))
    assert "Ogre takes 75 impact" in " ".join(reply.lines)
    told = [line for line in reply.lines if line.startswith("Unconscious on Ogre")]
    assert len(told) == 1
    line = status_of(session, "Ogre")
    assert line.count("Unconscious") == 1
    assert "LP -15/60" in line


def test_a_critical_level_above_its_cap_says_the_cap(tmp_path: Path) -> None:
    """SOURCES.md 1.6: "Critical Level = 2d6 + floor(damage/10). If the level is above 20:
    level = 20 + floor((level - 20)/2)": 12 + 19 = 31, above 20, is 25."""
    session = arena(tmp_path, 4, 4, 1, 2, 6, 6, 1, 2, ogre_lp=390)
    reply = ok(session.run("attack ogre -defence dodge"))
    assert (
        "Critical on Ogre (195 damage): level 2d6 (6, 6) = 12, 31 with the damage:"
        " 25 (above the cap of 20, half counts)"
    ) in reply.lines
    assert "Ogre: PhR against the Critical: 2d6 (1, 2) [PhR 0] = 3 vs 25: 22 DoF" in reply.lines


def test_a_broken_barrier_is_told_as_its_creators_over_whom_it_covered() -> None:
    """Seed 000 *Barrier Break*: "When an attack reduces a barrier's Life Points to zero, it
    breaks": Ceil's Shield of Light over Thom breaks, not a Shield of Light "on Ceil"."""
    session = demo(4, 5, 2, 2, 3, 3, 4, 4, 4, 4, 3, 4, 6, 6, 5, 5)
    ok(session.run("raise shield -over thom"))
    raised = status_of(session, "Ceil")
    assert "covers Thom; until it breaks or its power ends)" in raised
    ok(session.run("use paralysis -on bandit-1"))
    ok(session.run("end"))
    ok(session.run("attack bandit-2"))
    ok(session.run("end"))
    lines = ok(session.run("Bandit 2: attack thom -defence barrier")).lines
    assert "Ceil's Shield of Light over Thom breaks" in lines
    assert not [line for line in lines if "on Ceil ends" in line]
    assert "Shield of Light" not in status_of(session, "Ceil")


def test_the_action_phase_order_names_everyone_once() -> None:
    """Seed 000 *Combat Rounds*: the Intention phase ends with everyone's Initiative; the order
    told then is the Action phase's, each combatant once."""
    path = demo_path(Kaiser)
    assert path is not None
    session = open_encounter(path, seed=1, dice=LoadedDice(list(INITIATIVE)))
    ok(session.run("start"))
    lines = ok(session.run("end")).lines
    order = [line for line in lines if "order" in line.lower()]
    assert order == [
        "Action phase order: Ceil (22), Thom (19), Bandit 2 (17), Shaman (16), Bandit 1 (16)"
    ]


def test_a_power_a_creature_is_under_is_told_as_players_say_it() -> None:
    """Seed 000 *Allowing the Effect*: Thom chooses to fail against Ceil's Iron Skin, and is
    under it until the power ends (not "Thom is Iron Skin by Ceil's Iron Skin")."""
    session = demo()
    lines = ok(session.run("use iron -on thom -allow")).lines
    assert "Thom is under Ceil's Iron Skin: until the power ends" in lines
    assert not [line for line in lines if "is Iron Skin" in line]
    grants = next(line for line in lines if line.startswith("Iron Skin reduction on Thom"))
    assert grants.endswith("cast round 1; while Iron Skin lasts)")
    assert "power Iron Skin" not in grants  # the words tell it


def test_a_trigger_fired_again_at_a_target_it_affects_is_refused_by_default(
    tmp_path: Path,
) -> None:
    """Seed 000 *Trigger*: the target "automatically suffer[s] the effects of the power", and
    makes another check "Once the immunity ends and the conditions are meet again"; none while
    it suffers them (setting ``trigger_affected_again``, default false)."""
    session = arena(tmp_path, 1, 2)
    assert ok(session.run("trigger snare -on ogre")).lines[-1] == (
        "Ogre is Snared by Thom's Snare Ward: a new PhR check in 7 rounds"
    )
    before = session.state
    reply = session.run("trigger snare -on ogre")
    assert reply.error is not None
    assert "Ogre already suffers Thom's Snare Ward (Snared)" in reply.error
    assert session.state == before
    line = status_of(session, "Ogre")
    assert "Snared" in line and "Immune" not in line


def test_a_trigger_fired_again_rolls_again_with_the_setting(tmp_path: Path) -> None:
    """The setting's other value keeps the reading where every trigger forces a check: the
    target resists again, and a pass leaves it immune with the effect still on it."""
    session = arena(tmp_path, 1, 2, 5, 6, settings="{trigger_affected_again: true}")
    ok(session.run("trigger snare -on ogre"))
    lines = ok(session.run("trigger snare -on ogre")).lines
    assert "Ogre: PhR against Snare Ward: 2d6 (5, 6) [PhR 0] = 11 vs 10: 1 DoS" in lines
    assert lines[-1] == "Ogre is immune to Snare Ward for 1 round"
    ogre = session.state[CombatantId("ogre")]
    assert ogre.has("Snared") and ogre.has("Immune to Snare Ward")
