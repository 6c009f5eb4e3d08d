"""The Attack action: Offensive Roll against Defensive Roll, then the damage pipeline.

SOURCES.md 1.1: "Offensive Roll = 2d6 + Offensive Skill + modifiers. Defensive Roll = 2d6 +
Defensive Skill + modifiers." "Offensive > Defensive: the attack succeeds. The defender loses 1
AP this round, then damage is computed." "Tie: nothing happens."
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet, PoolChanged, reduce
from fracas.engine.frozen import frozen
from fracas.engine.memo import per_object, per_object_and
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState, Scalar
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser.barriers import CoverRange
from fracas.rules.kaiser.checks import CheckRoll, roll_skill_check
from fracas.rules.kaiser.damage import damage_account
from fracas.rules.kaiser.defences import defences_of
from fracas.rules.kaiser.events import AttackResolved, CheckRolled
from fracas.rules.kaiser.immaterial import can_defend, can_hit, is_imbued
from fracas.rules.kaiser.intentions import intended_in, intended_weapons, weapon_named
from fracas.rules.kaiser.queries import (
    AP,
    ATTACKS,
    COUNTER,
    COUNTER_BONUS,
    DEFENCES,
    INTENTIONS,
    acting,
    count_mark,
    find_named,
    is_dead,
    require_action_phase_turn,
    require_standing,
    sheet_of,
    skill_name,
    standing,
)
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Sheet, Weapon
from fracas.rules.kaiser.shielding import (
    Shield,
    absorbed,
    barrier_roll,
    shield_for,
    verify_shield,
)
from fracas.rules.kaiser.states import situation_parts, state_parts
from fracas.rules.kaiser.vocabulary import Defence, Reach
from fracas.rules.kaiser.warding import Incoming, verify_ward, ward_roll
from fracas.rules.kaiser.wounds import wound

Parts = tuple[tuple[str, int], ...]


@frozen
class Exchange:
    """The two rolls of an attack and what came of them (pure: no dice, no state)."""

    offence: int
    defence: int

    @property
    def outcome(self) -> str:
        if self.offence > self.defence:
            return "hit"
        return "miss" if self.defence > self.offence else "tie"

    @property
    def degrees(self) -> int:
        """The winner's Degrees of Success (0 on a tie)."""
        return abs(self.offence - self.defence)


def counter_bonus(degrees: int) -> int:
    """SOURCES.md 1.1: "the defender gets a Counter bonus = floor(DoS/2)"."""
    return degrees // 2


def attack_actions(attack_skill: int, *, settings: KaiserSettings) -> int:
    """One Attack Action, and one more for every 10 points of Final Attack Skill."""
    return 1 + attack_skill // settings.attacks_per_skill


def attack_actions_left(attacker: Combatant, *, settings: KaiserSettings) -> int:
    """The Attack Actions ``attacker`` has not made yet this round (none left: every attack of
    its turn is refused, ``no-attack-actions``)."""
    allowed = attack_actions(sheet_of(attacker).skills.attack, settings=settings)
    return allowed - count_mark(attacker, ATTACKS)


@per_object
def imbued(weapon: Weapon) -> bool:
    return is_imbued(weapon.damage_type, imbued_by_feature=weapon.imbued)


def chosen_defence(
    target: Combatant, choice: a.DefenceChoice, *, may_block: bool = True
) -> Defence:
    """The defence the target uses; ``best`` is the higher of Dodge and Block (Dodge when the
    attack cannot be blocked), none when the target cannot act (a barrier can still cover
    it)."""
    if choice == "barrier":
        return Defence.BARRIER
    if not standing(target):
        return Defence.NONE
    if choice != "best":
        return Defence(choice)
    skills = sheet_of(target).skills
    if not may_block or skills.dodge >= skills.block:
        return Defence.DODGE
    return Defence.BLOCK


def may_block(attacker: Combatant, target: Combatant) -> bool:
    """An immaterial attacker's attack is blocked only with an imbued object."""
    return not sheet_of(attacker).immaterial or sheet_of(target).imbued_shield


@frozen
class Defended:
    """A target's Defensive Roll against one attack: its total, the events that rolled it, and
    the barrier it stood behind (None: its own Dodge, Block or ward)."""

    total: int
    events: tuple[Event, ...]
    shield: Shield | None = None


