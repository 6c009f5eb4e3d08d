"""Strike, parry, dodge and damage on the engine, with loaded dice."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.events import Note
from fracas.engine.gm import RemoveEffect
from fracas.engine.quick import DealDamage
from fracas.engine.ruleset import IllegalAction
from fracas.engine.saving import load, save
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kingsdale.actions import (
    AutoDodge,
    AutoParry,
    Dodge,
    NoDefence,
    Parry,
    Stray,
    Strike,
)
from fracas.rules.kingsdale.damage import Location
from fracas.rules.kingsdale.events import (
    DamageRolled,
    DamageTaken,
    DefenceRolled,
    Fumbled,
    StrikeRolled,
)
from fracas.rules.kingsdale.queries import OWED, STRAY, STRIKE
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.strike import Shot

from .support import Fight, sheet

ADA, BO, CY = CombatantId("ada"), CombatantId("bo"), CombatantId("cy")
MISSILES = {"name": "Missiles", "kind": "missile", "damage": "1d6", "mega": True}


def started(**changes: object) -> Fight:
    """Ada (initiative 15) strikes first; Bo (10) defends."""
    fight = Fight(ada=sheet(strike=3), bo=sheet(parry=4, dodge=3, **changes))
    fight(StartCombat(), 15, 10)
    return fight


def test_the_demo_dodge_uses_one_action_and_the_parry_none() -> None:
    """Seed demo: "NPC 1 rolls to dodge one strike and parry the other … His pose has one
    action remaining … (dodge used one action, parry did not, leaving one remaining)"."""
    fight = started()
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 14)
    fight(EndTurn())
    fight(Dodge(actor=BO), 16)
    fight(Parry(actor=BO), 15)
    assert fight.actions("bo") == 1
    assert not fight.state[BO].has(STRIKE)


def test_a_strike_waits_for_the_defence_and_a_failed_one_takes_damage() -> None:
    """Seed: "Defence by parry or dodge, the defender meeting or beating the strike"."""
    fight = started()
    step = fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    rolled = next(e for e in step.events if isinstance(e, StrikeRolled))
    assert (rolled.roll.total, rolled.needed, rolled.outcome) == (15, 5, "hit")
    assert fight.state[BO].has(STRIKE)
    step = fight(Parry(actor=BO), 10, 4, 5)
    defence = next(e for e in step.events if isinstance(e, DefenceRolled))
    assert (defence.roll and defence.roll.total, defence.success) == (14, False)
    assert fight.state[BO].pools["SDC"].current == 11


def test_a_tie_goes_to_the_defender() -> None:
    """SOURCES.md 3.2: "Defender wins ties (meets or beats the strike) ... one fan FAQ says
    dodge must be strictly higher"; SOURCES.md 8: a setting. Strike 15, parry 11 + 4 = 15."""
    fight = started()
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    step = fight(Parry(actor=BO), 11)
    assert next(e for e in step.events if isinstance(e, DefenceRolled)).success
    assert not fight.state[BO].has(STRIKE)
    strict = Fight(
        KingsdaleSettings(defender_wins_ties=False), ada=sheet(strike=3), bo=sheet(parry=4)
    )
    strict(StartCombat(), 15, 10)
    strict(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    step = strict(Parry(actor=BO), 11, 3, 3)
    assert not next(e for e in step.events if isinstance(e, DefenceRolled)).success
    assert strict.state[BO].pools["SDC"].current == 14


def test_a_parry_costs_an_action_without_hand_to_hand() -> None:
    """SOURCES.md 3.2: "Parry costs none for H2H-trained characters"; the untrained use one
    (a setting, ``untrained_parry_actions``)."""
    fight = started(hand_to_hand=False)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(Parry(actor=BO), 15)
    assert fight.actions("bo") == 1
    free = Fight(
        KingsdaleSettings(untrained_parry_actions=0),
        ada=sheet(strike=3),
        bo=sheet(parry=4, hand_to_hand=False),
    )
    free(StartCombat(), 15, 10)
    free(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    free(Parry(actor=BO), 15)
    assert free.actions("bo") == 2


def test_auto_actions_use_no_action_and_need_the_ability() -> None:
    """Seed: "the use of one of these actions does not remove an action from the PC's combat
    'bin'"; SOURCES.md 3.1: auto-dodge adds only its own bonuses."""
    fight = started(auto_dodge=1)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    step = fight(AutoDodge(actor=BO), 14)
    defence = next(e for e in step.events if isinstance(e, DefenceRolled))
    assert defence.roll is not None and defence.roll.total == 15 and defence.success
    assert fight.actions("bo") == 2
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    with pytest.raises(IllegalAction) as refused:
        fight(AutoParry(actor=BO), 14)
    assert refused.value.code == "no-auto-parry"


def struck_with_no_action_left(fight: Fight) -> None:
    """Ada spends her two Pose One actions striking Bo, who takes both and strikes back."""
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(EndTurn())
    fight(NoDefence(actor=BO), 3, 3)
    fight(NoDefence(actor=BO), 3, 3)
    fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)


def test_a_dodge_with_no_actions_left_borrows_from_the_next_pose() -> None:
    """Seed demo, Pose Two: "Player 1 poses his dodge and remaining attack" (his Pose One
    actions were spent on attacks when NPC 2 struck him)."""
    fight = started()
    struck_with_no_action_left(fight)
    fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)
    fight(Dodge(actor=ADA), 18)
    assert fight.actions("ada") == 0
    fight(Dodge(actor=ADA), 18)
    fight(EndTurn())
    assert fight.actions("ada") == 0  # Pose Two: Two, less the two borrowed


