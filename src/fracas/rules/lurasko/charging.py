"""Making shielding and pseudogravity points: "Shielding sources generally require some kind of
resource (such as charge or insight) to be spent to create shielding points, which can only be
done on the shielding character's own turn" (pseudogravity the same, on "the user's own
turn"). The cost of a point and the capacity come from the source."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.lurasko.actions import Charge
from fracas.rules.lurasko.queries import ACTIONS, sheet_of
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Lifter, Shield
from fracas.rules.lurasko.turns import acting, require_turn

CHARGED = "charged"


@frozen
class ChargeRule:
    settings: LuraskoSettings

    def _source(self, state: EncounterState, action: Charge) -> Shield | Lifter:
        sheet = sheet_of(state[acting(action)])
        source = sheet.point_source(action.source)
        if source is None:
            known = ", ".join(s.name for s in (*sheet.shields, *sheet.pseudogravity)) or "none"
            raise IllegalAction(
                "unknown-source", f"charge: no source {action.source!r} (has: {known})"
            )
        return source

    def cost(self, state: EncounterState, action: Charge) -> Cost:
        source = self._source(state, action)
        cost = {source.resource: source.cost * action.points} if source.resource else {}
        if self.settings.charging_uses_action:
            cost[ACTIONS] = 1
        return cost

    def verify(self, state: EncounterState, action: Charge) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        source = self._source(state, action)
        if source.resource is None:
            raise IllegalAction(
                "no-resource", f"charge: {source.name} has no resource to make points from"
            )
        if action.points < 1:
            raise IllegalAction("bad-points", "charge: make 1 point or more")
        have = state[actor].pools[source.pool_name].current
        if source.capacity is not None and have + action.points > source.capacity:
            raise IllegalAction(
                "over-capacity",
                f"charge: {source.name} holds at most {source.capacity} points ({have} now)",
            )

    def resolve(self, state: EncounterState, action: Charge, dice: DiceSource) -> Sequence[Event]:
        source = self._source(state, action)
        return [PoolChanged(acting(action), source.pool_name, action.points, CHARGED)]
