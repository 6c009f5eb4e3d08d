"""The dbu ruleset: the engine hooks of the DBU RPG's "Actions & Combat" chapter (seed 001).

Turn structure: Initiative is rolled once ("Typically, the Initiative Order will remain the same
round after round"); a group of indistinguishable NPCs rolls once and shares a turn; a surprise
round (before round 1) comes first when some are surprised; 3 Actions and 1 Counter Action a round;
Initiative Advantage adds Actions at the start of each turn (the Effect Phase).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fracas.dice import DiceSource, dice, roll
from fracas.engine import clock
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import (
    Event,
    InitiativeSet,
    MarkSet,
    Note,
    PoolChanged,
    reduce,
)
from fracas.engine.ruleset import Rule, Ruleset
from fracas.engine.state import Combatant, Effect, EncounterState, Moment, Pool, Reset, Sheet, Turn
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.attack import AttackRule, BlitzRule, CalledShotRule
from fracas.rules.dbu.bound import BOUND
from fracas.rules.dbu.conditions import BROKEN, IMPEDIMENT, POISONED, SLOWED, asleep, woken
from fracas.rules.dbu.descriptor import DESCRIPTOR
from fracas.rules.dbu.economy import (
    ACTIONS,
    CAPACITY,
    CONVERTED,
    COUNTER,
    KP,
    LP,
    ammunition_pool,
)
from fracas.rules.dbu.energy_rules import EmpowerRule, EnergyChargeRule, StopChargingRule
from fracas.rules.dbu.events import (
    DBU_EVENTS,
    InitiativeRolled,
    RollOff,
    StrikeRolled,
    ThresholdReached,
)
from fracas.rules.dbu.form_rules import TransformRule, TriggerRule
from fracas.rules.dbu.grapple_rules import (
    BreakFreeRule,
    GrappleRule,
    PinRule,
    ReleaseRule,
    RestrainRule,
    ThrowTargetRule,
)
from fracas.rules.dbu.holding_back import HoldBackRule, SenseRule, threshold_check
from fracas.rules.dbu.initiative import advantage_actions, initiative_modifier, order_key
from fracas.rules.dbu.movement import MoveRule
from fracas.rules.dbu.phase_names import AUTO
from fracas.rules.dbu.phases import END, Phases
from fracas.rules.dbu.play_order import InOrder
from fracas.rules.dbu.power_rules import PowerUpRule, SurgeRule, capacity_resets
from fracas.rules.dbu.queries import (
    GUARD_DOWN,
    PRONE,
    ROLL_OFF,
    SLEEPING,
    SURPRISE_ROUND,
    SURPRISED,
    answerer,
    base_tier_of,
    has_surprise,
    sheet_of,
    standing,
)
from fracas.rules.dbu.quick_rules import NoEffortRule, StandRule
from fracas.rules.dbu.reload import ReloadRule
from fracas.rules.dbu.response import RespondRule, responder, responses_over
from fracas.rules.dbu.rolls import Modifier, combat_roll
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.sheet import Sheet as DbuSheet
from fracas.rules.dbu.support_rules import CombatRecoveryRule, CommandRule
from fracas.rules.dbu.terrain import TerrainLiftRule, ThrowRule
from fracas.rules.dbu.thrust import ThrustRule
from fracas.rules.dbu.turn_rules import (
    ConvertRule,
    EffectOrderRule,
    PlaceRule,
    RegainRule,
    SimultaneousRule,
    SurpriseRule,
)
from fracas.rules.dbu.vocabulary import Attribute
from fracas.rules.dbu.wounds import dealt


class Dbu(Ruleset):
    descriptor = DESCRIPTOR
    settings_model = DbuSettings
    sheet_model = DbuSheet
    actions = a.ACTIONS
    events = DBU_EVENTS
    conditions = (PRONE, SLEEPING, GUARD_DOWN, POISONED, SLOWED, BROKEN, IMPEDIMENT)

    def __init__(self, settings: DbuSettings | None = None) -> None:
        super().__init__(settings)
        assert isinstance(self.settings, DbuSettings)
        self.rules: DbuSettings = self.settings
        self.phases = Phases(self.rules, self.initiative_advantage)
        self._rules: dict[type[Action], Rule[Any]] = {
            a.Attack: AttackRule(self.rules),
            a.Blitz: BlitzRule(self.rules),
            a.CalledShot: CalledShotRule(self.rules),
            a.CombatRecovery: CombatRecoveryRule(self.rules),
            a.Command: CommandRule(self.rules),
            a.Empower: EmpowerRule(self.rules),
            a.EnergyCharge: EnergyChargeRule(self.rules),
            a.StopCharging: StopChargingRule(self.rules),
            a.Grapple: GrappleRule(self.rules),
            a.Release: ReleaseRule(),
            a.BreakFree: BreakFreeRule(self.rules),
            a.Pin: PinRule(self.rules),
            a.Restrain: RestrainRule(self.rules),
            a.ThrowTarget: ThrowTargetRule(self.rules),
            a.HoldBack: HoldBackRule(),
            a.Sense: SenseRule(self.rules),
            a.Move: MoveRule(self.rules),
            a.PowerUp: PowerUpRule(self.rules),
            a.Surge: SurgeRule(self.rules),
            a.NoEffort: NoEffortRule(self.rules),
            a.Stand: StandRule(),
            a.Thrusting: ThrustRule(self.rules),
            a.Transform: TransformRule(),
            a.Trigger: TriggerRule(),
            a.Respond: RespondRule(),
            a.TerrainLift: TerrainLiftRule(self.rules),
            a.ThrowObject: ThrowRule(self.rules),
            a.Reload: ReloadRule(),
            a.Regain: RegainRule(self.rules),
            a.Convert: ConvertRule(),
            a.EffectOrder: EffectOrderRule(self.phases, self),
            a.Simultaneous: SimultaneousRule(),
            a.Place: PlaceRule(),
            a.Surprise: SurpriseRule(),
        }

    def rule(self, action: Action) -> Rule[Any] | None:
        """The action's rule, kept to the order of play (``play_order``)."""
        found = self._rules.get(type(action))
        return None if found is None else InOrder(found)

    def pools(self, sheet: Sheet) -> Mapping[str, Pool]:
        """3 Actions and 1 Counter Action a round, converted Counter Actions, Life, Ki, and the
        Ki the Capacity Rate still lets you spend this round."""
        assert isinstance(sheet, DbuSheet)
        settings = self.rules
        return {
            ACTIONS: Pool(settings.actions_per_round, settings.actions_per_round, Reset.ROUND),
            COUNTER: Pool(
                settings.counter_actions_per_round, settings.counter_actions_per_round, Reset.ROUND
            ),
            CONVERTED: Pool(0, settings.actions_per_round),
            LP: Pool(sheet.life_points, sheet.life_points),
            KP: Pool(sheet.ki_points, sheet.ki_points),
            CAPACITY: Pool(sheet.capacity_rate, sheet.capacity_rate, Reset.ROUND),
            **{ammunition_pool(w.name): Pool(w.ammunition, w.ammunition) for w in sheet.weapons},
        }

    # --- Initiative -----------------------------------------------------------------------

    def roll_initiative(
        self, state: EncounterState, combatants: Sequence[CombatantId], dice_: DiceSource
    ) -> Sequence[Event]:
        """'Roll a solid d10 and add 1/2 your Agility Modifier'; 'one roll for an entire group of
        indistinguishable NPC combatants'. A newcomer whose group has rolled takes its score."""
        tape = clock.Tape(state)
        for members in _groups(state, combatants):
            known = _group_initiative(state, members[0])
            if known is not None:
                tape.write(InitiativeSet(m, known, "group") for m in members)
                continue
            sheet = sheet_of(state[members[0]])
            modifier = Modifier("½ Agility Modifier", initiative_modifier(sheet))
            rolled = combat_roll(dice_, sheet.tier, (modifier,), settings=self.rules, solid=True)
            tape.write([InitiativeRolled(members, rolled)])
            tape.write(InitiativeSet(m, rolled.total, "rolled") for m in members)
        tape.write(self._roll_offs(tape.state, set(combatants), dice_))
        return tape.events

    def _roll_offs(
        self, state: EncounterState, new: set[CombatantId], dice_: DiceSource
    ) -> list[Event]:
        """'If both combatants tie again, both will roll a d10 and the highest result wins';
        a roll-off tied again is rolled again."""
        events: list[Event] = []
        tied = _ties(state, new)
        while tied:
            for slot in tied:
                result = roll(dice(1, 10), dice_)
                events.append(RollOff(slot, result))
                events += [MarkSet(m, ROLL_OFF, result.total) for m in slot]
            state = reduce(state, events)
            tied = _ties(state, {m for slot in tied for m in slot}, roll_off=True)
        return events

    def order(self, state: EncounterState) -> tuple[Turn, ...]:
        """Highest Initiative first; ties by the higher Agility Score, then the roll-off. In the
        surprise round only those not surprised act."""
        surprise = self.is_surprise_round(state)
        turns = []
        for slot in _slots(state):
            lead = state[slot[0]]
            if surprise and lead.marks.get(SURPRISED):
                continue
            key = order_key(
                lead.initiative or 0, sheet_of(lead).scores[Attribute.AGILITY], _roll_off(lead)
            )
            turns.append((key, Turn(slot, lead.initiative or 0)))
        return tuple(turn for _, turn in sorted(turns, key=lambda pair: pair[0]))

    def is_surprise_round(self, state: EncounterState) -> bool:
        """'battles begin with a surprise round. This takes place after Initiative, but before
        the first round', when some are surprised and some are not."""
        return state.clock.round == 0 and has_surprise(state)

    def at_round_start(self, state: EncounterState, dice_: DiceSource) -> Sequence[Event]:
        """Commanded Actions lapse with the round's Actions. The surprise round (the clock's
        first, ``is_surprise_round``) says here who cannot act in it."""
        events: list[Event] = [
            MarkSet(c.id, BOUND, None) for c in state if c.marks.get(BOUND) is not None
        ]
        events += capacity_resets(state, settings=self.rules)
        if state.clock.round == 0 and has_surprise(state):
            surprised = [c.name for c in state if c.marks.get(SURPRISED)]
            events.append(Note(f"{SURPRISE_ROUND}: {', '.join(surprised)} cannot act"))
        return events

    # --- the Effect and End Phases --------------------------------------------------------

    def at_turn_start(
        self, state: EncounterState, turn: Turn, dice_: DiceSource
    ) -> Sequence[Event]:
        """The Effect Phase of each actor (``phases``): Ongoing Damage, then what occurs at the
        start of the turn in the order the player picks (it may wait for the player)."""
        events: list[Event] = []
        for actor in turn.actors:
            events += self.phases.effect_phase(reduce(state, events), actor, dice_)
        return events

    def expire(
        self,
        state: EncounterState,
        combatant: CombatantId,
        moment: Moment,
        due: Sequence[tuple[CombatantId, Effect]],
    ) -> Sequence[Event]:
        """'Some effects and mechanics might automatically end at the start of your turn. You
        can decide the order in which they end': those of a turn's start end in its Effect
        Phase (``at_turn_start``); those of its end have ended in the End Phase already."""
        if moment is Moment.START:
            return []
        return super().expire(state, combatant, moment, due)

    def before_turn_end(self, state: EncounterState, dice_: DiceSource) -> Sequence[Event] | None:
        """``end`` while an Effect Phase waits takes its default order (the Act Phase follows);
        else the End Phase of each actor waits for its player's order when it asks, and the
        turn ends once it is given (``end`` again: the default order)."""
        acting = [who for who in state.acting() if who in state.combatants]
        waiting = {who: self.phases.waiting(state, who) for who in acting}
        if any(phase == END for phase in waiting.values()):
            return None
        events: list[Event] = []
        for who in acting:
            if waiting[who] is not None:
                events += self.phases.answer(reduce(state, events), who, (AUTO,), dice_)
        if events:
            return events
        asking = [who for who in acting if self.phases.asks(state, who, END)]
        for who in asking:
            events += self.phases.open_end_phase(reduce(state, events), who)
        return events or None

    def initiative_advantage(self, state: EncounterState, combatant: Combatant) -> int:
        enemies = [
            c
            for c in state.enemies(combatant.id)
            if standing(c) or self.rules.advantage_counts_defeated
        ]
        return advantage_actions(
            initiative=combatant.initiative or 0,
            tier=base_tier_of(combatant),
            enemy_initiatives=[c.initiative or 0 for c in enemies],
            enemy_tiers=[base_tier_of(c) for c in enemies],
            gap=self.rules.initiative_advantage_gap,
        )

    def follow_ups(
        self, state: EncounterState, events: Sequence[Event], dice_: DiceSource
    ) -> Sequence[Event]:
        """A Health Threshold reached makes the one Holding Back check Concealment; damage wakes
        the Sleeping; a response whose Actions are spent is over; 'your turn ends as soon as you
        run out of Actions' (its End Phase may wait first)."""
        tape = clock.Tape(state)
        for event in events:
            if isinstance(event, ThresholdReached) and event.combatant in state.combatants:
                tape.write(threshold_check(tape.state, event.combatant, dice_, settings=self.rules))
        tape.write(woken(tape.state, events, settings=self.rules))
        tape.write(responses_over(tape.state, turn_ended=False))
        if self._out_of_actions(tape.state, events):
            later = self.before_turn_end(tape.state, dice_)
            if later is None:
                clock.end_turn(tape, self, dice_)
            else:
                tape.write(later)
        return tape.events

    def at_turn_end(self, state: EncounterState, turn: Turn, dice_: DiceSource) -> Sequence[Event]:
        """A Triggered Maneuver's response still open when the turn ends is over; then the End
        Phase of each actor (``phases``: a phase still waiting takes the default order)."""
        tape = clock.Tape(state)
        tape.write(responses_over(state, turn_ended=True))
        for actor in turn.actors:
            if actor in tape.state.combatants:
                tape.write(self.phases.close(tape.state, actor, dice_))
        return tape.events

    def _out_of_actions(self, state: EncounterState, events: Sequence[Event]) -> bool:
        """Whether ``events`` spent the last Actions of everyone whose turn it is."""
        if not self.rules.end_turn_without_actions or state.ended:
            return False
        acting = state.acting()
        spent = any(
            isinstance(e, PoolChanged)
            and e.pool == ACTIONS
            and e.amount < 0
            and e.combatant in acting
            for e in events
        )
        return spent and not any(
            state.combatants[c].pools[ACTIONS].current > 0 and standing(state.combatants[c])
            for c in acting
        )

    def may_end_turn(self, state: EncounterState, actor: CombatantId | None) -> str | None:
        """'all other maneuvers are paused while the Out-of-Sequence Actions are completed':
        the turn goes on until the one responding finishes (``respond -done``)."""
        busy = responder(state)
        if busy is None:
            return None
        named, answers = answerer(busy)
        return (
            f"the turn waits while {named}'s Out-of-Sequence Action is completed"
            f" ({answers}: respond -done to finish it)"
        )

    def default_actor(self, state: EncounterState, action: type[Action]) -> CombatantId | None:
        """``phases`` the game master types is the order of the one whose phase waits;
        ``respond -done`` finishes the Out-of-Sequence Action being completed."""
        if action is a.EffectOrder:
            waiting = [c.id for c in state if self.phases.waiting(state, c.id) is not None]
            return waiting[0] if len(waiting) == 1 else None
        if action is a.Respond:
            busy = responder(state)
            return busy.id if busy is not None else None
        return None

    def candidates(self, state: EncounterState, actor: CombatantId) -> tuple[type[Action], ...]:
        """Every action but ``regain``: 'Instantaneous Control' is the Architect's ruling, refused
        to any combatant (``game-master-only``)."""
        return _COMBATANTS_ACTIONS

    def takes_turn(self, state: EncounterState, combatant: Combatant) -> bool:
        """The Defeated (0 Life Points or less) and the Sleeping (a reading) take no turns."""
        return standing(combatant) and not asleep(combatant)

    def standing(self, combatant: Combatant) -> bool:
        """'combat continues to another round until one side is overcome'."""
        return standing(combatant)

    def classify(self, events: Sequence[Event]) -> str | None:
        """An attack's outcome against its (last) target: ``miss`` when its Strike did not
        beat the Dodge (or Parry), else ``hit``, or ``critical hit`` when the Strike Roll was
        a Critical (its Critical Extra Dice rolled); None for anything else."""
        for event in reversed(events):
            if isinstance(event, StrikeRolled):
                if not event.hit:
                    return "miss"
                critical = event.strike is not None and event.strike.critical is not None
                return "critical hit" if critical else "hit"
        return None

    def harm(
        self,
        state: EncounterState,
        target: CombatantId,
        amount: int,
        kind: str | None,
        dice_: DiceSource,
    ) -> Sequence[Event]:
        """Life Points lost with no Wound Roll and no Soak; Health Thresholds and Defeat follow."""
        return dealt(state, target, amount, settings=self.rules)

    def damage_pools(self, combatant: Combatant) -> tuple[str, ...]:
        """Damage is Life lost; Ki, converted Counter Actions and ammunition are spent."""
        return (LP,)


