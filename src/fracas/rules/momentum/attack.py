"""The Attack action: d20 + hit bonus against Evasion, then the damage pipeline.

"To make an attack roll, roll a d20 and add your weapon or Ability hit bonus. Your attack hits
if you roll at least the same amount as the Evasion of your target." An Ability with a Defense
Roll makes no attack roll: its target rolls the DR against the attacker's DR Power instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from fracas.dice import DiceSource, RollResult, dice, replays, roll, shared, staged
from fracas.engine.action import CombatantId
from fracas.engine.clock import Written
from fracas.engine.events import EffectChanged, EffectEnded, Event, reduce
from fracas.engine.frozen import frozen
from fracas.engine.memo import by_identity, per_object, per_object_and
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Combatant, EncounterState, Moment
from fracas.rules.momentum import actions as a
from fracas.rules.momentum.actions_table import CombatAction, ap_cost
from fracas.rules.momentum.basic import (
    DEFENDING,
    TAKING_COVER,
    TurnAction,
    acting,
    require_standing,
    require_turn,
)
from fracas.rules.momentum.checks import (
    AttackOutcome,
    RollMode,
    attack_outcome,
    attack_roll_mode,
    defense_roll_mode,
    defense_roll_succeeds,
    roll_mode,
)
from fracas.rules.momentum.cover import Cover, can_be_targeted, cover_dr_bonus, cover_evasion_bonus
from fracas.rules.momentum.damage_types import DamageType
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
    maneuver_critical,
    non_lethal_dice,
    weapon_critical,
)
from fracas.rules.momentum.positions import within_enemy_melee_range
from fracas.rules.momentum.queries import (
    AP,
    CLIMBING,
    HELD_ACTION,
    has_effect,
    has_status,
    sheet_of,
)
from fracas.rules.momentum.rolling import roll_d20
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.sheet import Ability, Sheet, Weapon
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.wounds import wound

SURPRISED_EFFECT = "Surprised"
HIDDEN = "Hidden"


@per_object_and
def arm(sheet: Sheet, name: str | None) -> Weapon | Ability:
    """The weapon or Ability called ``name`` (any case, a unique prefix), or the first weapon
    (remembered per sheet and name: every attack asks)."""
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


@by_identity
def _aim(
    attacker: Sheet, name: str | None, target: Sheet, settings: MomentumSettings
) -> tuple[Weapon | Ability, int, int]:
    """What an attack roll reads of the two sheets: the arm ``name`` names (``arm``), the
    attacker's hit bonus with it and the target's base Evasion (``evasion_of`` with no buff).
    Worked out once per pair of sheets, name and settings: every attack asks."""
    weapon = arm(attacker, name)
    if isinstance(weapon, Weapon):
        bonus = weapon_hit_bonus(attacker, weapon, settings=settings)
    else:
        bonus = ability_hit_bonus(attacker, settings=settings)
    return weapon, bonus, evasion_of(target, settings=settings)


@frozen
class Aimed:
    """What an attack comes to before its damage roll: its rolls' events, the weapon or
    Ability, the outcome, whom its damage lands on (None: nobody, a miss or a successful
    Defense Roll) and the events that follow the damage (a held attack used up, a hidden
    attacker seen)."""

    events: tuple[Event, ...]
    weapon: Weapon | Ability
    outcome: AttackOutcome
    lands_on: CombatantId | None
    aftermath: tuple[Event, ...]


class AttackRule(TurnAction[a.Attack]):
    def cost(self, state: EncounterState, action: a.Attack) -> Cost:
        """2 AP, or nothing for an attack held earlier: its AP were spent when it was held."""
        return {} if action.held else {AP: ap_cost(self.table_entry)}  # ``TurnAction.cost``

    def verify(self, state: EncounterState, action: a.Attack) -> None:
        actor = acting(action)
        if action.held:
            self._verify_held(state, action)
        else:
            require_turn(state, actor, action.verb)  # what ``TurnAction.verify`` asks
        attacker = state.combatants[actor]
        weapon = arm(sheet_of(attacker), action.weapon)
        if action.target == attacker.id:
            raise IllegalAction("self-target", "attack: you cannot attack yourself")
        cover = _cover(action.cover)
        if cover is Cover.FULL and not can_be_targeted(cover, weapon.reach, settings=self.settings):
            raise IllegalAction("full-cover", f"{state[action.target].name} is in full cover")
        if isinstance(weapon, Ability) and weapon.damage is None:
            raise IllegalAction("no-damage", f"{weapon.name} deals no damage to attack with")
        if action.maneuver is not None:
            self._maneuver(attacker, weapon, action.maneuver)

    def _verify_held(self, state: EncounterState, action: a.Attack) -> None:
        """Seed: "they will automatically shoot at any enemy that moves into range, no matter
        whose turn it is": a held attack needs a held action worth its 2 AP."""
        actor = acting(action)
        require_standing(state, actor)
        held = state[actor].effect(HELD_ACTION)
        ap = held.data.get("ap") if held is not None else None
        if not isinstance(ap, int) or ap < ap_cost(CombatAction.ATTACK):
            raise IllegalAction(
                "no-held-action", f"{state[actor].name} holds no attack (ready 2 …)"
            )

    @staticmethod
    def _maneuver(attacker: Combatant, weapon: Weapon | Ability, name: str) -> Ability:
        if not isinstance(weapon, Weapon):
            raise IllegalAction("not-a-weapon", "a Maneuver is added to a weapon attack")
        maneuver = arm(sheet_of(attacker), name)
        if not isinstance(maneuver, Ability):
            raise IllegalAction("not-a-maneuver", f"{maneuver.name} is a weapon, not an Ability")
        return maneuver

    def resolve(
        self, state: EncounterState, action: a.Attack, dice_: DiceSource
    ) -> Sequence[Event]:
        """The attack roll, the damage and the aftermath, for the engine to fold at once; for
        dice that replay their draws, folded in parts that the replays share (``_replayed``:
        folding an attack in three parts costs a fight ~3 % of its instructions)."""
        if replays(dice_):
            return self._replayed(state, action, dice_)
        aimed = self._aimed(state, action, dice_)
        if aimed.lands_on is None:
            return [*aimed.events, *aimed.aftermath]
        landing = (aimed.lands_on, aimed.weapon, aimed.outcome)
        damage = self._damage(state, action, acting(action), *landing, dice_)
        return [*aimed.events, *damage, *aimed.aftermath]

    def _replayed(
        self, state: EncounterState, action: a.Attack, dice_: DiceSource
    ) -> Sequence[Event]:
        """``resolve`` for the exact odds. Everything before the damage roll is a stage
        (``staged``): they resolve it once per attack roll, not again for every total of the
        damage. The damage, folded, is a shared stage (``shared``): they work it out once per
        total for all the attack rolls that land it the same way (the seven plain hits of a
        d20). The same events as ``resolve``'s, folded in parts so that the parts are shared."""
        aimed, rolled = staged(dice_, lambda: self._aimed_and_folded(state, action, dice_))
        aftermath = aimed.aftermath
        if aimed.lands_on is None:
            return [*rolled, *aftermath]
        landing = (aimed.lands_on, aimed.weapon, aimed.outcome)
        landed = shared(dice_, self._landed, state, rolled.end, action, *landing)
        end = reduce(landed.end, aftermath) if aftermath else landed.end
        return Written((*rolled, *landed, *aftermath), state, end)

    def _aimed_and_folded(
        self, state: EncounterState, action: a.Attack, source: DiceSource
    ) -> tuple[Aimed, Written]:
        """``_aimed``, with its rolls' events folded into ``state``."""
        aimed = self._aimed(state, action, source)
        return aimed, Written(aimed.events, state, reduce(state, aimed.events))

    def _landed(
        self,
        source: DiceSource,
        state: EncounterState,
        start: EncounterState,
        action: a.Attack,
        target: CombatantId,
        weapon: Weapon | Ability,
        outcome: AttackOutcome,
    ) -> Written:
        """The damage of an attack that lands on ``target`` worked out in ``state`` (the state
        the attack is resolved in) and folded into ``start`` (that state after the attack
        roll's events) at once (``reduce``): it reads nothing else but its draws."""
        events = self._damage(state, action, acting(action), target, weapon, outcome, source)
        return Written(events, start, reduce(start, events))

    def _aimed(self, state: EncounterState, action: a.Attack, source: DiceSource) -> Aimed:
        """The attack roll (or the target's Defense Roll against an Ability that has one),
        whom its damage lands on, and the aftermath."""
        combatants = state.combatants
        attacker, target = combatants[acting(action)], combatants[action.target]
        target_sheet = sheet_of(target)
        weapon, bonus, base = _aim(sheet_of(attacker), action.weapon, target_sheet, self.settings)
        aftermath = tuple(_aftermath(state, action, attacker)) if attacker.effects else ()
        if isinstance(weapon, Ability) and weapon.defense_roll is not None:
            check, saved = self._defense_roll(state, action, weapon, source)
            lands_on = None if saved else target.id
            return Aimed((check,), weapon, AttackOutcome.HIT, lands_on, aftermath)
        evasion = self._evasion(target, base, weapon, _cover(action.cover))
        events, outcome, total = self._attack_roll(
            state, action, attacker, target, target_sheet, weapon, bonus, evasion, source
        )
        screen_id = action.behind or _climbed_by(target, attacker)
        if outcome is AttackOutcome.MISS and screen_id is not None:
            screen = state[screen_id]
            base = evasion_of(sheet_of(screen), settings=self.settings)
            evasion = self._evasion(screen, base, weapon, Cover.NONE)
            outcome = AttackOutcome.HIT if total >= evasion else AttackOutcome.MISS
            events.append(
                AttackRolled(
                    attacker.id,
                    screen.id,
                    weapon.name,
                    None,
                    evasion,
                    "missed target",
                    str(outcome),
                )
            )
            target = screen
        lands_on = target.id if outcome.hits else None
        return Aimed(tuple(events), weapon, outcome, lands_on, aftermath)

    def _attack_roll(
        self,
        state: EncounterState,
        action: a.Attack,
        attacker: Combatant,
        target: Combatant,
        target_sheet: Sheet,
        weapon: Weapon | Ability,
        bonus: int,
        evasion: int,
        source: DiceSource,
    ) -> tuple[list[Event], AttackOutcome, int]:
        """The attack roll's event, outcome and total (``bonus``: the attacker's hit bonus,
        ``evasion``: the target's against this attack). The event names the mode and outcome by
        ``str``, a ``StrEnum``'s value (``.value`` is a property of Python's, two calls)."""
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
                        str(outcome),
                    )
                ],
                outcome,
                0,
            )
        mode = _mode(state, action, attacker, target, weapon)
        result, natural = roll_d20(source, mode, bonus)
        outcome = attack_outcome(
            natural=natural, hit_bonus=bonus, evasion=evasion, chooses_to_miss=action.miss
        )
        event = AttackRolled(
            attacker.id, target.id, weapon.name, result, evasion, str(mode), str(outcome)
        )
        return [event], outcome, result.total

    def _evasion(self, target: Combatant, base: int, weapon: Weapon | Ability, cover: Cover) -> int:
        """``target``'s Evasion against ``weapon``: its ``base`` Evasion (``evasion_of`` with no
        buff) and the buffs of its cover and effects."""
        if cover is Cover.NONE and not target.effects:  # no cover and no effect: no buff
            return base
        buffs = cover_evasion_bonus(
            cover,
            weapon.reach,
            taking_cover=has_effect(target, TAKING_COVER) and cover is Cover.HALF,
            settings=self.settings,
        )
        if has_status(target, StatusEffect.SHOCKED):
            buffs -= self.settings.shocked_evasion_penalty
        return base + buffs

    def _defense_roll(
        self, state: EncounterState, action: a.Attack, ability: Ability, source: DiceSource
    ) -> tuple[CheckRolled, bool]:
        """ "They succeed on their DR if they roll at least as high as the DR Power of the
        creature targeting them": the target's DR against ``ability`` and whether it succeeded
        (a failed DR lets the Ability's damage through)."""
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
        return CheckRolled(
            target.id, check, result, power, "success" if saved else "failure"
        ), saved

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
        rolls = [DamageRolled(attacker, target, rolled)]
        maneuver = None
        if action.maneuver is not None:
            maneuver = self._maneuver(state[attacker], weapon, action.maneuver)
            if maneuver.damage is not None:
                extra = roll(maneuver.damage, source)
                rolls.append(DamageRolled(attacker, target, extra))
                portions = _merged(portions, _portions(maneuver, extra))
        bonuses = (
            _critical(weapon, maneuver, portions[0].damage_type, self.settings)
            if outcome is AttackOutcome.CRITICAL_HIT
            else ()
        )
        reduction, d4s = None, None
        if action.non_lethal:
            tier = weapon.tier if isinstance(weapon, Ability) else None
            d4s = roll(dice(non_lethal_dice(ability_tier=tier), 4), source)
            reduction = d4s.total
        hit = _hit(portions, bonuses, reduction, action.ignore_armor, action.lethal_holy)
        if d4s is not None:
            rolls[0] = DamageRolled(attacker, target, rolled, d4s)
        return [*rolls, *wound(state, target, hit, settings=self.settings)]


