"""Who the lurasko ruleset is, readable without its rules (its ``fracas.descriptors`` entry)."""

from __future__ import annotations

from fracas.engine.descriptor import Descriptor

DESCRIPTOR = Descriptor(
    slug="lurasko",
    name="Legends of Lur-Asko",
    aliases=("lur-asko", "seed-004"),
    source="seeds/004_64b8e17f45694c25.txt: Back in Combat",
    sheet="fracas.rules.lurasko.sheet:Sheet",
)