def _groups(
    state: EncounterState, combatants: Sequence[CombatantId]
) -> list[tuple[CombatantId, ...]]:
    """``combatants`` by group: the members of one group of NPCs roll together."""
    groups: dict[str, list[CombatantId]] = {}
    for c in combatants:
        groups.setdefault(state[c].group or f"id:{c}", []).append(c)
    return [tuple(members) for members in groups.values()]


def _group_initiative(state: EncounterState, member: CombatantId) -> int | None:
    """The Initiative the rest of ``member``'s group already rolled, if any."""
    group = state[member].group
    if group is None:
        return None
    return next(
        (
            c.initiative
            for c in state
            if c.group == group and c.id != member and c.initiative is not None
        ),
        None,
    )


def _slots(state: EncounterState) -> list[tuple[CombatantId, ...]]:
    """Who shares a turn: a group of NPCs acts at the same time; everyone else alone."""
    slots: dict[str, list[CombatantId]] = {}
    for c in state:
        slots.setdefault(c.group or f"id:{c.id}", []).append(c.id)
    return [tuple(members) for members in slots.values()]


def _roll_off(combatant: Combatant) -> int:
    value = combatant.marks.get(ROLL_OFF)
    return value if isinstance(value, int) else 0


def _ties(
    state: EncounterState, new: set[CombatantId], *, roll_off: bool = False
) -> list[tuple[CombatantId, ...]]:
    """Slots tied on Initiative and Agility Score (and on the roll-off, when ``roll_off``)
    among which at least one holds a combatant of ``new``: every slot of such a tie."""
    by_key: dict[tuple[int, int, int], list[tuple[CombatantId, ...]]] = {}
    for slot in _slots(state):
        lead = state[slot[0]]
        if lead.initiative is None:
            continue
        key = (
            lead.initiative,
            sheet_of(lead).scores[Attribute.AGILITY],
            _roll_off(lead) if roll_off else 0,
        )
        by_key.setdefault(key, []).append(slot)
    return [
        slot
        for slots in by_key.values()
        if len(slots) > 1 and any(m in new for s in slots for m in s)
        for slot in slots
    ]


_COMBATANTS_ACTIONS = tuple(kind for kind in Dbu.actions if kind is not a.Regain)
"""The actions a combatant may be allowed (``Dbu.candidates``)."""
