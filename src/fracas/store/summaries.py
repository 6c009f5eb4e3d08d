"""What ``fracas list`` shows of the stored encounters, read with as few imports as it takes.

``SUMMARIES`` is the one query, as SQL text that SQLite and PostgreSQL both read:
``Store.summaries`` runs it through SQLAlchemy on any database, and ``listed`` runs the very same
text through Python's own ``sqlite3`` when the database is an existing SQLite file named by a plain
``sqlite:///PATH`` URL (the default), so that listing imports neither SQLAlchemy (most of a
start-up's time: ``docs/performance.md``, "Start-up") nor the app layer. Every other database,
and a file that does not exist yet or lacks the tables, goes through the Store, which makes them.

The database's default location (``default_url``) lives here too: this module imports only the
standard library (and ``platformdirs`` when the default is asked for).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

ENVIRONMENT = "FRACAS_DATABASE_URL"
FILE_NAME = "fracas.sqlite3"
BUSY_SECONDS = 30
"""How long a SQLite reader or writer waits for another process's write before giving up."""

SQLITE_FILE = "sqlite:///"
"""How a plain SQLite URL starts; the path follows (``sqlite:////abs/path`` is ``/abs/path``)."""

SUMMARIES = (
    "SELECT encounters.id, encounters.name, encounters.ruleset, COALESCE(counts.n, 0),"
    " encounters.updated, encounters.origin"
    " FROM encounters LEFT OUTER JOIN"
    " (SELECT entries.encounter AS encounter, count(*) AS n FROM entries"
    " GROUP BY entries.encounter) AS counts"
    " ON counts.encounter = encounters.id"
    " ORDER BY encounters.updated DESC, encounters.id"
)
"""Every stored encounter with the number of entries in its log, the most recently changed
first: the columns of ``Summary``, in its order."""


@dataclass(frozen=True)
class Summary:
    """What ``fracas list`` shows of an encounter."""

    id: str
    name: str
    ruleset: str
    version: int
    """How many entries its log has."""
    updated: float
    origin: str

    @classmethod
    def of_row(cls, row: Sequence[Any]) -> Summary:
        """The summary of one row of ``SUMMARIES``."""
        encounter_id, name, ruleset, version, updated, origin = row
        return cls(encounter_id, name, ruleset, int(version), float(updated), origin)


def default_url() -> str:
    """``FRACAS_DATABASE_URL``, or a SQLite file in the user's data directory."""
    configured = os.environ.get(ENVIRONMENT, "").strip()
    if configured:
        return configured
    import platformdirs  # only here: ``--database`` or the variable need it not

    folder = Path(platformdirs.user_data_dir("fracas", appauthor=False))
    return f"{SQLITE_FILE}{folder / FILE_NAME}"


def sqlite_file(url: str) -> Path | None:
    """The file a plain ``sqlite:///PATH`` URL names (its path percent-decoded, as SQLAlchemy
    reads it); None for any other URL: another database, a driver named, query parameters, a
    database in memory."""
    if not url.startswith(SQLITE_FILE) or "?" in url:
        return None
    path = unquote(url.removeprefix(SQLITE_FILE))
    if path in ("", ":memory:"):
        return None
    return Path(path)


def listed(url: str | None = None) -> tuple[str, list[Summary]]:
    """The database's URL (``url``, else ``default_url()``) and every encounter stored there,
    the most recently changed first. Raises StoreError when the database cannot be read."""
    url = url if url is not None else default_url()
    path = sqlite_file(url)
    if path is not None and path.is_file():
        try:
            with closing(sqlite3.connect(path, timeout=BUSY_SECONDS)) as connection:
                rows = connection.execute(SUMMARIES).fetchall()
            return url, [Summary.of_row(row) for row in rows]
        except sqlite3.Error:
            pass  # no tables yet, or a damaged file: the Store makes them, or says what is wrong
    from fracas.store.store import Store

    store = Store(url)
    try:
        return store.url, store.summaries()
    finally:
        store.close()
