"""Odds before acting, on the tracker: the time of ``POST /api/t/{token}/odds`` for one- and
two-die pools, and its ratio to the same odds asked of ``fracas.sim.odds`` directly.

    .venv/bin/python benchmarks/odds_web.py

The API runs in this process (FastAPI's test client: real ASGI, no network), on a real SQLite
store, on the momentum demo with the fight started. The reference is ``odds()`` on the same
state with the page's budget (each query's actor is given the turn first, as the page asks
for whoever's turn it is), so the ratio is what the web adds (binding the text, the worker
thread, JSON). Times are the median wall seconds of five queries after a first, cold one each (which
works out the distinct results of its rolls). Target: under 300 ms per query (issue 17).
"""

from __future__ import annotations

import tempfile
import warnings
from pathlib import Path

from machine import describe, seconds

from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.sim.odds import odds
from fracas.store import Store
from fracas.web.odds_api import MAX_BRANCHES, SAMPLES

QUERIES = (
    ("one die (d20)", "Scout: attack raptor-1 -with dagger"),
    ("two dice (2d20, advantage)", "Rusher: attack raptor-2 -adv"),
    ("one die, a defender's d20 too", "Raptor 1: attack scout -dis"),
)
TARGET_SECONDS = 0.3


def main() -> None:
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

    from fracas.web.app import create_app

    print(describe())
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'odds.sqlite3'}")
        with TestClient(create_app(store)) as client:
            created = client.post(
                "/api/encounters", json={"ruleset": "momentum", "demo": True, "seed": 1}
            )
            token = created.json()["token"]
            client.post(f"/api/t/{token}/commands", json={"text": "start"})
            for title, text in QUERIES:
                actor = text.split(":")[0]
                client.post(f"/api/t/{token}/commands", json={"text": f"turn {actor}"})
                session = store.load(created.json()["id"]).session
                action = session.bind(text)
                assert action is not None

                def ask(text: str = text) -> None:
                    answer = client.post(f"/api/t/{token}/odds", json={"text": text})
                    assert answer.status_code == 200, answer.text

                def reference(bound: Action = action, fight: Encounter = session.encounter) -> None:
                    odds(fight, bound, max_branches=MAX_BRANCHES, samples=SAMPLES)

                ask()
                reference()
                web, direct = seconds(ask), seconds(reference)
                verdict = "ok" if web.wall < TARGET_SECONDS else "over the target"
                print(
                    f"{title:32} web {1000 * web.wall:7.1f} ms  direct {1000 * direct.wall:7.1f} ms"
                    f"  ratio {web.wall / direct.wall:5.2f}  ({verdict})"
                )
        store.close()


if __name__ == "__main__":
    main()
