"""What a narrator is given and gives back, and the helpers narrators share.

A narrator is called with the event and a ``Scene``: the state just before the event, the state
after it, the action of the step and the audience. It returns a line, several lines, or None
for an event that deliberately says nothing (the dice stream's counter): ``Told``. Names go
through ``scene.name`` so that a player's transcript never names a hidden combatant.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fracas.app.audience import GM, Audience
from fracas.app.durations import (
    Lasting,
    LastingTells,
    lasts,
    until,
    untold,
)
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import (
    Event,
)
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState

MINUS = "\u2212"

Told = str | Sequence[str] | None
"""What a narrator returns: one line, several, or None to say nothing on purpose."""

EventNarrator = Callable[[Any, "Scene"], Told]
"""Tells one kind of event: ``(event, scene) -> line(s) or None``."""


@dataclass(frozen=True)
class Scene:
    """What a narrator may look at: the states around the event, the step's action, the audience."""

    state: EncounterState
    """The state just before the event."""
    after: EncounterState
    """The state just after the event."""
    action: Action | None = None
    audience: Audience = GM
    ruleset: Ruleset | None = None
    """The encounter's ruleset, when the narrator was given one (not only its class)."""
    lasting: Lasting | None = None
    """The ruleset's words for how long its unanchored effects last (``narrators.<slug>``)."""
    tells: LastingTells | None = None
    """The parameters those words tell (``narrators.<slug>.lasting_tells``)."""

    def combatant(self, combatant: CombatantId) -> Combatant | None:
        """The combatant as it is after the event, or before it when it has left."""
        return self.after.combatants.get(combatant) or self.state.combatants.get(combatant)

    def visible(self, combatant: CombatantId) -> bool:
        """Whether the audience may see ``combatant`` (a reveal counts from its own event)."""
        found = self.combatant(combatant)
        return found is None or self.audience.sees(found)

    def name(self, combatant: CombatantId | None) -> str:
        """A combatant's display name (``the game master`` for None, ``someone`` if unseen)."""
        if combatant is None:
            return "the game master"
        found = self.combatant(combatant)
        if found is None:
            return str(combatant)
        return found.name if self.audience.sees(found) else "someone"

    def names(self, combatants: Iterable[CombatantId]) -> list[str]:
        """The display names of those of ``combatants`` the audience may see."""
        return [self.name(c) for c in combatants if self.visible(c)]

    def takes_turn(self, combatant: CombatantId) -> bool:
        """Whether ``combatant`` takes its turn after the event (``Ruleset.takes_turn``)."""
        found = self.after.combatants.get(combatant)
        if found is None:
            return False
        return self.ruleset is None or self.ruleset.takes_turn(self.after, found)

    def shows_pools(self, combatant: CombatantId) -> bool:
        """Whether the audience may see ``combatant``'s pool values."""
        found = self.combatant(combatant)
        return found is None or self.audience.sees_pools(found)

    def until(self, anchor: Anchor | None) -> str:
        """An effect's end in words, as seen from this moment."""
        return until(anchor, self.state, self._namer)

    def lasts(self, effect: Effect) -> str:
        """How long ``effect`` lasts, in words, as seen from this moment (``lasts``)."""
        return lasts(effect, self.state, self._namer, self.lasting)

    def parameters(self, effect: Effect) -> list[tuple[str, object]]:
        """``effect``'s parameters but those ``lasts`` tells in words (``untold``)."""
        return untold(effect, self.tells)

    def _namer(self, combatant: CombatantId) -> str | None:
        return self.name(combatant) if self.visible(combatant) else None


# --- helpers narrators share ---------------------------------------------------------------


def signed(amount: int) -> str:
    """``+3``, ``0``, and a true minus sign (U+2212) before a negative amount."""
    if amount < 0:
        return f"{MINUS}{-amount}"
    return f"+{amount}" if amount > 0 else "0"


def joined(names: Sequence[str]) -> str:
    """``Ada``, ``Ada and Bo``, ``Ada, Bo and Cy``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def render_value(value: object, scene: Scene | None = None) -> str:
    """A field value as text: dice results rendered, yes/no, enums by value, names for ids."""
    render = getattr(value, "render", None)
    if callable(render):
        return str(render())
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Combatant):
        return scene.name(value.id) if scene else value.name
    if isinstance(value, Effect):
        return value.name
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={render_value(v, scene)}" for k, v in value.items())
    if isinstance(value, tuple | list):
        return ", ".join(render_value(v, scene) for v in value)
    if value is None:
        return "none"
    return str(value)


def generic(event: Event, scene: Scene) -> str:
    """``EventName: field=value, …``, names for combatant ids: the fallback for any event."""
    naming = _combatant_fields(type(event))
    parts: list[str] = []
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        shown = _names_of(value, scene) if f.name in naming else render_value(value, scene)
        parts.append(f"{f.name}={shown}")
    name = type(event).__name__
    return f"{name}: {', '.join(parts)}" if parts else name


def _names_of(value: object, scene: Scene) -> str:
    if isinstance(value, Combatant):
        return scene.name(value.id)
    if isinstance(value, tuple):
        return ", ".join(_names_of(v, scene) for v in value)
    if value is None:
        return "none"
    return scene.name(CombatantId(str(value)))


@functools.cache
def _combatant_fields(kind: type[Event]) -> frozenset[str]:
    """The fields of an event class that hold combatants (ids, optional ids, tuples, Combatant)."""
    try:
        hints = typing.get_type_hints(kind)
    except Exception:  # an annotation that does not resolve: treat the fields as plain values
        return frozenset()
    naming = {
        CombatantId,
        CombatantId | None,
        tuple[CombatantId, ...],
        Combatant,
        Combatant | None,
    }
    return frozenset(f.name for f in dataclasses.fields(kind) if hints.get(f.name) in naming)


def mentioned(event: Event) -> tuple[CombatantId, ...]:
    """Every combatant an event names in its fields."""
    found: list[CombatantId] = []
    for name in sorted(_combatant_fields(type(event))):
        value = getattr(event, name)
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, Combatant):
                found.append(item.id)
            elif isinstance(item, str):
                found.append(CombatantId(item))
    return tuple(found)
