"""The innate mana of the Cast an Innate Spell Intention, and the innate spell it keeps up.

Kaiser's Magic Intention (Cast an Innate Spell): "The amount of innate mana you can pull from
the environment is determined by your MA, but can also be modified by places with strong or
weak ambient mana ... You are able to maintain an innate spell, but while doing so you cannot
cast another innate spell since the innate mana is already being used." How the MA determines
it is Kaiser's Innate Mana table (``_data/table.json``, index MAGIC40), which the Intention's
text includes.
"""

from __future__ import annotations

from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kaiser.lingering import POWER
from fracas.rules.kaiser.sheet import Power

INNATE_SPELL = "innate_spell"
"""Effect data: the effect is kept up by a maintained spell cast with innate mana."""

INNATE_MANA_TABLE = (
    (10, 0),
    (50, 10),
    (70, 20),
    (90, 30),
    (110, 40),
    (130, 50),
    (150, 60),
    (180, 70),
    (210, 80),
    (240, 90),
    (270, 100),
    (300, 110),
)
"""Kaiser's Innate Mana table: (the highest MA of a row, its innate mana)."""


def innate_mana_drawn(ma: int, ambient: int = 0) -> int:
    """The innate mana an MA pulls from the environment, by the table ("for every 30 points
    after 300", +10: read as each started 30, so MA 301 to 330 gives 120), plus what the
    place's ambient mana adds (negative: takes away), no lower than 0."""
    drawn = next((mana for top, mana in INNATE_MANA_TABLE if ma <= top), None)
    if drawn is None:
        drawn = 110 + 10 * -(-(ma - 300) // 30)
    return max(0, drawn + ambient)


def require_no_innate_spell_kept(
    state: EncounterState, caster: Combatant, power: Power, *, innate: bool
) -> None:
    """Refuse (``innate-maintained``) an innate spell while ``caster`` maintains another."""
    if not innate or not power.mana:
        return
    for holder in state:
        for effect in holder.effects:
            if effect.source == caster.id and effect.data.get(INNATE_SPELL):
                raise IllegalAction(
                    "innate-maintained",
                    f"{caster.name} maintains the innate spell {effect.data.get(POWER)}: no other"
                    " innate spell can be cast while the innate mana is in use",
                )
