"""The Effect Phase's start-of-turn effects, in the order the player picks.

"Ongoing Damage: If you are suffering from any Damage Over Time effects, you suffer those effects
now. Mechanical Effects: Deal with any other effects that occur at the start of your turn. You
can decide the order in which they activate, if multiple occur at the same time. Ending Effects:
Some effects and mechanics might automatically end at the start of your turn. You can decide the
order in which they end". Ongoing Damage comes first; the other steps follow the order the
combatant chose (``order``), else ``DEFAULT_ORDER``. The order matters: Slowed takes Actions
only from those there are, so Slowed before Initiative Advantage leaves the extra Action.
"""

from __future__ import annotations

from collections.abc import Callable

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import Event, PoolChanged, PoolSet, reduce
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.conditions import SLOWED, ongoing_damage, stacks
from fracas.rules.dbu.economy import ACTIONS, CONVERTED
from fracas.rules.dbu.grapple import PINNED
from fracas.rules.dbu.grapple_rules import grapple_at_turn_start
from fracas.rules.dbu.phase_names import chosen_order
from fracas.rules.dbu.settings import DbuSettings

INITIATIVE_ADVANTAGE = "Initiative Advantage"


Step = Callable[[EncounterState, CombatantId], list[Event]]


def effect_phase(
    state: EncounterState,
    who: CombatantId,
    dice: DiceSource,
    *,
    settings: DbuSettings,
    advantage: Callable[[EncounterState, Combatant], int],
) -> list[Event]:
    """Ongoing Damage, then each step in ``who``'s chosen order, each seeing the one before."""
    steps: dict[str, Step] = {
        "slowed": _slowed,
        "counters": _counters_lost,
        "advantage": lambda now, w: _advantage(now, w, advantage(now, now[w])),
        "grapple": lambda now, w: grapple_at_turn_start(now, w, dice, settings=settings),
    }
    events = ongoing_damage(state[who], settings=settings)
    for name in chosen_order(state[who]):
        events += steps[name](reduce(state, events), who)
    return events


def _slowed(state: EncounterState, who: CombatantId) -> list[Event]:
    """SOURCES.md 2.9: Slowed: -1 Action per stack (of those there are)."""
    combatant = state[who]
    slowed = min(stacks(combatant, SLOWED), combatant.pools[ACTIONS].current)
    return [PoolChanged(who, ACTIONS, -slowed, SLOWED)] if slowed else []


def _counters_lost(state: EncounterState, who: CombatantId) -> list[Event]:
    """'Any Actions converted into Counter Actions are lost at the start of your next turn.'"""
    if not state[who].pools[CONVERTED].current:
        return []
    return [PoolSet(who, CONVERTED, 0, reason="converted Counter Actions lost")]


def _advantage(state: EncounterState, who: CombatantId, extra: int) -> list[Event]:
    """'+1 additional Action to spend during each of your turns' (not while Pinned)."""
    if not extra or state[who].has(PINNED):
        return []
    return [PoolChanged(who, ACTIONS, extra, INITIATIVE_ADVANTAGE)]
