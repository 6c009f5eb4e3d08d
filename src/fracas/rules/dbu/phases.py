"""The Effect and End Phases: what occurs at the start and the end of a turn, in the order the
player picks.

"Ongoing Damage: If you are suffering from any Damage Over Time effects, you suffer those effects
now. Mechanical Effects: Deal with any other effects that occur at the start of your turn. You
can decide the order in which they activate, if multiple occur at the same time. Ending Effects:
Some effects and mechanics might automatically end at the start of your turn. You can decide the
order in which they end" (Effect Phase); "The End Phase is identical to the Effect Phase but
simply takes place at the end of your turn" (End Phase).

Ongoing Damage comes first. The items after it are the mechanical steps that do something now
(``phase_names.STEPS``) and the effects due to end (the engine leaves those of a turn's start
to the ruleset: ``Dbu.expire``). When two or more occur at once and the player's standing order
(``phases ITEM,…`` chosen ahead) does not place them, the phase waits (the ``PHASE_WAITS``
mark) for the player to order them (``phases ITEM,…`` or ``phases auto``); everything else is
paused meanwhile. ``end`` takes the default order instead: the ending effects, then the steps
in ``DEFAULT_ORDER``. The order matters: Slowed takes Actions only from those there are, and a
Guard Down ending before the Grapple Check spares its Dodge the penalty.
"""

from __future__ import annotations

from collections.abc import Callable

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.clock import due
from fracas.engine.events import EffectEnded, Event, MarkSet, Note, PoolChanged, PoolSet, reduce
from fracas.engine.frozen import frozen
from fracas.engine.state import Combatant, EncounterState, Moment
from fracas.rules.dbu.conditions import SLOWED, asleep, ongoing_damage, stacks, woken
from fracas.rules.dbu.economy import ACTIONS, CONVERTED
from fracas.rules.dbu.grapple import PINNED, RESTRAINED, held_by, holding
from fracas.rules.dbu.grapple_rules import grapple_at_turn_start
from fracas.rules.dbu.phase_names import (
    AUTO,
    DEFAULT_ORDER,
    PHASE_WAITS,
    decided,
    item_name,
    standing_order,
    undecided,
)
from fracas.rules.dbu.queries import standing
from fracas.rules.dbu.settings import DbuSettings

INITIATIVE_ADVANTAGE = "Initiative Advantage"

EFFECT, END = "effect", "end"
"""The values of the ``PHASE_WAITS`` mark."""

_MOMENT = {EFFECT: Moment.START, END: Moment.END}
_TITLE = {EFFECT: "Effect Phase", END: "End Phase"}


