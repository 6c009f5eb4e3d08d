"""The named steps of the Effect Phase a player puts in order (see ``phases``)."""

from __future__ import annotations

from fracas.engine.state import Combatant

EFFECT_ORDER = "effect_order"
"""Mark: the combatant's chosen order of its start-of-turn steps, comma-separated."""

STEPS = {
    "slowed": "Slowed takes an Action per stack",
    "counters": "converted Counter Actions are lost (an ending effect)",
    "advantage": "Initiative Advantage adds its Actions",
    "grapple": "the Grapple Check, the Energy Restraint escape, Pinned's single Action",
}
DEFAULT_ORDER = ("slowed", "counters", "advantage", "grapple")


def effect_order(text: str) -> tuple[str, ...]:
    """``advantage,slowed`` → the steps named, each once; for the command language."""
    names = tuple(dict.fromkeys(part.strip().lower() for part in text.split(",")))
    unknown = [name for name in names if name not in STEPS]
    if unknown or not names:
        raise ValueError(f"{text!r}: name the steps in order, from {', '.join(STEPS)}")
    return names


def chosen_order(combatant: Combatant) -> tuple[str, ...]:
    """The combatant's order: the steps it named first, then the rest in the default order."""
    value = combatant.marks.get(EFFECT_ORDER)
    named = effect_order(value) if isinstance(value, str) else ()
    return (*named, *(step for step in DEFAULT_ORDER if step not in named))
