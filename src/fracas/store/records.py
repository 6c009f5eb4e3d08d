"""What the store hands out: its errors, a log's entries, kept answers, links, chat members,
and a loaded encounter."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from fracas.engine.action import CombatantId
from fracas.errors import FracasError

if TYPE_CHECKING:
    from fracas.app.session import Session

Kind = Literal["step", "undo", "redo"]


class StoreError(FracasError):
    """The store cannot do what was asked (the database is unreachable, a log is damaged)."""


class UnknownEncounter(StoreError):
    """No stored encounter has this id."""


class UnknownLink(StoreError):
    """No link has this token."""


class Conflict(StoreError):
    """Another writer changed the encounter first: reload it and try again."""


DATABASE_FAILED = "the database failed; try again (the server's log says why)"
"""What a user is told of a database failure instead of its message."""


def told(error: StoreError, log: logging.Logger) -> str:
    """What a user of a front end may read of ``error``: an unknown encounter or link, or a
    lost race, as it is; any other failure as ``DATABASE_FAILED``, because its message names
    the database (file, host, user, password) and the driver's words, which go to ``log``."""
    if isinstance(error, UnknownEncounter | UnknownLink | Conflict):
        return str(error)
    log.error("store: %s", error)
    return DATABASE_FAILED


@dataclass(frozen=True)
class Entry:
    """One change of the log: a step with its data (``saving.dump_step``) as JSON text, an
    undo or a redo."""

    kind: Kind
    data: str | None = None


@dataclass(frozen=True)
class Answer:
    """What a client was answered for a change it sent with an idempotency ``key``: the
    command, its lines, the die it then waited for, and the version the change made."""

    key: str
    command: str
    lines: tuple[str, ...]
    needs: int | None
    version: int = 0


@dataclass(frozen=True)
class Link:
    """A secret link: to the game master's screen (``combatant`` None) or to one player's."""

    token: str
    encounter: str
    combatant: CombatantId | None

    @property
    def gm(self) -> bool:
        return self.combatant is None


@dataclass(frozen=True)
class Member:
    """A person of a chat scene as the store keeps them: the combatant they claimed, and their
    password as a salted hash (``fracas.chat.passwords``), never the password itself."""

    name: str
    combatant: CombatantId | None = None
    password: str | None = None


@dataclass(frozen=True)
class Loaded:
    """A stored encounter as a session, and the version (entry count) it was read at."""

    session: Session
    version: int
