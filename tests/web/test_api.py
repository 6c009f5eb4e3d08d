"""The HTTP API on a real store: every change durable, every bad input a 4xx that changes nothing,
and a player's link reaching only that player's view and combatant."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import event

from fracas.engine.registry import rulesets
from fracas.store import Store
from fracas.web.app import create_app
from tests.web.conftest import GHOST, RAPTOR_SHEET, Table


def version(table: Table) -> int:
    return int(table.client.get(f"/api/t/{table.gm}").json()["version"])


def test_a_command_is_narrated_and_stored(table: Table) -> None:
    assert table.command("start").status_code == 200
    reply = table.command("attack raptor-1 -with shortbow !15 6")
    assert reply.status_code == 200, reply.text
    assert reply.json()["lines"] == [
        "Scout spends 2 AP (attack)",
        "Scout attacks Raptor 1 with Shortbow: 1d20 (15) + 8 = 23 vs Evasion 20: hit",
        "Damage: 1d8 (6) = 6",
        "Raptor 1 takes 5: armor \u22121 (6 → 5); Vitality 14 → 9",
    ]
    stored = Store(table.store.url).load(table.encounter)  # what a restarted server would read
    assert stored.version == reply.json()["version"]
    raptor = stored.session.view().combatant("Raptor 1")
    assert raptor is not None and raptor.pool("Vitality").current == 9  # type: ignore[union-attr]


def test_a_typed_action_does_what_its_text_does(table: Table) -> None:
    table.command("start")
    body = {
        "verb": "attack",
        "fields": {"target": "raptor-1", "weapon": "shortbow"},
        "faces": [15, 6],
    }
    reply = table.gm_post("/actions", body)
    assert reply.status_code == 200, reply.text
    assert "Raptor 1 takes 5: armor \u22121 (6 → 5); Vitality 14 → 9" in reply.json()["lines"]


def test_bad_typed_actions_name_the_field_and_change_nothing(table: Table) -> None:
    table.command("start")
    before = version(table)
    cases = [
        ({"verb": "fly"}, 422, "verb"),
        ({"verb": "attack", "fields": {"target": 5}}, 422, "fields.target"),
        ({"verb": "attack", "fields": {"colour": "red"}}, 422, "fields.colour"),
        ({"verb": "attack", "fields": {"target": "nobody"}}, 400, "fields"),
        ({"verb": "attack", "fields": {}, "extra": 1}, 422, "extra"),
    ]
    for body, status, field in cases:
        answer = table.gm_post("/actions", body)
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["field"] == field
        assert set(answer.json()) == {"code", "message", "field"}
    assert version(table) == before


def test_combatants_from_json_and_yaml_stat_blocks(table: Table) -> None:
    as_yaml = "\n".join(f"{key}: {json.dumps(value)}" for key, value in RAPTOR_SHEET.items())
    added = table.gm_post("/combatants", {"name": "Raptor 5", "side": "raptors", "yaml": as_yaml})
    assert added.status_code == 200, added.text
    names = [c["name"] for c in table.client.get(f"/api/t/{table.gm}/view").json()["combatants"]]
    assert "Raptor 5" in names and GHOST in names
    before = version(table)
    broken = table.gm_post(
        "/combatants", {"name": "X", "side": "y", "yaml": "vitality: lots\narmor: 1"}
    )
    assert broken.status_code == 422 and broken.json()["field"] == "yaml"
    assert "vitality" in broken.json()["message"] and "yaml:1:" in broken.json()["message"]
    bad_json = table.gm_post(
        "/combatants", {"name": "X", "side": "y", "sheet": {**RAPTOR_SHEET, "vitality": "lots"}}
    )
    assert bad_json.status_code == 422 and bad_json.json()["field"] == "sheet.vitality"
    both = table.gm_post("/combatants", {"name": "X", "side": "y"})
    assert both.status_code == 422 and both.json()["field"] == "sheet"
    assert version(table) == before


def test_a_refused_command_is_a_400_that_changes_nothing(table: Table) -> None:
    before = version(table)
    answer = table.command("attack")
    assert answer.status_code == 400
    assert answer.json()["code"] == "refused" and answer.json()["field"] == "text"
    assert version(table) == before


def test_undo_and_redo_through_the_api_are_durable(table: Table) -> None:
    table.command("start")
    after_start = table.client.get(f"/api/t/{table.gm}/view").json()
    assert table.gm_post("/undo").status_code == 200
    assert Store(table.store.url).load(table.encounter).session.encounter.undone
    assert table.gm_post("/redo").status_code == 200
    assert table.client.get(f"/api/t/{table.gm}/view").json() == after_start
    table.gm_post("/undo")
    table.gm_post("/undo")  # the hidden raptor's add
    refused = table.gm_post("/undo")  # the demo's own combatants are the setup
    assert refused.status_code == 400 and refused.json()["message"] == "nothing to undo"


def test_the_servers_commands_share_one_connection_kept_from_the_pool(table: Table) -> None:
    """The event loop keeps one SQLite connection while the app runs (its lifespan), taken by
    its first command: later commands' link reads and appends take none from the pool."""
    assert table.command("start").status_code == 200
    counted: list[object] = []

    def count(connection: object, _record: object, _proxy: object) -> None:
        counted.append(connection)

    pool = table.store.engine.pool
    event.listen(pool, "checkout", count)
    try:
        for line in ("undo", "redo", "undo"):
            assert table.command(line).status_code == 200
    finally:
        event.remove(pool, "checkout", count)
    assert counted == []
    assert pool.checkedout() == 1  # the loop's own, given back when the app stops
    assert Store(table.store.url).version(table.encounter) == version(table)


