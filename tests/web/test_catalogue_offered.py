"""Issue 17: the catalogue the action bar is built from says, for each field, what the sheets
of the combatants the link may act as offer it (``offered``, by combatant id): the game master
gets every combatant's, the hidden one's too; a player only their own combatant's."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Table


def offered(table: Table, token: str, verb: str, field: str) -> dict[str, list[str]]:
    listed = table.client.get(f"/api/t/{token}/catalogue").json()
    action: dict[str, Any] = next(a for a in listed if a["verb"] == verb)
    param: dict[str, Any] = next(p for p in action["params"] if p["name"] == field)
    found: dict[str, list[str]] = param["offered"]
    return found


def test_the_game_master_gets_every_sheets_weapons_a_player_only_their_own(table: Table) -> None:
    weapons = offered(table, table.gm, "attack", "weapon")
    assert weapons["druid"] == ["Staff", "Thorn Lash", "Entangling Roots"]
    assert weapons["scout"] == ["Shortbow", "Dagger"]
    assert weapons["ghost-raptor"] == ["Claws"]  # hidden from the players, not from the GM
    assert offered(table, table.player, "attack", "weapon") == {
        "druid": ["Staff", "Thorn Lash", "Entangling Roots"]
    }
    assert offered(table, table.player, "attack", "maneuver") == {
        "druid": ["Thorn Lash", "Entangling Roots"]
    }
    assert offered(table, table.gm, "attack", "target") == {}  # a target is no sheet's name


def field_of(table: Table, verb: str, field: str) -> dict[str, Any]:
    listed = table.client.get(f"/api/t/{table.gm}/catalogue").json()
    action: dict[str, Any] = next(a for a in listed if a["verb"] == verb)
    param: dict[str, Any] = next(p for p in action["params"] if p["name"] == field)
    return param


def test_damage_type_lists_the_rulesets_kinds_for_the_target_chosen(table: Table) -> None:
    """Momentum deals lethal or non-lethal damage (``Ruleset.damage_kinds``): ``damage -type``
    lists them whichever sheet the target has; ``heal`` has no kinds there, so no list."""
    kind = field_of(table, "damage", "kind")
    assert kind["offered_by"] == "target"
    assert kind["offered"]["raptor-1"] == kind["offered"]["druid"] == ["lethal", "non-lethal"]
    assert field_of(table, "heal", "kind")["offered"] == {}
    assert field_of(table, "attack", "weapon")["offered_by"] is None  # the actor's sheet


def test_a_field_the_rules_mean_for_allies_says_so(table: Table) -> None:
    """Momentum's Stabilize and Switch Places are meant for one's own side: their combatant
    fields declare ``aims: ally``, from the ruleset, for the tracker's cards; an attack's target
    declares nothing (the cards offer it against the other sides)."""
    assert field_of(table, "stabilize", "target")["aims"] == "ally"
    assert field_of(table, "swap", "ally")["aims"] == "ally"
    assert field_of(table, "attack", "target")["aims"] is None
