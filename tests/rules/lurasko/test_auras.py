"""Damage auras striking back at melee attackers."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fracas.app.session import Session
from fracas.engine.gm import ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Anchor, Moment
from fracas.engine.turns import EndTurn
from fracas.rules.lurasko.actions import Answer, Attack, Drop, Provoke
from fracas.rules.lurasko.auras import Provocation, aura_amount, expendable, provokes, reacting_aura
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.events import AuraStruck, DamageTaken
from fracas.rules.lurasko.queries import AURA_LIGHT, DAMAGE, DEAD, MENTAL_ONLY, STUNNED
from fracas.rules.lurasko.vocabulary import InjuryType
from tests.rules.lurasko.support import FOE, HERO, LANCE, SWORD, duel, of_type, sheet

STATIC = {"name": "Static field", "kind": "electric", "stored": 30}
SPIKES = {"name": "Spikes", "kind": "normal", "stored": 20, "drive": 30}


def test_what_provokes_an_aura_and_that_criticals_do_not() -> None:
    """Seed: "Whenever any character touches you, hits you with a melee weapon, natural weapon,
    unarmed attack, Grab Item, or Trip/Dismount/Throw, or ends their turn grappling with you"
    ... "Melee attacks that score critical hits do not provoke a hit from damage auras"."""
    assert all(provokes(p, critical=False) for p in Provocation)
    assert not provokes(Provocation.MELEE_HIT, critical=True)
    assert provokes(Provocation.TOUCH, critical=True)
    assert not provokes(None, critical=False)


def test_the_full_store_or_a_multiple_of_10() -> None:
    """Seed: "the amount must be the full stored damage, or a multiple of 10"."""
    assert expendable(35, 35) and expendable(35, 20) and not expendable(35, 15)
    assert aura_amount(35, None) == 35
    assert aura_amount(35, 20) == 20
    assert aura_amount(15, 20) == 15
    with pytest.raises(LuraskoRuleError):
        aura_amount(35, 25)


def test_one_aura_reacts_to_one_attack() -> None:
    """Seed: "only a single aura can react to a single attack/touch/grapple"."""
    assert reacting_aura([("Frost", 0), ("Static", 30), ("Fire", 20)]) == "Static"
    assert reacting_aura([("Frost", 0)]) is None


def test_a_melee_hit_provokes_an_undodgeable_core_aura_hit() -> None:
    """Seed: "you may expend an amount of stored damage from a damage aura to automatically hit
    them ... This damage cannot be dodged ... Any injuries inflicted are Core Injuries." 30
    electric, factor 6: 5 Core degrees and a stun "until the end of the attacker's next turn"
    with "attacker" the one who attacked and took the aura's damage."""
    encounter = duel(foe=sheet(auras=[STATIC]))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    (struck,) = of_type(step.events, AuraStruck)
    assert (struck.holder, struck.attacker, struck.portion.damage) == (FOE, HERO, 30)
    hero = encounter.state[HERO]
    assert hero.marks[DAMAGE] == 30
    assert hero.marks["core"] == 5
    stun = hero.effect(STUNNED)
    assert stun is not None and stun.ends == Anchor(2, HERO, Moment.END)
    assert encounter.state[FOE].pools["Static field"].current == 0


def test_a_critical_melee_hit_and_a_ranged_hit_provoke_nothing() -> None:
    """Seed: "Critical hits also spare a melee attacker from being struck back by a damage
    aura"; "Melee attacks that score critical hits do not provoke a hit from damage auras"; a
    ranged hit is none of "touches you, hits you with a melee weapon, natural weapon, unarmed
    attack, Grab Item, or Trip/Dismount/Throw". The store stays full."""
    strong = {**SWORD, "offense": 15}
    critical = duel(hero=sheet(weapons=[strong]), foe=sheet(auras=[STATIC]))
    step = critical.apply(Attack(actor=HERO, target=FOE), faces=[19])
    assert not of_type(step.events, AuraStruck)
    ranged = duel(hero=sheet(weapons=[LANCE]), foe=sheet(auras=[STATIC]))
    step = ranged.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert not of_type(step.events, AuraStruck)
    assert critical.state[FOE].pools["Static field"].current == 30
    assert DAMAGE not in critical.state[HERO].marks