_last_weapon: tuple[Combatant, a.Attack, Weapon] | None = None
"""``AttackRule._weapon``'s last answer, with the attacker and the action it was found for."""


@frozen
class AttackRule:
    settings: KaiserSettings

    def cost(self, state: EncounterState, action: a.Attack) -> Cost:
        """Nothing: the Attack Intention paid for the round's Attack Actions; a Counter is a
        reaction of 1 AP."""
        return {AP: self.settings.counter_ap} if action.counter else {}

    def verify(self, state: EncounterState, action: a.Attack) -> None:
        actor = acting(action)
        if action.counter:
            self._verify_counter(state, action)
        else:
            require_action_phase_turn(state, actor, action.verb)
        combatants = state.combatants
        attacker, target = combatants[actor], combatants[action.target]
        weapon = self._weapon(attacker, action)
        sheet = sheet_of(attacker)
        immaterial = sheet.immaterial
        allowed = attack_actions(sheet.skills.attack, settings=self.settings)
        if count_mark(attacker, ATTACKS) >= allowed:
            raise IllegalAction(
                "no-attack-actions",
                f"attack: {attacker.name} has used all {allowed} Attack Actions of this round",
            )
        if target.id == actor:
            raise IllegalAction("self-target", "attack: you cannot attack yourself")
        if is_dead(target):
            raise IllegalAction("dead-target", f"attack: {target.name} is dead")
        target_sheet = sheet_of(target)
        if not can_hit(target_immaterial=target_sheet.immaterial, imbued=imbued(weapon)):
            raise IllegalAction(
                "immaterial",
                f"attack: {target.name} is immaterial and {weapon.name} is not imbued",
            )
        blocks = not immaterial or target_sheet.imbued_shield  # ``may_block``
        defence = chosen_defence(target, action.defence, may_block=blocks)
        if immaterial:  # a material attack may be met with any defence (``can_defend``)
            self._may_defend(attacker, target, defence)
        if defence is Defence.POWER:
            verify_ward(target, Incoming(weapon.damage_type, immaterial))
        if defence is Defence.BARRIER:
            verify_shield(
                state,
                target.id,
                CoverRange(action.cover_range),
                attack_immaterial=immaterial,
                effect_power=False,
            )

    @staticmethod
    def _verify_counter(state: EncounterState, action: a.Attack) -> None:
        """Counter: "This action can be taken after an opponent has failed an attack against
        you ... This attack is made before the opponent can perform any other actions"."""
        actor = acting(action)
        require_standing(state, actor)
        if state[actor].marks.get(COUNTER) != action.target:
            raise IllegalAction(
                "no-counter",
                f"{state[actor].name} can Counter only right after {state[action.target].name}"
                " fails a hand-to-hand attack on them",
            )

    @staticmethod
    def _weapon(attacker: Combatant, action: a.Attack) -> Weapon:
        """The weapon ``action`` attacks with, which the Attack Intention must name (asked by
        the check, the Offensive Roll and the Exchange of one attack: the last answer is kept
        with the attacker and the action it was found for, both immutable)."""
        global _last_weapon
        last = _last_weapon
        if last is not None and last[0] is attacker and last[1] is action:
            return last[2]
        weapon = _intended_weapon(attacker, action)
        _last_weapon = (attacker, action, weapon)
        return weapon

    @staticmethod
    def _may_defend(attacker: Combatant, target: Combatant, defence: Defence) -> None:
        if defence in (Defence.BARRIER, Defence.POWER):
            return
        immaterial = sheet_of(attacker).immaterial
        if not can_defend(
            defence, attack_immaterial=immaterial, imbued_object=sheet_of(target).imbued_shield
        ):
            raise IllegalAction(
                "immaterial-attack",
                f"{target.name} can only dodge an immaterial attack or block it with an imbued"
                " object",
            )

    def resolve(self, state: EncounterState, action: a.Attack, dice: DiceSource) -> Sequence[Event]:
        """The Offensive Roll, the target's Defensive Roll, then the Exchange of the two."""
        offence = self.offensive_roll(state, action, dice)
        defended = self.defensive_roll(state, action, dice)
        return [
            offence,
            *defended.events,
            *self.exchange(state, action, offence.roll.total, defended, dice),
        ]

    def offensive_roll(
        self, state: EncounterState, action: a.Attack, dice: DiceSource
    ) -> CheckRolled:
        """The attacker's Offensive Roll (an open Skill Check) with the weapon ``action`` names,
        in ``state`` before the attack."""
        attacker = state[acting(action)]
        weapon = self._weapon(attacker, action)
        rolled, parts = self._offence(attacker, action.target, weapon, action, dice)
        return CheckRolled(attacker.id, f"Offensive Roll with {weapon.name}", rolled, parts)

    def defensive_roll(self, state: EncounterState, action: a.Attack, dice: DiceSource) -> Defended:
        """The target's Defensive Roll against ``action``: its Dodge or Block, its ward, or the
        barrier that covers it (none: 0), in ``state`` before the attack."""
        attacker, target = state[acting(action)], state[action.target]
        defence = chosen_defence(target, action.defence, may_block=may_block(attacker, target))
        if defence is Defence.BARRIER:
            shield = shield_for(state, target.id)
            assert shield is not None
            where = CoverRange(action.cover_range)
            total, events = barrier_roll(
                state, shield, target.id, where, dice, settings=self.settings, against=attacker.id
            )
            return Defended(total, tuple(events), shield)
        if defence is Defence.POWER:
            total, events = ward_roll(target, dice, settings=self.settings, against=attacker.id)
        else:
            total, events = defend(
                target, defence, dice, settings=self.settings, against=attacker.id
            )
        return Defended(total, tuple(events))

    def exchange(
        self,
        state: EncounterState,
        action: a.Attack,
        offence: int,
        defended: Defended,
        dice: DiceSource,
    ) -> list[Event]:
        """The Exchange of the Offensive Roll's total ``offence`` with the defence's
        (``defended``, whose events come before these): the outcome, the Attack Action used, a
        Counter opened or spent, and a hit's damage (a Critical rolls dice) or the barrier's
        share of a miss. ``state`` is the state before the attack (the rolls change nothing
        this reads but the defence's own marks, which ``defended.events`` carry)."""
        attacker, target = state[acting(action)], state[action.target]
        weapon = self._weapon(attacker, action)
        exchange = Exchange(offence, defended.total)
        outcome, degrees = exchange.outcome, exchange.degrees  # each a computed property
        events: list[Event] = [
            AttackResolved(
                attacker.id,
                target.id,
                weapon.name,
                exchange.offence,
                exchange.defence,
                outcome,
                degrees,
            )
        ]
        events.append(MarkSet(attacker.id, ATTACKS, count_mark(attacker, ATTACKS) + 1))
        if action.counter:
            events += [
                MarkSet(attacker.id, COUNTER, None),
                MarkSet(attacker.id, COUNTER_BONUS, None),
            ]
        if outcome == "miss" and weapon.reach is Reach.MELEE:
            bonus = counter_bonus(degrees)
            events += [
                MarkSet(target.id, COUNTER, attacker.id),
                MarkSet(target.id, COUNTER_BONUS, bonus),
            ]
        if outcome == "hit":
            events += self._hit(state, attacker, target, weapon, degrees, dice, action.vital)
        elif outcome == "miss" and defended.shield is not None:
            hit = (weapon.base_damage, weapon.damage_type, imbued(weapon))
            after = reduce(state, [*defended.events, *events])
            material = not sheet_of(attacker).immaterial
            events += absorbed(
                after,
                defended.shield,
                (target.id,),
                hit,
                dice,
                settings=self.settings,
                material=material,
            )
        return events

    def _offence(
        self,
        attacker: Combatant,
        target: CombatantId,
        weapon: Weapon,
        action: a.Attack,
        dice: DiceSource,
    ) -> tuple[CheckRoll, Parts]:
        offensive: str = weapon.skill._value_  # the Skill's name (``value`` is a call in 3.11)
        skill = sheet_of(attacker).skills[offensive]
        made = count_mark(attacker, ATTACKS)
        parts: list[tuple[str, int]] = [(skill_name(offensive), skill)]
        if made:
            parts.append(("additional attack", -made * self.settings.additional_attack_penalty))
        if action.bonus:
            parts.append(("modifiers", action.bonus))
        if action.counter and (bonus := count_mark(attacker, COUNTER_BONUS)):
            parts.append(("Counter bonus", bonus))
        parts += state_parts(attacker, settings=self.settings, against=target, skill=offensive)
        bonus = sum([value for _, value in parts])
        rolled = roll_skill_check(dice, bonus, net_advantage=action.advantage, final_skill=skill)
        return rolled, tuple(parts)

    def _hit(
        self,
        state: EncounterState,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        degrees: int,
        dice: DiceSource,
        vital: bool,
    ) -> list[Event]:
        events = hit_ap_loss(target, settings=self.settings)
        material = not sheet_of(attacker).immaterial
        defences = defences_of(target, weapon.damage_type, imbued=imbued(weapon), material=material)
        account = damage_account(degrees, weapon.base_damage, weapon.damage_type, defences)
        lost = ap_lost_on_hit(target, settings=self.settings)  # not folded: all the wound reads
        return events + wound(
            state, target.id, account, dice, settings=self.settings, vital=vital, ap_lost=lost
        )


