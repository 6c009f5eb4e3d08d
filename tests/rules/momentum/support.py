"""Shared test values: the default settings and a sheet builder."""

from __future__ import annotations

from typing import Any

from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.sheet import Sheet

SETTINGS = MomentumSettings()

AVERAGE_STATS = {
    "strength": 10,
    "dexterity": 10,
    "constitution": 10,
    "intelligence": 10,
    "charisma": 10,
    "instinct": 10,
    "will": 10,
}


def make_sheet(*, stats: dict[str, int] | None = None, **fields: Any) -> Sheet:
    """A valid sheet of an average Medium creature, with ``stats`` and ``fields`` changed."""
    data: dict[str, Any] = {
        "name": "Test Creature",
        "stats": {**AVERAGE_STATS, **(stats or {})},
        "evasion_stat": "dexterity",
        "primary_stat": "strength",
        "secondary_stat": "dexterity",
        "vitality": 20,
    }
    return Sheet.model_validate({**data, **fields})
