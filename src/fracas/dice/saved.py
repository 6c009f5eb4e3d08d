"""A roll's result as saved data: its result tree flattened, so no size of roll nests.

A saved ``RollResult`` is ``{"expression": …, "nodes": […]}``: the tree's nodes in postfix order
(a sum's left operand, then its right, then the sum), each a flat object naming its ``node``
kind (``constant``, ``dice``, ``negative``, ``binary``) and its ``total``; a ``dice`` node holds
its notation, label and dice, a ``binary`` node its operator. Reading stacks the nodes back into
a tree. Saves written before (``{"expression": …, "root": {…}}``, each node nested in its
parent) are read too. Writing and reading both loop instead of recursing, so a result tree as
deep as any the dice limits allow, or any older save holds, never meets a recursion limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from pydantic import TypeAdapter, ValidationError

from fracas.dice.results import (
    BinaryResult,
    ConstantResult,
    DiceResult,
    NegativeResult,
    RolledDie,
    RollNode,
    RollResult,
)
from fracas.dice.syntax import Operator

_DIE = TypeAdapter(RolledDie)
_OPERATORS: frozenset[str] = frozenset(get_args(Operator))


def dump(result: RollResult) -> dict[str, Any]:
    """``result`` as JSON-ready data with its nodes in postfix order."""
    nodes: list[dict[str, Any]] = []
    stack: list[tuple[RollNode, bool]] = [(result.root, False)]
    while stack:
        node, operands_done = stack.pop()
        if isinstance(node, BinaryResult) and not operands_done:
            stack.extend(((node, True), (node.right, False), (node.left, False)))
        elif isinstance(node, NegativeResult) and not operands_done:
            stack.extend(((node, True), (node.operand, False)))
        else:
            nodes.append(_flat(node))
    return {"expression": result.expression, "nodes": nodes}


def load(data: object) -> RollResult:
    """The RollResult that saved ``data`` describes (either form); ValueError naming what is
    wrong otherwise."""
    if isinstance(data, RollResult):
        return data
    if not isinstance(data, Mapping) or not isinstance(data.get("expression"), str):
        raise ValueError("a roll must be an object with its expression")
    if "nodes" in data:
        nodes = data["nodes"]
        if not isinstance(nodes, list):
            raise ValueError("a roll's nodes must be a list")
    elif "root" in data:
        nodes = _postfix(data["root"])
    else:
        raise ValueError("a roll must have its nodes")
    return RollResult(data["expression"], _tree(nodes))


def _flat(node: RollNode) -> dict[str, Any]:
    if isinstance(node, ConstantResult):
        return {"node": "constant", "total": node.total}
    if isinstance(node, DiceResult):
        dice = [_DIE.dump_python(die, mode="json") for die in node.dice]
        return {
            "node": "dice",
            "notation": node.notation,
            "dice": dice,
            "total": node.total,
            "label": node.label,
        }
    if isinstance(node, NegativeResult):
        return {"node": "negative", "total": node.total}
    return {"node": "binary", "op": node.op, "total": node.total}


def _postfix(root: object) -> list[dict[str, Any]]:
    """The flat nodes of a result tree saved nested (``left``/``right``/``operand``)."""
    nodes: list[dict[str, Any]] = []
    stack: list[tuple[object, bool]] = [(root, False)]
    while stack:
        node, operands_done = stack.pop()
        if not isinstance(node, Mapping):
            raise ValueError("each node of a roll must be an object")
        if "op" in node:
            if operands_done:
                nodes.append({"node": "binary", "op": node["op"], "total": node.get("total")})
            else:
                stack.extend(((node, True), (node.get("right"), False), (node.get("left"), False)))
        elif "operand" in node:
            if operands_done:
                nodes.append({"node": "negative", "total": node.get("total")})
            else:
                stack.extend(((node, True), (node.get("operand"), False)))
        elif "notation" in node:
            nodes.append({"node": "dice", **node})
        else:
            nodes.append({"node": "constant", "total": node.get("total")})
    return nodes


def _tree(nodes: list[Any]) -> RollNode:
    """The result tree postfix ``nodes`` describe."""
    stack: list[RollNode] = []
    for number, data in enumerate(nodes):
        if not isinstance(data, Mapping):
            raise ValueError(f"node {number} of a roll must be an object")
        total = data.get("total")
        if not isinstance(total, int) or isinstance(total, bool):
            raise ValueError(f"node {number} of a roll must have a whole-number total")
        kind = data.get("node")
        needs = {"binary": 2, "negative": 1}.get(str(kind), 0)
        if len(stack) < needs:
            raise ValueError(f"node {number} of a roll ({kind}) lacks its operands")
        if kind == "constant":
            stack.append(ConstantResult(total))
        elif kind == "dice":
            stack.append(_dice(data, total, number))
        elif kind == "negative":
            stack.append(NegativeResult(stack.pop(), total))
        elif kind == "binary" and data.get("op") in _OPERATORS:
            right, left = stack.pop(), stack.pop()
            stack.append(BinaryResult(data["op"], left, right, total))
        else:
            raise ValueError(f"node {number} of a roll is of no known kind")
    if len(stack) != 1:
        raise ValueError(f"a roll's nodes make {len(stack)} trees, not one")
    return stack[0]


def _dice(data: Mapping[str, Any], total: int, number: int) -> DiceResult:
    notation, label, dice = data.get("notation"), data.get("label"), data.get("dice")
    if not isinstance(notation, str) or not (label is None or isinstance(label, str)):
        raise ValueError(f"node {number} of a roll must have a notation and a label or null")
    if not isinstance(dice, list):
        raise ValueError(f"node {number} of a roll must list its dice")
    try:
        rolled = tuple(_DIE.validate_python(die) for die in dice)
    except ValidationError as error:
        raise ValueError(f"node {number} of a roll: {error}") from error
    return DiceResult(notation, rolled, total, label)
