"""The store's side of one command, kept short (issue 20 target 4): a link read with its
encounter's version, one look at the version before a change, and an append whose own check
still refuses every stale or impossible writer."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from fracas.store import Conflict, Entry, Store, StoreError, Tracked, UnknownLink
from tests.store.conftest import demo


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


def test_a_checked_change_on_a_stale_session_is_met_by_the_append(store: Store) -> None:
    """``checked`` spares the look at the version; a writer that came in between is still
    caught by the append, and the line runs again on the fresh state."""
    encounter = store.create(demo())
    table, phone = Tracked(store, encounter), Tracked(store, encounter)
    assert table.run("start").ok
    reply = phone.run("note the raptors circle", checked=True)  # phone holds the state before
    assert reply.ok
    log = Tracked(store, encounter).session.encounter.steps
    assert [type(step.action).__name__ for step in log[-2:]] == ["StartCombat", "AddNote"]
    assert phone.session.state == Tracked(store, encounter).session.state


def test_a_database_failure_on_the_command_path_is_a_store_error(store: Store) -> None:
    encounter = store.create(demo())
    tracked = Tracked(store, encounter)
    with store.engine.begin() as connection:
        connection.execute(text("DROP TABLE answers"))
    with pytest.raises(StoreError, match=r"database .*answers"):
        tracked.run("start", key="k1")
    assert store.version(encounter) == tracked.version  # nothing kept, the pool still serves
    assert tracked.session.save() == demo().save()
