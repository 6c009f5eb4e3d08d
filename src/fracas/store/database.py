"""Where encounters are kept: the connection and the tables.

SQLite by default, in a file under the user's data directory (``summaries.default_url``); any
other SQLAlchemy URL through ``FRACAS_DATABASE_URL`` or ``--database``, PostgreSQL (psycopg 3) for a
deployment with several server processes. ``postgresql://`` URLs are read as psycopg 3 URLs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import make_url

from fracas.store.summaries import BUSY_SECONDS

metadata = MetaData()

encounters = Table(
    "encounters",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", Text, nullable=False),
    Column("ruleset", String(64), nullable=False),
    Column("settings", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("setup", Integer, nullable=False),
    Column("origin", Text, nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)
"""One row per encounter: what its save holds besides the steps."""

entries = Table(
    "entries",
    metadata,
    Column("encounter", String(32), ForeignKey("encounters.id"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),
    Column("data", Text, nullable=True),
    Column("created", Float, nullable=False),
)
"""The log, one row per change: a step (its action and events), an undo or a redo. The
primary key (encounter, number) is the optimistic lock: two writers cannot both add entry n."""

links = Table(
    "links",
    metadata,
    Column("token", String(64), primary_key=True),
    Column("encounter", String(32), ForeignKey("encounters.id"), nullable=False, index=True),
    Column("combatant", Text, nullable=True),
    Column("created", Float, nullable=False),
)
"""Secret links: the game master's (combatant NULL) and one per player's combatant. Revoking a
link deletes its row, so its token opens nothing any more."""

members = Table(
    "members",
    metadata,
    Column("encounter", String(32), ForeignKey("encounters.id"), primary_key=True),
    Column("name", Text, primary_key=True),
    Column("combatant", Text, nullable=True),
    Column("password", Text, nullable=True),
    Column("updated", Float, nullable=False),
)
"""The people of a chat scene: the combatant each has claimed, and a salted hash of their
password (never the password). Added after the first release: ``create_all`` adds it to an
older database."""

waiting = Table(
    "waiting",
    metadata,
    Column("encounter", String(32), ForeignKey("encounters.id"), primary_key=True),
    Column("speaker", Text, primary_key=True),
    Column("command", Text, nullable=False),
    Column("faces", Text, nullable=False),
    Column("sides", Integer, nullable=False),
)
"""Commands waiting for dice typed at the table, one per speaker (``''``: the game master):
the command text and the faces typed so far, as JSON. Added like ``members``."""

answers = Table(
    "answers",
    metadata,
    Column("encounter", String(32), ForeignKey("encounters.id"), primary_key=True),
    Column("key", String(255), primary_key=True),
    Column("number", Integer, nullable=False),
    Column("answer", Text, nullable=False),
)
"""The answer to each change a client sent with an idempotency key (``Store.append``), kept with
the entry it made (``number``) in the same transaction, so a client that sends the same key
again, after a lost answer or a restart, gets that answer and the change is never made twice.
The primary key also settles two processes running the same key at once. Added like
``members``."""


options = Table(
    "options",
    metadata,
    Column("encounter", String(32), ForeignKey("encounters.id"), primary_key=True),
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)
"""How the game master runs the table, apart from the rules: a setting of the encounter by
name, its value as JSON (``players_odds``: whether its players may see odds). Not part of a
save, like the links: an imported encounter starts with none. Added like ``members``."""


CHANNEL = "fracas_changes"
"""The PostgreSQL channel a change is announced on (its payload: the encounter's id), so live
pages in other server processes hear of it at once instead of at their next poll."""


def listen_url(url: str) -> str | None:
    """The libpq URL to LISTEN on for ``url``'s changes; None for a database without NOTIFY."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        return None
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def connect(url: str) -> Engine:
    """An engine for ``url``, with the tables created; SQLite files get WAL and full sync."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() != "sqlite":
        engine = create_engine(parsed, pool_pre_ping=True)
        metadata.create_all(engine)
        return engine
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(parsed, connect_args={"timeout": BUSY_SECONDS})
    event.listen(engine, "connect", _sqlite_pragmas)
    metadata.create_all(engine)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Durable commits (``synchronous=FULL``), readers beside a writer (WAL), foreign keys."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
