"""Reading library folders into entries: every file checked, every error of a file kept.

A file that cannot give an entry (not YAML, an unknown field, a sheet field the ruleset's sheet
does not have, an unknown or circular ``from:``) becomes a ``BrokenFile`` listing all its errors,
each at its file, line and column; the other files' entries are unaffected. An entry that builds
on a broken one is broken too, and says which.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from fracas.content import (
    ContentError,
    Overlay,
    Source,
    deep_merge,
    read_document,
    validate,
)
from fracas.content.paths import quote
from fracas.errors import FracasError
from fracas.library.entry import BrokenFile, Entry, EntrySpec, Written, entry_key
from fracas.library.folders import SUFFIXES, builtin_folder, entry_files

if TYPE_CHECKING:
    from fracas.engine.ruleset import Ruleset


def find(slug: str) -> type[Ruleset]:
    """The ruleset called ``slug`` (imported here: the app's package imports the library)."""
    from fracas.app.rulesets import find as find_ruleset

    return find_ruleset(slug)


def sheet_model(name: str) -> type[BaseModel]:
    """The sheet schema of the ruleset called ``name``, loaded without its rules where its
    descriptor says where the schema is."""
    from fracas.app.rulesets import sheet_model as model_of

    return model_of(name)


def slug_of(name: str) -> str:
    """The slug of the ruleset called ``name`` (its slug, name or an alias)."""
    from fracas.app.rulesets import described

    return described(name).slug


def read_folders(
    folders: Iterable[Path], *, builtin: bool
) -> tuple[list[Written], list[BrokenFile]]:
    """Every file of ``folders`` read and structurally checked."""
    written: list[Written] = []
    broken: list[BrokenFile] = []
    for folder in folders:
        for path in entry_files(folder):
            try:
                written.append(read_entry(path, builtin=builtin))
            except ContentError as error:
                broken.append(BrokenFile(str(path), _all(error)))
    return written, broken


@functools.cache
def builtin_files(
    ruleset: str | None = None,
) -> tuple[tuple[Written, ...], tuple[BrokenFile, ...]]:
    """The built-in entry files (of one ruleset's folder, or all), read once per process:
    they never change while it runs."""
    folder = builtin_folder() if ruleset is None else builtin_folder() / ruleset
    written, broken = read_folders((folder,), builtin=True)
    return tuple(written), tuple(broken)


def read_entry(path: Path, *, builtin: bool = False, text: str | None = None) -> Written:
    """One entry file read and checked: its fields, its ruleset and (without ``from:``) its sheet.

    Raises one ContentError carrying every error found (``more``).
    """
    file = str(path)
    if path.suffix.lower() not in SUFFIXES:
        message = "not a library entry: entries are YAML files ending in .yaml or .yml"
        raise ContentError(file, None, None, (), message)
    document = read_document(path, text=text)
    errors: list[ContentError] = []
    spec: EntrySpec | None = None
    try:
        spec = validate(EntrySpec, document.data, source=document)
    except ContentError as error:
        errors.extend(_all(error))
    raw = document.data
    model = _model(raw.get("ruleset"), document, errors)
    if model is not None and "from" not in raw and isinstance(raw.get("sheet"), dict):
        if "side" not in raw:
            errors.append(document.error((), "missing side (or give from: an entry to build on)"))
        try:
            validate(model, raw["sheet"], source=document, at=("sheet",))
        except ContentError as error:
            errors.extend(_all(error))
    if "from" not in raw and "sheet" not in raw and spec is not None:
        errors.append(document.error((), "missing sheet (or give from: an entry to build on)"))
    if errors or spec is None or model is None:
        raise _combined(errors)
    slug = slug_of(spec.ruleset)
    return Written(spec.model_copy(update={"ruleset": slug}), file, document, builtin)


def _model(slug: Any, source: Source, errors: list[ContentError]) -> type[BaseModel] | None:
    if not isinstance(slug, str) or not slug.strip():
        return None
    try:
        return sheet_model(slug)
    except FracasError as error:
        errors.append(source.error(("ruleset",), str(error), on_value=True))
        return None


@dataclass
class _Resolver:
    """Resolves ``from:`` chains and validates every sheet, once per entry."""

    written: Sequence[Written]
    entries: dict[int, Entry] = field(default_factory=dict)
    sources: dict[int, Source] = field(default_factory=dict)
    broken: dict[int, BrokenFile] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.builtins: dict[tuple[str, str], int] = {}
        self.users: dict[tuple[str, str], int] = {}
        for index, item in enumerate(self.written):
            table = self.builtins if item.builtin else self.users
            key = (item.spec.ruleset, entry_key(item.spec.name))
            if key in table:
                other = self.written[table[key]]
                message = f"the name {quote(item.spec.name)} is already used by {other.file}"
                error = item.source.error(("name",), message, on_value=True)
                self.broken[index] = BrokenFile(item.file, (error,))
            else:
                table[key] = index

    def resolve_all(self) -> tuple[list[Entry], list[BrokenFile]]:
        for index in range(len(self.written)):
            self.resolve(index, ())
        entries = [self.entries[i] for i in sorted(self.entries)]
        broken = [self.broken[i] for i in sorted(self.broken)]
        return entries, broken

    def resolve(self, index: int, chain: tuple[int, ...]) -> Entry | None:
        if index in self.entries or index in self.broken:
            return self.entries.get(index)
        item = self.written[index]
        spec = item.spec
        try:
            entry = self._build(index, item, spec, chain)
        except ContentError as error:
            self.broken.setdefault(index, BrokenFile(item.file, _all(error)))
            return None
        self.entries[index] = entry
        return entry

    def _build(self, index: int, item: Written, spec: EntrySpec, chain: tuple[int, ...]) -> Entry:
        model = sheet_model(spec.ruleset)
        own: Source = item.source.subtree(("sheet",))
        key = (spec.ruleset, entry_key(spec.name))
        shadows = not item.builtin and key in self.builtins
        if spec.base is None:
            sheet = validate(model, spec.sheet, source=own)
            self.sources[index] = own
            return self._entry(item, spec, sheet, spec.sheet, shadows, spec.side or "", False)
        base_index = self._base(index, item, spec.base)
        if base_index in (*chain, index):
            self._circle((*chain, index)[(*chain, index).index(base_index) :])
            raise item.source.error(("from",), "part of a circle")  # the circle's error stays
        base = self.resolve(base_index, (*chain, index))
        if base is None:
            failed = self.written[base_index].file
            message = f"builds on {quote(spec.base)}, which is broken ({failed})"
            raise item.source.error(("from",), message, on_value=True)
        data = deep_merge(base.data, spec.sheet)
        if "name" in model.model_fields and "name" not in spec.sheet:
            data["name"] = spec.name  # a Raptor alpha's sheet is not called Raptor
        source = Overlay((own, self.sources[base_index]))
        sheet = validate(model, data, source=source)
        self.sources[index] = source
        entry = self._entry(item, spec, sheet, data, shadows, spec.side or base.side, base.hidden)
        return entry

    def _entry(
        self,
        item: Written,
        spec: EntrySpec,
        sheet: BaseModel,
        data: dict[str, Any],
        shadows: bool,
        side: str,
        hidden: bool,
    ) -> Entry:
        return Entry(
            name=spec.name,
            ruleset=spec.ruleset,
            side=side,
            hidden=spec.hidden if spec.hidden is not None else hidden,
            sheet=sheet,
            data=data,
            source=spec.source or item.file,
            file=item.file,
            builtin=item.builtin,
            description=spec.description,
            base=spec.base,
            shadows=shadows,
        )

    def _circle(self, members: tuple[int, ...]) -> None:
        """Mark every entry of a circle of ``from:`` broken, each with the circle from itself."""
        for at, member in enumerate(members):
            turn = (*members[at:], *members[:at], member)
            loop = " → ".join(self.written[i].spec.name for i in turn)
            message = f"entries build on each other in a circle: {loop}"
            error = self.written[member].source.error(("from",), message)
            self.broken[member] = BrokenFile(self.written[member].file, (error,))

    def _base(self, index: int, item: Written, typed: str) -> int:
        """The entry ``from:`` names: a user's entry before a built-in one, but never the entry
        itself (a user's ``Raptor`` built ``from: raptor`` changes the built-in Raptor)."""
        key = (item.spec.ruleset, entry_key(typed))
        for table in (self.users, self.builtins):
            found = table.get(key)
            if found is not None and found != index:
                return found
        names = sorted({w.spec.name for w in self.written if w.spec.ruleset == item.spec.ruleset})
        message = f"unknown entry {quote(typed)} of the {item.spec.ruleset} library"
        close = difflib.get_close_matches(typed, names, n=1)
        if close:
            message += f" (did you mean {close[0]}?)"
        raise item.source.error(("from",), message, on_value=True)


def resolve(written: Sequence[Written]) -> tuple[list[Entry], list[BrokenFile]]:
    """Entries from checked files (built-in and user's together), and the files that fail."""
    return _Resolver(written).resolve_all()


def _all(error: ContentError) -> tuple[ContentError, ...]:
    """An error and the further errors it carries, each on its own, in the file's order."""
    first = ContentError(error.file, error.line, error.column, error.path, error.message)
    return tuple(sorted((first, *error.more), key=lambda e: (e.line or 0, e.column or 0)))


def _combined(errors: list[ContentError]) -> ContentError:
    ordered = sorted(errors, key=lambda e: (e.line or 0, e.column or 0))
    first, *rest = ordered
    return ContentError(first.file, first.line, first.column, first.path, first.message, more=rest)