def test_a_change_through_a_known_link_runs_no_statement_before_its_append(
    tmp_path: Path,
) -> None:
    """The server reads a link the first time it is used; later changes through it go straight
    to their append, whose first statement checks the version and that the link still opens
    the encounter (``Tables.changing``): the SQL SQLite runs for the second attack."""
    store = Store(f"sqlite:///{tmp_path / 'traced.sqlite3'}")
    ran: list[str] = []
    event.listen(
        store.engine, "connect", lambda dbapi, _record: dbapi.set_trace_callback(ran.append)
    )
    store.engine.dispose()  # the connection made the tables: every one from now on is traced
    with TestClient(create_app(store)) as client:
        created = client.post("/api/encounters", json={"ruleset": "momentum", "demo": True})
        token = created.json()["token"]
        for line in ("start", "undo", "redo"):
            assert client.post(f"/api/t/{token}/commands", json={"text": line}).status_code == 200
        ran.clear()
        answer = client.post(f"/api/t/{token}/commands", json={"text": "attack raptor-1 !15 6"})
        assert answer.status_code == 200, answer.text
        run = [statement.split()[0] for statement in ran]
    assert run == ["BEGIN", "UPDATE", "INSERT", "COMMIT"], ran
    assert "FROM links" in ran[1]
    assert store.version(created.json()["id"]) == answer.json()["version"]
    store.close()


def test_export_and_import(table: Table, client: TestClient) -> None:
    table.command("start")
    save = client.get(f"/api/t/{table.gm}/export").json()
    created = client.post("/api/encounters/import", json=save)
    assert created.status_code == 201
    assert client.get(f"/api/t/{created.json()['token']}/export").json() == save
    bad = client.post("/api/encounters/import", json={"format": "fracas-encounter"})
    assert bad.status_code == 422 and bad.json()["code"] == "bad-save"


def test_empty_encounters_of_a_ruleset_with_settings_checked(client: TestClient) -> None:
    created = client.post("/api/encounters", json={"ruleset": "Momentum", "name": "Ambush"})
    assert created.status_code == 201
    view = client.get(f"/api/t/{created.json()['token']}/view").json()
    assert view["name"] == "Ambush" and view["combatants"] == []
    bad = client.post("/api/encounters", json={"ruleset": "momentum", "settings": {"nope": 1}})
    assert bad.status_code == 422 and bad.json()["field"] == "settings.nope"
    unknown = client.post("/api/encounters", json={"ruleset": "chess"})
    assert unknown.status_code == 422 and unknown.json()["field"] == "ruleset"
    listed = [r["slug"] for r in client.get("/api/rulesets").json()]
    assert listed == [r.descriptor.slug for r in rulesets()] and "momentum" in listed


def test_a_player_sees_no_hidden_npc_and_no_other_sides_numbers(table: Table) -> None:
    table.command("start")
    seen = table.client.get(f"/api/t/{table.player}")
    assert seen.status_code == 200
    assert GHOST not in seen.text and "ghost" not in seen.text.lower()
    combatants = seen.json()["view"]["combatants"]
    pools = {c["name"]: c["pools"] for c in combatants}
    assert pools["Raptor 1"] is None and pools["Druid"] is not None
    assert seen.json()["gm"] is False and seen.json()["combatant"] == "druid"
    gm = table.client.get(f"/api/t/{table.gm}").json()
    assert GHOST in json.dumps(gm)
    completions = table.client.get(f"/api/t/{table.player}/completions").json()
    assert GHOST not in completions["names"] and "undo" not in completions["verbs"]


