"""The narrators of the engine's events and of the app's own actions' events
(``ENGINE_NARRATORS``): joining, the clock, pools, effects, marks, notes and free rolls. A
ruleset's module may override any of them (``fracas.app.narrators``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fracas.app.durations import (
    capitalised,
    round_name,
)
from fracas.app.scene import EventNarrator, Scene, Told, joined, render_value, signed
from fracas.app.wording import counted, possessive, said
from fracas.engine.action import CombatantId
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
from fracas.engine.state import Combatant, Effect, Turn


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


def pools_text(combatant: Combatant) -> str:
    """``AP 3/3, RP 2/2``: each of the combatant's pools."""
    return ", ".join(f"{name} {p.current}/{p.maximum}" for name, p in combatant.pools.items())


def _joined(event: CombatantJoined, scene: Scene) -> Told:
    c = event.combatant
    text = f"{scene.name(c.id)} joins the fight ({c.side})"
    if c.pools and scene.audience.sees_pools(c):
        text += f": {pools_text(c)}"
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
