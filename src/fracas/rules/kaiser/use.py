"""Using powers: the ``use`` action (Attack, Effect, Automatic), ``trigger`` (Trigger and
Detection) and ``drop`` (a power's end).

Attack and Effect powers are aimed like a thrown projectile: one Offensive Roll, each target's
Defensive Roll. An Attack power deals Units of Damage x its Base Damage; an Effect power forces
its Resistance Check on one Unit of Damage. Automatic powers need no roll unless the target is
in a difficult position; their targets resist with the listed check, or SR 8.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, Note, reduce
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment, Scalar
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser import powers as p
from fracas.rules.kaiser.attack import Exchange, chosen_defence, defend, hit_ap_loss
from fracas.rules.kaiser.barriers import Cover, CoverRange, area_radius_feet
from fracas.rules.kaiser.checks import CheckRoll, degrees, roll_resistance_check, roll_skill_check
from fracas.rules.kaiser.colliding import Collider, collide, collider_power, verify_collision
from fracas.rules.kaiser.damage import damage_account, units_of_damage
from fracas.rules.kaiser.defences import defences_of, modifier_data
from fracas.rules.kaiser.events import AttackResolved, CheckRolled, Detected, PowerUsed
from fracas.rules.kaiser.immaterial import can_defend, can_hit
from fracas.rules.kaiser.lingering import (
    COUNTDOWN,
    IMMUNITY,
    POWER,
    immunity_name,
    is_immune,
    lingering_data,
    power_effects,
)
from fracas.rules.kaiser.queries import (
    acting,
    intentions,
    is_dead,
    require_action_phase_turn,
    require_standing,
    sheet_of,
    skill_name,
)
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power, PowerType
from fracas.rules.kaiser.shielding import (
    RADIUS,
    Shield,
    absorbed,
    barrier_data,
    barrier_roll,
    shield_for,
    verify_shield,
)
from fracas.rules.kaiser.states import (
    characteristic_key,
    characteristic_of,
    sacrifices,
    skill_key,
    state_parts,
)
from fracas.rules.kaiser.vocabulary import Characteristic, Defence
from fracas.rules.kaiser.wounds import wound

Parts = list[tuple[str, int]]


def power_named(combatant: Combatant, name: str) -> Power:
    """The power called ``name`` (any case, a unique prefix)."""
    powers = sheet_of(combatant).powers
    wanted = name.lower()
    found = [x for x in powers if x.name.lower() == wanted] or [
        x for x in powers if x.name.lower().startswith(wanted)
    ]
    if len(found) != 1:
        known = ", ".join(x.name for x in powers) or "none"
        raise IllegalAction(
            "unknown-power", f"{combatant.name} has no single power {name!r} ({known})"
        )
    return found[0]


def require_intention(combatant: Combatant, power: Power) -> None:
    """A magic, phenom or spirit power needs its Intention declared this round."""
    kind = p.INTENTIONS.get(power.source)
    declared = [i.partition(":")[0] for i in intentions(combatant)]
    if kind is not None and kind not in declared:
        raise IllegalAction(
            "no-intention",
            f"{power.name} is a {power.source.value} power: declare the {kind} Intention first",
        )


@dataclass(frozen=True)
class Resisting:
    """Everything a target's Resistance Check against a power depends on."""

    caster: CombatantId
    power: Power
    allow: bool
    round: int
    vital: bool = False
    """The hit is directed at a vulnerable point (head or heart)."""


MISSES = "it misses"


def aimed(
    caster: CombatantId,
    power: Power,
    offence: CheckRoll,
    parts: tuple[tuple[str, int], ...],
    difficulty: int,
) -> CheckRolled:
    """Aiming an Automatic or Trigger power at a target in a difficult position: the Offensive
    Roll against the difficulty; a tie succeeds, as on any Difficulty check."""
    margin = degrees(offence.total, difficulty, tie_succeeds=True)
    result = f"{margin} DoS" if margin > 0 else f"{-margin} DoF: {MISSES}"
    return CheckRolled(caster, f"Aim {power.name}", offence, parts, difficulty, result)


