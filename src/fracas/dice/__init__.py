"""Dice: one notation, one syntax tree, two evaluators (``roll`` and the exact ``distribution``).

Notation (keywords case-insensitive, whitespace free between tokens)::

    NdM  dM  d%            N dice of M sides (N defaults to 1; d% is d100)
    + - * / ( )  -x        arithmetic on whole numbers; / is floor division
    roC  rrC               reroll a face matching C once / until it does not match
    miN  maN               each face counts as at least / at most N
    e  eC                  a face matching C (default: the highest) rolls again and adds
    khN klN dhN dlN kN     keep or drop the N highest or lowest dice (k is kh)
    >=N >N <=N <N =N  fC   count dice meeting the comparison instead of adding them;
                           dice matching the f condition subtract one
    [label]                name the term, for RollResult.subtotal

A condition C is ``N`` (equal to N) or a comparison: ``<3``, ``>=18``. A term's modifiers are
written in the order above, which is also the order they apply in: each face is rerolled, then
counted through the minimum and maximum (explosions look at the face as rolled and add the next
face to the same die), then the pool's dice are kept or dropped by value, then the kept dice are
summed or counted. Rules code builds the same trees without text: ``dice(2, 20).keep_highest(1)
+ 4``; ``str(node)`` gives canonical notation and ``parse(str(node)) == node``.

Rendering, like the d20 library: ``4d6kh3 (6, 5, 3, ~~1~~) = 14``. Each term shows its
canonical notation and then every face rolled, in order:

* ``~~1~~``: a face that does not count, dropped by keep/drop or rerolled away
  (``1d20ro1 (~~1~~, 12)``);
* ``6!``: a face that exploded; the next face belongs to the same die and adds to it
  (``3d6e6 (6!, 4, 2, 3) = 15`` is three dice worth 10, 2 and 3);
* ``1→3``: a face raised or lowered by a minimum or maximum (``2d6mi3 (1→3, 5) = 8``);
* ``9✓`` and ``1✗``: a kept die counted as a success or as a failure
  (``6d10>=8f1 (9✓, 3, 10✓, 1✗, 8✓, 2) = 2``).

Dice come only from a DiceSource: SeededDice (reproducible from two ints) or LoadedDice (faces
given in advance; DiceNeeded when they run out, so a front end can ask for physical dice). A source
may also hand out whole rolls (WholeRolls), which the exact odds of ``fracas.sim`` use; such a
roll may expose only its total (``RollResult.of_total``: reading its dice raises FacesHidden),
or stand for several results not yet decided (``fracas.dice.undecided``: the rules' comparisons
split it).
A rule may mark a part of its resolution as a stage (``staged``), which a source replaying the
same draws (``Replaying``, the exact odds') runs once per distinct draws before it, or as a
stage of given arguments (``shared``), run once per distinct arguments whatever came before.

``Distribution`` and ``distribution`` are imported when first used (PEP 562): they load
icepool, which rolling dice does not need.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from fracas.dice.errors import (
    DiceError,
    DiceLimitError,
    DiceNeeded,
    DiceSyntaxError,
    DiceValueError,
)
from fracas.dice.field import DiceNotation
from fracas.dice.limits import DEFAULT_LIMITS, MAX_NESTING, DiceLimits
from fracas.dice.parser import parse
from fracas.dice.results import (
    BinaryResult,
    ConstantResult,
    DiceResult,
    Face,
    FacesHidden,
    HiddenDice,
    NegativeResult,
    RolledDie,
    RollNode,
    RollResult,
)
from fracas.dice.rolling import roll
from fracas.dice.sources import (
    DiceSource,
    LoadedDice,
    Replaying,
    SeededDice,
    WholeRolls,
    replays,
    shared,
    staged,
)

if TYPE_CHECKING:
    from fracas.dice.exact import Distribution, distribution
from fracas.dice.syntax import (
    BinaryOp,
    Comparison,
    Condition,
    Constant,
    Counting,
    Dice,
    Expression,
    Negative,
    Operator,
    Reroll,
    Selection,
    Selector,
    condition,
    const,
    dice,
)

__all__ = [
    "DEFAULT_LIMITS",
    "MAX_NESTING",
    "BinaryOp",
    "BinaryResult",
    "Comparison",
    "Condition",
    "Constant",
    "ConstantResult",
    "Counting",
    "Dice",
    "DiceError",
    "DiceLimitError",
    "DiceLimits",
    "DiceNeeded",
    "DiceNotation",
    "DiceResult",
    "DiceSource",
    "DiceSyntaxError",
    "DiceValueError",
    "Distribution",
    "Expression",
    "Face",
    "FacesHidden",
    "HiddenDice",
    "LoadedDice",
    "Negative",
    "NegativeResult",
    "Operator",
    "Replaying",
    "Reroll",
    "RollNode",
    "RollResult",
    "RolledDie",
    "SeededDice",
    "Selection",
    "Selector",
    "WholeRolls",
    "condition",
    "const",
    "dice",
    "distribution",
    "parse",
    "replays",
    "roll",
    "shared",
    "staged",
]


def __getattr__(name: str) -> object:
    """The exact evaluator's ``Distribution`` and ``distribution``, imported now."""
    if name not in {"Distribution", "distribution"}:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module("fracas.dice.exact"), name)
