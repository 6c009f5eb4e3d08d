"""States on a combatant and what they do to its rolls.

Seed: "Any bonus or penalty that comes from a Maneuver, Situation, or State are added together,
unless explicitly stated otherwise like with Blind and Surprised." States are effects of these
names, put on by the game master (``effect NAME TARGET``) or by powers.
"""

from __future__ import annotations

from fracas.engine.state import Combatant
from fracas.rules.kaiser.queries import action_penalty
from fracas.rules.kaiser.settings import KaiserSettings

FULLY_RESTRAINED = "Fully Restrained"
BLIND = "Blind"
SURPRISED = "Surprised"

Parts = list[tuple[str, int]]


def state_parts(combatant: Combatant, *, settings: KaiserSettings, unseen: bool = False) -> Parts:
    """The State modifiers of one roll of ``combatant``'s: a Critical's pain and Fully
    Restrained add up; Blind (the State, or an Effect power it cannot see: ``unseen``) and
    Surprised do not stack with each other, the worst applies."""
    parts: Parts = []
    if penalty := action_penalty(combatant):
        parts.append(("Critical", -penalty))
    if combatant.has(FULLY_RESTRAINED):
        parts.append((FULLY_RESTRAINED, -settings.fully_restrained_penalty))
    exclusive: Parts = []
    if combatant.has(BLIND) or unseen:
        exclusive.append((BLIND, -settings.blind_penalty))
    if combatant.has(SURPRISED):
        exclusive.append((SURPRISED, -settings.surprised_penalty))
    if exclusive:
        parts.append(min(exclusive, key=lambda part: part[1]))
    return parts
