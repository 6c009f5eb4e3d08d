"""What the rules read of a sheet's weapons at every strike, worked out once per sheet.

A sheet is frozen, so its weapons by the names a strike gives never change; ``weapons_by_name``
keeps them by the sheet's identity (``fracas.engine.memo``), as ``queries`` keeps the pool whose
loss downs its bearer and the pools that take damage, and the tactics its weapons best first.
"""

from __future__ import annotations

from fracas.engine.memo import per_object
from fracas.rules.kingsdale.sheet import Sheet, Weapon


@per_object
def weapons_by_name(sheet: Sheet) -> dict[str | None, Weapon]:
    """``sheet.weapon(name)`` for each weapon's own name, and for None (the first weapon): the
    names a strike the tactics or a saved log give. Any other name (a prefix typed at the
    table) is for ``Sheet.weapon`` to find."""
    found = {name: sheet.weapon(name) for name in (None, *(w.name for w in sheet.weapons))}
    return {name: weapon for name, weapon in found.items() if weapon is not None}
