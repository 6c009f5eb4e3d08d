"""The kaiser ruleset on the engine: the round's phases, Initiative, attacks; loaded dice."""

from __future__ import annotations

import pytest

from fracas.commands.binding import BindContext, bind_text
from fracas.engine.events import EffectChanged, InitiativeSet
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, HoldTurn
from fracas.rules.kaiser.actions import Attack, Intend, Move
from fracas.rules.kaiser.events import AttackResolved, CheckRolled, CriticalRolled, DamageTaken
from fracas.rules.kaiser.queries import AP, CRITICAL, DEAD, INTENTION_PHASE, LP, UNCONSCIOUS
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kaiser.settings import KaiserSettings
from tests.rules.kaiser.support import BANDIT, CEIL, duel, make_sheet, pool, refused


def test_a_round_opens_with_the_intention_phase_and_initiative_is_rolled_at_its_end() -> None:
    """SOURCES.md 1.9: "Round = Intention phase (declare intentions, spend AP, roll
    initiative), then Action phase (Active/Reaction/Swift actions by initiative)"; the Attack
    Intention costs "Weapon Cost + 1 AP" of the round's 6."""
    encounter = duel(4, 5, 2, 2, intend=False)
    turn = encounter.state.clock.turn
    assert turn is not None and turn.label == INTENTION_PHASE
    assert set(turn.actors) == {CEIL, BANDIT}
    encounter.apply(Intend(actor=CEIL, intention="attack"))
    assert pool(encounter, CEIL, AP) == 6 - (2 + 1)
    step = encounter.apply(EndTurn())
    rolled = [e for e in step.events if isinstance(e, InitiativeSet)]
    assert [(e.combatant, e.initiative) for e in rolled] == [(CEIL, 19), (BANDIT, 14)]
    assert encounter.state.acting() == (CEIL,)
    assert [t.actors for t in encounter.state.clock.order[1:]] == [(CEIL,), (BANDIT,)]


def test_initiative_ties_go_to_the_higher_initiative_value() -> None:
    """Kaiser's Combat Rounds: "In the case of a tie, the combatant with the highest Initiative
    Value (the number added to the die roll) acts first." """
    encounter = duel(5, 5, 4, 4, bandit=make_sheet(initiative=12))
    assert encounter.state.acting() == (BANDIT,)


def test_the_attack_intentions_weapon_lowers_initiative() -> None:
    """Kaiser's Action Points: "The weapon with the worst Initiative Penalty is applied to your
    Initiative Roll." """
    heavy = make_sheet(
        weapons=[
            {"name": "Maul", "base_damage": 10, "damage_type": "impact", "initiative_penalty": 3}
        ]
    )
    encounter = duel(4, 4, 3, 3, ceil=heavy)
    assert encounter.state[CEIL].initiative == 8 + 10 - 3


def test_an_attack_intention_naming_several_weapons() -> None:
    """Kaiser's Action Points: "you must chose one or more weapons that you plan to use this
    round. The weapon with the worst Initiative Penalty is applied to your Initiative Roll and
    the highest Weapon Cost is used to determine the AP cost of this Intention." """
    armed = make_sheet(
        weapons=[
            {"name": "Long Sword", "base_damage": 7, "damage_type": "cut", "cost": 2},
            {
                "name": "Maul",
                "base_damage": 10,
                "damage_type": "impact",
                "cost": 3,
                "initiative_penalty": 3,
            },
            {
                "name": "Dagger",
                "base_damage": 4,
                "damage_type": "thrust",
                "cost": 1,
                "initiative_penalty": 1,
            },
        ]
    )
    encounter = duel(6, 5, 3, 3, 5, 5, 5, 5, ceil=armed, intend=False)
    line = 'Ceil: intend attack -with "long sword,maul"'
    names = {CEIL: "Ceil", BANDIT: "Bandit"}
    intend = bind_text(line, {a.verb: a for a in Kaiser.actions}, BindContext(names))
    assert intend == Intend(actor=CEIL, intention="attack", weapons=("long sword", "maul"))
    encounter.apply(intend)
    assert pool(encounter, CEIL, AP) == 6 - (3 + 1)
    encounter.apply(Intend(actor=BANDIT, intention="attack"))
    encounter.apply(EndTurn())
    assert encounter.state[CEIL].initiative == 11 + 10 - 3
    refused(encounter, Attack(actor=CEIL, target=BANDIT, weapon="dagger"), "not-intended")
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, weapon="maul", defence="dodge"))
    assert [e.weapon for e in step.events if isinstance(e, AttackResolved)] == ["Maul"]


