"""The few numbers of an entry a listing shows, chosen per ruleset from its sheet.

Which fields say most about a stat block differs by game (Vitality and armor for the d20
system, LP and the attack skill for Kaiser), so each ruleset's are named here, by sheet field.
A ruleset not named here shows the pools that never refill (its health), as the analysis tools
count damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fracas.engine.state import Reset
from fracas.library.entry import Entry
from fracas.library.loading import find

KEY_FIELDS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "dbu": (
        ("Tier", "tier"),
        ("LP", "life_points"),
        ("KP", "ki_points"),
        ("Speed", "normal_speed"),
    ),
    "kaiser": (
        ("LP", "life_points"),
        ("Init", "initiative"),
        ("Attack", "skills.attack"),
        ("Mana", "mana"),
    ),
    "kingsdale": (("HP", "hp"), ("SDC", "sdc"), ("Attacks", "attacks"), ("Strike", "strike")),
    "lurasko": (("TN", "tn"), ("BCON", "bcon"), ("WGT", "wgt"), ("Init", "initiative")),
    "momentum": (("Vitality", "vitality"), ("Armor", "armor"), ("NM", "narrative_momentum")),
}
"""Label and dotted sheet field of the numbers shown, per ruleset slug."""


def key_numbers(entry: Entry) -> dict[str, Any]:
    """The entry's key numbers, label → value, in the order its ruleset's are named."""
    fields = KEY_FIELDS.get(entry.ruleset)
    if fields is None:
        ruleset = find(entry.ruleset)()
        pools = ruleset.pools(entry.sheet)
        return {name: pool.maximum for name, pool in pools.items() if pool.reset is Reset.NEVER}
    data = entry.sheet.model_dump(mode="json")
    return {label: _dig(data, path) for label, path in fields}


def _dig(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data
