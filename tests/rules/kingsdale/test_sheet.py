"""The sheet and settings: unknown fields and clashing names are errors naming the problem."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import Sheet

from .support import SWORD, sheet


def test_an_unknown_field_is_an_error_naming_it() -> None:
    with pytest.raises(ValidationError, match="strenght"):
        Sheet.model_validate({"strenght": 3})
    with pytest.raises(ValidationError, match="dodge_bonus"):
        KingsdaleSettings.model_validate({"dodge_bonus": 1})


def test_armour_and_weapons_need_their_own_names() -> None:
    with pytest.raises(ValidationError, match="pool of its own"):
        sheet(armor=[{"name": "HP", "mdc": 5}])
    with pytest.raises(ValidationError, match="share a name"):
        sheet(armor=[{"name": "EBA", "mdc": 5}, {"name": "EBA", "mdc": 9}])
    with pytest.raises(ValidationError, match="two weapons"):
        sheet(weapons=[SWORD, SWORD])


def test_a_weapon_is_found_by_a_prefix_of_its_name_or_a_word() -> None:
    one = sheet(weapons=[{"name": "Neural Mace", "damage": "2d6"}, SWORD])
    assert one.weapon("mace") is not None and one.weapon("neu") is not None
    assert one.weapon(None) is not None and one.weapon(None) == one.weapons[0]
    assert one.weapon("axe") is None


def test_the_settings_are_frozen() -> None:
    settings = KingsdaleSettings()
    with pytest.raises(ValidationError):
        settings.melee_strike = 3  # type: ignore[misc]
    assert settings.melee_strike == 5
