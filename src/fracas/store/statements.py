"""The statements every command runs, built once, their values bound when they run.

Building a SQLAlchemy statement (``select(…).where(…)``) and its cache key costs about ten
times what running it costs on SQLite: the look at an encounter's version that precedes every
command took 0.47 ms built anew each time and 0.05 ms built here
(``benchmarks/command_path.py``). The parameters are named after what they hold.

``Prepared`` goes one step further for the statements of a command's path: SQLAlchemy compiles
each once for the database's driver (its SQL dialect and parameter style), and the store runs
the text on the driver's own cursor from the engine's pool (``cursor_on``), which costs a fifth
of running it through a SQLAlchemy ``Connection`` (0.008 against 0.04 ms a statement on SQLite).

A thread that runs one command after another (the web server's event loop) may keep one
connection for all its ``holding`` blocks (``Kept``) rather than take one from the pool for
each: a checkout and its check-in cost 16 µs run back to back, but 190 µs for a command that
comes after a pause, as a game master's do, when the pool's code and objects have left the
processor's caches (``benchmarks/cold.py``; ``docs/performance.md``, "Target 4, ninth
session").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    ClauseElement,
    Connection,
    Dialect,
    Engine,
    bindparam,
    delete,
    exists,
    func,
    insert,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql.compiler import SQLCompiler

from fracas.store.database import answers, encounters, entries, links, options, waiting
from fracas.store.records import StoreError

LATEST = select(
    encounters.c.id,
    select(func.max(entries.c.number))
    .where(entries.c.encounter == bindparam("encounter"))
    .scalar_subquery(),
).where(encounters.c.id == bindparam("encounter"))
"""The encounter's id (no row: there is no such encounter) and the number of its last entry
(NULL: none yet)."""

LAST = select(func.max(entries.c.number)).where(entries.c.encounter == bindparam("encounter"))
"""The number of the encounter's last entry (NULL: none yet)."""

TOUCH_AT = (
    update(encounters)
    .where(
        encounters.c.id == bindparam("encounter"),
        func.coalesce(LAST.scalar_subquery(), literal_column("0")) == bindparam("version"),
    )
    .values(updated=bindparam("now"))
)
"""Mark the encounter changed at ``now`` while its log is at ``version`` (no row changed: there
is no such encounter, or the log has moved on). Its write takes the encounter from every other
writer until the transaction ends; the log's primary key settles two writers that looked at
the same version at once."""

TOUCH_THROUGH = TOUCH_AT.where(
    exists().where(links.c.token == bindparam("token"), links.c.encounter == bindparam("encounter"))
)
"""``TOUCH_AT`` only while the link ``token`` still opens the encounter (no row changed: nor
when it was revoked): a change made through a link is refused in its own transaction once
the link is gone, so a server need not read the link before every change."""

ENTRY_KEYS = ("encounter", "number", "kind", "data", "created")
ADD_ENTRY = insert(entries)
ANSWER_KEYS = ("encounter", "key", "number", "answer")
ADD_ANSWER = insert(answers)
WAIT_KEYS = ("encounter", "speaker", "command", "faces", "sides")
ADD_WAIT = insert(waiting)

FORGET_WAIT = delete(waiting).where(
    waiting.c.encounter == bindparam("encounter"), waiting.c.speaker == bindparam("speaker")
)

ANSWER = select(answers.c.number, answers.c.answer).where(
    answers.c.encounter == bindparam("encounter"), answers.c.key == bindparam("key")
)

LINK = select(
    links.c.token,
    links.c.encounter,
    links.c.combatant,
    select(func.max(entries.c.number))
    .where(entries.c.encounter == links.c.encounter)
    .scalar_subquery(),
).where(links.c.token == bindparam("token"))
"""The link a token opens (no row: none) and the number of its encounter's last entry (NULL:
none yet)."""

