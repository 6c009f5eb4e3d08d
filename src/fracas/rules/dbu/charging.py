"""Energy Charge: charges held for a declared attack, and what charging forbids.

"When you first use this Maneuver, you must declare the intended Attacking Maneuver you are
charging for. Your selected attack will cost an additional +2(T) Ki Points for each Energy Charge
Maneuver you have completed … Each Energy Charge increases the Wound Roll of your selected
Attacking Maneuver by +1d6(T). After you declare that you are using the Energy Charge Maneuver,
you can only use your Actions to continue charging the attack or launch the declared attack."
"""

from __future__ import annotations

from fracas.dice import Expression, dice
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectEnded, Event
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, Effect, EncounterState
from fracas.rules.dbu.queries import GUARD_DOWN, sheet_of
from fracas.rules.dbu.vocabulary import Attribute, Foundation

CHARGING = "Energy Charge"
"""Effect: the charges held (data ``charges``) for the declared attack (``foundation``,
``profile``)."""

FROM_CHARGE = "energy_charge"
"""Effect data on the Guard Down a charge causes, so launching the attack ends that one only."""


def charge_of(combatant: Combatant) -> Effect | None:
    return combatant.effect(CHARGING) if combatant.effects else None  # asked very often


def charges_held(combatant: Combatant) -> int:
    effect = charge_of(combatant)
    count = effect.data.get("charges") if effect is not None else None
    return count if isinstance(count, int) else 0


def max_charges(combatant: Combatant, foundation: Foundation) -> int:
    """'you can only gain Energy Charge Maneuver for a number of actions equal to 1/2 of your
    Force Modifier (Physical/Energy) or Spirit Modifier (Magical)'."""
    attribute = Attribute.SPIRIT if foundation is Foundation.MAGIC else Attribute.FORCE
    return sheet_of(combatant).modifiers[attribute] // 2


def declared(combatant: Combatant, foundation: Foundation, profile: str) -> bool:
    """Whether an attack of ``foundation`` and ``profile`` is the one being charged."""
    effect = charge_of(combatant)
    return (
        effect is not None
        and effect.data.get("foundation") == foundation.value
        and effect.data.get("profile") == profile
    )


def charge_dice(charges: int, tier: int) -> Expression | None:
    """'+1d6(T)' to the Wound Roll for each charge."""
    return dice(charges * tier, 6) if charges else None


def require_not_charging(state: EncounterState, actor: CombatantId, verb: str) -> None:
    """Refuse an Action spent on anything but charging or the declared attack."""
    if charge_of(state[actor]) is not None:
        raise IllegalAction(
            "charging",
            f"{verb}: while charging, Actions only continue the charge or launch the declared"
            " attack (discharge to stop)",
        )


def charge_ends(combatant: Combatant, reason: str) -> list[Event]:
    """The charge and the Guard Down it caused end."""
    return [
        EffectEnded(combatant.id, effect.id, reason)
        for effect in combatant.effects
        if effect.name == CHARGING or (effect.name == GUARD_DOWN and effect.data.get(FROM_CHARGE))
    ]
