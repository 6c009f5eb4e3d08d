"""The momentum narrator: every momentum event told with every number, names and dice shown."""

from __future__ import annotations

from fracas.app.audience import GM, Audience, player
from fracas.app.narration import Narrator
from fracas.app.narrators import momentum
from fracas.dice import LoadedDice, roll
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant, ApplyEffect
from fracas.engine.turns import EndTurn
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.events import MOMENTUM_EVENTS, CheckRolled, DamageTaken
from fracas.rules.momentum.ruleset import Momentum
from tests.rules.momentum.test_ruleset import BRUTE, CHEST, HERO, duel, sheet

HORSE = CombatantId("horse")
NARRATOR = Narrator(Momentum)


def told(encounter: Encounter, action: Action, audience: Audience = GM) -> list[str]:
    """The lines of one step, as ``audience`` reads them."""
    before = encounter.state
    step = encounter.apply(action)
    return list(NARRATOR.step(step, before, audience))


def test_no_momentum_event_falls_back_to_the_generic_narration() -> None:
    assert set(Momentum.events) == set(MOMENTUM_EVENTS)
    for kind in Momentum.events:
        assert NARRATOR.narrator_of(kind) is momentum.NARRATORS[kind], kind.__name__


def test_a_hit_its_damage_and_the_account() -> None:
    """Hero's Ax: +4 (STR 13: +3, half of DEX 13's +3: +1) against the Brute's Evasion 16
    (DEX 13 + STR 13's +3); 1d8 less 1 Armor."""
    encounter = duel(15, 5, brute=sheet(armor=1))
    assert told(encounter, Attack(actor=HERO, target=BRUTE)) == [
        "Hero spends 2 AP (attack)",
        "Hero attacks Brute with Ax: 1d20 (15) + 4 = 19 vs Evasion 16: hit",
        "Damage: 1d8 (5) = 5",
        "Brute takes 4: armor \u22121 (5 \u2192 4); Vitality 12 \u2192 8",
    ]


def test_advantage_and_a_critical_hit_show_every_die_and_the_bonus() -> None:
    encounter = duel(4, 20, 3)
    lines = told(encounter, Attack(actor=HERO, target=BRUTE, advantage=True))
    assert lines[1:] == [
        "Hero attacks Brute with Ax: 2d20kh1 (~~4~~, 20) + 4 = 24 (advantage) vs Evasion 16: "
        "critical hit (natural 20)",
        "Damage: 1d8 (3) = 3",
        "Brute takes 9: critical +6 (3 \u2192 9); Vitality 12 \u2192 3",
    ]


def test_a_miss_and_a_critical_miss() -> None:
    encounter = duel(2, 1, 1)
    assert told(encounter, Attack(actor=HERO, target=BRUTE, disadvantage=True))[1:] == [
        "Hero attacks Brute with Ax: 2d20kl1 (~~2~~, 1) + 4 = 5 (disadvantage) vs Evasion 16: "
        "critical miss (natural 1)"
    ]
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    assert told(encounter, Attack(actor=HERO, target=BRUTE))[1:] == [
        "Hero attacks Brute with Ax: 1d20 (1) + 4 = 5 vs Evasion 16: critical miss (natural 1)"
    ]


def test_an_object_is_hit_automatically() -> None:
    encounter = duel(6)
    encounter.apply(AddCombatant(name="Chest", side="loot", sheet=sheet(is_object=True)))
    assert told(encounter, Attack(actor=HERO, target=CHEST))[1:] == [
        "Hero attacks Chest with Ax: an object, hit automatically",
        "Damage: 1d8 (6) = 6",
        "Chest takes 6; Vitality 12 \u2192 6",
    ]


def test_a_miss_goes_on_to_the_creature_in_front() -> None:
    encounter = duel(11, 4)
    encounter.apply(
        AddCombatant(
            name="Horse",
            side="brutes",
            sheet=sheet(stats={**sheet().stats.model_dump(), "dexterity": 10}),
        )
    )
    lines = told(encounter, Attack(actor=HERO, target=BRUTE, behind=HORSE, cover="half"))
    assert lines[1:] == [
        "Hero attacks Brute with Ax: 1d20 (11) + 4 = 15 vs Evasion 16: miss",
        "The miss goes on to Horse, in front of Brute, with the same roll vs Evasion 13: hit",
        "Damage: 1d8 (4) = 4",
        "Horse takes 4; Vitality 12 \u2192 8",
    ]


def test_non_lethal_damage_shows_its_d4s() -> None:
    encounter = duel(15, 7, 3)
    assert told(encounter, Attack(actor=HERO, target=BRUTE, non_lethal=True))[2:] == [
        "Damage: 1d8 (7) = 7, non-lethal \u2212 1d4 (3) = 3",
        "Brute takes 4 non-lethal: non-lethal \u22123 (7 \u2192 4); Vitality 12 \u2192 8",
    ]


def test_a_player_sees_the_dice_but_not_an_enemys_numbers() -> None:
    encounter = duel(15, 5, brute=sheet(armor=1))
    lines = told(encounter, Attack(actor=HERO, target=BRUTE), player("heroes"))
    assert lines == [
        "Hero spends 2 AP (attack)",
        "Hero attacks Brute with Ax: 1d20 (15) + 4 = 19: hit",
        "Damage: 1d8 (5) = 5",
        "Brute takes 4",
    ]


def test_a_check_against_a_difficulty() -> None:
    encounter = duel()
    result = roll("1d20", LoadedDice([12]))
    event = CheckRolled(BRUTE, "constitution DR against Burning", result, 13, "failure")
    assert list(NARRATOR.events([event], encounter.state)) == [
        "Brute: Constitution DR against Burning: 1d20 (12) = 12 vs 13: failure"
    ]
    skill = CheckRolled(
        HERO,
        "raw_force (Cinematic Action)",
        roll("1d20+2", LoadedDice([19])),
        12,
        "critical_success",
    )
    assert list(NARRATOR.events([skill], encounter.state)) == [
        "Hero: Raw Force (Cinematic Action): 1d20 (19) + 2 = 21 vs 12: critical success"
    ]


def test_burning_damages_its_bearer_at_the_start_of_its_turn() -> None:
    encounter = duel(3, 20)
    encounter.apply(ApplyEffect(target=BRUTE, name="Burning"))
    before = encounter.state
    step = encounter.apply(EndTurn())
    lines = NARRATOR.step(step, before)
    assert any(line.startswith("Damage to Brute: ") for line in lines)
    assert any(line.startswith("Brute takes ") and " heat" in line for line in lines)


def test_the_vitality_a_hit_takes_is_told_once() -> None:
    encounter = duel(15, 5)
    before = encounter.state
    step = encounter.apply(Attack(actor=HERO, target=BRUTE))
    lines = NARRATOR.step(step, before)
    assert [e for e in step.events if isinstance(e, DamageTaken)]
    assert sum("Vitality" in line for line in lines) == 1
