"""Small rules of English the narrators share: possessives and counted nouns."""

from __future__ import annotations


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