@by_identity
def _critical(
    weapon: Weapon | Ability,
    maneuver: Ability | None,
    first: DamageType,
    settings: MomentumSettings,
) -> tuple[DamageBonus, ...]:
    """Seed: weapons +6; Abilities +6 + 3 per Tier; a weapon attack with a Maneuver +6 and
    the Maneuver "additional damage equal to 3 times the Tier of the used Maneuver". ``first``
    is the type of the hit's first portion. Worked out once per weapon, Maneuver, type and
    settings (all immutable): the hit it goes into is then found by identity."""
    if isinstance(weapon, Ability):
        return ability_critical(first, weapon.tier, settings=settings)
    if maneuver is None:
        return weapon_critical(first, settings=settings)
    own = sorted(maneuver.damage_types)[0] if maneuver.damage_types else first
    return maneuver_critical(first, own, maneuver.tier, settings=settings)


@lru_cache(maxsize=1024)
def _hit(
    portions: tuple[DamagePortion, ...],
    bonuses: tuple[DamageBonus, ...],
    reduction: int | None,
    ignore_armor: int,
    lethal_holy: bool,
) -> Hit:
    """The hit of these values, built (and checked) once: a hit is immutable, and the same
    few are dealt again and again."""
    return Hit(portions, bonuses, reduction, ignore_armor=ignore_armor, lethal_holy=lethal_holy)


