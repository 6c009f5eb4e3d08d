"""Built-in tactics of the rulesets beyond momentum, and how each counts damage."""

from __future__ import annotations

from dataclasses import replace

from fracas.app import open_encounter
from fracas.app.rulesets import demo_of
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter, Step
from fracas.engine.gm import ApplyEffect, SetPool
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import Attack as DbuAttack
from fracas.rules.dbu.actions import (
    CombatRecovery,
    Convert,
    EffectOrder,
    EnergyCharge,
    StopCharging,
)
from fracas.rules.kingsdale.actions import Dodge, Parry, Reload, Stray, Strike
from fracas.rules.kingsdale.queries import STRAY
from fracas.rules.kingsdale.sheet import Weapon
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.events import DamageCalledOut, InjuryTypeSet
from fracas.rules.lurasko.queries import DEAD, STUNNED, damage_of, degrees_of
from fracas.rules.lurasko.vocabulary import CriticalEffect, InjuryType
from fracas.sim.fight import fight
from fracas.sim.odds import odds
from fracas.sim.policy import Reacting, tactics_for
from fracas.sim.runner import loaded
from fracas.sim.scenario import open_scenario, prepare, ready
from fracas.sim.tactics.kingsdale import worth_reloading
from fracas.sim.tactics.lurasko import best_first
from tests.rules.dbu.support import fight as dbu_fight
from tests.rules.dbu.support import make_sheet
from tests.rules.kingsdale.support import Fight
from tests.rules.kingsdale.support import sheet as kingsdale_sheet
from tests.rules.lurasko.support import FOE, HERO, duel, of_type, sheet

P1, NPC1, NPC2 = CombatantId("player-1"), CombatantId("npc-1"), CombatantId("npc-2")


def test_kingsdale_strikes_the_most_hurt_with_mega_damage_and_parries_for_free() -> None:
    """Mega-damage first (S.D.C. damage does nothing to M.D.C.); a hand-to-hand fighter's parry
    costs no action, so it comes before a dodge."""
    session = open_encounter(demo_of("kingsdale"), dice=LoadedDice([18, 16, 12, 8, 15]))
    session.run("start")
    session.apply(SetPool(target=NPC2, pool="Armor of Ithan", value=10))
    encounter = session.encounter
    policy = tactics_for(encounter.ruleset)
    assert policy.choose(encounter, P1) == Strike(actor=P1, target=NPC2, weapon="Laser Pistol")
    session.run("strike npc-1 -with vibro")
    assert isinstance(policy, Reacting)
    assert policy.react(encounter, NPC1) == Parry(actor=NPC1)
    assert Dodge(actor=NPC1) != policy.react(encounter, NPC1)


def test_kingsdale_counts_wounds_not_spent_ppe_or_ammunition() -> None:
    session = open_encounter(demo_of("kingsdale"))
    ruleset = session.encounter.ruleset
    npc2 = session.state[NPC2]
    assert "PPE" not in ruleset.damage_pools(npc2)
    session.apply(SetPool(target=NPC2, pool="PPE", value=10))
    session.apply(SetPool(target=NPC2, pool="Armor of Ithan", value=25))
    assert ruleset.damage_suffered(session.state[NPC2]) == 5


def test_kingsdale_changes_an_empty_magazine_when_a_magazine_is_worth_the_action() -> None:
    """A magazine change uses one action (seed, Standard Action/Attack). Player 1's Laser Pistol
    (2d6 M.D., 20 shots) is empty: 20 shots of it beat 21 strikes of the Vibro-Blade (1d6), so
    he changes the magazine, then fires again."""
    session = open_encounter(demo_of("kingsdale"), dice=LoadedDice([18, 16, 12, 8, 15]))
    session.run("start")
    session.apply(SetPool(target=P1, pool="Laser Pistol payload", value=0))
    encounter = session.encounter
    policy = tactics_for(encounter.ruleset)
    assert policy.choose(encounter, P1) == Reload(actor=P1, weapon="Laser Pistol")
    encounter.apply(Reload(actor=P1, weapon="Laser Pistol"))
    assert encounter.state[P1].pools["Laser Pistol payload"].current == 20
    chosen = policy.choose(encounter, P1)
    assert isinstance(chosen, Strike) and chosen.weapon == "Laser Pistol"


