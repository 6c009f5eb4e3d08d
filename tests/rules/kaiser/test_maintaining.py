"""Maintained powers: the Maintain actions, the upkeep, and a creator who goes down."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine.encounter import Encounter
from fracas.engine.events import EffectEnded, PoolChanged
from fracas.engine.gm import AddCombatant, ApplyEffect, SetPool
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Attack, Intend, Maintain, Move, Raise, Use
from fracas.rules.kaiser.maintaining import upkeep_due
from fracas.rules.kaiser.queries import LP, UNCONSCIOUS, is_dead
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power, Sheet
from tests.rules.kaiser.support import BANDIT, CEIL, SETTINGS, duel, make_sheet, pool, refused
from tests.rules.kaiser.test_powers import INITIATIVE, arena, mage

ROUND = (*INITIATIVE, 2, 3)
"""A round's Initiative rolls once Thom has joined: Ceil 19, the Bandit 14, Thom 15."""


def skin(maintained: str, **fields: Any) -> dict[str, Any]:
    """Iron Skin, an Automatic spell Ceil casts on herself, maintained as ``maintained``."""
    return {
        "name": "Iron Skin",
        "types": ["automatic"],
        "source": "magic",
        "effect": "Iron Skin",
        "grants": [{"name": "Iron Skin", "kind": "damage_reduction", "values": {"physical": 3}}],
        "maintained": maintained,
        **fields,
    }


def cast_skin(sheet: Sheet, *faces: int, settings: KaiserSettings = SETTINGS) -> Encounter:
    """Ceil casts Iron Skin on herself in round 1; Thom stands with her (so the fight goes on
    when she falls)."""
    encounter = arena(*INITIATIVE, *faces, ceil=sheet, settings=settings)
    encounter.apply(AddCombatant(name="Thom", side="party", sheet=make_sheet()))
    encounter.apply(Use(actor=CEIL, power="iron skin"))
    assert encounter.state[CEIL].has("Iron Skin")
    return encounter


def to_end_phase(encounter: Encounter) -> list[Any]:
    """End the turns left this round: the End phase runs when the next round starts."""
    events: list[Any] = []
    while encounter.state.clock.round == 1:
        events += encounter.apply(EndTurn()).events
    return events


def skins(encounter: Encounter) -> list[str]:
    return [e.name for e in encounter.state[CEIL].effects if e.name == "Iron Skin"]


def test_a_maintained_power_ends_when_its_creator_is_knocked_out() -> None:
    """Kaiser's Maintaining Powers: daily powers, "unlike the other maintenance values ... can
    be maintained while asleep": an unconscious creator keeps up no other power, so it ends
    with the round, the effect and what it granted with it."""
    encounter = cast_skin(mage(skin("minor"), mana=50))
    encounter.apply(ApplyEffect(target=CEIL, name=UNCONSCIOUS))
    events = to_end_phase(encounter)
    ended = [e for e in events if isinstance(e, EffectEnded)]
    assert len(ended) == 2 and all("Ceil is down" in e.reason for e in ended)
    assert skins(encounter) == []


def killed_holding_a_daily_skin(settings: KaiserSettings = SETTINGS) -> Encounter:
    """Ceil casts a daily Iron Skin and the Bandit kills her, in round 1."""
    faces = (*INITIATIVE, 6, 5, 1, 2, 3, 3, 3, 3)  # the Bandit's 21 against Ceil's Dodge 9
    encounter = duel(*faces, ceil=mage(skin("daily"), mana=50), intend=False, settings=settings)
    encounter.apply(Intend(actor=CEIL, intention="magic"))
    encounter.apply(Intend(actor=BANDIT, intention="attack"))
    encounter.apply(EndTurn())
    encounter.apply(AddCombatant(name="Thom", side="party", sheet=make_sheet()))
    encounter.apply(Use(actor=CEIL, power="iron skin"))
    encounter.apply(SetPool(target=CEIL, pool=LP, value=1))
    encounter.apply(EndTurn())
    encounter.apply(Attack(actor=BANDIT, target=CEIL, defence="dodge"))
    assert is_dead(encounter.state[CEIL])
    return encounter


def test_a_maintained_power_ends_when_its_creator_dies() -> None:
    """Kaiser's Maintaining Powers: a power whose cost cannot be paid "ends when the round
    does"; a dead creator pays nothing, not even a daily power's (the setting
    ``powers_end_with_creator``, a reading chosen here)."""
    encounter = killed_holding_a_daily_skin()
    to_end_phase(encounter)
    assert skins(encounter) == []


