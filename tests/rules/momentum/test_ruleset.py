"""The momentum ruleset on the engine: turns, action economy, attacks, status; loaded dice."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import MarkSet
from fracas.engine.gm import AddCombatant, ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.saving import load, save
from fracas.engine.turns import EndTurn, HoldTurn, StartCombat
from fracas.rules.momentum.actions import (
    Attack,
    Defend,
    InteractWithTarget,
    Move,
    Sprint,
    Stabilize,
    Stand,
    SwitchPlaces,
    SwitchWeapons,
    TakeCover,
    UseItem,
    Walk,
)
from fracas.rules.momentum.events import AttackRolled, CheckRolled, DamageTaken
from fracas.rules.momentum.ruleset import UNION, Momentum
from fracas.rules.momentum.sheet import Sheet

HERO, BRUTE, CHEST = CombatantId("hero"), CombatantId("brute"), CombatantId("chest")


def sheet(**changes: Any) -> Sheet:
    """STR 13 / DEX 13 (the chapter's ax example): hit bonus 3 + floor(1.5) = 4."""
    base: dict[str, Any] = {
        "stats": {
            "strength": 13,
            "dexterity": 13,
            "constitution": 10,
            "intelligence": 10,
            "charisma": 10,
            "instinct": 10,
            "will": 10,
        },
        "evasion_stat": "strength",
        "primary_stat": "strength",
        "secondary_stat": "dexterity",
        "vitality": 12,
        "weapons": [
            {
                "name": "Ax",
                "primary_stat": "strength",
                "secondary_stat": "dexterity",
                "damage": "1d8",
                "damage_type": "physical",
                "reach": "melee",
            }
        ],
    }
    return Sheet.model_validate({**base, **changes})


def duel(*faces: int, hero: Sheet | None = None, brute: Sheet | None = None) -> Encounter:
    """Hero (Instinct 12: Initiative 24) against Brute (Initiative 20), Hero's turn."""
    encounter = Encounter(Momentum(), dice=LoadedDice(faces))
    hero_sheet = hero or sheet(stats={**sheet().stats.model_dump(), "instinct": 12})
    encounter.apply(AddCombatant(name="Hero", side="heroes", sheet=hero_sheet))
    encounter.apply(AddCombatant(name="Brute", side="brutes", sheet=brute or sheet()))
    encounter.apply(StartCombat())
    return encounter


def pool(encounter: Encounter, who: CombatantId, name: str) -> int:
    return encounter.state[who].pools[name].current


def test_initiative_is_static_and_the_highest_goes_first() -> None:
    """Seed: "Your Instinct Stat times two plus your Athletics, Quick Fingers, Analysis, Grace,
    and Improvisation Skill Levels determine your Initiative." "The creature with the highest
    Initiative goes first"."""
    encounter = duel()
    assert encounter.state[HERO].initiative == 24
    assert encounter.state[BRUTE].initiative == 20
    assert encounter.state.acting() == (HERO,)


def test_objects_have_initiative_0_and_no_turn() -> None:
    """Seed: "The Initiative of objects is always 0." """
    encounter = duel()
    encounter.apply(AddCombatant(name="Chest", side="loot", sheet=sheet(is_object=True)))
    assert encounter.state[CHEST].initiative == 0
    assert all(CHEST not in turn.actors for turn in encounter.state.clock.order)


def test_three_ap_a_turn_and_two_rp_a_round() -> None:
    """Seed: "Each participant gets three Action Points (AP) during their turn." "Each
    participant also gains two Reaction Points (RP) for the whole round." """
    encounter = duel(10, 3)
    assert pool(encounter, HERO, "AP") == 3
    assert pool(encounter, HERO, "RP") == 2
    encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert pool(encounter, HERO, "AP") == 1
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert refused.value.code == "not-enough-ap"


def test_an_attack_hits_on_at_least_evasion_and_deals_damage_through_armor() -> None:
    """Seed: "Your attack hits if you roll at least the same amount as the Evasion of your
    target." Brute's Evasion is 13 + 3 = 16; hit bonus 4 needs a 12."""
    encounter = duel(12, 5, brute=sheet(armor=2))
    step = encounter.apply(Attack(actor=HERO, target=BRUTE))
    rolled = next(e for e in step.events if isinstance(e, AttackRolled))
    assert (rolled.evasion, rolled.outcome) == (16, "hit")
    assert rolled.roll is not None and rolled.roll.total == 16
    taken = next(e for e in step.events if isinstance(e, DamageTaken))
    assert taken.account.total == 3
    assert pool(encounter, BRUTE, "Vitality") == 9


def test_one_below_evasion_misses() -> None:
    """Seed: "Any lower and the attack would miss." """
    encounter = duel(11)
    step = encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert next(e for e in step.events if isinstance(e, AttackRolled)).outcome == "miss"
    assert pool(encounter, BRUTE, "Vitality") == 12


def test_a_natural_20_is_a_critical_hit_adding_6() -> None:
    """Seed: "Critical hits with weapons increase the damage by 6." """
    encounter = duel(20, 1)
    encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert pool(encounter, BRUTE, "Vitality") == 12 - 7


def test_a_natural_1_always_misses() -> None:
    """Seed: "A critical miss always fails to hit the target, no matter how high your hit
    bonus is." """
    encounter = duel(
        1, brute=sheet(stats={**sheet().stats.model_dump(), "dexterity": 1, "strength": 1})
    )
    step = encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert next(e for e in step.events if isinstance(e, AttackRolled)).outcome == "critical_miss"


def test_defending_gives_attackers_disadvantage() -> None:
    """Seed: Defend: "Attack rolls against you have disadvantage" until your next turn."""
    encounter = duel(18, 5, 2)
    encounter.apply(Defend(actor=HERO))
    encounter.apply(EndTurn())
    step = encounter.apply(Attack(actor=BRUTE, target=HERO))
    rolled = next(e for e in step.events if isinstance(e, AttackRolled))
    assert rolled.mode == "disadvantage" and rolled.outcome == "miss"
    assert rolled.roll is not None and rolled.roll.kept_faces(20) == (5,)


def test_defend_ends_when_the_defenders_next_turn_starts() -> None:
    """Seed: Defend lasts "until your next turn"."""
    encounter = duel()
    encounter.apply(Defend(actor=HERO))
    encounter.apply(EndTurn())
    assert encounter.state[HERO].has("Defending")
    encounter.apply(EndTurn())
    assert not encounter.state[HERO].has("Defending")


def test_lethal_damage_below_1_starts_bleeding_and_stabilize_stops_it() -> None:
    """Seed: "A creature does not start bleeding if you reduce their Vitality below 1 with
    non-lethal damage" (so lethal damage does); Stabilize: "a First Aid Check against 8. On a
    success, you can remove the Bleeding Status Effect"."""
    encounter = duel(20, 8, 15, brute=sheet(vitality=10))
    encounter.apply(
        AddCombatant(
            name="Lurker",
            side="brutes",
            sheet=sheet(stats={**sheet().stats.model_dump(), "instinct": 0}),
        )
    )
    encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert encounter.state[BRUTE].has("Bleeding")
    encounter.apply(EndTurn())  # Brute is down: its turn is skipped
    encounter.apply(EndTurn())  # Lurker's
    assert encounter.state.acting() == (HERO,)
    assert pool(encounter, BRUTE, "Vitality") == -4 - 1
    step = encounter.apply(Stabilize(actor=HERO, target=BRUTE))
    assert any(isinstance(e, CheckRolled) and e.result == "success" for e in step.events)
    assert not encounter.state[BRUTE].has("Bleeding")


def test_the_fight_ends_when_one_side_is_left_standing() -> None:
    """Seed: combat needs "at least two parties involved that truly wish to fight and have the
    capabilities to do so"."""
    encounter = duel(20, 8, brute=sheet(vitality=10))
    encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert encounter.state.ended


def test_non_lethal_damage_subtracts_a_d4_and_starts_no_bleeding() -> None:
    """Seed: "If you choose to do so and use a weapon, you must subtract a 1d4 from the damage."
    "A creature does not start bleeding if you reduce their Vitality below 1 with non-lethal
    damage"."""
    encounter = duel(20, 8, 1, brute=sheet(vitality=10))
    encounter.apply(Attack(actor=HERO, target=BRUTE, non_lethal=True))
    assert pool(encounter, BRUTE, "Vitality") == 10 - (8 + 6 - 1)
    assert not encounter.state[BRUTE].has("Bleeding")


def test_move_and_sprint_add_basic_movement_and_walking_spends_it() -> None:
    """Seed: "They can also move by an amount equal to their Basic Movement (usually 3 m)
    without needing to use any AP"; Move adds Basic Movement, Sprint "four times your Basic
    Movement"; difficult terrain needs "2 m of movement to move one 1 m square"."""
    encounter = duel()
    assert pool(encounter, HERO, "Movement") == 3
    encounter.apply(Move(actor=HERO))
    assert pool(encounter, HERO, "Movement") == 6
    encounter.apply(Walk(actor=HERO, metres=4, difficult=2))
    assert pool(encounter, HERO, "Movement") == 0
    with pytest.raises(IllegalAction):
        encounter.apply(Sprint(actor=HERO))


def test_one_free_interact_per_turn_then_it_costs_1_ap() -> None:
    """Seed: "You can make one free Interact with Target action on your turn unless you have
    already used a free Switch Weapons action." """
    encounter = duel()
    encounter.apply(InteractWithTarget(actor=HERO, what="opens the door"))
    assert pool(encounter, HERO, "AP") == 3
    encounter.apply(SwitchWeapons(actor=HERO, free_hand=True))
    assert pool(encounter, HERO, "AP") == 2


def test_a_turn_is_held_only_before_acting() -> None:
    """Seed: "Any Participant can hold their turn and take it later in a round." """
    encounter = duel()
    encounter.apply(Move(actor=HERO))
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(HoldTurn(actor=HERO))
    assert refused.value.code == "cannot-hold"


def test_a_union_shares_one_turn_at_the_mean_initiative_from_the_next_round() -> None:
    """Seed: "The Initiative of a union is equal to the sum of the Initiative of all
    participating creatures divided by the number of those creatures." "Initiative is
    determined at the beginning of a round." """
    encounter = duel()
    encounter.apply(AddCombatant(name="Horse", side="heroes", sheet=sheet()))
    horse = CombatantId("horse")
    before = encounter.state.clock.order
    union = Momentum().order(
        MarkSet(horse, UNION, "u").apply(MarkSet(HERO, UNION, "u").apply(encounter.state))
    )
    assert before == encounter.state.clock.order
    assert union[0].actors == (HERO, horse) and union[0].initiative == (24 + 20) // 2


def test_status_effects_survive_the_save_and_the_log_replays() -> None:
    """Seed: "Dying does not remove Status effects"; DESIGN: save → load gives the identical
    state."""
    encounter = duel(20, 8, brute=sheet(vitality=5))
    encounter.apply(ApplyEffect(target=BRUTE, name="Burning"))
    encounter.apply(Attack(actor=HERO, target=BRUTE))
    assert encounter.state[BRUTE].marks.get("dead") is True
    assert encounter.state[BRUTE].has("Burning")
    assert load(save(encounter)).state == encounter.state


def with_horse(encounter: Encounter) -> CombatantId:
    encounter.apply(AddCombatant(name="Horse", side="heroes", sheet=sheet()))
    return CombatantId("horse")


def test_a_union_acts_last_if_any_member_must() -> None:
    """Seed: "If any creature in a union suffers from an effect that forces them to act last in
    a round, the entire union is forced to act last." """
    encounter = duel()
    horse = with_horse(encounter)
    encounter.apply(ApplyEffect(target=horse, name="Acts Last"))
    state = MarkSet(horse, UNION, "u").apply(MarkSet(HERO, UNION, "u").apply(encounter.state))
    assert Momentum().order(state)[-1].actors == (HERO, horse)


def test_act_first_is_ignored_unless_every_member_has_it() -> None:
    """Seed: "Any effect that allows a creature to act first in a round is ignored unless all
    creatures in a union have such an effect." """
    encounter = duel()
    horse = with_horse(encounter)
    encounter.apply(ApplyEffect(target=BRUTE, name="Acts First"))
    encounter.apply(ApplyEffect(target=horse, name="Acts First"))
    state = MarkSet(horse, UNION, "u").apply(MarkSet(HERO, UNION, "u").apply(encounter.state))
    order = Momentum().order(state)
    assert [t.actors for t in order] == [(BRUTE,), (HERO, horse)]
    both = ApplyEffect(target=HERO, name="Acts First")
    encounter.apply(both)
    state = MarkSet(horse, UNION, "u").apply(MarkSet(HERO, UNION, "u").apply(encounter.state))
    assert Momentum().order(state)[0].actors == (HERO, horse)


def test_a_new_round_orders_by_what_changed_during_the_last() -> None:
    """Seed: "Any effects that alter your Initiative value only change the turn order in the
    next round": the ruleset gives its last order again only while nothing it is worked out
    from has changed, so an effect applied mid-round reorders the next round."""
    encounter = duel()
    for _ in range(2):  # into round 2, ordered as round 1 was
        encounter.apply(EndTurn())
    encounter.apply(ApplyEffect(target=BRUTE, name="Acts First"))
    assert [t.actors for t in encounter.state.clock.order] == [(HERO,), (BRUTE,)]
    for _ in range(2):
        encounter.apply(EndTurn())
    assert encounter.state.clock.round == 3
    assert [t.actors for t in encounter.state.clock.order] == [(BRUTE,), (HERO,)]
    assert encounter.state.acting() == (BRUTE,)


def test_enemies_start_hidden_from_the_surprised() -> None:
    """Seed: "any enemy that is not surprised starts the combat hidden from them" (a hidden
    attacker "ha[s] advantage on all of your attacks")."""
    encounter = duel(3, 14, 5)
    encounter.apply(ApplyEffect(target=BRUTE, name="Surprised"))
    step = encounter.apply(Attack(actor=HERO, target=BRUTE))
    rolled = next(e for e in step.events if isinstance(e, AttackRolled))
    assert rolled.mode == "advantage" and rolled.outcome == "hit"


def test_taking_cover_adds_2_evasion_in_half_cover() -> None:
    """Seed: Taking Cover: "Your Evasion increases by 2 and your DR by 1, as long as you are in
    half cover until your next turn." Against a melee attack half cover itself adds nothing:
    13 + 4 = 17 would hit Evasion 16, and misses 18."""
    encounter = duel(13)
    encounter.apply(EndTurn())
    encounter.apply(TakeCover(actor=BRUTE))
    encounter.apply(EndTurn())
    step = encounter.apply(Attack(actor=HERO, target=BRUTE, cover="half"))
    rolled = next(e for e in step.events if isinstance(e, AttackRolled))
    assert rolled.evasion == 16 + 2 and rolled.outcome == "miss"


def test_a_miss_hits_the_creature_in_front() -> None:
    """Seed: "Standing behind a creature of the same size category or bigger also gives you half
    cover, but all attacks that miss you target the creature in front of you instead." """
    encounter = duel(15, 4, brute=sheet(stats={**sheet().stats.model_dump(), "dexterity": 18}))
    with_horse(encounter)
    step = encounter.apply(Attack(actor=HERO, target=BRUTE, behind=CombatantId("horse")))
    outcomes = [(e.target, e.outcome) for e in step.events if isinstance(e, AttackRolled)]
    assert outcomes == [(BRUTE, "miss"), (CombatantId("horse"), "hit")]
    assert pool(encounter, CombatantId("horse"), "Vitality") == 12 - 4


def test_an_ability_resisted_by_a_dr_deals_damage_when_the_dr_fails() -> None:
    """Seed: "The target must roll a d20 and add the corresponding Stat Bonus and Skill Level.
    They succeed on their DR if they roll at least as high as the DR Power of the creature
    targeting them." Hero's DR Power is its Strength, 13."""
    roots = {
        "name": "Roots",
        "tier": 1,
        "damage": "1d8",
        "damage_types": ["physical"],
        "defense_roll": "dexterity",
    }
    encounter = duel(
        9,
        6,
        13,
        hero=sheet(abilities=[roots], stats={**sheet().stats.model_dump(), "instinct": 12}),
    )
    step = encounter.apply(Attack(actor=HERO, target=BRUTE, weapon="roots"))
    check = next(e for e in step.events if isinstance(e, CheckRolled))
    assert (check.roll.total, check.against, check.result) == (12, 13, "failure")
    assert pool(encounter, BRUTE, "Vitality") == 12 - 6
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    step = encounter.apply(Attack(actor=HERO, target=BRUTE, weapon="roots"))
    assert next(e for e in step.events if isinstance(e, CheckRolled)).result == "success"
    assert pool(encounter, BRUTE, "Vitality") == 6


def test_switch_places_needs_the_allys_reaction() -> None:
    """Seed: Switch Places: "They must use a reaction (1 RP), or this action fails." """
    encounter = duel()
    horse = with_horse(encounter)
    encounter.apply(SwitchPlaces(actor=HERO, ally=horse))
    assert pool(encounter, horse, "RP") == 1
    assert pool(encounter, HERO, "AP") == 2


def test_use_item_costs_3_ap() -> None:
    """Seed: Use Item, 3 AP: "Use a non-ability consumable, such as a stimulant." """
    encounter = duel()
    encounter.apply(UseItem(actor=HERO, item="stimulant"))
    assert pool(encounter, HERO, "AP") == 0


def test_standing_up_ends_prone_for_1_m_or_1_ap() -> None:
    """SOURCES.md section 4: Prone: "standing costs 1 m or 1 AP"."""
    encounter = duel()
    encounter.apply(ApplyEffect(target=HERO, name="Prone"))
    encounter.apply(Stand(actor=HERO))
    assert not encounter.state[HERO].has("Prone")
    assert pool(encounter, HERO, "Movement") == 2
    encounter.apply(ApplyEffect(target=HERO, name="Prone"))
    encounter.apply(Stand(actor=HERO, ap=True))
    assert pool(encounter, HERO, "AP") == 2
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Stand(actor=HERO))
    assert refused.value.code == "not-prone"
