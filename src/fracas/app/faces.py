"""Typed-in dice: the faces a table rolled, written at the end of a command after ``!``.

``punch bo !4`` rolls the punch's d6 as a 4; ``attack raptor ! 15 6`` gives a d20 and a d8;
faces are separated by spaces or commas. The ``!`` must begin a word, outside quotes, and be
followed by faces only (a ``# comment`` may follow). When a command needs a die nobody typed,
the session waits for it: a line of faces alone (``15``, ``15 6``, ``!15``) carries it on.
"""

from __future__ import annotations

import re

_FACES = re.compile(r"\s*(\d+(?:[\s,]+\d+)*)\s*,?\s*")
_FACES_LINE = re.compile(r"\s*!?\s*\d+(?:[\s,]+\d+)*\s*,?\s*")


def split_faces(text: str) -> tuple[str, tuple[int, ...] | None]:
    """``text`` without its ``!FACES`` suffix, and the faces (None when it has none)."""
    if "!" not in text:  # most lines: no faces, and no need to walk the text
        return text, None
    quote: str | None = None
    bang: int | None = None
    end = len(text)
    previous = " "
    for index, char in enumerate(text):
        if quote is not None:
            if char == quote:
                quote = None
        elif char == '"' or (char == "'" and (previous.isspace() or previous == "=")):
            quote = char
        elif char == "#":
            end = index
            break
        elif char == "!" and previous.isspace():
            bang = index
        previous = char
    if bang is None:
        return text, None
    match = _FACES.fullmatch(text, bang + 1, end)
    if match is None:
        return text, None
    comment = f" {text[end:]}" if end < len(text) else ""
    return text[:bang].rstrip() + comment, _numbers(match.group(1))


def faces_only(text: str) -> tuple[int, ...] | None:
    """The faces of a line that holds nothing else (``15 6``, ``!15``), or None."""
    if _FACES_LINE.fullmatch(text) is None:
        return None
    return _numbers(text)


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", text))