LINKS = (
    select(links.c.token, links.c.encounter, links.c.combatant)
    .where(links.c.encounter == bindparam("encounter"))
    .order_by(links.c.created)
)
"""Every link made to an encounter, oldest first; read at every change a live page is told."""

OPTION = select(options.c.value).where(
    options.c.encounter == bindparam("encounter"), options.c.name == bindparam("name")
)
"""An encounter's setting ``name`` (its JSON; no row: not set), read for every live page's view
at every change."""

NOTIFY = text("SELECT pg_notify(:channel, :encounter)")
"""Announce on PostgreSQL, when the transaction commits, that the encounter changed (on
``channel``: ``fracas.store.database.CHANNEL``)."""


@dataclass(frozen=True)
class Prepared:
    """A statement compiled for one driver: its SQL text, and the order its values are passed
    in when the driver takes them by position (SQLite's ``?``; None: by name, as psycopg's
    ``%(name)s``)."""

    sql: str
    order: tuple[str, ...] | None

    @classmethod
    def of(
        cls, statement: ClauseElement, dialect: Dialect, keys: Sequence[str] | None = None
    ) -> Prepared:
        """``statement`` compiled for ``dialect``; ``keys``: the columns an insert is given."""
        compiled = statement.compile(dialect=dialect, column_keys=None if keys is None else [*keys])
        assert isinstance(compiled, SQLCompiler)  # a statement's, not DDL's
        order = tuple(compiled.positiontup or ()) if compiled.positional else None
        return cls(compiled.string, order)

    def values(self, given: Mapping[str, Any]) -> Sequence[Any] | Mapping[str, Any]:
        """``given`` (by name) as the driver takes them."""
        if self.order is None:
            return given
        return tuple(given[name] for name in self.order)


class Path:
    """The statements of a command's path (look at a link, a version, an answer; append an
    entry) and of its news (a setting), compiled once for one database's driver."""

    def __init__(self, dialect: Dialect) -> None:
        self.link = Prepared.of(LINK, dialect)
        self.latest = Prepared.of(LATEST, dialect)
        self.answer = Prepared.of(ANSWER, dialect)
        self.touch = Prepared.of(TOUCH_AT, dialect)
        self.touch_through = Prepared.of(TOUCH_THROUGH, dialect)
        self.add_entry = Prepared.of(ADD_ENTRY, dialect, ENTRY_KEYS)
        self.add_answer = Prepared.of(ADD_ANSWER, dialect, ANSWER_KEYS)
        self.add_wait = Prepared.of(ADD_WAIT, dialect, WAIT_KEYS)
        self.forget_wait = Prepared.of(FORGET_WAIT, dialect)
        self.notify = Prepared.of(NOTIFY, dialect)
        self.option = Prepared.of(OPTION, dialect)
        self.links = Prepared.of(LINKS, dialect)


Run = Callable[[Prepared, Mapping[str, Any]], None]
"""Runs a prepared statement with its values, in a transaction begun by the caller."""


def integrity_error(engine: Engine) -> type[Exception]:
    """The driver's IntegrityError (a lost race for an entry number or an answer's key)."""
    found: type[Exception] = engine.dialect.loaded_dbapi.IntegrityError
    return found


@dataclass
class Held:
    """A pool connection that ``cursor_on`` reuses for ``engine`` while it is held (None once
    it went back to the pool: a task started inside the block keeps this very object, so it
    never runs on a connection given back)."""

    engine: Engine
    connection: PoolProxiedConnection | None


HELD: ContextVar[Held | None] = ContextVar("fracas_held_connection", default=None)
"""The connection held by ``holding`` in this task or thread, if any."""


@dataclass
class Kept:
    """The connection one thread keeps between its ``holding`` blocks (None: none yet, or it
    was found broken and given up)."""

    connection: PoolProxiedConnection | None = None


