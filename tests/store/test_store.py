"""The store keeps encounters as their logs: every change durable, replayed identically."""

from __future__ import annotations

import json
import threading

import pytest

from fracas.store import Conflict, Entry, Store, StoreError, Tracked, UnknownEncounter, UnknownLink
from fracas.store.summaries import default_url
from tests.store.conftest import demo


def test_a_stored_encounter_loads_back_identical(store: Store) -> None:
    session = demo()
    session.run("start")
    session.run("attack raptor-1 -with shortbow")
    encounter = store.create(session)
    loaded = store.load(encounter)
    assert loaded.session.save() == session.save()
    assert loaded.session.state == session.state
    assert loaded.version == len(session.encounter.steps)


def test_each_change_is_one_entry_committed_before_the_reply(store: Store, url: str) -> None:
    encounter = store.create(demo())
    tracked = Tracked(store, encounter)
    start = tracked.version
    reply = tracked.run("start")
    assert reply.ok
    other = Store(url)  # another client sees it as soon as the reply is back
    assert other.version(encounter) == start + 1
    assert other.load(encounter).session.state == tracked.session.state
    assert not tracked.run("attack nobody").ok  # an error changes nothing, stores nothing
    assert other.version(encounter) == start + 1
    other.close()


def test_undo_and_redo_are_durable(store: Store) -> None:
    encounter = store.create(demo())
    tracked = Tracked(store, encounter)
    tracked.run("start")
    tracked.run("attack raptor-1 -with shortbow")
    attacked = tracked.session.state
    assert tracked.run("undo").ok
    reloaded = Tracked(store, encounter)
    assert reloaded.session.state == tracked.session.state != attacked
    assert len(reloaded.session.encounter.undone) == 1
    assert reloaded.run("redo").ok
    assert Tracked(store, encounter).session.state == attacked


def test_a_stale_writer_gets_a_conflict(store: Store) -> None:
    encounter = store.create(demo())
    version = store.version(encounter)
    first = Tracked(store, encounter)
    first.run("start")
    with pytest.raises(Conflict):
        store.append(encounter, version, Entry("step", json.dumps({"action": {}, "events": []})))
    assert store.version(encounter) == version + 1


def test_the_loser_of_a_race_reloads_and_runs_its_line_again(store: Store) -> None:
    encounter = store.create(demo())
    table, phone = Tracked(store, encounter), Tracked(store, encounter)
    assert table.run("start").ok
    reply = phone.run("note the raptors circle")  # phone still holds the state before start
    assert reply.ok
    log = Tracked(store, encounter).session.encounter.steps
    assert [type(step.action).__name__ for step in log[-2:]] == ["StartCombat", "AddNote"]


def test_two_concurrent_clients_lose_no_update(url: str) -> None:
    setup = Store(url)
    encounter = setup.create(demo())
    start = setup.version(encounter)
    acknowledged: list[str] = []
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def client(name: str) -> None:
        store = Store(url)  # its own connections, as another process would have
        tracked = Tracked(store, encounter)
        barrier.wait()
        try:
            for n in range(15):
                text = f"note {name} {n}"
                if tracked.run(text).ok:
                    acknowledged.append(f"{name} {n}")
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)
        store.close()

    threads = [threading.Thread(target=client, args=(name,)) for name in ("gm", "player")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(acknowledged) == 30
    session = setup.load(encounter).session
    notes = [step.action.text for step in session.encounter.steps[start:]]  # type: ignore[attr-defined]
    assert sorted(notes) == sorted(acknowledged)
    assert setup.version(encounter) == start + 30
    setup.close()


def test_export_and_import_round_trip(store: Store) -> None:
    session = demo()
    session.run("start")
    session.run("attack raptor-1 -with shortbow")
    session.run("undo")
    encounter = store.create(session)
    exported = store.export(encounter)
    assert exported == session.save()
    copy = store.import_save(exported)
    assert copy != encounter
    assert store.export(copy) == exported
    assert {s.id for s in store.summaries()} == {encounter, copy}


def test_a_bad_save_is_refused_and_nothing_is_stored(store: Store) -> None:
    broken = {**demo().save(), "steps": [{"action": {"type": "Nonsense"}, "events": []}]}
    with pytest.raises(StoreError, match="Nonsense"):
        store.import_save(broken)
    with pytest.raises(StoreError):
        store.import_save({"format": "something else"})
    assert store.summaries() == []


def test_links_are_secret_stable_and_scoped(store: Store) -> None:
    one, two = store.create(demo()), store.create(demo())
    gm = store.grant(one)
    assert store.grant(one) == gm and gm.gm
    player = store.grant(one, next(iter(demo().state.combatants)))
    assert not player.gm and player.token != gm.token
    assert store.link(gm.token).encounter == one
    assert store.grant(two).token != gm.token
    assert [link.token for link in store.links(one)] == [gm.token, player.token]
    assert len(gm.token) >= 32
    with pytest.raises(UnknownLink):
        store.link("guess")
    with pytest.raises(UnknownEncounter):
        store.grant("nothing")


def test_unknown_encounters_are_named(store: Store) -> None:
    with pytest.raises(UnknownEncounter, match="abc"):
        store.load("abc")
    with pytest.raises(UnknownEncounter):
        store.append("abc", 0, Entry("undo"))


def test_the_default_database_is_a_file_in_the_user_data_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("FRACAS_DATABASE_URL", raising=False)
    assert default_url().startswith("sqlite:///") and "fracas" in default_url()
    monkeypatch.setenv("FRACAS_DATABASE_URL", "postgresql://db/fracas")
    assert default_url() == "postgresql://db/fracas"
