"""Long dice sums (issue 19, item 1): a roll the dice limits allow is stored, loaded and exported
whatever its size; one they refuse is a 4xx with a one-line reason and nothing stored; a step
stored before the result tree was saved flat still exports."""

from __future__ import annotations

from typing import Any

from fracas.dice import MAX_NESTING
from tests.web.conftest import Table


def version(table: Table) -> int:
    return int(table.client.get(f"/api/t/{table.gm}").json()["version"])


def long_sum(terms: int) -> str:
    return "roll " + "+".join(["1d2"] * terms)  # 4 characters a term


def test_the_longest_sum_the_limits_allow_is_stored_and_exported(table: Table) -> None:
    terms = MAX_NESTING + 1  # n terms nest n - 1 sums deep
    answer = table.command(f"{long_sum(terms)} !{' '.join(['2'] * terms)}")
    assert answer.status_code == 200, answer.text
    assert answer.json()["lines"][-1].endswith(f"= {2 * terms}")
    save = table.client.get(f"/api/t/{table.gm}/export")
    assert save.status_code == 200, save.text
    again = table.client.post("/api/encounters/import", json=save.json())
    assert again.status_code == 201, again.text
    log = table.client.get(f"/api/t/{again.json()['token']}/log").json()
    assert log[-1].endswith(f"= {2 * terms}")


def test_a_sum_past_the_limits_is_refused_before_anything_is_stored(table: Table) -> None:
    before = version(table)
    for terms in (MAX_NESTING + 2, 300, 600):
        answer = table.command(long_sum(terms).replace("1d2", "d2"))  # within 2000 characters
        assert answer.status_code == 400, answer.text
        message = answer.json()["message"]
        assert "\n" not in message and f"at most {MAX_NESTING}" in message, message
    assert version(table) == before
    assert table.client.get(f"/api/t/{table.gm}/export").status_code == 200


def nested_result(terms: int) -> dict[str, Any]:
    """A roll of ``terms`` 1d2 showing 2, saved as before the result tree was flattened: each
    sum nested in the next one's ``left`` (built without recursion, as deep as asked)."""

    def die() -> dict[str, Any]:
        face = {"shown": 2, "value": 2, "rerolled": False, "exploded": False}
        rolled = {"sides": 2, "faces": [face], "kept": True, "success": False, "failure": False}
        return {"notation": "1d2", "dice": [rolled], "total": 2, "label": None}

    root = die()
    for n in range(2, terms + 1):
        root = {"op": "+", "left": root, "right": die(), "total": 2 * n}
    return {"expression": "+".join(["1d2"] * terms), "root": root}


def test_a_long_roll_stored_the_old_way_still_exports(table: Table) -> None:
    save = table.client.get(f"/api/t/{table.gm}/export").json()
    event = {"type": "DiceRolled", "roller": None, "result": nested_result(255), "secret": False}
    action = {"type": "RollDice", "actor": None, "dice": "+".join(["1d2"] * 255), "secret": False}
    save["steps"].append({"action": action, "events": [event]})
    created = table.client.post("/api/encounters/import", json=save)
    assert created.status_code == 201, created.text
    token = created.json()["token"]
    exported = table.client.get(f"/api/t/{token}/export")
    assert exported.status_code == 200, exported.text
    assert table.client.get(f"/api/t/{token}/log").json()[-1].endswith("= 510")
