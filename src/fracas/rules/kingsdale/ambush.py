"""Ambushes, before initiative.

Case one: "Those ambushing get one attack each that cannot be defended against before the
initiative rolls." Case two: "If those being ambushed successfully make the detection … They
can counter-ambush … Combat can continue normally with initiatives": a target who spotted the
ambush (a successful ``perception -ambush``) may defend, and may ambush back.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, MarkSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.kingsdale.actions import Ambush, Strike
from fracas.rules.kingsdale.combat import check_strike, strike_events
from fracas.rules.kingsdale.queries import AMBUSHED, SPOTTED, acting, require_standing
from fracas.rules.kingsdale.settings import KingsdaleSettings


def _as_strike(action: Ambush) -> Strike:
    return Strike(actor=action.actor, target=action.target, weapon=action.weapon, mod=action.mod)


@frozen
class AmbushRule:
    settings: KingsdaleSettings

    def cost(self, state: EncounterState, action: Ambush) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Ambush) -> None:
        who = acting(action)
        if state.clock.started:
            raise IllegalAction("fight-started", "ambush: ambushes come before initiative")
        require_standing(state, who, action.verb)
        if state[who].marks.get(AMBUSHED):
            raise IllegalAction("ambushed-already", "ambush: one attack each")
        ambushers = {c.side for c in state if c.marks.get(AMBUSHED)}
        side = state[who].side
        if ambushers and side not in ambushers and not state[who].marks.get(SPOTTED):
            raise IllegalAction(
                "not-spotted",
                "ambush: only who detected the ambush may counter-ambush (perception -ambush)",
            )
        if state[action.target].side == side:
            raise IllegalAction("ally", "ambush: not an ally")
        check_strike(state, _as_strike(action), self.settings)

    def resolve(self, state: EncounterState, action: Ambush, dice: DiceSource) -> Sequence[Event]:
        who = acting(action)
        spotted = bool(state[action.target].marks.get(SPOTTED))
        why = "" if spotted else "ambush: cannot be defended against"
        events: list[Event] = [MarkSet(who, AMBUSHED, True)]
        return [*events, *strike_events(state, _as_strike(action), dice, self.settings, why)]
