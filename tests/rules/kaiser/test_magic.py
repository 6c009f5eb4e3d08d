"""The Magic Intention's other options: innate mana and the place's ambient mana, prepared
spells, transferring mana."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fracas.commands.binding import BindContext, bind_text
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import PoolChanged
from fracas.engine.gm import AddCombatant, SetPool
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Drop, Intend, Maintain, Move, Transfer, Use
from fracas.rules.kaiser.innate import innate_mana_drawn
from fracas.rules.kaiser.mass import innate_mana, mass_of_mana
from fracas.rules.kaiser.preparing import DELAY, PREPARED
from fracas.rules.kaiser.preparing import RETURNED as PREPARED_RETURNED
from fracas.rules.kaiser.queries import in_intention_phase
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kaiser.settings import KaiserSettings
from tests.rules.kaiser.support import (
    BANDIT,
    CEIL,
    FIRE_BOLT,
    SETTINGS,
    duel,
    make_sheet,
    pool,
    refused,
)
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
    still = {**CALM, "name": "Still", "effect": "Still"}
    caster = mage(CALM, still, mana=100, mana_accumulation=20)
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


BOLT = {**FIRE_BOLT, "mana": 50}
"""Fire Bolt at 50 mana: more than one round's MA of 20."""


def prepared_mage(*powers: dict[str, Any], **fields: Any) -> Any:
    """Ceil with MA 20, 100 mana and Focus 2, knowing ``powers``."""
    return mage(*powers, mana=100, mana_accumulation=20, characteristics={"focus": 2}, **fields)


def to_intention_phase(encounter: Encounter) -> list[Any]:
    """End turns until the next round's Intention phase: the events (the End phase's)."""
    events: list[Any] = list(encounter.apply(EndTurn()).events)
    while not in_intention_phase(encounter.state):
        events += encounter.apply(EndTurn()).events
    return events


def declare(encounter: Encounter, intend: Intend | None) -> list[Any]:
    """Ceil declares ``intend`` (or nothing); the Intention phase ends (Initiative)."""
    if intend is not None:
        encounter.apply(intend)
    return list(encounter.apply(EndTurn()).events)


PREPARE = Intend(actor=CEIL, intention="magic", option="prepared", spell="fire")


def test_a_prepared_spell_gathers_the_ma_until_its_cost_is_prepared() -> None:
    """Accumulate for a Prepared Spell: "you must also declare a spell ... You then accumulate
    mana from your Mana Pool equal to your MA ... Once the Mana Cost is accumulated, you can
    cast the spell": 20 a round towards Fire Bolt's 50, cast in the third round, the Pool
    paying its 50 then."""
    line = "Ceil: intend magic -as prepared -spell fire"
    bound = bind_text(line, {a.verb: a for a in Kaiser.actions}, BindContext({CEIL: "Ceil"}))
    assert bound == PREPARE
    encounter = duel(*INITIATIVE * 3, 3, 3, 2, 2, ceil=prepared_mage(BOLT), intend=False)
    for _ in range(2):
        declare(encounter, PREPARE)
        encounter.apply(Move(actor=CEIL))
        fire = Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge")
        refused(encounter, fire, "not-prepared")
        to_intention_phase(encounter)
    assert encounter.state[CEIL].marks[PREPARED + "Fire Bolt"] == 40
    declare(encounter, PREPARE)
    encounter.apply(fire)
    assert pool(encounter, CEIL, "Mana") == 100 - 50
    assert encounter.state[CEIL].marks[PREPARED + "Fire Bolt"] is None


def test_prepared_mana_serves_only_its_spell() -> None:
    """ "Any mana accumulate this way can only be used for the prepared spell"."""
    spark = {**FIRE_BOLT, "name": "Spark", "mana": 10}
    encounter = duel(*INITIATIVE, ceil=prepared_mage(BOLT, spark), intend=False)
    declare(encounter, PREPARE)
    refused(encounter, Use(actor=CEIL, power="spark", targets=(BANDIT,)), "mass-of-mana")


