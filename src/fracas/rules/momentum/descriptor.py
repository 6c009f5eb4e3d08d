"""Who the momentum ruleset is, readable without its rules (its ``fracas.descriptors`` entry)."""

from __future__ import annotations

from fracas.engine.descriptor import Descriptor

DESCRIPTOR = Descriptor(
    slug="momentum",
    name="Momentum (d20, 3 AP, Narrative Momentum)",
    aliases=("d20-momentum", "seed-003"),
    source="seeds/003_051d71a9533cb57a.txt: Combat",
    sheet="fracas.rules.momentum.sheet:Sheet",
)
