"""The kaiser ruleset: the engine hooks of Kaiser's round around seed 000's chapter.

Turn structure (SOURCES.md 1.9): each round opens with the Intention phase, one turn everyone
shares, in which Intentions are declared and paid in AP; when it ends, everyone rolls
Initiative (2d6 + Initiative value, less the Attack Intention's weapon's Initiative Penalty)
and the Action phase follows, highest roll first, ties to the higher Initiative value. The End
phase runs when the round is over, before the next Intention phase: Critical pain fades. 6 AP a
round; unspent AP is lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import (
    EffectApplied,
    EffectChanged,
    EffectEnded,
    Event,
    InitiativeSet,
    MarkSet,
    OrderChanged,
    reduce,
)
from fracas.engine.ruleset import Rule, Ruleset
from fracas.engine.state import (
    Combatant,
    Effect,
    EncounterState,
    Pool,
    Reset,
    Sheet,
    Turn,
)
from fracas.rules.kaiser import actions, chakras, preparing
from fracas.rules.kaiser.attack import AttackRule
from fracas.rules.kaiser.checks import roll_skill_check
from fracas.rules.kaiser.damage import direct_account
from fracas.rules.kaiser.descriptor import DESCRIPTOR
from fracas.rules.kaiser.events import (
    KAISER_EVENTS,
    AttackResolved,
    CheckRolled,
    CriticalRolled,
)
from fracas.rules.kaiser.folded import written
from fracas.rules.kaiser.intentions import IntendRule, MoveRule, initiative_penalty
from fracas.rules.kaiser.life import CriticalSeverity
from fracas.rules.kaiser.lingering import end_phase
from fracas.rules.kaiser.maintaining import MaintainRule, lapses
from fracas.rules.kaiser.mass import (
    INNATE_MANA,
    Acted,
    held_at_round_end,
    returned_before_initiative,
)
from fracas.rules.kaiser.queries import (
    ACTED,
    AP,
    ATTACKS,
    COUNTER,
    COUNTER_BONUS,
    CRITICAL,
    DEFENCES,
    INTENTION_PHASE,
    INTENTIONS,
    KI,
    KI_BATTERY,
    KI_TRANSFERRED,
    LP,
    MAINTAINED,
    MANA,
    MANA_BATTERY,
    MANA_SPENT,
    MOVED,
    PREPARING,
    TRANSFERRED,
    able_to_act,
    is_dead,
    life_points_lost,
    sheet_of,
    standing,
)
from fracas.rules.kaiser.raising import RaiseRule
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Sheet as KaiserSheet
from fracas.rules.kaiser.states import BLIND, FULLY_RESTRAINED, SURPRISED
from fracas.rules.kaiser.transfer import TransferRule
from fracas.rules.kaiser.triggers import DropRule, TriggerRule
from fracas.rules.kaiser.use import UseRule
from fracas.rules.kaiser.vocabulary import DamageType
from fracas.rules.kaiser.wounds import healing, wound

UNTIL_TURN = "until_turn"
"""Effect data: the effect ends when its bearer's next turn of the Action phase starts."""

ROUND_MARKS = (
    ATTACKS,
    DEFENCES,
    INTENTIONS,
    MOVED,
    MANA_SPENT,
    ACTED,
    INNATE_MANA,
    MAINTAINED,
    TRANSFERRED,
    PREPARING,
    KI_TRANSFERRED,
    *chakras.ROUND_MARKS,
)
"""Marks that hold for one round and are cleared in the End phase."""

ROUND_ORDER = {key: place for place, key in enumerate(ROUND_MARKS)}
"""Each of ``ROUND_MARKS`` and its place: the End phase clears those a combatant has in it."""
_place = ROUND_ORDER.__getitem__


