"""The chat roster on a real SQLite store: passwords kept as salted hashes, claims kept with
the encounter, both known again to a roster opened after a restart."""

from __future__ import annotations

from pathlib import Path

from fracas.chat.passwords import hashed, matches
from fracas.chat.roster import Roster
from fracas.engine.action import CombatantId
from fracas.store import Store
from tests.store.conftest import demo


def test_a_password_is_kept_as_a_salted_hash() -> None:
    one, two = hashed("pw1"), hashed("pw1")
    assert one != two and "pw1" not in one  # a new salt each time
    assert matches("pw1", one) and matches("pw1", two)
    assert not matches("pw2", one)
    assert not matches("pw1", "pw1") and not matches("pw1", "scrypt$x$8$1$00$00")


def test_a_roster_opened_again_knows_passwords_and_claims(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'chat.sqlite3'}")
    encounter = store.create(demo())
    roster = Roster(store, encounter)
    assert roster.admit("alice", "pw1", game_master=False)  # a new name keeps its password
    assert not roster.admit("alice", "guess", game_master=False)
    roster.claim("alice", CombatantId("druid"))
    assert roster.admit("gm", "old", game_master=True)

    restarted = Roster(store, encounter)
    assert restarted.claims() == {"alice": "druid"}
    assert restarted.admit("alice", "pw1", game_master=False)
    assert not restarted.admit("alice", "guess", game_master=False)
    assert not restarted.admit("alice", "new-gm-password", game_master=True)  # she plays Druid
    assert restarted.admit("gm", "new-gm-password", game_master=True)  # the GM's changed
    assert not Roster(store, encounter).admit("gm", "old", game_master=False)
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
    assert here.admit("alice", "pw1", game_master=False)
    here.claim("alice", CombatantId("druid"))
    assert not there.admit("alice", "guess", game_master=False)
    assert not there.admit("alice", "gm-password", game_master=True)  # she plays Druid
    assert there.admit("alice", "pw1", game_master=False)
    assert there.claims() == {"alice": "druid"}
    assert Roster(store, encounter).admit("alice", "pw1", game_master=False)
    store.close()
