"""The statements every command runs, built once, their values bound when they run.

Building a SQLAlchemy statement (``select(…).where(…)``) and its cache key costs about ten
times what running it costs on SQLite: the look at an encounter's version that precedes every
command took 0.47 ms built anew each time and 0.05 ms built here
(``benchmarks/command_path.py``). The parameters are named after what they hold.

``Prepared`` goes one step further for the statements of a command's path: SQLAlchemy compiles
each once for the database's driver (its SQL dialect and parameter style), and the store runs
the text on the driver's own cursor, which costs a fifth of running it through a SQLAlchemy
``Connection`` (0.04 against 0.008 ms a statement on SQLite).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    ClauseElement,
    Dialect,
    bindparam,
    delete,
    func,
    insert,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy.sql.compiler import SQLCompiler

from fracas.store.database import answers, encounters, entries, links, waiting

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

LINKS = select(links).where(links.c.encounter == bindparam("encounter")).order_by(links.c.created)

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
    entry), compiled once for one database's driver."""

    def __init__(self, dialect: Dialect) -> None:
        self.link = Prepared.of(LINK, dialect)
        self.latest = Prepared.of(LATEST, dialect)
        self.answer = Prepared.of(ANSWER, dialect)
        self.touch = Prepared.of(TOUCH_AT, dialect)
        self.add_entry = Prepared.of(ADD_ENTRY, dialect, ENTRY_KEYS)
        self.add_answer = Prepared.of(ADD_ANSWER, dialect, ANSWER_KEYS)
        self.add_wait = Prepared.of(ADD_WAIT, dialect, WAIT_KEYS)
        self.forget_wait = Prepared.of(FORGET_WAIT, dialect)
        self.notify = Prepared.of(NOTIFY, dialect)
