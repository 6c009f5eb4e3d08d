"""The momentum ruleset: the d20 system with 3 AP, 2 RP and Narrative Momentum (seed 003).

This package holds the pure rule functions, the settings and the sheet schema. They take plain
values (rolled dice faces included) and return plain values or frozen records.
"""
