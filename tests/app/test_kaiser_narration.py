"""The kaiser narrator: every kaiser event told with every number, names and dice shown."""

from __future__ import annotations

from fracas.app.audience import GM, Audience, player
from fracas.app.narration import Narrator
from fracas.app.narrators import kaiser
from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Attack, Intend
from fracas.rules.kaiser.events import KAISER_EVENTS
from fracas.rules.kaiser.ruleset import Kaiser
from tests.rules.kaiser.support import BANDIT, CEIL, duel, make_sheet

NARRATOR = Narrator(Kaiser)
AXE = make_sheet(weapons=[{"name": "Axe", "base_damage": 9, "damage_type": "cut"}])


def told(encounter: Encounter, action: Action, audience: Audience = GM) -> list[str]:
    """The lines of one step, as ``audience`` reads them."""
    before = encounter.state
    step = encounter.apply(action)
    return list(NARRATOR.step(step, before, audience))


def test_no_kaiser_event_falls_back_to_the_generic_narration() -> None:
    assert set(Kaiser.events) == set(KAISER_EVENTS)
    for kind in Kaiser.events:
        assert NARRATOR.narrator_of(kind) is kaiser.NARRATORS[kind], kind.__name__


def test_a_hit_with_both_rolls_and_the_itemised_account() -> None:
    encounter = duel(4, 5, 2, 2, 5, 4, 2, 3)
    assert told(encounter, Attack(actor=CEIL, target=BANDIT, defence="dodge")) == [
        "Ceil: Offensive Roll with Long Sword: 2d6 (5, 4) + 10 [Attack 10] = 19",
        "Bandit: Defensive Roll (Dodge): 2d6 (2, 3) + 8 [Dodge 8] = 13",
        "Ceil hits Bandit with Long Sword: 19 vs 13, 6 DoS",
        "Bandit AP \u22121 (3 \u2192 2): hit",
        "Bandit takes 28 cut: DoS 6, Absorption \u22122 (6 \u2192 4),"
        " \u00d7 Base Damage 7 (4 \u2192 28); LP 60 \u2192 32",
    ]


def test_a_player_sees_the_dice_but_not_the_enemys_account_or_lp() -> None:
    encounter = duel(4, 5, 2, 2, 5, 4, 2, 3)
    lines = told(encounter, Attack(actor=CEIL, target=BANDIT, defence="dodge"), player("party"))
    assert lines[0] == "Ceil: Offensive Roll with Long Sword: 2d6 (5, 4) + 10 [Attack 10] = 19"
    assert lines[-1] == "Bandit takes 28 cut"


def test_a_critical_its_check_its_pain_and_the_pain_fading() -> None:
    encounter = duel(4, 5, 2, 2, 5, 4, 2, 3, 3, 4, 1, 1, ceil=AXE)
    lines = told(encounter, Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert lines[-4:] == [
        "Critical on Bandit (36 damage): level 2d6 (3, 4) = 7, 10 with the damage",
        "Bandit: PhR against the Critical: 2d6 (1, 1) + 5 [PhR 5] = 7 vs 10: 3 DoF",
        "Bandit AP \u22122 (2 \u2192 0): Critical",
        "Bandit suffers a Critical (pain): \u22123 to every roll",
    ]
    encounter.apply(EndTurn())
    assert "The pain of Bandit's Critical fades: \u22122" in told(encounter, EndTurn())


def test_an_attack_intention_with_several_weapons_and_a_mass_of_mana_held() -> None:
    armed = make_sheet(
        weapons=[
            {"name": "Long Sword", "base_damage": 7, "damage_type": "cut", "cost": 2},
            {"name": "Dagger", "base_damage": 4, "damage_type": "thrust"},
        ],
        mana=50,
        mana_accumulation=20,
    )
    encounter = duel(4, 5, 2, 2, 3, 3, 3, 3, ceil=armed, intend=False)
    intend = Intend(actor=CEIL, intention="attack", weapons=("long", "dagger"))
    assert told(encounter, intend)[-1] == (
        "Ceil declares the attack Intention with Long Sword and Dagger"
    )
    encounter.apply(Intend(actor=CEIL, intention="magic"))
    for _ in range(2):
        encounter.apply(EndTurn())
    assert "Ceil holds a mass of 20 mana into the next round" in told(encounter, EndTurn())
    lines = told(encounter, EndTurn())
    assert lines[0] == "Ceil Mana \u221210 (50 \u2192 40): mass of mana returned unspent"


def test_a_magic_intention_without_components() -> None:
    encounter = duel(4, 5, 2, 2, ceil=make_sheet(mana_accumulation=20), intend=False)
    intend = Intend(actor=CEIL, intention="magic", components="none")
    assert told(encounter, intend)[-1] == "Ceil declares the magic Intention (MA divided by 4)"


def test_innate_mana_gathered() -> None:
    encounter = duel(4, 5, 2, 2, ceil=make_sheet(mana_accumulation=20), intend=False)
    intend = Intend(actor=CEIL, intention="magic", option="innate")
    assert told(encounter, intend)[-1] == "Ceil gathers 20 innate mana for a single spell"