@frozen
class Phases:
    """The Effect and End Phases of the encounter's settings; ``advantage`` counts a
    combatant's Initiative Advantage Actions."""

    settings: DbuSettings
    advantage: Callable[[EncounterState, Combatant], int]

    def effect_phase(
        self, state: EncounterState, who: CombatantId, dice: DiceSource
    ) -> list[Event]:
        """Ongoing Damage (which wakes a sleeper, for the turn that follows), then the items
        in order, or the phase waits for the player."""
        events = ongoing_damage(state[who], settings=self.settings)
        events += woken(state, events, settings=self.settings)
        now = reduce(state, events)
        if self.asks(now, who, EFFECT):
            return [*events, *self._opening(now, who, EFFECT)]
        return [*events, *self.run(now, who, EFFECT, (), dice)]

    def asks(self, state: EncounterState, who: CombatantId, phase: str) -> bool:
        """Whether two or more items occur at once in ``who``'s phase that its standing order
        does not place (and ``who`` is standing to choose)."""
        if not self.settings.ask_phase_order or not standing(state[who]) or asleep(state[who]):
            return False
        return len(undecided(self.due(state, who, phase), standing_order(state[who]))) >= 2

    def waiting(self, state: EncounterState, who: CombatantId) -> str | None:
        """``effect`` or ``end`` when that phase of ``who`` waits for its order."""
        value = state[who].marks.get(PHASE_WAITS)
        return value if isinstance(value, str) and value in _MOMENT else None

    def due(self, state: EncounterState, who: CombatantId, phase: str) -> tuple[str, ...]:
        """The items of ``who``'s phase that occur now, in their default order."""
        ending = (item_name(effect.name) for _, effect in due(state, who, _MOMENT[phase]))
        if phase == END:
            return tuple(dict.fromkeys(ending))
        steps = (step for step in DEFAULT_ORDER if self._does(state, who, step))
        return tuple(dict.fromkeys([*ending, *steps]))

    def answer(
        self, state: EncounterState, who: CombatantId, named: tuple[str, ...], dice: DiceSource
    ) -> list[Event]:
        """The waiting phase of ``who`` in the order named (``auto``: the standing order)."""
        phase = self.waiting(state, who)
        assert phase is not None
        picked = () if named == (AUTO,) else named
        cleared = [MarkSet(who, PHASE_WAITS, None)]
        return [*cleared, *self.run(reduce(state, cleared), who, phase, picked, dice)]

    def open_end_phase(self, state: EncounterState, who: CombatantId) -> list[Event]:
        """The End Phase of ``who`` waits for its order."""
        return self._opening(state, who, END)

    def close(self, state: EncounterState, who: CombatantId, dice: DiceSource) -> list[Event]:
        """As the turn ends: a phase still waiting takes the standing or default order, then
        the End Phase's items occur (in that order, without asking)."""
        events: list[Event] = []
        if self.waiting(state, who) == EFFECT:
            events += self.answer(state, who, (AUTO,), dice)
        elif self.waiting(state, who) == END:
            events.append(MarkSet(who, PHASE_WAITS, None))
        return [*events, *self.run(reduce(state, events), who, END, (), dice)]

    def _opening(self, state: EncounterState, who: CombatantId, phase: str) -> list[Event]:
        items = ", ".join(self.due(state, who, phase))
        text = f"{_TITLE[phase]}: {items} occur at once; to order them: phases ITEM,… (or {AUTO})"
        return [MarkSet(who, PHASE_WAITS, phase), Note(text, who)]

    def run(
        self,
        state: EncounterState,
        who: CombatantId,
        phase: str,
        named: tuple[str, ...],
        dice: DiceSource,
    ) -> list[Event]:
        """Every item due, each seeing the one before: those ``named`` first, then the standing
        order, then the default one."""
        order = decided(self.due(state, who, phase), named, standing_order(state[who]))
        events: list[Event] = []
        for item in order:
            now = reduce(state, events)
            if item in DEFAULT_ORDER:
                events += self._step(now, who, item, dice)
            else:
                events += _ending(now, who, _MOMENT[phase], item)
        return events

    def _step(
        self, state: EncounterState, who: CombatantId, step: str, dice: DiceSource
    ) -> list[Event]:
        if step == "slowed":
            return _slowed(state, who)
        if step == "counters":
            return _counters_lost(state, who)
        if step == "advantage":
            return _advantage(state, who, self.advantage(state, state[who]))
        return grapple_at_turn_start(state, who, dice, settings=self.settings)

    def _does(self, state: EncounterState, who: CombatantId, step: str) -> bool:
        """Whether the Effect Phase step does something now (the Grapple Check rolls, so it is
        judged by the grapple itself)."""
        combatant = state[who]
        if step == "grapple":
            in_grapple = holding(combatant) or held_by(combatant)
            return in_grapple is not None or combatant.has(RESTRAINED) or combatant.has(PINNED)
        if step == "advantage":
            return bool(_advantage(state, who, self.advantage(state, combatant)))
        if step == "slowed":
            return bool(_slowed(state, who))
        return bool(_counters_lost(state, who))


def _ending(state: EncounterState, who: CombatantId, moment: Moment, item: str) -> list[Event]:
    """The effects of that name due at this moment of ``who``'s turn end."""
    return [
        EffectEnded(holder, effect.id, reason="expired")
        for holder, effect in due(state, who, moment)
        if item_name(effect.name) == item
    ]


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
