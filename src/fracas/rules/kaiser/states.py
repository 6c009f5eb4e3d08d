"""States on a combatant and what they do to its rolls.

Seed: "Any bonus or penalty that comes from a Maneuver, Situation, or State are added together,
unless explicitly stated otherwise like with Blind and Surprised." States are effects of these
names, put on by the game master (``effect NAME TARGET``) or by powers.
"""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet
from fracas.engine.memo import per_object
from fracas.engine.state import Combatant
from fracas.rules.kaiser import stacking
from fracas.rules.kaiser.queries import action_penalty, sheet_of
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power, Sheet
from fracas.rules.kaiser.stacking import power_skill_modifier
from fracas.rules.kaiser.vocabulary import Characteristic

FULLY_RESTRAINED = "Fully Restrained"
BLIND = "Blind"
SURPRISED = "Surprised"

Parts = list[tuple[str, int]]


SKILL_PREFIX = "skill:"
"""Effect data: ``skill:<name>`` is a bonus (or, negative, a penalty) a power gives that Skill."""


def skill_key(skill: str) -> str:
    return SKILL_PREFIX + skill


def power_skill_bonus(combatant: Combatant, skill: str) -> int:
    """The bonuses and penalties powers give ``skill``, stacked: the highest, half the second,
    a third of the third … (``stacking.power_skill_modifier``)."""
    values = [
        value
        for effect in combatant.effects
        if isinstance(value := effect.data.get(skill_key(skill)), int)
    ]
    return power_skill_modifier([v for v in values if v > 0], [-v for v in values if v < 0])


CHARACTERISTIC_PREFIX = "characteristic:"
SACRIFICED_PREFIX = "sacrificed:"
"""Effect data ``characteristic:<name>``: a power's bonus (negative: penalty) to it. Mark
``sacrificed:<name>``: the points of it sacrificed so far."""


def characteristic_key(characteristic: Characteristic) -> str:
    return CHARACTERISTIC_PREFIX + characteristic.value


def characteristic_of(combatant: Combatant, characteristic: Characteristic) -> int:
    """The Characteristic's value now: the base less the points sacrificed, then the greatest
    bonus and the worst penalty of the powers on the combatant (``stacking.characteristic``)."""
    base = sheet_of(combatant).characteristics.get(characteristic, 0)
    lost = combatant.marks.get(SACRIFICED_PREFIX + characteristic.value)
    values = [
        value
        for effect in combatant.effects
        if isinstance(value := effect.data.get(characteristic_key(characteristic)), int)
    ]
    return stacking.characteristic(
        base,
        lost if isinstance(lost, int) else 0,
        [v for v in values if v > 0],
        [-v for v in values if v < 0],
    )


def sacrifices(combatant: Combatant, power: Power) -> list[Event]:
    """Using a power that sacrifices Characteristic points lowers the base for good."""
    events: list[Event] = []
    for characteristic, points in power.sacrifice.items():
        key = SACRIFICED_PREFIX + characteristic.value
        before = combatant.marks.get(key)
        events.append(
            MarkSet(combatant.id, key, (before if isinstance(before, int) else 0) + points)
        )
    return events


@per_object
def armor_penalty(sheet: Sheet) -> int:
    """Seed (Layer Armor): "No matter if you are benefitting from a layer of armor or not,
    while you are wearing it, you are subject to any penalties it applies. Your Wear Armor
    Skill can reduce these penalties." Every worn layer's penalty, less Wear Armor, never below
    0 (applied here to every Offensive and Defensive Roll: a reading chosen here)."""
    return max(0, sum(layer.penalty for layer in sheet.armor) - sheet.skills.wear_armor)


def situation_parts(combatant: Combatant, *, settings: KaiserSettings) -> Parts:
    """The modifiers the Situations ``combatant`` is in give its Defensive Rolls (the setting
    ``situations``); they add up, like States."""
    return [
        (effect.name, settings.situations[effect.name])
        for effect in combatant.effects
        if effect.name in settings.situations
    ]


def state_parts(
    combatant: Combatant,
    *,
    settings: KaiserSettings,
    unseen: bool = False,
    against: CombatantId | None = None,
    skill: str | None = None,
) -> Parts:
    """The State modifiers of one roll of ``combatant``'s: a Critical's pain and Fully
    Restrained add up; Blind (the State, or an Effect power it cannot see: ``unseen``) and
    Surprised do not stack with each other, the worst applies. A Surprised State from an
    opponent's Initiative counts only in checks ``against`` that opponent."""
    parts: Parts = []
    if not combatant.effects:  # most rolls: no power, Critical or State, so only these two
        if settings.armor_penalty_on_rolls and (worn := armor_penalty(sheet_of(combatant))):
            parts.append(("armor", -worn))
        if unseen:
            parts.append((BLIND, -settings.blind_penalty))
        return parts
    if skill is not None and (from_powers := power_skill_bonus(combatant, skill)):
        parts.append(("powers", from_powers))
    if settings.armor_penalty_on_rolls and (worn := armor_penalty(sheet_of(combatant))):
        parts.append(("armor", -worn))
    if penalty := action_penalty(combatant):
        parts.append(("Critical", -penalty))
    if combatant.has(FULLY_RESTRAINED):
        parts.append((FULLY_RESTRAINED, -settings.fully_restrained_penalty))
    exclusive: Parts = []
    if combatant.has(BLIND) or unseen:
        exclusive.append((BLIND, -settings.blind_penalty))
    if any(
        e.name == SURPRISED and (e.source is None or e.source == against) for e in combatant.effects
    ):
        exclusive.append((SURPRISED, -settings.surprised_penalty))
    if exclusive:
        parts.append(min(exclusive, key=lambda part: part[1]))
    return parts
