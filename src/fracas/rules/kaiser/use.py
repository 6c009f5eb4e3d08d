"""Using powers: the ``use`` action (Attack, Effect and Automatic powers).

Attack and Effect powers are aimed like a thrown projectile: one Offensive Roll, each target's
Defensive Roll. An Attack power deals Units of Damage x its Base Damage; an Effect power forces
its Resistance Check on one Unit of Damage. Automatic powers need no roll unless the target is
in a difficult position; their targets resist with the listed check, or SR 8. The targets of an
area attack under one area barrier share its one Defensive Roll; an attack power in flight may
meet the Collide Power reaction.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, reduce
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser import powers as p
from fracas.rules.kaiser.attack import (
    Exchange,
    ap_lost_on_hit,
    chosen_defence,
    defend,
    hit_ap_loss,
    may_block,
)
from fracas.rules.kaiser.barriers import Cover, CoverRange
from fracas.rules.kaiser.checks import CheckRoll
from fracas.rules.kaiser.colliding import Collider, collide, collider_power, verify_collision
from fracas.rules.kaiser.damage import damage_account, units_of_damage
from fracas.rules.kaiser.defences import defences_of
from fracas.rules.kaiser.events import AttackResolved, CheckRolled, PowerUsed
from fracas.rules.kaiser.folded import Folded
from fracas.rules.kaiser.immaterial import can_defend
from fracas.rules.kaiser.innate import require_no_innate_spell_kept
from fracas.rules.kaiser.power_rules import (
    MISSES,
    PowerRule,
    Resisting,
    aimed,
    cast,
    from_innate_mana,
    power_cost,
    power_named,
    require_prepared,
)
from fracas.rules.kaiser.queries import (
    DEFENCES,
    acting,
    require_action_phase_turn,
    sheet_of,
)
from fracas.rules.kaiser.sheet import Power, PowerType
from fracas.rules.kaiser.shielding import (
    Shield,
    absorbed,
    barrier_roll,
    raised_now,
    require_swift,
    shield_for,
    verify_shield,
)
from fracas.rules.kaiser.states import (
    sacrifices,
)
from fracas.rules.kaiser.vocabulary import Defence
from fracas.rules.kaiser.warding import Incoming, verify_ward, ward_roll
from fracas.rules.kaiser.wounds import wound

UNREAD = frozenset({DEFENCES})
"""The target's marks a power's Exchange does not read."""

USABLE = frozenset({PowerType.ATTACK, PowerType.EFFECT, PowerType.AUTOMATIC})
"""The types of the powers ``use`` takes."""


class UseRule(PowerRule):
    def cost(self, state: EncounterState, action: a.Use) -> Cost:
        caster = state[acting(action)]
        return power_cost(caster, power_named(caster, action.power))

    def verify(self, state: EncounterState, action: a.Use) -> None:
        actor = acting(action)
        require_action_phase_turn(state, actor, action.verb)
        caster = state[actor]
        power = power_named(caster, action.power)
        if not power.types & USABLE:
            kinds = ", ".join(sorted(power.types))
            raise IllegalAction(
                "not-used-so", f"{power.name} is a {kinds} power: it is not used with use"
            )
        require_prepared(caster, power)
        innate = from_innate_mana(caster, power)
        require_no_innate_spell_kept(state, caster, power, innate=innate)
        reach = p.reach(power, self.settings.unlisted_range_ft)
        if not p.in_range(reach, action.distance):
            raise IllegalAction(
                "out-of-range",
                f"{power.name} reaches {reach} feet; the target is {action.distance}",
            )
        targets = self._affected(state, action, power)
        if action.own_defence and not set(action.own_defence) <= set(targets):
            raise IllegalAction("own-defence", "-own-defence names targets of the power only")
        if PowerType.ATTACK in power.types and actor in targets:
            raise IllegalAction("self-target", f"{power.name}: you cannot attack yourself")
        self._verify_targets(state, caster, power, targets)
        if action.allow:
            self._verify_allow(state, targets, action.agreed)
        if p.needs_offensive_roll(power, difficult_position=action.difficult is not None):
            self._verify_defences(state, caster, power, targets, action)
        if action.collide_by or action.collide_with is not None:
            self._verify_collision(state, caster, power, action)
        if action.sheltered_by is not None:
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
        barrier = next((x for x in sheet_of(who).powers if x.raises_barrier), None)
        if barrier is None:
            raise IllegalAction("no-barrier", f"{who.name} has no Defense power")
        immaterial = sheet_of(caster).immaterial or p.only_imbued_blocks(power)
        if immaterial and not barrier.imbued:
            raise IllegalAction(
                "immaterial-attack", f"{barrier.name} cannot block an immaterial attack"
            )
        require_swift(who, barrier)

    def _verify_collision(
        self, state: EncounterState, caster: Combatant, power: Power, action: a.Use
    ) -> None:
        for collider in self._colliders(state, action):
            require_prepared(collider.combatant, collider.power)
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
            defence = chosen(target, caster, power, action)
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
            if defence is Defence.POWER:
                immaterial = sheet_of(caster).immaterial or p.only_imbued_blocks(power)
                verify_ward(target, Incoming(power.damage_type, immaterial))
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
            *cast(caster, power),
            *sacrifices(caster, power),
        ]
        innate = from_innate_mana(caster, power)
        how = Resisting(
            caster.id, power, action.allow, state.clock.round, action.vital, innate=innate
        )
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
        power = next(x for x in sheet_of(sheltering).powers if x.raises_barrier)
        return raised_now(sheltering, power, Cover.AREA, targets, since=state.clock.round)

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
        after = Folded(state, events)
        caster = state[how.caster]  # its sheet, all ``chosen`` reads of it, no event changes
        for target_id in targets:
            target = after.combatant(target_id)
            shield = None
            defence_events: list[Event] = []
            defence = chosen(target, caster, how.power, action)
            if defence is Defence.BARRIER:
                now = after.now()
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
                total, defence_events = self.defended(target, defence, how, dice)
            events += defence_events
            outcome = self.exchange(after, caster, target_id, how, offence, total, dice)
            events += outcome
            if shield is not None and Exchange(offence, total).outcome == "miss":
                key = _shield_key(shield, target_id)
                blocked.setdefault(key, (shield, []))[1].append(target_id)
        power = how.power
        hit = (power.base_damage or 0, power.damage_type, p.hits_immaterial(power))
        for shield, struck in blocked.values():
            now = after.now()
            material = not sheet_of(now[how.caster]).immaterial
            events += absorbed(
                now, shield, struck, hit, dice, settings=self.settings, material=material
            )
        return events

    def defended(
        self, target: Combatant, defence: Defence, how: Resisting, dice: DiceSource
    ) -> tuple[int, list[Event]]:
        """One target's Defensive Roll with its ``defence`` (Dodge, Block or ward: ``chosen``)
        against the power: its total and events (a barrier's is ``barrier_roll``, shared by
        those under one area barrier)."""
        unseen = p.unseen(how.power, sheet_of(target).visions)
        if defence is Defence.POWER:
            return ward_roll(
                target, dice, settings=self.settings, unseen=unseen, against=how.caster
            )
        return defend(
            target, defence, dice, settings=self.settings, unseen=unseen, against=how.caster
        )

    def exchange(
        self,
        after: Folded,
        caster: Combatant,
        target_id: CombatantId,
        how: Resisting,
        offence: int,
        total: int,
        dice: DiceSource,
    ) -> list[Event]:
        """The Offensive Roll against one target's Defensive Roll, and what a hit does, after
        the events so far (``after``: the power's, the defences'). The Exchange reads the
        caster's sheet alone, and the target's pools, effects, sheet and marks other than the
        defences made this round (which its own Defensive Roll has just counted), so the
        events need not be folded for it when they changed nothing else of the target's."""
        power = how.power
        target = after.combatant(target_id, unread=UNREAD)
        exchange = Exchange(offence, total)
        outcome, degrees = exchange.outcome, exchange.degrees  # each a computed property
        events: list[Event] = [
            AttackResolved(
                how.caster,
                target.id,
                power.name,
                offence,
                total,
                outcome,
                degrees,
            )
        ]
        if outcome != "hit":
            return events
        events += hit_ap_loss(target, settings=self.settings)
        material = not sheet_of(caster).immaterial
        defences = defences_of(
            target, power.damage_type, imbued=p.hits_immaterial(power), material=material
        )
        if p.deals_damage(power):
            assert power.base_damage is not None
            account = damage_account(degrees, power.base_damage, power.damage_type, defences)
            events += wound(
                after.state,  # shows ``target``, all it reads (the hit's AP loss: ``ap_lost``)
                target.id,
                account,
                dice,
                settings=self.settings,
                ghostly=power.ghostly,
                vital=how.vital,
                ap_lost=ap_lost_on_hit(target, settings=self.settings),
            )
        units = units_of_damage(degrees, defences)
        if p.forces_check(power, units):
            now = reduce(after.now(), events)
            events += self.resist(now, now[target.id], how, dice)
        if power.mark is not None:
            ends = Anchor(how.round + power.mark_rounds, how.caster, Moment.END)
            mark = Effect(f"Marked ({power.mark})", ends=ends, source=how.caster)
            events.append(EffectApplied(target.id, mark))
        return events


def chosen(target: Combatant, caster: Combatant, power: Power, action: a.Use) -> Defence:
    """The target's defence: ``-defence``, or for those named with ``-own-defence`` the best
    of their own Dodge and Block (seed, Covering an Area: "each protected creature can choose
    whether to rely on your barrier or their own Defensive Skills"); ``best`` leaves Block
    out where the power cannot be blocked."""
    imbued_object = sheet_of(target).imbued_shield
    blocks = p.blockable(power, Defence.BLOCK, imbued_object=imbued_object)
    choice: a.DefenceChoice = "best" if target.id in action.own_defence else action.defence
    return chosen_defence(target, choice, may_block=blocks and may_block(caster, target))


def _shield_key(shield: Shield, target: CombatantId) -> str:
    """Targets under one raised area barrier share its roll; any other barrier is its own."""
    if shield.effect is not None and shield.cover is Cover.AREA:
        return shield.effect.id
    return f"{shield.creator}:{shield.power.name}:{target}"
