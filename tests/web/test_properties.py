"""Random command text and random payloads: each gets a success or a clear 4xx error, never a
500, and the stored encounter always replays to the state the server holds."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.store import Store
from tests.web.conftest import Table

WORDS = st.sampled_from(
    [
        "start",
        "end",
        "attack",
        "raptor-1",
        "Raptor 1",
        "-with",
        "shortbow",
        "undo",
        "redo",
        "Scout:",
        "Druid:",
        "note",
        "roll",
        "1d20",
        "set",
        "AP",
        "-1",
        "!15",
        "6",
        "hold",
        "+add",
        "reveal",
        "conceal",
        "Ghost Raptor",
        "effect",
        "-rounds",
        "2",
        '"',
        "#",
        "/adv",
    ]
)
TEXT = st.one_of(st.text(max_size=60), st.lists(WORDS, max_size=6).map(" ".join))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
VERBS = st.sampled_from(["attack", "end", "start", "set", "note", "add", "effect", "move", "x"])
FIELDS = st.dictionaries(
    st.sampled_from(["target", "actor", "weapon", "pool", "value", "text", "name", "rounds"]),
    JSON,
    max_size=4,
)

SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def consistent(table: Table) -> None:
    """The server's state is the store's, replayed from scratch by another client."""
    served = table.client.get(f"/api/t/{table.gm}/export").json()
    assert Store(table.store.url).load(table.encounter).session.save() == served


@SETTINGS
@given(lines=st.lists(TEXT, min_size=1, max_size=5), player=st.booleans())
def test_random_command_text(table: Table, lines: list[str], player: bool) -> None:
    for text in lines:
        answer = table.command(text, table.player if player else None)
        assert answer.status_code in (200, 400, 422), answer.text
        if answer.status_code != 200:
            assert set(answer.json()) == {"code", "message", "field"}
            assert answer.json()["message"]
    consistent(table)


@SETTINGS
@given(verb=VERBS, fields=FIELDS, faces=st.none() | st.lists(st.integers(-5, 30), max_size=3))
def test_random_typed_actions(
    table: Table, verb: str, fields: dict[str, Any], faces: list[int] | None
) -> None:
    answer = table.gm_post("/actions", {"verb": verb, "fields": fields, "faces": faces})
    assert answer.status_code in (200, 400, 403, 422), answer.text
    consistent(table)


@SETTINGS
@given(body=JSON, path=st.sampled_from(["/commands", "/actions", "/combatants"]))
def test_random_payloads(table: Table, body: Any, path: str) -> None:
    answer = table.gm_post(path, body)
    assert answer.status_code in (200, 400, 422), answer.text
    consistent(table)
