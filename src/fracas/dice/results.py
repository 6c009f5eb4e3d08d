"""The record of a roll: frozen data of ints, strs, bools and tuples, fit for a saved event log.

The result tree mirrors the expression's syntax tree; every node carries its ``total``.

A roll may expose only its total (``RollResult.of_total``): the exact odds hand such rolls to the
rules, one per total the expression can come to, where the rules are not known to read more of
it. Reading its dice, kept faces or labelled subtotals raises ``FacesHidden``, which tells the
odds to branch on the roll's faces instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TypeAlias

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

from fracas.dice.syntax import (
    ATOM_PRECEDENCE,
    NEGATIVE_PRECEDENCE,
    Operator,
    binary_precedence,
    operand_text,
)


@dataclass(frozen=True, slots=True)
class Face:
    """One face a die showed. ``value`` is what it counts for after a minimum or maximum; a
    ``rerolled`` face was thrown away; an ``exploded`` face made the die roll one more face,
    which adds to it."""

    shown: int
    value: int
    rerolled: bool = False
    exploded: bool = False

    def render(self) -> str:
        text = str(self.shown) if self.value == self.shown else f"{self.shown}→{self.value}"
        return f"{text}!" if self.exploded else text


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die of a pool with every face it showed, in order; ``success`` and ``failure`` are
    set only on kept dice of a term that counts successes."""

    sides: int
    faces: tuple[Face, ...]
    kept: bool = True
    success: bool = False
    failure: bool = False

    @property
    def value(self) -> int:
        return sum(face.value for face in self.faces if not face.rerolled)

    @property
    def natural(self) -> int:
        """The face the die first showed and kept, before any minimum or maximum: a natural 20."""
        first = self.faces[0]
        if not first.rerolled:
            return first.shown
        return next(face.shown for face in self.faces if not face.rerolled)

    def render(self) -> str:
        texts = [
            f"~~{face.render()}~~" if face.rerolled or not self.kept else face.render()
            for face in self.faces
        ]
        texts[-1] += "✓" * self.success + "✗" * self.failure
        return ", ".join(texts)


@dataclass(frozen=True, slots=True)
class ConstantResult:
    total: int

    @property
    def precedence(self) -> int:
        return ATOM_PRECEDENCE

    def terms(self) -> Iterator[DiceResult]:
        yield from ()

    def render(self) -> str:
        return str(self.total)


class FacesHidden(Exception):
    """A rule read the dice (kept faces, labelled subtotals) of a roll that exposes only its
    total; ``notation`` is the roll's expression. Not a FracasError: nothing may catch it on
    the way to the exact odds, which catch it and branch on that roll's faces."""

    def __init__(self, notation: str) -> None:
        super().__init__(f"{notation}: only its total is known")
        self.notation = notation


