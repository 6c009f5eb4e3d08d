"""Stat blocks and settings: bad input names what is wrong."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Sheet
from tests.rules.lurasko.support import SWORD, sheet


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"armour": {}}, "armour"),
        ({"weapons": [{**SWORD, "drive": None}]}, "needs its drive"),
        ({"weapons": [{**SWORD, "area": True}]}, "energy damage only"),
        ({"weapons": [{**SWORD, "energy": "heat"}]}, "energy and energy_damage"),
        ({"weapons": [SWORD, SWORD]}, "two weapons"),
        ({"armor": {"name": "Odd", "low": 30, "high": 10}}, "runs backwards"),
        ({"auras": [{"name": "Spikes", "kind": "normal", "stored": 10}]}, "needs its drive"),
        (
            {"auras": [{"name": "Static", "kind": "electric", "stored": 30, "expend": 15}]},
            "multiple of 10",
        ),
        (
            {"shields": [{"name": "Ward", "precision": "low", "resource": "charge"}]},
            "no resource 'charge'",
        ),
        (
            {
                "resources": {"Ward": 10},
                "shields": [{"name": "Ward", "precision": "low"}],
            },
            "distinct names",
        ),
    ],
)
def test_a_bad_stat_block_is_refused_with_the_reason(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        sheet(**changes)


def test_a_good_stat_block_reads_back() -> None:
    hero = sheet(weight_lb=None, wgt=6)
    assert hero.pound_weight == 150
    assert Sheet.model_validate(hero.model_dump()) == hero


def test_every_setting_says_where_it_comes_from() -> None:
    """Every default where the chapter is silent is a setting whose description names its
    source: the seed, SOURCES.md, or a reading chosen here."""
    for name, field in LuraskoSettings.model_fields.items():
        assert field.description, name
        assert field.description.startswith(("Seed:", "SOURCES.md", "Default:")), name
    with pytest.raises(ValidationError, match="critical_margn"):
        LuraskoSettings.model_validate({"critical_margn": 10})
