"""The momentum ruleset: the engine hooks of seed 003's combat chapter.

Turn structure: static Initiative fixed when a round begins ("Any effects that alter your
Initiative value only change the turn order in the next round"); unions and groups of identical
NPCs share one turn; surprised creatures act at the end of round 1; 3 AP a turn, 2 RP a round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from fracas.dice import DiceSource, roll
from fracas.engine.action import Action, CombatantId
from fracas.engine.clock import Tape
from fracas.engine.events import EffectEnded, Event, InitiativeSet, MarkSet, PoolChanged, PoolSet
from fracas.engine.ruleset import Rule, Ruleset
from fracas.engine.state import (
    Combatant,
    EncounterState,
    Pool,
    Reset,
    Scalar,
    Sheet,
    Turn,
)
from fracas.rules.momentum import actions, basic
from fracas.rules.momentum.actions_table import CombatAction
from fracas.rules.momentum.advanced import advanced_rules
from fracas.rules.momentum.advanced_actions import ADVANCED_ACTIONS
from fracas.rules.momentum.attack import AttackRule
from fracas.rules.momentum.checks import RollMode, defense_roll_succeeds
from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.defense_rolls import DefenseRoll
from fracas.rules.momentum.derived import basic_movement_of, dr_value_of, initiative_of
from fracas.rules.momentum.descriptor import DESCRIPTOR
from fracas.rules.momentum.displacement import DisplacementRule, Push, Teleport
from fracas.rules.momentum.events import (
    MOMENTUM_EVENTS,
    AttackRolled,
    CheckRolled,
    DamageRolled,
)
from fracas.rules.momentum.hit import DamagePortion, Hit
from fracas.rules.momentum.positions import GoTo, GoToRule, Place, PlaceRule
from fracas.rules.momentum.queries import (
    AP,
    DEAD,
    MOVEMENT,
    NM,
    RP,
    VITALITY,
    has_effect,
    is_object,
    sheet_of,
    standing,
    status_name,
)
from fracas.rules.momentum.rolling import roll_d20
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.sheet import Sheet as MomentumSheet
from fracas.rules.momentum.stats import union_initiative
from fracas.rules.momentum.status_effects import CATALOGUE, Ending, StatusEffect
from fracas.rules.momentum.ties import TIE_BREAK, offered_ties
from fracas.rules.momentum.wounds import dealt, healing, wound

UNION = "union"
SURPRISED = "surprised"
"""Marks: the union a creature joined, whether it was surprised."""

LETHAL, NON_LETHAL = "lethal", "non-lethal"
"""The kinds of damage a game master's ``damage -type`` deals."""

ACTS_FIRST = "Acts First"
ACTS_LAST = "Acts Last"
"""Effects that move a creature to the front or the back of the round."""


