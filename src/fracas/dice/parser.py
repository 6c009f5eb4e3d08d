"""Dice notation to syntax tree, through the LALR grammar shipped beside this module."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from importlib.resources import files
from typing import cast

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from fracas.dice.errors import DiceLimitError, DiceSyntaxError
from fracas.dice.limits import MAX_NESTING
from fracas.dice.syntax import (
    MAX_LITERAL,
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
)

_Node = Tree[Token] | Token | None

_MAX_DIGITS = len(str(MAX_LITERAL))

_OPERATORS: dict[str, Operator] = {"PLUS": "+", "MINUS": "-", "STAR": "*", "SLASH": "/"}
_SELECTORS: dict[str, Selector] = {
    "KEEP_HIGHEST": "kh",
    "KEEP": "kh",
    "KEEP_LOWEST": "kl",
    "DROP_HIGHEST": "dh",
    "DROP_LOWEST": "dl",
}
_COMPARISONS: dict[str, Comparison] = {"=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_DESCRIPTIONS = {
    "INT": "a number",
    "LABEL": "a label",
    "COMPARISON": "a comparison (<, <=, =, >=, >)",
    "$END": "the end of the text",
}


@cache
def _lark() -> Lark:
    grammar = files("fracas.dice").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", maybe_placeholders=True)


@lru_cache(maxsize=1024)
def parse(text: str) -> Expression:
    """The syntax tree of dice notation such as ``4d6kh3 + 2``; raises DiceSyntaxError if the
    text does not parse, and DiceValueError or DiceLimitError if what it says makes no sense.

    Kept per text (trees are immutable): a free roll's notation is read when it is checked and
    again when it is rolled, and the same tree lets ``roll`` find its compiled form by identity."""
    try:
        tree = _lark().parse(text)
    except UnexpectedToken as error:
        token = error.token
        if token.type == "$END":
            raise DiceSyntaxError(
                text, len(text), _describe(error.expected), "end of text"
            ) from None
        raise DiceSyntaxError(
            text, _position(token), _describe(error.expected), repr(str(token))
        ) from None
    except UnexpectedCharacters as error:
        position = cast(int, error.pos_in_stream)  # the lexer always knows where it stopped
        raise DiceSyntaxError(
            text, position, _describe(error.allowed or ()), repr(text[position])
        ) from None
    _check_nesting(tree)
    return _Reader(text).expression(tree)


def _check_nesting(tree: Tree[Token]) -> None:
    """Raise DiceLimitError when arithmetic nests deeper than MAX_NESTING (measured without
    recursion, so any depth of text is refused cleanly)."""
    deepest = 0
    stack: list[tuple[_Node, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, Tree):
            continue
        if node.data in ("binary", "negative"):
            depth += 1
            deepest = max(deepest, depth)
        stack.extend((child, depth) for child in node.children)
    if deepest > MAX_NESTING:
        raise DiceLimitError(
            f"the expression nests {deepest} operations deep; at most {MAX_NESTING} are allowed"
        )


def _describe(terminals: Iterable[str]) -> list[str]:
    descriptions = set()
    for name in terminals:
        if name in _DESCRIPTIONS:
            descriptions.add(_DESCRIPTIONS[name])
        else:
            descriptions.add(repr(_lark().get_terminal(name).pattern.value))
    return sorted(descriptions)


def _position(token: Token) -> int:
    # Every token the lexer makes carries its position.
    return cast(int, token.start_pos)


def _tree(node: _Node) -> Tree[Token]:
    # The grammar fixes which children are trees, tokens or absent; these name which is which.
    return cast(Tree[Token], node)


def _token(node: _Node) -> Token:
    return cast(Token, node)


class _Reader:
    """Turns lark's tree for ``text`` into syntax nodes."""

    def __init__(self, text: str) -> None:
        self.text = text

    def expression(self, node: _Node) -> Expression:
        tree = _tree(node)
        children: Sequence[_Node] = tree.children
        if tree.data == "constant":
            return Constant(self.number(children[0]))
        if tree.data == "negative":
            return Negative(self.expression(children[1]))
        if tree.data == "binary":
            left, op, right = children
            return BinaryOp(
                _OPERATORS[_token(op).type], self.expression(left), self.expression(right)
            )
        return self.dice(children)

    def dice(self, children: Sequence[_Node]) -> Dice:
        count, _, sides_node, reroll, minimum, maximum, explosion, selection, counting, label = (
            children
        )
        sides_token = _token(_tree(sides_node).children[0])
        sides = 100 if sides_token.type == "PERCENT" else self.number(sides_token)
        return Dice(
            count=1 if count is None else self.number(count),
            sides=sides,
            reroll=None if reroll is None else self.reroll(_tree(reroll)),
            minimum=None if minimum is None else self.number(_tree(minimum).children[1]),
            maximum=None if maximum is None else self.number(_tree(maximum).children[1]),
            explosion=None if explosion is None else self.explosion(_tree(explosion), sides),
            select=None if selection is None else self.selection(_tree(selection)),
            counting=None if counting is None else self.counting(_tree(counting)),
            label=None if label is None else str(_tree(label).children[0]),
        )

    def reroll(self, tree: Tree[Token]) -> Reroll:
        keyword, condition = tree.children
        return Reroll(self.condition(condition), once=_token(keyword).type == "REROLL_ONCE")

    def explosion(self, tree: Tree[Token], sides: int) -> Condition:
        condition: _Node = tree.children[1]
        return Condition("=", sides) if condition is None else self.condition(condition)

    def selection(self, tree: Tree[Token]) -> Selection:
        keyword, count = tree.children
        return Selection(_SELECTORS[_token(keyword).type], self.number(count))

    def counting(self, tree: Tree[Token]) -> Counting:
        comparison, target, failure = cast(Sequence[_Node], tree.children)
        return Counting(
            Condition(_COMPARISONS[_token(comparison)], self.number(target)),
            None if failure is None else self.condition(_tree(failure).children[1]),
        )

    def condition(self, node: _Node) -> Condition:
        comparison, target = cast(Sequence[_Node], _tree(node).children)
        return Condition(
            "=" if comparison is None else _COMPARISONS[_token(comparison)], self.number(target)
        )

    def number(self, node: _Node) -> int:
        token = _token(node)
        if len(token) > _MAX_DIGITS:
            raise DiceSyntaxError(
                self.text,
                _position(token),
                [f"a number of at most {_MAX_DIGITS} digits"],
                f"a number of {len(token)} digits",
            )
        return int(token)