def test_kingsdale_strikes_with_the_next_weapon_once_the_best_is_empty() -> None:
    """A pistol out of shots is passed over, not the turn: Ada's one-shot pistol (2d6 M.D.) is
    not worth a magazine change (one 2d6 shot for two actions against two 1d6 blade strikes),
    so once it is fired she strikes with the blade; with no action left she ends her pose."""
    pistol = {"name": "Pistol", "kind": "ranged", "damage": "2d6", "mega": True, "wp": 2}
    blade = {"name": "Blade", "kind": "melee", "damage": "1d6", "mega": True}
    table = Fight(
        ada=kingsdale_sheet(weapons=[{**pistol, "payload": 1}, blade]), bo=kingsdale_sheet()
    )
    table(StartCombat(), 15, 10)
    encounter = table.encounter
    policy = tactics_for(encounter.ruleset)
    ada, bo = CombatantId("ada"), CombatantId("bo")
    assert policy.choose(encounter, ada) == Strike(actor=ada, target=bo, weapon="Pistol")
    table(Strike(actor=ada, target=bo, weapon="Pistol"), 2)  # 2 + 2 = 4: a miss
    assert policy.choose(encounter, ada) == Strike(actor=ada, target=bo, weapon="Blade")
    table(Strike(actor=ada, target=bo, weapon="Blade"), 2)
    assert table.actions("ada") == 0
    assert policy.choose(encounter, ada) is None


def test_kingsdale_the_simulator_settles_a_fumble_of_2_as_the_game_master() -> None:
    """Seed: "2 results in hitting a team mate if possible": the game master's to settle; the
    simulator stands in for the game master, so after Ada fumbles a 2 her tactics' next move
    is ``stray -roll`` (before her own next strike): the dice put Cy, her one teammate, in the
    line of fire, who takes the Sword's 2d6 (3 + 4); then Ada strikes on."""
    table = Fight(ada=kingsdale_sheet(), bo=kingsdale_sheet(), cy=kingsdale_sheet())
    table(StartCombat(), 15, 10, 5)
    encounter = table.encounter
    policy = tactics_for(encounter.ruleset)
    ada, bo, cy = CombatantId("ada"), CombatantId("bo"), CombatantId("cy")
    table(Strike(actor=ada, target=bo, weapon="Sword"), 1, 2)
    settle = policy.choose(encounter, ada)
    assert settle == Stray(striker=ada, roll=True)
    table(settle, 3, 4)
    assert encounter.state[cy].pools["SDC"].current == 13
    assert not encounter.state[ada].has(STRAY)
    assert policy.choose(encounter, ada) == Strike(actor=ada, target=bo, weapon="Rifle")


def test_kingsdale_weighs_a_magazine_change_against_the_next_weapon() -> None:
    """M.D. before S.D.C. (the ranking's reason), else a magazine's damage against the next
    weapon's over one action more; with no other weapon loaded a change always pays."""

    def weapon(name: str, damage: str, **more: object) -> Weapon:
        return Weapon.model_validate({"name": name, "damage": damage, **more})

    rifle = weapon("Rifle", "2d6", kind="ranged", mega=True, payload=2)
    mace = weapon("Mace", "4d6")
    knife = weapon("Knife", "1d6", mega=True)
    sword = weapon("Sword", "2d4", mega=True)
    assert worth_reloading(rifle, mace)  # 2d6 M.D. against S.D.C., however hard it hits
    assert worth_reloading(rifle, knife)  # 2 x 7 > 3 x 3.5
    assert not worth_reloading(rifle, sword)  # 2 x 7 < 3 x 5
    assert worth_reloading(rifle, None)


def test_lurasko_attacks_with_its_hardest_hitting_weapon_and_counts_running_damage() -> None:
    """Normal and added energy damage together rank the weapons; Lur-Asko keeps a running
    damage total (degrees of injury are counted from it), and no pool of its is a wound."""
    session = open_encounter(demo_of("lurasko"), dice=LoadedDice([20, 1, 1, 1, 1, 1]))
    grenadier = session.state[CombatantId("grenadier")]
    assert best_first(grenadier.sheet) == ("Frost grenade", "Mortar", "Blast carbine")
    session.run("start")
    encounter = session.encounter
    legionary = CombatantId("legionary")
    choice = tactics_for(encounter.ruleset).choose(encounter, legionary)
    assert isinstance(choice, Attack) and choice.weapon == "Sword"
    assert encounter.ruleset.damage_pools(encounter.state[legionary]) == ()
    assert session.run(f"attack {choice.target} -with sword !20 10").ok
    target = session.state[choice.target]
    assert encounter.ruleset.damage_suffered(target) == damage_of(target) == 8


