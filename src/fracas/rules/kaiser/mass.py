"""The mass of mana of the Magic Intention, held from round to round.

Kaiser's Action Points (Magic Intention: Accumulate a Mass of Mana): "you accumulate mana from
your Mana Pool equal to your MA ... This mass of mana can be used to cast any number of spells
in a single round as long as you have mana to spend. At the end of the round that you cast any
spell with your mass of mana, all the remaining mana returns to your Pool. If you have a mass
of mana from the previous round and do not take the Accumulate a Mass of Mana Intention again,
your mass of mana will return to your Pool before rolling Initiative. Due to the stress of the
mana returning without a proper outlet, you lose 10 mana from your Pool." And: "If you take
no other Intention or Action this round, you can gain the benefit of your MA again at the end of
the round".

Mana leaves the Pool when a spell spends it (the power's ``mana`` cost), so the mass is what a
round's spells may spend: the mana carried from earlier rounds (the mark ``mana_carried``) and,
with the Magic Intention declared this round, the MA, less what this round's spells spent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.dice import DiceSource
from fracas.engine.action import Action
from fracas.engine.events import Event, MarkSet, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, Rule
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kaiser.folded import written
from fracas.rules.kaiser.queries import (
    ACTED,
    DEFENCES,
    MANA,
    MANA_SPENT,
    PREPARING,
    TRANSFERRED,
    acting,
    count_mark,
    intention_kinds,
    intentions,
    sheet_of,
    took_action,
)
from fracas.rules.kaiser.settings import KaiserSettings

INNATE_MANA = "innate_mana"
"""Mark for one round: the innate mana the Cast an Innate Spell Intention gathered, 0 once its
one spell is cast."""

MANA_CARRIED = "mana_carried"
"""Mark: the mana of a mass accumulated in earlier rounds and not yet cast or returned."""

RETURNED = "mass of mana returned unspent"
"""The reason of the Mana lost when a mass returns without a proper outlet."""


def innate_mana(combatant: Combatant) -> int | None:
    """Kaiser's Magic Intention (Cast an Innate Spell): the innate mana left this round for its
    one spell (None: the Intention was not taken)."""
    value = combatant.marks.get(INNATE_MANA)
    return value if isinstance(value, int) else None


def accumulating(combatant: Combatant) -> bool:
    """The Magic Intention is declared this round to accumulate a mass of mana (not one of its
    other options: an innate spell, a prepared spell, transferring mana)."""
    others = (
        innate_mana(combatant) is not None
        or combatant.marks.get(TRANSFERRED) is not None
        or combatant.marks.get(PREPARING) is not None
    )
    return "magic" in intention_kinds(combatant) and not others


def divisor(combatant: Combatant, kind: str) -> int | None:
    """What the ``kind`` Intention declared this round divides its accumulation by: 2 without
    one of the somatic and verbal components, 4 without both (the Intentions mark holds
    ``magic:<divisor>``); None without the Intention."""
    for intention in intentions(combatant):
        declared, _, by = intention.partition(":")
        if declared == kind:
            return int(by or 1)
    return None


def gathered(combatant: Combatant) -> int:
    """The MA of the Magic Intention declared this round, halved or quartered without spell
    components (rounded down); 0 without the Intention or an MA."""
    by = divisor(combatant, "magic")
    return 0 if by is None else (sheet_of(combatant).mana_accumulation or 0) // by


def accumulation(combatant: Combatant) -> int:
    """What the Accumulate a Mass of Mana Intention declared this round adds to the mass."""
    return gathered(combatant) if accumulating(combatant) else 0


def mass_of_mana(combatant: Combatant) -> int | None:
    """What is left of the mass this round (None: the sheet gives no MA)."""
    if sheet_of(combatant).mana_accumulation is None:
        return None
    gathered = count_mark(combatant, MANA_CARRIED) + accumulation(combatant)
    return max(0, gathered - count_mark(combatant, MANA_SPENT))


def returned_before_initiative(combatant: Combatant, *, settings: KaiserSettings) -> list[Event]:
    """A mass carried from the previous round without the Magic Intention declared again
    returns to the Pool before Initiative is rolled, and the Pool loses 10 mana (no lower
    than 0)."""
    if not count_mark(combatant, MANA_CARRIED) or accumulating(combatant):
        return []
    events: list[Event] = [MarkSet(combatant.id, MANA_CARRIED, None)]
    pool = combatant.pools.get(MANA)
    if pool is not None and (lost := min(pool.current, settings.unspent_mass_loss)):
        events.append(PoolChanged(combatant.id, MANA, -lost, RETURNED))
    return events


def only_accumulated(combatant: Combatant, kind: str = "magic") -> bool:
    """The Magic (or ``kind``) Intention was its only Intention this round, and it took no
    Action: no Active Action, reaction or Swift Action (the mark ``acted``), no Block or
    Dodge."""
    return (
        intention_kinds(combatant) == (kind,)
        and not combatant.marks.get(ACTED)
        and not count_mark(combatant, DEFENCES)
    )


def held_at_round_end(combatant: Combatant) -> list[Event]:
    """The End phase: a mass a spell was cast with returns to the Pool (nothing lost); a mass
    accumulated and not cast is held into the next round, with MA more when the round held no
    other Intention or Action."""
    carried = count_mark(combatant, MANA_CARRIED)
    if count_mark(combatant, MANA_SPENT):
        return [MarkSet(combatant.id, MANA_CARRIED, None)] if carried else []
    left = mass_of_mana(combatant)
    if left is not None and only_accumulated(combatant):
        left += accumulation(combatant)  # "all modifiers apply"
    if not left or left == carried:
        return []
    return [MarkSet(combatant.id, MANA_CARRIED, left)]


@frozen
class Acted:
    """A rule whose action is an Action of its actor's round: it marks ``acted`` (a mass of
    mana gains MA again at the end of a round only without one)."""

    rule: Rule[Any]

    def cost(self, state: EncounterState, action: Action) -> Cost:
        return self.rule.cost(state, action)

    def verify(self, state: EncounterState, action: Action) -> None:
        self.rule.verify(state, action)

    def resolve(self, state: EncounterState, action: Action, dice: DiceSource) -> Sequence[Event]:
        events = [*self.rule.resolve(state, action, dice), *took_action(state[acting(action)])]
        return written(state, events)
