"""The lurasko ruleset: the engine hooks of Legends of Lur-Asko's "Back in Combat" (seed 004).

Turn structure (SOURCES.md 5, combat1.html's opening; the rest are settings): 5-second rounds;
in each combatant's turn a movement phase, then an action phase with ``actions_per_turn``
actions; initiative rolled once when combat starts, highest first. The fight is over when one
side is left standing (the dead: Core degrees at 2 x bCON).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import zip_longest
from typing import Any

from fracas.dice import DiceSource, roll
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import Event, InitiativeSet, MarkSet
from fracas.engine.ruleset import Rule, Ruleset, Track
from fracas.engine.state import Combatant, EncounterState, Pool, Reset, Sheet, Turn
from fracas.rules.lurasko import actions, healing
from fracas.rules.lurasko.attack_rule import AttackRule
from fracas.rules.lurasko.charging import ChargeRule
from fracas.rules.lurasko.descriptor import DESCRIPTOR
from fracas.rules.lurasko.devices import AnswerRule, DropRule
from fracas.rules.lurasko.events import LURASKO_EVENTS, DefenseRolled, ShieldingUsed
from fracas.rules.lurasko.healing import INJURY_WORDS
from fracas.rules.lurasko.lifting import LiftRule, SilenceRule
from fracas.rules.lurasko.movement import MoveRule
from fracas.rules.lurasko.provoking import ProvokeRule
from fracas.rules.lurasko.queries import (
    ACTED,
    ACTIONS,
    COVER,
    DAMAGE,
    DEAD,
    DEAFENED,
    IGNITED,
    INCAPACITATED,
    KNOCKED_DOWN,
    MENTAL_ONLY,
    STUNNED,
    YIELDS,
    damage_of,
    degrees_of,
    factor_of,
)
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Sheet as LuraskoSheet
from fracas.rules.lurasko.traits import traits_of
from fracas.rules.lurasko.turns import cannot_act
from fracas.rules.lurasko.upkeep import aura_light, faded, unmaintained
from fracas.rules.lurasko.vocabulary import InjuryType
from fracas.rules.lurasko.wounds import extinguished


class Lurasko(Ruleset):
    descriptor = DESCRIPTOR
    settings_model = LuraskoSettings
    sheet_model = LuraskoSheet
    actions = actions.ACTIONS
    events = LURASKO_EVENTS
    conditions = (STUNNED, KNOCKED_DOWN, DEAFENED, IGNITED, *INCAPACITATED, MENTAL_ONLY, COVER)

    def __init__(self, settings: LuraskoSettings | None = None) -> None:
        super().__init__(settings)
        assert isinstance(self.settings, LuraskoSettings)
        self.rules: LuraskoSettings = self.settings
        self._rules: dict[type[Action], Rule[Any]] = {
            actions.Attack: AttackRule(self.rules),
            actions.Move: MoveRule(),
            actions.Charge: ChargeRule(self.rules),
            actions.Lift: LiftRule(self.rules),
            actions.Silence: SilenceRule(),
            actions.Provoke: ProvokeRule(self.rules),
            actions.Drop: DropRule(),
            actions.Answer: AnswerRule(),
        }
        self._quiet: tuple[Combatant, ...] = ()
        """The combatants ``follow_ups`` last found with nothing to do, in their order."""

    def rule(self, action: Action) -> Rule[Any] | None:
        return self._rules.get(type(action))

    def pools(self, sheet: Sheet) -> Mapping[str, Pool]:
        """Actions a turn; each shielding and pseudogravity pool with the points its sources
        start with (a pool shared by several sources starts with the most any of them lists);
        each aura's store; each resource."""
        assert isinstance(sheet, LuraskoSheet)
        per_turn = self.rules.actions_per_turn
        pools = {ACTIONS: Pool(per_turn, per_turn, Reset.TURN)}
        for source in (*sheet.shields, *sheet.pseudogravity):
            have = pools.get(source.pool_name, Pool(0, 0))
            points = max(source.points, have.current)
            top = max(points, have.maximum, source.capacity or 0)
            pools[source.pool_name] = Pool(points, top)
        for aura in sheet.auras:
            pools[aura.name] = Pool(aura.stored, aura.stored)
        for resource, amount in sheet.resources.items():
            pools[resource] = Pool(amount, amount)
        return pools

    def roll_initiative(
        self, state: EncounterState, combatants: Sequence[CombatantId], dice: DiceSource
    ) -> Sequence[Event]:
        """The setting's roll plus the sheet's initiative bonus."""
        events: list[Event] = []
        for c in combatants:
            bonus = _sheet(state[c]).initiative
            expression = self.rules.initiative_dice
            result = roll(expression + bonus if bonus else expression, dice)
            events.append(InitiativeSet(c, result.total, result.render()))
        return events

    def order(self, state: EncounterState) -> tuple[Turn, ...]:
        """Highest initiative first; ties in the order combatants joined."""
        joined = {c: n for n, c in enumerate(state.combatants)}
        turns = [Turn((c.id,), c.initiative or 0) for c in state]
        return tuple(sorted(turns, key=lambda t: (-t.initiative, joined[t.actors[0]])))

    def at_turn_start(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        """A new turn opens with its movement phase, where a choice not to resist pseudogravity
        with a flying SPD may be reversed."""
        events: list[Event] = []
        for actor in turn.actors:
            marks = state.combatants[actor].marks
            if marks.get(ACTED):
                events.append(MarkSet(actor, ACTED, None))
            if marks.get(YIELDS):
                events.append(MarkSet(actor, YIELDS, None))
        return events

    def follow_ups(
        self, state: EncounterState, events: Sequence[Event], dice: DiceSource
    ) -> Sequence[Event]:
        """An ignited character given high-precision shielding is extinguished at once; energy
        stored in an aura makes its holder a moderate light (Low Stealth), and only while it
        lasts.

        Both read the combatant alone, so after every step it asks again only of those that
        are not the very objects it last found everyone quiet with, side by side in the
        combatants' order (states are immutable, and an event leaves those it does not change
        as they were)."""
        answers: list[Event] = []
        combatants = tuple(state.combatants.values())
        for c, quiet in zip_longest(combatants, self._quiet):
            # only one with an effect (ignited, or lit) or an aura can answer either
            if c is not quiet and c is not None and (c.effects or _sheet(c).auras):
                answers += extinguished(state, c.id)
                answers += aura_light(state, c.id)
        if not answers:
            self._quiet = combatants
        return answers

    def at_turn_end(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        """Maintaining auras is a free action on one's turn: those who cannot act let them
        expire at the end of their turn; unused points of sources that fade are gone."""
        events: list[Event] = []
        for actor in turn.actors:
            if traits_of(_sheet(state.combatants[actor])).upkeep:  # most have nothing to keep
                events += unmaintained(state, actor)
                events += faded(state, actor)
        return events

    def takes_turn(self, state: EncounterState, combatant: Combatant) -> bool:
        """The dead take no turns; neither do the stunned, incapacitated, paralyzed or pinned
        (reading chosen here: a stun lasts "until the end of the attacker's next turn" and
        leaves no action)."""
        # standing(combatant), inlined: asked of everyone at every turn
        return not combatant.marks.get(DEAD) and (
            not combatant.effects or cannot_act(combatant) is None
        )

    def standing(self, combatant: Combatant) -> bool:
        """The fight is over when only one side has anyone alive and able to fight."""
        return not combatant.marks.get(DEAD)  # queries.standing, inlined: asked after every step

    def classify(self, events: Sequence[Event]) -> str | None:
        """An attack's outcome against its (last) target: its defense roll's ``dodged``,
        ``hit`` or ``critical``, or ``stopped by shielding`` when low- or medium-precision
        shielding took it all before the roll; None for anything else."""
        for event in reversed(events):
            if isinstance(event, DefenseRolled):
                return event.outcome
            if isinstance(event, ShieldingUsed) and event.stopped:
                return "stopped by shielding"
        return None

    damage_kinds = INJURY_WORDS
    heal_kinds = INJURY_WORDS

    def harm(
        self,
        state: EncounterState,
        target: CombatantId,
        amount: int,
        kind: str | None,
        dice: DiceSource,
    ) -> Sequence[Event]:
        """Damage added to the running total; its degrees of injury are of the type ``kind``
        names (``healing``)."""
        return healing.dealt(state, target, amount, kind, settings=self.rules)

    def heal(
        self, state: EncounterState, target: CombatantId, amount: int, kind: str | None
    ) -> Sequence[Event]:
        """The running total lowered; the degrees it falls back below removed (``healing``)."""
        return healing.healing(state, target, amount, kind, settings=self.rules)

    def damage_pools(self, combatant: Combatant) -> tuple[str, ...]:
        """None: shielding, pseudogravity, aura stores and resources are spent, not wounded."""
        return ()

    def damage_suffered(self, combatant: Combatant) -> int:
        """The running damage total the degrees of injury are counted from."""
        damage = combatant.marks.get(DAMAGE)  # damage_of, inlined: asked after every step
        return damage if isinstance(damage, int) else 0

    def tracks(self, combatant: Combatant) -> tuple[Track, ...]:
        """The running damage total with the injury factor it is counted in, then the degrees
        of injury of each type that has any (injury.html: a degree each time the running total
        passes a multiple of the injury factor, of the hit's injury type)."""
        factor = factor_of(combatant, self.rules)
        degrees = ((injury, degrees_of(combatant, injury)) for injury in InjuryType)
        return (
            Track("Damage", damage_of(combatant), note=f"a degree of injury every {factor}"),
            *(
                Track(injury.value.replace("_", "/").capitalize(), count, note="degrees of injury")
                for injury, count in degrees
                if count
            ),
        )


def _sheet(combatant: Combatant) -> LuraskoSheet:
    sheet = combatant.sheet
    assert isinstance(sheet, LuraskoSheet)
    return sheet
