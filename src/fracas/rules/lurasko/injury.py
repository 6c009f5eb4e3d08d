"""Injury factor and degrees of injury (SOURCES.md 5.1, injury.html).

"Injury factor = bCON x WGT / 5, minimum 2"; damage accumulates, and each time the running total
meets or passes a multiple of the injury factor the character gains a degree of injury. "If your
damage crosses any multiples of your injury factor, all degrees of injury will be of that type."
"""

from __future__ import annotations

from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.vocabulary import InjuryType


def adjusted_weight(wgt: int) -> int:
    """AWGT, the weight large creatures use: WGT up to 20 counts in full, 21–50 at 50 %, above
    50 at 25 %, rounded down at the end (a horse's 50 → 35, a T-rex's 600 → 172)."""
    if wgt < 0:
        raise LuraskoRuleError(f"WGT cannot be negative ({wgt})")
    quarters = 4 * min(wgt, 20) + 2 * max(min(wgt, 50) - 20, 0) + max(wgt - 50, 0)
    return quarters // 4


def injury_factor(bcon: int, wgt: int, *, minimum: int = 2) -> int:
    """bCON x WGT / 5, rounded down, at least ``minimum``."""
    if bcon < 0 or wgt < 0:
        raise LuraskoRuleError("bCON and WGT cannot be negative")
    return max(minimum, bcon * wgt // 5)


def degrees_crossed(before: int, taken: int, factor: int) -> int:
    """How many multiples of ``factor`` the running damage meets or passes going from
    ``before`` to ``before + taken``: "factor 5, damage 0 → 12 passes 5 and 10, so 2"."""
    if factor < 1:
        raise LuraskoRuleError(f"an injury factor must be at least 1 ({factor})")
    if before < 0 or taken < 0:
        raise LuraskoRuleError("damage cannot be negative")
    return (before + taken) // factor - before // factor


def energy_degrees(energy_taken: int, factor: int) -> int:
    """Degrees due to the energy portion: "divide the energy damage by injury factor to determine
    how many degrees of injury were due to the energy portion"."""
    if factor < 1:
        raise LuraskoRuleError(f"an injury factor must be at least 1 ({factor})")
    return max(energy_taken, 0) // factor


InjuryTable = tuple[tuple[int, InjuryType], ...]
"""An injury-type table: (highest d20 face, type) bands in rising order, the last ending at 20."""

MELEE_TABLE: InjuryTable = (
    (6, InjuryType.SUPERFICIAL),
    (10, InjuryType.CORE),
    (14, InjuryType.HAND_ARM),
    (17, InjuryType.MOBILITY),
    (20, InjuryType.PERCEPTION),
)
RANGED_TABLE: InjuryTable = (
    (6, InjuryType.SUPERFICIAL),
    (10, InjuryType.CORE),
    (14, InjuryType.MOBILITY),
    (17, InjuryType.HAND_ARM),
    (20, InjuryType.PERCEPTION),
)
"""SOURCES.md 5.1's default d20 injury-type tables: the highest face of each band."""


def injury_type(face: int, *, ranged: bool, table: InjuryTable | None = None) -> InjuryType:
    """The injury type a d20 ``face`` gives on ``table`` (default: SOURCES.md 5.1's melee or
    ranged table)."""
    if not 1 <= face <= 20:
        raise LuraskoRuleError(f"a d20 shows 1 to 20, not {face}")
    bands = table if table is not None else RANGED_TABLE if ranged else MELEE_TABLE
    return next(kind for top, kind in bands if face <= top)
