"""The Magic Intention's other options: innate mana and the place's ambient mana, prepared
spells, transferring mana."""

from __future__ import annotations

from typing import Any

from fracas.engine.encounter import Encounter
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Drop, Intend, Use
from fracas.rules.kaiser.innate import innate_mana_drawn
from fracas.rules.kaiser.settings import KaiserSettings
from tests.rules.kaiser.support import BANDIT, CEIL, FIRE_BOLT, SETTINGS, duel, pool, refused
from tests.rules.kaiser.test_powers import INITIATIVE, mage

KINDLE = {**FIRE_BOLT, "name": "Kindle", "mana": 20}
CALM = {
    "name": "Calm",
    "types": ["automatic"],
    "source": "magic",
    "mana": 5,
    "effect": "Calm",
    "maintained": "daily",
}
"""An innate-sized spell Ceil maintains on herself."""


def innate_round(*faces: int, ceil: Any, settings: KaiserSettings = SETTINGS) -> Encounter:
    """Ceil declares the Cast an Innate Spell Intention; her turn of the Action phase."""
    encounter = duel(*faces, ceil=ceil, intend=False, settings=settings)
    encounter.apply(Intend(actor=CEIL, intention="magic", option="innate"))
    encounter.apply(EndTurn())
    return encounter


def test_the_innate_mana_follows_the_innate_mana_table() -> None:
    """Kaiser's Innate Mana table (MAGIC40, included by Cast an Innate Spell): MA "0 to 10": 0
    mana, "11 to 50": 10, "51 to 70": 20 ... "271 to 300": 110, "for every 30 points after
    300": +10 mana; a place's ambient mana changes it, never below 0."""
    table = {10: 0, 11: 10, 50: 10, 51: 20, 90: 30, 151: 70, 300: 110, 301: 120, 330: 120}
    assert {ma: innate_mana_drawn(ma) for ma in table} == table
    assert innate_mana_drawn(331) == 130
    assert (innate_mana_drawn(60, ambient=10), innate_mana_drawn(60, ambient=-30)) == (30, 0)


def test_a_place_of_weak_ambient_mana_leaves_less_innate_mana() -> None:
    """Cast an Innate Spell: "The amount of innate mana you can pull from the environment is
    determined by your MA, but can also be modified by places with strong or weak ambient
    mana": MA 60 pulls 20, enough for Kindle (20 mana); where the ambient mana is weak (the
    setting ``ambient_mana`` -10) it pulls 10, and Kindle is refused."""
    caster = mage(KINDLE, mana=100, mana_accumulation=60)
    strong = innate_round(*INITIATIVE, 3, 3, 2, 2, ceil=caster)
    strong.apply(Use(actor=CEIL, power="kindle", targets=(BANDIT,), defence="dodge"))
    assert pool(strong, CEIL, "Mana") == 100
    weak = innate_round(*INITIATIVE, ceil=caster, settings=KaiserSettings(ambient_mana=-10))
    refused(weak, Use(actor=CEIL, power="kindle", targets=(BANDIT,)), "innate-mana")


def test_a_maintained_innate_spell_bars_another_innate_spell() -> None:
    """Cast an Innate Spell: "You are able to maintain an innate spell, but while doing so you
    cannot cast another innate spell since the innate mana is already being used"; once it is
    dropped, the innate mana is free again."""
    caster = mage(CALM, {**CALM, "name": "Still", "effect": "Still"}, mana=100, mana_accumulation=20)
    encounter = innate_round(*INITIATIVE, *INITIATIVE, ceil=caster)
    encounter.apply(Use(actor=CEIL, power="calm"))
    for _ in range(2):
        encounter.apply(EndTurn())
    encounter.apply(Intend(actor=CEIL, intention="magic", option="innate"))
    encounter.apply(EndTurn())
    refused(encounter, Use(actor=CEIL, power="still"), "innate-maintained")
    encounter.apply(Drop(actor=CEIL, power="calm"))
    encounter.apply(Use(actor=CEIL, power="still"))
    assert encounter.state[CEIL].has("Still")
