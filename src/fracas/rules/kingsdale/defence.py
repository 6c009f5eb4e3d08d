"""Answering a strike: parry, dodge, auto-dodge, auto-parry or no defence, given off-turn.

"Defence by parry or dodge, the defender meeting or beating the strike". A dodge uses one
action of the current pose ("dodge used one action, parry did not"), or one of the next pose's
when this pose's are spent (the setting ``dodge_borrows_next_pose``; the demo's Player 1 "poses
his dodge and remaining attack" in Pose Two), as long as the next pose has one left to lend:
"strikes and counter-strikes can only be made if the PC still has available melee actions. If
not, only parries are possible" (Paired Weapons); a parry none for a hand-to-hand fighter;
auto-actions none. A mage who defends loses the spell being cast.

A dodge pays its action itself, in ``resolve``, rather than through ``cost``: the engine pays a
cost before ``resolve`` runs, which could then no longer tell a dodge that spent the pose's
last action from one that found none left, and borrowed for both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from fracas.dice import DiceSource, roll
from fracas.engine.action import CombatantId
from fracas.engine.clock import Tape
from fracas.engine.events import EffectEnded, Event, MarkSet, Note, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, Effect, EncounterState
from fracas.rules.kingsdale.actions import AutoDodge, AutoParry, Dodge, NoDefence, Parry, Strike
from fracas.rules.kingsdale.combat import check_strike, d20_plus, hit_events, strike_events
from fracas.rules.kingsdale.events import DefenceRolled, SpellWorked
from fracas.rules.kingsdale.initiative import next_pose_share
from fracas.rules.kingsdale.paired import (
    COUNTERED,
    PARRIED,
    paired_parry_refusal,
    parried_ids,
)
from fracas.rules.kingsdale.queries import (
    ACTIONS,
    CASTING,
    CHANNELLED,
    HORROR_STRUCK,
    ISP,
    OWED,
    STRIKE,
    acting,
    require_standing,
    sheet_of,
    standing,
)
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import Sheet, WeaponKind
from fracas.rules.kingsdale.strike import defended

Answer = Parry | Dodge | AutoDodge | AutoParry | NoDefence
MELEE = WeaponKind.MELEE.value
"""A strike's ``kind`` in its data when a melee weapon made it."""
Kind = Literal["parry", "dodge", "auto-dodge", "auto-parry", "no defence"]


def pending(state: EncounterState, action: Answer) -> Effect:
    """The strike ``action`` answers: the one from ``-from``, else the oldest."""
    defender = acting(action)
    waiting = [e for e in state.combatants[defender].effects if e.name == STRIKE]
    if action.attacker is not None:
        waiting = [e for e in waiting if e.data.get("attacker") == action.attacker]
    if not waiting:
        whose = f" from {state[action.attacker].name}" if action.attacker is not None else ""
        raise IllegalAction(
            "no-strike", f"{action.verb}: there is no strike{whose} on {state[defender].name}"
        )
    return waiting[0]