def _cover(name: str) -> Cover:
    """``Cover(name)``, looked up (an Enum's call is four Python calls; an attack asks twice)."""
    return _COVERS.get(name) or Cover(name)


_COVERS = {cover.value: cover for cover in Cover}


def _merged(*groups: tuple[DamagePortion, ...]) -> tuple[DamagePortion, ...]:
    """Portions of the same type added together (a hit has one portion per type)."""
    totals: dict[DamageType, int] = {}
    for portion in (p for group in groups for p in group):
        totals[portion.damage_type] = totals.get(portion.damage_type, 0) + portion.amount
    return tuple(DamagePortion(t, amount) for t, amount in totals.items())


def _aftermath(state: EncounterState, action: a.Attack, attacker: Combatant) -> list[Event]:
    """A held attack uses up its held action; attacking gives a hidden attacker away: "You stay
    hidden until the end of the turn if this happens during your turn." (Both are effects:
    nothing for an attacker with none.)"""
    events: list[Event] = []
    held = attacker.effect(HELD_ACTION)
    if action.held and held is not None:
        events.append(EffectEnded(attacker.id, held.id, reason="triggered"))
    hidden = attacker.effect(HIDDEN)
    if hidden is not None:
        if state.is_turn_of(attacker.id):
            end = Anchor(state.clock.round, attacker.id, Moment.END)
            events.append(EffectChanged(attacker.id, replace(hidden, ends=end)))
        else:
            events.append(EffectEnded(attacker.id, hidden.id, reason="gave away its location"))
    return events


