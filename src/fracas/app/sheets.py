"""A combatant's sheet as lines a player reads (``sheet``, MUSH ``+sheet/b``).

The full sheet is its YAML, exactly as a stat block would be written; the brief one keeps the
top-level numbers and words (bonuses, speed, armour) and leaves out lists and nested blocks.
"""

from __future__ import annotations

from typing import Any

import yaml

from fracas.engine.state import Combatant


def sheet_lines(combatant: Combatant, *, brief: bool = False) -> tuple[str, ...]:
    """``combatant``'s sheet under a ``Name (side)`` heading, brief or whole."""
    data: dict[str, Any] = combatant.sheet.model_dump(mode="json")
    if brief:
        data = {key: value for key, value in data.items() if not isinstance(value, dict | list)}
    heading = f"{combatant.name} ({combatant.side})"
    if not data:
        return (heading, "  (nothing to show)")
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)
    return (heading, *(f"  {line}" for line in text.splitlines()))
