"""Who the dbu ruleset is, readable without its rules (its ``fracas.descriptors`` entry)."""

from __future__ import annotations

from fracas.engine.descriptor import Descriptor

DESCRIPTOR = Descriptor(
    slug="dbu",
    name="DBU RPG (Dragon Ball Universe)",
    aliases=("dragon-ball", "dbu-rpg", "seed-001"),
    source="seeds/001_bda31b8ab7c09904.txt: Actions & Combat",
    sheet="fracas.rules.dbu.sheet:Sheet",
)
