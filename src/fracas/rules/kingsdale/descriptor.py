"""Who the kingsdale ruleset is, readable without its rules (its ``fracas.descriptors`` entry)."""

from __future__ import annotations

from fracas.engine.descriptor import Descriptor

DESCRIPTOR = Descriptor(
    slug="kingsdale",
    name="Chronicles of Kingsdale (Rifts / Palladium)",
    aliases=("cok", "rifts", "palladium", "seed-002"),
    source="seeds/002_ad3376a028124478.txt: Combat Rules",
    sheet="fracas.rules.kingsdale.sheet:Sheet",
)
