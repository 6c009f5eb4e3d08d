"""Encounter files and stat-block files: the YAML a game master writes, checked and typed.

The encounter format is the same for every ruleset; a combatant's sheet stays raw data until it
is validated against the sheet model of the encounter's ruleset, which the caller supplies.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Generic, Self, TypeVar, cast, overload

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from fracas.content.errors import ContentError
from fracas.content.located import LocatedDocument, Location, Overlay, Source, read_document
from fracas.content.paths import FieldPath, format_path, quote
from fracas.content.validate import validate
from fracas.engine.names import checked_name
from fracas.errors import FracasError

S = TypeVar("S", bound=BaseModel)
M = TypeVar("M", bound=BaseModel)

MAX_COUNT = 1000
"""The largest ``count`` one combatant entry may ask for."""

Name = Annotated[str, AfterValidator(checked_name)]
"""A name shown at the table: no control, format or reordering characters (engine.names)."""


class CombatantSpec(BaseModel):
    """One ``combatants:`` entry as written: a sheet inline, or a stat block by name."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    name: Name = Field(min_length=1)
    side: Name = Field(min_length=1)
    sheet: dict[str, Any] | None = None
    use: str | None = Field(default=None, min_length=1)
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    hidden: bool = False
    overrides: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _sheet_or_use(self) -> Self:
        if self.sheet is not None and self.use is not None:
            raise ValueError("give either sheet or use, not both")
        if self.sheet is None and self.use is None:
            raise ValueError("give a sheet, or use: the name of a stat block")
        if self.overrides and self.use is None:
            raise ValueError("overrides apply to a stat block named by use; edit the sheet instead")
        return self


class EncounterSpec(BaseModel):
    """An encounter file as written, before stat blocks are resolved and sheets validated."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    ruleset: str = Field(min_length=1)
    name: Name = Field(min_length=1)
    settings: dict[str, Any] = Field(default_factory=dict)
    statblocks: dict[str, dict[str, Any]] = Field(default_factory=dict)
    include: tuple[str, ...] = ()
    combatants: tuple[CombatantSpec, ...]


@dataclass(frozen=True)
class StatBlock:
    """A named sheet, still raw data, and where it was written."""

    name: str
    data: Mapping[str, Any]
    source: Source = field(repr=False)
    """Locates the stat block's own fields: the empty path is the stat block's name."""

    @property
    def location(self) -> Location:
        return self.source.locate(())[0]


@dataclass(frozen=True)
class EncounterFile:
    """An encounter file read and structurally checked: the first step of ``load_encounter``."""

    spec: EncounterSpec
    document: LocatedDocument
    statblocks: Mapping[str, StatBlock]
    """The file's own stat blocks, then those of its included files, by name."""


@dataclass(frozen=True)
class CombatantEntry(Generic[S]):
    """One combatant ready for the engine. Members of a group (``count`` > 1) share ``group``."""

    name: str
    side: str
    sheet: S
    group: str | None = None
    hidden: bool = False


@dataclass(frozen=True)
class LoadedEncounter(Generic[S]):
    """A checked encounter: its ruleset slug, name, raw settings and typed combatants."""

    file: str
    ruleset: str
    name: str
    settings: Mapping[str, Any]
    settings_source: Source = field(repr=False)
    """Locates ``settings``: pass it to ``validate`` as ``source`` (``at`` stays empty)."""
    combatants: tuple[CombatantEntry[S], ...]

    def validate_settings(self, model: type[M]) -> M:
        """The settings validated by the ruleset's settings model, errors located in the file."""
        return validate(model, dict(self.settings), source=self.settings_source)