def test_a_dodge_with_the_poses_last_action_borrows_nothing() -> None:
    """Seed, Standard Action/Attack: "In general the following activities use one attack or
    action: … Dodging"; the setting ``dodge_borrows_next_pose`` takes one of the next pose's
    only "when the pose's actions are spent". Bo's second dodge spends the last of his two."""
    fight = started()
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(EndTurn())
    fight(Dodge(actor=BO), 18)
    step = fight(Dodge(actor=BO), 18)
    assert fight.actions("bo") == 0
    assert not any(isinstance(e, Note) for e in step.events)
    assert not fight.state[BO].marks.get(OWED)
    fight(EndTurn())
    assert fight.actions("bo") == 2  # Pose Two: Two, none borrowed


def test_without_borrowing_a_dodge_needs_an_action_left() -> None:
    """Seed: a dodge uses "one attack or action"; with ``dodge_borrows_next_pose`` off, a
    defender whose pose has no action left cannot dodge, and the state is unchanged."""
    fight = Fight(
        KingsdaleSettings(dodge_borrows_next_pose=False), ada=sheet(strike=3), bo=sheet(dodge=3)
    )
    fight(StartCombat(), 15, 10)
    struck_with_no_action_left(fight)
    before = fight.state
    with pytest.raises(IllegalAction) as refused:
        fight(Dodge(actor=ADA), 18)
    assert refused.value.code == "not-enough-actions"
    assert fight.state is before


def test_a_dodge_borrows_no_more_than_the_next_pose_holds() -> None:
    """Seed demo, Round Two: "Player 1 poses his dodge and remaining attack": a dodge with no
    action left is posed with the next pose's actions, and no further; Paired Weapons: "as with
    all other combat actions, strikes and counter-strikes can only be made if the PC still has
    available melee actions. If not, only parries are possible." Ada's three attacks are one a
    pose: Pose One's spent, she dodges on Pose Two's one, then can only parry; Pose Two starts
    with nothing left and nothing owed."""
    fight = Fight(ada=sheet(attacks=3, strike=3, parry=4), bo=sheet(strike=3))
    fight(StartCombat(), 15, 10)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(NoDefence(actor=BO), 3, 3)
    fight(EndTurn())
    fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)
    fight(Dodge(actor=ADA), 18)
    assert fight.state[ADA].marks.get(OWED) == 1
    fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)
    before = fight.state
    with pytest.raises(IllegalAction) as refused:
        fight(Dodge(actor=ADA), 18)
    assert refused.value.code == "not-enough-actions" and fight.state is before
    assert "nor one of the next pose's 1 left to borrow" in str(refused.value)
    fight(Parry(actor=ADA), 15)
    assert not fight.state[ADA].has(STRIKE)
    fight(EndTurn())
    assert fight.actions("ada") == 0 and not fight.state[ADA].marks.get(OWED)
    assert fight.state[ADA].pools["SDC"].current == 20


