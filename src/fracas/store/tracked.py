"""A session kept in the store: every change is committed before it is acknowledged.

``Tracked.run(text, speaker)`` runs command text like ``Session.run``; when the line changed the
encounter (a step, an undo, a redo) the change is appended to the store's log first, and only
then is the reply returned. When another writer got there first (``Conflict``), the encounter is
reloaded from the store and the line is run again on the fresh state, a few times at most.
Any front end (CLI, web, chat) drives a stored encounter through this one class.

Each line is run on the store's latest state: the version is read first, or, for a line sent
``through`` a link (the web server's), the line runs at once and its append checks the version
and the link in its own transaction, a reply that changes nothing being checked by one read.

A command waiting for dice typed at the table (``Reply.needs``) is kept in the store too (its
text and the faces typed so far), so after a reload or a restart the speaker's next faces carry
it on; it is committed with the step that completes it, so it is never done twice.

A change may carry an idempotency ``key``: its answer is kept in the store with it, and the
same key sent again (a client retrying after a lost answer, even after a restart) does nothing
and is answered from the store (``answered``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from fracas.store.records import Answer, Conflict, Entry, UnknownLink
from fracas.store.store import Store

# Sessions and the engine are imported for annotations only (and the step's dump where it is
# written), so that importing the store for ``fracas list`` does not load the app layer.
if TYPE_CHECKING:
    from fracas.app.session import Pending, Reply, Session
    from fracas.dice import DiceSource
    from fracas.engine.action import Action, CombatantId

ATTEMPTS = 30
"""How many times a line is run again after losing a race with another writer."""

BACKOFF_SECONDS = 0.005
"""The first pause before running a line again; it doubles (randomly jittered) up to 0.2 s."""


class Tracked:
    """The stored encounter ``encounter_id``, loaded from ``store`` and kept in step with it."""

    def __init__(self, store: Store, encounter_id: str, dice: DiceSource | None = None) -> None:
        self.store = store
        self.id = encounter_id
        self.dice = dice
        loaded = store.load(encounter_id, dice)
        self.session: Session = loaded.session
        self.version = loaded.version

    def refresh(self) -> bool:
        """Reload when another writer changed the encounter; whether it did."""
        return self.catch_up(self.store.version(self.id))

    def catch_up(self, version: int) -> bool:
        """Reload unless the session is at ``version``, the store's as just read; whether it
        did."""
        if version == self.version:
            return False
        self._reload()
        return True

    def run(
        self,
        text: str,
        speaker: CombatantId | None = None,
        faces: Sequence[int] | None = None,
        key: str | None = None,
        through: str | None = None,
    ) -> Reply:
        """``Session.run``, with the change (if any) durable before the reply comes back.

        ``through``: the token of the link the line is sent through (a server's). The line
        then runs on the session as it is, without a look at the store first: the append
        checks in its own transaction that the log is still at the session's version (else
        the encounter is reloaded and the line run again) and that the link still opens the
        encounter (else UnknownLink, and nothing is kept); a reply that changes nothing is
        checked by one read of the link and the version before it is returned.
        """
        return self._change(
            lambda session: session.run(text, speaker, faces), speaker, key, through
        )

    def apply(
        self,
        action: Action,
        faces: Sequence[int] | None = None,
        speaker: CombatantId | None = None,
        key: str | None = None,
        through: str | None = None,
    ) -> Reply:
        """``Session.apply`` (an action built by a program), durable like ``run``."""
        return self._change(
            lambda session: session.apply(action, faces, speaker), speaker, key, through
        )

    def undo(self, key: str | None = None, through: str | None = None) -> Reply:
        return self._change(lambda session: session.undo(), key=key, through=through)

    def redo(self, key: str | None = None, through: str | None = None) -> Reply:
        return self._change(lambda session: session.redo(), key=key, through=through)

    def answered(self, key: str) -> Answer | None:
        """The answer kept for the change sent with ``key``, if one was made."""
        return self.store.answered(self.id, key)

    def _change(
        self,
        act: Callable[[Session], Reply],
        speaker: CombatantId | None = None,
        key: str | None = None,
        through: str | None = None,
    ) -> Reply:
        from fracas.app.session import Reply

        for attempt in range(ATTEMPTS):
            if attempt > 1 or (attempt and through is None):
                # (the first retry of a line sent through a link is at once: its session was
                # more likely old than raced)
                time.sleep(random.uniform(0, min(0.2, BACKOFF_SECONDS * 2**attempt)))
            if key is not None and (kept := self.answered(key)) is not None:
                self._catch_up(through)
                return Reply(kept.command, kept.lines, needs=kept.needs)  # done already
            if attempt or through is None:
                self.refresh()
            before = len(self.session.encounter.steps)
            waited = self.session.pending(speaker)
            try:
                reply = act(self.session)
            except BaseException:
                self._reload()
                raise
            waits = self.session.pending(speaker)
            wait = None if _same(waits, waited) else (speaker, waits)
            if not reply.changed:
                if through is not None and self._catch_up(through):
                    continue  # it ran on an old state: again, on the one just loaded
                if wait is not None:
                    self._keep_waiting(speaker, waits)
                return reply
            answer = None if key is None else Answer(key, reply.command, reply.lines, reply.needs)
            try:
                entry = entry_of(reply, before, self.session)
                self.version = self.store.append(
                    self.id, self.version, entry, wait, answer, through
                )
            except Conflict:
                self._reload()
                continue
            except BaseException:
                self._reload()  # not durable: forget it, so memory never runs ahead of the store
                raise
            return reply
        raise Conflict(f"encounter {self.id} kept changing under this command; try again")

    def _catch_up(self, through: str | None) -> bool:
        """Reload when another writer changed the encounter, reading its version, or with
        ``through`` the link and the version at once (UnknownLink, and the session reloaded,
        when the link no longer opens this encounter); whether it did."""
        if through is None:
            return self.refresh()
        try:
            link, version = self.store.link_at(through)
            if link.encounter != self.id:
                raise UnknownLink("no such link")
        except BaseException:
            self._reload()  # what the line left in memory is not kept
            raise
        return self.catch_up(version)

    def _keep_waiting(self, speaker: CombatantId | None, waits: Pending | None) -> None:
        try:
            self.store.wait(self.id, speaker, waits)
        except BaseException:
            self._reload()
            raise

    def _reload(self) -> None:
        loaded = self.store.load(self.id, self.dice)
        self.session = loaded.session
        self.version = loaded.version


def _same(one: Pending | None, other: Pending | None) -> bool:
    """Whether two waiting commands are the same as the store keeps them."""
    if one is None or other is None:
        return one is other
    return (one.command, one.faces, one.sides) == (other.command, other.faces, other.sides)


def entry_of(reply: Reply, before: int, session: Session) -> Entry:
    """The log entry for the change a reply reports; ``before``: the steps the session had."""
    from fracas.store.logged import step_text

    if reply.step is not None:
        return Entry("step", step_text(reply.step))
    return Entry("undo" if len(session.encounter.steps) < before else "redo")
