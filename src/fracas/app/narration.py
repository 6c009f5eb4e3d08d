"""Events → lines a person reads, showing every number: the transcript, the log, the tracker.

Rules code never formats text, so every event is told here. The engine's events have their own
narrators below; a ruleset's events are told by the module ``fracas.app.narrators.<slug>``,
which holds ``NARRATORS: Mapping[type[Event], EventNarrator]`` (see ``fracas.app.narrators``).
An event nobody narrates is still told, generically (``Punched: attacker=Ada, target=Bo,
face=4``), so nothing is ever dropped silently.

A narrator is called with the event and a ``Scene``: the state just before the event, the state
after it, the action of the step and the audience. It returns a line, several lines, or None
for an event that deliberately says nothing (the dice stream's counter). Names go through
``scene.name`` so that a player's transcript never names a hidden combatant; lines about a
combatant the audience cannot see are dropped before the narrator is even asked.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import importlib
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from fracas.app.audience import GM, Audience
from fracas.app.durations import (
    Lasting,
    LastingTells,
    capitalised,
    lasts,
    round_name,
    until,
    untold,
)
from fracas.app.reminders import HeldActions, reminders
from fracas.app.wording import counted, possessive, said
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Step
from fracas.engine.events import (
    CombatantJoined,
    CombatantLeft,
    CombatEnded,
    DiceDrawn,
    DiceRolled,
    EffectApplied,
    EffectChanged,
    EffectEnded,
    Event,
    InitiativeSet,
    MarkSet,
    Note,
    OrderChanged,
    PartEnded,
    PoolChanged,
    PoolSet,
    RoundStarted,
    TurnEnded,
    TurnHeld,
    TurnLost,
    TurnResumed,
    TurnStarted,
    VisibilityChanged,
)
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Anchor, Clock, Combatant, Effect, EncounterState, Turn

MINUS = "\u2212"

Told = str | Sequence[str] | None
"""What a narrator returns: one line, several, or None to say nothing on purpose."""

EventNarrator = Callable[[Any, "Scene"], Told]
"""Tells one kind of event: ``(event, scene) -> line(s) or None``."""

NARRATORS_PACKAGE = "fracas.app.narrators"


@dataclass(frozen=True)
class Scene:
    """What a narrator may look at: the states around the event, the step's action, the audience."""

    state: EncounterState
    """The state just before the event."""
    after: EncounterState
    """The state just after the event."""
    action: Action | None = None
    audience: Audience = GM
    ruleset: Ruleset | None = None
    """The encounter's ruleset, when the narrator was given one (not only its class)."""
    lasting: Lasting | None = None
    """The ruleset's words for how long its unanchored effects last (``narrators.<slug>``)."""
    tells: LastingTells | None = None
    """The parameters those words tell (``narrators.<slug>.lasting_tells``)."""

    def combatant(self, combatant: CombatantId) -> Combatant | None:
        """The combatant as it is after the event, or before it when it has left."""
        return self.after.combatants.get(combatant) or self.state.combatants.get(combatant)

    def visible(self, combatant: CombatantId) -> bool:
        """Whether the audience may see ``combatant`` (a reveal counts from its own event)."""
        found = self.combatant(combatant)
        return found is None or self.audience.sees(found)

    def name(self, combatant: CombatantId | None) -> str:
        """A combatant's display name (``the game master`` for None, ``someone`` if unseen)."""
        if combatant is None:
            return "the game master"
        found = self.combatant(combatant)
        if found is None:
            return str(combatant)
        return found.name if self.audience.sees(found) else "someone"

    def names(self, combatants: Iterable[CombatantId]) -> list[str]:
        """The display names of those of ``combatants`` the audience may see."""
        return [self.name(c) for c in combatants if self.visible(c)]

    def takes_turn(self, combatant: CombatantId) -> bool:
        """Whether ``combatant`` takes its turn after the event (``Ruleset.takes_turn``)."""
        found = self.after.combatants.get(combatant)
        if found is None:
            return False
        return self.ruleset is None or self.ruleset.takes_turn(self.after, found)

    def shows_pools(self, combatant: CombatantId) -> bool:
        """Whether the audience may see ``combatant``'s pool values."""
        found = self.combatant(combatant)
        return found is None or self.audience.sees_pools(found)

    def until(self, anchor: Anchor | None) -> str:
        """An effect's end in words, as seen from this moment."""
        return until(anchor, self.state, self._namer)

    def lasts(self, effect: Effect) -> str:
        """How long ``effect`` lasts, in words, as seen from this moment (``lasts``)."""
        return lasts(effect, self.state, self._namer, self.lasting)

    def parameters(self, effect: Effect) -> list[tuple[str, object]]:
        """``effect``'s parameters but those ``lasts`` tells in words (``untold``)."""
        return untold(effect, self.tells)

    def _namer(self, combatant: CombatantId) -> str | None:
        return self.name(combatant) if self.visible(combatant) else None


