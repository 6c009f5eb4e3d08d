"""The dbu ruleset: the DBU RPG's "Actions & Combat" chapter (seed 001).

The pure rule modules (``tiers``, ``rolls``, ``initiative``, ``damage``, ``economy``) take plain
values and return plain values or frozen records; ``ruleset`` and the ``*_rules`` modules wire
them to the engine.
"""
