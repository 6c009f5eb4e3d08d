"""The OpenAPI document, fuzzed by schemathesis: whatever it sends, the answer is never a server
error and always matches the document (with a real GM link in half the cases, so the fuzzer
reaches an encounter instead of 404s only; a fresh one for deleting an encounter or replacing its
link, so the others keep theirs). Every check schemathesis has runs but one (below)."""

from __future__ import annotations

import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from fracas.store import Store
from fracas.web.app import create_app

if TYPE_CHECKING:  # schemathesis names an OpenAPI case's type for type checkers only
    from schemathesis.specs.openapi.schemas import OpenApiCase

STORE_FILE = Path(tempfile.mkdtemp(prefix="fracas-schema-")) / "fuzz.sqlite3"


def _app() -> object:
    return create_app(Store(f"sqlite:///{STORE_FILE}"))


APP = _app()
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


def new_encounter() -> str:
    """The game master's token of a new demo encounter."""
    from fastapi.testclient import TestClient

    with TestClient(APP) as client:  # type: ignore[arg-type]
        created = client.post("/api/encounters", json={"ruleset": "momentum", "demo": True})
        token: str = created.json()["token"]
        return token


@pytest.fixture(scope="module")
def gm_token() -> Iterator[str]:
    yield new_encounter()
    STORE_FILE.unlink(missing_ok=True)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_every_request_by_its_document(case: OpenApiCase, gm_token: str) -> None:
    parameters = case.path_parameters
    if parameters and "token" in parameters and zlib.crc32(repr(case.body).encode()) % 2 == 0:
        deleting = case.method.upper() == "DELETE" and case.path == "/api/t/{token}"
        replacing = case.path == "/api/t/{token}/replace"  # the GM's own link
        parameters["token"] = new_encounter() if deleting or replacing else gm_token
    # A request the document allows may still break a game rule (an unknown ruleset, a combatant
    # that is not there): that is a 4xx by design, so the "schema-valid is accepted" check is off.
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