def test_a_weapons_name_cannot_hold_the_separator_of_several() -> None:
    """``intend attack -with sword,dagger`` separates the weapons with commas."""
    with pytest.raises(ValueError, match="cannot hold"):
        make_sheet(weapons=[{"name": "Sword, Long", "base_damage": 7, "damage_type": "cut"}])


def test_intentions_are_declared_once_and_only_in_the_intention_phase() -> None:
    """Kaiser's Combat Rounds: "You can declare multiple Intentions, but can only declare each
    one once." """
    encounter = duel(4, 5, 2, 2, intend=False)
    encounter.apply(Intend(actor=CEIL, intention="attack"))
    refused(encounter, Intend(actor=CEIL, intention="attack"), "intention-declared")
    encounter.apply(Intend(actor=CEIL, intention="spirit"))
    assert pool(encounter, CEIL, AP) == 6 - 3 - 1
    refused(encounter, Intend(actor=CEIL, intention="phenom"), "not-enough-ap")
    encounter.apply(EndTurn())
    refused(encounter, Intend(actor=CEIL, intention="magic"), "not-intention-phase")


def test_an_attack_needs_the_attack_intention_and_the_action_phase() -> None:
    """The Attack Intention "allows you to perform the Attack Action once this round"."""
    encounter = duel(4, 5, 2, 2, intend=False)
    refused(encounter, Attack(actor=CEIL, target=BANDIT), "intention-phase")
    encounter.apply(EndTurn())
    refused(encounter, Attack(actor=CEIL, target=BANDIT), "no-attack-intention")
    refused(encounter, Attack(actor=BANDIT, target=CEIL), "not-your-turn")


def test_a_hit_costs_the_defender_1_ap_and_deals_units_times_base_damage() -> None:
    """SOURCES.md 1.1: "Offensive > Defensive: the attack succeeds. The defender loses 1 AP
    this round, then damage is computed"; 1.4: "LP lost = Units x Base Damage"."""
    encounter = duel(4, 5, 2, 2, 5, 4, 2, 3)
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    checks = [e for e in step.events if isinstance(e, CheckRolled)]
    assert [(c.combatant, c.roll.total) for c in checks] == [(CEIL, 19), (BANDIT, 13)]
    resolved = next(e for e in step.events if isinstance(e, AttackResolved))
    assert (resolved.outcome, resolved.degrees) == ("hit", 6)
    taken = next(e for e in step.events if isinstance(e, DamageTaken))
    assert (taken.account.units, taken.account.total) == (6 - 2, 4 * 7)
    assert pool(encounter, BANDIT, LP) == 60 - 28
    assert pool(encounter, BANDIT, AP) == 3 - 1


def test_a_miss_and_a_tie_deal_nothing() -> None:
    """SOURCES.md 1.1: "Defensive > Offensive: the attack fails." "Tie: nothing happens." """
    encounter = duel(4, 5, 2, 2, 1, 2, 5, 5, 3, 3, 4, 4)
    miss = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    resolved = next(e for e in miss.events if isinstance(e, AttackResolved))
    assert (resolved.offence, resolved.defence, resolved.outcome) == (13, 18, "miss")
    tie = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    resolved = next(e for e in tie.events if isinstance(e, AttackResolved))
    assert (resolved.offence, resolved.defence, resolved.outcome) == (14, 14, "tie")
    assert not any(isinstance(e, DamageTaken) for e in (*miss.events, *tie.events))
    assert pool(encounter, BANDIT, LP) == 60
    assert pool(encounter, BANDIT, AP) == 3


def test_more_attack_actions_with_skill_each_at_minus_2() -> None:
    """Kaiser's Action Points: "For every 10 points you have in your Final Attack Skill, you
    can perform the Attack Action an additional time ... you suffer a -2 penalty to the
    Offensive Roll for each Attack Action made after the first"."""
    encounter = duel(4, 5, 2, 2, 1, 2, 6, 5, 1, 2, 6, 5)
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    second = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    offence = next(e for e in second.events if isinstance(e, CheckRolled))
    assert ("additional attack", -2) in offence.parts
    assert offence.roll.total == 3 + 10 - 2
    refused(encounter, Attack(actor=CEIL, target=BANDIT), "no-attack-actions")


