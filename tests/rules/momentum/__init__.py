"""Tests of the momentum ruleset's pure rule functions (seed 003)."""