NEGATES_DETECTION = "negates_detection"
"""Effect data: its bearer cannot be found by Detection powers."""


class PowerRule:
    def __init__(self, settings: KaiserSettings) -> None:
        self.settings = settings

    def _verify_targets(
        self, state: EncounterState, caster: Combatant, power: Power, targets: Sequence[CombatantId]
    ) -> None:
        for target_id in targets:
            target = state[target_id]
            if is_dead(target):
                raise IllegalAction("dead-target", f"{power.name}: {target.name} is dead")
            if not can_hit(
                target_immaterial=sheet_of(target).immaterial, imbued=p.hits_immaterial(power)
            ):
                raise IllegalAction(
                    "immaterial", f"{power.name} cannot touch {target.name}, who is immaterial"
                )
        if power.presence is not None:
            presences = [sheet_of(state[t]).presence for t in targets]
            if not p.fits_presence(power.presence, presences):
                raise IllegalAction(
                    "affected-presence",
                    f"{power.name} affects {power.presence} presence; these targets have"
                    f" {sum(presences)}",
                )

    @staticmethod
    def _verify_allow(state: EncounterState, targets: Sequence[CombatantId], agreed: bool) -> None:
        for target_id in targets:
            target = state[target_id]
            personalities = sheet_of(target).personalities
            if not p.may_choose_to_fail(aware=True, personalities=personalities, all_agree=agreed):
                raise IllegalAction(
                    "not-all-agree",
                    f"{target.name} has {personalities} personalities: all must agree (-agreed)"
                    " to fail the Resistance Check",
                )

    def resist(
        self, state: EncounterState, target: Combatant, how: Resisting, dice: DiceSource
    ) -> list[Event]:
        """The target's Resistance Check against the power, and what a failure leaves.
        Seed: "Detection powers can be negated by some powers": a target under such a power's
        effect is not detected and makes no check."""
        power = how.power
        if PowerType.DETECTION in power.types:
            hiding = next((e for e in target.effects if e.data.get(NEGATES_DETECTION)), None)
            if hiding is not None:
                return [Note(f"{hiding.name} hides it from {power.name}", target.id)]
        if how.allow or (target.id == how.caster and PowerType.AUTOMATIC in power.types):
            why = "chooses to fail" if how.allow else "uses it on itself"
            note = Note(f"{why}: no Resistance Check against {power.name}", target.id)
            return [note, *self._suffer(target, how, None)]
        value = sheet_of(target).resistances[power.resistance]
        parts: Parts = [(power.resistance.short, value)]
        if PowerType.DETECTION in power.types and (ki := sheet_of(target).skills.conceal_ki):
            parts.append(("Conceal Ki", ki))
        check = roll_resistance_check(dice, sum(v for _, v in parts))
        difficulty = p.resistance_difficulty(power, self.settings.automatic_difficulty)
        margin = degrees(
            check.total, difficulty, tie_succeeds=self.settings.resistance_ties_succeed
        )
        result = f"{margin} DoS" if margin > 0 else f"{-margin} DoF"
        name = f"{power.resistance.short} against {power.name}"
        events: list[Event] = [
            CheckRolled(target.id, name, check, tuple(parts), difficulty, result)
        ]
        if margin <= 0:
            return events + self._suffer(target, how, -margin)
        if PowerType.TRIGGER in power.types or PowerType.DETECTION in power.types:
            data: dict[str, Scalar] = {POWER: power.name, COUNTDOWN: margin, IMMUNITY: True}
            immune = Effect(immunity_name(power.name), source=how.caster, data=data)
            events.append(EffectApplied(target.id, immune))
        return events

    def _suffer(self, target: Combatant, how: Resisting, failure: int | None) -> list[Event]:
        power = how.power
        if PowerType.DETECTION in power.types:
            return [Detected(how.caster, target.id, power.name)]
        events: list[Event] = []
        if power.effect is not None:
            data = lingering_data(power.name, power.resistance, self._difficulty(power), failure)
            data.update({skill_key(s): v for s, v in power.skill_bonuses.items()})
            data.update({characteristic_key(c): v for c, v in power.characteristic_bonuses.items()})
            if power.negates_detection:
                data[NEGATES_DETECTION] = True
            events.append(
                EffectApplied(target.id, Effect(power.effect, source=how.caster, data=data))
            )
        for grant in power.grants:
            data = {**modifier_data(grant), POWER: power.name}
            events.append(
                EffectApplied(target.id, Effect(grant.name, source=how.caster, data=data))
            )
        return events

    def offensive_roll(
        self,
        caster: Combatant,
        power: Power,
        dice: DiceSource,
        *,
        bonus: int = 0,
        advantage: int = 0,
        against: CombatantId | None = None,
    ) -> tuple[CheckRoll, tuple[tuple[str, int], ...]]:
        """The power's Offensive Roll: its Skill, the modifiers given, the caster's States."""
        skill = sheet_of(caster).skills[power.skill]
        parts: Parts = [(skill_name(power.skill), skill)]
        if bonus:
            parts.append(("modifiers", bonus))
        parts += state_parts(caster, settings=self.settings, against=against, skill=power.skill)
        total = sum(v for _, v in parts)
        rolled = roll_skill_check(dice, total, net_advantage=advantage, final_skill=skill)
        return rolled, tuple(parts)

    def _difficulty(self, power: Power) -> int:
        return p.resistance_difficulty(power, self.settings.automatic_difficulty)


