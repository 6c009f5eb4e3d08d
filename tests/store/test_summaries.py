"""``fracas list``'s read: one SQL text (``SUMMARIES``), run by the Store through SQLAlchemy on
SQLite and PostgreSQL, and through Python's sqlite3 on an existing SQLite file, to the same
summaries."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from fracas.store import Store, Tracked
from fracas.store.summaries import Summary, listed, sqlite_file
from tests.store.conftest import demo


def _two_encounters(store: Store) -> tuple[str, str]:
    """An encounter of 3 entries more than its setup, then one left as it was made (changed
    last, so listed first)."""
    played = store.create(demo(seed=1), origin="demo:momentum")
    tracked = Tracked(store, played)
    for line in ("start", "attack raptor-1 -with shortbow", "undo"):
        assert tracked.run(line).ok
    fresh = store.create(demo(seed=2), origin="import")
    return played, fresh


def test_the_store_lists_the_latest_change_first_with_each_logs_length(store: Store) -> None:
    played, fresh = _two_encounters(store)
    found = store.summaries()
    assert [s.id for s in found] == [fresh, played]
    assert [s.origin for s in found] == ["import", "demo:momentum"]
    assert found[1].version == store.version(played) == found[0].version + 3
    assert found[0].name == "Surrounded by raptors" and found[0].ruleset == "momentum"
    assert found[0].updated >= found[1].updated
    assert listed(store.url) == (store.url, found)  # on PostgreSQL, through the Store


def test_sqlite3_reads_the_same_summaries_as_the_store(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    _two_encounters(store)
    with sqlite3.connect(tmp_path / "fracas.sqlite3") as connection:
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"encounters", "entries"} <= names
    assert listed(url) == (url, store.summaries())
    assert all(isinstance(s, Summary) for s in listed(url)[1])
    store.close()


def test_a_missing_file_or_one_without_tables_is_made_by_the_store(tmp_path: Path) -> None:
    missing = tmp_path / "new" / "fracas.sqlite3"
    assert listed(f"sqlite:///{missing}") == (f"sqlite:///{missing}", [])
    assert missing.is_file()  # made, with its tables, as Store(url) makes it
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    assert listed(f"sqlite:///{empty}")[1] == []
    with sqlite3.connect(empty) as connection:
        assert connection.execute("SELECT count(*) FROM encounters").fetchone() == (0,)


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:///fracas.sqlite3",
        "sqlite:////tmp/a b/fracas.sqlite3",
        "sqlite:////tmp/a%20b/fracas.sqlite3",
        "sqlite:///relative/dir/x.db",
    ],
)
def test_a_plain_sqlite_url_names_the_file_sqlalchemy_opens(url: str) -> None:
    assert sqlite_file(url) == Path(str(make_url(url).database))


@pytest.mark.parametrize(
    "url",
    [
        "sqlite://",
        "sqlite:///:memory:",
        "sqlite:///file:x.db?mode=ro&uri=true",
        "sqlite+pysqlite:///x.db",
        "postgresql://fracas@localhost/fracas",
    ],
)
def test_any_other_url_goes_through_the_store(url: str) -> None:
    assert sqlite_file(url) is None
