"""Issue 19, item 7: the OpenAPI document is as strict as the server. Each request the issue
found declared valid yet refused now breaks the document, and the server refuses it with 422."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from fracas.app.rulesets import available
from tests.web.conftest import Table


def schema_of(document: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = document["components"]["schemas"][name]
    return found


def test_the_document_declares_what_the_server_accepts(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    ruleset = schema_of(document, "NewEncounter")["properties"]["ruleset"]
    assert {r.descriptor.slug for r in available()} <= set(ruleset["enum"])
    assert "attack" in schema_of(document, "ActionIn")["properties"]["verb"]["enum"]
    yaml = schema_of(document, "CombatantIn")["properties"]["yaml"]
    assert yaml["anyOf"][0]["minLength"] == 1
    faces = schema_of(document, "CommandIn")["properties"]["faces"]
    assert faces["anyOf"][0]["minItems"] == 1
    body = document["paths"]["/api/encounters/import"]["post"]["requestBody"]
    save = body["content"]["application/json"]["schema"]
    assert body["required"] and set(save["required"]) == {"format", "version", "ruleset", "seed"}


def test_what_breaks_the_document_is_refused_with_422(table: Table) -> None:
    client, gm = table.client, table.gm
    answers = [
        client.post("/api/encounters", json={"ruleset": "chess"}),
        client.post("/api/encounters/import", json={}),
        client.post(
            "/api/encounters/import",
            json={"format": "fracas-encounter", "version": 1, "ruleset": "momentum", "seed": 1.5},
        ),
        client.post(f"/api/t/{gm}/actions", json={"verb": "fly"}),
        client.post(f"/api/t/{gm}/combatants", json={"name": "X", "side": "a", "yaml": ""}),
        client.post(f"/api/t/{gm}/commands", json={"text": "start", "faces": []}),
    ]
    assert [a.status_code for a in answers] == [422] * len(answers), [a.text for a in answers]
