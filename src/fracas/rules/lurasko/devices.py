"""What a holder does with a damage aura outside its answer: drop its device ("Auras that
originate from devices expire immediately if their device is disabled or dropped"), or say how
it answers ("you may expend an amount of stored damage from a damage aura"): the holder's
choice stands until changed, and may be changed at any moment, on anyone's turn."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, MarkSet, PoolSet
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.lurasko.actions import Answer, Drop
from fracas.rules.lurasko.auras import reacting_aura
from fracas.rules.lurasko.queries import AURA_ANSWER, AURA_EXPEND, HOLD, chosen, sheet_of
from fracas.rules.lurasko.turns import acting


class DropRule:
    """Anyone may lose a device at any moment (disarmed, disabled), so no turn is needed."""

    def cost(self, state: EncounterState, action: Drop) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Drop) -> None:
        holder = state[acting(action)]
        aura = chosen(sheet_of(holder).auras, action.aura, "aura", holder.name)
        if not aura.device:
            raise IllegalAction("not-a-device", f"drop: {aura.name} does not come from a device")

    def resolve(self, state: EncounterState, action: Drop, dice: DiceSource) -> Sequence[Event]:
        holder = state[acting(action)]
        aura = chosen(sheet_of(holder).auras, action.aura, "aura", holder.name)
        return [PoolSet(holder.id, aura.name, 0, reason="device dropped")]


class AnswerRule:
    """Free and at any moment: the holder's standing answer to the next provocations."""

    def cost(self, state: EncounterState, action: Answer) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Answer) -> None:
        holder = state[acting(action)]
        if action.hold and (action.aura is not None or action.expend is not None):
            raise IllegalAction("hold-or-answer", "aura: hold back, or name what answers")
        chosen(sheet_of(holder).auras, action.aura, "aura", holder.name)
        full = _full_store(holder, action.aura)
        expend = action.expend
        if expend is not None and expend != full and (expend < 10 or expend % 10):
            store = f" ({full})" if full else ""
            raise IllegalAction(
                "bad-expend",
                f"aura: expend the full store{store} or a multiple of 10, not {expend}",
            )

    def resolve(self, state: EncounterState, action: Answer, dice: DiceSource) -> Sequence[Event]:
        holder = acting(action)
        if action.hold:
            return [MarkSet(holder, AURA_ANSWER, HOLD), MarkSet(holder, AURA_EXPEND, None)]
        aura = None
        if action.aura is not None:
            aura = chosen(sheet_of(state[holder]).auras, action.aura, "aura", state[holder].name)
        expend = action.expend
        if expend is not None and expend % 10:
            expend = None  # the full store, as it was when chosen: "the full stored damage"
        return [
            MarkSet(holder, AURA_ANSWER, aura.name if aura is not None else None),
            MarkSet(holder, AURA_EXPEND, expend),
        ]


def _full_store(holder: Combatant, name: str | None) -> int:
    """The store of the aura that would answer: the one named, else the first with damage."""
    auras = sheet_of(holder).auras
    stores = [(a.name, holder.pools[a.name].current) for a in auras]
    if name is not None:
        aura = chosen(auras, name, "aura", holder.name)
        return holder.pools[aura.name].current
    reacting = reacting_aura(stores)
    return dict(stores)[reacting] if reacting is not None else 0