def _climbing_on(combatant: Combatant) -> CombatantId | None:
    if not combatant.effects:  # climbing is an effect
        return None
    climbing = combatant.effect(CLIMBING)
    on = climbing.data.get("on") if climbing is not None else None
    return CombatantId(on) if isinstance(on, str) else None


def _climbed_by(target: Combatant, attacker: Combatant) -> CombatantId | None:
    """Climb: "Any attack that targets you and misses targets the creature you have climbed
    onto instead" (unless the attacker is that creature)."""
    on = _climbing_on(target)
    return on if on is not None and on != attacker.id else None


def _portions(weapon: Weapon | Ability, rolled: RollResult) -> tuple[DamagePortion, ...]:
    """One portion per damage type: a weapon's one type; an Ability's types from the labels of
    its damage dice (``1d6[heat] + 1d6[poison]``), all of it for a single type."""
    types = _types(weapon)
    if len(types) == 1:
        return _alone(types[0], max(rolled.total, 0))
    return tuple(DamagePortion(t, max(rolled.subtotal(t.value), 0)) for t in types)


@per_object
def _types(weapon: Weapon | Ability) -> tuple[DamageType, ...]:
    """The types of an arm's damage: a weapon's one, an Ability's in order. Worked out once
    per arm (immutable): the exact odds ask at every damage total, and asking a model whether
    it is of a class it is not goes through ``ABCMeta``."""
    if isinstance(weapon, Weapon):
        return (weapon.damage_type,)
    return tuple(sorted(weapon.damage_types))


