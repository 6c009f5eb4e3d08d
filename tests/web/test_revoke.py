"""The game master revokes a player's link or deletes the encounter: the link's API, page and
live socket stop at once (the socket closed with its reason), in this process and, through the
store, in another; and a command waiting for typed dice outlives a restart of the server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fracas.store import Store
from fracas.store.database import connect, links
from fracas.web.app import create_app
from fracas.web.tables import DELETED, REVOKED
from tests.web.conftest import Table


def closed(socket: object) -> WebSocketDisconnect:
    """The close a socket receives next, after any state frames still on their way."""
    with pytest.raises(WebSocketDisconnect) as raised:
        while True:
            json.loads(socket.receive_text())  # type: ignore[attr-defined]
    return raised.value


def test_a_revoked_player_link_stops_at_once(table: Table) -> None:
    client = table.client
    with client.websocket_connect(f"/api/t/{table.player}/live") as player:
        player.receive_text()
        revoked = client.delete(f"/api/t/{table.gm}/links/Druid")
        assert revoked.status_code == 204, revoked.text
        close = closed(player)
    assert (close.code, close.reason) == (REVOKED, "this link was revoked")
    assert client.get(f"/api/t/{table.player}").status_code == 404
    assert client.post(f"/api/t/{table.player}/commands", json={"text": "end"}).status_code == 404
    assert client.get(f"/play/{table.player}").status_code == 404
    links = client.get(f"/api/t/{table.gm}/links").json()
    assert [link["name"] for link in links] == [None]
    again = client.put(f"/api/t/{table.gm}/links/druid").json()["token"]  # a new link, if wanted
    assert again != table.player and client.get(f"/api/t/{again}").status_code == 200


def test_the_game_master_replaces_their_own_link_and_keeps_the_encounter(table: Table) -> None:
    """A leaked game master's link: the game master replaces it by a new one, which opens the
    same encounter at once; the old one stops like a revoked link (its socket closed with 4403,
    404 since); nothing of the fight or of the players' links changes."""
    client = table.client
    assert table.command("start").status_code == 200
    shown = client.get(f"/api/t/{table.gm}").json()
    assert client.post(f"/api/t/{table.player}/replace").status_code == 403
    with client.websocket_connect(f"/api/t/{table.gm}/live") as old_page:
        old_page.receive_text()
        replaced = client.post(f"/api/t/{table.gm}/replace")
        assert replaced.status_code == 200, replaced.text
        close = closed(old_page)
    assert (close.code, close.reason) == (REVOKED, "this link was replaced by a new one")
    new = replaced.json()
    assert new == {"token": new["token"], "combatant": None, "name": None, "page": new["page"]}
    assert new["token"] != table.gm and new["page"] == f"/gm/{new['token']}"
    for path in (f"/api/t/{table.gm}", f"/gm/{table.gm}", f"/api/t/{table.gm}/links"):
        assert client.get(path).status_code == 404
    assert client.post(f"/api/t/{table.gm}/replace").status_code == 404
    seat = client.get(f"/api/t/{new['token']}").json()
    assert seat["gm"] and (seat["version"], seat["log"]) == (shown["version"], shown["log"])
    assert client.get(new["page"]).status_code == 200
    links = client.get(f"/api/t/{new['token']}/links").json()
    assert [(link["token"], link["name"]) for link in links] == [
        (new["token"], None),
        (table.player, "Druid"),
    ]
    assert table.command("status", new["token"]).status_code == 200
    assert client.get(f"/api/t/{table.player}").status_code == 200


def test_revoking_is_the_game_masters_and_names_what_is_wrong(table: Table) -> None:
    client = table.client
    by_player = client.delete(f"/api/t/{table.player}/links/Druid")
    assert by_player.status_code == 403 and by_player.json()["code"] == "game-master-only"
    nobody = client.delete(f"/api/t/{table.gm}/links/Nobody")
    assert nobody.status_code == 422
    assert nobody.json() == {
        "code": "unknown-combatant",
        "message": "no combatant 'Nobody'",
        "field": "combatant",
    }
    unlinked = client.delete(f"/api/t/{table.gm}/links/Scout")
    assert unlinked.status_code == 404 and unlinked.json()["code"] == "no-link"
    assert client.get(f"/api/t/{table.player}").status_code == 200  # nothing changed


def test_what_another_process_revokes_or_deletes_closes_its_sockets(
    table: Table, store: Store
) -> None:
    elsewhere = Store(store.url)  # another process's connection to the same database
    with table.client.websocket_connect(f"/api/t/{table.player}/live") as player:
        player.receive_text()
        elsewhere.revoke(table.player)
        close = closed(player)  # within one poll of the store
    assert close.code == REVOKED
    with table.client.websocket_connect(f"/api/t/{table.gm}/live") as gm:
        gm.receive_text()
        elsewhere.delete(table.encounter)
        close = closed(gm)
    assert (close.code, close.reason) == (DELETED, "this encounter was deleted")
    elsewhere.close()