@contextmanager
def holding(engine: Engine, url: str, kept: Kept | None = None) -> Iterator[None]:
    """One connection for every prepared statement run in this block (in this task or
    thread): a command's look at its link and its append then cost one checkout, not two (on
    PostgreSQL one pre-ping, not two), or none when the thread ``kept`` a connection from an
    earlier block. Each write still commits or rolls back as its own transaction; a read on
    PostgreSQL stays in the next one, until the connection goes back to the pool."""
    held = HELD.get()
    if held is not None and held.engine is engine and held.connection is not None:
        yield  # held already, by an outer block
        return
    connection = kept.connection if kept is not None else None
    mine = Held(engine, connection if connection is not None else _checkout(engine, url))
    token = HELD.set(mine)
    try:
        yield
    finally:
        HELD.reset(token)
        connection, mine.connection = mine.connection, None  # no task made in the block uses it
        if kept is not None:
            kept.connection = connection  # None when it was found broken in the block
        elif connection is not None:
            connection.close()  # back to the pool, rolled back unless committed


@contextmanager
def cursor_on(engine: Engine, url: str, write: bool = False) -> Iterator[Any]:
    """A cursor of the driver's own, on a connection from ``engine``'s pool (its database:
    ``url``) or the one ``holding`` holds, for prepared statements; with ``write``, one
    transaction committed at the end (rolled back on any failure). Database failures become
    one-line StoreErrors; the driver's IntegrityError passes through, for the append to tell
    a lost race."""
    dbapi = engine.dialect.loaded_dbapi
    held = HELD.get()
    if held is not None and held.engine is engine and held.connection is not None:
        connection, owned = held.connection, False
    else:
        held, connection, owned = None, _checkout(engine, url), True
    cursor = None
    try:
        cursor = connection.cursor()
        yield cursor
        if write:
            connection.commit()
    except dbapi.Error as error:
        if engine.dialect.is_disconnect(error, connection.dbapi_connection, cursor):
            connection.invalidate(error)  # not back into the pool
            if held is not None:
                held.connection = None  # the block's next statement checks out a live one
        elif not owned:
            connection.rollback()
        if isinstance(error, dbapi.IntegrityError):
            raise
        raise StoreError(f"database {url}: {first_line(error)}") from error
    except BaseException:
        if not owned and write:
            connection.rollback()
        raise
    finally:
        if cursor is not None:
            cursor.close()
        if owned:
            connection.close()  # back to the pool, rolled back unless committed


def _checkout(engine: Engine, url: str) -> PoolProxiedConnection:
    try:
        return engine.raw_connection()
    except SQLAlchemyError as error:
        raise StoreError(f"database {url}: {first_line(error)}") from error


def one_row(engine: Engine, url: str, statement: Prepared, values: Mapping[str, Any]) -> Any:
    """The first row ``statement`` reads (a tuple), or None."""
    with cursor_on(engine, url) as cursor:
        cursor.execute(statement.sql, statement.values(values))
        return cursor.fetchone()


def all_rows(engine: Engine, url: str, statement: Prepared, values: Mapping[str, Any]) -> list[Any]:
    """Every row ``statement`` reads (tuples)."""
    with cursor_on(engine, url) as cursor:
        cursor.execute(statement.sql, statement.values(values))
        return list(cursor.fetchall())


def on_cursor(cursor: Any) -> Run:
    """Prepared statements run on a driver's cursor."""

    def run(statement: Prepared, values: Mapping[str, Any]) -> None:
        cursor.execute(statement.sql, statement.values(values))

    return run


def on_connection(connection: Connection) -> Run:
    """Prepared statements run in a SQLAlchemy connection's transaction."""

    def run(statement: Prepared, values: Mapping[str, Any]) -> None:
        connection.exec_driver_sql(statement.sql, statement.values(values))

    return run


def first_line(error: BaseException) -> str:
    """An error's message in one line (a driver's may run over several)."""
    return str(error).splitlines()[0] if str(error) else type(error).__name__