def test_a_prepared_spell_is_delayed_focus_rounds_then_returns() -> None:
    """ "you can delay casting the prepared spell for a number of rounds equal to your Focus
    Characteristic. If you have not cast the prepared spell before the last round that you can
    delay, the prepared mana returns to your Pool and you lose 10 mana"; while delayed "you do
    not have to take the Accumulate for a Prepared Spell Intention" but must "perform the
    Maintain Mana Action on your turn" (Maintain Spell, a reading chosen here). Fire Bolt at 20
    mana is prepared in round 1 (Focus 2: held through rounds 2 and 3)."""
    cheap = {**FIRE_BOLT, "mana": 20}
    encounter = duel(*INITIATIVE * 4, ceil=prepared_mage(cheap), intend=False)
    declare(encounter, PREPARE)
    to_intention_phase(encounter)
    assert encounter.state[CEIL].marks[DELAY + "Fire Bolt"] == 1 + 2
    for _ in range(2):
        declare(encounter, None)
        assert encounter.can(Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge"))
        encounter.apply(Maintain(actor=CEIL))
        events = to_intention_phase(encounter)
    assert PoolChanged(CEIL, "Mana", -10, PREPARED_RETURNED + ": Fire Bolt") in events
    assert pool(encounter, CEIL, "Mana") == 90
    declare(encounter, None)
    refused(encounter, Use(actor=CEIL, power="fire", targets=(BANDIT,)), "no-intention")


def test_a_delayed_spell_not_maintained_returns() -> None:
    """While delayed, "Each round you will still have to perform the Maintain Mana Action on
    your turn since the mana you hold is still unstable": without it, the prepared mana returns
    and 10 mana is lost (a reading chosen here)."""
    cheap = {**FIRE_BOLT, "mana": 20}
    encounter = duel(*INITIATIVE * 2, ceil=prepared_mage(cheap), intend=False)
    declare(encounter, PREPARE)
    to_intention_phase(encounter)
    declare(encounter, None)
    events = to_intention_phase(encounter)
    assert PoolChanged(CEIL, "Mana", -10, PREPARED_RETURNED + ": Fire Bolt") in events


def test_prepared_mana_not_prepared_again_returns_before_initiative() -> None:
    """ "If you have prepared mana from the previous round and do not take the Accumulate for
    a Prepared Spell Intention with the same spell and options, your prepared mana will return
    to your Pool before rolling Initiative ... you lose 10 mana"."""
    encounter = duel(*INITIATIVE * 2, ceil=prepared_mage(BOLT), intend=False)
    declare(encounter, PREPARE)
    to_intention_phase(encounter)
    events = declare(encounter, Intend(actor=CEIL, intention="magic"))
    assert PoolChanged(CEIL, "Mana", -10, PREPARED_RETURNED + ": Fire Bolt") in events
    assert encounter.state[CEIL].marks[PREPARED + "Fire Bolt"] is None


def test_a_mass_of_mana_converts_into_prepared_mana() -> None:
    """ "If you have a mass of mana from the previous round, when you declare the Accumulate
    for a Prepared Spell you can convert that mass of mana into prepared mana. Any excess
    returns to your Pool": a mass of 40 (a round of nothing else) prepares 40 of Fire Bolt's
    50, nothing lost; with this round's MA it is ready."""
    encounter = duel(*INITIATIVE * 2, 3, 3, 2, 2, ceil=prepared_mage(BOLT), intend=False)
    declare(encounter, Intend(actor=CEIL, intention="magic"))
    to_intention_phase(encounter)
    events = declare(encounter, PREPARE)
    assert not [e for e in events if isinstance(e, PoolChanged) and e.pool == "Mana"]
    assert encounter.state[CEIL].marks[PREPARED + "Fire Bolt"] == 40
    assert mass_of_mana(encounter.state[CEIL]) == 0
    encounter.apply(Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge"))
    assert pool(encounter, CEIL, "Mana") == 50


def test_the_prepared_spell_intention_names_a_spell_that_costs_mana() -> None:
    """Accumulate for a Prepared Spell: "you must also declare a spell and all its options"."""
    encounter = duel(*INITIATIVE, ceil=prepared_mage(BOLT, CALM), intend=False)
    magic = Intend(actor=CEIL, intention="magic", option="prepared")
    refused(encounter, magic, "no-spell")
    refused(encounter, Intend(actor=CEIL, intention="magic", spell="fire"), "no-spell-here")
    refused(encounter, replace(PREPARE, intention="spirit"), "no-option-here")
    stone = {**FIRE_BOLT, "name": "Stone", "source": "innate"}
    other = duel(*INITIATIVE, ceil=prepared_mage(stone), intend=False)
    refused(other, replace(PREPARE, spell="stone"), "not-a-spell")


BALROG = CombatantId("balrog")


def transfer_round(*faces: int, ceil: Any) -> Encounter:
    """Ceil (MA 50) declares Transfer Mana; Balrog, a wizard at 50 of his 100 mana, stands with
    her; Ceil's turn."""
    encounter = duel(*faces, ceil=ceil, intend=False)
    encounter.apply(Intend(actor=CEIL, intention="magic", option="transfer"))
    encounter.apply(EndTurn())
    encounter.apply(AddCombatant(name="Balrog", side="party", sheet=make_sheet(mana=100)))
    encounter.apply(SetPool(target=BALROG, pool="Mana", value=50))
    return encounter


def test_transfer_mana_pushes_and_pulls_up_to_the_ma_a_round() -> None:
    """Transfer Mana: "Ceil has an MA of 50. In a single round, she can push 20 mana to Balrog
    and pull 30 mana from her Mana Battery ... since she took this Intention, she cannot take
    any other Magic Intentions"; "Pulling and pushing mana both
    have a shared maximum per round equal to your MA"."""
    ceil = mage(FIRE_BOLT, mana=100, mana_accumulation=50, mana_battery=40)
    encounter = transfer_round(*INITIATIVE, ceil=ceil)
    encounter.apply(SetPool(target=CEIL, pool="Mana", value=60))
    line = "Ceil: transfer 20 -to balrog"
    context = BindContext({CEIL: "Ceil", BALROG: "Balrog"})
    push = bind_text(line, {a.verb: a for a in Kaiser.actions}, context)
    assert push == Transfer(actor=CEIL, amount=20, to=BALROG)
    encounter.apply(push)
    encounter.apply(EndTurn())  # the Bandit's turn: a Swift Action comes at any time
    encounter.apply(Transfer(actor=CEIL, amount=30, battery="pull"))
    assert (pool(encounter, CEIL, "Mana"), pool(encounter, BALROG, "Mana")) == (60 - 20 + 30, 70)
    assert pool(encounter, CEIL, "Mana Battery") == 10
    refused(encounter, Transfer(actor=CEIL, amount=1, to=BALROG), "transfer-limit")


def test_transfer_mana_refusals() -> None:
    """Transfer Mana: only under its Intention, out of the Pool it has, into a Mana Pool that
    accepts it ("until they hit their maximum"); no spell cast that round."""
    ceil = mage(FIRE_BOLT, mana=100, mana_accumulation=50)
    encounter = transfer_round(*INITIATIVE, ceil=ceil)
    refused(encounter, Use(actor=CEIL, power="fire", targets=(BANDIT,)), "transferring")
    refused(encounter, Transfer(actor=CEIL, amount=5, to=BANDIT), "no-mana-pool")
    refused(encounter, Transfer(actor=CEIL, amount=5, battery="pull"), "not-enough-mana")
    refused(encounter, Transfer(actor=CEIL, amount=5), "transfer-how")
    refused(encounter, Transfer(actor=CEIL, amount=5, to=CEIL), "transfer-self")
    refused(encounter, Transfer(actor=CEIL, amount=0, to=BALROG), "transfer-amount")
    encounter.apply(SetPool(target=BALROG, pool="Mana", value=90))
    refused(encounter, Transfer(actor=CEIL, amount=20, to=BALROG), "mana-full")
    plain = duel(*INITIATIVE, ceil=ceil)
    refused(plain, Transfer(actor=CEIL, amount=5, battery="push"), "no-intention")


def test_a_delayed_spell_cast_in_an_innate_round_spends_its_prepared_mana() -> None:
    """A delayed spell "can be cast when you have the appropriate action" and "You can declare
    any other Magic Intention": cast in a round of Cast an Innate Spell, the Pool pays its 20
    (its prepared mana), not the innate mana, which stays for an innate spell."""
    cheap = {**FIRE_BOLT, "mana": 20}
    encounter = duel(*INITIATIVE * 2, 3, 3, 2, 2, ceil=prepared_mage(cheap), intend=False)
    declare(encounter, PREPARE)
    to_intention_phase(encounter)
    declare(encounter, Intend(actor=CEIL, intention="magic", option="innate"))
    encounter.apply(Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge"))
    assert pool(encounter, CEIL, "Mana") == 100 - 20
    assert innate_mana(encounter.state[CEIL]) == 10
