"""The store's side of one command, kept short (issue 20 target 4): a link read with its
encounter's version, or for a change through a link no read at all, its append checking the
link and the version itself and refusing every stale, revoked or impossible writer; the read
and the append on one connection held from the pool (``Store.holding``), or kept by the
thread between commands (``Store.keep_connection``, SQLite only)."""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event, text

from fracas.store import Answer, Conflict, Entry, Store, StoreError, Tracked, UnknownLink
from fracas.store.statements import HELD
from tests.store.conftest import database_url, demo


def test_a_link_is_read_with_its_encounters_version(store: Store) -> None:
    encounter = store.create(demo())
    gm = store.grant(encounter)
    link, version = store.link_at(gm.token)
    assert link == gm
    assert version == store.version(encounter) == len(demo().encounter.steps)
    Tracked(store, encounter).run("start")
    assert store.link_at(gm.token)[1] == version + 1
    with pytest.raises(UnknownLink):
        store.link_at("guess")


def test_an_append_ahead_of_the_log_is_refused_and_leaves_no_gap(store: Store) -> None:
    encounter = store.create(demo())
    version = store.version(encounter)
    with pytest.raises(Conflict):
        store.append(encounter, version + 1, Entry("undo"))
    assert store.version(encounter) == version
    assert store.load(encounter).session.save() == demo().save()


def test_catching_up_reloads_only_when_the_version_moved(store: Store) -> None:
    encounter = store.create(demo())
    table, phone = Tracked(store, encounter), Tracked(store, encounter)
    assert not phone.catch_up(phone.version)
    assert table.run("start").ok
    assert phone.catch_up(store.version(encounter))
    assert phone.session.state == table.session.state
    assert phone.version == table.version


def test_a_change_through_a_link_on_a_stale_session_is_met_by_the_append(store: Store) -> None:
    """``through`` spares the look at the version; a writer that came in between is still
    caught by the append, and the line runs again on the fresh state."""
    encounter = store.create(demo())
    token = store.grant(encounter).token
    table, phone = Tracked(store, encounter), Tracked(store, encounter)
    assert table.run("start").ok
    reply = phone.run("note the raptors circle", through=token)  # phone holds the state before
    assert reply.ok
    log = Tracked(store, encounter).session.encounter.steps
    assert [type(step.action).__name__ for step in log[-2:]] == ["StartCombat", "AddNote"]
    assert phone.session.state == Tracked(store, encounter).session.state


def test_a_line_refused_on_an_old_session_through_a_link_runs_again_on_the_new(
    store: Store,
) -> None:
    """A reply that changes nothing is checked by one read of the link and the version: run on
    a session another writer has moved past, the line runs again on the fresh state."""
    encounter = store.create(demo())
    token = store.grant(encounter).token
    table, phone = Tracked(store, encounter), Tracked(store, encounter)
    assert table.run("start").ok
    reply = phone.run("attack raptor1", through=token)  # refused before the start phone holds
    assert reply.changed and reply.lines[-1].startswith("Scout attacks Raptor 1")
    assert phone.version == store.version(encounter) == table.version + 1
    assert phone.session.state == Tracked(store, encounter).session.state


def test_nothing_is_done_through_a_link_that_no_longer_opens_the_encounter(store: Store) -> None:
    """A change through a link is refused by its own append once the link is revoked, or when
    it opens another encounter, and nothing of it is kept; a reply that changes nothing is
    refused too, and so is a change sent again with its key, whose answer is kept."""
    encounter, other = store.create(demo()), store.create(demo())
    druid, elsewhere = store.grant(encounter, "druid").token, store.grant(other).token
    tracked = Tracked(store, encounter)
    assert tracked.run("start").ok
    assert tracked.run("note hello", "druid", key="k1", through=druid).changed
    version, state = tracked.version, tracked.session.state
    with pytest.raises(UnknownLink):
        tracked.run("note the raptors circle", through=elsewhere)
    store.revoke(druid)
    for line, key in (("note one more", None), ("status", None), ("note hello", "k1")):
        with pytest.raises(UnknownLink):  # the last one's answer is kept, but not for it now
            tracked.run(line, "druid", key=key, through=druid)
    assert store.version(encounter) == tracked.version == version
    assert tracked.session.state == state == store.load(encounter).session.state


def test_a_database_failure_on_the_command_path_is_a_store_error(store: Store) -> None:
    encounter = store.create(demo())
    tracked = Tracked(store, encounter)
    with store.engine.begin() as connection:
        connection.execute(text("DROP TABLE answers"))
    with pytest.raises(StoreError, match=r"database .*answers"):
        tracked.run("start", key="k1")
    assert store.version(encounter) == tracked.version  # nothing kept, the pool still serves
    assert tracked.session.save() == demo().save()


@contextmanager
def checkouts(store: Store) -> Iterator[list[object]]:
    """Every connection the store's pool hands out in the block."""
    counted: list[object] = []

    def count(connection: object, _record: object, _proxy: object) -> None:
        counted.append(connection)

    event.listen(store.engine.pool, "checkout", count)
    try:
        yield counted
    finally:
        event.remove(store.engine.pool, "checkout", count)


