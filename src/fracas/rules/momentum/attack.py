"""The Attack action: d20 + hit bonus against Evasion, then the damage pipeline.

"To make an attack roll, roll a d20 and add your weapon or Ability hit bonus. Your attack hits
if you roll at least the same amount as the Evasion of your target." An Ability with a Defense
Roll makes no attack roll: its target rolls the DR against the attacker's DR Power instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource, RollResult, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import Event
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.momentum import actions as a
from fracas.rules.momentum.basic import DEFENDING, TAKING_COVER, TurnAction, acting
from fracas.rules.momentum.checks import (
    AttackOutcome,
    attack_outcome,
    attack_roll_mode,
    defense_roll_mode,
    defense_roll_succeeds,
)
from fracas.rules.momentum.cover import Cover, can_be_targeted, cover_dr_bonus, cover_evasion_bonus
from fracas.rules.momentum.derived import (
    ability_hit_bonus,
    dr_power_of,
    dr_value_of,
    evasion_of,
    weapon_hit_bonus,
)
from fracas.rules.momentum.events import AttackRolled, CheckRolled, DamageRolled
from fracas.rules.momentum.hit import (
    DamageBonus,
    DamagePortion,
    Hit,
    ability_critical,
    non_lethal_dice,
    weapon_critical,
)
from fracas.rules.momentum.queries import has_effect, has_status, sheet_of
from fracas.rules.momentum.rolling import roll_d20
from fracas.rules.momentum.sheet import Ability, Sheet, Weapon
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.wounds import wound

SURPRISED_EFFECT = "Surprised"
HIDDEN = "Hidden"


def arm(sheet: Sheet, name: str | None) -> Weapon | Ability:
    """The weapon or Ability called ``name`` (any case, a unique prefix), or the first weapon."""
    arms: list[Weapon | Ability] = [*sheet.weapons, *sheet.abilities]
    if name is None:
        if not sheet.weapons:
            raise IllegalAction("no-weapon", "no weapon to attack with (use -with ABILITY)")
        return sheet.weapons[0]
    wanted = name.lower()
    exact = [x for x in arms if x.name.lower() == wanted]
    found = exact or [x for x in arms if x.name.lower().startswith(wanted)]
    if len(found) != 1:
        known = ", ".join(x.name for x in arms) or "none"
        raise IllegalAction(
            "unknown-weapon", f"no single weapon or Ability {name!r} (has: {known})"
        )
    return found[0]


class AttackRule(TurnAction[a.Attack]):
    def verify(self, state: EncounterState, action: a.Attack) -> None:
        super().verify(state, action)
        attacker = state[acting(action)]
        weapon = arm(sheet_of(attacker), action.weapon)
        if action.target == attacker.id:
            raise IllegalAction("self-target", "attack: you cannot attack yourself")
        if not can_be_targeted(Cover(action.cover), weapon.reach, settings=self.settings):
            raise IllegalAction("full-cover", f"{state[action.target].name} is in full cover")
        if isinstance(weapon, Ability) and weapon.damage is None:
            raise IllegalAction("no-damage", f"{weapon.name} deals no damage to attack with")

    def resolve(
        self, state: EncounterState, action: a.Attack, dice_: DiceSource
    ) -> Sequence[Event]:
        attacker, target = state[acting(action)], state[action.target]
        weapon = arm(sheet_of(attacker), action.weapon)
        if isinstance(weapon, Ability) and weapon.defense_roll is not None:
            return self._defense_rolled(state, action, weapon, dice_)
        events, outcome, total = self._attack_roll(state, action, attacker, target, weapon, dice_)
        if not outcome.hits and action.behind is not None and outcome is AttackOutcome.MISS:
            screen = state[action.behind]
            evasion = self._evasion(screen, weapon, Cover.NONE)
            outcome = AttackOutcome.HIT if total >= evasion else AttackOutcome.MISS
            events.append(
                AttackRolled(
                    attacker.id,
                    screen.id,
                    weapon.name,
                    None,
                    evasion,
                    "missed target",
                    outcome.value,
                )
            )
            target = screen
        if outcome.hits:
            events += self._damage(state, action, attacker.id, target.id, weapon, outcome, dice_)
        return events

    def _attack_roll(
        self,
        state: EncounterState,
        action: a.Attack,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon | Ability,
        source: DiceSource,
    ) -> tuple[list[Event], AttackOutcome, int]:
        target_sheet = sheet_of(target)
        evasion = self._evasion(target, weapon, Cover(action.cover))
        if target_sheet.is_object:
            outcome = attack_outcome(
                natural=None,
                hit_bonus=0,
                evasion=evasion,
                target_is_object=True,
                chooses_to_miss=action.miss,
            )
            return (
                [
                    AttackRolled(
                        attacker.id,
                        target.id,
                        weapon.name,
                        None,
                        evasion,
                        "automatic",
                        outcome.value,
                    )
                ],
                outcome,
                0,
            )
        bonus = self._hit_bonus(attacker, weapon)
        mode = attack_roll_mode(
            weapon.reach,
            target_defending=has_effect(target, DEFENDING),
            attacker_hidden=has_effect(attacker, HIDDEN) or _unseen_by(attacker, target),
            advantages=int(action.advantage) + _advantages_against(target, weapon),
            disadvantages=int(action.disadvantage) + _disadvantages_of(attacker, target, weapon),
        )
        result, natural = roll_d20(source, mode, bonus)
        outcome = attack_outcome(
            natural=natural, hit_bonus=bonus, evasion=evasion, chooses_to_miss=action.miss
        )
        event = AttackRolled(
            attacker.id, target.id, weapon.name, result, evasion, mode.value, outcome.value
        )
        return [event], outcome, result.total

    def _hit_bonus(self, attacker: Combatant, weapon: Weapon | Ability) -> int:
        sheet = sheet_of(attacker)
        if isinstance(weapon, Weapon):
            return weapon_hit_bonus(sheet, weapon, settings=self.settings)
        return ability_hit_bonus(sheet, settings=self.settings)

    def _evasion(self, target: Combatant, weapon: Weapon | Ability, cover: Cover) -> int:
        buffs = cover_evasion_bonus(
            cover,
            weapon.reach,
            taking_cover=has_effect(target, TAKING_COVER) and cover is Cover.HALF,
            settings=self.settings,
        )
        if has_status(target, StatusEffect.SHOCKED):
            buffs -= self.settings.shocked_evasion_penalty
        return evasion_of(sheet_of(target), buffs=buffs, settings=self.settings)

    def _defense_rolled(
        self, state: EncounterState, action: a.Attack, ability: Ability, source: DiceSource
    ) -> list[Event]:
        """ "They succeed on their DR if they roll at least as high as the DR Power of the
        creature targeting them"; a failed DR lets the Ability's damage through."""
        assert ability.defense_roll is not None
        attacker, target = state[acting(action)], state[action.target]
        target_sheet = sheet_of(target)
        power = dr_power_of(sheet_of(attacker))
        taking_cover = has_effect(target, TAKING_COVER) and action.cover == "half"
        bonus = dr_value_of(
            target_sheet, ability.defense_roll, settings=self.settings
        ) + cover_dr_bonus(Cover(action.cover), taking_cover=taking_cover, settings=self.settings)
        mode = defense_roll_mode(defending=has_effect(target, DEFENDING))
        result, natural = roll_d20(source, mode, bonus)
        saved = defense_roll_succeeds(
            natural=natural, dr_value=bonus, dr_power=power, is_object=target_sheet.is_object
        )
        check = f"{ability.defense_roll.value} DR against {ability.name}"
        events: list[Event] = [
            CheckRolled(target.id, check, result, power, "success" if saved else "failure")
        ]
        if not saved:
            events += self._damage(
                state, action, attacker.id, target.id, ability, AttackOutcome.HIT, source
            )
        return events

    def _damage(
        self,
        state: EncounterState,
        action: a.Attack,
        attacker: CombatantId,
        target: CombatantId,
        weapon: Weapon | Ability,
        outcome: AttackOutcome,
        source: DiceSource,
    ) -> list[Event]:
        expression = weapon.damage
        assert expression is not None
        rolled = roll(expression, source)
        portions = _portions(weapon, rolled)
        bonuses: tuple[DamageBonus, ...] = ()
        if outcome is AttackOutcome.CRITICAL_HIT:
            first = portions[0].damage_type
            bonuses = (
                weapon_critical(first, settings=self.settings)
                if isinstance(weapon, Weapon)
                else ability_critical(first, weapon.tier, settings=self.settings)
            )
        reduction, d4s = None, None
        if action.non_lethal:
            tier = weapon.tier if isinstance(weapon, Ability) else None
            d4s = roll(dice(non_lethal_dice(ability_tier=tier), 4), source)
            reduction = d4s.total
        hit = Hit(
            portions,
            bonuses,
            reduction,
            ignore_armor=action.ignore_armor,
            lethal_holy=action.lethal_holy,
        )
        return [
            DamageRolled(attacker, target, rolled, d4s),
            *wound(state, target, hit, settings=self.settings),
        ]


