"""The kingsdale ruleset: Chronicles of Kingsdale's "Combat Rules" (seed 002), a Rifts MUSH."""