def test_a_dodge_in_pose_three_borrows_from_the_next_melee_rounds_first_pose() -> None:
    """Seed: "you fill up your three melee 'bins' with one attack each, and the fourth attack is
    placed into the final attack 'bin'": Bo's four attacks are 1/1/2, so in Pose Three, his two
    spent, a dodge may borrow the one action of the next melee round's Pose One, no more."""
    fight = Fight(ada=sheet(strike=3), bo=sheet(attacks=4, dodge=3))
    fight(StartCombat(), 10, 15)
    for _ in range(4):
        fight(EndTurn())
    assert fight.state.clock.order[fight.state.clock.index].label == "Pose Three"
    for _ in range(2):
        fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)
        fight(NoDefence(actor=ADA), 1, 1)
    fight(EndTurn())
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(Dodge(actor=BO), 18)
    assert fight.actions("bo") == 0 and fight.state[BO].marks.get(OWED) == 1
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    with pytest.raises(IllegalAction) as refused:
        fight(Dodge(actor=BO), 18)
    assert refused.value.code == "not-enough-actions"
    fight(NoDefence(actor=BO), 2, 2)
    fight(EndTurn())
    assert fight.state.clock.round == 2
    assert fight.actions("bo") == 0 and not fight.state[BO].marks.get(OWED)
    assert fight.state[BO].pools["SDC"].current == 16


def test_shots_cannot_be_parried_and_close_shots_are_minus_10_to_dodge() -> None:
    """SOURCES.md 3.1-3.2: bullets and energy blasts cannot be parried; "No -10 to dodge …
    except when fired from <= 10 ft"."""
    fight = started(armor=[{"name": "EBA", "mdc": 80}])
    fight(Strike(actor=ADA, target=BO, weapon="rifle", feet=10), 12)
    with pytest.raises(IllegalAction) as refused:
        fight(Parry(actor=BO), 15)
    assert refused.value.code == "cannot-parry"
    step = fight(Dodge(actor=BO), 19, 1, 1, 1)
    defence = next(e for e in step.events if isinstance(e, DefenceRolled))
    assert defence.roll is not None and defence.roll.total == 12 and not defence.success
    fight(Strike(actor=ADA, target=BO, weapon="rifle", feet=11), 12)
    step = fight(Dodge(actor=BO), 13)
    assert next(e for e in step.events if isinstance(e, DefenceRolled)).success


def test_a_volley_of_four_missiles_cannot_be_dodged() -> None:
    """SOURCES.md 3.1: "Volleys of 4 or more cannot" be dodged."""
    fight = Fight(ada=sheet(weapons=[MISSILES]), bo=sheet())
    fight(StartCombat(), 15, 10)
    step = fight(Strike(actor=ADA, target=BO, volley=4), 12, 3)
    assert any(isinstance(e, DamageTaken) for e in step.events)
    assert not fight.state[BO].has(STRIKE)


def test_the_defender_answers_before_striking_and_strikes_only_in_its_pose() -> None:
    """Seed demo: NPC 1 answers Player 1's strikes, then strikes back in his pose."""
    fight = started()
    with pytest.raises(IllegalAction) as early:
        fight(Strike(actor=BO, target=ADA), 12)
    assert early.value.code == "not-your-pose"
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(EndTurn())
    before = fight.state
    with pytest.raises(IllegalAction) as first:
        fight(Strike(actor=BO, target=ADA), 12)
    assert first.value.code == "answer-first"
    assert fight.state is before


def test_a_strike_needs_an_action_left() -> None:
    """Seed: "strikes and counter-strikes can only be made if the PC still has available melee
    actions"."""
    fight = started()
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    with pytest.raises(IllegalAction) as refused:
        fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    assert refused.value.code == "not-enough-actions"


def test_with_no_action_left_a_paired_fighter_only_parries() -> None:
    """Seed: "strikes and counter-strikes can only be made if the PC still has available melee
    actions. If not, only parries are possible." (Bo's one attack falls in Pose Three.)"""
    fight = Fight(ada=sheet(strike=3), bo=sheet(attacks=1, parry=4, paired_weapons=True))
    fight(StartCombat(), 15, 10)
    assert fight.actions("bo") == 0
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    before = fight.state
    with pytest.raises(IllegalAction) as refused:
        fight(Parry(actor=BO, counter=True, counter_with="sword"), 16, 11)
    assert refused.value.code == "not-enough-actions"
    assert fight.state is before
    step = fight(Parry(actor=BO), 16)
    assert next(e for e in step.events if isinstance(e, DefenceRolled)).success
    assert not fight.state[ADA].has(STRIKE)