def test_each_further_defence_is_at_minus_2() -> None:
    """Kaiser's Action Points: "you suffer a -2 for each attack after the first when using
    this Action. This penalty cannot exceed -10"."""
    encounter = duel(4, 5, 2, 2, 1, 2, 3, 3, 1, 2, 3, 3)
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="block"))
    second = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="block"))
    defence = [e for e in second.events if isinstance(e, CheckRolled)][1]
    assert defence.parts == (("Block", 6), ("defended before", -2))


def test_the_further_defence_penalty_stops_at_minus_10() -> None:
    """Kaiser's Action Points: the -2 for each further Block or Dodge "cannot exceed -10": the
    seventh defence of the round is at -10, not -12 (Ceil has 11 Attack Actions here)."""
    many = KaiserSettings(attacks_per_skill=1)
    encounter = duel(4, 5, 2, 2, *(1, 2, 3, 3) * 7, settings=many)
    for _ in range(6):
        encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="block"))
    seventh = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="block"))
    defence = [e for e in seventh.events if isinstance(e, CheckRolled)][1]
    assert defence.parts == (("Block", 6), ("defended before", -10))


def test_a_critical_costs_ap_and_leaves_a_penalty_that_fades() -> None:
    """SOURCES.md 1.6: a hit removing half the current LP is a Critical; "Defender makes a
    Physical Resistance (PhR) check vs the level. Failure costs 1 AP per DoF plus an
    all-action penalty equal to the DoF"; "DoF <= 5: pain only, fades 1 per round"."""
    axe = make_sheet(weapons=[{"name": "Axe", "base_damage": 9, "damage_type": "cut"}])
    encounter = duel(4, 5, 2, 2, 5, 4, 2, 3, 3, 4, 2, 2, ceil=axe)
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    critical = next(e for e in step.events if isinstance(e, CriticalRolled))
    assert (critical.damage, critical.level) == (36, 7 + 3)
    check = [e for e in step.events if isinstance(e, CheckRolled)][-1]
    assert (check.roll.total, check.against, check.result) == (9, 10, "1 DoF")
    bandit = encounter.state[BANDIT]
    assert bandit.pools[AP].current == 3 - 1 - 1
    effect = bandit.effect(CRITICAL)
    assert effect is not None and effect.data["penalty"] == 1
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    assert not encounter.state[BANDIT].has(CRITICAL)


def test_the_pain_of_a_critical_penalises_every_roll_and_fades_a_point_a_round() -> None:
    """SOURCES.md 1.6: "an all-action penalty equal to the DoF"; "pain only, fades 1 per
    round"."""
    axe = make_sheet(weapons=[{"name": "Axe", "base_damage": 9, "damage_type": "cut"}])
    encounter = duel(4, 5, 2, 2, 5, 4, 2, 3, 3, 4, 1, 1, 2, 2, 2, 3, ceil=axe)
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert encounter.state[BANDIT].effect(CRITICAL).data["penalty"] == 3  # type: ignore[union-attr]
    encounter.apply(EndTurn())
    riposte = encounter.apply(Attack(actor=BANDIT, target=CEIL, defence="dodge"))
    offence = next(e for e in riposte.events if isinstance(e, CheckRolled))
    assert offence.parts == (("Attack", 10), ("Critical", -3))
    assert offence.roll.total == 4 + 10 - 3
    step = encounter.apply(EndTurn())
    faded = [e for e in step.events if isinstance(e, EffectChanged)]
    assert faded and faded[0].effect.data["penalty"] == 2


def test_at_zero_lp_unconscious_and_below_minus_half_dead() -> None:
    """SOURCES.md 1.6: "At LP <= 0 the character is unconscious"; "Dead when LP < -(max LP /
    2)"; the fight ends when one side is left standing."""
    maul = make_sheet(
        weapons=[{"name": "Maul", "base_damage": 20, "damage_type": "impact"}],
        skills={"attack": 20},
    )
    encounter = duel(6, 5, 1, 2, 6, 5, 1, 2, 3, 3, 6, 6, ceil=maul)
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert encounter.state[BANDIT].marks.get(DEAD) is True
    assert encounter.state.ended


