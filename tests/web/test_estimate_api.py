"""The difficulty estimate over the API and the live socket: started by the game master, played
off the event loop on worker processes, the same figures as ``fracas.sim.estimate`` gives."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from fracas.sim.estimate import PRECISE, Headway, estimate, study_of
from fracas.sim.study.mode import ENGINE, STUDY
from fracas.store import Store
from fracas.web.estimate_api import Job
from tests.web.conftest import RAPTOR_SHEET, Table


def kaiser(client: TestClient) -> tuple[str, str, str]:
    """The Kaiser demo (a fight the party wins: ~80 fights to ±5 %): its id, the game master's
    token and Ceil's player's."""
    created = client.post("/api/encounters", json={"ruleset": "kaiser", "demo": True, "seed": 1})
    assert created.status_code == 201, created.text
    gm = created.json()["token"]
    player = client.put(f"/api/t/{gm}/links/Ceil")
    assert player.status_code == 200, player.text
    return created.json()["id"], gm, player.json()["token"]


def finished(client: TestClient, gm: str) -> dict[str, Any]:
    """The estimate's answer once it is no longer running (its budget bounds the wait)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        answer = client.get(f"/api/t/{gm}/estimate")
        assert answer.status_code == 200, answer.text
        if answer.json()["status"] != "running":
            found: dict[str, Any] = answer.json()
            return found
        time.sleep(0.1)
    raise AssertionError("the estimate did not end within 300 s")


def test_an_estimate_runs_off_the_request_and_gives_the_simulators_figures(
    client: TestClient, store: Store
) -> None:
    encounter, gm, _ = kaiser(client)
    assert client.get(f"/api/t/{gm}/estimate").json()["code"] == "no-estimate"
    save = json.dumps(store.load(encounter).session.save())
    started = client.post(f"/api/t/{gm}/estimate", json={"budget": 60, "seed": 4})
    assert started.status_code == 202, started.text
    assert started.json()["status"] == "running" and started.json()["fights"] == 0
    again = client.post(f"/api/t/{gm}/estimate", json={"budget": 60})
    assert again.status_code == 409 and again.json()["code"] == "estimate-running"
    assert client.get(f"/api/t/{gm}/view").status_code == 200  # served while it runs
    done = finished(client, gm)
    assert done["status"] == "done" and done["error"] is None
    result = done["result"]
    assert result["stopped"] == PRECISE and result["fights"] == done["fights"]
    here = estimate(study_of(encounter, 4, save), workers=1, budget=600).to_json()
    same = ("fights", "sides", "falls", "rounds_median", "rounds_spread")
    assert {k: result[k] for k in same} == {k: json.loads(json.dumps(here[k])) for k in same}


def test_only_the_game_master_starts_or_reads_one_and_bad_budgets_are_refused(
    table: Table,
) -> None:
    client = table.client
    for method in (client.post, client.get):
        answer = method(f"/api/t/{table.player}/estimate")
        assert answer.status_code == 403 and answer.json()["code"] == "game-master-only"
    for budget in (0, -1, 61, "soon"):
        answer = table.gm_post("/estimate", {"budget": budget})
        assert answer.status_code == 422 and answer.json()["field"] == "budget"
    assert table.gm_post("/estimate", {"budgets": 3}).status_code == 422
    assert client.get(f"/api/t/{table.gm}/estimate").status_code == 404  # none started


def test_the_game_masters_live_socket_hears_its_progress_and_its_end(client: TestClient) -> None:
    _, gm, player = kaiser(client)
    with (
        client.websocket_connect(f"/api/t/{gm}/live") as gm_page,
        client.websocket_connect(f"/api/t/{player}/live") as player_page,
    ):
        assert gm_page.receive_json()["type"] == "state"
        assert player_page.receive_json()["type"] == "state"
        assert client.post(f"/api/t/{gm}/estimate", json={"budget": 60}).status_code == 202
        heard = [gm_page.receive_json()]
        while heard[-1]["status"] == "running":
            heard.append(gm_page.receive_json())
        assert {message["type"] for message in heard} == {"estimate"}
        assert heard[-1]["status"] == "done" and heard[-1]["fights"] >= 10
        assert all(set(m) == {"type", "status", "fights", "margin", "fell_back"} for m in heard)
        assert {m["fell_back"] for m in heard} == {""}  # Kaiser's demo fits study mode
        fights = [message["fights"] for message in heard]
        assert fights == sorted(fights)
        assert client.post(f"/api/t/{gm}/commands", json={"text": "note hello"}).status_code == 200
        assert player_page.receive_json()["type"] == "step"  # no estimate message came first


def test_a_fall_back_to_the_engine_is_said_in_the_answer_and_the_message() -> None:
    """``tests/sim/test_study_fallback.py`` plays one; here, what the routes make of it."""
    job = Job("encounter", 3, budget=10.0)
    assert (job.out().mode, job.out().fell_back) == (None, "")  # no chunk played yet
    job.headway = Headway(20, 1.5, 10.0, 0.2, STUDY)
    assert (job.out().fights, job.out().mode, job.message()["fell_back"]) == (20, STUDY, "")
    why = "study mode met a fight it cannot play, mid-study: Bo's punch on Ada"
    job.headway = Headway(0, 1.6, 10.0, 1.0, ENGINE, why)
    out = job.out()
    assert (out.status, out.fights, out.mode, out.fell_back) == ("running", 0, ENGINE, why)
    assert job.message() == {
        "type": "estimate",
        "status": "running",
        "fights": 0,
        "margin": 1.0,
        "fell_back": why,
    }


def test_a_fight_of_one_side_fails_with_the_reason_the_builder_shows(client: TestClient) -> None:
    """A roster all on one side (three raptors): the estimate ends ``failed`` at once, its
    error the one line the builder's page shows, and no fight played."""
    created = client.post("/api/encounters", json={"ruleset": "momentum"})
    assert created.status_code == 201, created.text
    gm = created.json()["token"]
    for number in (1, 2, 3):
        raptor = {"name": f"Raptor {number}", "side": "raptors", "sheet": RAPTOR_SHEET}
        assert client.post(f"/api/t/{gm}/combatants", json=raptor).status_code == 200
    started = client.post(f"/api/t/{gm}/estimate", json={"budget": 60})
    assert started.status_code == 202, started.text
    done = finished(client, gm)
    assert done["status"] == "failed" and done["fights"] == 0 and done["result"] is None
    assert done["error"] == (
        "everyone in the fight is on side 'raptors': an estimate weighs two sides against each"
        " other, so put someone on another side"
    )