def test_lurasko_criticals_choose_core_the_injury_that_kills() -> None:
    """Seed (Critical Hits): a critical's first effect is "to choose what type of injury will be
    inflicted rather than rolling"; SOURCES.md 5.1: "Core degrees count toward death at 2 x
    bCON", and no other type kills. The tactics chose Perception (the seed's "usual choice",
    which nothing here makes lethal): in the demo every critical now chooses Core, and a
    critical of 17 on a foe of injury factor 6 and bCON 1 adds 2 Core degrees and kills it."""
    session = open_encounter(demo_of("lurasko"), dice=LoadedDice([20, 1, 1, 1, 1, 1]))
    session.run("start")
    encounter = session.encounter
    choice = tactics_for(encounter.ruleset).choose(encounter, CombatantId("legionary"))
    assert isinstance(choice, Attack)
    assert (choice.critical, choice.injury) == (CriticalEffect.INJURY_TYPE, InjuryType.CORE)

    foe = sheet(bcon=1, wgt=30, tn=4)
    encounter = duel(foe=foe)
    attack = tactics_for(encounter.ruleset).choose(encounter, HERO)
    assert isinstance(attack, Attack) and attack.target == FOE
    step = encounter.apply(attack, faces=[14])  # 14 + 10 pressure = 24: 20 over TN 4
    assert of_type(step.events, InjuryTypeSet)[0].injury is InjuryType.CORE
    assert degrees_of(encounter.state[FOE], InjuryType.CORE) == 2
    assert degrees_of(encounter.state[FOE], InjuryType.PERCEPTION) == 0
    assert encounter.state[FOE].marks.get(DEAD) is True


def test_lurasko_criticals_add_drive_where_the_armor_holds_the_weapon_off() -> None:
    """Seed (Critical Hits): "The other option is to increase the drive of all weapons in the
    attack by 10"; the armor range takes nothing below it and half within (Damage, Drive &
    Armor Ranges). A sword of drive 20 does nothing to full plate (24-40), so choosing Core
    gives no degree; 10 more drive is within the range, half its 17: the tactics take the
    drive, and the critical lands 8 where the chosen type would have landed 0."""
    plate = {"name": "Steel full plate", "low": 24, "high": 40, "metallic": True}
    encounter = duel(foe=sheet(tn=4, armor=plate))
    attack = tactics_for(encounter.ruleset).choose(encounter, HERO)
    assert isinstance(attack, Attack) and attack.critical is CriticalEffect.DRIVE
    step = encounter.apply(attack, faces=[14, 9])  # a critical, then the melee table's Core
    assert of_type(step.events, DamageCalledOut)[0].portions[0].drive == 30
    assert damage_of(encounter.state[FOE]) == 8
    assert degrees_of(encounter.state[FOE], InjuryType.CORE) == 1


def test_lurasko_criticals_follow_the_injury_tables_core_share() -> None:
    """SOURCES.md 5.1, 8: the injury-type tables are settings, and the drive option rolls on
    them. Against chainmail (16-28) a sword of drive 20 lands half, of drive 30 full: twice as
    much damage is worth less than choosing Core while a fifth of the default table is Core,
    and more when a group's table is all Core."""
    chainmail = {"name": "Steel chainmail", "low": 16, "high": 28, "metallic": True}
    foe = sheet(armor=chainmail)
    for table, effect in (
        ((), CriticalEffect.INJURY_TYPE),
        (((20, InjuryType.CORE),), CriticalEffect.DRIVE),
    ):
        encounter = duel(foe=foe, **({"melee_injury_table": table} if table else {}))
        attack = tactics_for(encounter.ruleset).choose(encounter, HERO)
        assert isinstance(attack, Attack)
        assert (attack.critical, attack.injury) == (effect, InjuryType.CORE)


def test_dbu_counts_life_lost_not_ki_spent() -> None:
    """SOURCES.md 2: Life Points are the health that Wound Rolls take; Ki is spent on wagers."""
    session = open_encounter(demo_of("dbu"))
    ruleset = session.encounter.ruleset
    someone = next(iter(session.state)).id
    assert ruleset.damage_pools(session.state[someone]) == ("LP",)
    session.apply(SetPool(target=someone, pool="KP", value=0))
    assert ruleset.damage_suffered(session.state[someone]) == 0
    life = session.state[someone].pools["LP"].maximum
    session.apply(SetPool(target=someone, pool="LP", value=life - 7))
    assert ruleset.damage_suffered(session.state[someone]) == 7


