"""Who a ruleset is, readable without loading its rules (``fracas rulesets`` lists these)."""

from __future__ import annotations

from fracas.engine.frozen import frozen


@frozen
class Descriptor:
    """Who a ruleset is: its slug, display name, other names it answers to, and its source."""

    slug: str
    name: str
    aliases: tuple[str, ...] = ()
    source: str = ""
    sheet: str = ""
    """Where the ruleset's sheet schema is, as ``module:Class`` (its ``sheet_model``), so that
    checking a stat block loads none of its rules; empty: only its class says."""
