"""Events → lines a person reads, showing every number: the transcript, the log, the tracker.

Rules code never formats text, so every event is told here. The engine's events have their own
narrators (``engine_narration``); a ruleset's events are told by the module
``fracas.app.narrators.<slug>``, which holds ``NARRATORS: Mapping[type[Event], EventNarrator]``
(see ``fracas.app.narrators``). An event nobody narrates is still told, generically
(``Punched: attacker=Ada, target=Bo, face=4``), so nothing is ever dropped silently.

A narrator is called with the event and a ``Scene`` (``fracas.app.scene``). Lines about a
combatant the audience cannot see are dropped before the narrator is even asked.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import ModuleType

from fracas.app.audience import GM, Audience
from fracas.app.durations import Lasting, LastingTells, capitalised, round_name
from fracas.app.engine_narration import ENGINE_NARRATORS, pools_text
from fracas.app.reminders import HeldActions, reminders
from fracas.app.scene import EventNarrator, Scene, generic, joined, mentioned
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Step
from fracas.engine.events import Event, TurnStarted
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Clock, EncounterState, Turn

NARRATORS_PACKAGE = "fracas.app.narrators"


def narrator_module(slug: str) -> ModuleType | None:
    """The module ``fracas.app.narrators.<slug>``, or None when the ruleset has none."""
    module_name = f"{NARRATORS_PACKAGE}.{slug}"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise


@functools.cache
def lasting_of(slug: str) -> Lasting | None:
    """The ``lasting`` of the ruleset's narrator module, if it has one."""
    return getattr(narrator_module(slug), "lasting", None)


@functools.cache
def lasting_tells_of(slug: str) -> LastingTells | None:
    """The ``lasting_tells`` of the ruleset's narrator module, if it has one."""
    return getattr(narrator_module(slug), "lasting_tells", None)


TurnPrompt = Callable[[Turn, EncounterState], Sequence[str]]
"""Tells the players of a turn, privately, that it has started: ``(turn, state) -> lines``."""

OrderTable = Callable[[EncounterState, Audience], Sequence[str]]
"""The round's order as a table for an audience: ``(state, audience) -> lines``."""


def turn_prompt(turn: Turn, state: EncounterState) -> tuple[str, ...]:
    """The prompt of any ruleset: the round, and the pools of the one whose turn it is."""
    names = [state[a].name for a in turn.actors if a in state.combatants]
    pools = [pools_text(state[a]) for a in turn.actors if a in state.combatants]
    text = f"{capitalised(round_name(state.clock, state.clock.round))}: your turn, {joined(names)}"
    if len(names) == 1 and pools[0]:
        text += f" ({pools[0]})"
    return (text + ".",)


def order_table(state: EncounterState, audience: Audience) -> tuple[str, ...]:
    """The round's turns in order: name, initiative, the turn's label, effects as notes."""
    clock = state.clock
    if not clock.order:
        return ("No order yet: the fight has not started.",)
    rows = [("", "Name", "Init", "Turn", "Notes")]
    listed = _next_turns(clock)
    for index, turn in enumerate(clock.order):
        for actor in turn.actors:
            combatant = state.combatants.get(actor)
            if listed[actor] != index or combatant is None or not audience.sees(combatant):
                continue
            marker = ">" if clock.started and index == clock.index and not state.ended else ""
            notes = ", ".join(effect.name for effect in combatant.effects)
            rows.append((marker, combatant.name, str(turn.initiative), turn.label, notes))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    title = f"{capitalised(round_name(clock, clock.round))} order" if clock.round else "The order"
    table = (
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )
    return (title, *table)


def _next_turns(clock: Clock) -> dict[CombatantId, int]:
    """Each combatant's one turn the order table lists: its turn now or next, else (all of its
    turns are past) its last one."""
    listed: dict[CombatantId, int] = {}
    for index, turn in enumerate(clock.order):
        for actor in turn.actors:
            if actor not in listed or listed[actor] < clock.index:
                listed[actor] = index
    return listed


class Narrator:
    """Tells the events of one ruleset's encounters: the engine's, the app's and its own.

    The ruleset's module may also define ``turn_prompt`` (a ``TurnPrompt``) and ``order_table``
    (an ``OrderTable``) to replace the generic prompt and order table below.

    ``extra`` narrators (a ruleset from outside fracas, a test) win over all others; then the
    ruleset's module, then the engine's.
    """

    def __init__(
        self,
        ruleset: Ruleset | type[Ruleset] | None = None,
        extra: Mapping[type[Event], EventNarrator] | None = None,
    ) -> None:
        module = narrator_module(ruleset.descriptor.slug) if ruleset is not None else None
        table: dict[type[Event], EventNarrator] = dict(ENGINE_NARRATORS)
        table.update(getattr(module, "NARRATORS", {}))
        table.update(extra or {})
        self.table: Mapping[type[Event], EventNarrator] = table
        self._turn_prompt: TurnPrompt = getattr(module, "turn_prompt", turn_prompt)
        self._order_table: OrderTable = getattr(module, "order_table", order_table)
        self._ruleset = ruleset if isinstance(ruleset, Ruleset) else None
        self._held: HeldActions | None = getattr(module, "held_actions", None)
        self._lasting: Lasting | None = getattr(module, "lasting", None)
        self._tells: LastingTells | None = getattr(module, "lasting_tells", None)
        self._found: dict[type[Event], EventNarrator | None] = {}

    def narrator_of(self, kind: type[Event]) -> EventNarrator | None:
        """The narrator for an event class (its own, or its nearest base's), or None; found
        once for each class (``table`` does not change)."""
        if kind in self._found:
            return self._found[kind]
        found = next((self.table[b] for b in kind.__mro__ if b in self.table), None)
        self._found[kind] = found
        return found

    def event(self, event: Event, scene: Scene) -> list[str]:
        """The lines ``event`` gives this scene's audience."""
        if not scene.audience.gm and not all(scene.visible(c) for c in mentioned(event)):
            return []
        narrator = self.narrator_of(type(event))
        told = narrator(event, scene) if narrator is not None else generic(event, scene)
        lines = [] if told is None else [told] if isinstance(told, str) else list(told)
        if isinstance(event, TurnStarted) and self._held is not None:
            lines += reminders(self._held, scene)  # held actions brought back to mind
        return lines

    def events(
        self,
        events: Iterable[Event],
        state: EncounterState,
        action: Action | None = None,
        audience: Audience = GM,
    ) -> tuple[str, ...]:
        """The lines of ``events`` applied in order from ``state``."""
        lines: list[str] = []
        for event in events:
            after = event.apply(state)
            scene = Scene(state, after, action, audience, self._ruleset, self._lasting, self._tells)
            lines.extend(self.event(event, scene))
            state = after
        return tuple(lines)

    def step(self, step: Step, before: EncounterState, audience: Audience = GM) -> tuple[str, ...]:
        """The lines of one step, from the state before it."""
        return self.events(step.events, before, step.action, audience)

    def turn_prompt(self, turn: Turn, state: EncounterState) -> tuple[str, ...]:
        """What the players of ``turn`` are told privately as it starts (``state``: after)."""
        return tuple(self._turn_prompt(turn, state))

    def order_table(self, state: EncounterState, audience: Audience = GM) -> tuple[str, ...]:
        """The round's order as ``audience`` may see it (``order``, MUSH ``+vinit``)."""
        return tuple(self._order_table(state, audience))