def test_dbu_tactics_order_a_waiting_effect_phase_then_attack() -> None:
    """Seed 001 (Effect Phase): 'You can decide the order in which they activate, if multiple
    occur at the same time': the dbu player answers its waiting phase (the default order),
    then attacks; a whole simulated fight on the demo ends with one side standing."""
    hero, foe = CombatantId("hero"), CombatantId("foe")
    encounter = dbu_fight(9, 2, hero=make_sheet(tier=2), start=False)
    encounter.apply(ApplyEffect(target=hero, name="Slowed"))
    encounter.apply(StartCombat())
    policy = tactics_for(encounter.ruleset)
    answer = policy.choose(encounter, hero)
    assert answer == EffectOrder(actor=hero, items=("auto",))
    assert policy.choose(encounter, foe) is None
    encounter.apply(answer)
    assert isinstance(policy.choose(encounter, hero), DbuAttack)
    ruleset, setup = loaded(str(demo_of("dbu")))
    result = fight(ruleset, setup, tactics_for(ruleset), seed=4)
    assert result.winner is not None
    assert result.rounds >= 2


SENA_WAITS = (
    "effect sena Shaken -rounds 0 -until start",
    'effect sena "Powered Up" -rounds 0 -until start',
)
"""Two of Sena's effects end at the start of her turn: her Effect Phase waits for their order."""


def test_dbu_odds_settle_a_waiting_effect_phase_with_the_tactics() -> None:
    """Seed 001 (Effect Phase): 'You can decide the order in which they activate, if multiple
    occur at the same time': when the turn comes to Sena her Effect Phase waits for her order
    and her attack is refused until it is given. The odds of the attack answer it as the dbu
    tactics do (``phases auto``: the standing, then the default order) and say so; the
    session asked about is not changed."""
    session = open_scenario("dbu")
    prepare(session, SENA_WAITS)
    attack = ready(session, "Sena: attack saibaman-1")
    assert not session.encounter.can(attack)
    before = session.state
    found = odds(session.encounter, attack, max_branches=10, samples=40)
    assert found.settled == (EffectOrder(actor=CombatantId("sena"), items=("auto",)),)
    assert sum(found.outcomes.values()) == 1 and found.samples == 40
    assert session.state is before
    assert odds(session.encounter, attack, max_branches=10, samples=40) == found


def test_dbu_tactics_keep_their_actions_when_attacked_out_of_turn() -> None:
    """Seed 001 (Counter Action): 'Any Actions converted into Counter Actions are lost at the
    start of your next turn.' Converting is allowed at any time, but a dbu fighter answering
    each attack on it by converting its Actions came to its own turn with none left (the
    Saibamen of the 4v4 benchmark lost every fight in about a round): the tactics never
    convert."""
    hero, foe = CombatantId("hero"), CombatantId("foe")
    encounter = dbu_fight(9, 2)
    assert encounter.state.is_turn_of(hero)
    assert encounter.can(Convert(actor=foe))
    policy = tactics_for(encounter.ruleset)
    assert isinstance(policy, Reacting)
    assert policy.react(encounter, foe) is None


def test_a_turn_handed_over_by_an_attack_is_played_not_answered() -> None:
    """Answers are out of turn (``Reacting``). In the dbu demo an attack that spends the
    attacker's last Action hands the turn to its target; that target then plays its turn with
    the tactics (it attacks), where it used to 'answer' the attack with everything it could do
    alone: Combat Recovery at full Life, an Energy Charge and Stop Charging, all its Actions."""
    ruleset, setup = loaded(str(demo_of("dbu")))
    steps: list[Step] = []
    fight(ruleset, setup, tactics_for(ruleset), seed=0, log=steps)
    taken = {type(step.action) for step in steps}
    assert DbuAttack in taken
    assert not taken & {CombatRecovery, EnergyCharge, StopCharging}


def test_a_side_whose_survivors_are_all_stunned_still_wins() -> None:
    """Lur-Asko's fight is over when one side alone has anyone alive (its ``outcome``), stunned
    or not (a killing blow that sets off the victim's electric aura leaves its striker stunned
    and the winner). The simulator takes the winner from the rules' verdict: it counted only
    the sides of those still taking turns, and called such a fight a draw."""
    ruleset, setup = loaded(str(demo_of("lurasko")))
    encounter = Encounter(ruleset)
    encounter.state = setup
    encounter.apply(ApplyEffect(target=CombatantId("legionary"), name=STUNNED))
    fallen = {c.id: replace(c, marks={**c.marks, DEAD: True}) for c in setup if c.id != "legionary"}
    setup = replace(encounter.state, combatants={**encounter.state.combatants, **fallen})
    assert not ruleset.takes_turn(setup, setup[CombatantId("legionary")])
    assert fight(ruleset, setup, tactics_for(ruleset), seed=0).winner == "party"
