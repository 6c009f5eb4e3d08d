"""Casting and psionics.

"ME + (Players Level x 2) = PPE per action/attack. Casting spells that require more PPE take
additional actions and are interrupted if the mage chooses to defend. The PPE is not expended
until the spell is successfully cast." "Instant Psionics use one action to activate."
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, MarkSet, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.kingsdale.actions import Cast, Psionics
from fracas.rules.kingsdale.events import PsionicsUsed, SpellWorked
from fracas.rules.kingsdale.queries import (
    ACTIONS,
    CASTING,
    CHANNELLED,
    ISP,
    PPE,
    acting,
    require_pose,
    sheet_of,
)


def ppe_per_action(mental_endurance: int, level: int) -> int:
    """ "ME + (Players Level x 2) = PPE per action/attack"."""
    return mental_endurance + 2 * level


def actions_to_cast(ppe: int, per_action: int) -> int:
    """How many actions a spell of ``ppe`` takes (at least one)."""
    if per_action <= 0:
        raise ValueError("a caster channels no PPE per action")
    return max(1, -(-ppe // per_action))


@frozen
class CastRule:
    def cost(self, state: EncounterState, action: Cast) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: Cast) -> None:
        who = acting(action)
        require_pose(state, who, action.verb)
        caster = state[who]
        sheet = sheet_of(caster)
        if PPE not in caster.pools or ppe_per_action(sheet.mental_endurance, sheet.level) <= 0:
            raise IllegalAction("no-magic", f"cast: {caster.name} cannot cast spells")
        if action.ppe < 1:
            raise IllegalAction("bad-ppe", "cast: a spell costs 1 PPE or more")
        if caster.pools[PPE].current < action.ppe:
            have = caster.pools[PPE].current
            raise IllegalAction(
                "not-enough-ppe", f"cast: {action.spell} needs {action.ppe} PPE; {have} left"
            )
        busy = caster.marks.get(CASTING)
        if busy and busy != action.spell:
            raise IllegalAction("already-casting", f"cast: {caster.name} is casting {busy}")

    def resolve(self, state: EncounterState, action: Cast, dice: DiceSource) -> Sequence[Event]:
        who = acting(action)
        caster = state[who]
        sheet = sheet_of(caster)
        channelled = int(caster.marks.get(CHANNELLED) or 0)
        channelled += ppe_per_action(sheet.mental_endurance, sheet.level)
        if channelled < action.ppe:
            return [
                SpellWorked(who, action.spell, channelled, action.ppe),
                MarkSet(who, CASTING, action.spell),
                MarkSet(who, CHANNELLED, channelled),
            ]
        events: list[Event] = [
            SpellWorked(who, action.spell, action.ppe, action.ppe, cast=True, target=action.target),
            PoolChanged(who, PPE, -action.ppe, f"cast {action.spell}"),
        ]
        if caster.marks.get(CASTING):
            events += [MarkSet(who, CASTING, None), MarkSet(who, CHANNELLED, None)]
        return events


@frozen
class PsionicsRule:
    def cost(self, state: EncounterState, action: Psionics) -> Cost:
        return {ACTIONS: 1, ISP: action.isp} if action.isp else {ACTIONS: 1}

    def verify(self, state: EncounterState, action: Psionics) -> None:
        who = acting(action)
        require_pose(state, who, action.verb)
        if action.isp < 0:
            raise IllegalAction("bad-isp", "psi: ISP cannot be negative")
        if ISP not in state[who].pools:
            raise IllegalAction("no-psionics", f"psi: {state[who].name} has no ISP")

    def resolve(self, state: EncounterState, action: Psionics, dice: DiceSource) -> Sequence[Event]:
        return [PsionicsUsed(acting(action), action.power, action.isp, action.target)]
