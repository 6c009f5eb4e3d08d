"""What a name may hold: the one check every way of naming something goes through (a combatant,
its side and group, an encounter, a chat member; typed, sent to the API or read from a library).

A name is shown to everyone at the table, so it may not hold characters that change how the
text around it reads: control characters (NUL, escapes), format characters (right-to-left
overrides, zero-width spaces and joiners, byte-order marks), line or paragraph separators.
"""

from __future__ import annotations

import unicodedata

from fracas.errors import FracasError

REFUSED = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp"})
"""Unicode categories a name may not use: control, format, private use, surrogate, separators
of lines and paragraphs."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a name (naming the first character at fault), or None."""
    for index, character in enumerate(name):
        if unicodedata.category(character) in REFUSED:
            what = unicodedata.name(character, "a control character").lower()
            return f"a name may not hold {what} (U+{ord(character):04X}, character {index + 1})"
    return None


class BadName(FracasError, ValueError):
    """A name that may not be a name. A ValueError too, so that a pydantic field checked by
    ``checked_name`` reports it as that field's error."""


def checked_name(name: str) -> str:
    """``name`` when it may be a name; BadName saying why not."""
    problem = name_problem(name)
    if problem is not None:
        raise BadName(problem)
    return name
