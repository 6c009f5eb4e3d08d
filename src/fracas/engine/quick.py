"""The game master's quick edits: deal damage to a combatant or heal it, directly.

No roll to hit and no defences: what taking (or healing) that much damage means is the
ruleset's (``Ruleset.harm`` and ``Ruleset.heal``), so its thresholds have their usual
consequences. Like every override, an action: verified, logged, undoable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import ClassVar

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import Event
from fracas.engine.frozen import frozen
from fracas.engine.gm import GmRule
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState

MOST = 100_000
"""The largest amount one quick edit deals or heals: anything more is a typing slip."""

_TYPE = {
    "flag": "type",
    "help": "the kind of damage (the ruleset's own words)",
    "offered_by": "target",  # the ruleset's kinds, the same for every sheet (app.catalogue)
}


@frozen
class DealDamage(Action):
    """Deal N damage to a combatant directly: no roll, no defences."""

    verb: ClassVar[str] = "damage"
    game_master: ClassVar[bool] = True
    target: CombatantId
    amount: int = field(metadata={"help": "how much damage"})
    kind: str | None = field(default=None, metadata=_TYPE)


@frozen
class Heal(Action):
    """Heal N damage of a combatant, never above its maximum."""

    verb: ClassVar[str] = "heal"
    game_master: ClassVar[bool] = True
    target: CombatantId
    amount: int = field(metadata={"help": "how much to heal"})
    kind: str | None = field(
        default=None,
        metadata={
            "flag": "type",
            "help": "what to heal first (the ruleset's words)",
            "offered_by": "target",
        },
    )


def _amount(verb: str, amount: int) -> None:
    if amount <= 0:
        raise IllegalAction("bad-amount", f"{verb}: the amount must be 1 or more, not {amount}")
    if amount > MOST:
        raise IllegalAction("bad-amount", f"{verb}: {amount} is more than {MOST:,}")


def _kind(verb: str, typed: str | None, kinds: Sequence[str], what: str) -> str | None:
    """The ruleset's word for ``typed`` (any case), None when none was typed."""
    if typed is None:
        return None
    for kind in kinds:
        if kind.lower() == typed.lower():
            return kind
    if not kinds:
        raise IllegalAction("bad-type", f"{verb}: this rule system has no {what}")
    raise IllegalAction("bad-type", f"{verb} -type: no type {typed!r} (one of {', '.join(kinds)})")


class DealDamageRule(GmRule[DealDamage]):
    def verify(self, state: EncounterState, action: DealDamage) -> None:
        super().verify(state, action)
        _amount(action.verb, action.amount)
        _kind(action.verb, action.kind, self.ruleset.damage_kinds, "types of damage")

    def resolve(
        self, state: EncounterState, action: DealDamage, dice: DiceSource
    ) -> Sequence[Event]:
        kind = _kind(action.verb, action.kind, self.ruleset.damage_kinds, "types of damage")
        return self.ruleset.harm(state, action.target, action.amount, kind, dice)


class HealRule(GmRule[Heal]):
    def verify(self, state: EncounterState, action: Heal) -> None:
        super().verify(state, action)
        _amount(action.verb, action.amount)
        self._healing(state, action)

    def resolve(self, state: EncounterState, action: Heal, dice: DiceSource) -> Sequence[Event]:
        return self._healing(state, action)

    def _healing(self, state: EncounterState, action: Heal) -> Sequence[Event]:
        """The ruleset's healing, which refuses what cannot be healed: checked by running it
        (it is pure and rolls nothing)."""
        kind = _kind(action.verb, action.kind, self.ruleset.heal_kinds, "types of healing")
        return self.ruleset.heal(state, action.target, action.amount, kind)
