"""The store: encounters kept as their logs, one row per change, in SQLite or PostgreSQL.

An encounter is its save (ruleset, settings, seed, name, setup) and a numbered list of
entries: a step (the action and every event, as in a save), an undo or a redo. Loading folds the
entries into the save's steps and undone steps and replays them (``fracas.app.session_from_save``),
so a stored encounter is exactly the encounter that was played.

Writers use optimistic versioning: ``append(id, version, entry)`` adds entry ``version + 1`` and
fails with ``Conflict`` when another writer added it first (the primary key forbids two); the
loser reloads and tries again (``fracas.store.tracked``). ``append`` returns only after the
transaction is committed, so a change acknowledged to anyone is durable.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, delete, insert, select, text, update
from sqlalchemy.exc import SQLAlchemyError

from fracas.engine.action import CombatantId
from fracas.errors import FracasError
from fracas.store.database import (
    CHANNEL,
    answers,
    connect,
    encounters,
    entries,
    links,
    listen_url,
    members,
    options,
    waiting,
)
from fracas.store.records import (
    Answer,
    Conflict,
    Entry,
    Link,
    Loaded,
    Member,
    StoreError,
    UnknownEncounter,
    UnknownLink,
)
from fracas.store.statements import (
    LAST,
    Kept,
    Path,
    Run,
    all_rows,
    cursor_on,
    first_line,
    holding,
    integrity_error,
    on_connection,
    on_cursor,
    one_row,
)
from fracas.store.summaries import SUMMARIES, Summary, default_url

# The app layer (sessions, the rulesets, the dice) is imported where a save is replayed, so that
# ``fracas list`` and other calls that only read rows start with SQLAlchemy alone.
if TYPE_CHECKING:
    from fracas.app.session import Pending, Session
    from fracas.dice import DiceSource

    Wait = tuple[CombatantId | None, Pending | None]
    """A speaker (None: the game master) and the command they now wait with for dice (None:
    none)."""

GAME_MASTER = ""
"""How the ``waiting`` table names the game master as a speaker."""

PLAYERS_ODDS = "players_odds"
"""The ``options`` row that lets an encounter's players see odds (absent: they may not)."""