def _intended_weapon(attacker: Combatant, action: a.Attack) -> Weapon:
    marked = attacker.marks.get(INTENTIONS)
    found = _weapon_intended(sheet_of(attacker), (marked, action.weapon))
    if found is not None:
        return found
    intended = intended_weapons(attacker)
    if intended is None:
        raise IllegalAction(
            "no-attack-intention",
            f"attack: {attacker.name} declared no Attack Intention this round",
        )
    weapon = weapon_named(attacker, action.weapon or intended[0])
    if weapon.name not in intended:
        raise IllegalAction(
            "not-intended",
            f"attack: the Attack Intention was declared for {' and '.join(intended)}",
        )
    return weapon


@per_object_and
def _weapon_intended(sheet: Sheet, asked: tuple[Scalar, str | None]) -> Weapon | None:
    """``_intended_weapon`` from the sheet, the Intentions mark and the weapon the attack names
    (``asked``), once per sheet and pair; None where it refuses (then it says why)."""
    marked, named = asked
    intended = intended_in(marked)
    if intended is None or not sheet.weapons:
        return None
    weapon = find_named(sheet.weapons, named or intended[0])
    return weapon if weapon is not None and weapon.name in intended else None


def defend(
    target: Combatant,
    defence: Defence,
    dice: DiceSource,
    *,
    settings: KaiserSettings,
    unseen: bool = False,
    against: CombatantId | None = None,
) -> tuple[int, list[Event]]:
    """The target's Defensive Roll with Dodge or Block (0 and no roll without a defence): its
    Skill, -2 for each defence already made this round (at most -10), its Situations and
    States."""
    if defence is Defence.NONE:
        return 0, []
    defensive: str = defence._value_  # the Skill's name (``value`` is a call in 3.11)
    skill = sheet_of(target).skills[defensive]
    named = skill_name(defensive)
    parts: list[tuple[str, int]] = [(named, skill)]
    used = count_mark(target, DEFENCES)
    if used:
        penalty = min(used * settings.repeated_defence_penalty, settings.repeated_defence_cap)
        parts.append(("defended before", -penalty))
    if target.effects:  # Situations are effects
        parts += situation_parts(target, settings=settings)
    parts += state_parts(target, settings=settings, unseen=unseen, against=against, skill=defensive)
    bonus = sum([value for _, value in parts])
    rolled = roll_skill_check(dice, bonus, final_skill=skill)
    check = f"Defensive Roll ({named})"
    events: list[Event] = [CheckRolled(target.id, check, rolled, tuple(parts))]
    events.append(MarkSet(target.id, DEFENCES, used + 1))
    return rolled.total, events


def hit_ap_loss(target: Combatant, *, settings: KaiserSettings) -> list[Event]:
    """ "The defender loses 1 AP this round" (none below 0)."""
    lost = ap_lost_on_hit(target, settings=settings)
    return [PoolChanged(target.id, AP, -lost, "hit")] if lost else []


def ap_lost_on_hit(target: Combatant, *, settings: KaiserSettings) -> int:
    """The AP ``hit_ap_loss`` takes (what a hit's wound reads: ``wound``'s ``ap_lost``)."""
    return min(target.pools[AP].current, settings.hit_ap_loss)
