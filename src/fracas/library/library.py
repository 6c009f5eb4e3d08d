"""The library: the built-in entries and the user's, found by ruleset and by name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fracas.commands import UnknownName, resolve_name
from fracas.engine.action import CombatantId
from fracas.library.entry import BrokenFile, Entry, entry_key
from fracas.library.folders import user_folders
from fracas.library.loading import builtin_files, read_folders, resolve

_LIST_UP_TO = 12
"""An unknown name's error lists every entry of the ruleset when it has at most this many."""


@dataclass(frozen=True)
class Library:
    """Every usable entry (a user's entry replacing the built-in one of its name) and every
    broken file."""

    entries: tuple[Entry, ...]
    broken: tuple[BrokenFile, ...] = ()

    def of(self, ruleset: str | None) -> tuple[Entry, ...]:
        """The entries of one ruleset (all for None), by ruleset then name."""
        chosen = (e for e in self.entries if ruleset is None or e.ruleset == ruleset)
        return tuple(sorted(chosen, key=lambda e: (e.ruleset, e.name.casefold())))

    def search(self, ruleset: str | None = None, text: str = "") -> tuple[Entry, ...]:
        """The entries of ``ruleset`` whose name or description holds ``text`` (any case)."""
        wanted = text.casefold().strip()
        return tuple(
            e
            for e in self.of(ruleset)
            if not wanted or wanted in e.name.casefold() or wanted in e.description.casefold()
        )

    def get(self, ruleset: str, name: str) -> Entry | None:
        """The entry called exactly ``name`` (any case, spaces or dashes alike), or None."""
        key = entry_key(name)
        return next((e for e in self.of(ruleset) if e.key == key), None)

    def find(
        self,
        ruleset: str,
        typed: str,
        *,
        command: str | None = None,
        column: int | None = None,
        text: str | None = None,
    ) -> Entry:
        """The entry ``typed`` names, matched as leniently as a combatant's name (``rap`` is
        Raptor when no other entry starts so). UnknownName (with "did you mean") or
        AmbiguousName when it names none or several."""
        entries = {CombatantId(e.key): e for e in self.of(ruleset)}
        names = {key: entry.name for key, entry in entries.items()}
        try:
            found = resolve_name(
                typed, names, what="library entry", command=command, column=column, text=text
            )
        except UnknownName as error:
            if error.suggestions:
                raise
            listed = sorted(names.values(), key=str.casefold)
            if not listed:
                note = f"the {ruleset} library has no entries"
            elif len(listed) <= _LIST_UP_TO:
                note = f"{ruleset} entries: {', '.join(listed)}"
            else:
                note = "fracas library lists them"
            raise UnknownName(
                typed, what="library entry", note=note, command=command, column=column, text=text
            ) from None
        return entries[found]


def load_library(
    folders: Iterable[Path] | None = None, *, builtin: bool = True, ruleset: str | None = None
) -> Library:
    """The built-in entries (unless ``builtin`` is False) and those of ``folders`` (default:
    the user's library, ``user_folders()``). Never raises for a bad file: it is listed in
    ``broken`` with its errors. ``ruleset`` (a slug) keeps only that ruleset's entries, and
    reads only its built-in folder (what ``add`` needs, faster)."""
    written, broken = builtin_files(ruleset) if builtin else ((), ())
    mine, theirs = read_folders(user_folders() if folders is None else folders, builtin=False)
    mine = [w for w in mine if ruleset is None or w.spec.ruleset == ruleset]
    entries, unresolved = resolve([*written, *mine])
    shadowed = {(e.ruleset, e.key) for e in entries if e.shadows}
    usable = tuple(
        e
        for e in entries
        if not (e.builtin and (e.ruleset, e.key) in shadowed)
        and (ruleset is None or e.ruleset == ruleset)
    )
    return Library(usable, (*broken, *theirs, *unresolved))
