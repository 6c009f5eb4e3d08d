"""Odds before acting, through the API: the same figures as ``fracas odds`` for the same action,
the game master's alone until they share them, and never against a hidden combatant."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from fracas.cli.app import app as cli
from tests.web.conftest import GHOST, Table

ATTACK = "attack raptor-1 -with shortbow"


def test_the_odds_are_those_of_fracas_odds_and_change_nothing(table: Table) -> None:
    table.command("start")
    before = table.client.get(f"/api/t/{table.gm}").json()["version"]
    answer = table.gm_post("/odds", {"text": ATTACK})
    assert answer.status_code == 200, answer.text
    shown = answer.json()
    typed = CliRunner().invoke(cli, ["odds", "momentum", f"Scout: {ATTACK}", "--json"])
    assert typed.exit_code == 0, typed.output
    expected = json.loads(typed.output)
    assert shown["exact"] and shown["command"] == 'Scout: attack "Raptor 1" -with shortbow'
    assert {o["name"]: o["fraction"] for o in shown["outcomes"]} == {
        name: o["fraction"] for name, o in expected["outcomes"].items()
    }
    assert {str(d["amount"]): d["probability"] for d in shown["damage"]} == {
        amount: d["probability"] for amount, d in expected["damage"].items()
    }
    assert shown["mean_damage"] == expected["mean_damage"]
    assert table.client.get(f"/api/t/{table.gm}").json()["version"] == before


def test_a_players_odds_are_refused_until_the_game_master_shares_them(table: Table) -> None:
    """Issue 17: odds reveal a target's defences, so players see them only where allowed."""
    table.command("start")
    table.command("end")  # Druid's turn
    druid = f"/api/t/{table.player}/odds"
    assert table.client.get(f"{druid}/players").json() == {"players": False}
    refused = table.client.post(druid, json={"text": "attack raptor-1"})
    assert refused.status_code == 403 and refused.json()["code"] == "odds-not-allowed"

    denied = table.client.put(f"{druid}/players", json={"players": True})
    assert denied.status_code == 403  # only the game master shares them
    shared = table.client.put(f"/api/t/{table.gm}/odds/players", json={"players": True})
    assert shared.status_code == 200
    allowed = table.client.post(druid, json={"text": "attack raptor-1"})
    assert allowed.status_code == 200, allowed.text
    assert {o["name"] for o in allowed.json()["outcomes"]} >= {"hit", "miss"}


def test_no_odds_against_a_hidden_combatant_even_when_shared(table: Table) -> None:
    table.command("start")
    table.command("end")
    table.client.put(f"/api/t/{table.gm}/odds/players", json={"players": True})
    hidden = table.client.post(f"/api/t/{table.player}/odds", json={"text": f"attack {GHOST}"})
    assert hidden.status_code in (403, 422)
    assert GHOST not in hidden.text
    assert table.gm_post("/odds", {"text": f"Druid: attack {GHOST}"}).status_code == 200


def test_a_bad_command_is_named(table: Table) -> None:
    table.command("start")
    answer = table.gm_post("/odds", {"text": "attack nobody"})
    assert answer.status_code == 422 and answer.json()["field"] == "text"


def test_the_catalogue_says_how_each_field_is_typed(table: Table) -> None:
    """The page builds command text from this: positional fields in order, the rest as flags."""
    catalogue = table.client.get(f"/api/t/{table.gm}/catalogue").json()
    attack = next(a for a in catalogue if a["verb"] == "attack")
    target = next(p for p in attack["params"] if p["name"] == "target")
    assert target["positional"] and target["kind"] == "combatant"
    weapon = next(p for p in attack["params"] if p["name"] == "weapon")
    assert not weapon["positional"] and weapon["flag"] == "with"