@dataclass(frozen=True, slots=True)
class HiddenDice(ConstantResult):
    """The result tree of a roll that exposes only its ``total``: its dice are hidden (reading
    them raises FacesHidden), and it renders as its notation."""

    notation: str = ""

    def terms(self) -> Iterator[DiceResult]:
        raise FacesHidden(self.notation)

    def render(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class DiceResult:
    """A rolled dice term; ``notation`` is the term's canonical notation, label included."""

    notation: str
    dice: tuple[RolledDie, ...]
    total: int
    label: str | None = None

    @property
    def precedence(self) -> int:
        return ATOM_PRECEDENCE

    def terms(self) -> Iterator[DiceResult]:
        yield self

    def render(self) -> str:
        return f"{self.notation} ({', '.join(die.render() for die in self.dice)})"


@dataclass(frozen=True, slots=True)
class NegativeResult:
    operand: RollNode
    total: int

    @property
    def precedence(self) -> int:
        return NEGATIVE_PRECEDENCE

    def terms(self) -> Iterator[DiceResult]:
        return self.operand.terms()

    def render(self) -> str:
        operand = self.operand
        return "-" + operand_text(operand.render(), operand.precedence, NEGATIVE_PRECEDENCE)


@dataclass(frozen=True, slots=True)
class BinaryResult:
    op: Operator
    left: RollNode
    right: RollNode
    total: int

    @property
    def precedence(self) -> int:
        return binary_precedence(self.op)

    def terms(self) -> Iterator[DiceResult]:
        yield from self.left.terms()
        yield from self.right.terms()

    def render(self) -> str:
        left, right, precedence = self.left, self.right, self.precedence
        return (
            f"{operand_text(left.render(), left.precedence, precedence)} {self.op} "
            f"{operand_text(right.render(), right.precedence, precedence + 1)}"
        )


RollNode: TypeAlias = ConstantResult | DiceResult | NegativeResult | BinaryResult


@dataclass(frozen=True, slots=True)
class RollResult:
    """A rolled expression: ``expression`` is its canonical notation, ``root`` its result tree."""

    expression: str
    root: RollNode

    @classmethod
    def of_total(cls, notation: str, total: int) -> RollResult:
        """A roll of ``notation`` that came to ``total`` and exposes nothing else: its dice,
        kept faces and subtotals raise FacesHidden; it renders as ``8d6 = 27``."""
        return cls(notation, HiddenDice(total, notation))

    @classmethod
    def __get_pydantic_core_schema__(
        cls, _source: Any, _handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        """Saved flat, read from either form, without recursion (``fracas.dice.saved``)."""
        from fracas.dice import saved  # it builds on this module's classes

        return core_schema.no_info_plain_validator_function(
            saved.load, serialization=core_schema.plain_serializer_function_ser_schema(saved.dump)
        )

    @property
    def total(self) -> int:
        return self.root.total

    def render(self) -> str:
        """``4d6kh3 (6, 5, 3, ~~1~~) = 14``; the format is described in ``fracas.dice``."""
        return f"{self.root.render()} = {self.total}"

    def terms(self) -> tuple[DiceResult, ...]:
        """Every dice term, left to right."""
        return tuple(_terms(self.root))

    def dice(self) -> tuple[RolledDie, ...]:
        """Every die rolled, kept or dropped, left to right."""
        found: list[RolledDie] = []
        for term in _terms(self.root):
            found.extend(term.dice)
        return tuple(found)

    def kept_faces(self, sides: int | None = None) -> tuple[int, ...]:
        """The natural faces of the kept dice, only of dice with ``sides`` sides if given:
        ``result.kept_faces(sides=20) == (20,)`` is a natural 20."""
        found: list[int] = []
        for term in _terms(self.root):
            for die in term.dice:
                if die.kept and (sides is None or die.sides == sides):
                    first = die.faces[0]  # the natural face, unless rerolled away
                    found.append(die.natural if first.rerolled else first.shown)
        return tuple(found)

    def subtotals(self) -> dict[str, int]:
        """The total of each label's terms, each term as rolled, whatever arithmetic surrounds
        it: ``2d6[heat] + 1d6[cold]`` gives ``{"heat": ..., "cold": ...}``."""
        totals: dict[str, int] = {}
        for term in self.root.terms():
            if term.label is not None:
                totals[term.label] = totals.get(term.label, 0) + term.total
        return totals

    def subtotal(self, label: str) -> int:
        """The total of ``label``'s terms; 0 when no term has that label."""
        return self.subtotals().get(label, 0)

    def __str__(self) -> str:
        return self.render()


def _terms(node: RollNode) -> list[DiceResult]:
    """``node.terms()`` as a list, the common nodes walked without generators (a rule reads
    the natural face of every attack roll it makes)."""
    if isinstance(node, DiceResult):
        return [node]
    if isinstance(node, BinaryResult):
        return _terms(node.left) + _terms(node.right)
    if type(node) is ConstantResult:  # not HiddenDice, whose terms are hidden
        return []
    return list(node.terms())