def test_a_player_acts_only_for_their_own_combatant(table: Table) -> None:
    table.command("start")
    before = version(table)
    as_scout = table.command("Scout: end", table.player)
    assert as_scout.status_code == 400 and "can act only as Druid" in as_scout.json()["message"]
    typed = table.client.post(
        f"/api/t/{table.player}/actions", json={"verb": "end", "fields": {"actor": "scout"}}
    )
    assert typed.status_code == 403 and typed.json()["code"] == "not-yours"
    for path in ("/undo", "/redo", "/export", "/links"):
        method = table.client.get if path in ("/export", "/links") else table.client.post
        assert method(f"/api/t/{table.player}{path}").status_code == 403
    gm_only = table.client.post(
        f"/api/t/{table.player}/combatants", json={"name": "X", "side": "y", "sheet": RAPTOR_SHEET}
    )
    assert gm_only.status_code == 403
    assert version(table) == before


def test_a_players_typed_action_cannot_reach_a_hidden_npc(table: Table) -> None:
    """Typed text cannot name the hidden Ghost Raptor to a player; a typed action naming its id
    (guessed from its name) is refused the same way as an id that names nobody, with nothing
    of it in the answer, and changes nothing."""
    table.command("start")
    table.command("end")  # Scout's turn ends: Druid's turn
    before = version(table)
    answers = {}
    for target in ("ghost-raptor", "nobody"):
        answers[target] = table.client.post(
            f"/api/t/{table.player}/actions",
            json={"verb": "attack", "fields": {"target": target}, "faces": [15, 6]},
        )
    hidden, nobody = answers["ghost-raptor"], answers["nobody"]
    assert (hidden.status_code, nobody.status_code) == (400, 400)
    assert hidden.json()["message"] == "there is no combatant 'ghost-raptor'"
    assert nobody.json()["message"] == "there is no combatant 'nobody'"
    assert GHOST not in hidden.text
    assert version(table) == before
    log = table.client.get(f"/api/t/{table.player}/log").text
    assert GHOST not in log and "ghost" not in log.lower()


def test_tokens_open_one_encounter_and_nothing_else(table: Table, client: TestClient) -> None:
    assert client.get("/api/t/not-a-token/view").status_code == 404
    assert client.get("/api/t/not-a-token/view").json()["code"] == "not-found"
    assert client.get(f"/gm/{table.gm}").status_code == 200
    assert client.get(f"/play/{table.player}").status_code == 200
    assert client.get(f"/gm/{table.player}").status_code == 404
    assert client.get(f"/play/{table.gm}").status_code == 404
    page = client.get(f"/play/{table.player}").text
    assert GHOST not in page and "Druid" not in page  # the page holds no encounter data
    links = client.get(f"/api/t/{table.gm}/links").json()
    assert [link["name"] for link in links] == [None, "Druid"]
    assert len(table.gm) >= 32 and len(table.player) >= 32


def test_the_openapi_document_describes_the_api(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    paths = set(document["paths"])
    assert {
        "/api/encounters",
        "/api/encounters/import",
        "/api/t/{token}/commands",
        "/api/t/{token}/actions",
        "/api/t/{token}/undo",
        "/api/t/{token}/redo",
        "/api/t/{token}/combatants",
        "/api/t/{token}/export",
        "/api/t/{token}/view",
    } <= paths
    assert "ErrorBody" in document["components"]["schemas"]


def test_a_command_waits_for_a_die_typed_in_next(table: Table) -> None:
    table.command("start")
    waiting = table.command("attack raptor-1 -with shortbow !15")
    assert waiting.status_code == 200 and waiting.json()["needs"] == 8
    assert waiting.json()["changed"] is False
    done = table.command("6")
    assert done.status_code == 200
    assert (
        "Raptor 1 takes 5: armor \u22121 (6 \u2192 5); Vitality 14 \u2192 9" in done.json()["lines"]
    )


def test_the_typed_actions_are_listed_with_their_fields(table: Table) -> None:
    listed = {a["verb"]: a for a in table.client.get(f"/api/t/{table.gm}/catalogue").json()}
    assert {"attack", "end", "add", "reveal"} <= set(listed)
    assert "target" in listed["attack"]["fields"]["properties"]
    assert listed["reveal"]["game_master"] is True
    mine = {a["verb"] for a in table.client.get(f"/api/t/{table.player}/catalogue").json()}
    assert "attack" in mine and "reveal" not in mine and "undo" not in mine


def test_a_method_a_path_does_not_take_is_a_405_naming_those_it_does(
    table: Table, client: TestClient
) -> None:
    """RFC 9110 §15.5.6: a 405 "MUST generate an Allow header field" listing the target's
    methods; the API's routes sit in included routers, which the header must look into."""
    before = version(table)
    undo = client.put(f"/api/t/{table.gm}/undo")
    listing = client.delete("/api/encounters")
    assert (undo.status_code, undo.headers["allow"]) == (405, "POST")
    assert (listing.status_code, listing.headers["allow"]) == (405, "GET, POST")
    assert undo.json()["code"] == "http-405"
    assert version(table) == before
