"""What the store keeps besides the log, and how an encounter ends: deleting it, revoking its
links, chat members with hashed passwords, commands waiting for typed dice; and a database
written before these tables existed still opens."""

from __future__ import annotations

import secrets
import threading

import pytest
from sqlalchemy import Table, delete, insert, inspect

from fracas.app.session import Pending
from fracas.engine.action import CombatantId
from fracas.store import (
    Conflict,
    Link,
    Member,
    Store,
    Tracked,
    UnknownEncounter,
    UnknownLink,
)
from fracas.store.database import connect, encounters, entries, links, members, options, waiting
from tests.store.conftest import demo

DRUID = CombatantId("druid")


def test_a_deleted_encounter_and_its_links_are_gone(store: Store) -> None:
    kept, doomed = store.create(demo()), store.create(demo())
    Tracked(store, doomed).run("start")
    gm, player = store.grant(doomed), store.grant(doomed, DRUID)
    store.keep_member(doomed, Member("alice", DRUID, "scrypt$00$00"))
    tracked = Tracked(store, doomed)
    assert tracked.run("attack raptor-1 -with shortbow !15").needs == 8
    store.delete(doomed)
    assert [s.id for s in store.summaries()] == [kept]
    for token in (gm.token, player.token):
        with pytest.raises(UnknownLink):
            store.link(token)
    with pytest.raises(UnknownEncounter):
        store.load(doomed)
    assert store.links(doomed) == [] and store.members(doomed) == []
    with pytest.raises(UnknownEncounter):
        store.delete(doomed)
    assert store.load(kept).session.save() == demo().save()


def test_deleting_as_saved_keeps_an_encounter_changed_since(store: Store) -> None:
    """``delete(id, version)``: only while the log is still at the version a save was taken at;
    a step made since is in no save, so nothing is deleted."""
    encounter = store.create(demo())
    saved_at = store.load(encounter).version
    Tracked(store, encounter).run("start")
    with pytest.raises(Conflict):
        store.delete(encounter, saved_at)
    assert store.version(encounter) == saved_at + 1
    store.delete(encounter, saved_at + 1)
    with pytest.raises(UnknownEncounter):
        store.version(encounter)


def test_a_revoked_link_opens_nothing_and_a_new_grant_is_a_new_token(store: Store) -> None:
    encounter = store.create(demo())
    gm, player = store.grant(encounter), store.grant(encounter, DRUID)
    assert store.revoke(player.token) == player
    with pytest.raises(UnknownLink):
        store.link(player.token)
    assert store.links(encounter) == [gm]
    again = store.grant(encounter, DRUID)
    assert again.token != player.token and store.link(again.token) == again
    with pytest.raises(UnknownLink):
        store.revoke(player.token)
    assert store.revoke(gm.token).gm  # the game master's too: a leaked GM link can be replaced
    assert store.grant(encounter).token != gm.token


def test_a_replaced_link_is_a_new_token_for_the_same_seat(store: Store) -> None:
    """The game master replacing their own link (it leaked): the old token opens nothing, the
    new one opens the same seat at once, and nothing else of the encounter changes."""
    encounter = store.create(demo())
    Tracked(store, encounter).run("start")
    gm, player = store.grant(encounter), store.grant(encounter, DRUID)
    before = store.export(encounter)
    new = store.replace(gm.token)
    assert new.token != gm.token and (new.encounter, new.combatant) == (encounter, None)
    with pytest.raises(UnknownLink):
        store.link(gm.token)
    assert store.link(new.token) == new and store.grant(encounter) == new
    assert store.links(encounter) == [new, player]
    assert store.export(encounter) == before
    with pytest.raises(UnknownLink):
        store.replace(gm.token)
    assert store.links(encounter) == [new, player]


