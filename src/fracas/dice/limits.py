"""How much one dice expression may ask of an evaluator."""

from __future__ import annotations

from dataclasses import dataclass

from fracas.dice.errors import DiceLimitError
from fracas.dice.syntax import Expression

MAX_NESTING = 256
"""How deep arithmetic may nest in one expression (``1d2+1d2+1d2`` nests 2 deep, each sum
inside the next): deeper is refused when parsed, before anything reads the tree. The roller,
the renderer and the exact evaluator walk the tree by recursion, and stay well inside Python's
stack at this depth; a saved roll does not nest at all (``fracas.dice.saved``)."""


@dataclass(frozen=True, slots=True)
class DiceLimits:
    """``max_dice``: dice written in one expression (rerolls and explosions not counted).
    ``max_sides``: sides of any one die.
    ``max_explosion_depth``: extra faces one die may explode into; rolling past it raises
    DiceLimitError, the exact distribution stops exploding there.
    ``max_rerolls``: times one face may be rerolled by ``rr`` when rolling (the exact
    distribution rerolls without bound).
    """

    max_dice: int = 1000
    max_sides: int = 1000
    max_explosion_depth: int = 20
    max_rerolls: int = 1000

    def check(self, expression: Expression) -> None:
        """Raise DiceLimitError if ``expression`` writes too many dice or too many sides."""
        terms = tuple(expression.dice_terms())
        count = sum(term.count for term in terms)
        if count > self.max_dice:
            raise DiceLimitError(
                f"{expression} rolls {count} dice; at most {self.max_dice} are allowed"
            )
        for term in terms:
            if term.sides > self.max_sides:
                raise DiceLimitError(
                    f"{term} has dice of {term.sides} sides; at most {self.max_sides} are allowed"
                )


DEFAULT_LIMITS = DiceLimits()
