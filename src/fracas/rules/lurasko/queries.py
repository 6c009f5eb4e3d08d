"""Reading a combatant the lurasko way: its sheet, running damage, degrees, standing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Sheet
from fracas.rules.lurasko.traits import traits_of
from fracas.rules.lurasko.vocabulary import InjuryType, Precision

ACTIONS = "Action"
"""The pool of actions in a turn's action phase."""

DAMAGE = "damage"
DEAD = "dead"
ACTED = "acted"
FATIGUE = "fatigue"
YIELDS = "yields_to_pseudogravity"
WAR_FEVER = "war_fever_hindrance"
"""Marks: running damage, death, having acted this turn (its movement phase is over), fatigue,
not resisting pseudogravity with a flying SPD (until the next movement phase), and the Hindrance
of the war-fever roll owed at the end of the combat."""

AURA_ANSWER = "aura answer"
AURA_EXPEND = "aura expend"
HOLD = "hold"
"""Marks: the aura a holder chose to answer provocations with (``hold``: none), and how much."""

INCAPACITATED = ("Incapacitated", "Paralyzed", "Pinned")
"""Effects a game master gives that leave no action (the chapter's examples)."""
MENTAL_ONLY = "Mental actions only"
"""An effect a game master gives: only purely mental actions are possible."""
AURA_LIGHT = "Moderate light (Low Stealth)"
PSEUDOGRAVITY_LIGHT = "Dim light (Low Stealth)"
STUNNED = "Stunned"
SILENCING = "Silencing"
COVER = "Cover"
GROUP_DEFENSE = "Group defense"
"""Effects: ætherial silencing where a combatant stands (``amount`` in its data), cover, being
in a group's defense."""
IGNITED = "Ignited"
DEAFENED = "Deafened"
KNOCKED_DOWN = "Knocked down"
"""Effects energy damage gives."""


class Named(Protocol):
    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=Named)


def chosen(records: Sequence[N], name: str | None, what: str, owner: str) -> N:
    """The record of ``owner``'s called ``name`` (any case, a unique prefix), or the first;
    refused (``no-…``, ``unknown-…``) when there is none or no single one."""
    code = what.split()[0]
    if not records:
        raise IllegalAction(f"no-{code}", f"{owner} has no {what}")
    if name is None:
        return records[0]
    wanted = name.lower()
    found = [r for r in records if r.name.lower() == wanted] or [
        r for r in records if r.name.lower().startswith(wanted)
    ]
    if len(found) != 1:
        known = ", ".join(r.name for r in records)
        raise IllegalAction(f"unknown-{code}", f"no single {what} {name!r} (has: {known})")
    return found[0]


def sheet_of(combatant: Combatant) -> Sheet:
    sheet = combatant.sheet
    assert isinstance(sheet, Sheet)
    return sheet


def degrees_mark(injury: InjuryType) -> str:
    """The mark holding a combatant's degrees of one injury type (``core``, ``hand_arm``)."""
    return injury._value_  # not ``value``: Python's enum gives it through two calls


def damage_of(combatant: Combatant) -> int:
    value = combatant.marks.get(DAMAGE)
    return value if isinstance(value, int) else 0


def degrees_of(combatant: Combatant, injury: InjuryType) -> int:
    value = combatant.marks.get(injury._value_)  # degrees_mark, inlined: asked at every attack
    return value if isinstance(value, int) else 0


def factor_of(combatant: Combatant, settings: LuraskoSettings) -> int:
    """The injury factor: the sheet's own, else bCON x WGT / 5 (AWGT for a large creature),
    at least the settings' minimum."""
    return traits_of(sheet_of(combatant)).factor(settings.injury_factor_minimum)


def standing(combatant: Combatant) -> bool:
    return not combatant.marks.get(DEAD)


def high_shielded(combatant: Combatant) -> bool:
    """Whether the combatant has high-precision shielding with points to spend."""
    traits = traits_of(sheet_of(combatant))
    if not traits.high_shielded:  # most have none
        return False
    pools = combatant.pools
    return any(pools[s.pool].current > 0 for s in traits.shields if s.precision is Precision.HIGH)
