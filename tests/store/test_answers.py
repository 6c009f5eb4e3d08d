"""Idempotency keys (issue 19, item 3): a change sent again with its key is never made twice,
whoever runs it again, after a restart too, on SQLite and on PostgreSQL."""

from __future__ import annotations

from fracas.store import Store, Tracked
from tests.store.conftest import demo


def test_a_repeated_key_is_answered_from_the_store_and_changes_nothing(store: Store) -> None:
    encounter = store.create(demo())
    tracked = Tracked(store, encounter)
    start = tracked.version
    first = tracked.run("roll 1d20 !13", key="gm:a1")
    assert first.changed and tracked.version == start + 1
    again = tracked.run("roll 1d20 !13", key="gm:a1")
    assert not again.changed and again.lines == first.lines
    assert tracked.version == start + 1
    kept = tracked.answered("gm:a1")
    assert kept is not None and kept.lines == first.lines and kept.version == start + 1


def test_a_key_outlives_a_restart_and_a_race_between_processes(store: Store, url: str) -> None:
    encounter = store.create(demo())
    one, other = Tracked(store, encounter), Tracked(Store(url), encounter)
    start = one.version
    assert one.run("note first", key="k").changed
    assert not other.run("note first", key="k").changed  # the other process, or a restart
    assert other.run("note second", key="k2").changed
    restarted = Tracked(Store(url), encounter)
    assert not restarted.run("note second", key="k2").changed
    assert restarted.version == start + 2
    log = restarted.session.log(2)
    assert [line for line in log if line.startswith("[")] == [
        f"[{n}] note {text}" for n, text in ((start + 1, "first"), (start + 2, "second"))
    ], log


def test_deleting_an_encounter_deletes_its_answers(store: Store) -> None:
    encounter = store.create(demo())
    Tracked(store, encounter).run("note once", key="k")
    store.delete(encounter)
    again = store.create(demo())
    assert store.answered(again, "k") is None
