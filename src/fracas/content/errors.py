"""The one error content loading raises: a problem located in a file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.content.paths import FieldPath, format_path
from fracas.errors import FracasError


class ContentError(FracasError):
    """Something is wrong in a content file, at a known file, line, column and field path.

    ``str()`` gives ``FILE:LINE:COL: PATH: MESSAGE``; the path part is left out when the problem
    is not inside a field (a YAML syntax error), and line and column are None only when the file
    could not be read at all. ``more`` holds the further errors found in the same validation, each
    located on its own; the rendered message counts them.
    """

    file: str
    line: int | None
    column: int | None
    path: FieldPath
    message: str
    more: tuple[ContentError, ...]

    def __init__(
        self,
        file: str,
        line: int | None,
        column: int | None,
        path: FieldPath,
        message: str,
        *,
        more: Sequence[ContentError] = (),
    ) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.path = tuple(path)
        self.message = message
        self.more = tuple(more)
        super().__init__(self.render())

    @property
    def path_text(self) -> str:
        """The field path as written in messages, e.g. ``combatants[2].sheet.stats.strength``."""
        return format_path(self.path)

    @property
    def where(self) -> str:
        """``FILE:LINE:COL``, or only ``FILE`` when there is no position."""
        if self.line is None:
            return self.file
        if self.column is None:
            return f"{self.file}:{self.line}"
        return f"{self.file}:{self.line}:{self.column}"

    def render(self) -> str:
        parts = [self.where]
        if self.path:
            parts.append(self.path_text)
        text = ": ".join([*parts, self.message])
        if self.more:
            count = len(self.more)
            text += f" (and {count} more error{'s' if count > 1 else ''})"
        return text

    def __str__(self) -> str:
        return self.render()

    def __reduce__(self) -> tuple[Any, ...]:
        args = (self.file, self.line, self.column, self.path, self.message)
        return (type(self), args, {"more": self.more})