@frozen
class DefenceRule:
    """One rule for every answer; ``kind`` says which."""

    settings: KingsdaleSettings
    kind: Kind

    def cost(self, state: EncounterState, action: Answer) -> Cost:
        counter = 1 if isinstance(action, Parry) and action.counter else 0
        if self.kind == "parry" and not sheet_of(state.combatants[acting(action)]).hand_to_hand:
            counter += self.settings.untrained_parry_actions
        return {ACTIONS: counter} if counter else {}

    def _dodge_action(self, defender: Combatant, verb: str) -> list[Event]:
        """The dodge's one action: this pose's while one is left, else one of the next pose's,
        owed when that pose begins (``verify`` has refused the dodge if that is not allowed)."""
        if defender.pools[ACTIONS].current > 0:
            return [PoolChanged(defender.id, ACTIONS, -1, verb)]
        owed = int(defender.marks.get(OWED) or 0) + 1
        return [
            MarkSet(defender.id, OWED, owed),
            Note("dodges with an action of the next pose", defender.id),
        ]

    def verify(self, state: EncounterState, action: Answer) -> None:
        defender = acting(action)
        verb = action.verb
        require_standing(state, defender, verb)
        strike = pending(state, action)
        if self.kind == "no defence":
            return
        me = state.combatants[defender]
        sheet = sheet_of(me)
        if me.effects and me.has(HORROR_STRUCK):
            raise IllegalAction(
                "horror-struck", f"{verb}: a failed Horror Factor takes the parry or dodge"
            )
        parrying = self.kind in ("parry", "auto-parry")
        melee = strike.data.get("kind") == MELEE
        if parrying and not melee and not self.settings.parry_shots:
            raise IllegalAction("cannot-parry", f"{verb}: shots and missiles cannot be parried")
        if self.kind == "auto-dodge" and sheet.auto_dodge is None:
            raise IllegalAction("no-auto-dodge", f"{verb}: {me.name} has no auto-dodge")
        if self.kind == "auto-parry" and not sheet.auto_parry:
            raise IllegalAction("no-auto-parry", f"{verb}: {me.name} has no auto-parry")
        if isinstance(action, Parry) and action.counter:
            check_counter(state, action, strike, self.settings)
        if parrying and (sheet.paired_weapons or sheet.paired_firearms):
            counter = isinstance(action, Parry) and action.counter
            why = paired_parry_refusal(
                parried_ids(me.marks.get(PARRIED)),
                bool(me.marks.get(COUNTERED)),
                str(strike.data["attacker"]),
                counter,
            )
            if why is not None:
                raise IllegalAction("paired-parry", f"{verb}: {why}")
        if isinstance(action, Parry) and action.psi is not None:
            if action.isp < 0 or me.pools.get(ISP) is None:
                raise IllegalAction("no-isp", f"{verb}: {me.name} has no ISP")
            if me.pools[ISP].current < action.isp:
                raise IllegalAction("not-enough-isp", f"{verb}: not enough ISP for {action.psi}")
        if self.kind == "dodge" and me.pools[ACTIONS].current <= 0:
            self._check_borrowing(state, defender, verb)

    def _check_borrowing(self, state: EncounterState, defender: CombatantId, verb: str) -> None:
        """A dodge with no action left this pose borrows one of the next pose's, if allowed
        and the next pose has one it has not lent already."""
        name = state[defender].name
        if not self.settings.dodge_borrows_next_pose:
            raise IllegalAction(
                "not-enough-actions",
                f"{verb}: a dodge uses one action; {name} has none left this pose",
            )
        lent = int(state[defender].marks.get(OWED) or 0)
        share = next_pose_share(state, defender, self.settings.few_attacks_from_last_pose)
        if lent >= share:
            raise IllegalAction(
                "not-enough-actions",
                f"{verb}: a dodge uses one action; {name} has none left this pose, nor one of"
                f" the next pose's {share} left to borrow",
            )

    def resolve(self, state: EncounterState, action: Answer, source: DiceSource) -> Sequence[Event]:
        defender = acting(action)
        me = state.combatants[defender]
        strike = pending(state, action)
        attacker = str(strike.data["attacker"])
        total = int(strike.data["total"] or 0)
        events = self._dodge_action(me, action.verb) if self.kind == "dodge" else []
        events.append(EffectEnded(defender, strike.id, reason="answered"))
        if self.kind != "no defence":
            events += _interrupt(me)
        events += _paired_marks(me, action, self.kind, attacker)
        roll_result, success = None, False
        if self.kind != "no defence":
            roll_result = roll(d20_plus(self._bonus(sheet_of(me), strike)), source)
            success = _beats(
                roll_result.total, roll_result.kept_faces(20)[0], strike, self.settings
            )
        events.append(
            DefenceRolled(defender, attacker, self.kind, roll_result, total, success)  # type: ignore[arg-type]
        )
        if success and isinstance(action, Parry) and action.psi is not None:
            events.append(PoolChanged(defender, ISP, -action.isp, f"psi {action.psi}"))
            events.append(Note(f"raises {action.psi} with the parry", defender))
        tape = Tape(state)  # each event folded once: the engine takes the state they led to
        tape.write(events)
        if not success:  # the defence's own events leave the defender's damage pools alone
            tape.write(hit_events(tape.state, defender, strike.data, source, self.settings))
        if isinstance(action, Parry) and action.counter and standing(tape.state[defender]):
            counter = counter_strike(action, strike)
            tape.write(strike_events(tape.state, counter, source, self.settings))
        return tape.events

    def _bonus(self, sheet: Sheet, strike: Effect) -> int:
        if self.kind in ("parry", "auto-parry"):
            return sheet.parry
        if self.kind == "auto-dodge":
            return sheet.auto_dodge or 0
        close = strike.data.get("close") and strike.data.get("kind") != MELEE
        return sheet.dodge + (self.settings.close_dodge_penalty if close else 0)


def counter_strike(action: Parry, strike: Effect) -> Strike:
    """The other hand's strike back at the attacker."""
    attacker = CombatantId(str(strike.data["attacker"]))
    return Strike(actor=action.actor, target=attacker, weapon=action.counter_with)


def check_counter(
    state: EncounterState, action: Parry, strike: Effect, settings: KingsdaleSettings
) -> None:
    """Seed, Paired Weapons: "This skill allows the PC to either parry and counter-attack"; Paired
    Firearms: "using one hand to parry … does still allow for a counterattack using the other
    hand"."""
    sheet = sheet_of(state[acting(action)])
    if not (sheet.paired_weapons or sheet.paired_firearms):
        raise IllegalAction(
            "not-paired", "parry: only Paired Weapons or Paired Firearms parry and counter at once"
        )
    check_strike(state, counter_strike(action, strike), settings)


def _paired_marks(defender: Combatant, action: Answer, kind: Kind, attacker: str) -> list[Event]:
    """A paired fighter's parries and counter-strike this pose, for the limits above."""
    sheet = sheet_of(defender)
    if kind not in ("parry", "auto-parry") or not (sheet.paired_weapons or sheet.paired_firearms):
        return []
    parried = parried_ids(defender.marks.get(PARRIED))
    events: list[Event] = []
    if attacker not in parried:
        events.append(MarkSet(defender.id, PARRIED, ",".join((*parried, attacker))))
    if isinstance(action, Parry) and action.counter:
        events.append(MarkSet(defender.id, COUNTERED, True))
    return events


def _beats(total: int, natural: int, strike: Effect, settings: KingsdaleSettings) -> bool:
    return defended(
        defence_total=total,
        defence_natural=natural,
        strike_total=int(strike.data["total"] or 0),
        strike_natural=int(strike.data["natural"] or 0),
        settings=settings,
    )


def _interrupt(defender: Combatant) -> list[Event]:
    """ "Casting spells that require more PPE … are interrupted if the mage chooses to defend." """
    spell = defender.marks.get(CASTING)
    if not spell:
        return []
    channelled = int(defender.marks.get(CHANNELLED) or 0)
    who = defender.id
    return [
        SpellWorked(who, str(spell), channelled, channelled, interrupted=True),
        MarkSet(who, CASTING, None),
        MarkSet(who, CHANNELLED, None),
    ]
