"""Armor ranges against drive: "16-28 ... you will take only 50% of damage with a drive from 16
to 28, ignore all damage with a drive below 16, and take full damage with a drive greater than
28" (SOURCES.md 5.2: the half rounds down)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from fracas.rules.lurasko.errors import LuraskoRuleError


class ArmorBand(Enum):
    """Where a drive falls against an armor range."""

    BELOW = "below"
    WITHIN = "within"
    ABOVE = "above"


@dataclass(frozen=True)
class ArmorRange:
    """An armor's range ``low``–``high``; ``metallic`` armor (steel, adamant) lets electric
    damage through in full within its range."""

    low: int
    high: int
    metallic: bool = False

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise LuraskoRuleError(f"armor range {self.low}-{self.high} runs backwards")

    def band(self, drive: int) -> ArmorBand:
        if drive < self.low:
            return ArmorBand.BELOW
        if drive > self.high:
            return ArmorBand.ABOVE
        return ArmorBand.WITHIN


def through_armor(damage: int, drive: int, armor: ArmorRange | None, *, electric: bool) -> int:
    """The damage that gets through ``armor``: none below its range, half (rounded down) within
    it, all above it. Electric damage within the range of metallic armor "causes full damage
    instead of half"; below the range "is still blocked entirely"."""
    if damage < 0:
        raise LuraskoRuleError(f"damage cannot be negative ({damage})")
    if armor is None:
        return damage
    band = armor.band(drive)
    if band is ArmorBand.BELOW:
        return 0
    if band is ArmorBand.ABOVE or (electric and armor.metallic):
        return damage
    return damage // 2
