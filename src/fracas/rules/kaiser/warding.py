"""Defense powers that create no supernatural barrier.

Seed (Defense): "Defense powers allow you to use an appropriate Defensive Skill to prevent
certain attacks, depending on the what the Power allows. Most Defense powers create a
supernatural barrier. Powers that do not create supernatural barriers will list how to defend
with them." Such a power lists its Skill and the Damage Types it prevents (``defends``); the
defender makes the Defensive Roll with that Skill, and the power is used then: its Intention
declared this round and its cost paid, as a barrier raised as a Swift Action (row 61b).
"""

from __future__ import annotations

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import Event
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant
from fracas.rules.kaiser.checks import roll_skill_check
from fracas.rules.kaiser.events import CheckRolled
from fracas.rules.kaiser.power_rules import (
    cast,
    paid,
    power_cost,
    require_payable,
    require_prepared,
)
from fracas.rules.kaiser.queries import sheet_of, skill_name, took_action
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power
from fracas.rules.kaiser.states import sacrifices, situation_parts, state_parts
from fracas.rules.kaiser.vocabulary import DamageType

WARDED = "Defense power"
"""The reason of the pool changes that pay for a Defense power used to defend."""


@frozen
class Incoming:
    """What a Defense power must be able to prevent: the attack's Damage Type, and whether
    only an object that touches the immaterial can stop it."""

    damage_type: DamageType
    immaterial: bool


def verify_ward(defender: Combatant, incoming: Incoming) -> Power:
    """The defender's Defense power without a barrier that can prevent ``incoming``, or
    IllegalAction naming the rule that forbids it."""
    power = next((p for p in sheet_of(defender).powers if p.wards), None)
    if power is None:
        raise IllegalAction(
            "no-defense-power",
            f"{defender.name} has no Defense power that defends without a barrier",
        )
    if power.defends and incoming.damage_type not in power.defends:
        allowed = ", ".join(sorted(t.value for t in power.defends))
        raise IllegalAction(
            "not-defended",
            f"{power.name} prevents only {allowed} attacks, not {incoming.damage_type.value}"
            " (a Defense power prevents the attacks the power allows)",
        )
    if incoming.immaterial and not power.imbued:
        raise IllegalAction("immaterial-attack", f"{power.name} cannot block an immaterial attack")
    require_prepared(defender, power)
    require_payable(defender, power_cost(defender, power), f"defending with {power.name}")
    return power


def ward_roll(
    defender: Combatant,
    dice: DiceSource,
    *,
    settings: KaiserSettings,
    unseen: bool = False,
    against: CombatantId | None = None,
) -> tuple[int, list[Event]]:
    """The power's cost paid, then the Defensive Roll with its Skill (the defender's Situations
    and States apply)."""
    power = next(p for p in sheet_of(defender).powers if p.wards)
    events: list[Event] = [
        *paid(defender.id, power_cost(defender, power), WARDED),
        *cast(defender, power),
        *sacrifices(defender, power),
        *took_action(defender),
    ]
    skill = sheet_of(defender).skills[power.skill]
    parts: list[tuple[str, int]] = [(skill_name(power.skill), skill)]
    parts += situation_parts(defender, settings=settings)
    parts += state_parts(
        defender, settings=settings, unseen=unseen, against=against, skill=power.skill
    )
    rolled = roll_skill_check(dice, sum(v for _, v in parts), final_skill=skill)
    check = f"Defensive Roll ({skill_name(power.skill)}, {power.name})"
    events.append(CheckRolled(defender.id, check, rolled, tuple(parts)))
    return rolled.total, events
