"""The error a lurasko rule function raises when given values the chapter rules out."""

from __future__ import annotations

from fracas.errors import FracasError


class LuraskoRuleError(FracasError, ValueError):
    """Values no rule of the chapter accepts: a negative damage, an armor range upside down, a
    silencing below 1. Forbidden *actions* are refused by the rules as ``IllegalAction``."""