class Kaiser(Ruleset):
    descriptor = DESCRIPTOR
    settings_model = KaiserSettings
    sheet_model = KaiserSheet
    actions = actions.ACTIONS
    events = KAISER_EVENTS
    conditions = (FULLY_RESTRAINED, BLIND, SURPRISED)

    def __init__(self, settings: KaiserSettings | None = None) -> None:
        super().__init__(settings)
        assert isinstance(self.settings, KaiserSettings)
        self.rules: KaiserSettings = self.settings
        self._rules: dict[type[Action], Rule[Any]] = {
            actions.Intend: IntendRule(self.rules),
            actions.Attack: Acted(AttackRule(self.rules)),
            actions.Move: Acted(MoveRule(self.rules)),
            actions.Use: Acted(UseRule(self.rules)),
            actions.Raise: Acted(RaiseRule()),
            actions.Trigger: Acted(TriggerRule(self.rules)),
            actions.Drop: Acted(DropRule()),
            actions.Maintain: Acted(MaintainRule(self.rules)),
            actions.Transfer: Acted(TransferRule(self.rules)),
        }

    def rule(self, action: Action) -> Rule[Any] | None:
        return self._rules.get(type(action))

    def pools(self, sheet: Sheet) -> Mapping[str, Pool]:
        """6 AP a round, the Life Points, and Mana, Ki and the batteries where the sheet has
        them."""
        assert isinstance(sheet, KaiserSheet)
        ap = self.rules.ap_per_round
        pools = {
            AP: Pool(ap, ap, Reset.ROUND),
            LP: Pool(sheet.life_points, sheet.life_points),
        }
        for name, amount in (
            (MANA, sheet.mana),
            (KI, sheet.ki),
            (MANA_BATTERY, sheet.mana_battery),
            (KI_BATTERY, sheet.ki_battery),
        ):
            if amount:
                pools[name] = Pool(amount, amount)
        return pools

    def roll_initiative(
        self, state: EncounterState, combatants: Sequence[CombatantId], dice: DiceSource
    ) -> Sequence[Event]:
        """Nothing is rolled yet: Initiative is rolled when the Intention phase ends."""
        return ()

    def order(self, state: EncounterState) -> tuple[Turn, ...]:
        """A round opens with the Intention phase, everyone able to act sharing it (the down and
        the paralysed have no turn this round); the Action phase's turns are added when its
        Initiative is rolled."""
        everyone = tuple(c.id for c in state if able_to_act(c))
        return (Turn(everyone, 0, INTENTION_PHASE),) if everyone else ()

    def at_round_start(self, state: EncounterState, dice: DiceSource) -> Sequence[Event]:
        """The End phase of the round that is over: maintained powers their creators did not
        keep up end (and the upkeep due is paid), a mass of mana not cast is held (one cast
        from returns), the round's marks clear, Critical pain
        fades by 1 ("DoF <= 5: pain only, fades 1 per round"), countdowns tick and lingering
        effects whose countdown ran out get a new Resistance Check."""
        if not state.clock.started:
            return ()
        start = state
        events: list[Event] = [e for c in state for e in lapses(state, c, settings=self.rules)]
        state = reduce(state, events)
        for combatant in state:
            events += held_at_round_end(combatant)
            events += preparing.held_at_round_end(combatant, state.clock.round, settings=self.rules)
            events += chakras.held_at_round_end(combatant)
            cleared = ROUND_ORDER.keys() & combatant.marks.keys()
            events += [MarkSet(combatant.id, k, None) for k in sorted(cleared, key=_place)]
            if not is_dead(combatant):
                events += _pain_fades(combatant)
                events += end_phase(combatant, dice, settings=self.rules)
        return written(start, events)

    def _initiative_rolled(
        self, state: EncounterState, turn: Turn, dice: DiceSource
    ) -> Sequence[Event]:
        """The end of the Intention phase: a mass of mana not accumulated again returns (10
        mana lost), then everyone standing rolls Initiative and the Action phase's order is
        set."""
        events: list[Event] = []
        for combatant in state:
            events += returned_before_initiative(combatant, settings=self.rules)
            events += preparing.returned_before_initiative(combatant, settings=self.rules)
            events += chakras.returned_before_initiative(combatant)
        rolled: dict[CombatantId, int] = {}
        for actor in turn.actors:
            combatant = state[actor]
            if not standing(combatant):
                continue
            check = self._initiative(combatant, dice)
            events.append(check)
            events.append(InitiativeSet(actor, check.roll.total, "rolled"))
            rolled[actor] = check.roll.total
        order = (turn, *self._action_phase(state, rolled))
        events.append(OrderChanged(order, state.clock.index))
        return written(state, events + self._surprises(state, rolled))

    def _surprises(self, state: EncounterState, rolled: Mapping[CombatantId, int]) -> list[Event]:
        """Kaiser's Combat Rounds: "This occurs when your Initiative roll is 20 points greater
        than your opponents. In this case, your opponent gains the Surprised State when making
        any Opposed Skill Checks against you until they take their turn." """
        events: list[Event] = []
        if not rolled or max(rolled.values()) - min(rolled.values()) < self.rules.surprise_margin:
            return events  # no roll is the margin above another (most rounds)
        side = {who: state.combatants[who].side for who in rolled}
        for fast, fast_roll in rolled.items():
            for slow, slow_roll in rolled.items():
                if side[fast] == side[slow]:
                    continue
                if surprises(fast_roll, slow_roll, margin=self.rules.surprise_margin):
                    effect = Effect(SURPRISED, source=fast, data={UNTIL_TURN: True})
                    events.append(EffectApplied(slow, effect))
        return events

    def at_turn_end(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        """The end of the Intention phase rolls Initiative; the end of any turn closes the
        Counter windows its failed attacks opened."""
        if turn.label == INTENTION_PHASE:
            return self._initiative_rolled(state, turn, dice)
        return [
            MarkSet(c.id, key, None)
            for c in state
            for key in (COUNTER, COUNTER_BONUS)
            if c.marks.get(key) is not None
        ]

    def at_turn_start(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        """Surprise lasts "until they take their turn" (its own turn of the Action phase: the
        Intention phase, which everyone shares, is not it)."""
        if turn.label == INTENTION_PHASE:
            return ()
        return [
            EffectEnded(actor, effect.id, reason="took the turn")
            for actor in turn.actors
            for effect in state[actor].effects
            if effect.data.get(UNTIL_TURN)
        ]

    def _initiative(self, combatant: Combatant, dice: DiceSource) -> CheckRolled:
        parts: list[tuple[str, int]] = [("Initiative", sheet_of(combatant).initiative)]
        if penalty := initiative_penalty(combatant):
            parts.append(("weapon", -penalty))
        bonus = sum(v for _, v in parts)
        check = roll_skill_check(dice, bonus, open_ended=self.rules.initiative_open_rolls)
        return CheckRolled(combatant.id, "Initiative", check, tuple(parts))

    def _action_phase(
        self, state: EncounterState, rolled: Mapping[CombatantId, int]
    ) -> tuple[Turn, ...]:
        """Highest roll first; "In the case of a tie, the combatant with the highest Initiative
        Value ... acts first"; then the order they joined."""
        ranked = sorted(
            (-rolled[c.id], -sheet_of(c).initiative, joined, c.id)
            for joined, c in enumerate(state)
            if c.id in rolled
        )
        return tuple(Turn((actor,), -roll) for roll, _, _, actor in ranked)

    def takes_turn(self, state: EncounterState, combatant: Combatant) -> bool:
        """Those down, and those a power keeps from acting, are skipped."""
        return able_to_act(combatant)

    standing = staticmethod(standing)
    """The fight is over when only one side has creatures standing (``queries.standing``
    itself: asked of every combatant a step changed)."""

    damage_kinds = tuple(DamageType)
    """``damage -type`` names the Damage Type (Impact when not named): no defence meets it."""

    def harm(
        self,
        state: EncounterState,
        target: CombatantId,
        amount: int,
        kind: str | None,
        dice: DiceSource,
    ) -> Sequence[Event]:
        """Life Points lost as from a hit past every defence: a Critical is rolled when it
        removes half the current LP; unconsciousness and death follow."""
        account = direct_account(amount, DamageType(kind or DamageType.IMPACT))
        return wound(state, target, account, dice, settings=self.rules)

    def heal(
        self, state: EncounterState, target: CombatantId, amount: int, kind: str | None
    ) -> Sequence[Event]:
        """Life Points regained up to the maximum."""
        return healing(state, target, amount)

    def damage_pools(self, combatant: Combatant) -> tuple[str, ...]:
        """Damage is Life Points lost (Mana and Ki never refill either, but are spent)."""
        return (LP,)

    damage_suffered = staticmethod(life_points_lost)
    """The Life Points lost (``damage_pools``), read directly (``queries.life_points_lost``
    itself: asked of every combatant a step changed)."""

    def classify(self, events: Sequence[Event]) -> str | None:
        """An attack's outcome against its (last) target: ``hit``, ``miss`` or ``tie``, and
        ``critical`` when the hit made a Critical; None for anything else."""
        for event in reversed(events):
            if isinstance(event, AttackResolved):
                critical = event.outcome == "hit" and any(
                    isinstance(e, CriticalRolled) for e in events
                )
                return "critical" if critical else event.outcome
        return None

    def held_order(
        self, state: EncounterState, holders: tuple[CombatantId, ...]
    ) -> tuple[CombatantId, ...]:
        """Kaiser's Combat Rounds: "If you and another combatant are both delaying and all
        other combatants have taken their full turn, the combatant with the lowest Initiative
        must take the rest of their turn before the one with the higher Initiative." """
        return tuple(sorted(holders, key=lambda c: state[c].initiative or 0))

    def may_hold(self, state: EncounterState, combatant: CombatantId) -> str | None:
        """ "If you have unused Active Actions, you can choose to delay your turn" (Action
        phase only)."""
        turn = state.clock.turn
        if turn is not None and turn.label == INTENTION_PHASE:
            return "the Intention phase is shared by everyone and cannot be delayed"
        return None


def surprises(roll: int, opponent: int, *, margin: int) -> bool:
    """An Initiative roll 20 (the setting) or more above the opponent's."""
    return roll - opponent >= margin


def _pain_fades(combatant: Combatant) -> list[Event]:
    events: list[Event] = []
    for effect in combatant.effects:
        if effect.name != CRITICAL or effect.data.get("severity") != CriticalSeverity.PAIN:
            continue
        penalty = int(effect.data.get("penalty") or 0) - 1
        if penalty <= 0:
            events.append(EffectEnded(combatant.id, effect.id, reason="the pain faded"))
        else:
            data = {**effect.data, "penalty": penalty}
            events.append(EffectChanged(combatant.id, replace(effect, data=data)))
    return events
