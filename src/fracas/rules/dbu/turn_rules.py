"""Rules of the action-economy and set-up actions: converting Actions, surprise, positions,
regaining Actions under Instantaneous Control."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.clock import Tape, end_turn
from fracas.engine.events import EffectApplied, Event, MarkSet, Note, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction, Ruleset
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.bound import BOUND, bound_actions
from fracas.rules.dbu.economy import ACTIONS, CONVERTED
from fracas.rules.dbu.initiative import Declaration, instant_sequence
from fracas.rules.dbu.instant_order import announce, lapse
from fracas.rules.dbu.phase_names import AUTO, EFFECT_ORDER, STEPS, item_name
from fracas.rules.dbu.phases import END, Phases
from fracas.rules.dbu.positions import SQUARE, occupant, square_text
from fracas.rules.dbu.queries import GUARD_DOWN, SURPRISED, acting, require_able
from fracas.rules.dbu.settings import DbuSettings


@frozen
class ConvertRule:
    """'you may choose at any point during a Combat Round to convert any Action into a Counter
    Action' (on anyone's turn)."""

    def cost(self, state: EncounterState, action: a.Convert) -> Cost:
        return {ACTIONS: action.count}

    def verify(self, state: EncounterState, action: a.Convert) -> None:
        require_able(state, acting(action), action.verb)
        if action.count < 1:
            raise IllegalAction("bad-count", "convert: convert 1 or more Actions")

    def resolve(
        self, state: EncounterState, action: a.Convert, dice: DiceSource
    ) -> Sequence[Event]:
        """A commanded Action bound to movement may be 'transferred into a Counter Action'."""
        actor = acting(action)
        events: list[Event] = [
            PoolChanged(actor, CONVERTED, action.count, "converted from Actions")
        ]
        bound = bound_actions(state[actor])
        if bound:
            events.append(MarkSet(actor, BOUND, max(bound - action.count, 0) or None))
        return events


@frozen
class SurpriseRule:
    """'When a character is surprised, they cannot take any Actions (not even Instant Actions)
    during the surprise round and they have the Guard Down Combat Condition … until the end of
    the surprise round.' The surprise round is round 1 (``Dbu.order``)."""

    def cost(self, state: EncounterState, action: a.Surprise) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Surprise) -> None:
        if action.actor is not None:
            raise IllegalAction("game-master-only", "surprise: the Architect decides surprise")
        if state.clock.started:
            raise IllegalAction("already-started", "surprise: only before combat starts")
        if not action.targets:
            raise IllegalAction("bad-surprise", "surprise: name who is surprised")

    def resolve(
        self, state: EncounterState, action: a.Surprise, dice: DiceSource
    ) -> Sequence[Event]:
        events: list[Event] = []
        for who in dict.fromkeys(action.targets):
            if state[who].marks.get(SURPRISED):
                continue
            guard_down = Effect(name=GUARD_DOWN, ends=Anchor(1, who, Moment.END))
            events += [MarkSet(who, SURPRISED, True), EffectApplied(who, guard_down)]
        return events


@frozen
class EffectOrderRule:
    """'You can decide the order in which they activate, if multiple occur at the same time'
    (the Effect and End Phases, ``phases``): while your phase waits, its items occur in the
    order named (``auto``: your standing order, then the default one), and an End Phase's turn
    then ends; otherwise the order is kept for your next phases until changed."""

    phases: Phases
    ruleset: Ruleset

    def cost(self, state: EncounterState, action: a.EffectOrder) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.EffectOrder) -> None:
        if action.actor is None:
            raise IllegalAction(
                "no-actor", "phases: say whose phase this order is for (NAME: phases …)"
            )
        who = action.actor
        phase = self.phases.waiting(state, who)
        if phase is not None:
            known = self.phases.due(state, who, phase)
        elif action.items == (AUTO,):
            raise IllegalAction("no-phase", f"phases {AUTO}: no phase of {state[who].name} waits")
        else:
            known = (*STEPS, *(item_name(e.name) for e in state[who].effects))
        unknown = [item for item in action.items if item not in (*known, AUTO)]
        if unknown or (AUTO in action.items and len(action.items) > 1):
            raise IllegalAction(
                "bad-step",
                f"phases: name items from {', '.join(known)}, or {AUTO} alone (not {unknown})",
            )

    def resolve(
        self, state: EncounterState, action: a.EffectOrder, dice: DiceSource
    ) -> Sequence[Event]:
        who = acting(action)
        phase = self.phases.waiting(state, who)
        if phase is None:
            return [MarkSet(who, EFFECT_ORDER, ",".join(action.items))]
        tape = Tape(state)
        tape.write(self.phases.answer(state, who, action.items, dice))
        if phase == END and not any(
            self.phases.waiting(tape.state, other) == END for other in tape.state.acting()
        ):
            end_turn(tape, self.ruleset, dice)
        return tape.events


