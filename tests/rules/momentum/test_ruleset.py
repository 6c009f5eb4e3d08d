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
    SwitchWeapons,
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
