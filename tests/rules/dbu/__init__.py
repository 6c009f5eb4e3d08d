"""Tests of the dbu ruleset (seed 001, DBU RPG "Actions & Combat")."""