def test_unconscious_without_dying() -> None:
    """SOURCES.md 1.6: "At LP <= 0 the character is unconscious and 'Between Life and
    Death'." """
    hammer = make_sheet(weapons=[{"name": "Hammer", "base_damage": 12, "damage_type": "impact"}])
    encounter = duel(6, 5, 1, 2, 5, 5, 1, 2, 3, 3, 6, 6, ceil=hammer)
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    bandit = encounter.state[BANDIT]
    assert bandit.pools[LP].current == 60 - (20 - 11 - 2) * 12
    assert bandit.has(UNCONSCIOUS) and not bandit.marks.get(DEAD)
    assert encounter.state.ended


def test_move_once_a_round_for_3_ap() -> None:
    """Kaiser's Action Points: Move "Active: 3 AP ... You can only take this action once per
    round." """
    encounter = duel(4, 5, 2, 2)
    encounter.apply(Move(actor=CEIL))
    assert pool(encounter, CEIL, AP) == 0
    refused(encounter, Move(actor=CEIL), "moved")


def test_a_failed_hand_to_hand_attack_opens_a_counter_with_half_the_dos() -> None:
    """SOURCES.md 1.1: "For a hand-to-hand attack the defender gets a Counter bonus =
    floor(DoS/2) and may take the Counterattack reaction"; Counter costs 1 AP and is "made
    before the opponent can perform any other actions"."""
    encounter = duel(4, 5, 2, 2, 1, 2, 5, 5, 4, 4, 5, 6)
    refused(encounter, Attack(actor=BANDIT, target=CEIL, counter=True), "no-counter")
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert encounter.state[BANDIT].marks.get("counter_bonus") == (18 - 13) // 2
    step = encounter.apply(Attack(actor=BANDIT, target=CEIL, counter=True, defence="dodge"))
    offence = next(e for e in step.events if isinstance(e, CheckRolled))
    assert offence.parts == (("Attack", 10), ("Counter bonus", 2))
    assert pool(encounter, BANDIT, AP) == 3 - 1
    refused(encounter, Attack(actor=BANDIT, target=CEIL, counter=True), "no-counter")


def test_the_counter_window_closes_with_the_turn() -> None:
    """The Counter is taken right away: the opening closes when the turn ends."""
    encounter = duel(4, 5, 2, 2, 1, 2, 5, 5)
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    encounter.apply(EndTurn())
    refused(encounter, Attack(actor=BANDIT, target=CEIL, counter=True), "no-counter")


def test_a_delayed_turn_and_the_lowest_initiative_of_those_still_delaying_goes_first() -> None:
    """Kaiser's Combat Rounds: "If you have unused Active Actions, you can choose to delay your
    turn ... If you and another combatant are both delaying and all other combatants have taken
    their full turn, the combatant with the lowest Initiative must take the rest of their turn
    before the one with the higher Initiative." """
    encounter = duel(4, 5, 2, 2)
    encounter.apply(HoldTurn(actor=CEIL))
    assert encounter.state.acting() == (BANDIT,)
    refused(encounter, Intend(actor=CEIL, intention="magic"), "not-intention-phase")
    encounter.apply(HoldTurn(actor=BANDIT))
    order = encounter.state.clock.order
    assert [t.actors for t in order[-2:]] == [(BANDIT,), (CEIL,)]
    assert encounter.state.acting() == (BANDIT,)


def test_the_intention_phase_cannot_be_delayed() -> None:
    """The Intention phase is everyone's at once; only turns of the Action phase are delayed."""
    encounter = duel(4, 5, 2, 2, intend=False)
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(HoldTurn(actor=CEIL))
    assert error.value.code == "not-your-turn" and encounter.state is before


def test_the_analysis_tools_count_life_points_and_read_the_attacks_outcome() -> None:
    """What ``fracas odds`` and ``fracas sim`` count: damage is Life Points lost (mana spent is
    no damage), an attack's outcome is its hit, miss or tie, a Critical when it made one."""
    encounter = duel(4, 5, 2, 2, 3, 3, 2, 3, ceil=make_sheet(mana=20))
    assert encounter.ruleset.damage_pools(encounter.state[CEIL]) == (LP,)
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert encounter.ruleset.classify(step.events) == "hit"
    assert encounter.ruleset.classify(()) is None
    encounter = duel(4, 5, 2, 2, 6, 5, 1, 2, 3, 3, 6, 6)
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert any(isinstance(e, CriticalRolled) for e in step.events)
    assert encounter.ruleset.classify(step.events) == "critical"