class Momentum(Ruleset):
    descriptor = DESCRIPTOR
    settings_model = MomentumSettings
    sheet_model = MomentumSheet
    actions = (*actions.ACTIONS, *ADVANCED_ACTIONS, Push, Teleport, Place, GoTo)
    events = MOMENTUM_EVENTS
    conditions = tuple(status_name(status) for status in StatusEffect)

    def __init__(self, settings: MomentumSettings | None = None) -> None:
        super().__init__(settings)
        assert isinstance(self.settings, MomentumSettings)
        self.rules: MomentumSettings = self.settings
        self._rules = _rules(self.rules)
        self._ordered: tuple[bool | None, list[_Ordering], tuple[Turn, ...]] | None = None

    def rule(self, action: Action) -> Rule[Any] | None:
        return self._rules.get(type(action))

    def pools(self, sheet: Sheet) -> Mapping[str, Pool]:
        """3 AP a turn, 2 RP a round, Vitality, Narrative Momentum, and Basic Movement a turn."""
        assert isinstance(sheet, MomentumSheet)
        movement = basic_movement_of(sheet, settings=self.rules)
        return {
            AP: Pool(self.rules.ap_per_turn, self.rules.ap_per_turn, Reset.TURN),
            RP: Pool(self.rules.rp_per_round, self.rules.rp_per_round, Reset.ROUND),
            MOVEMENT: Pool(movement, movement, Reset.TURN),
            VITALITY: Pool(sheet.vitality, sheet.vitality),
            NM: Pool(sheet.narrative_momentum, sheet.narrative_momentum),
        }

    def roll_initiative(
        self, state: EncounterState, combatants: Sequence[CombatantId], dice: DiceSource
    ) -> Sequence[Event]:
        """Initiative is not rolled: "Your Instinct Stat times two plus your Athletics, Quick
        Fingers, Analysis, Grace, and Improvisation Skill Levels determine your Initiative." """
        return [
            InitiativeSet(c, initiative_of(sheet_of(state[c]), settings=self.rules), "static")
            for c in combatants
        ]

    def order(self, state: EncounterState) -> tuple[Turn, ...]:
        """Highest Initiative first; unions and groups share a turn; ties by the GM's
        tie-break, then by join order; surprised creatures act at the end of round 1.

        The last order is given again while everything it is worked out from is equal (asked
        at every round's start, when usually only pools have changed)."""
        first_round = state.clock.round == 0
        combatants = state.combatants.values()
        ordering = [
            (c.id, c.group, c.initiative, c.sheet, c.marks, _placing(c) if c.effects else _ANYWHERE)
            for c in combatants
        ]
        known = self._ordered
        if known is not None and known[1] == ordering and known[0] in (None, first_round):
            return known[2]
        order = self._worked_out(state, first_round)
        surprise = any(c.marks.get(SURPRISED) for c in combatants)  # else round 1 is like any
        self._ordered = (first_round if surprise else None, ordering, order)
        return order

    def _worked_out(self, state: EncounterState, first_round: bool) -> tuple[Turn, ...]:
        turns = [self._turn(state, members) for members in _slots(state)]
        joined = {c: n for n, c in enumerate(state.combatants)}

        def rank(turn: Turn) -> tuple[int, int, int, int]:
            surprised, first, last = False, True, False
            ties, joins = [], []
            for actor in turn.actors:  # one loop, not five generators
                member = state.combatants[actor]
                surprised = surprised or bool(first_round and member.marks.get(SURPRISED))
                if member.effects:
                    first = first and has_effect(member, ACTS_FIRST)
                    last = last or has_effect(member, ACTS_LAST)
                else:
                    first = False
                ties.append(int(member.marks.get(TIE_BREAK) or 0))
                joins.append(joined[actor])
            place = 3 if surprised else 2 if last else 0 if first else 1
            return (place, -turn.initiative, -max(ties), min(joins))

        return tuple(sorted(turns, key=rank))

    def _turn(self, state: EncounterState, members: tuple[CombatantId, ...]) -> Turn:
        initiatives = [state.combatants[m].initiative or 0 for m in members]
        value = union_initiative(initiatives) if len(members) > 1 else initiatives[0]
        return Turn(members, value)

    def at_turn_start(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        """Free actions come back; Status Effects that act at the start of a turn do. As the
        first round begins, its Initiative ties are offered to the game master (``ties``)."""
        events: list[Event] = []
        clock = state.clock
        if clock.round == 1 and clock.index == 0 and self.rules.ask_initiative_ties:
            events += offered_ties(state)
        for actor in turn.actors:
            combatant = state.combatants[actor]
            if combatant.marks.get(actions.FREE_ACTION) is not None:
                events.append(MarkSet(actor, actions.FREE_ACTION, None))
            if combatant.effects:  # every Status Effect is an effect
                events.extend(self._status_at_start(state, combatant, dice))
        return events

    def _status_at_start(
        self, state: EncounterState, combatant: Combatant, dice: DiceSource
    ) -> Sequence[Event]:
        """Bleeding, Stunned, Frozen, then Burning and Poisoned, each hit landing on the
        Vitality the ones before it left."""
        names = set(map(_NAME, combatant.effects))
        if names.isdisjoint(_AT_TURN_START):
            return []
        who = combatant.id
        events: list[Event] = []
        if _BLEEDING in names and not is_object(combatant):
            loss = self.rules.bleeding_damage_per_turn
            events.append(PoolChanged(who, VITALITY, -loss, "Bleeding"))
        if _STUNNED in names:
            events += [PoolSet(who, AP, 0, reason="Stunned"), PoolSet(who, RP, 0, reason="Stunned")]
        if _FROZEN in names:
            events.append(PoolChanged(who, AP, -1, "Frozen"))
        if names.isdisjoint(_HURTING):
            return events
        hurting = [
            (expression, damage_type)
            for name, expression, damage_type in (
                (_BURNING, self.rules.burning_damage, DamageType.HEAT),
                (_POISONED, self.rules.poisoned_damage, DamageType.POISON),
            )
            if name in names
        ]
        tape = Tape(state)  # a hit lands on the Vitality the events before it left
        tape.write(events)
        for expression, damage_type in hurting:
            result = roll(expression, dice)
            hit = Hit((DamagePortion(damage_type, max(result.total, 0)),))
            tape.write([DamageRolled(who, who, result)])
            tape.write(wound(tape.state, who, hit, settings=self.rules))
        return tape.recorded()

    def at_turn_end(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        """SOURCES.md: Status Effects end on a successful Constitution DR (Mental: Will DR) at
        the end of the turn, against the DR Power stored on the effect."""
        events: list[Event] = []
        for actor in turn.actors:
            combatant = state.combatants[actor]
            for effect in combatant.effects:
                kind = _ENDING_ROLLS.get(effect.name)
                if kind is None:
                    continue
                power = effect.data.get("dr_power")
                if not isinstance(power, int):
                    continue
                sheet = sheet_of(combatant)
                bonus = dr_value_of(sheet, kind, settings=self.rules)
                result, natural = roll_d20(dice, RollMode.NORMAL, bonus)
                saved = defense_roll_succeeds(
                    natural=natural, dr_value=bonus, dr_power=power, is_object=sheet.is_object
                )
                events.append(
                    CheckRolled(
                        actor,
                        f"{kind.value} DR against {effect.name}",
                        result,
                        power,
                        "success" if saved else "failure",
                    )
                )
                if saved:
                    events.append(EffectEnded(actor, effect.id, reason="saved"))
        return events

    def takes_turn(self, state: EncounterState, combatant: Combatant) -> bool:
        """Objects never act; the dead and those below 1 Vitality are down."""
        return standing(combatant)

    def standing(self, combatant: Combatant) -> bool | None:
        """The fight is over when only one side has creatures standing (objects do not count)."""
        sheet = combatant.sheet
        if not isinstance(sheet, MomentumSheet):
            sheet = sheet_of(combatant)  # refuses it, naming the combatant
        if sheet.is_object:
            return None
        # ``is_up`` written out: asked of every combatant a step changed
        return combatant.marks.get(DEAD) is not True and combatant.pools[VITALITY].current >= 1

    damage_kinds = (LETHAL, NON_LETHAL)

    def harm(
        self,
        state: EncounterState,
        target: CombatantId,
        amount: int,
        kind: str | None,
        dice: DiceSource,
    ) -> Sequence[Event]:
        """Vitality lost, lethal unless ``kind`` says non-lethal ("you cannot kill them with
        it"); no Armor or DR meets it."""
        lethal = kind != NON_LETHAL
        return dealt(state, target, amount, lethal=lethal, settings=self.rules)

    def heal(
        self, state: EncounterState, target: CombatantId, amount: int, kind: str | None
    ) -> Sequence[Event]:
        """Vitality regained up to its maximum."""
        return healing(state, target, amount)

    def damage_pools(self, combatant: Combatant) -> tuple[str, ...]:
        """Damage is Vitality lost (Narrative Momentum never refills either, but is spent)."""
        return (VITALITY,)

    def damage_suffered(self, combatant: Combatant) -> int:
        """The Vitality lost (what the default makes of ``damage_pools``, read directly: the
        simulator asks it of everyone at every step)."""
        pool = combatant.pools.get(VITALITY)
        return 0 if pool is None else pool.maximum - pool.current

    def classify(self, events: Sequence[Event]) -> str | None:
        """An attack's outcome (``hit``, ``critical hit``, ``miss``, ``critical miss`` …; a miss
        redirected onto a screen counts as what it did there), or for an Ability with a Defense
        Roll whether the target ``resisted`` it; None for anything else. Events are matched by
        their very class (nothing subclasses these two): ``isinstance`` against an event class
        goes through ``ABCMeta``, for every event after the roll (the exact odds ask this of
        every leaf)."""
        for event in reversed(events):
            if type(event) is AttackRolled:
                return event.outcome.replace("_", " ")
            if type(event) is CheckRolled and " DR against " in event.check:
                return "resisted" if event.result == "success" else "not resisted"
        return None

    def may_hold(self, state: EncounterState, combatant: CombatantId) -> str | None:
        """Seed: "Any Participant can hold their turn and take it later in a round"; a turn is
        held before any AP of it is spent."""
        pool = state[combatant].pools[AP]
        if pool.current < pool.maximum:
            return "a turn can only be held before spending any AP"
        return None


_Place = tuple[bool, bool]
"""Whether an effect has a combatant act first, and whether one has it act last."""

_ANYWHERE: _Place = (False, False)

_Ordering = tuple[CombatantId, str | None, int | None, Sheet, Mapping[str, Scalar], _Place]
"""What ``Momentum.order`` reads of a combatant: its id, group, Initiative, sheet (an object
has no turn), marks (union, surprise, tie-break) and its place by effects."""


def _placing(combatant: Combatant) -> _Place:
    """Whether an effect named Acts First, and one named Acts Last (any case: ``has_effect``),
    is on the combatant: its effects' names read once for both."""
    names = {effect.name.lower() for effect in combatant.effects}
    return _ACTS_FIRST in names, _ACTS_LAST in names


_ACTS_FIRST, _ACTS_LAST = ACTS_FIRST.lower(), ACTS_LAST.lower()


def _rules(settings: MomentumSettings) -> dict[type[Action], Rule[Any]]:
    table = CombatAction
    return {
        actions.Attack: AttackRule(settings, table.ATTACK),
        actions.Defend: basic.DefendRule(settings, table.DEFEND),
        actions.Move: basic.MoveRule(settings, table.MOVE),
        actions.Sprint: basic.SprintRule(settings, table.SPRINT),
        actions.Walk: basic.WalkRule(settings),
        actions.InteractWithTarget: basic.InteractRule(settings, table.INTERACT_WITH_TARGET),
        actions.SwitchWeapons: basic.SwitchWeaponsRule(settings, table.SWITCH_WEAPONS),
        actions.TakeCover: basic.TakeCoverRule(settings, table.TAKING_COVER),
        actions.UseItem: basic.UseItemRule(settings, table.USE_ITEM),
        actions.Stabilize: basic.StabilizeRule(settings, table.STABILIZE),
        actions.SwitchPlaces: basic.SwitchPlacesRule(settings, table.SWITCH_PLACES),
        actions.Stand: basic.StandRule(),
        **advanced_rules(settings),
        Push: DisplacementRule(settings),
        Teleport: DisplacementRule(settings),
        Place: PlaceRule(),
        GoTo: GoToRule(basic.WalkRule(settings)),
    }


def _slots(state: EncounterState) -> list[tuple[CombatantId, ...]]:
    """Who shares a turn: a union, a group of identical NPCs, or one creature. Objects have
    no turn."""
    slots: dict[str, list[CombatantId]] = {}
    for combatant in state:
        if is_object(combatant):
            continue
        union = combatant.marks.get(UNION)
        key = f"union:{union}" if union else f"group:{combatant.group or combatant.id}"
        slots.setdefault(key, []).append(combatant.id)
    return [tuple(members) for members in slots.values()]


_BLEEDING, _STUNNED, _FROZEN, _BURNING, _POISONED = (
    status_name(status)
    for status in (
        StatusEffect.BLEEDING,
        StatusEffect.STUNNED,
        StatusEffect.FROZEN,
        StatusEffect.BURNING,
        StatusEffect.POISONED,
    )
)
_NAME = attrgetter("name")
_AT_TURN_START = frozenset((_BLEEDING, _STUNNED, _FROZEN, _BURNING, _POISONED))
_HURTING = frozenset((_BURNING, _POISONED))
"""The Status Effects that act at the start of their bearer's turn, and those of them that
hurt through the damage pipeline, by effect name."""

_ENDS_BY = {
    Ending.CONSTITUTION_DR_AT_END_OF_TURN: DefenseRoll.CONSTITUTION,
    Ending.WILL_DR_AT_END_OF_TURN: DefenseRoll.WILL,
}
_ENDING_ROLLS = {
    status_name(status): _ENDS_BY[info.ending]
    for status, info in CATALOGUE.items()
    if info.ending in _ENDS_BY
}
"""The DR that ends a Status Effect at the end of its bearer's turn, by effect name (worked out
once: asked of every effect at every turn's end)."""
