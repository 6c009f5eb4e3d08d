"""A new encounter built from the library: a ruleset, a name and ``add`` lines (``raptor x3``).

``fracas new`` and ``POST /api/encounters/build`` both build through here, so an encounter made
either way is the one the same ``add`` lines typed at the table would make, with the same log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.app.files import new_session
from fracas.app.session import Session
from fracas.errors import FracasError
from fracas.library import Library

MAX_LINES = 50
"""The most ``add`` lines one build takes."""


class BuildError(FracasError):
    """An add line of a build that cannot be done; ``index`` is its place in the list."""

    def __init__(self, index: int, line: str, problem: str) -> None:
        super().__init__(f"add line {index + 1} ({line!r}): {problem}")
        self.index = index
        self.line = line
        self.problem = problem


@dataclass(frozen=True)
class RosterLine:
    """One line of a roster as the API gives it: an entry, how many, where, changed how."""

    entry: str
    count: int = 1
    side: str | None = None
    hidden: bool = False
    changes: tuple[str, ...] = ()

    def command(self) -> str:
        """The ``add`` arguments this line means: ``raptor x3 -side raptors -hidden``."""
        parts = [_quoted(self.entry), f"x{self.count}"]
        if self.side is not None:
            parts.append(f"-side {_quoted(self.side)}")
        if self.hidden:
            parts.append("-hidden")
        parts.extend(f"-set {_quoted(change)}" for change in self.changes)
        return " ".join(parts)


def build_encounter(
    ruleset: str,
    name: str,
    adds: Sequence[str],
    *,
    seed: int,
    library: Library | None = None,
) -> Session:
    """A new session of ``ruleset`` called ``name`` with ``add ARGS`` run for each of ``adds``.

    The adds are its setup: undo stops at them. Raises BuildError on the first line that
    cannot be done (nothing is stored then: the caller stores the session it gets).
    """
    if len(adds) > MAX_LINES:
        raise FracasError(f"at most {MAX_LINES} add lines in one build, not {len(adds)}")
    session = new_session(ruleset, seed, name=name)
    session.library = library
    for index, line in enumerate(adds):
        reply = session.run(f"add {line}")
        if reply.error is not None:
            raise BuildError(index, line, reply.error)
    session.setup = len(session.encounter.steps)
    return session


def _quoted(text: str) -> str:
    if text and not any(ch.isspace() or ch in "\"'#" for ch in text):
        return text
    return f"'{text}'" if '"' in text else f'"{text}"'
