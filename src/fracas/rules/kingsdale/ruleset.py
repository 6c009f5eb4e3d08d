"""The kingsdale ruleset: the engine hooks of Chronicles of Kingsdale's "Combat Rules".

Turn structure: a round of the engine is a melee round of three poses; the order holds one turn
per combatant per pose, highest initiative first within each pose (its ``label`` names the
pose). Each combatant's Actions pool is filled as a pose begins with its share of its attacks
(the chapter's table); strikes, dodges and other standard actions spend it, off-turn too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import Event
from fracas.engine.memo import per_sheet
from fracas.engine.ruleset import Rule, Ruleset
from fracas.engine.state import Combatant, EncounterState, Pool, Reset, Sheet, Turn
from fracas.rules.kingsdale import actions, queries, quick
from fracas.rules.kingsdale.ambush import AmbushRule
from fracas.rules.kingsdale.checks import PerceptionRule, SkillRollRule
from fracas.rules.kingsdale.combat import StrikeRule
from fracas.rules.kingsdale.defence import DefenceRule
from fracas.rules.kingsdale.descriptor import DESCRIPTOR
from fracas.rules.kingsdale.events import KINGSDALE_EVENTS, DefenceRolled, StrikeRolled
from fracas.rules.kingsdale.horror import HorrorFactorRule
from fracas.rules.kingsdale.initiative import (
    PoseKeeper,
    RollInitiativeRule,
    initiative_events,
    pose_order,
)
from fracas.rules.kingsdale.magic import CastRule, PsionicsRule
from fracas.rules.kingsdale.manoeuvres import DrawRule, MoveRule, ReloadRule
from fracas.rules.kingsdale.queries import (
    ACTIONS,
    HP,
    ISP,
    MDC,
    PPE,
    SDC,
    STRIKE,
    sheet_of,
    standing,
    wounded_pools,
)
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import Sheet as KingsdaleSheet
from fracas.rules.kingsdale.sheet import payload_pool
from fracas.rules.kingsdale.spray import SprayRule
from fracas.rules.kingsdale.stray import StrayRule


class Kingsdale(Ruleset):
    descriptor = DESCRIPTOR
    settings_model = KingsdaleSettings
    sheet_model = KingsdaleSheet
    actions = actions.ACTIONS
    events = KINGSDALE_EVENTS

    def __init__(self, settings: KingsdaleSettings | None = None) -> None:
        super().__init__(settings)
        assert isinstance(self.settings, KingsdaleSettings)
        self.rules: KingsdaleSettings = self.settings
        self._rules = _rules(self.rules)
        self._poses = PoseKeeper(self.rules.few_attacks_from_last_pose)
        self._suffered: dict[int, tuple[Combatant, int]] = {}

    def rule(self, action: Action) -> Rule[Any] | None:
        return self._rules.get(type(action))

    def pools(self, sheet: Sheet) -> Mapping[str, Pool]:
        """Actions (filled each pose), H.P., S.D.C., an M.D.C. being's M.D.C., PPE and ISP,
        each armour layer's M.D.C. and each weapon's payload."""
        assert isinstance(sheet, KingsdaleSheet)
        pools = {ACTIONS: Pool(0, 0), HP: Pool(sheet.hp, sheet.hp), SDC: Pool(sheet.sdc, sheet.sdc)}
        if sheet.mdc_being:
            pools[MDC] = Pool(sheet.mdc, sheet.mdc)
        if sheet.ppe:
            pools[PPE] = Pool(sheet.ppe, sheet.ppe)
        if sheet.isp:
            pools[ISP] = Pool(sheet.isp, sheet.isp)
        for layer in sheet.armor:
            pools[layer.name] = Pool(layer.mdc, layer.mdc)
        for weapon in sheet.weapons:
            if weapon.payload is not None:
                pools[payload_pool(weapon)] = Pool(weapon.payload, weapon.payload, Reset.NEVER)
        return pools

    def roll_initiative(
        self, state: EncounterState, combatants: Sequence[CombatantId], dice: DiceSource
    ) -> Sequence[Event]:
        """``start`` rolls for anyone who has not rolled ``+init`` already."""
        events: list[Event] = []
        for who in combatants:
            if state[who].initiative is None:
                events += initiative_events(state, who, dice)
        return events

    def order(self, state: EncounterState) -> tuple[Turn, ...]:
        return pose_order(state, self.rules.initiative_ties_by_bonus)

    def at_turn_start(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        return self._poses.events(state, turn)

    def takes_turn(self, state: EncounterState, combatant: Combatant) -> bool:
        return standing(combatant)

    def candidates(self, state: EncounterState, actor: CombatantId) -> tuple[type[Action], ...]:
        """Every action but an auto-dodge or auto-parry the actor's sheet does not have (the
        defence's rule refuses it, ``no-auto-dodge`` / ``no-auto-parry``)."""
        return _candidates(state.combatants[actor])

    standing = staticmethod(queries.standing)
    """The fight is over when only one side has anyone standing (``queries.standing`` itself,
    with no call of its own: the engine asks it of everyone a step changed)."""

    def may_hold(self, state: EncounterState, combatant: CombatantId) -> str | None:
        return "poses go by initiative; nobody holds a pose (Kingsdale)"

    damage_kinds = quick.DAMAGE_KINDS
    heal_kinds = quick.HEAL_KINDS

    def harm(
        self,
        state: EncounterState,
        target: CombatantId,
        amount: int,
        kind: str | None,
        dice: DiceSource,
    ) -> Sequence[Event]:
        """S.D.C. to S.D.C. then H.P., or M.D. through the armour layers (``quick``)."""
        return quick.dealt(state, target, amount, kind, settings=self.rules)

    def heal(
        self, state: EncounterState, target: CombatantId, amount: int, kind: str | None
    ) -> Sequence[Event]:
        """H.P. then S.D.C. (or the pool ``kind`` names), up to their maxima."""
        return quick.healing(state, target, amount, kind)

    def damage_pools(self, combatant: Combatant) -> tuple[str, ...]:
        """What damage takes: H.P., S.D.C., an M.D.C. being's M.D.C. and the armour layers (not
        PPE, ISP or a weapon's payload, which are spent)."""
        pools = combatant.pools  # lists, not generators: the simulator asks this at every step
        names = [p for p in (HP, SDC, MDC) if p in pools]
        names += [layer.name for layer in sheet_of(combatant).armor]
        return tuple(names)

    def damage_suffered(self, combatant: Combatant) -> int:
        """What its ``damage_pools`` have lost, summed without building them and kept for the
        last few combatants asked (by identity, each kept alongside its answer: a combatant
        never changes). The simulator asks this of every combatant a step changed, before and
        after (so most are asked twice), and the tactics of every standing enemy."""
        known = self._suffered.get(id(combatant))
        if known is not None:
            return known[1]
        pools = combatant.pools
        suffered = 0
        for name in wounded_pools(combatant):
            pool = pools.get(name)
            if pool is not None:
                suffered += pool.maximum - pool.current
        if len(self._suffered) >= SUFFERED_KEPT:
            self._suffered.clear()
        self._suffered[id(combatant)] = (combatant, suffered)
        return suffered

    def classify(self, events: Sequence[Event]) -> str | None:
        """A strike's outcome against its (last) defender: how a successful defence met it
        (``parried``, ``dodged``, ``auto-parried``, ``auto-dodged``), else the strike's own
        ``hit`` (``critical hit`` on a natural 20 that doubles the damage), ``spread``,
        ``miss`` or ``fumble``; None for anything else."""
        defence: DefenceRolled | None = None
        for event in reversed(events):
            if isinstance(event, DefenceRolled) and defence is None:
                defence = event
            if isinstance(event, StrikeRolled):
                if defence is not None and defence.success:
                    return DEFENDED.get(defence.defence, defence.defence)
                critical = self.rules.natural_20_critical and event.roll.kept_faces(20) == (20,)
                return "critical hit" if event.outcome == "hit" and critical else event.outcome
        return None

    def default_actor(self, state: EncounterState, action: type[Action]) -> CombatantId | None:
        """A defence the game master types (``dodge``) is the one defender a strike waits on."""
        if not issubclass(action, actions.Defence):
            return None
        waiting = [c.id for c in state if any(e.name == STRIKE for e in c.effects)]
        return waiting[0] if len(waiting) == 1 else None