def test_a_natural_one_misses_and_rolls_on_the_fumble_table() -> None:
    """Seed: "If a player rolls a 1 he or she must then roll 1d20 … 4 results in dropping the
    weapon."""
    fight = started()
    step = fight(Strike(actor=ADA, target=BO, weapon="sword"), 1, 4)
    assert next(e for e in step.events if isinstance(e, Fumbled)).result == "drops the weapon"
    assert fight.state[ADA].has("Weapon dropped: Sword")
    with pytest.raises(IllegalAction) as refused:
        fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    assert refused.value.code == "weapon-lost"


def test_a_fumble_of_2_drops_the_weapon_when_no_teammate_can_be_hit() -> None:
    """Seed: "2 results in hitting a team mate if possible, and dropping the weapon if not."
    Alone on its side the attacker drops the weapon; with a teammate standing, whether one is
    in the line of fire is the game master's call, and the weapon stays in hand."""
    fight = started()
    step = fight(Strike(actor=ADA, target=BO, weapon="sword"), 1, 2)
    fumbled = next(e for e in step.events if isinstance(e, Fumbled))
    assert fumbled.result == "hits a teammate if possible, else drops the weapon"
    assert fight.state[ADA].has("Weapon dropped: Sword")
    team = Fight(ada=sheet(), bo=sheet(), cy=sheet())
    team(StartCombat(), 15, 10, 5)
    team(Strike(actor=ADA, target=BO, weapon="sword"), 1, 2)
    assert not team.state[ADA].has("Weapon dropped: Sword")
    assert team.state[ADA].has(STRAY)


def fumbled_among_teammates() -> Fight:
    """Ada fumbles a 2 with Cy, her teammate, standing: the stray strike waits."""
    team = Fight(ada=sheet(), bo=sheet(), cy=sheet())
    team(StartCombat(), 15, 10, 5)
    team(Strike(actor=ADA, target=BO, weapon="sword"), 1, 2)
    return team


def test_the_game_master_says_which_teammate_a_fumble_of_2_hits() -> None:
    """Seed: "2 results in hitting a team mate if possible": the game master names the teammate
    in the line of fire, and the weapon's damage is rolled against them, undefended."""
    team = fumbled_among_teammates()
    step = team(Stray(hit=CY), 3, 4)
    rolled = next(e for e in step.events if isinstance(e, DamageRolled))
    assert (rolled.attacker, rolled.target, rolled.amount) == (ADA, CY, 7)
    assert team.state[CY].pools["SDC"].current == 13
    assert not team.state[ADA].has(STRAY) and not team.state[ADA].has("Weapon dropped: Sword")


def test_nobody_in_the_line_of_fire_and_the_weapon_drops() -> None:
    """Seed: "… and dropping the weapon if not"."""
    team = fumbled_among_teammates()
    team(Stray())
    assert team.state[ADA].has("Weapon dropped: Sword") and not team.state[ADA].has(STRAY)


def fumbled_with_two_teammates(settings: KingsdaleSettings | None = None) -> Fight:
    """Ada fumbles a 2 with Cy and Eve, her teammates, standing."""
    team = Fight(settings, ada=sheet(), bo=sheet(), cy=sheet(), dee=sheet(), eve=sheet())
    team(StartCombat(), 15, 10, 8, 6, 5)
    team(Strike(actor=ADA, target=BO, weapon="sword"), 1, 2)
    return team


def test_the_dice_say_which_teammate_is_in_the_line_of_fire() -> None:
    """Seed: "2 results in hitting a team mate if possible"; ``stray -roll`` lets the dice
    settle it (the simulator, standing in for the game master, does): a teammate is in the line
    of fire whenever one stands (``stray_in_line_of_fire`` 100), which one by an even die over
    the standing teammates: a 2 on 1d2 is Eve, who takes the Sword's 2d6 undefended."""
    team = fumbled_with_two_teammates()
    team(Stray(striker=ADA, roll=True), 2, 3, 4)
    eve = team.state[CombatantId("eve")]
    assert eve.pools["SDC"].current == 13
    assert team.state[CY].pools["SDC"].current == 20
    assert not team.state[ADA].has(STRAY) and not team.state[ADA].has("Weapon dropped: Sword")


def test_the_line_of_fire_chance_is_a_d100_at_or_under_the_setting() -> None:
    """Seed: "… and dropping the weapon if not": with ``stray_in_line_of_fire`` at 30, a d100
    of 31 puts nobody in the way and the weapon drops; a 30 puts a teammate there."""
    missed = fumbled_with_two_teammates(KingsdaleSettings(stray_in_line_of_fire=30))
    missed(Stray(roll=True), 31)
    assert missed.state[ADA].has("Weapon dropped: Sword") and not missed.state[ADA].has(STRAY)
    assert missed.state[CY].pools["SDC"].current == 20
    hit = fumbled_with_two_teammates(KingsdaleSettings(stray_in_line_of_fire=30))
    hit(Stray(roll=True), 30, 1, 6, 6)
    assert hit.state[CY].pools["SDC"].current == 8
    assert not hit.state[ADA].has(STRAY) and not hit.state[ADA].has("Weapon dropped: Sword")