@frozen
class SimultaneousRule:
    """'If multiple characters intend to use an Instant Action at the same time, the character
    with the lowest Initiative will decide if their maneuver comes first or last in the sequence
    of events and then the character with the second lowest Initiative will decide … The
    characters with higher initiative will supersede those with lower initiative in their
    decisions.' The Architect gathers the choices; the sequence is announced and kept
    (``instant_order``): 'you can declare you will use any maneuver that requires an Instant
    Action in response – either before or after their declared action' places the one whose
    maneuver was declared (``around``) between those first and those last. A bare ``instants``
    withdraws the sequence."""

    def cost(self, state: EncounterState, action: a.Simultaneous) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Simultaneous) -> None:
        if action.actor is not None:
            raise IllegalAction("game-master-only", "instants: the Architect sequences them")
        named = [*action.first, *action.last]
        if not named and action.around is None:
            return
        around = [] if action.around is None else [action.around]
        if len(named) + len(around) < 2 or len({*named, *around}) != len(named) + len(around):
            raise IllegalAction(
                "bad-instants",
                "instants: two or more combatants, each first, last or around once",
            )
        for who in [*named, *around]:
            require_able(state, who, "an Instant Action")

    def resolve(
        self, state: EncounterState, action: a.Simultaneous, dice: DiceSource
    ) -> Sequence[Event]:
        declarations = [
            *(Declaration(who, state[who].initiative or 0, "first") for who in action.first),
            *(Declaration(who, state[who].initiative or 0, "last") for who in action.last),
        ]
        if not declarations and action.around is None:
            return [*lapse(state), Note("the sequence of Instant Actions is withdrawn")]
        sequence = [CombatantId(who) for who in instant_sequence(declarations)]
        if action.around is not None:
            before = sum(1 for who in sequence if who in action.first)
            sequence.insert(before, action.around)
        names = ", ".join(state[who].name for who in sequence)
        text = f"Simultaneous Instant Actions, in this order: {names}"
        return [*announce(state, sequence), Note(text)]


@frozen
class PlaceRule:
    """'Establishing Positions. The Architect and players decide and determine where the
    combatants involved in the encounter are positioned at the start of the battle.' The
    Architect may also place again later (after a Push Back or a Throw, which the grid does not
    follow)."""

    def cost(self, state: EncounterState, action: a.Place) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Place) -> None:
        if action.actor is not None:
            raise IllegalAction("game-master-only", "place: the Architect places the combatants")
        there = occupant(state, (action.x, action.y))
        if there is not None and there != action.target:
            raise IllegalAction(
                "occupied", f"place: {state[there].name} stands on {action.x},{action.y}"
            )

    def resolve(self, state: EncounterState, action: a.Place, dice: DiceSource) -> Sequence[Event]:
        return [MarkSet(action.target, SQUARE, square_text((action.x, action.y)))]


@frozen
class RegainRule:
    """'If a target of one of your Maneuvers uses an Instant Action or Out-of-Sequence Action to
    move their position on the battlefield or otherwise invalidate your Maneuver, you may choose
    to regain the action(s) you spent on that Maneuver or change your target to another suitable
    target within range.' The Architect rules that it happened (changing the target is ``undo``
    and the Maneuver again)."""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Regain) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Regain) -> None:
        if action.actor is not None:
            raise IllegalAction("game-master-only", "regain: the Architect's ruling")
        if not state.clock.started:
            raise IllegalAction("not-started", "regain: combat has not started yet")
        if not 1 <= action.actions <= self.settings.actions_per_round:
            raise IllegalAction("bad-count", "regain: the 1 to 3 Actions a Maneuver spent")

    def resolve(self, state: EncounterState, action: a.Regain, dice: DiceSource) -> Sequence[Event]:
        return [PoolChanged(action.target, ACTIONS, action.actions, "Instantaneous Control")]
