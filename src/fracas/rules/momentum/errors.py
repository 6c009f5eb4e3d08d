"""The error a momentum rule function raises when given values the chapter rules out."""

from __future__ import annotations

from fracas.errors import FracasError


class MomentumRuleError(FracasError, ValueError):
    """Values no rule of the chapter accepts: a union of one creature, a d4 showing 5, a negative
    distance. Forbidden *actions* are not errors here: legality checks return a ``Refusal``."""