@pytest.mark.parametrize(
    ("stray", "code"),
    [
        (Stray(hit=CY, roll=True), "hit-or-roll"),
        (Stray(hit=BO), "not-a-teammate"),
        (Stray(hit=ADA), "not-a-teammate"),
        (Stray(actor=CY, hit=CY), "game-master-only"),
        (Stray(striker=BO), "no-stray"),
    ],
)
def test_a_stray_strike_is_refused_outside_the_rule(stray: Stray, code: str) -> None:
    """Issue 3: an action the rules forbid is refused with the rule, and changes nothing. Only
    a teammate ("a team mate") can be hit, and only the game master says who."""
    team = fumbled_among_teammates()
    before = team.state
    with pytest.raises(IllegalAction) as refused:
        team(stray)
    assert refused.value.code == code and team.state is before


def test_no_stray_strike_without_a_fumble() -> None:
    with pytest.raises(IllegalAction) as refused:
        started()(Stray())
    assert refused.value.code == "no-stray"


def test_a_natural_20_doubles_damage_and_needs_a_natural_20_to_stop() -> None:
    """SOURCES.md 3.2: "A natural-20 strike is a critical (double damage) and can only be
    beaten by a natural-20 parry or dodge"."""
    fight = started()
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 20)
    fight(Parry(actor=BO), 19, 3, 4)
    assert fight.state[BO].pools["SDC"].current == 6


def test_md_damage_goes_through_armour_layers_to_the_wearer() -> None:
    """Seed: "excess damage will be converted to SDC and applied to the target … Only the last
    layer will convert to SDC."""
    armour = [{"name": "Coat", "mdc": 5}, {"name": "EBA", "mdc": 10}]
    fight = started(armor=armour)
    fight(Strike(actor=ADA, target=BO, weapon="rifle"), 12)
    fight(NoDefence(actor=BO), 6, 6, 6)
    pools = fight.state[BO].pools
    assert (pools["Coat"].current, pools["EBA"].current, pools["SDC"].current) == (0, 0, 17)


def test_a_called_head_shot_past_the_armour_kills() -> None:
    """Seed: "A called shot that exceeds armor capacity will kill the target on a head or body
    shot"; called shots use two attacks and need 12 to hit at range."""
    fight = started(armor=[{"name": "Vest", "mdc": 5}])
    step = fight(
        Strike(actor=ADA, target=BO, weapon="rifle", shot=Shot.CALLED, at=Location.HEAD), 10
    )
    rolled = next(e for e in step.events if isinstance(e, StrikeRolled))
    assert (rolled.roll.total, rolled.needed, rolled.outcome) == (12, 12, "hit")
    assert fight.actions("ada") == 0
    fight(NoDefence(actor=BO), 6, 6, 6)
    assert fight.state[BO].has("Dead")
    assert fight.state.ended


def test_undo_takes_back_a_defence_and_its_damage() -> None:
    """DESIGN.md: undo restores the snapshot (the pending strike comes back)."""
    fight = started()
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    before = fight.state
    fight(NoDefence(actor=BO), 3, 3)
    fight.encounter.undo()
    assert fight.state is before and fight.state[BO].has(STRIKE)


def test_the_gm_may_change_a_fumbles_outcome() -> None:
    """Seed: "If the GM strongly feels that these results are not within the nature of the
    scene, then the GM may change the outcome of the natural 1" (here: ``clear`` the effect)."""
    fight = started()
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 1, 3)
    assert fight.state[ADA].has("Weapon failed: Sword")
    fight(RemoveEffect(target=ADA, name="Weapon failed: Sword"))
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    assert fight.state[BO].has(STRIKE)


def test_a_fight_with_pending_strikes_and_a_severed_limb_saves_and_loads() -> None:
    """DESIGN.md: "A save file is the ruleset, its settings, the seed and the event log; loading
    replays it to the identical state"."""
    fight = started(armor=[{"name": "Vest", "mdc": 5}])
    fight(Strike(actor=ADA, target=BO, weapon="rifle", shot=Shot.CALLED, at=Location.ARM), 10)
    fight(NoDefence(actor=BO), 6, 6, 6)
    fight(EndTurn())
    fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)
    assert fight.state[BO].has("Dismembered arm") and fight.state[ADA].has(STRIKE)
    assert load(save(fight.encounter)).state == fight.state