def test_a_held_block_reads_the_link_and_appends_on_one_connection(store: Store) -> None:
    encounter = store.create(demo())
    token = store.grant(encounter).token
    tracked = Tracked(store, encounter)
    with checkouts(store) as counted, store.holding():
        link, version = store.link_at(token)
        assert tracked.catch_up(version) is False
        assert tracked.run("start", key="k1", through=token).ok
        assert tracked.run("start", key="k1", through=token).ok  # answered from the store
    assert len(counted) == 1
    assert link.encounter == encounter
    assert store.version(encounter) == version + 1  # committed in the block, once
    assert Tracked(store, encounter).session.state == tracked.session.state


def test_a_refused_append_in_a_held_block_is_undone_and_the_block_goes_on(store: Store) -> None:
    """Each refusal rolls its transaction back (on PostgreSQL a failed one would refuse every
    later statement on the connection), and nothing of it is kept."""
    encounter = store.create(demo())
    version = store.version(encounter)
    answer = Answer("k1", "undo", (), None)
    with store.holding():
        with pytest.raises(Conflict):  # refused by the version's check
            store.append(encounter, version + 1, Entry("undo"))
        assert store.append(encounter, version, Entry("undo"), answer=answer) == version + 1
        with pytest.raises(Conflict):  # refused by the answers' primary key
            store.append(encounter, version + 1, Entry("redo"), answer=answer)
        assert store.version(encounter) == version + 1
        assert store.append(encounter, version + 1, Entry("redo")) == version + 2
    assert store.version(encounter) == version + 2
    assert store.load(encounter).session.save() == demo().save()  # undone, then redone


def test_work_begun_in_a_held_block_takes_a_connection_of_its_own_after_it(store: Store) -> None:
    """A task made inside the block (the pages' news) runs in a copy of its context: once the
    block ends it must not use the connection given back to the pool."""
    encounter = store.create(demo())
    with store.holding():
        later = contextvars.copy_context()
    with checkouts(store) as counted:
        assert later.run(store.version, encounter) == store.version(encounter)
    assert len(counted) == 2


def test_a_thread_that_keeps_a_connection_takes_it_from_the_pool_once(store: Store) -> None:
    """The web server's event loop keeps one connection for all its commands on SQLite; on
    PostgreSQL every block still takes its own, pinged by the pool."""
    encounter = store.create(demo())
    token = store.grant(encounter).token
    tracked = Tracked(store, encounter)
    pool = store.engine.pool
    with checkouts(store) as counted, store.keep_connection():
        for line in ("start", "undo", "redo"):
            with store.holding():
                assert tracked.catch_up(store.link_at(token)[1]) is False
                assert tracked.run(line, through=token).ok
    sqlite = store.engine.dialect.name == "sqlite"
    assert len(counted) == (1 if sqlite else 3)
    assert pool.checkedout() == 0  # given back when the keeping ends
    assert store.version(encounter) == tracked.version
    assert Tracked(store, encounter).session.state == tracked.session.state


def test_a_kept_connection_ends_every_block_with_its_writes_committed_or_undone(
    store: Store,
) -> None:
    """A refused append in one block leaves nothing open for the next (on SQLite a write left
    open would hold every other writer's lock)."""
    encounter = store.create(demo())
    version = store.version(encounter)
    with store.keep_connection():
        with store.holding(), pytest.raises(Conflict):
            store.append(encounter, version + 1, Entry("undo"))
        other = Store(store.url)  # another process's writer is not locked out
        try:
            assert other.append(encounter, version, Entry("undo")) == version + 1
        finally:
            other.close()
        with store.holding():
            assert store.append(encounter, version + 1, Entry("redo")) == version + 2
    assert store.load(encounter).session.save() == demo().save()


def test_work_begun_in_a_kept_block_takes_a_connection_of_its_own_after_it(store: Store) -> None:
    """As with a connection from the pool: once the block ends, a copy of its context (a
    task made in it) does not use the thread's kept connection."""
    encounter = store.create(demo())
    with store.keep_connection():
        with store.holding():
            later = contextvars.copy_context()
        with checkouts(store) as counted:
            assert later.run(store.version, encounter) == store.version(encounter)
    assert len(counted) == 2


def test_a_kept_connection_found_broken_is_given_up_for_a_fresh_one(tmp_path: Path) -> None:
    """On SQLite, where alone connections are kept."""
    store = Store(database_url("sqlite", tmp_path))
    encounter = store.create(demo())
    with store.keep_connection():
        with store.holding():
            held = HELD.get()
            assert held is not None and held.connection is not None
            held.connection.dbapi_connection.close()  # as a file gone from under it would
            with pytest.raises(StoreError):
                store.version(encounter)
        with checkouts(store) as counted, store.holding():
            assert store.version(encounter) == len(demo().encounter.steps)
    assert len(counted) == 1
    assert store.engine.pool.checkedout() == 0
    store.close()