def test_an_energy_aura_is_only_stopped_by_high_precision_shielding() -> None:
    """Seed: "(if energy damage) can only be shielded by high-precision energy shielding"."""
    shields = [
        {"name": "Ward", "precision": "low", "points": 50},
        {"name": "Veil", "precision": "medium", "points": 50},
        {"name": "Skin", "precision": "high", "points": 25},
    ]
    encounter = duel(hero=sheet(shields=shields), foe=sheet(auras=[STATIC]))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    taken = [t for t in of_type(step.events, DamageTaken) if t.target == HERO]
    assert [(s.source, s.before, s.after) for s in taken[0].account.steps] == [("Skin", 30, 5)]
    pools = encounter.state[HERO].pools
    assert (pools["Ward"].current, pools["Veil"].current, pools["Skin"].current) == (50, 50, 0)


def test_a_normal_aura_has_its_drive_against_armor_and_a_standing_amount() -> None:
    """Seed: "Non-energy damage auras will specify drive." 20 at 30 drive, expending 10 of
    20 at a time, against 16-28 armor: full."""
    spikes = {**SPIKES, "expend": 10}
    armor = {"name": "Steel chainmail", "low": 16, "high": 28, "metallic": True}
    encounter = duel(hero=sheet(armor=armor), foe=sheet(auras=[spikes]))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert encounter.state[HERO].marks[DAMAGE] == 10
    assert encounter.state[FOE].pools["Spikes"].current == 10


def test_the_aura_strikes_back_even_if_the_attack_killed_its_holder() -> None:
    """Seed: "the damage aura still hits back even if the provoking attack kills the defender,
    and the attack is not hampered even if the damage aura kills the attacker." """
    frail = sheet(bcon=1, wgt=10, auras=[STATIC])
    encounter = duel(hero=sheet(bcon=1, wgt=10), foe=frail)
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 8])
    assert of_type(step.events, AuraStruck)
    assert encounter.state[FOE].marks[DEAD] is True
    assert encounter.state[HERO].marks[DEAD] is True
    assert encounter.state.ended


def test_energy_stored_makes_a_moderate_light() -> None:
    """Seed: "Whenever you have any amount of energy damage stored in a damage aura, you revert
    to Low Stealth and are a moderate light source." """
    encounter = duel(foe=sheet(auras=[STATIC]))
    assert encounter.state[FOE].has(AURA_LIGHT)
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert not encounter.state[FOE].has(AURA_LIGHT)
    spiked = duel(foe=sheet(auras=[SPIKES]))
    assert not spiked.state[FOE].has(AURA_LIGHT)


def test_auras_expire_at_the_end_of_a_turn_their_holder_cannot_act() -> None:
    """Seed: "it is a free action on your turn to maintain your damage auras. This means that
    damage auras expire at the end of your turn if you are unable to take actions (for example,
    if you are incapacitated, paralyzed, or pinned)." """
    encounter = duel(foe=sheet(auras=[STATIC]))
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    assert encounter.state[FOE].pools["Static field"].current == 30
    encounter.apply(ApplyEffect(target=FOE, name="Paralyzed"))
    encounter.apply(EndTurn())
    assert encounter.state[FOE].pools["Static field"].current == 0
    assert encounter.state.acting() == (HERO,)


def test_aura_injuries_are_core_even_where_the_table_says_otherwise() -> None:
    """Seed: "Any injuries inflicted are Core Injuries." The pre-rolled 20 makes the hero's hit
    a Perception injury; the aura's answer is Core all the same."""
    encounter = duel(foe=sheet(auras=[STATIC]))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 20])
    taken = {t.target: t.injury for t in of_type(step.events, DamageTaken)}
    assert taken == {FOE: InjuryType.PERCEPTION, HERO: InjuryType.CORE}


def test_a_touch_a_grab_a_trip_or_a_grapple_provokes_the_aura_too() -> None:
    """Seed: "Whenever any character touches you, hits you with a melee weapon ... Grab Item,
    or Trip/Dismount/Throw, or ends their turn grappling with you"."""
    for how in Provocation:
        encounter = duel(foe=sheet(auras=[SPIKES]))
        step = encounter.apply(Provoke(actor=HERO, holder=FOE, how=how), faces=[])
        (struck,) = of_type(step.events, AuraStruck)
        assert (struck.attacker, struck.portion.damage, struck.portion.drive) == (HERO, 20, 30)
        assert encounter.state[HERO].marks["core"] == 3


def test_only_mental_auras_are_kept_with_only_mental_actions() -> None:
    """Seed: "If you are only able to take purely mental actions, you may only maintain auras
    that were created by purely mental actions." """
    mind = {"name": "Mind static", "kind": "electric", "stored": 20, "mental": True}
    encounter = duel(foe=sheet(auras=[STATIC, mind]))
    encounter.apply(EndTurn())
    encounter.apply(ApplyEffect(target=FOE, name=MENTAL_ONLY))
    encounter.apply(EndTurn())
    pools = encounter.state[FOE].pools
    assert (pools["Static field"].current, pools["Mind static"].current) == (0, 20)


