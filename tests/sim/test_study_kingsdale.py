"""Kingsdale's study mode: strikes, defences out of turn, poses and pools from tables the rules
fill lazily, and fights that agree with the engine's in statistics (issue 21)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

import pytest

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, MarkSet
from fracas.engine.state import Effect, EncounterState
from fracas.rules.kingsdale.actions import Strike
from fracas.rules.kingsdale.queries import HP, SDC
from fracas.rules.kingsdale.ruleset import Kingsdale
from fracas.sim.runner import Study, loaded, simulate
from fracas.sim.study import kingsdale
from fracas.sim.study.drawn import Drawn
from fracas.sim.study.kingsdale_tables import Tables
from fracas.sim.study.mode import ENGINE, STUDY, decide
from fracas.sim.study.table import Unmirrorable
from fracas.sim.study.validate import compare

ROOT = Path(__file__).parents[2]
KINGSDALE = str(ROOT / "benchmarks" / "encounters" / "kingsdale_4v4.yaml")
DEMO = str(ROOT / "src" / "fracas" / "rules" / "kingsdale" / "demo.yaml")

T = TypeVar("T")


def _tables() -> Tables:
    ruleset, setup = loaded(KINGSDALE)
    return kingsdale.plan(ruleset, setup).tables


def _chances(table: Drawn[T]) -> dict[T, float]:
    previous = 0.0
    found: dict[T, float] = {}
    for outcome, reached in zip(table.outcomes, table.cumulative, strict=True):
        found[outcome] = found.get(outcome, 0.0) + reached - previous
        previous = reached
    return found


def test_kingsdale_4v4_plays_in_study_mode_and_agrees_with_the_engine() -> None:
    study = Study(KINGSDALE, runs=200, seed=3)
    decision = decide(study, "auto")
    assert decision.mode == STUDY
    assert "filled from the rules as the fights needed them" in decision.why
    engine = simulate(replace(study, mode=ENGINE), workers=1)
    fast = simulate(replace(study, mode=STUDY, runs=1000), workers=1)
    found = compare(engine, fast, loaded(KINGSDALE)[1], encounter="4v4", seed=3, why="")
    assert [f.figure for f in found.figures] == [
        "npcs win rate",
        "players win rate",
        "rounds",
        "npcs damage dealt",
        "players damage dealt",
    ]
    assert found.agrees, found.figures


def test_the_demo_plays_in_study_mode() -> None:
    assert decide(Study(DEMO, runs=10), "auto").mode == STUDY


def test_a_strike_s_table_is_the_rules_roll_against_the_threshold() -> None:
    """Seed: "ranged attacks need a total of 8 to strike", "A natural roll of 1 is always a
    miss" and a natural 1 rolls on the fumble table. Player 1's Laser Pistol is 1d20 + 2 (its
    W.P.): naturals 6-20 hit (15 in 20), each waiting on NPC 1 with its total; 2-5 miss; a 1
    fumbles, and the fumble's 1d20 says what the striker keeps (1-4: a weapon lost, a stray
    strike; 5-20 a plain miss)."""
    tables = _tables()
    player, npc = tables.ids.index("player-1"), tables.ids.index("npc-1")
    choice = tables.choice(player, npc, 0, frozenset(), 2)
    assert choice is not None and (choice.reload, choice.weapon) == (False, "Laser Pistol")
    assert choice.cost == (("Actions", 1), ("Laser Pistol payload", 1))
    found = _chances(tables.strike(player, "Laser Pistol", npc, 0, 0))
    waiting = {
        tables.waiting[s.waiting].data["total"]: p
        for s, p in found.items()
        if s.waiting is not None
    }
    assert set(waiting) == set(range(8, 23))
    assert all(p == pytest.approx(1 / 20) for p in waiting.values())
    lost: dict[str, float] = {}
    for swing, chance in found.items():
        for effect in tables.effects[swing.effects]:
            lost[effect.name] = lost.get(effect.name, 0.0) + chance
    assert lost == {
        "Weapon failed: Laser Pistol": pytest.approx(2 / 400),
        "Stray strike pending": pytest.approx(1 / 400),
        "Weapon dropped: Laser Pistol": pytest.approx(1 / 400),
    }
    plain = [p for s, p in found.items() if s.effects == 0 and s.waiting is None]
    assert plain == [pytest.approx(4 / 20 + 16 / 400)]


def _waiting(tables: Tables, attacker: int, natural: int) -> int:
    """The Laser Pistol shot of ``attacker`` left waiting with this natural die."""
    return next(
        i
        for i, e in enumerate(tables.waiting)
        if (e.data["natural"], e.data["attacker"], e.data["weapon"])
        == (natural, tables.ids[attacker], "Laser Pistol")
    )


def test_a_dodge_meets_or_beats_the_strike_and_spends_an_action_or_the_next_pose_s() -> None:
    """SOURCES.md 3.2: "the defender meeting or beating the strike"; "dodge used one action".
    NPC 1 dodges (1d20 + 3) Player 1's shot of 13 (natural 11): 10-20 dodge it, 11 in 20; a
    dodge with no action left this pose borrows one of the next (the setting's default)."""
    tables = _tables()
    player, npc = tables.ids.index("player-1"), tables.ids.index("npc-1")
    tables.strike(player, "Laser Pistol", npc, 0, 0)
    shot = _waiting(tables, player, 11)
    assert tables.waiting[shot].data["total"] == 13
    found = _chances(tables.defence(npc, shot, 2, 0, 0))
    assert {(a.actions, a.owed, a.damage is None) for a in found} == {(1, 0, True), (1, 0, False)}
    through = next(a for a in found if a.damage is not None)
    assert found[through] == pytest.approx(9 / 20)
    assert through.damage is not None
    assert _chances(through.damage) == {
        (total, True): pytest.approx(float(Fraction(6 - abs(7 - total), 36)))
        for total in range(2, 13)
    }
    borrowed = _chances(tables.defence(npc, shot, 0, 1, 0))
    assert {(a.actions, a.owed) for a in borrowed} == {(0, 2)}


def test_a_dodge_borrows_only_what_the_next_pose_holds_as_the_rules_say() -> None:
    """Seed demo: "Player 1 poses his dodge and remaining attack"; Paired Weapons: "If not,
    only parries are possible". NPC 1's six attacks are two a pose: with both of Pose Two's
    lent already, the tactics' dodge is refused and a shot cannot be parried, so NPC 1 takes
    it. NPC 2's five are 1/2/2: in Pose One, owing one, it may still borrow Pose Two's second;
    in Pose Three, owing one, the next melee round's Pose One has nothing more to lend."""
    tables = _tables()
    player = tables.ids.index("player-1")
    npc, npc2 = tables.ids.index("npc-1"), tables.ids.index("npc-2")
    tables.strike(player, "Laser Pistol", npc, 0, 0)
    shot = _waiting(tables, player, 11)
    spent = _chances(tables.defence(npc, shot, 0, 2, 0))
    assert {(a.actions, a.owed, a.damage is None) for a in spent} == {(0, 2, False)}
    dodged = _chances(tables.defence(npc2, shot, 0, 1, 0, 0))
    assert {(a.actions, a.owed) for a in dodged} == {(0, 2)}
    taken = _chances(tables.defence(npc2, shot, 0, 1, 0, 2))
    assert {(a.actions, a.owed, a.damage is None) for a in taken} == {(0, 1, False)}


def _stray_effects(tables: Tables, player: int, npc: int) -> int:
    """The effects Player 1's Laser Pistol leaves on him after a fumble of 2."""
    swing = tables.strike(player, "Laser Pistol", npc, 0, 0)
    return next(
        s.effects
        for s in swing.outcomes
        if [e.name for e in tables.effects[s.effects]] == ["Stray strike pending"]
    )


def test_a_stray_strike_is_settled_by_the_dice_as_the_tactics_settle_it() -> None:
    """Seed: "2 results in hitting a team mate if possible"; the simulator stands in for the
    game master with ``stray -roll``: each standing teammate of Player 1 is in the line of
    fire on an even die (one in three with all three standing, certain with one) and takes the
    Laser Pistol's 2d6 M.D.; the stray strike is settled, the pistol kept."""
    tables = _tables()
    player, npc = tables.ids.index("player-1"), tables.ids.index("npc-1")
    effects = _stray_effects(tables, player, npc)
    choice = tables.choice(player, npc, effects, frozenset(), 0)
    assert choice is not None and choice.stray and choice.cost == ()
    team = tuple(tables.ids.index(n) for n in ("player-2", "player-1-ii", "player-2-ii"))
    found = _chances(tables.stray(player, effects, team))
    assert {(s.effects, s.teammate): p for s, p in found.items()} == {
        (0, mate): pytest.approx(1 / 3) for mate in team
    }
    for settled in found:
        assert settled.damage is not None
        assert _chances(settled.damage) == {
            (total, True): pytest.approx(float(Fraction(6 - abs(7 - total), 36)))
            for total in range(2, 13)
        }
    alone = _chances(tables.stray(player, effects, team[:1]))
    assert [(s.effects, s.teammate) for s in alone] == [(0, team[0])]


def test_a_natural_20_strike_yields_only_to_a_natural_20_and_does_double_damage() -> None:
    """SOURCES.md 3.2: "a natural 20 strike does double damage and only a natural 20 parry or
    dodge beats it"."""
    tables = _tables()
    player, npc = tables.ids.index("player-1"), tables.ids.index("npc-1")
    tables.strike(player, "Laser Pistol", npc, 0, 0)
    found = _chances(tables.defence(npc, _waiting(tables, player, 20), 2, 0, 0))
    through = next(a for a in found if a.damage is not None)
    assert found[through] == pytest.approx(19 / 20)
    assert through.damage is not None
    assert sorted(_chances(through.damage)) == [(2 * t, True) for t in range(2, 13)]


def test_a_pose_fills_actions_from_the_melee_s_share_and_pays_the_debt() -> None:
    """Seed: "If a roll of Natural Twenty … the PC gains an extra attack in the first attack
    pose … a roll of Natural One … takes away one pose/attack action for that first round."
    Player 1's six attacks are two a pose; a dodge's borrowed action is paid from the next."""
    tables = _tables()
    player = tables.ids.index("player-1")
    assert tables.fill(player, 20, True, 0, 0) == (3, 0)
    assert tables.fill(player, 1, True, 0, 0) == (1, 0)
    assert tables.fill(player, 20, False, 0, 0) == (2, 0)
    assert tables.fill(player, 10, False, 8, 3) == (0, 1)


def test_a_hit_takes_the_armour_then_sdc_then_hp() -> None:
    """Seed (Armor Failure): M.D. past the armour flows through to the S.D.C. wearer (SOURCES.md
    8: 1 S.D.C. per M.D. past a worn layer), S.D.C. before H.P."""
    tables = _tables()
    player = tables.ids.index("player-1")
    assert tables.damage_pools[player] == (HP, SDC, "Urban Warrior EBA")
    assert tables.wound(player, 10, True, (32, 40, 5)) == ((32, 35, 0), 10)
    assert tables.wound(player, 10, False, (32, 40, 5)) == ((32, 40, 5), 0)
    assert tables.wound(player, 12, False, (32, 4, 0)) == ((24, 0, 0), 12)


def test_a_study_plays_the_engine_s_initiative_odds() -> None:
    """Seed: "The initiative roll is 1d20+bonuses": Player 1 (+3) rolls 4-23, each 1 in 20,
    its natural die with it."""
    ruleset, setup = loaded(KINGSDALE)
    plan = kingsdale.plan(ruleset, setup)
    first = _chances(plan.initiatives[plan.tables.ids.index("player-1")])
    assert first == {(n + 3, n): pytest.approx(1 / 20) for n in range(1, 21)}


def test_the_tables_read_the_rules_with_loaded_dice() -> None:
    """A strike with its die loaded at 11 leaves the same strike waiting on NPC 1 that the
    table drew its chance for: the tables are the rules' own resolutions."""
    tables = _tables()
    player, npc = tables.ids.index("player-1"), tables.ids.index("npc-1")
    tables.strike(player, "Laser Pistol", npc, 0, 0)
    encounter = Encounter(tables.ruleset, 0, history=False)
    encounter.state = tables._on_turn_of(player)
    player_1, npc_1 = CombatantId("player-1"), CombatantId("npc-1")
    encounter.apply(Strike(actor=player_1, target=npc_1, weapon="Laser Pistol"), faces=[11])
    (pending,) = encounter.state[npc_1].effects
    expected = tables.waiting[_waiting(tables, player, 11)]
    assert (pending.name, dict(pending.data)) == (expected.name, dict(expected.data))


class Gathering(Kingsdale):
    """A round's start that does something: a mark on everyone."""

    def at_round_start(self, state: EncounterState, dice: DiceSource) -> Sequence[Event]:
        return [MarkSet(c.id, "gathered", True) for c in state]


def test_a_round_start_that_does_something_sends_the_fight_to_the_engine() -> None:
    _, setup = loaded(KINGSDALE)
    with pytest.raises(Unmirrorable, match="a round's start does something"):
        kingsdale.plan(Gathering(), setup)


def test_a_status_at_the_start_sends_the_fight_to_the_engine() -> None:
    ruleset, setup = loaded(KINGSDALE)
    npc = setup[CombatantId("npc-1")]
    horrified = setup.with_combatant(replace(npc, effects=(Effect(name="Horrified"),)))
    with pytest.raises(Unmirrorable, match=r"statuses or marks at the start \(NPC 1\)"):
        kingsdale.plan(ruleset, horrified)


def test_a_paired_parry_s_marks_send_the_fight_to_the_engine() -> None:
    """A Paired Weapons fighter's parries are marked per pose (the one-parry-per-attacker
    limit): a mark the loop does not keep, found at the plan."""
    ruleset, setup = loaded(KINGSDALE)
    npc = setup[CombatantId("npc-2")]
    paired = replace(npc, sheet=npc.sheet.model_copy(update={"paired_weapons": True}))
    with pytest.raises(Unmirrorable, match="parry: it changes more of NPC 2"):
        kingsdale.plan(ruleset, setup.with_combatant(paired))


def test_kingsdale_gives_the_same_fights_on_one_or_two_workers() -> None:
    study = Study(KINGSDALE, runs=20, seed=5, mode=STUDY)
    assert simulate(study, workers=1) == simulate(study, workers=2)


def test_a_fight_over_at_its_start_goes_to_the_engine() -> None:
    ruleset, setup = loaded(KINGSDALE)
    for npc in ("npc-1", "npc-2", "npc-1-ii", "npc-2-ii"):
        down = setup[CombatantId(npc)]
        setup = setup.with_combatant(
            replace(down, pools={**down.pools, HP: replace(down.pools[HP], current=0)})
        )
    with pytest.raises(Unmirrorable, match="the fight is over at its start"):
        kingsdale.plan(ruleset, setup)
