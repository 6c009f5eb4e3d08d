"""The errors of the dice layer: every one is a DiceError, and so a FracasError."""

from __future__ import annotations

from collections.abc import Iterable

from fracas.errors import FracasError


class DiceError(FracasError):
    """Base of every error the dice layer raises on purpose."""


class DiceSyntaxError(DiceError):
    """Dice notation that does not parse.

    ``position`` is the 0-based index in ``text`` where reading failed (``len(text)`` when the
    text ended too early); ``expected`` describes what could have stood there instead.
    """

    def __init__(self, text: str, position: int, expected: Iterable[str], found: str) -> None:
        self.text = text
        self.position = position
        self.expected = tuple(expected)
        self.found = found
        message = f"unexpected {found} at position {position} of {text!r}"
        if self.expected:
            message += f": expected {_one_of(self.expected)}"
        super().__init__(message)

    def __str__(self) -> str:
        shown = "".join(" " if character.isspace() else character for character in self.text)
        return f"{self.args[0]}\n{shown}\n{' ' * self.position}^"


class DiceValueError(DiceError):
    """An expression, face or operation that has no meaning: a d0, a 7 on a d6, division by zero,
    a reroll or explosion condition that matches every face."""


class DiceLimitError(DiceError):
    """An expression beyond the evaluator's limits (see DiceLimits), or a keep or drop count
    larger than its pool."""


class DiceNeeded(DiceError):
    """A loaded dice source has run out of faces: a die with ``sides`` sides must be rolled."""

    def __init__(self, sides: int) -> None:
        self.sides = sides
        super().__init__(f"a d{sides} is needed: no loaded face is left")


def _one_of(choices: tuple[str, ...]) -> str:
    if len(choices) == 1:
        return choices[0]
    return f"{', '.join(choices[:-1])} or {choices[-1]}"
