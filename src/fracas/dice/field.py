"""Dice notation as a pydantic field: sheets hold parsed expressions, never text.

A stat block's ``damage: 1d8+1`` is parsed when the sheet is validated, so a bad expression is
reported with the file, line and field like any other mistake, and rules code gets a tree.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import PlainSerializer, PlainValidator

from fracas.dice.errors import DiceError
from fracas.dice.parser import parse
from fracas.dice.syntax import Expression


def _expression(value: object) -> Expression:
    if isinstance(value, str):
        try:
            return parse(value)
        except DiceError as error:
            raise ValueError(str(error)) from error
    if isinstance(value, int) and not isinstance(value, bool):
        return parse(str(value))
    raise ValueError(f"expected dice notation such as 1d8+2, got {value!r}")


DiceNotation = Annotated[
    Expression,
    PlainValidator(_expression),
    PlainSerializer(str, return_type=str),
]
"""A field holding dice notation (``2d6[heat] + 1``), validated into an Expression."""
