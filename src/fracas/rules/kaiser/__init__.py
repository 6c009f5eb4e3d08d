"""The kaiser ruleset: the Kaiser RPG's "Powers in Combat" chapter (seed 000) on the rest of
Kaiser's combat (SOURCES.md section 1): 2d6 + Skill Offensive and Defensive Rolls, Degrees of
Success, Units of Damage, Life Points, Criticals and Resistance Checks.

The pure rule functions (checks, the damage pipeline, stacking, barriers, collisions) take plain
values and return plain values or frozen records; the engine wiring lives in the action rules.
"""
