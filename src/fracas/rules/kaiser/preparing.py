"""The Accumulate for a Prepared Spell Intention: mana gathered for one declared spell, held
and delayed until it is cast.

Kaiser's Magic Intention (Accumulate for a Prepared Spell): "you must also declare a spell and
all its options to be prepared for casting. You then accumulate mana from your Mana Pool equal
to your MA ... Any mana accumulate this way can only be used for the prepared spell. Once the
Mana Cost is accumulated, you can cast the spell or you can delay casting the prepared spell
for a number of rounds equal to your Focus Characteristic. If you have not cast the prepared
spell before the last round that you can delay, the prepared mana returns to your Pool and you
lose 10 mana. While delayed ... Each round you will still have to perform the Maintain Mana
Action on your turn ... you do not have to take the Accumulate for a Prepared Spell Intention
with the same spell ... You can declare any other Magic Intention, even starting another
Prepared Spell. If you have prepared mana from the previous round and do not take the
Accumulate for a Prepared Spell Intention with the same spell and options, your prepared mana
will return to your Pool before rolling Initiative ... you lose 10 mana ... If you have a mass
of mana from the previous round, when you declare the Accumulate for a Prepared Spell you can
convert that mass of mana into prepared mana. Any excess returns to your Pool."

As with the mass of mana, mana leaves the Pool when the spell is cast: prepared mana is what
the spell may spend. Marks: ``prepared:<spell>`` the mana prepared in earlier rounds (no more
than the spell's Mana Cost), ``delay:<spell>`` the last round a fully prepared spell may be
delayed to. Readings chosen here: the "Maintain Mana Action" is Maintain Spell; a delayed
spell whose caster does not take it returns at the End phase, 10 mana lost.
"""

from __future__ import annotations

from fracas.engine.events import Event, MarkSet, PoolChanged
from fracas.engine.state import Combatant
from fracas.rules.kaiser.mass import MANA_CARRIED, gathered, only_accumulated
from fracas.rules.kaiser.queries import (
    MANA,
    PREPARING,
    count_mark,
    maintained_kinds,
    sheet_of,
)
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power
from fracas.rules.kaiser.states import characteristic_of
from fracas.rules.kaiser.vocabulary import Characteristic

PREPARED = "prepared:"
DELAY = "delay:"
"""Mark prefixes, followed by the spell's name."""

RETURNED = "prepared mana returned unspent"


def preparing(combatant: Combatant) -> str | None:
    """The spell this round's Prepared Spell Intention prepares."""
    value = combatant.marks.get(PREPARING)
    return value if isinstance(value, str) else None


def prepared_mana(combatant: Combatant, spell: Power) -> int:
    """The mana prepared for ``spell`` this round: what earlier rounds held, and this round's MA
    when the Intention prepares it, no more than its Mana Cost."""
    held = count_mark(combatant, PREPARED + spell.name)
    if preparing(combatant) == spell.name:
        held += gathered(combatant)
    return min(held, spell.mana)


def ready(combatant: Combatant, spell: Power) -> bool:
    """The spell's Mana Cost is prepared: it can be cast now."""
    return spell.mana > 0 and prepared_mana(combatant, spell) >= spell.mana


def delayed(combatant: Combatant) -> list[Power]:
    """The spells fully prepared in an earlier round and not cast yet."""
    return [p for p in sheet_of(combatant).powers if combatant.marks.get(DELAY + p.name)]


def _held(combatant: Combatant) -> list[Power]:
    """The spells with mana prepared in earlier rounds."""
    return [p for p in sheet_of(combatant).powers if count_mark(combatant, PREPARED + p.name)]


def _returned(combatant: Combatant, spell: Power, *, settings: KaiserSettings) -> list[Event]:
    events: list[Event] = [
        MarkSet(combatant.id, PREPARED + spell.name, None),
        MarkSet(combatant.id, DELAY + spell.name, None),
    ]
    pool = combatant.pools.get(MANA)
    if pool is not None and (lost := min(pool.current, settings.unspent_mass_loss)):
        events.append(PoolChanged(combatant.id, MANA, -lost, f"{RETURNED}: {spell.name}"))
    return events


def converted(combatant: Combatant, spell: Power) -> list[Event]:
    """Declaring the Intention with a mass of mana carried: the mass becomes prepared mana for
    ``spell`` (the excess returns to the Pool, nothing lost)."""
    mass = count_mark(combatant, MANA_CARRIED)
    if not mass:
        return []
    held = count_mark(combatant, PREPARED + spell.name)
    return [
        MarkSet(combatant.id, MANA_CARRIED, None),
        MarkSet(combatant.id, PREPARED + spell.name, min(spell.mana, held + mass)),
    ]


def cast_prepared(combatant: Combatant, spell: Power) -> list[Event]:
    """The prepared spell is cast: its prepared mana is spent (and this round's Intention
    prepares nothing more: its mark holds "")."""
    events: list[Event] = [
        MarkSet(combatant.id, PREPARED + spell.name, None),
        MarkSet(combatant.id, DELAY + spell.name, None),
    ]
    if preparing(combatant) == spell.name:
        events.append(MarkSet(combatant.id, PREPARING, ""))
    return events


def returned_before_initiative(combatant: Combatant, *, settings: KaiserSettings) -> list[Event]:
    """Prepared mana not fully prepared, whose spell this round's Intention does not prepare
    again, returns before Initiative, 10 mana lost."""
    if not sheet_of(combatant).powers:  # no spell to prepare
        return []
    events: list[Event] = []
    for spell in _held(combatant):
        if not combatant.marks.get(DELAY + spell.name) and preparing(combatant) != spell.name:
            events += _returned(combatant, spell, settings=settings)
    return events


def held_at_round_end(combatant: Combatant, now: int, *, settings: KaiserSettings) -> list[Event]:
    """The End phase of round ``now``: the spell prepared this round keeps its mana (MA again
    after a round of nothing else); once its Mana Cost is prepared it may be delayed Focus
    rounds past the first round it could be cast in; a delayed spell returns (10 mana lost)
    when the last of them is over, or when its caster did not take the Maintain Spell action
    this round."""
    if not sheet_of(combatant).powers:  # no spell to prepare, hold or delay
        return []
    events: list[Event] = []
    for waiting in delayed(combatant):
        last = count_mark(combatant, DELAY + waiting.name)
        if now >= last or "spell" not in maintained_kinds(combatant):
            events += _returned(combatant, waiting, settings=settings)
    name = preparing(combatant)
    spell = next((p for p in sheet_of(combatant).powers if p.name == name), None)
    if spell is None or combatant.marks.get(DELAY + spell.name):
        return events
    held = prepared_mana(combatant, spell)
    if only_accumulated(combatant):
        held = min(spell.mana, held + gathered(combatant))  # "all modifiers apply"
    events.append(MarkSet(combatant.id, PREPARED + spell.name, held))
    if held < spell.mana:
        return events
    first = now if prepared_mana(combatant, spell) >= spell.mana else now + 1
    focus = characteristic_of(combatant, Characteristic.FOCUS)
    if now >= first + focus:
        return events + _returned(combatant, spell, settings=settings)
    return [*events, MarkSet(combatant.id, DELAY + spell.name, first + focus)]
