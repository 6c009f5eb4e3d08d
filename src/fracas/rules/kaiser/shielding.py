"""Supernatural barriers on the engine: raising one, defending with it, what it absorbs.

A raised barrier is an effect on its creator: ``data`` holds the power (``power``), its Life
Points (``lp``), whom it covers (``cover``: self, other or area; ``covers``: their ids, comma-
separated), and for an area its radius in feet (``radius``). A creature with a Defense power
and no barrier covering it raises one over itself as a Swift Action as part of its defence
(seed: "created as an Active Action, instead of a Swift Action as part of the Defense").
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectChanged, EffectEnded, Event, reduce
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, Effect, EncounterState, Scalar
from fracas.rules.kaiser.barriers import (
    Cover,
    CoverRange,
    absorb,
    area_radius_feet,
    disadvantage,
    shares,
)
from fracas.rules.kaiser.checks import roll_skill_check
from fracas.rules.kaiser.damage import overflow_account
from fracas.rules.kaiser.defences import defences_of
from fracas.rules.kaiser.events import BarrierStruck, CheckRolled
from fracas.rules.kaiser.immaterial import can_defend
from fracas.rules.kaiser.lingering import POWER
from fracas.rules.kaiser.maintaining import CAST_ROUND
from fracas.rules.kaiser.power_rules import (
    cast,
    paid,
    power_cost,
    require_payable,
    require_prepared,
)
from fracas.rules.kaiser.queries import sheet_of, skill_name, standing, took_action
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power
from fracas.rules.kaiser.states import (
    characteristic_of,
    sacrifices,
    situation_parts,
    state_parts,
)
from fracas.rules.kaiser.vocabulary import Characteristic, DamageType, Defence
from fracas.rules.kaiser.wounds import wound

BARRIER = "barrier"
LIFE = "lp"
COVER = "cover"
COVERS = "covers"
RADIUS = "radius"
BROKEN = "broken"
"""The reason a barrier brought to 0 LP ends."""


def barrier_data(
    power: Power, cover: Cover, covers: Sequence[CombatantId], *, since: int
) -> dict[str, Scalar]:
    """A raised barrier's effect data; a maintained barrier's also the round it was raised."""
    assert power.barrier is not None
    data: dict[str, Scalar] = {
        POWER: power.name,
        BARRIER: True,
        LIFE: power.barrier,
        COVER: cover.value,
        COVERS: ",".join(covers),
    }
    if power.maintained is not None:
        data[CAST_ROUND] = since
    return data


def covered(effect: Effect) -> tuple[str, ...]:
    value = effect.data.get(COVERS)
    return tuple(value.split(",")) if isinstance(value, str) and value else ()


def defense_power(combatant: Combatant, name: str) -> Power:
    for power in sheet_of(combatant).powers:
        if power.name == name:
            return power
    raise IllegalAction("unknown-power", f"{combatant.name} has no power {name!r}")


@frozen
class Shield:
    """The barrier a target relies on: its creator, power and effect (None: raised now, as a
    Swift Action, over the target itself) and whom it covers."""

    creator: CombatantId
    power: Power
    effect: Effect | None
    cover: Cover


def shield_for(state: EncounterState, target: CombatantId) -> Shield | None:
    """The first raised barrier covering ``target``, else its own Defense power (Swift)."""
    for creator in state:
        for effect in creator.effects:
            if effect.data.get(BARRIER) and target in covered(effect):
                power = defense_power(creator, str(effect.data.get(POWER)))
                return Shield(creator.id, power, effect, Cover(str(effect.data.get(COVER))))
    own = [p for p in sheet_of(state[target]).powers if p.raises_barrier]
    return Shield(target, own[0], None, Cover.SELF) if own else None


def verify_shield(
    state: EncounterState,
    target: CombatantId,
    where: CoverRange,
    *,
    attack_immaterial: bool,
    effect_power: bool,
) -> Shield:
    """The shield the target may rely on, or IllegalAction naming the rule that forbids it."""
    shield = shield_for(state, target)
    name = state[target].name
    if shield is None:
        raise IllegalAction("no-barrier", f"no supernatural barrier covers {name}")
    if disadvantage(shield.cover, where) is None:
        raise IllegalAction(
            "out-of-range",
            f"{name} is beyond the maximum range of {state[shield.creator].name}'s powers:"
            " the barrier cannot protect them",
        )
    if not standing(state[shield.creator]):
        raise IllegalAction("creator-down", f"{state[shield.creator].name} cannot hold the barrier")
    if shield.effect is None:
        require_swift(state[shield.creator], shield.power)
    if not can_defend(
        Defence.BARRIER, attack_immaterial=attack_immaterial, imbued_object=shield.power.imbued
    ) or (effect_power and not shield.power.imbued):
        raise IllegalAction(
            "immaterial-attack", f"{shield.power.name} cannot block an immaterial attack"
        )
    return shield


SWIFT = "Swift barrier"
"""The reason of the pool changes that pay for a barrier raised as a Swift Action."""


def require_swift(creator: Combatant, power: Power) -> None:
    """A barrier raised as a Swift Action as part of the Defense is the power used then: its
    Intention must have been declared this round and its creator, standing, must pay its
    cost."""
    if not standing(creator):
        raise IllegalAction("creator-down", f"{creator.name} cannot raise {power.name}")
    require_prepared(creator, power)
    require_payable(creator, power_cost(creator, power), f"raising {power.name} as a Swift Action")


def raised_now(
    creator: Combatant, power: Power, cover: Cover, covers: Sequence[CombatantId], *, since: int
) -> list[Event]:
    """The barrier raised as a Swift Action in round ``since``, and its cost paid (pools, the
    round's mass of mana, the Characteristic points it sacrifices)."""
    data = barrier_data(power, cover, covers, since=since)
    if cover is Cover.AREA:
        data[RADIUS] = area_radius_feet(characteristic_of(creator, Characteristic.FOCUS))
    effect = Effect(power.name, source=creator.id, data=data)
    payment = [
        *paid(creator.id, power_cost(creator, power), SWIFT),
        *cast(creator, power),
        *sacrifices(creator, power),
        *took_action(creator),
    ]
    return [*payment, EffectApplied(creator.id, effect)]


def barrier_roll(
    state: EncounterState,
    shield: Shield,
    target: CombatantId,
    where: CoverRange,
    dice: DiceSource,
    *,
    settings: KaiserSettings,
    against: CombatantId | None = None,
) -> tuple[int, list[Event]]:
    """The creator's Defensive Roll with the barrier's Skill: D2 covering another or an area,
    D4 beyond effective range; the creator's States apply ("If you are subject to a State that
    modifies your Defensive Roll, it also applies") and, but for an area's one roll, the
    protected target's Situations ("If the target is subject to a Situation that modifies their
    Defensive Roll, it applies")."""
    creator = state[shield.creator]
    events: list[Event] = []
    if shield.effect is None:
        events += raised_now(creator, shield.power, Cover.SELF, (target,), since=state.clock.round)
    skill = sheet_of(creator).skills[shield.power.skill]
    parts: list[tuple[str, int]] = [(skill_name(shield.power.skill), skill)]
    parts += state_parts(creator, settings=settings, against=against, skill=shield.power.skill)
    if shield.cover is not Cover.AREA:
        parts += situation_parts(state[target], settings=settings)
    degrees = disadvantage(shield.cover, where) or 0
    rolled = roll_skill_check(
        dice, sum(v for _, v in parts), net_advantage=-degrees, final_skill=skill
    )
    whom = f" for {state[target].name}" if target != creator.id else ""
    check = f"Defensive Roll ({skill_name(shield.power.skill)}, {shield.power.name}{whom})"
    events.append(CheckRolled(creator.id, check, rolled, tuple(parts)))
    return rolled.total, events


def absorbed(
    state: EncounterState,
    shield: Shield,
    struck: Sequence[CombatantId],
    hit: tuple[int, DamageType, bool],
    dice: DiceSource,
    *,
    settings: KaiserSettings,
    material: bool = True,
) -> list[Event]:
    """The barrier takes Base Damage x 10 for each protected creature struck; broken, the rest
    is shared evenly and each share goes through AV, reduction and resistance (an immaterial
    attacker's, not ``material``, ignores worn layers)."""
    base_damage, damage_type, imbued = hit
    effect = _current(state, shield)
    life = int(effect.data.get(LIFE) or 0)
    result = absorb(life, base_damage, len(struck))
    events: list[Event] = [
        BarrierStruck(
            shield.creator,
            shield.power.name,
            result.damage,
            life,
            result.life_points,
            result.overflow,
        )
    ]
    if result.broken:
        events.append(EffectEnded(shield.creator, effect.id, reason=BROKEN))
    else:
        data = {**effect.data, LIFE: result.life_points}
        events.append(
            EffectChanged(
                shield.creator, Effect(effect.name, effect.id, effect.ends, effect.source, data)
            )
        )
    for target, share in zip(struck, shares(result.overflow, len(struck)), strict=True):
        if not share:
            continue
        defences = defences_of(state[target], damage_type, imbued=imbued, material=material)
        account = overflow_account(share, base_damage, damage_type, defences)
        events += wound(reduce(state, events), target, account, dice, settings=settings)
    return events


def _current(state: EncounterState, shield: Shield) -> Effect:
    """The barrier's effect as it stands now (raised a moment ago when it was Swift)."""
    creator = state[shield.creator]
    for effect in creator.effects:
        if effect.data.get(BARRIER) and effect.data.get(POWER) == shield.power.name:
            return effect
    raise IllegalAction("no-barrier", f"{shield.power.name} is not raised")
