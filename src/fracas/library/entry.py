"""A library entry: one stat block of one ruleset, as written in its YAML file and as resolved.

The file has the shape of an encounter's combatant (``name``, ``side``, ``hidden``, ``sheet``)
plus the ``ruleset`` it is for, where it comes from (``source``) and, to build on another entry,
``from: raptor`` with only the fields it changes under ``sheet``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from fracas.content import ContentError, Source
from fracas.content.encounter import Name

MAX_NAME = 60
"""The longest entry name."""


class EntrySpec(BaseModel):
    """An entry file as written, its sheet still raw data."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    name: Name = Field(min_length=1, max_length=MAX_NAME)
    ruleset: str = Field(min_length=1)
    base: str | None = Field(default=None, alias="from", min_length=1)
    side: Name | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    hidden: bool | None = None
    source: str | None = Field(default=None, min_length=1)
    description: str = ""
    sheet: dict[str, Any] = Field(default_factory=dict)


@dataclass(frozen=True)
class Entry:
    """A resolved entry: its sheet validated, the fields it took from its base filled in.

    ``data`` is the whole sheet as raw data (its base's merged with its own changes), what
    ``-set`` overrides are laid over. ``builtin`` entries ship with fracas; ``shadows`` marks a
    user entry with a built-in's name, which it replaces.
    """

    name: str
    ruleset: str
    side: str
    hidden: bool
    sheet: BaseModel
    data: Mapping[str, Any] = field(repr=False)
    source: str
    file: str
    builtin: bool
    description: str = ""
    base: str | None = None
    shadows: bool = False

    @property
    def key(self) -> str:
        """The entry's name as an id: ``Raptor alpha`` is ``raptor-alpha``."""
        return entry_key(self.name)

    @property
    def origin(self) -> str:
        """Where it comes from, for listings: ``built-in``, or the user's, saying what it hides."""
        if self.builtin:
            return "built-in"
        return "user (shadows built-in)" if self.shadows else "user"


@dataclass(frozen=True)
class BrokenFile:
    """A library file that gives no entry, with every error found in it."""

    file: str
    errors: tuple[ContentError, ...]


@dataclass(frozen=True)
class Written:
    """An entry file read and structurally checked, before its base is resolved."""

    spec: EntrySpec
    file: str
    source: Source
    builtin: bool


def entry_key(name: str) -> str:
    """The form entry names are compared in: lower case, words joined by ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "entry"
