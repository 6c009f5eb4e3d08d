"""Who belongs to a chat scene: each name's password (as a salted hash) and the combatant it
plays. Kept in memory and, for a stored encounter, with it in the store (``Store.members``), so a
server resumed after a restart still knows every password and claim.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from fracas.chat.passwords import hashed, matches
from fracas.engine.action import CombatantId
from fracas.store import Member, Store


class Roster:
    """The members of one scene; ``store`` and ``encounter`` keep them with a stored encounter."""

    def __init__(self, store: Store | None = None, encounter: str = "") -> None:
        self.store = store
        self.encounter = encounter
        self._members: dict[str, Member] = {}
        self._reread()

    async def admit(self, name: str, password: str, *, game_master: bool) -> bool:
        """Whether ``name`` may connect with ``password``. A new name keeps the password it first
        comes with; the game master's password admits any name that plays nobody (and becomes
        its password), so a game master whose password changed with a restart gets back in.

        The scrypt hashing (a fraction of a second of CPU) runs in a worker thread, so the
        event loop serves everyone else meanwhile; what is read and kept is read and kept on
        the caller's thread. When the name changed while its password was hashed (another login
        of it came first, on this server or another), the login is decided again on what that
        one kept: two logins of one new name at once make one password, never two in turn."""
        while True:
            self._reread()
            known = self._members.get(name)
            kept = known.password if known is not None else None
            if kept is not None and await asyncio.to_thread(matches, password, kept):
                return True
            if not (known is None or kept is None or (game_master and known.combatant is None)):
                return False
            fresh = await asyncio.to_thread(hashed, password)
            if self._swap(known, replace(known or Member(name), password=fresh)):
                return True

    def claims(self) -> dict[str, CombatantId]:
        """The combatant each member plays, by member name."""
        return {m.name: m.combatant for m in self._members.values() if m.combatant is not None}

    def claim(self, name: str, combatant: CombatantId | None) -> None:
        """``name`` plays ``combatant`` from now on (None: nobody)."""
        self._keep(replace(self._members.get(name) or Member(name), combatant=combatant))

    def _reread(self) -> None:
        """Read the members again: another server on the same stored encounter may have
        admitted a name (or claimed) since this roster was read."""
        if self.store is not None:
            self._members = {m.name: m for m in self.store.members(self.encounter)}

    def _swap(self, was: Member | None, member: Member) -> bool:
        """Keep ``member`` if its name is still kept as ``was``, here and in the store (where
        another server may have changed it); whether it was kept."""
        if self.store is not None:
            kept = self.store.swap_member(self.encounter, was, member)
        else:
            kept = self._members.get(member.name) == was
        if kept:
            self._members[member.name] = member
        return kept

    def _keep(self, member: Member) -> None:
        """Store the member first (a failure changes nothing), then remember it."""
        if self.store is not None:
            self.store.keep_member(self.encounter, member)
        self._members[member.name] = member