def test_a_device_aura_ends_when_the_device_is_dropped() -> None:
    """Seed: "Auras that originate from devices expire immediately if their device is disabled
    or dropped." """
    gauntlet = {**STATIC, "name": "Shock gauntlet", "device": True}
    encounter = duel(hero=sheet(auras=[gauntlet, SPIKES]))
    encounter.apply(Drop(actor=HERO, aura="shock"))
    assert encounter.state[HERO].pools["Shock gauntlet"].current == 0
    with pytest.raises(IllegalAction) as refused:
        encounter.check(Drop(actor=HERO, aura="Spikes"))
    assert refused.value.code == "not-a-device"


def test_the_holder_chooses_which_aura_answers_how_much_or_none() -> None:
    """Seed: "you may expend an amount of stored damage from a damage aura to automatically hit
    them"; "only a single aura can react to a single attack": the holder says which aura answers
    and how much (``aura -use Spikes -expend 10``), or that none does (``aura -hold``), at any
    moment, and it stands until changed."""
    encounter = duel(foe=sheet(auras=[STATIC, SPIKES]))
    encounter.apply(Answer(actor=FOE, aura="spikes", expend=10))
    step = encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    (struck,) = of_type(step.events, AuraStruck)
    assert (struck.aura, struck.portion.damage) == ("Spikes", 10)
    assert encounter.state[FOE].pools["Static field"].current == 30
    encounter.apply(Answer(actor=FOE, hold=True))
    step = encounter.apply(Provoke(actor=HERO, holder=FOE))
    assert of_type(step.events, AuraStruck) == []
    encounter.apply(Answer(actor=FOE))
    step = encounter.apply(Provoke(actor=HERO, holder=FOE))
    (struck,) = of_type(step.events, AuraStruck)
    assert (struck.aura, struck.portion.damage) == ("Static field", 30)


@pytest.mark.parametrize(
    ("answer", "code"),
    [
        (Answer(actor=FOE, aura="frost"), "unknown-aura"),
        (Answer(actor=FOE, expend=15), "bad-expend"),
        (Answer(actor=FOE, aura="spikes", hold=True), "hold-or-answer"),
        (Answer(actor=HERO), "no-aura"),
    ],
)
def test_an_aura_answer_outside_the_rule_is_refused(answer: Answer, code: str) -> None:
    """Seed: "the amount must be the full stored damage, or a multiple of 10"; refusals change
    nothing."""
    encounter = duel(foe=sheet(auras=[STATIC, SPIKES]))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(answer)
    assert refused.value.code == code and encounter.state is before


FIELD = {"name": "Field", "kind": "electric", "stored": 35}


def test_an_aura_holding_35_expends_its_full_store() -> None:
    """Seed (Damage Auras): "you may expend an amount of stored damage from a damage aura to
    automatically hit them; the amount must be the full stored damage, or a multiple of 10."
    Field holds 35: ``-expend 35`` is its full store (25 is neither, and is refused with the
    store named, changing nothing); Hero's sword hit then takes all 35 electric back: 5 Core
    degrees at factor 6 and a stun; the store is empty."""
    encounter = duel(foe=sheet(auras=[FIELD]))
    session = Session(encounter, "aura", setup=len(encounter.steps))
    before = session.state
    refused = session.run("Foe: aura -use Field -expend 25")
    assert refused.error == "aura: expend the full store (35) or a multiple of 10, not 25"
    assert session.state is before
    assert session.run("Foe: aura -use Field -expend 35").error is None
    assert session.run("attack foe !10 1").error is None
    assert encounter.state[FOE].pools["Field"].current == 0
    hero = encounter.state[HERO]
    assert (hero.marks.get(DAMAGE), hero.marks.get("core")) == (35, 5)
    assert {e.name for e in hero.effects} == {STUNNED}


def test_a_sheet_expends_its_full_store_or_a_multiple_of_10() -> None:
    """Seed: "the full stored damage, or a multiple of 10": a sheet's standing ``expend`` of 35
    on a store of 35 strikes back with all 35; 25 is refused, naming the field."""
    encounter = duel(foe=sheet(auras=[{**FIELD, "expend": 35}]))
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[10, 1])
    assert encounter.state[FOE].pools["Field"].current == 0
    assert encounter.state[HERO].marks.get(DAMAGE) == 35
    with pytest.raises(ValidationError) as bad:
        sheet(auras=[{**FIELD, "expend": 25}])
    assert "expend the full store (35) or a multiple of 10, not 25" in str(bad.value)
