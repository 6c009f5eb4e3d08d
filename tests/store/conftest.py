"""Stores on a real SQLite file and, when ``FRACAS_TEST_POSTGRES_URL`` names a server (``.ci/run``
starts one), on a real PostgreSQL database, emptied before each test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.rules.momentum.ruleset import Momentum
from fracas.store import Store
from fracas.store.database import connect, metadata

POSTGRES = "FRACAS_TEST_POSTGRES_URL"


def postgres_url() -> str | None:
    return os.environ.get(POSTGRES) or None


def database_url(kind: str, tmp_path: Path) -> str:
    """A fresh database of ``kind`` (sqlite or postgresql); skips when PostgreSQL is absent."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    url = postgres_url()
    if url is None:
        pytest.skip(f"no PostgreSQL server: set {POSTGRES} (.ci/run does)")
    engine = connect(url)
    metadata.drop_all(engine)
    engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return database_url(request.param, tmp_path)


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened.close()


def demo(seed: int = 7) -> Session:
    path = demo_path(Momentum)
    assert path is not None
    return open_encounter(path, seed=seed)
