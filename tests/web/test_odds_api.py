"""Odds before acting, through the API: the same figures as ``fracas odds`` for the same action,
the game master's alone until they share them, and never against a hidden combatant."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from fracas.cli.app import app as cli
from tests.store.conftest import database_url
from tests.web.conftest import GHOST, Table
from tests.web.server import Server

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


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_shared_odds_outlast_a_restart_and_reach_every_server_process(
    kind: str, tmp_path: Path
) -> None:
    """Issue 17: the players' odds are "a setting per encounter": stored, not one process's."""
    url = database_url(kind, tmp_path)
    with Server(url) as first:
        created = httpx.post(
            f"{first.url}/api/encounters", json={"ruleset": "momentum", "demo": True}
        )
        gm = created.json()["token"]
        player = httpx.put(f"{first.url}/api/t/{gm}/links/Druid").json()["token"]
        for text in ("start", "end"):  # Druid's turn
            httpx.post(f"{first.url}/api/t/{gm}/commands", json={"text": text})
        asked = {"text": "attack raptor-1"}
        refused = httpx.post(f"{first.url}/api/t/{player}/odds", json=asked)
        assert refused.status_code == 403 and refused.json()["code"] == "odds-not-allowed"
        shared = httpx.put(f"{first.url}/api/t/{gm}/odds/players", json={"players": True})
        assert shared.status_code == 200
        with Server(url) as second:  # another process on the same database
            seen = httpx.get(f"{second.url}/api/t/{player}/odds/players").json()
            assert seen == {"players": True}
            assert httpx.post(f"{second.url}/api/t/{player}/odds", json=asked).status_code == 200
    with Server(url) as restarted:  # both stopped: a restart
        assert httpx.get(f"{restarted.url}/api/t/{player}/odds/players").json() == {"players": True}
        allowed = httpx.post(f"{restarted.url}/api/t/{player}/odds", json=asked, timeout=30)
        assert allowed.status_code == 200, allowed.text
        httpx.put(f"{restarted.url}/api/t/{gm}/odds/players", json={"players": False})
        again = httpx.post(f"{restarted.url}/api/t/{player}/odds", json=asked)
        assert again.status_code == 403


def test_a_players_open_page_hears_that_the_odds_are_shared(table: Table) -> None:
    """The player's page reads the setting whenever it gets the state: sharing sends it."""
    with table.client.websocket_connect(f"/api/t/{table.player}/live") as page:
        assert json.loads(page.receive_text())["type"] == "state"
        shared = table.client.put(f"/api/t/{table.gm}/odds/players", json={"players": True})
        assert shared.status_code == 200
        told = json.loads(page.receive_text())
        assert told["type"] == "state" and GHOST not in json.dumps(told)
    assert table.client.get(f"/api/t/{table.player}/odds/players").json() == {"players": True}