@pytest.mark.parametrize(
    ("ends", "dead", "maintained", "kept"),
    [
        ("down", False, "minor", False),
        ("down", False, "daily", True),
        ("down", True, "daily", False),
        ("dead", False, "minor", True),
        ("dead", True, "daily", False),
        ("never", True, "daily", True),
    ],
)
def test_the_setting_says_which_of_its_creators_states_end_a_power(
    ends: str, dead: bool, maintained: str, kept: bool
) -> None:
    """Kaiser's Maintaining Powers says only that daily powers, "unlike the other maintenance
    values ... can be maintained while asleep"; the setting ``powers_end_with_creator`` (a
    reading chosen here) says whether an unconscious creator (``down``) or only a dead one
    (``dead``) loses its maintained powers at the End phase, or neither (``never``)."""
    settings = KaiserSettings.model_validate({"powers_end_with_creator": ends})
    if dead:
        encounter = killed_holding_a_daily_skin(settings)
    else:
        encounter = cast_skin(mage(skin(maintained), mana=50), settings=settings)
        encounter.apply(ApplyEffect(target=CEIL, name=UNCONSCIOUS))
    to_end_phase(encounter)
    assert skins(encounter) == (["Iron Skin", "Iron Skin"] if kept else [])


def test_a_daily_power_is_maintained_while_its_creator_sleeps() -> None:
    """Kaiser's Maintaining Powers: daily powers "can be maintained while asleep"."""
    encounter = cast_skin(mage(skin("daily"), mana=50))
    encounter.apply(ApplyEffect(target=CEIL, name=UNCONSCIOUS))
    to_end_phase(encounter)
    assert skins(encounter) == ["Iron Skin", "Iron Skin"]


def test_a_power_maintained_every_turn_needs_the_maintain_action() -> None:
    """Kaiser's Spell Casting: "Each round you must take the Maintain Spell action or else the
    spell will fade at the start of the End Phase"; Maintain Spell costs 1 AP. The round it is
    cast keeps it up (a reading chosen here)."""
    encounter = cast_skin(mage(skin("turn"), mana=50), *ROUND, *ROUND)
    refused(encounter, Maintain(actor=CEIL, kind="spirit"), "nothing-to-maintain")
    to_end_phase(encounter)
    assert skins(encounter)
    encounter.apply(EndTurn())  # the Intention phase: Initiative is rolled
    encounter.apply(Maintain(actor=CEIL))
    assert pool(encounter, CEIL, "AP") == 6 - 1
    refused(encounter, Maintain(actor=CEIL), "maintained")
    while encounter.state.clock.round == 2:
        encounter.apply(EndTurn())
    assert skins(encounter)
    encounter.apply(EndTurn())
    encounter.apply(Move(actor=CEIL))
    while encounter.state.clock.round == 3:
        events = encounter.apply(EndTurn()).events
    faded = [e for e in events if isinstance(e, EffectEnded)]
    assert faded and "did not take the Maintain Spell action" in faded[0].reason
    assert skins(encounter) == []


def test_the_upkeep_is_paid_in_the_end_phase_or_the_power_ends() -> None:
    """Kaiser's Maintaining Powers: "Each power that can be maintained has a cost that must be
    payed during the End Phase every increment of time. If you are unable to pay the cost, the
    power ends when the round does"; a spell's upkeep "is taken directly from your Mana
    Pool"."""
    encounter = cast_skin(mage(skin("turn", upkeep=5), mana=50), *ROUND, *ROUND)
    to_end_phase(encounter)
    assert pool(encounter, CEIL, "Mana") == 50  # the round it was cast
    encounter.apply(EndTurn())
    encounter.apply(Maintain(actor=CEIL))
    encounter.apply(SetPool(target=CEIL, pool="Mana", value=7))
    while encounter.state.clock.round == 2:
        events = encounter.apply(EndTurn()).events
    assert PoolChanged(CEIL, "Mana", -5, "Iron Skin upkeep") in events
    assert skins(encounter)
    encounter.apply(EndTurn())
    encounter.apply(Maintain(actor=CEIL))
    while encounter.state.clock.round == 3:
        events = encounter.apply(EndTurn()).events
    ended = [e for e in events if isinstance(e, EffectEnded)]
    assert ended and "cannot pay its upkeep of 5 Mana" in ended[0].reason
    assert pool(encounter, CEIL, "Mana") == 2 and skins(encounter) == []