@lru_cache(maxsize=1024)
def _alone(damage_type: DamageType, amount: int) -> tuple[DamagePortion]:
    """The portions of a hit of one type, built once for each type and amount (immutable)."""
    return (DamagePortion(damage_type, amount),)


def _mode(
    state: EncounterState,
    action: a.Attack,
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon | Ability,
) -> RollMode:
    """The attack roll's mode: its sources are the action's, the map's and effects on the two
    (none of which need asking when neither has any effect; off the map or with no enemy near,
    only the action's own count)."""
    near = within_enemy_melee_range(state, attacker)
    if not (attacker.effects or target.effects):
        if not near:
            return roll_mode(int(action.advantage), int(action.disadvantage))
        return attack_roll_mode(
            weapon.reach,
            enemy_within_melee_range=near,
            advantages=int(action.advantage),
            disadvantages=int(action.disadvantage),
        )
    return attack_roll_mode(
        weapon.reach,
        target_defending=has_effect(target, DEFENDING),
        enemy_within_melee_range=near,
        attacker_hidden=has_effect(attacker, HIDDEN) or _unseen_by(attacker, target),
        target_climbing_on_attacker=_climbing_on(target) == attacker.id,
        advantages=int(action.advantage) + _advantages_against(target, weapon),
        disadvantages=int(action.disadvantage) + _disadvantages_of(attacker, target, weapon),
    )


def _advantages_against(target: Combatant, weapon: Weapon | Ability) -> int:
    """SOURCES.md statuses: attacks against the Restrained, Stunned or Blinded have advantage;
    melee attacks against the Prone too."""
    if not target.effects:
        return 0  # every status is an effect
    sources = [
        has_status(target, s)
        for s in (StatusEffect.RESTRAINED, StatusEffect.STUNNED, StatusEffect.BLINDED)
    ]
    sources.append(has_status(target, StatusEffect.PRONE) and weapon.reach.value == "melee")
    return sum(sources)


def _disadvantages_of(attacker: Combatant, target: Combatant, weapon: Weapon | Ability) -> int:
    """SOURCES.md statuses: the Prone, Blinded and Frightened attack with disadvantage; ranged
    attacks against the Prone too."""
    if not (attacker.effects or target.effects):
        return 0  # every status is an effect
    sources = [
        has_status(attacker, s)
        for s in (StatusEffect.PRONE, StatusEffect.BLINDED, StatusEffect.FRIGHTENED)
    ]
    sources.append(has_status(target, StatusEffect.PRONE) and weapon.reach.value == "ranged")
    return sum(sources)


def _unseen_by(attacker: Combatant, target: Combatant) -> bool:
    """Surprise: "any enemy that is not surprised starts the combat hidden from them"."""
    return has_effect(target, SURPRISED_EFFECT) and not has_effect(attacker, SURPRISED_EFFECT)
