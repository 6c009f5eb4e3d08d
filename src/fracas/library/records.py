"""Entries and broken files as plain JSON-ready data: ``fracas library --json`` and the API."""

from __future__ import annotations

from typing import Any

from fracas.content import ContentError
from fracas.library.entry import BrokenFile, Entry
from fracas.library.numbers import key_numbers


def entry_record(entry: Entry, *, sheet: bool = False) -> dict[str, Any]:
    """What a listing says of an entry; with ``sheet``, its whole resolved sheet too."""
    record: dict[str, Any] = {
        "name": entry.name,
        "key": entry.key,
        "ruleset": entry.ruleset,
        "side": entry.side,
        "hidden": entry.hidden,
        "numbers": key_numbers(entry),
        "description": entry.description,
        "origin": entry.origin,
        "builtin": entry.builtin,
        "shadows": entry.shadows,
        "base": entry.base,
        "source": entry.source,
        "file": entry.file,
    }
    if sheet:
        record["sheet"] = entry.sheet.model_dump(mode="json")
    return record


def broken_record(broken: BrokenFile) -> dict[str, Any]:
    """A broken file and every error in it."""
    return {"file": broken.file, "errors": [error_record(e) for e in broken.errors]}


def error_record(error: ContentError) -> dict[str, Any]:
    """One located error: where, which field, what is wrong, and the whole line of it."""
    return {
        "line": error.line,
        "column": error.column,
        "path": error.path_text,
        "message": error.message,
        "text": str(error),
    }
