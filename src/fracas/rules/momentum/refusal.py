"""Why the rules forbid something: what a legality check returns instead of raising."""

from __future__ import annotations

from fracas.engine.frozen import frozen


@frozen
class Refusal:
    """A forbidden action: ``code`` is stable for programs, ``reason`` is for people.

    The engine turns it into its ``IllegalAction(code, reason)``.
    """

    code: str
    reason: str
