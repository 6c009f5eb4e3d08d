"""The library over HTTP: list and show stat blocks, and build a stored encounter from them.

    GET  /api/library?ruleset=momentum&q=rap      the entries (and the broken library files)
    GET  /api/library/{ruleset}/{name}            one entry, its whole sheet included
    POST /api/encounters/build                    an encounter from entries; the GM's link

A build runs the ``add`` command of each roster line (``raptor x3 -side pack``) on a new
encounter, as ``fracas new`` does, so what it makes and logs is what the table would type.
Library files are named by their file name only: the server's folders stay its own.
"""

from __future__ import annotations

import json
import secrets
from pathlib import PurePath
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field

from fracas.app.adding import MAX_ADDED
from fracas.app.building import MAX_LINES, BuildError, RosterLine, build_encounter
from fracas.app.rulesets import find
from fracas.commands import CommandError
from fracas.errors import FracasError
from fracas.library import BrokenFile, Entry, Library, load_library
from fracas.library.entry import MAX_NAME
from fracas.library.records import entry_record
from fracas.web.api import ERRORS, TablesDep
from fracas.web.errors import ApiError
from fracas.web.guard import LIMITS_CREATION
from fracas.web.models import SEED_BOUND, Created, Strict

router = APIRouter(prefix="/api", responses=ERRORS)

MAX_CHANGES = 20
"""The most sheet fields one roster line may change."""

_WORD = r"^[^\"\n\r\t]+$"
"""An entry name or side: any text but a double quote or a line break."""

FieldName = Annotated[
    str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$", max_length=100)
]
"""A sheet field, dotted for a nested one (``skills.athletics``, ``weapons.0.damage``)."""


class EntryOut(BaseModel):
    """A library entry: its name, ruleset, side, key numbers and where it comes from."""

    name: str
    key: str = Field(description="The name as an id (raptor-alpha).")
    ruleset: str
    side: str = Field(description="The side it fights on unless told otherwise.")
    hidden: bool
    numbers: dict[str, Any] = Field(description="The few numbers its ruleset's sheet makes key.")
    description: str
    origin: str = Field(description="built-in, user, or user (shadows built-in).")
    base: str | None = Field(description="The entry it builds on (from:).")
    source: str = Field(description="The seed section or file it comes from.")


class EntryDetail(EntryOut):
    """A library entry with its whole resolved sheet."""

    sheet: dict[str, Any]


class ErrorOut(BaseModel):
    """One error of a library file: line, column, field path, what is wrong."""

    line: int | None
    column: int | None
    path: str
    message: str


class BrokenOut(BaseModel):
    """A library file that gives no entry (named by its file name), with all its errors."""

    file: str
    errors: list[ErrorOut]


class LibraryOut(BaseModel):
    """The entries asked for, and every broken file of the library."""

    entries: list[EntryOut]
    broken: list[BrokenOut]


class RosterIn(Strict):
    """Combatants from one library entry."""

    entry: str = Field(min_length=1, max_length=MAX_NAME, pattern=_WORD)
    count: int = Field(default=1, ge=1, le=MAX_ADDED)
    side: str | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_NAME,
        pattern=_WORD,
        description="Default: the entry's side.",
    )
    hidden: bool = False
    set: dict[
        Annotated[
            str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$", max_length=100)
        ],
        str | int | float | bool | None,
    ] = Field(
        default_factory=dict,
        max_length=MAX_CHANGES,
        description='Sheet fields to change, dotted for nested ones: {"vitality": 20}.',
    )

    def line(self) -> RosterLine:
        changes = tuple(f"{path}={json.dumps(value)}" for path, value in self.set.items())
        return RosterLine(self.entry, self.count, self.side, self.hidden, changes)


class BuildIn(Strict):
    """An encounter to build from the library."""

    ruleset: str = Field(min_length=1, max_length=100, description="Slug, name or alias.")
    name: str = Field(default="", max_length=200)
    seed: int | None = Field(default=None, ge=0, lt=SEED_BOUND)
    combatants: list[RosterIn] = Field(min_length=1, max_length=MAX_LINES)


@router.get("/library")
async def list_entries(
    ruleset: Annotated[
        str | None, Query(min_length=1, max_length=100, description="Slug, name or alias.")
    ] = None,
    q: Annotated[str, Query(max_length=100, description="Text in the name or description.")] = "",
) -> LibraryOut:
    """The library's entries (of one ruleset, holding some text), and its broken files."""
    library = load_library()
    entries = library.search(_slug(ruleset) if ruleset is not None else None, q)
    return LibraryOut(
        entries=[EntryOut.model_validate(entry_record(e)) for e in entries],
        broken=[_broken(b) for b in library.broken],
    )


@router.get("/library/{ruleset}/{name}")
async def show_entry(
    ruleset: Annotated[str, Path(min_length=1, max_length=100)],
    name: Annotated[str, Path(min_length=1, max_length=MAX_NAME)],
) -> EntryDetail:
    """One entry, found as leniently as ``add`` finds it, with its whole sheet."""
    slug = _slug(ruleset)
    entry = _entry(load_library(ruleset=slug), slug, name)
    return EntryDetail.model_validate(entry_record(entry, sheet=True))


@router.post("/encounters/build", status_code=201, dependencies=[LIMITS_CREATION])
async def build(body: BuildIn, open_tables: TablesDep) -> Created:
    """A stored encounter made of library entries, and the game master's link to it."""
    seed = body.seed if body.seed is not None else secrets.randbelow(1_000_000)
    slug = _slug(body.ruleset)
    adds = [line.line().command() for line in body.combatants]
    try:
        session = build_encounter(slug, body.name, adds, seed=seed)
    except BuildError as error:
        raise ApiError(422, "bad-combatant", error.problem, f"combatants.{error.index}") from error
    encounter = open_tables.store.create(session, f"build:{slug}")
    link = open_tables.store.grant(encounter)
    return Created(id=encounter, token=link.token, page=f"/gm/{link.token}")


def _slug(ruleset: str) -> str:
    try:
        return find(ruleset).descriptor.slug
    except FracasError as error:
        raise ApiError(422, "unknown-ruleset", str(error), "ruleset") from error


def _entry(library: Library, ruleset: str, name: str) -> Entry:
    try:
        return library.find(ruleset, name)
    except CommandError as error:
        raise ApiError(404, "unknown-entry", error.message, "name") from error


def _broken(broken: BrokenFile) -> BrokenOut:
    return BrokenOut(
        file=PurePath(broken.file).name,
        errors=[
            ErrorOut(line=e.line, column=e.column, path=e.path_text, message=e.message)
            for e in broken.errors
        ],
    )