class UseRule(PowerRule):
    def cost(self, state: EncounterState, action: a.Use) -> Cost:
        power = power_named(state[acting(action)], action.power)
        return {"AP": power.ap} if power.ap else {}

    def verify(self, state: EncounterState, action: a.Use) -> None:
        actor = acting(action)
        require_action_phase_turn(state, actor, action.verb)
        caster = state[actor]
        power = power_named(caster, action.power)
        usable = {PowerType.ATTACK, PowerType.EFFECT, PowerType.AUTOMATIC}
        if not power.types & usable:
            kinds = ", ".join(sorted(power.types))
            raise IllegalAction(
                "not-used-so", f"{power.name} is a {kinds} power: it is not used with use"
            )
        require_intention(caster, power)
        if not p.in_range(power, action.distance):
            raise IllegalAction(
                "out-of-range",
                f"{power.name} reaches {power.range_ft} feet; the target is {action.distance}",
            )
        targets = self._affected(state, action, power)
        if PowerType.ATTACK in power.types and actor in targets:
            raise IllegalAction("self-target", f"{power.name}: you cannot attack yourself")
        self._verify_targets(state, caster, power, targets)
        if action.allow:
            self._verify_allow(state, targets, action.agreed)
        if p.needs_offensive_roll(power, difficult_position=action.difficult is not None):
            self._verify_defences(state, caster, power, targets, action)
        self._verify_collision(state, caster, power, action)
        self._verify_shelter(state, caster, power, targets, action)

    @staticmethod
    def _verify_shelter(
        state: EncounterState,
        caster: Combatant,
        power: Power,
        targets: Sequence[CombatantId],
        action: a.Use,
    ) -> None:
        """Covering an area: "a barrier used to protect an area can be created using a Swift
        Action as part of the Defense as long as you are one of the covered creatures"."""
        if action.sheltered_by is None:
            return
        who = state[action.sheltered_by]
        if action.sheltered_by not in targets or not power.area or action.defence != "barrier":
            raise IllegalAction(
                "no-shelter",
                f"{who.name} can raise a barrier over the area only when the area attack strikes"
                " them too and the targets defend with it (-defence barrier)",
            )
        barrier = next((x for x in sheet_of(who).powers if PowerType.DEFENSE in x.types), None)
        if barrier is None:
            raise IllegalAction("no-barrier", f"{who.name} has no Defense power")
        immaterial = sheet_of(caster).immaterial or p.only_imbued_blocks(power)
        if immaterial and not barrier.imbued:
            raise IllegalAction(
                "immaterial-attack", f"{barrier.name} cannot block an immaterial attack"
            )

    def _verify_collision(
        self, state: EncounterState, caster: Combatant, power: Power, action: a.Use
    ) -> None:
        for collider in self._colliders(state, action):
            require_intention(collider.combatant, collider.power)
            verify_collision(state, caster, power, collider, settings=self.settings)

    @staticmethod
    def _colliders(state: EncounterState, action: a.Use) -> list[Collider]:
        if action.collide_with is not None and len(action.collide_by) != 1:
            raise IllegalAction(
                "collision", "-collide-with names the power of one collider (-collide-by)"
            )
        if len(set(action.collide_by)) != len(action.collide_by):
            raise IllegalAction("collision", "each collider takes the reaction once")
        colliders: list[Collider] = []
        for who in action.collide_by:
            named = action.collide_with
            chosen = power_named(state[who], named) if named is not None else None
            colliders.append(Collider(state[who], collider_power(state[who], chosen)))
        return colliders

    def _affected(
        self, state: EncounterState, action: a.Use, power: Power
    ) -> tuple[CombatantId, ...]:
        """The targets given, less those a selective area power spares; an Automatic power with
        none given is used on its user."""
        targets = action.targets
        if not targets:
            if PowerType.AUTOMATIC in power.types and not power.types & {
                PowerType.ATTACK,
                PowerType.EFFECT,
            }:
                return (acting(action),)
            raise IllegalAction("no-target", f"{power.name}: name its targets with -on")
        for spared in action.spare:
            aware = not state[spared].hidden
            if (
                spared not in targets
                or not power.area
                or not p.may_spare(selective=power.selective, aware_of_target=aware)
            ):
                raise IllegalAction(
                    "target-selection",
                    f"{power.name} cannot leave {state[spared].name} out: an area power strikes"
                    " everyone in it unless it lets you choose, and only those you know of",
                )
        return tuple(t for t in targets if t not in action.spare)

    @staticmethod
    def _verify_defences(
        state: EncounterState,
        caster: Combatant,
        power: Power,
        targets: Sequence[CombatantId],
        action: a.Use,
    ) -> None:
        for target_id in targets:
            target = state[target_id]
            defence = chosen_defence(target, action.defence)
            if defence is Defence.BARRIER and action.sheltered_by is not None:
                continue
            if defence is Defence.BARRIER:
                verify_shield(
                    state,
                    target_id,
                    CoverRange(action.cover_range),
                    attack_immaterial=sheet_of(caster).immaterial,
                    effect_power=p.only_imbued_blocks(power),
                )
                continue
            imbued_object = sheet_of(target).imbued_shield
            if not p.blockable(power, defence, imbued_object=imbued_object):
                raise IllegalAction(
                    "cannot-block-effect",
                    f"{target.name} cannot block {power.name}: Effect powers are blocked only by"
                    " those who can touch immaterial objects",
                )
            if not can_defend(
                defence, attack_immaterial=sheet_of(caster).immaterial, imbued_object=imbued_object
            ):
                raise IllegalAction(
                    "immaterial-attack",
                    f"{target.name} can only dodge an immaterial attack or block it with an"
                    " imbued object",
                )

    def resolve(self, state: EncounterState, action: a.Use, dice: DiceSource) -> Sequence[Event]:
        caster = state[acting(action)]
        power = power_named(caster, action.power)
        targets = self._affected(state, action, power)
        events: list[Event] = [
            PowerUsed(caster.id, power.name, targets),
            *sacrifices(caster, power),
        ]
        how = Resisting(caster.id, power, action.allow, state.clock.round, action.vital)
        offence: CheckRoll | None = None
        if p.needs_offensive_roll(power, difficult_position=action.difficult is not None):
            single = action.targets[0] if len(action.targets) == 1 else None
            offence, parts = self.offensive_roll(
                caster, power, dice, bonus=action.bonus, advantage=action.advantage, against=single
            )
            if not power.types & {PowerType.ATTACK, PowerType.EFFECT}:
                assert action.difficult is not None
                aim = aimed(caster.id, power, offence, parts, action.difficult)
                events.append(aim)
                if aim.result.endswith(MISSES):
                    return events
                offence = None
            else:
                events.append(
                    CheckRolled(caster.id, f"Offensive Roll with {power.name}", offence, parts)
                )
        if offence is None:
            for target_id in targets:
                now = reduce(state, events)
                events += self.resist(now, now[target_id], how, dice)
            return events
        if action.sheltered_by is not None:
            events += self._shelter(state, action.sheltered_by, targets)
        if action.collide_by:
            colliders = self._colliders(state, action)
            clash, flight = collide(
                caster, power, offence.total, colliders, dice, settings=self.settings
            )
            events += clash
            if flight is None:
                return events
            how = Resisting(
                flight.attacker, flight.power, action.allow, state.clock.round, action.vital
            )
            if flight.attacker != caster.id:
                targets = (caster.id,)
            return self._strikes(state, events, targets, how, flight.offence, action, dice)
        return self._strikes(state, events, targets, how, offence.total, action, dice)

    @staticmethod
    def _shelter(
        state: EncounterState, creator: CombatantId, targets: Sequence[CombatantId]
    ) -> list[Event]:
        """The Swift area barrier, raised over every target of the area attack."""
        sheltering = state[creator]
        power = next(x for x in sheet_of(sheltering).powers if PowerType.DEFENSE in x.types)
        data = barrier_data(power, Cover.AREA, targets)
        data[RADIUS] = area_radius_feet(characteristic_of(sheltering, Characteristic.FOCUS))
        return [EffectApplied(creator, Effect(power.name, source=creator, data=data))]

    def _strikes(
        self,
        state: EncounterState,
        events: list[Event],
        targets: Sequence[CombatantId],
        how: Resisting,
        offence: int,
        action: a.Use,
        dice: DiceSource,
    ) -> list[Event]:
        """Each target defends; those under one area barrier share its one roll, and the
        barriers that blocked take the damage for every creature they protected."""
        rolled: dict[str, int] = {}
        blocked: dict[str, tuple[Shield, list[CombatantId]]] = {}
        for target_id in targets:
            now = reduce(state, events)
            target = now[target_id]
            shield = None
            defence_events: list[Event] = []
            if chosen_defence(target, action.defence) is Defence.BARRIER:
                shield = shield_for(now, target_id)
                assert shield is not None
                key = _shield_key(shield, target_id)
                if key in rolled:
                    total = rolled[key]
                else:
                    where = CoverRange(action.cover_range)
                    total, defence_events = barrier_roll(
                        now,
                        shield,
                        target_id,
                        where,
                        dice,
                        settings=self.settings,
                        against=how.caster,
                    )
                    rolled[key] = total
            else:
                total, defence_events = self._defend(target, how, action, dice)
            events += defence_events
            outcome = self._struck(reduce(state, events), target_id, how, offence, total, dice)
            events += outcome
            if shield is not None and Exchange(offence, total).outcome == "miss":
                key = _shield_key(shield, target_id)
                blocked.setdefault(key, (shield, []))[1].append(target_id)
        power = how.power
        hit = (power.base_damage or 0, power.damage_type, p.hits_immaterial(power))
        for shield, struck in blocked.values():
            now = reduce(state, events)
            events += absorbed(now, shield, struck, hit, dice, settings=self.settings)
        return events

    def _defend(
        self, target: Combatant, how: Resisting, action: a.Use, dice: DiceSource
    ) -> tuple[int, list[Event]]:
        defence = chosen_defence(target, action.defence)
        unseen = p.unseen(how.power, sheet_of(target).visions)
        return defend(
            target, defence, dice, settings=self.settings, unseen=unseen, against=how.caster
        )

    def _struck(
        self,
        state: EncounterState,
        target_id: CombatantId,
        how: Resisting,
        offence: int,
        total: int,
        dice: DiceSource,
    ) -> list[Event]:
        """The Offensive Roll against one target's Defensive Roll, and what a hit does."""
        power = how.power
        target = state[target_id]
        exchange = Exchange(offence, total)
        events: list[Event] = [
            AttackResolved(
                how.caster,
                target.id,
                power.name,
                offence,
                total,
                exchange.outcome,
                exchange.degrees,
            )
        ]
        if exchange.outcome != "hit":
            return events
        events += hit_ap_loss(target, settings=self.settings)
        material = not sheet_of(state[how.caster]).immaterial
        defences = defences_of(
            target, power.damage_type, imbued=p.hits_immaterial(power), material=material
        )
        if p.deals_damage(power):
            assert power.base_damage is not None
            account = damage_account(
                exchange.degrees, power.base_damage, power.damage_type, defences
            )
            events += wound(
                reduce(state, events),
                target.id,
                account,
                dice,
                settings=self.settings,
                ghostly=power.ghostly,
                vital=how.vital,
            )
        units = units_of_damage(exchange.degrees, defences)
        if p.forces_check(power, units):
            events += self.resist(
                reduce(state, events), reduce(state, events)[target.id], how, dice
            )
        if power.mark is not None:
            ends = Anchor(how.round + power.mark_rounds, how.caster, Moment.END)
            mark = Effect(f"Marked ({power.mark})", ends=ends, source=how.caster)
            events.append(EffectApplied(target.id, mark))
        return events