def test_a_link_another_process_revokes_changes_nothing_from_the_next_command(
    table: Table, store: Store
) -> None:
    """The server reads a link once; its later changes are checked by their own appends, so a
    link revoked by another process is refused at the very next command, whether the command
    would change the fight or not, and nothing of it is kept."""
    assert table.command("start").status_code == 200
    assert table.command("note first", table.player).status_code == 200  # the link is known
    version = store.version(table.encounter)
    elsewhere = Store(store.url)
    elsewhere.revoke(table.player)
    for line in ("note second", "status", "note third"):
        refused = table.command(line, table.player)
        assert refused.status_code == 404 and refused.json()["code"] == "not-found", line
    assert elsewhere.version(table.encounter) == version
    log = table.client.get(f"/api/t/{table.gm}/log").json()
    assert [line.strip() for line in log if "notes" in line] == ["Druid notes: first"]
    elsewhere.close()


def test_deleting_the_encounter_closes_every_page_on_it(table: Table, client: TestClient) -> None:
    other = client.post("/api/encounters", json={"ruleset": "momentum", "demo": True}).json()
    assert client.delete(f"/api/t/{table.player}").status_code == 403
    with (
        client.websocket_connect(f"/api/t/{table.player}/live") as player,
        client.websocket_connect(f"/api/t/{table.gm}/live") as gm,
    ):
        player.receive_text()
        gm.receive_text()
        assert client.delete(f"/api/t/{table.gm}").status_code == 204
        for socket in (player, gm):
            close = closed(socket)
            assert (close.code, close.reason) == (DELETED, "this encounter was deleted")
    for token in (table.gm, table.player):
        assert client.get(f"/api/t/{token}").status_code == 404
    assert client.get(f"/gm/{table.gm}").status_code == 404
    assert client.delete(f"/api/t/{table.gm}").status_code == 404
    assert [s.id for s in table.store.summaries()] == [other["id"]]
    assert client.get(f"/api/t/{other['token']}").status_code == 200


def test_a_command_waiting_for_dice_is_offered_again_after_a_restart(table: Table) -> None:
    table.command("start")
    asked = table.command("attack raptor-1 -with shortbow !15").json()
    assert asked["needs"] == 8
    assert table.client.get(f"/api/t/{table.gm}").json()["waiting"] == asked["lines"][0]
    assert table.client.get(f"/api/t/{table.player}").json()["waiting"] is None  # the GM's own

    restarted = Store(table.store.url)
    with TestClient(create_app(restarted)) as client:
        seat = client.get(f"/api/t/{table.gm}").json()
        assert seat["waiting"] == asked["lines"][0]
        done = client.post(f"/api/t/{table.gm}/commands", json={"text": "6"})
        assert done.status_code == 200 and done.json()["changed"]
        assert (
            "Raptor 1 takes 5: armor \u22121 (6 \u2192 5); Vitality 14 \u2192 9"
            in (done.json()["lines"])
        )
        assert client.get(f"/api/t/{table.gm}").json()["waiting"] is None
    restarted.close()


def test_a_failing_database_is_a_503_that_names_no_part_of_it(table: Table, tmp_path: Path) -> None:
    """Anyone can send a token; when the database fails the answer says so, and nothing of
    where the database is (its file, host, user or password) or of the driver's error."""
    engine = connect(table.store.url)
    links.drop(engine)  # the database broken under the server
    engine.dispose()
    answer = table.client.get("/api/t/any-token-at-all")
    assert answer.status_code == 503
    body = answer.json()
    assert body["code"] == "store" and "database" in body["message"]
    for internal in (str(tmp_path), "sqlite", "links", "SELECT"):
        assert internal not in answer.text


def test_a_delete_is_of_the_encounter_as_the_page_shows_it(table: Table) -> None:
    """A step made after the version the game master saw (or exported) is in no save: deleting
    at that version refuses and deletes nothing; at the current one it deletes."""
    client = table.client
    shown = client.get(f"/api/t/{table.gm}").json()["version"]
    assert client.post(f"/api/t/{table.gm}/commands", json={"text": "start"}).status_code == 200
    stale = client.delete(f"/api/t/{table.gm}", params={"version": shown})
    assert stale.status_code == 409 and stale.json()["code"] == "conflict"
    assert "nothing deleted" in stale.json()["message"]
    assert client.get(f"/api/t/{table.gm}").status_code == 200
    now = client.get(f"/api/t/{table.gm}").json()["version"]
    assert now > shown
    assert client.delete(f"/api/t/{table.gm}", params={"version": now}).status_code == 204
    assert client.get(f"/api/t/{table.gm}").status_code == 404