def test_melee_damage_adds_the_md_punch_or_the_ps_bonus() -> None:
    """SOURCES.md 3.1 (Combat Amendments): "an MD melee weapon plus the wielder's MD normal punch
    damage … SDC melee weapons add the P.S. SDC damage bonus."""
    vibro = {"name": "Vibro-Sword", "kind": "melee", "damage": "2d6", "mega": True}
    borg = Fight(
        ada=sheet(md_punch="1d4", weapons=[vibro]), bo=sheet(armor=[{"name": "EBA", "mdc": 90}])
    )
    borg(StartCombat(), 15, 10)
    borg(Strike(actor=ADA, target=BO), 12)
    step = borg(NoDefence(actor=BO), 3, 4, 2)
    assert next(e for e in step.events if isinstance(e, DamageRolled)).amount == 9
    strong = Fight(ada=sheet(ps_damage=3), bo=sheet())
    strong(StartCombat(), 15, 10)
    strong(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    step = strong(NoDefence(actor=BO), 3, 4)
    assert next(e for e in step.events if isinstance(e, DamageRolled)).amount == 10


def test_illegal_targets_are_refused_and_change_nothing() -> None:
    """Issue 3: "An action the rules forbid (… an illegal target) is refused with the rule that
    forbids it, and changes nothing."""
    fight = started(armor=[{"name": "Vest", "mdc": 5}])
    before = fight.state
    with pytest.raises(IllegalAction) as itself:
        fight(Strike(actor=ADA, target=ADA, weapon="sword"), 12)
    assert itself.value.code == "self-target"
    with pytest.raises(IllegalAction) as not_burst:
        fight(Strike(actor=ADA, target=BO, weapon="rifle", also=(BO,)), 12)
    assert not_burst.value.code == "burst-only"
    with pytest.raises(IllegalAction) as volley:
        fight(Strike(actor=ADA, target=BO, weapon="rifle", volley=4), 12)
    assert volley.value.code == "bad-volley"
    assert fight.state is before
    fight(Strike(actor=ADA, target=BO, weapon="rifle", shot=Shot.CALLED, at=Location.HEAD), 10)
    fight(NoDefence(actor=BO), 6, 6, 6)
    assert fight.state.ended


def _layers_and_structure(fight: Fight) -> tuple[int, int, int, int]:
    pools = fight.state[BO].pools
    return (pools["Coat"].current, pools["EBA"].current, pools["SDC"].current, pools["HP"].current)


ARMOUR = [{"name": "Coat", "mdc": 5}, {"name": "EBA", "mdc": 10}]


def test_a_struck_and_a_dealt_sdc_hit_differ_on_an_armoured_wearer() -> None:
    """SOURCES.md 3.3: "ordinary SDC attacks do nothing to MDC targets": a sword's 7 S.D.C.
    strikes the armour and does nothing; the game master's ``damage bo 7`` reaches no armour
    (no strike did) and goes to S.D.C."""
    struck = started(armor=ARMOUR)
    struck(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    struck(NoDefence(actor=BO), 3, 4)
    assert _layers_and_structure(struck) == (5, 10, 20, 30)
    dealt = started(armor=ARMOUR)
    dealt(DealDamage(target=BO, amount=7, kind="sdc"))
    assert _layers_and_structure(dealt) == (5, 10, 13, 30)


def test_a_struck_and_a_dealt_md_hit_end_alike() -> None:
    """Seed 002 (Armor): M.D. from the outermost layer in, what passes the last converted to
    S.D.C. on an S.D.C. wearer: a rifle's 18 M.D. and the game master's ``damage bo 18 -type
    md`` leave the same pools (5 and 10 gone, 3 past: 3 S.D.C. at the default overflow rate)."""
    struck = started(armor=ARMOUR)
    struck(Strike(actor=ADA, target=BO, weapon="rifle"), 12)
    struck(NoDefence(actor=BO), 6, 6, 6)
    dealt = started(armor=ARMOUR)
    dealt(DealDamage(target=BO, amount=18, kind="md"))
    assert _layers_and_structure(struck) == _layers_and_structure(dealt) == (0, 0, 17, 30)