def _shield_key(shield: Shield, target: CombatantId) -> str:
    """Targets under one raised area barrier share its roll; any other barrier is its own."""
    if shield.effect is not None and shield.cover is Cover.AREA:
        return shield.effect.id
    return f"{shield.creator}:{shield.power.name}:{target}"


class TriggerRule(PowerRule):
    def cost(self, state: EncounterState, action: a.Trigger) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Trigger) -> None:
        actor = acting(action)
        if not state.clock.started:
            raise IllegalAction("not-started", "trigger: combat has not started yet")
        owner = state[actor]
        power = power_named(owner, action.power)
        if not power.types & {PowerType.TRIGGER, PowerType.DETECTION}:
            raise IllegalAction("not-a-trigger", f"{power.name} is not a Trigger power")
        if not action.targets:
            raise IllegalAction("no-target", f"{power.name}: name who meets its conditions (-on)")
        for target_id in action.targets:
            if is_immune(state[target_id], power.name):
                raise IllegalAction(
                    "immune",
                    f"{state[target_id].name} passed the check against {power.name} and is"
                    " immune to it for now",
                )
        self._verify_targets(state, owner, power, action.targets)
        if not p.in_range(power, action.distance):
            raise IllegalAction(
                "out-of-range",
                f"{power.name}'s centre must lie within {power.range_ft} feet",
            )
        if action.allow:
            self._verify_allow(state, action.targets, agreed=False)

    def resolve(
        self, state: EncounterState, action: a.Trigger, dice: DiceSource
    ) -> Sequence[Event]:
        owner = state[acting(action)]
        power = power_named(owner, action.power)
        how = Resisting(owner.id, power, action.allow, state.clock.round)
        events: list[Event] = [PowerUsed(owner.id, power.name, action.targets)]
        if action.difficult is not None:
            single = action.targets[0] if len(action.targets) == 1 else None
            offence, parts = self.offensive_roll(owner, power, dice, against=single)
            aim = aimed(owner.id, power, offence, parts, action.difficult)
            events.append(aim)
            if aim.result.endswith(MISSES):
                return events
        for target_id in action.targets:
            now = reduce(state, events)
            events += self.resist(now, now[target_id], how, dice)
        return events


class DropRule:
    def cost(self, state: EncounterState, action: a.Drop) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Drop) -> None:
        actor = acting(action)
        require_standing(state, actor)
        power = power_named(state[actor], action.power)
        if not power_effects(list(state), actor, power.name):
            raise IllegalAction("not-maintained", f"{power.name} keeps no effect on anyone")

    def resolve(self, state: EncounterState, action: a.Drop, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        power = power_named(state[actor], action.power)
        return [
            EffectEnded(holder.id, effect.id, reason=f"{power.name} ended")
            for holder, effect in power_effects(list(state), actor, power.name)
        ]
