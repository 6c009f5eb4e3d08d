"""Small rules of English the narrators share: possessives and counted nouns."""

from __future__ import annotations

from collections.abc import Iterable


def possessive(name: str) -> str:
    """``Shaman's``, ``Raptor 4's``, ``Thomas's``, ``Saibaman 1, Saibaman 2 and Saibaman 3's``:
    ``'s`` after every name, one ending in s included (the house style of the log)."""
    return f"{name}'s"


def counted(amount: int, noun: str) -> str:
    """``1 Action``, ``2 Actions``, ``1 AP``, ``3 Capacity``: ``noun`` is the plural (a pool's
    name), said in the singular for one when it ends in a lower-case s."""
    if abs(amount) == 1 and noun.endswith("s") and not noun.endswith("ss"):
        noun = noun[:-1]
    return f"{amount} {noun}"


def said(pairs: Iterable[tuple[str, str]]) -> str:
    """An effect's parameters as words, not ``key=value``: ``charges 2, foundation energy,
    grapple, no tail`` (a key's ``_`` said as a space; ``yes`` says the key alone, ``no`` says
    ``no`` before it, an empty value or ``none`` says nothing)."""
    words: list[str] = []
    for key, value in pairs:
        name = key.replace("_", " ")
        if value == "yes":
            words.append(name)
        elif value == "no":
            words.append(f"no {name}")
        elif value not in ("", "none"):
            words.append(f"{name} {value}")
    return ", ".join(words)
