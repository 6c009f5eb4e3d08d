"""Who the kaiser ruleset is, readable without its rules (its ``fracas.descriptors`` entry)."""

from __future__ import annotations

from fracas.engine.descriptor import Descriptor

DESCRIPTOR = Descriptor(
    slug="kaiser",
    name="Kaiser RPG",
    aliases=("kaiser-rpg", "seed-000"),
    source="seeds/000_7e39d26dc0e1fb90.txt: Powers in Combat",
    sheet="fracas.rules.kaiser.sheet:Sheet",
)