def _portions(weapon: Weapon | Ability, rolled: RollResult) -> tuple[DamagePortion, ...]:
    """One portion per damage type: a weapon's one type; an Ability's types from the labels of
    its damage dice (``1d6[heat] + 1d6[poison]``), all of it for a single type."""
    if isinstance(weapon, Weapon):
        return (DamagePortion(weapon.damage_type, max(rolled.total, 0)),)
    types = sorted(weapon.damage_types)
    if len(types) == 1:
        return (DamagePortion(types[0], max(rolled.total, 0)),)
    return tuple(DamagePortion(t, max(rolled.subtotal(t.value), 0)) for t in types)


def _advantages_against(target: Combatant, weapon: Weapon | Ability) -> int:
    """SOURCES.md statuses: attacks against the Restrained, Stunned or Blinded have advantage;
    melee attacks against the Prone too."""
    sources = [
        has_status(target, s)
        for s in (StatusEffect.RESTRAINED, StatusEffect.STUNNED, StatusEffect.BLINDED)
    ]
    sources.append(has_status(target, StatusEffect.PRONE) and weapon.reach.value == "melee")
    return sum(sources)


def _disadvantages_of(attacker: Combatant, target: Combatant, weapon: Weapon | Ability) -> int:
    """SOURCES.md statuses: the Prone, Blinded and Frightened attack with disadvantage; ranged
    attacks against the Prone too."""
    sources = [
        has_status(attacker, s)
        for s in (StatusEffect.PRONE, StatusEffect.BLINDED, StatusEffect.FRIGHTENED)
    ]
    sources.append(has_status(target, StatusEffect.PRONE) and weapon.reach.value == "ranged")
    return sum(sources)


def _unseen_by(attacker: Combatant, target: Combatant) -> bool:
    """Surprise: "any enemy that is not surprised starts the combat hidden from them"."""
    return has_effect(target, SURPRISED_EFFECT) and not has_effect(attacker, SURPRISED_EFFECT)
