"""Field paths: where a value sits inside a document, as keys and list indices."""

from __future__ import annotations

import json
import re
from typing import TypeAlias

FieldPath: TypeAlias = tuple[str | int, ...]
"""Keys (str) and list indices (int) from the top of a document down to one value."""

_BARE_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def format_path(path: FieldPath) -> str:
    """Render a path the way a reader of the file thinks of it: ``combatants[2].sheet.stats``.

    Keys that are not identifier-like are quoted, so ``statblocks["giant spider"]`` and the list
    index ``[1]`` cannot be confused with a key ``"1"``.
    """
    parts: list[str] = []
    for part in path:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        elif _BARE_KEY.fullmatch(part):
            parts.append(f".{part}" if parts else part)
        else:
            parts.append(f"[{quote(part)}]")
    return "".join(parts)


def quote(text: str) -> str:
    """Text as messages quote it: in double quotes, escaped like JSON."""
    return json.dumps(text, ensure_ascii=False)