SUFFERED_KEPT = 64
"""Combatants whose damage ``Kingsdale.damage_suffered`` keeps at most (a few steps' worth)."""


@per_sheet
def _candidates(sheet: KingsdaleSheet) -> tuple[type[Action], ...]:
    """Every action but an auto-dodge or auto-parry ``sheet`` does not have (asked with the
    combatant)."""
    if sheet.auto_dodge is not None and sheet.auto_parry:
        return actions.ACTIONS
    lacking: dict[type[Action], bool] = {
        actions.AutoDodge: sheet.auto_dodge is None,
        actions.AutoParry: not sheet.auto_parry,
    }
    return tuple([kind for kind in actions.ACTIONS if not lacking.get(kind, False)])


DEFENDED = {
    "parry": "parried",
    "dodge": "dodged",
    "auto-parry": "auto-parried",
    "auto-dodge": "auto-dodged",
}
"""A successful defence's outcome, by the defence's name."""


def _rules(settings: KingsdaleSettings) -> dict[type[Action], Rule[Any]]:
    return {
        actions.RollInitiative: RollInitiativeRule(),
        actions.Strike: StrikeRule(settings),
        actions.Parry: DefenceRule(settings, "parry"),
        actions.Dodge: DefenceRule(settings, "dodge"),
        actions.AutoDodge: DefenceRule(settings, "auto-dodge"),
        actions.AutoParry: DefenceRule(settings, "auto-parry"),
        actions.NoDefence: DefenceRule(settings, "no defence"),
        actions.HorrorFactor: HorrorFactorRule(),
        actions.Cast: CastRule(),
        actions.Psionics: PsionicsRule(),
        actions.Move: MoveRule(settings),
        actions.Draw: DrawRule(),
        actions.Reload: ReloadRule(),
        actions.Perception: PerceptionRule(),
        actions.SkillRoll: SkillRollRule(settings),
        actions.Ambush: AmbushRule(settings),
        actions.Spray: SprayRule(settings),
        actions.Stray: StrayRule(settings),
    }
