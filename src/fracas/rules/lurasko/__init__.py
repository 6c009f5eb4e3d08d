"""The lurasko ruleset: Legends of Lur-Asko, "Back in Combat" (seed 004)."""
