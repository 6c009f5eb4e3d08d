"""The kaiser narrator: every kaiser event told with every number, names and dice shown."""

from __future__ import annotations

from fracas.app.audience import GM, Audience, player
from fracas.app.narration import Narrator
from fracas.app.narrators import kaiser
from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Attack, Intend, Maintain, Use
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
    assert told(encounter, intend)[-1] == "Ceil gathers 10 innate mana for a single spell"


def test_the_spirit_intention_fills_chakras_and_the_ki_left_is_told() -> None:
    monk = make_sheet(
        ki=50,
        chakras={"red": 10, "green": 5, "blue": 20},
        powers=[{"name": "Palm", "types": ["automatic"], "source": "spirit", "ki": 12}],
    )
    encounter = duel(4, 5, 2, 2, ceil=monk, intend=False)
    fill = Intend(actor=CEIL, intention="spirit", fill=("red", "blue"), components="verbal")
    assert told(encounter, fill) == [
        "Ceil spends 1 AP (intend)",
        "Ceil declares the spirit Intention (ki filled divided by 2)",
        "Ceil fills the chakras: red and blue",
    ]
    encounter.apply(EndTurn())
    assert "Ceil has 3 ki left in the chakras" in told(encounter, Use(actor=CEIL, power="palm"))


def test_a_prepared_spell_a_transfer_and_the_maintain_action() -> None:
    mage = make_sheet(
        mana=100,
        mana_accumulation=20,
        powers=[{"name": "Bolt", "types": ["automatic"], "source": "magic", "mana": 30}],
    )
    encounter = duel(4, 5, 2, 2, 4, 5, 2, 2, ceil=mage, intend=False)
    prepare = Intend(actor=CEIL, intention="magic", option="prepared", spell="bolt")
    assert told(encounter, prepare)[-1] == "Ceil accumulates mana for the prepared spell Bolt"
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    before = encounter.state
    step = encounter.apply(EndTurn())
    lines = list(NARRATOR.step(step, before, GM))
    assert "Ceil holds 30 mana prepared for Bolt" in lines
    assert "Ceil's Bolt is prepared: it may be held until round 2" in lines
    enemies = list(NARRATOR.step(step, before, player("bandits")))
    assert "Ceil holds 30 mana prepared for Bolt" not in enemies
    assert "Ceil's Bolt is prepared: it may be held until round 2" in enemies
    transfer = Intend(actor=CEIL, intention="magic", option="transfer")
    assert told(encounter, transfer)[-1] == "Ceil will transfer mana this round"
    encounter.apply(EndTurn())
    assert told(encounter, Maintain(actor=CEIL)) == [
        "Ceil spends 1 AP (maintain)",
        "Ceil takes the Maintain Spell action",
    ]
