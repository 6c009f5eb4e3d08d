"""Device auras: "Auras that originate from devices expire immediately if their device is
disabled or dropped." """

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, PoolSet
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.lurasko.actions import Drop
from fracas.rules.lurasko.queries import chosen, sheet_of
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
