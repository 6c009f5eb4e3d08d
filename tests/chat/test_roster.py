"""The chat roster on a real SQLite store: passwords kept as salted hashes, claims kept with
the encounter, both known again to a roster opened after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fracas.chat.passwords import hashed, matches
from fracas.chat.roster import Roster
from fracas.engine.action import CombatantId
from fracas.store import Store
from tests.store.conftest import demo


def admit(roster: Roster, name: str, password: str, *, game_master: bool) -> bool:
    return asyncio.run(roster.admit(name, password, game_master=game_master))


def test_a_password_is_kept_as_a_salted_hash() -> None:
    one, two = hashed("pw1"), hashed("pw1")
    assert one != two and "pw1" not in one  # a new salt each time
    assert matches("pw1", one) and matches("pw1", two)
    assert not matches("pw2", one)
    assert not matches("pw1", "pw1") and not matches("pw1", "scrypt$x$8$1$00$00")
    assert not matches("pw1", "scrypt$3$8$1$00$00")  # damaged: a cost scrypt refuses


def test_a_roster_opened_again_knows_passwords_and_claims(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'chat.sqlite3'}")
    encounter = store.create(demo())
    roster = Roster(store, encounter)
    assert admit(roster, "alice", "pw1", game_master=False)  # a new name keeps its password
    assert not admit(roster, "alice", "guess", game_master=False)
    roster.claim("alice", CombatantId("druid"))
    assert admit(roster, "gm", "old", game_master=True)

    restarted = Roster(store, encounter)
    assert restarted.claims() == {"alice": "druid"}
    assert admit(restarted, "alice", "pw1", game_master=False)
    assert not admit(restarted, "alice", "guess", game_master=False)
    assert not admit(restarted, "alice", "new-gm-password", game_master=True)  # she plays Druid
    assert admit(restarted, "gm", "new-gm-password", game_master=True)  # the GM's changed
    assert not admit(Roster(store, encounter), "gm", "old", game_master=False)
    restarted.claim("alice", None)
    assert Roster(store, encounter).claims() == {}
    store.close()


def test_a_name_taken_on_another_server_cannot_be_taken_again(tmp_path: Path) -> None:
    """Two chat servers on one stored encounter (or a resumed one while the old one still
    runs): a name one of them admitted keeps its password on the other, which read its roster
    before; nobody who does not know the password takes the name there."""
    url = f"sqlite:///{tmp_path / 'chat.sqlite3'}"
    store = Store(url)
    encounter = store.create(demo())
    here, there = Roster(store, encounter), Roster(Store(url), encounter)
    assert admit(here, "alice", "pw1", game_master=False)
    here.claim("alice", CombatantId("druid"))
    assert not admit(there, "alice", "guess", game_master=False)
    assert not admit(there, "alice", "gm-password", game_master=True)  # she plays Druid
    assert admit(there, "alice", "pw1", game_master=False)
    assert there.claims() == {"alice": "druid"}
    assert admit(Roster(store, encounter), "alice", "pw1", game_master=False)
    store.close()


def test_two_logins_of_one_new_name_at_once_keep_one_password(tmp_path: Path) -> None:
    """Both hash at once (off the event loop), on one server or on two sharing the encounter;
    the first to finish keeps the name and the other is checked against the password it kept,
    so exactly one of them is admitted."""
    url = f"sqlite:///{tmp_path / 'chat.sqlite3'}"
    store, elsewhere = Store(url), Store(url)
    encounter = store.create(demo())
    here = Roster(store, encounter)
    for name, other in (("carol", here), ("dave", Roster(elsewhere, encounter))):

        async def both(name: str = name, other: Roster = other) -> list[bool]:
            return list(
                await asyncio.gather(
                    here.admit(name, "pw-a", game_master=False),
                    other.admit(name, "pw-b", game_master=False),
                )
            )

        admitted = asyncio.run(both())
        assert sorted(admitted) == [False, True]
        winner = "pw-a" if admitted[0] else "pw-b"
        (kept,) = [m for m in store.members(encounter) if m.name == name]
        assert kept.password is not None and matches(winner, kept.password)
    for opened in (store, elsewhere):
        opened.close()
