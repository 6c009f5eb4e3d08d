"""Tiny sheet and settings models standing in for a ruleset's, and a helper to write files."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field


class Stats(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    strength: int
    dexterity: int


class Weapon(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    damage: str


class Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    stats: Stats
    vitality: int = Field(ge=0)
    weapons: tuple[Weapon, ...] = ()
    title: str | None = None


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    surprise: bool = False
    momentum_cap: int = 6


def write(directory: Path, name: str, text: str) -> Path:
    """Write dedented ``text`` (its first line is line 1) to ``directory/name``."""
    path = directory / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path
