"""What the rules and the tactics read of a sheet at every step, worked out once per sheet.

A sheet is frozen, so what follows from it alone never changes: its weapons by the names a
strike gives, the pool whose loss downs its bearer and the pools that take damage
(``queries``), its weapons best first (the tactics). ``PerSheet`` keeps these by the sheet's
identity: the sheet is kept alongside its answer, so no other object takes its id meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from fracas.engine.state import Combatant
from fracas.rules.kingsdale.sheet import Sheet, Weapon

T = TypeVar("T")

KEPT = 1024
"""Sheets whose answers one ``PerSheet`` keeps at most; all are forgotten when more come."""


class PerSheet(Generic[T]):
    """``work`` done once for each sheet, asked of the sheet or of a combatant bearing it."""

    def __init__(self, work: Callable[[Sheet], T]) -> None:
        self.work = work
        self.known: dict[int, tuple[Sheet, T]] = {}
        self.__doc__ = work.__doc__

    def __call__(self, sheet: Sheet) -> T:
        hit = self.known.get(id(sheet))
        if hit is not None:
            return hit[1]
        if len(self.known) >= KEPT:
            self.known.clear()
        answer = self.work(sheet)
        self.known[id(sheet)] = (sheet, answer)
        return answer

    def of(self, combatant: Combatant) -> T:
        """The answer for the combatant's sheet (a kingsdale sheet)."""
        hit = self.known.get(id(combatant.sheet))  # one call where ``sheet_of`` would add one
        if hit is not None:
            return hit[1]
        sheet = combatant.sheet
        assert isinstance(sheet, Sheet)
        return self(sheet)


def per_sheet(work: Callable[[Sheet], T]) -> PerSheet[T]:
    """``work`` done once for each sheet (by identity) and kept."""
    return PerSheet(work)


@per_sheet
def weapons_by_name(sheet: Sheet) -> dict[str | None, Weapon]:
    """``sheet.weapon(name)`` for each weapon's own name, and for None (the first weapon): the
    names a strike the tactics or a saved log give. Any other name (a prefix typed at the
    table) is for ``Sheet.weapon`` to find."""
    found = {name: sheet.weapon(name) for name in (None, *(w.name for w in sheet.weapons))}
    return {name: weapon for name, weapon in found.items() if weapon is not None}