def test_of_two_replacing_one_link_at_once_one_does(store: Store, url: str) -> None:
    """Another process replaces the game master's link while this one does: this one waits for
    it, then finds the old token gone (UnknownLink), so the encounter keeps one game master's
    link, never two, and no database error reaches the user."""
    encounter = store.create(demo())
    gm = store.grant(encounter)
    engine = connect(url)
    outcome: list[BaseException | Link] = []

    def replace() -> None:
        try:
            outcome.append(store.replace(gm.token))
        except BaseException as error:
            outcome.append(error)

    with engine.begin() as other:  # another process, half way through replacing it
        other.execute(delete(links).where(links.c.token == gm.token))
        values = {"token": "the-other-new-one", "encounter": encounter, "created": 0.0}
        other.execute(insert(links).values(values))
        worker = threading.Thread(target=replace)
        worker.start()
        worker.join(0.5)  # it waits for the other
    worker.join(30)
    engine.dispose()
    assert len(outcome) == 1 and isinstance(outcome[0], UnknownLink), outcome
    assert [link.token for link in store.links(encounter)] == ["the-other-new-one"]


def test_a_token_never_starts_with_a_hyphen(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """``fracas revoke -Jq…`` would read the token as an unknown option: a drawn token starting
    with "-" is drawn again."""
    drawn = iter(["-Jq8c0", "_Kp2x1"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda size: next(drawn))
    assert store.grant(store.create(demo())).token == "_Kp2x1"


def test_chat_members_are_kept_with_the_encounter(store: Store, url: str) -> None:
    encounter = store.create(demo())
    store.keep_member(encounter, Member("alice", None, "scrypt$aa$bb"))
    store.keep_member(encounter, Member("bob", DRUID, "scrypt$cc$dd"))
    store.keep_member(encounter, Member("alice", CombatantId("scout"), "scrypt$aa$bb"))
    other = Store(url)
    assert other.members(encounter) == [
        Member("alice", CombatantId("scout"), "scrypt$aa$bb"),
        Member("bob", DRUID, "scrypt$cc$dd"),
    ]
    other.close()
    with pytest.raises(UnknownEncounter):
        store.keep_member("nothing", Member("carol"))


def test_a_member_is_swapped_only_while_kept_as_expected(store: Store, url: str) -> None:
    """Two chat servers admitting one new name at once: each keeps its password only if the
    name is still as it read it, so the second, reading it before the first kept it, keeps
    nothing and looks again."""
    encounter = store.create(demo())
    other = Store(url)
    first, second = Member("carol", None, "scrypt$aa"), Member("carol", None, "scrypt$bb")
    assert store.swap_member(encounter, None, first)
    assert not other.swap_member(encounter, None, second)  # read before the first was kept
    assert other.members(encounter) == [first]
    moved = Member("carol", DRUID, "scrypt$aa")
    assert other.swap_member(encounter, first, moved)
    assert not store.swap_member(encounter, first, second)
    assert store.members(encounter) == [moved]
    other.close()
    with pytest.raises(UnknownEncounter):
        store.swap_member("nothing", None, first)


def test_a_command_waiting_for_typed_dice_survives_a_restart(store: Store, url: str) -> None:
    encounter = store.create(demo())
    table = Tracked(store, encounter)
    table.run("start")
    asked = table.run("attack raptor-1 -with shortbow !15")
    assert asked.needs == 8 and not asked.changed
    version = table.version

    restarted = Tracked(Store(url), encounter)  # a new process on the same database
    waiting_now = restarted.session.pending(None)
    assert waiting_now is not None and waiting_now.question() == asked.lines[0]
    done = restarted.run("6")
    assert done.changed and restarted.version == version + 1
    assert "Raptor 1 takes 5: armor \u22121 (6 \u2192 5); Vitality 14 \u2192 9" in done.lines

    again = Tracked(Store(url), encounter)
    assert again.session.pending(None) is None  # done once, committed with its step
    assert not again.run("6").ok  # no command waits any more: a lone face is no command


def test_a_players_waiting_command_is_theirs_and_dropped_by_another_line(store: Store) -> None:
    encounter = store.create(demo())
    table = Tracked(store, encounter)
    table.run("start")
    acting = table.session.encounter.acting()
    assert acting
    player = acting[0]
    assert table.run("attack raptor-1 !15", player).needs is not None
    reloaded = Tracked(store, encounter)
    assert reloaded.session.pending(player) is not None
    assert reloaded.session.pending(None) is None
    assert reloaded.run("note never mind", player).ok  # any other line drops it
    assert Tracked(store, encounter).session.pending(player) is None


def test_a_database_from_before_members_and_waiting_still_opens(url: str) -> None:
    first = Store(url)
    encounter = first.create(demo())
    gm = first.grant(encounter)
    first.close()
    engine = connect(url)
    options.drop(engine)
    waiting.drop(engine)
    members.drop(engine)  # the database as the previous release wrote it
    assert not {"members", "waiting", "options"} & set(inspect(engine).get_table_names())
    engine.dispose()

    reopened = Store(url)
    assert reopened.load(encounter).session.save() == demo().save()
    assert reopened.link(gm.token) == gm
    reopened.keep_member(encounter, Member("alice", DRUID, "scrypt$aa$bb"))
    assert reopened.members(encounter) == [Member("alice", DRUID, "scrypt$aa$bb")]
    assert not reopened.players_see_odds(encounter)
    reopened.share_odds(encounter, True)
    assert reopened.players_see_odds(encounter)
    reopened.close()


def test_the_players_odds_switch_is_a_setting_kept_for_every_process(
    store: Store, url: str
) -> None:
    """Issue 17: "a setting per encounter, off by default". It outlasts the store that set it,
    another process's store reads it, it is no step of the log, and it goes with a delete."""
    encounter, other = store.create(demo()), store.create(demo())
    Tracked(store, encounter).run("start")
    assert not store.players_see_odds(encounter)
    version = store.version(encounter)
    store.share_odds(encounter, True)
    store.close()

    second = Store(url)  # a restart, or another server process
    assert second.players_see_odds(encounter) and not second.players_see_odds(other)
    assert second.version(encounter) == version  # no step: undo does not touch it
    Tracked(second, encounter).run("undo")
    assert second.players_see_odds(encounter)
    second.share_odds(encounter, False)
    third = Store(url)
    assert not third.players_see_odds(encounter)
    third.close()

    second.share_odds(other, True)
    second.delete(other)
    with pytest.raises(UnknownEncounter):
        second.share_odds(other, True)
    assert not second.players_see_odds(other)
    second.close()


@pytest.mark.parametrize("keep", ["member", "grant", "wait"])
def test_what_is_kept_while_another_process_deletes_the_encounter_is_refused(
    store: Store, url: str, keep: str
) -> None:
    """A member, a link or a waiting command kept while another process's delete is under way
    waits for it, then is refused as for any unknown encounter (UnknownEncounter), never with
    the database's foreign-key error."""
    encounter = store.create(demo())
    engine = connect(url)
    outcome: list[BaseException | None] = []

    def kept() -> None:
        try:
            if keep == "member":
                store.keep_member(encounter, Member("alice", None, "scrypt$aa$bb"))
            elif keep == "grant":
                store.grant(encounter, DRUID)
            else:
                store.wait(encounter, None, Pending("attack raptor-1", (15,), 8))
            outcome.append(None)
        except BaseException as error:
            outcome.append(error)

    with engine.begin() as deleting:  # another process, half way through deleting it
        for table in (entries, encounters):
            deleting.execute(delete(table).where(table.c[_key(table)] == encounter))
        worker = threading.Thread(target=kept)
        worker.start()
        worker.join(0.5)  # it waits for the delete
    worker.join(30)
    engine.dispose()
    assert len(outcome) == 1 and isinstance(outcome[0], UnknownEncounter), outcome


def _key(table: Table) -> str:
    return "id" if table is encounters else "encounter"
