"""Study mode: many fights fast, every attack's outcome from tables the rules fill.

``table`` (what one attack does, from ``fracas.sim.odds.leaves``), ``drawn`` (outcomes with
their chances, sampled by one draw: the lurasko and kingsdale tables), ``loop`` (the lean loop of
Striker tactics), ``striking`` (its plan, asked of the rules once per encounter), one module
per ruleset that has a study mode (``momentum``; ``lurasko``, with its lazily filled
``lurasko_tables`` and the fighters' ``rests``; ``dbu``, with its lazily filled
``dbu_tables``), ``mode`` (which mode plays a study, and why),
``validate`` (the two modes' figures side by side). See docs/analysis.md.
"""
