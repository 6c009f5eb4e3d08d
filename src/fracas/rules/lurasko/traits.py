"""What a sheet says that the rules read at every attack and every turn, worked out once per
sheet object.

A sheet is a frozen model that a combatant keeps for the whole fight, so what follows from it
alone (its weapons by name, its armor range, resistances and shielding sources, the pools that
fade, its injury factor) is the same every time it is asked. ``traits_of`` keeps it by the
sheet's identity (``fracas.engine.memo``).
"""

from __future__ import annotations

from fracas.engine.memo import per_object
from fracas.rules.lurasko.armor import ArmorRange
from fracas.rules.lurasko.damage import Resistance
from fracas.rules.lurasko.injury import adjusted_weight, injury_factor
from fracas.rules.lurasko.sheet import Sheet, Weapon
from fracas.rules.lurasko.shielding import ShieldSource


class Traits:
    """What the rules read of one sheet, worked out from it once."""

    __slots__ = ("armor", "factors", "fading", "resistances", "sheet", "shields", "weapons")

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.weapons: dict[str, Weapon] = {w.name: w for w in sheet.weapons}
        """The weapons by their exact names (``queries.chosen`` finds any other spelling)."""
        self.armor: ArmorRange | None = sheet.armor.range() if sheet.armor else None
        self.resistances: tuple[Resistance, ...] = tuple(r.rule() for r in sheet.resistances)
        self.shields: tuple[ShieldSource, ...] = tuple(s.source() for s in sheet.shields)
        self.fading: tuple[str, ...] = tuple(
            sorted({s.pool_name for s in (*sheet.shields, *sheet.pseudogravity) if s.fades})
        )
        """The pools of the sources whose unused points fade at the end of the owner's turn."""
        self.factors: dict[int, int] = {}
        """The injury factor by the settings' minimum."""

    def factor(self, minimum: int) -> int:
        """The sheet's injury factor: its own, else bCON x (A)WGT / 5, at least ``minimum``."""
        factor = self.factors.get(minimum)
        if factor is None:
            sheet = self.sheet
            if sheet.injury_factor is not None:
                factor = sheet.injury_factor
            else:
                weight = adjusted_weight(sheet.wgt) if sheet.large else sheet.wgt
                factor = injury_factor(sheet.bcon, weight, minimum=minimum)
            self.factors[minimum] = factor
        return factor


@per_object
def traits_of(sheet: Sheet) -> Traits:
    """The traits of ``sheet``, worked out the first time this very object is asked about."""
    return Traits(sheet)