# --- helpers narrators share ---------------------------------------------------------------


def signed(amount: int) -> str:
    """``+3``, ``0``, and a true minus sign (U+2212) before a negative amount."""
    if amount < 0:
        return f"{MINUS}{-amount}"
    return f"+{amount}" if amount > 0 else "0"


def joined(names: Sequence[str]) -> str:
    """``Ada``, ``Ada and Bo``, ``Ada, Bo and Cy``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def render_value(value: object, scene: Scene | None = None) -> str:
    """A field value as text: dice results rendered, yes/no, enums by value, names for ids."""
    render = getattr(value, "render", None)
    if callable(render):
        return str(render())
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Combatant):
        return scene.name(value.id) if scene else value.name
    if isinstance(value, Effect):
        return value.name
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={render_value(v, scene)}" for k, v in value.items())
    if isinstance(value, tuple | list):
        return ", ".join(render_value(v, scene) for v in value)
    if value is None:
        return "none"
    return str(value)


def generic(event: Event, scene: Scene) -> str:
    """``EventName: field=value, …``, names for combatant ids: the fallback for any event."""
    naming = _combatant_fields(type(event))
    parts: list[str] = []
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        shown = _names_of(value, scene) if f.name in naming else render_value(value, scene)
        parts.append(f"{f.name}={shown}")
    name = type(event).__name__
    return f"{name}: {', '.join(parts)}" if parts else name


def _names_of(value: object, scene: Scene) -> str:
    if isinstance(value, Combatant):
        return scene.name(value.id)
    if isinstance(value, tuple):
        return ", ".join(_names_of(v, scene) for v in value)
    if value is None:
        return "none"
    return scene.name(CombatantId(str(value)))


@functools.cache
def _combatant_fields(kind: type[Event]) -> frozenset[str]:
    """The fields of an event class that hold combatants (ids, optional ids, tuples, Combatant)."""
    try:
        hints = typing.get_type_hints(kind)
    except Exception:  # an annotation that does not resolve: treat the fields as plain values
        return frozenset()
    naming = {
        CombatantId,
        CombatantId | None,
        tuple[CombatantId, ...],
        Combatant,
        Combatant | None,
    }
    return frozenset(f.name for f in dataclasses.fields(kind) if hints.get(f.name) in naming)


def mentioned(event: Event) -> tuple[CombatantId, ...]:
    """Every combatant an event names in its fields."""
    found: list[CombatantId] = []
    for name in sorted(_combatant_fields(type(event))):
        value = getattr(event, name)
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, Combatant):
                found.append(item.id)
            elif isinstance(item, str):
                found.append(CombatantId(item))
    return tuple(found)


# --- the engine's events -------------------------------------------------------------------


def _turn_text(turn: Turn, scene: Scene) -> str | None:
    names = scene.names(turn.actors)
    if not names:
        return None
    label = f"{turn.label}: " if turn.label else ""
    if turn.label and not turn.initiative:  # a phase everyone shares, not ordered by initiative
        return f"{label}{' + '.join(names)}"
    return f"{label}{' + '.join(names)} ({turn.initiative})"


def _order_text(order: Sequence[Turn], scene: Scene) -> str:
    shown = [text for turn in order if (text := _turn_text(turn, scene)) is not None]
    return ", ".join(shown) if shown else "nobody"


def _pools_text(combatant: Combatant) -> str:
    return ", ".join(f"{name} {p.current}/{p.maximum}" for name, p in combatant.pools.items())


def _joined(event: CombatantJoined, scene: Scene) -> Told:
    c = event.combatant
    text = f"{scene.name(c.id)} joins the fight ({c.side})"
    if c.pools and scene.audience.sees_pools(c):
        text += f": {_pools_text(c)}"
    if c.hidden:
        text += " [hidden from the players]"
    return text


def _left(event: CombatantLeft, scene: Scene) -> Told:
    return f"{scene.name(event.combatant)} leaves the fight"


def _visibility(event: VisibilityChanged, scene: Scene) -> Told:
    name = scene.name(event.combatant)
    if event.hidden:
        return f"{name} is hidden from the players"
    if not scene.audience.gm:
        found = scene.combatant(event.combatant)
        side = f" ({found.side})" if found is not None else ""
        return f"{name} appears{side}"
    return f"{name} is revealed to the players"


def _initiative(event: InitiativeSet, scene: Scene) -> Told:
    reason = f" ({event.reason})" if event.reason else ""
    return f"{possessive(scene.name(event.combatant))} initiative is {event.initiative}{reason}"


def _round(event: RoundStarted, scene: Scene) -> Told:
    name = capitalised(round_name(scene.after.clock, event.round))
    return f"{name} begins: {_order_text(event.order, scene)}"


def _turn_started(event: TurnStarted, scene: Scene) -> Told:
    order = scene.state.clock.order
    if not 0 <= event.index < len(order):
        return f"Turn {event.index + 1} of the round"
    turn = order[event.index]
    taking = [a for a in turn.actors if scene.takes_turn(a)]
    names = scene.names(taking or turn.actors)  # a turn nobody takes is told, then passes
    if not names:
        return None
    label = f" ({turn.label})" if turn.label else ""
    if turn.resumed:
        return f"{joined(names)} takes the held turn{label}"
    if len(names) == 1:
        return f"{possessive(names[0])} turn{label}"
    return f"Turn of {joined(names)}{label}"


def _turn_ended(event: TurnEnded, scene: Scene) -> Told:
    names = scene.names(event.actors)
    if not names:
        return None
    if event.skipped:
        return f"{joined(names)} cannot act: the turn passes"
    return f"End of {possessive(joined(names))} turn"


def _part_ended(event: PartEnded, scene: Scene) -> Told:
    on = [a for a in scene.after.acting() if scene.takes_turn(a)]
    names = scene.names(on)
    still = f"; {joined(names)} still to act" if names else ""
    return (
        f"{scene.name(event.combatant)} ends its part of the turn{still}"
        " (the turn ends when all have ended, or at the game master's end)"
    )


def _held(event: TurnHeld, scene: Scene) -> Told:
    return f"{scene.name(event.combatant)} holds the turn"


def _resumed(event: TurnResumed, scene: Scene) -> Told:
    return f"{scene.name(event.combatant)} will take the held turn next"


def _lost(event: TurnLost, scene: Scene) -> Told:
    return f"{scene.name(event.combatant)} never took the held turn and loses it"


def _order(event: OrderChanged, scene: Scene) -> Told:
    text = f"Order now: {_order_text(event.order, scene)}"
    if 0 <= event.index < len(event.order) and event.index != scene.state.clock.index:
        names = scene.names(event.order[event.index].actors)
        if names:
            text += f"; {possessive(joined(names))} turn"
    return text


def _ended(event: CombatEnded, scene: Scene) -> Told:
    return f"The fight is over: {event.reason}"


def _pool_changed(event: PoolChanged, scene: Scene) -> Told:
    name = scene.name(event.combatant)
    action = scene.action
    paying = (
        action is not None
        and event.amount < 0
        and event.combatant == action.actor
        and event.reason == action.verb
    )
    if paying:
        return f"{name} spends {counted(-event.amount, event.pool)} ({event.reason})"
    reason = f": {event.reason}" if event.reason else ""
    text = f"{name} {event.pool} {signed(event.amount)}"
    before = scene.state.combatants.get(event.combatant)
    if scene.shows_pools(event.combatant) and before is not None and event.pool in before.pools:
        old = before.pools[event.pool].current
        text += f" ({old} \u2192 {old + event.amount})"
    return text + reason


def _pool_set(event: PoolSet, scene: Scene) -> Told:
    if not scene.shows_pools(event.combatant):
        return None
    reason = f" ({event.reason})" if event.reason else ""
    before = scene.state.combatants.get(event.combatant)
    pool = before.pools.get(event.pool) if before is not None else None
    old = f"{pool.current} \u2192 " if pool is not None else ""
    text = f"{scene.name(event.combatant)} {event.pool} {old}{event.value}"
    if event.maximum is not None and (pool is None or pool.maximum != event.maximum):
        was = f"{pool.maximum} \u2192 " if pool is not None else ""
        text += f" (maximum {was}{event.maximum})"
    return text + reason


def _effect_words(effect: Effect, scene: Scene) -> str:
    source = ""
    if effect.source is not None and scene.visible(effect.source):
        source = f" from {scene.name(effect.source)}"
    data = said((key, _value_said(value, scene)) for key, value in scene.parameters(effect))
    until = scene.lasts(effect)
    return f"{source} ({data}; {until})" if data else f"{source} ({until})"


def _value_said(value: object, scene: Scene) -> str:
    """An effect parameter's value: names for a combatant's id or a list of them
    (``thom,ceil``), else the value as text."""
    if isinstance(value, str) and value:
        ids = [CombatantId(part) for part in value.split(",")]
        if all(scene.combatant(i) is not None for i in ids):
            return ", ".join(scene.name(i) for i in ids)
    return render_value(value, scene)


def _effect_applied(event: EffectApplied, scene: Scene) -> Told:
    effect = event.effect
    return f"{effect.name} on {scene.name(event.combatant)}{_effect_words(effect, scene)}"


def _effect_ended(event: EffectEnded, scene: Scene) -> Told:
    holder = scene.state.combatants.get(event.combatant)
    effect = next((e for e in holder.effects if e.id == event.effect), None) if holder else None
    what = effect.name if effect is not None else f"Effect {event.effect}"
    reason = f" ({event.reason})" if event.reason else ""
    return f"{what} on {scene.name(event.combatant)} ends{reason}"


def _effect_changed(event: EffectChanged, scene: Scene) -> Told:
    effect = event.effect
    return f"{effect.name} on {scene.name(event.combatant)} now{_effect_words(effect, scene)}"


def _mark(event: MarkSet, scene: Scene) -> Told:
    """A ruleset's mark no narrator of its own tells, in words: a mark cleared is bookkeeping
    and says nothing."""
    if not scene.shows_pools(event.combatant) or event.value is None or event.value is False:
        return None
    return f"{scene.name(event.combatant)}: {said([(event.key, render_value(event.value))])}"


def _drawn(event: DiceDrawn, scene: Scene) -> Told:
    return None  # the seeded stream's counter: bookkeeping, every die shows in its own event


def _note(event: Note, scene: Scene) -> Told:
    if event.secret and not scene.audience.gm:
        return None
    if event.combatant is None:
        return f"Note: {event.text}"
    return f"{scene.name(event.combatant)} notes: {event.text}"


def _rolled(event: DiceRolled, scene: Scene) -> Told:
    if event.secret and not scene.audience.gm:
        return None
    who = scene.name(event.roller)
    who = who[0].upper() + who[1:]
    secret = " (secret)" if event.secret else ""
    return f"{who} rolls{secret}: {event.result.render()}"


ENGINE_NARRATORS: Mapping[type[Event], EventNarrator] = {
    CombatantJoined: _joined,
    CombatantLeft: _left,
    VisibilityChanged: _visibility,
    InitiativeSet: _initiative,
    RoundStarted: _round,
    TurnStarted: _turn_started,
    TurnEnded: _turn_ended,
    PartEnded: _part_ended,
    TurnHeld: _held,
    TurnResumed: _resumed,
    TurnLost: _lost,
    OrderChanged: _order,
    CombatEnded: _ended,
    PoolChanged: _pool_changed,
    PoolSet: _pool_set,
    EffectApplied: _effect_applied,
    EffectEnded: _effect_ended,
    EffectChanged: _effect_changed,
    MarkSet: _mark,
    DiceDrawn: _drawn,
    Note: _note,
    DiceRolled: _rolled,
}
"""A narrator for every engine event and every event of the app's own actions."""


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
    pools = [_pools_text(state[a]) for a in turn.actors if a in state.combatants]
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

    def narrator_of(self, kind: type[Event]) -> EventNarrator | None:
        """The narrator for an event class (its own, or its nearest base's), or None."""
        for base in kind.__mro__:
            found = self.table.get(base)
            if found is not None:
                return found
        return None

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