def read_encounter(
    path: str | os.PathLike[str],
    *,
    text: str | None = None,
    include_root: str | os.PathLike[str] | None = None,
) -> EncounterFile:
    """Read an encounter file, check its structure, and gather its stat blocks and includes.

    ``text``, when given, is used instead of the file's contents; ``path`` still names the file
    in errors and included files are found relative to it. ``include_root``, when given, is the
    folder every included file must lie in (set it when the file comes from someone untrusted).
    """
    document = read_document(path, text=text)
    root = None if include_root is None else Path(include_root).resolve()
    spec = validate(EncounterSpec, document.data, source=document)
    statblocks: dict[str, StatBlock] = {}
    for name, data in spec.statblocks.items():
        statblocks[name] = StatBlock(name, data, document.subtree(("statblocks", name)))
    included: dict[Path, int] = {}
    for index, item in enumerate(spec.include):
        where: FieldPath = ("include", index)
        target = Path(document.file).parent / item
        key = Path(os.path.normpath(target))
        if key in included:
            first = f"include[{included[key]}]"
            raise document.error(where, f"{item} is already included by {first}", on_value=True)
        included[key] = index
        if root is not None and not target.resolve().is_relative_to(root):
            message = f"cannot include {item}: it is outside the folder includes may come from"
            raise document.error(where, message, on_value=True)
        for name, block in _read_included(target, item, document, where).items():
            if name in statblocks:
                message = f"stat block {quote(name)} {_defined_at(statblocks[name])}"
                raise block.source.error((), message)
            statblocks[name] = block
    return EncounterFile(spec, document, statblocks)


def build_combatants(
    encounter: EncounterFile, sheet_model: type[S]
) -> tuple[CombatantEntry[S], ...]:
    """Resolve stat blocks, apply overrides, validate every sheet and expand groups."""
    document = encounter.document
    taken_names: dict[str, int] = {}
    taken_groups: dict[str, int] = {}
    cache: dict[str, S] = {}
    entries: list[CombatantEntry[S]] = []
    for index, spec in enumerate(encounter.spec.combatants):
        at: FieldPath = ("combatants", index)
        group = _group_key(spec.name) if spec.count > 1 else None
        names = [f"{spec.name} {n}" for n in range(1, spec.count + 1)] if group else [spec.name]
        for name in names:
            _claim(taken_names, name.casefold(), index, document, at, f"the name {quote(name)}")
        if group is not None:
            _claim(taken_groups, group, index, document, at, f"the group key {quote(group)}")
        sheet = _sheet(encounter, spec, at, sheet_model, cache)
        entries.extend(CombatantEntry(name, spec.side, sheet, group, spec.hidden) for name in names)
    return tuple(entries)


@overload
def load_encounter(
    path: str | os.PathLike[str],
    sheet_model: type[S],
    *,
    text: str | None = None,
    include_root: str | os.PathLike[str] | None = None,
) -> LoadedEncounter[S]: ...
@overload
def load_encounter(
    path: str | os.PathLike[str],
    sheet_model: Callable[[str], type[BaseModel]],
    *,
    text: str | None = None,
    include_root: str | os.PathLike[str] | None = None,
) -> LoadedEncounter[BaseModel]: ...
def load_encounter(
    path: str | os.PathLike[str],
    sheet_model: type[BaseModel] | Callable[[str], type[BaseModel]],
    *,
    text: str | None = None,
    include_root: str | os.PathLike[str] | None = None,
) -> LoadedEncounter[Any]:
    """Read, check and build an encounter file in one step.

    ``sheet_model`` is the sheet model class, or a function from the file's ``ruleset:`` slug to
    that ruleset's sheet model. The function may raise LookupError or a FracasError to reject the
    slug; that becomes a ContentError at the ``ruleset:`` line carrying the exception's message.
    ``text`` and ``include_root`` are as for ``read_encounter``.
    """
    encounter = read_encounter(path, text=text, include_root=include_root)
    document = encounter.document
    model = _resolve_model(sheet_model, encounter)
    combatants = build_combatants(encounter, model)
    return LoadedEncounter(
        file=document.file,
        ruleset=encounter.spec.ruleset,
        name=encounter.spec.name,
        settings=encounter.spec.settings,
        settings_source=document.subtree(("settings",)),
        combatants=combatants,
    )


def load_statblock(path: str | os.PathLike[str], model: type[S], *, text: str | None = None) -> S:
    """Load a file holding one sheet at its top level."""
    document = read_document(path, text=text)
    return validate(model, document.data, source=document)


