"""What a sheet says that the rules read at every attack and every turn, worked out once per
sheet object.

A sheet is a frozen model that a combatant keeps for the whole fight, so what follows from it
alone (its weapons by name, its armor range, resistances and shielding sources, the pools that
fade, its injury factor, the account of a hit its armor and resistances alone meet) is the same
every time it is asked. ``traits_of`` keeps it by the sheet's identity (``fracas.engine.memo``).
"""

from __future__ import annotations

from fracas.engine.memo import per_object
from fracas.rules.lurasko.armor import ArmorRange
from fracas.rules.lurasko.damage import DamageAccount, Defences, Portion, Resistance, resolve_damage
from fracas.rules.lurasko.injury import adjusted_weight, injury_factor
from fracas.rules.lurasko.sheet import Sheet, Weapon
from fracas.rules.lurasko.shielding import ShieldSource
from fracas.rules.lurasko.vocabulary import Precision

ACCOUNTS_AT_MOST = 256
"""How many accounts one sheet's traits keep before they start afresh."""

PortionKey = tuple[str, int, int, str | None]
"""A portion's kind (its value: hashing an enum member is a Python call), damage, drive and
material."""


class Traits:
    """What the rules read of one sheet, worked out from it once."""

    __slots__ = (
        "accounts",
        "armor",
        "early_shields",
        "factors",
        "fading",
        "high_shielded",
        "resistances",
        "sheet",
        "shields",
        "unshielded",
        "upkeep",
        "weapons",
    )

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
        self.upkeep = bool(sheet.auras or self.fading)
        """Whether the end of the owner's turn may ask anything of it: auras to maintain, or
        points that fade (``upkeep``)."""
        self.factors: dict[int, int] = {}
        """The injury factor by the settings' minimum."""
        self.early_shields = tuple(s for s in self.shields if s.precision.before_defense)
        """The low- and medium-precision sources, which act before the defense roll."""
        self.high_shielded = any(s.precision is Precision.HIGH for s in self.shields)
        """Whether any shielding acts after the defense roll (and so on the account)."""
        self.unshielded = Defences(self.armor, self.resistances)
        """The defences without shielding: all a hit meets when ``high_shielded`` is False."""
        self.accounts: dict[tuple[PortionKey, ...], DamageAccount] = {}
        """``unshielded_account``'s answers, by the portions' kinds, damage, drives and
        materials."""

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

    def unshielded_account(self, called: tuple[Portion, ...]) -> DamageAccount:
        """The account of ``called`` through this sheet's armor range and resistances alone
        (``resolve_damage`` with no shielding), worked out once for each hit alike: an attack's
        damage takes few values, the account is immutable, and the portions are told apart by
        their fields alone (an equal portion is the same portion to every rule)."""
        key = tuple([(p.kind._value_, p.damage, p.drive, p.material) for p in called])
        account = self.accounts.get(key)
        if account is None:
            account, _ = resolve_damage(called, self.unshielded)
            if len(self.accounts) >= ACCOUNTS_AT_MOST:
                self.accounts.clear()
            self.accounts[key] = account
        return account


@per_object
def traits_of(sheet: Sheet) -> Traits:
    """The traits of ``sheet``, worked out the first time this very object is asked about."""
    return Traits(sheet)
