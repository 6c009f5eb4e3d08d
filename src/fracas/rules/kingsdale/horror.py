"""Horror Factor: "a roll of 1d20+bonus must be made. A successful roll is over the horror factor
value (i.e. if HF = 16, 16+ saves)".

Failed before the fight: "lose all initiative for that melee, as well as the PC's first attack".
Failed mid-combat: "the next immediate attack is lost, as well as the ability to attempt a parry
or dodge during that attack".
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, MarkSet, PoolChanged
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.kingsdale.actions import HorrorFactor
from fracas.rules.kingsdale.events import CheckRolled
from fracas.rules.kingsdale.queries import (
    ACTIONS,
    HORRIFIED,
    HORROR_STRUCK,
    OWED,
    acting,
    require_standing,
    sheet_of,
)


def saves(total: int, horror_factor: int) -> bool:
    """ "if HF = 16, 16+ saves"."""
    return total >= horror_factor


class HorrorFactorRule:
    def cost(self, state: EncounterState, action: HorrorFactor) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: HorrorFactor) -> None:
        require_standing(state, acting(action), action.verb)
        if action.hf < 1:
            raise IllegalAction("bad-horror-factor", "horror: a Horror Factor is 1 or more")

    def resolve(
        self, state: EncounterState, action: HorrorFactor, source: DiceSource
    ) -> Sequence[Event]:
        who = acting(action)
        bonus = sheet_of(state[who]).horror_factor_save
        result = roll(dice(1, 20) + bonus if bonus else dice(1, 20), source)
        saved = saves(result.total, action.hf)
        events: list[Event] = [
            CheckRolled(who, f"Horror Factor {action.hf}", result, action.hf, saved)
        ]
        if saved:
            return events
        if not state.clock.started:
            return [*events, *_before_the_fight(who)]
        return [*events, *_mid_combat(state, who)]


def _before_the_fight(who: CombatantId) -> list[Event]:
    """No initiative in melee 1 (last in every pose) and its first attack lost; the effect
    lasts until the combatant's first pose of melee 2."""
    data = {"melee": 1, "lose_attack": True}
    effect = Effect(HORRIFIED, ends=Anchor(2, who, Moment.START), data=data)
    return [EffectApplied(who, effect)]


def _mid_combat(state: EncounterState, who: CombatantId) -> list[Event]:
    """The next attack goes (this pose's, else the next pose's), and no parry or dodge until
    the end of the combatant's next pose."""
    events: list[Event] = []
    if state[who].pools[ACTIONS].current > 0:
        events.append(PoolChanged(who, ACTIONS, -1, "Horror Factor"))
    else:
        events.append(MarkSet(who, OWED, int(state[who].marks.get(OWED) or 0) + 1))
    clock = state.clock
    later = any(who in turn.actors for turn in clock.order[clock.index :])
    ends = Anchor(clock.round if later else clock.round + 1, who, Moment.END)
    events.append(EffectApplied(who, Effect(HORROR_STRUCK, ends=ends)))
    return events
