"""The lurasko narrator: every event told with every number, hidden numbers withheld."""

from __future__ import annotations

from fracas.app.audience import GM, Audience, player
from fracas.app.narration import Narrator
from fracas.app.narrators import lurasko
from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.events import LURASKO_EVENTS
from fracas.rules.lurasko.ruleset import Lurasko
from tests.rules.lurasko.support import CHAINMAIL, FOE, HERO, OTHER, duel, sheet, skirmish

NARRATOR = Narrator(Lurasko)


def told(
    encounter: Encounter, action: Action, faces: list[int], audience: Audience = GM
) -> list[str]:
    before = encounter.state
    step = encounter.apply(action, faces=faces)
    return list(NARRATOR.step(step, before, audience))


def test_every_lurasko_event_has_its_narrator() -> None:
    assert set(Lurasko.events) == set(LURASKO_EVENTS)
    for kind in Lurasko.events:
        assert NARRATOR.narrator_of(kind) is lurasko.NARRATORS[kind], kind.__name__


def test_a_hit_tells_the_roll_the_call_the_injury_roll_and_the_account() -> None:
    encounter = duel(foe=sheet(armor=CHAINMAIL))
    assert told(encounter, Attack(actor=HERO, target=FOE), [10, 8]) == [
        "Hero spends 1 Action (attack)",
        "Foe rolls to dodge Hero's attack: 1d20 (10) + 10 = 20 against TN 14"
        " (14 or less dodges): hit, 6 over",
        "Hero calls out Sword: 17, 20 drive (STR 0)",
        "Foe's injury type (melee table): 1d20 (8) = 8: Core",
        "Foe takes 8: armor \u00d7\u00bd (drive 20 within 16\u201328: 17 \u2192 8);"
        " damage 0 \u2192 8, factor 6: 1 degree of Core injury",
    ]


def test_a_player_sees_the_rolls_but_not_the_enemys_numbers() -> None:
    encounter = duel(foe=sheet(armor=CHAINMAIL))
    lines = told(encounter, Attack(actor=HERO, target=FOE), [10, 8], player("heroes"))
    assert "Foe rolls to dodge Hero's attack: 1d20 (10) + 10 = 20: hit" in lines
    assert "Foe takes 8" in lines


def test_shielding_an_aura_and_an_area_are_told() -> None:
    static = {"name": "Static field", "kind": "electric", "stored": 30}
    encounter = duel(foe=sheet(auras=[static]))
    lines = told(encounter, Attack(actor=HERO, target=FOE), [10, 1])
    assert (
        "Foe's Static field strikes back at Hero: electric 30, 30 drive"
        " (undodgeable, Core injuries)" in lines
    )
    assert "Stunned on Hero from Foe (until the end of Hero's next turn)" in lines
    ward = {"name": "Ward", "precision": "low", "points": 50}
    area = skirmish(foe=sheet(shields=[ward]))
    lines = told(area, Attack(actor=HERO, target=FOE, around=(OTHER,)), [10, 1])
    assert lines[1:3] == [
        "Foe's shielding: shield Ward (low) \u221250 (80 \u2192 30)",
        "Foe Ward \u221250 (50 \u2192 0): shielding",
    ]
    assert (
        "The area attack meets Foe at its original 80: 30 left after shielding;"
        " too weak for an area (risk of large fires counting 80)" in lines
    )