class Store:
    """Encounters in one database (``url``; default: ``FRACAS_DATABASE_URL`` or a SQLite file).

    Safe to share between threads; several processes may open the same database. On PostgreSQL
    every change is announced (NOTIFY on ``CHANNEL``, with the encounter's id) when it commits.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url if url is not None else default_url()
        self.notifies = listen_url(self.url) is not None
        try:
            self.engine = connect(self.url)
        except (SQLAlchemyError, OSError) as error:
            raise StoreError(f"cannot open the database {self.url}: {error}") from error
        self.path = Path(self.engine.dialect)
        self._kept: dict[int, Kept] = {}  # by thread id (``keep_connection``)

    def close(self) -> None:
        self.engine.dispose()

    def holding(self) -> AbstractContextManager[None]:
        """One connection for this block's command path (``link_at``, ``version``,
        ``answered``, ``append``) in this task or thread, checked out once, or the one this
        thread keeps (``keep_connection``; ``statements.holding``): a web change's look at
        its link and its append."""
        return holding(self.engine, self.url, self._kept.get(threading.get_ident()))

    @contextmanager
    def keep_connection(self) -> Iterator[None]:
        """Until the block ends, this thread's ``holding`` blocks share one connection, kept
        between them instead of going back to the pool after each (``statements.Kept``): for
        a thread that serves one command after another, such as the web server's event loop.
        SQLite only: on PostgreSQL the pool's ping at each checkout is what spares a command a
        connection the server has dropped, so there every block takes its own."""
        if self.engine.dialect.name != "sqlite":
            yield
            return
        thread, kept = threading.get_ident(), Kept()
        self._kept[thread] = kept
        try:
            yield
        finally:
            del self._kept[thread]
            if kept.connection is not None:
                kept.connection.close()  # back to the pool

    # --- writing ------------------------------------------------------------------------

    def create(self, session: Session, origin: str = "") -> str:
        """Store ``session`` (its whole log) as a new encounter; its id.

        ``origin`` says where it came from (``demo:momentum``, ``import``), for finding it again.
        """
        save = session.save()
        now = time.time()
        with self._transaction() as connection:
            encounter_id = self._new_id(connection)
            connection.execute(
                insert(encounters).values(
                    id=encounter_id,
                    name=session.name,
                    ruleset=save["ruleset"],
                    settings=json.dumps(save["settings"]),
                    seed=save["seed"],
                    setup=session.setup,
                    origin=origin,
                    created=now,
                    updated=now,
                )
            )
            rows = _entries_of(save["steps"], save["undone"])
            if rows:
                connection.execute(
                    insert(entries),
                    [_row(encounter_id, n, e, now) for n, e in enumerate(rows, start=1)],
                )
        return encounter_id

    def append(
        self,
        encounter_id: str,
        version: int,
        entry: Entry,
        wait: Wait | None = None,
        answer: Answer | None = None,
        through: str | None = None,
    ) -> int:
        """Add ``entry`` after entry ``version``; the new version once it is committed.

        ``wait``: the speaker's waiting command as it is after this change, and ``answer``:
        what its sender is answered (``answered`` finds it by its key), both kept in the same
        transaction. ``through``: the token of the link the change is made through, which
        must still open the encounter when the change is committed (UnknownLink if not).
        Raises Conflict when the log has moved past ``version`` (another writer came first),
        or when another writer kept an answer with the same key first.
        """
        now, path = time.time(), self.path
        at = {"encounter": encounter_id, "version": version, "now": now, "token": through}
        touch = path.touch if through is None else path.touch_through
        try:
            with cursor_on(self.engine, self.url, write=True) as cursor:
                cursor.execute(touch.sql, touch.values(at))
                if cursor.rowcount == 0:
                    raise self._refusal(cursor, at)
                row = _row(encounter_id, version + 1, entry, now)
                cursor.execute(path.add_entry.sql, path.add_entry.values(row))
                run = on_cursor(cursor)
                if wait is not None:
                    _keep_wait(run, path, encounter_id, wait)
                if answer is not None:
                    run(path.add_answer, _answer_row(encounter_id, answer, version + 1))
                if self.notifies:
                    run(path.notify, {"channel": CHANNEL, "encounter": encounter_id})
        except integrity_error(self.engine) as error:
            raise _moved_on(encounter_id) from error
        return version + 1

    def _refusal(self, cursor: Any, at: Mapping[str, Any]) -> StoreError:
        """Why an append found nothing to touch at ``at`` (read on its own ``cursor``): its
        link is gone, or its encounter is, or else the log moved on (Conflict)."""
        path = self.path
        if at["token"] is not None:
            cursor.execute(path.link.sql, path.link.values(at))
            row = cursor.fetchone()
            if row is None or row[1] != at["encounter"]:
                return UnknownLink("no such link")
        cursor.execute(path.latest.sql, path.latest.values(at))
        if cursor.fetchone() is None:
            return UnknownEncounter(f"no encounter {at['encounter']!r}")
        return _moved_on(at["encounter"])

    def import_save(self, data: Mapping[str, Any], origin: str = "import") -> str:
        """Store a save (``fracas export``'s JSON) as a new encounter, checked by loading it
        (``fracas.app.files.imported_session``)."""
        from fracas.app.files import imported_session

        try:
            session = imported_session(dict(data))
        except FracasError as error:
            raise StoreError(f"not a save fracas can load: {error}") from error
        return self.create(session, origin)

    def grant(self, encounter_id: str, combatant: CombatantId | None = None) -> Link:
        """The secret link to ``encounter_id`` for ``combatant``'s player (None: the game
        master), made on first asking and the same afterwards."""
        with self._transaction() as connection:
            self._lock(connection, encounter_id)  # two grants at once make one token
            found = self._find_link(connection, encounter_id, combatant)
            if found is not None:
                return found
            token = _new_token()
            connection.execute(
                insert(links).values(
                    token=token, encounter=encounter_id, combatant=combatant, created=time.time()
                )
            )
        return Link(token, encounter_id, combatant)

    def delete(self, encounter_id: str, version: int | None = None) -> None:
        """Delete a stored encounter for good: its log, its links (they open nothing from now
        on), its chat members and its waiting commands. UnknownEncounter when there is none.

        ``version``: delete it only while its log is still at this version (the one a save was
        taken at), else raise Conflict: a change made since is in no save, so nothing goes.
        """
        with self._transaction() as connection:
            self._lock(connection, encounter_id)
            if version is not None and self._version(connection, encounter_id) != version:
                raise Conflict(f"encounter {encounter_id} changed: nothing deleted")
            for table in (answers, waiting, members, options, links, entries):
                connection.execute(delete(table).where(table.c.encounter == encounter_id))
            connection.execute(delete(encounters).where(encounters.c.id == encounter_id))
            self._announce(connection, encounter_id)

    def revoke(self, token: str) -> Link:
        """Revoke a link: its token opens nothing from now on; the link it was. Granting a link
        for the same seat again makes a new token. UnknownLink when there is none."""
        with self._transaction() as connection:
            row = connection.execute(select(links).where(links.c.token == token)).one_or_none()
            if row is None:
                raise UnknownLink("no such link")
            connection.execute(delete(links).where(links.c.token == token))
            self._announce(connection, row.encounter)
        return Link(row.token, row.encounter, _combatant(row.combatant))

    def replace(self, token: str) -> Link:
        """Replace a link by a new one for the same seat, in one transaction: the old token
        opens nothing from now on, the new link is returned, and the seat is never without a
        link (a game master replacing their own cannot lock themselves out). UnknownLink when
        there is none."""
        with self._transaction() as connection:
            row = connection.execute(  # a write first: of two replacing at once, one finds it
                delete(links).where(links.c.token == token).returning(*links.c)
            ).one_or_none()
            if row is None:
                raise UnknownLink("no such link")
            fresh = _new_token()
            connection.execute(
                insert(links).values(
                    token=fresh,
                    encounter=row.encounter,
                    combatant=row.combatant,
                    created=row.created,
                )
            )
            self._announce(connection, row.encounter)
        return Link(fresh, row.encounter, _combatant(row.combatant))

    def keep_member(self, encounter_id: str, member: Member) -> None:
        """Keep a chat member (their claim, their password's hash) with the encounter."""
        with self._transaction() as connection:
            self._lock(connection, encounter_id)
            _put_member(connection, encounter_id, member)

    def swap_member(self, encounter_id: str, was: Member | None, member: Member) -> bool:
        """Keep ``member`` only while its name is kept as ``was`` (None: not at all); whether
        it was kept. The check and the change are one transaction holding the encounter, so of
        two chat servers admitting one new name at once, one keeps its password, never both."""
        with self._transaction() as connection:
            self._lock(connection, encounter_id)
            row = connection.execute(
                select(members).where(
                    members.c.encounter == encounter_id, members.c.name == member.name
                )
            ).one_or_none()
            now = None if row is None else Member(row.name, _combatant(row.combatant), row.password)
            if now != was:
                return False
            _put_member(connection, encounter_id, member)
        return True

    def wait(self, encounter_id: str, speaker: CombatantId | None, pending: Pending | None) -> None:
        """Keep (or, with None, forget) the command ``speaker`` waits with for typed dice."""
        with self._transaction() as connection:
            self._lock(connection, encounter_id)
            _keep_wait(on_connection(connection), self.path, encounter_id, (speaker, pending))

    def share_odds(self, encounter_id: str, players: bool) -> None:
        """Let the encounter's players see odds, or stop them: a setting of the encounter,
        kept for every server process and across restarts, never a step of its log (undo does
        not touch it)."""
        with self._transaction() as connection:
            self._lock(connection, encounter_id)
            chosen = (options.c.encounter == encounter_id, options.c.name == PLAYERS_ODDS)
            connection.execute(delete(options).where(*chosen))
            if players:
                row = {"encounter": encounter_id, "name": PLAYERS_ODDS, "value": "true"}
                connection.execute(insert(options).values(row))

    # --- reading ------------------------------------------------------------------------

    def players_see_odds(self, encounter_id: str) -> bool:
        """Whether the game master lets the encounter's players see odds (off until they do)."""
        at = {"encounter": encounter_id, "name": PLAYERS_ODDS}
        row = one_row(self.engine, self.url, self.path.option, at)
        return row is not None and bool(json.loads(row[0]))

    def load(self, encounter_id: str, dice: DiceSource | None = None) -> Loaded:
        """The encounter as a session (replayed from its log), and its version."""
        with self._read() as connection:
            header = self._header(connection, encounter_id)
            rows = connection.execute(
                select(entries.c.kind, entries.c.data)
                .where(entries.c.encounter == encounter_id)
                .order_by(entries.c.number)
            ).all()
            waits = connection.execute(
                select(waiting).where(waiting.c.encounter == encounter_id)
            ).all()
        steps, undone = _fold([(row.kind, row.data) for row in rows], encounter_id)
        save = {**_save_header(header), "steps": steps, "undone": undone}
        from fracas.app.files import session_from_save
        from fracas.app.session import Pending

        try:
            session = session_from_save(save, dice)
        except FracasError as error:
            raise StoreError(f"encounter {encounter_id} cannot be replayed: {error}") from error
        for row in waits:
            speaker = None if row.speaker == GAME_MASTER else CombatantId(row.speaker)
            if speaker is None or speaker in session.state.combatants:
                faces = tuple(int(face) for face in json.loads(row.faces))
                session.wait(speaker, Pending(row.command, faces, row.sides))
        return Loaded(session, len(rows))

    def answered(self, encounter_id: str, key: str) -> Answer | None:
        """The answer kept for a change sent with idempotency ``key``; None when there is none."""
        row = one_row(
            self.engine, self.url, self.path.answer, {"encounter": encounter_id, "key": key}
        )
        if row is None:
            return None
        number, answer = row
        kept = json.loads(answer)
        return Answer(key, kept["command"], tuple(kept["lines"]), kept["needs"], number)

    def export(self, encounter_id: str) -> dict[str, Any]:
        """The encounter's save (as ``Session.save()`` writes it)."""
        return self.load(encounter_id).session.save()

    def version(self, encounter_id: str) -> int:
        """The number of the encounter's last entry (0: none yet)."""
        row = one_row(self.engine, self.url, self.path.latest, {"encounter": encounter_id})
        if row is None:
            raise UnknownEncounter(f"no encounter {encounter_id!r}")
        return int(row[1] or 0)

    def summaries(self) -> list[Summary]:
        """Every stored encounter, the most recently changed first (``fracas list`` reads the
        same query without SQLAlchemy where it can: ``fracas.store.summaries``)."""
        with self._read() as connection:
            rows = connection.execute(text(SUMMARIES)).all()
        return [Summary.of_row(row) for row in rows]

    def find_origin(self, origin: str) -> str | None:
        """The most recently changed encounter that came from ``origin``, if any."""
        with self._read() as connection:
            return connection.execute(
                select(encounters.c.id)
                .where(encounters.c.origin == origin)
                .order_by(encounters.c.updated.desc())
                .limit(1)
            ).scalar_one_or_none()

    def link(self, token: str) -> Link:
        """The link a token opens; UnknownLink when there is none."""
        return self.link_at(token)[0]

    def link_at(self, token: str) -> tuple[Link, int]:
        """The link a token opens and its encounter's version, read at once; UnknownLink when
        there is none."""
        row = one_row(self.engine, self.url, self.path.link, {"token": token})
        if row is None:
            raise UnknownLink("no such link")
        found, encounter_id, combatant, last = row
        return Link(found, encounter_id, _combatant(combatant)), int(last or 0)

    def links(self, encounter_id: str) -> list[Link]:
        """Every link made to an encounter: the game master's first, then players' by age."""
        rows = all_rows(self.engine, self.url, self.path.links, {"encounter": encounter_id})
        found = [Link(token, encounter, _combatant(who)) for token, encounter, who in rows]
        return sorted(found, key=lambda link: not link.gm)

    def game_master_tokens(self) -> dict[str, str]:
        """The game master's link token of every encounter that has one, by encounter id."""
        with self._read() as connection:
            rows = connection.execute(
                select(links.c.encounter, links.c.token).where(links.c.combatant.is_(None))
            ).all()
        return {row.encounter: row.token for row in rows}

    def members(self, encounter_id: str) -> list[Member]:
        """The chat members kept with an encounter, by name."""
        with self._read() as connection:
            rows = connection.execute(
                select(members).where(members.c.encounter == encounter_id).order_by(members.c.name)
            ).all()
        return [Member(r.name, _combatant(r.combatant), r.password) for r in rows]

    # --- helpers ------------------------------------------------------------------------

    def _transaction(self) -> AbstractContextManager[Connection]:
        return _guarded(self.engine.begin, self.url)

    def _read(self) -> AbstractContextManager[Connection]:
        return _guarded(self.engine.connect, self.url)

    def _announce(self, connection: Connection, encounter_id: str) -> None:
        """Tell listening processes, when the transaction commits, that the encounter changed."""
        if self.notifies:
            run = on_connection(connection)
            run(self.path.notify, {"channel": CHANNEL, "encounter": encounter_id})

    @staticmethod
    def _lock(connection: Connection, encounter_id: str) -> None:
        """Hold the encounter against every other writer until the transaction ends: on SQLite
        the write lock (taken by the first change), on PostgreSQL its row. So nothing is added
        to an encounter being deleted, and what is kept while it is deleted waits, then finds no
        encounter (UnknownEncounter), never a foreign-key error."""
        unchanged = {"updated": encounters.c.updated}  # a write, but not a change
        changed = connection.execute(
            update(encounters).where(encounters.c.id == encounter_id).values(unchanged)
        )
        if changed.rowcount == 0:
            raise UnknownEncounter(f"no encounter {encounter_id!r}")
        connection.execute(
            select(encounters.c.id).where(encounters.c.id == encounter_id).with_for_update()
        )

    def _header(self, connection: Connection, encounter_id: str) -> Any:
        row = connection.execute(
            select(encounters).where(encounters.c.id == encounter_id)
        ).one_or_none()
        if row is None:
            raise UnknownEncounter(f"no encounter {encounter_id!r}")
        return row

    @staticmethod
    def _version(connection: Connection, encounter_id: str) -> int:
        return int(connection.execute(LAST, {"encounter": encounter_id}).scalar_one() or 0)

    @staticmethod
    def _new_id(connection: Connection) -> str:
        while True:
            candidate = secrets.token_hex(4)
            taken = connection.execute(
                select(encounters.c.id).where(encounters.c.id == candidate)
            ).first()
            if taken is None:
                return candidate

    @staticmethod
    def _find_link(
        connection: Connection, encounter_id: str, combatant: CombatantId | None
    ) -> Link | None:
        chosen = (
            links.c.combatant.is_(None) if combatant is None else links.c.combatant == combatant
        )
        row = connection.execute(
            select(links.c.token).where(links.c.encounter == encounter_id, chosen).limit(1)
        ).one_or_none()
        return None if row is None else Link(row.token, encounter_id, combatant)


@contextmanager
def _guarded(opener: Callable[[], Any], url: str) -> Iterator[Connection]:
    """A connection (or transaction) whose database failures become one-line StoreErrors."""
    try:
        with opener() as connection:
            yield connection
    except SQLAlchemyError as error:
        raise StoreError(f"database {url}: {first_line(error)}") from error


def _put_member(connection: Connection, encounter_id: str, member: Member) -> None:
    """Write ``member``'s row of the ``members`` table, made or replaced."""
    values = {"combatant": member.combatant, "password": member.password, "updated": time.time()}
    changed = connection.execute(
        update(members)
        .where(members.c.encounter == encounter_id, members.c.name == member.name)
        .values(**values)
    )
    if changed.rowcount == 0:
        row = {"encounter": encounter_id, "name": member.name, **values}
        connection.execute(insert(members).values(row))


def _keep_wait(run: Run, path: Path, encounter_id: str, wait: Wait) -> None:
    """Replace the speaker's row of the ``waiting`` table by ``wait``'s command (if any)."""
    speaker, pending = wait
    key = GAME_MASTER if speaker is None else str(speaker)
    run(path.forget_wait, {"encounter": encounter_id, "speaker": key})
    if pending is not None:
        row = {
            "encounter": encounter_id,
            "speaker": key,
            "command": pending.command,
            "faces": json.dumps(list(pending.faces)),
            "sides": pending.sides,
        }
        run(path.add_wait, row)


def _answer_row(encounter_id: str, answer: Answer, number: int) -> dict[str, Any]:
    kept = {"command": answer.command, "lines": list(answer.lines), "needs": answer.needs}
    return {
        "encounter": encounter_id,
        "key": answer.key,
        "number": number,
        "answer": json.dumps(kept, ensure_ascii=False),
    }


def _new_token() -> str:
    """An unguessable link token (32 URL-safe characters) that does not start with "-", which
    a command line (``fracas revoke TOKEN``) would take for an option."""
    token = secrets.token_urlsafe(24)
    while token.startswith("-"):
        token = secrets.token_urlsafe(24)
    return token


def _combatant(value: str | None) -> CombatantId | None:
    return None if value is None else CombatantId(value)


def _moved_on(encounter_id: str) -> Conflict:
    """The refusal of an append made on an old version (the message made only when needed)."""
    return Conflict(f"encounter {encounter_id} changed: reload and try again")


def _row(encounter_id: str, number: int, entry: Entry, now: float) -> dict[str, Any]:
    return {
        "encounter": encounter_id,
        "number": number,
        "kind": entry.kind,
        "data": entry.data,
        "created": now,
    }


def _entries_of(steps: Sequence[Any], undone: Sequence[Any]) -> list[Entry]:
    """The log that rebuilds a save's steps and undone steps (the next to redo last)."""
    done = [Entry("step", json.dumps(s, ensure_ascii=False)) for s in (*steps, *reversed(undone))]
    return done + [Entry("undo") for _ in undone]


def _fold(rows: Sequence[tuple[str, str | None]], encounter_id: str) -> tuple[list[Any], list[Any]]:
    """A log's entries as a save's steps and undone steps."""
    steps: list[Any] = []
    undone: list[Any] = []
    for number, (kind, data) in enumerate(rows, start=1):
        if kind == "step" and data is not None:
            steps.append(json.loads(data))
            undone.clear()
        elif kind == "undo" and steps:
            undone.append(steps.pop())
        elif kind == "redo" and undone:
            steps.append(undone.pop())
        else:
            raise StoreError(f"encounter {encounter_id}: entry {number} ({kind}) does not fit")
    return steps, undone


def _save_header(row: Any) -> dict[str, Any]:
    from fracas.engine import saving

    return {
        "format": saving.FORMAT,
        "version": saving.VERSION,
        "ruleset": row.ruleset,
        "settings": json.loads(row.settings),
        "seed": row.seed,
        "name": row.name,
        "setup": row.setup,
    }
