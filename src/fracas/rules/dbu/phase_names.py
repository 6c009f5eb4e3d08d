"""The names of what a player puts in order in its Effect and End Phases (see ``phases``).

An item is one of the Effect Phase's mechanical steps (``STEPS``) or an effect that ends, named
as a word: its name in lower case with ``-`` for spaces, and ``-ends`` (``Guard Down`` →
``guard-down-ends``; ``slowed`` is the step, ``slowed-ends`` the condition ending).
"""

from __future__ import annotations

import re

from fracas.engine.state import Combatant

EFFECT_ORDER = "effect_order"
"""Mark: the combatant's standing order of its Effect and End Phase items, comma-separated."""

PHASE_WAITS = "phase_waits"
"""Mark: the combatant's Effect Phase (``effect``) or End Phase (``end``) waits for it to
order what occurs at once."""

AUTO = "auto"
"""The word that answers a waiting phase with the standing order, then the default one."""

STEPS = {
    "slowed": "Slowed takes an Action per stack",
    "counters": "converted Counter Actions are lost (an ending effect)",
    "advantage": "Initiative Advantage adds its Actions",
    "grapple": "the Grapple Check, the Energy Restraint escape, Pinned's single Action",
}
DEFAULT_ORDER = ("slowed", "counters", "advantage", "grapple")

_WORD = re.compile(r"[a-z0-9][a-z0-9-]*")


def item_name(effect_name: str) -> str:
    """How an ending effect is named in an order: ``Guard Down`` → ``guard-down-ends``."""
    return "-".join([*effect_name.lower().split(), "ends"])


def effect_order(text: str) -> tuple[str, ...]:
    """``advantage,guard-down-ends`` → the items named, each once; for the command language."""
    names = tuple(dict.fromkeys("-".join(part.lower().split()) for part in text.split(",")))
    bad = [name for name in names if not _WORD.fullmatch(name)]
    if bad or not names:
        raise ValueError(
            f"{text!r}: name the items in order, comma-separated ({', '.join(STEPS)}, an ending"
            f" effect such as guard-down-ends, or {AUTO})"
        )
    return names


def standing_order(combatant: Combatant) -> tuple[str, ...]:
    """The order the combatant chose ahead (``phases`` outside its phases), kept until changed."""
    value = combatant.marks.get(EFFECT_ORDER)
    return effect_order(value) if isinstance(value, str) and value else ()


def decided(
    due: tuple[str, ...], named: tuple[str, ...], standing: tuple[str, ...]
) -> tuple[str, ...]:
    """The order ``due`` items occur in: those ``named`` now, then those of the standing order,
    then the rest in their default order (``due`` is given in it)."""
    first = [name for name in (*named, *standing) if name in due]
    return tuple(dict.fromkeys([*first, *due]))


def undecided(due: tuple[str, ...], standing: tuple[str, ...]) -> tuple[str, ...]:
    """The due items the standing order leaves unplaced. The order is the player's to pick now
    when two or more are."""
    return tuple(name for name in due if name not in standing)