def load_statblocks(
    path: str | os.PathLike[str], model: type[S], *, text: str | None = None
) -> dict[str, S]:
    """Load a stat-block file (a mapping of name to sheet), validating every sheet."""
    document = read_document(path, text=text)
    blocks = _statblocks_of(document)
    return {
        name: validate(model, block.data, source=block.source) for name, block in blocks.items()
    }


def deep_merge(base: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``overrides`` laid over it: mappings merge key by key, anything else (a
    number, text, a list) replaces the value under it."""
    merged = dict(base)
    for key, value in overrides.items():
        below = merged.get(key)
        if isinstance(below, Mapping) and isinstance(value, Mapping):
            merged[key] = deep_merge(below, value)
        else:
            merged[key] = value
    return merged


def _resolve_model(
    sheet_model: type[BaseModel] | Callable[[str], type[BaseModel]], encounter: EncounterFile
) -> type[BaseModel]:
    if isinstance(sheet_model, type) and issubclass(sheet_model, BaseModel):
        return sheet_model
    factory = cast(Callable[[str], type[BaseModel]], sheet_model)
    slug = encounter.spec.ruleset
    try:
        return factory(slug)
    except (LookupError, FracasError) as exc:
        detail = "" if isinstance(exc, KeyError) else str(exc)
        message = detail or f"unknown ruleset {quote(slug)}"
        raise encounter.document.error(("ruleset",), message, on_value=True) from exc


def _read_included(
    target: Path, item: str, document: LocatedDocument, where: FieldPath
) -> dict[str, StatBlock]:
    try:
        included = read_document(target)
    except ContentError as exc:
        if exc.line is not None:
            raise
        message = f"cannot include {item}: {exc.message.removeprefix('cannot read file: ')}"
        raise document.error(where, message, on_value=True) from exc
    return _statblocks_of(included)


def _statblocks_of(document: LocatedDocument) -> dict[str, StatBlock]:
    blocks: dict[str, StatBlock] = {}
    for name, data in document.data.items():
        if not isinstance(data, dict):
            found = "a list" if isinstance(data, list) else "a single value"
            message = f"a stat block must be a mapping of sheet fields, found {found}"
            raise document.error((name,), message, on_value=True)
        blocks[name] = StatBlock(name, data, document.subtree((name,)))
    return blocks


def _sheet(
    encounter: EncounterFile,
    spec: CombatantSpec,
    at: FieldPath,
    model: type[S],
    cache: dict[str, S],
) -> S:
    document = encounter.document
    if spec.sheet is not None:
        return validate(model, spec.sheet, source=document, at=(*at, "sheet"))
    assert spec.use is not None  # CombatantSpec guarantees sheet or use
    block = encounter.statblocks.get(spec.use)
    if block is None:
        raise document.error((*at, "use"), _unknown_statblock(spec.use, encounter), on_value=True)
    if not spec.overrides:
        if spec.use not in cache:
            cache[spec.use] = validate(model, block.data, source=block.source)
        return cache[spec.use]
    merged = deep_merge(block.data, spec.overrides)
    source = Overlay((document.subtree((*at, "overrides")), block.source))
    return validate(model, merged, source=source)


def _unknown_statblock(name: str, encounter: EncounterFile) -> str:
    known = sorted(encounter.statblocks)
    if not known:
        return (
            f"unknown stat block {quote(name)}: this encounter defines none "
            "(add a statblocks: section or include: a stat-block file)"
        )
    message = f"unknown stat block {quote(name)}"
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        message += f" (did you mean {close[0]}?)"
    return f"{message}; known stat blocks: {', '.join(known)}"


def _defined_at(block: StatBlock) -> str:
    location = block.location
    entry = location.entry.key
    return f"is already defined at {location.file}:{entry.line}:{entry.column}"


def _claim(
    taken: dict[str, int],
    key: str,
    index: int,
    document: LocatedDocument,
    at: FieldPath,
    what: str,
) -> None:
    if key not in taken:
        taken[key] = index
        return
    other: FieldPath = ("combatants", taken[key])
    position = document.position(other)
    line = f" on line {position.line}" if position is not None else ""
    message = f"{what} is already taken by {format_path(other)}{line}"
    raise document.error((*at, "name"), message, on_value=True)


def _group_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "group"