@pytest.mark.parametrize(("paid_in", "other"), [("ki", "mana"), ("mana", "ki")])
def test_a_spirit_powers_upkeep_comes_from_the_pool_the_setting_names(
    paid_in: str, other: str
) -> None:
    """Kaiser's Maintaining Powers: "Each power that can be maintained has a cost that must be
    payed during the End Phase every increment of time", naming no pool; Spell Casting takes a
    spell's "directly from your Mana Pool". The setting ``spirit_upkeep`` (a reading chosen
    here) takes a spirit technique's from the Ki Reserve (``ki``) or the Mana Pool (``mana``):
    the 5 of Iron Skin, maintained every turn with the Maintain Spirit action."""
    settings = KaiserSettings.model_validate({"spirit_upkeep": paid_in})
    sheet = mage(skin("turn", upkeep=5, source="spirit"), mana=50, ki=40)
    encounter = duel(*INITIATIVE, *ROUND, *ROUND, ceil=sheet, intend=False, settings=settings)
    encounter.apply(Intend(actor=CEIL, intention="spirit"))
    encounter.apply(EndTurn())
    encounter.apply(AddCombatant(name="Thom", side="party", sheet=make_sheet()))
    encounter.apply(Use(actor=CEIL, power="iron skin"))
    to_end_phase(encounter)
    encounter.apply(EndTurn())
    encounter.apply(Maintain(actor=CEIL, kind="spirit"))
    while encounter.state.clock.round == 2:
        events = encounter.apply(EndTurn()).events
    pools = {"ki": "Ki", "mana": "Mana"}
    assert PoolChanged(CEIL, pools[paid_in], -5, "Iron Skin upkeep") in events
    assert skins(encounter)
    full = {"Ki": 40, "Mana": 50}
    assert pool(encounter, CEIL, pools[paid_in]) == full[pools[paid_in]] - 5
    assert pool(encounter, CEIL, pools[other]) == full[pools[other]]


def test_a_minor_sustain_pays_every_tenth_round() -> None:
    """Kaiser's Maintaining Powers: "Minor Sustain ... require you to pay their maintenance
    cost every minute (10 rounds)"."""
    minor = Power.model_validate(skin("minor", upkeep=5))
    assert [r for r in range(1, 31) if upkeep_due(minor, since=1, now=r)] == [11, 21]


def test_a_maintained_barrier_falls_with_its_creator() -> None:
    """Kaiser's Maintaining Powers (as above): a maintained Defense power's supernatural barrier
    is one of its effects, and ends with it when its creator is knocked out."""
    shield = {
        "name": "Shield of Light",
        "types": ["defense"],
        "source": "magic",
        "barrier": 60,
        "maintained": "minor",
    }
    encounter = arena(*INITIATIVE, 2, 2, 2, 3, ceil=mage(shield, mana=50))
    encounter.apply(AddCombatant(name="Thom", side="party", sheet=make_sheet()))
    encounter.apply(Raise(actor=CEIL, power="shield"))
    assert encounter.state[CEIL].has("Shield of Light")
    to_end_phase(encounter)
    assert encounter.state[CEIL].has("Shield of Light")
    encounter.apply(ApplyEffect(target=CEIL, name=UNCONSCIOUS))
    while encounter.state.clock.round == 2:
        encounter.apply(EndTurn())
    assert not encounter.state[CEIL].has("Shield of Light")


INTENTION: dict[str, Any] = {"magic": "magic", "phenom": "phenom", "spirit": "spirit"}


@pytest.mark.parametrize(
    ("source", "maintained", "fades"),
    [
        ("magic", "minor", True),
        ("magic", "major", True),
        ("magic", "daily", False),
        ("phenom", "minor", True),
        ("phenom", "daily", True),
        ("spirit", "minor", False),
    ],
)
def test_which_maintained_powers_need_their_maintain_action(
    source: str, maintained: str, fades: bool
) -> None:
    """Kaiser's Action Points: Maintain Spell: "If you are maintaining any non-daily spells, and
    have not taken this action before the End Phase, all of your non-daily maintained spells
    end"; Maintain Phenom: "If you are maintaining any phenom, and have not taken this action
    before the End Phase, you lose all maintained phenom"; Maintain Spirit: "Minor and greater
    sustained techniques do not require you to take this action". Ceil casts Iron Skin (its
    Intention declared) in round 1 and keeps it up in round 2 without any Maintain action."""
    sheet = mage(skin(maintained, source=source), mana=50, ki=50)
    encounter = duel(*INITIATIVE, *ROUND, *ROUND, ceil=sheet, intend=False)
    encounter.apply(Intend(actor=CEIL, intention=INTENTION[source]))
    encounter.apply(EndTurn())
    encounter.apply(AddCombatant(name="Thom", side="party", sheet=make_sheet()))
    encounter.apply(Use(actor=CEIL, power="iron skin"))
    assert encounter.state[CEIL].has("Iron Skin")
    to_end_phase(encounter)
    encounter.apply(EndTurn())  # round 2's Intention phase: Initiative is rolled
    assert encounter.state.clock.round == 2
    while encounter.state.clock.round == 2:
        encounter.apply(EndTurn())
    assert (skins(encounter) == []) is fades
