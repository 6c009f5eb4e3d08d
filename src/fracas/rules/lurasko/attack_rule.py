"""The Attack action's rule: its cost, what the rules forbid, and which strike resolves it."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, MarkSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.lurasko import actions as a
from fracas.rules.lurasko.area import AreaStrike
from fracas.rules.lurasko.attack import Strike, weapon_of
from fracas.rules.lurasko.queries import ACTED, ACTIONS, sheet_of, standing
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Weapon
from fracas.rules.lurasko.turns import acting, require_turn
from fracas.rules.lurasko.vocabulary import Reach
from fracas.rules.lurasko.zones import ZoneStrike


@frozen
class AttackRule:
    settings: LuraskoSettings

    def cost(self, state: EncounterState, action: a.Attack) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Attack) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        target = state.combatants[action.target]
        if target.id == actor:
            raise IllegalAction("self-target", "attack: you cannot attack yourself")
        if not standing(target):
            raise IllegalAction("target-dead", f"attack: {target.name} is already dead")
        attacker = state.combatants[actor]
        weapon = weapon_of(attacker, action.weapon)
        if action.reduce != 100 or action.halve or action.strength is not None:
            _verify_reduction(action, weapon, sheet_of(attacker).strength)
        if action.around or action.outskirts or action.inside:
            _verify_caught(state, action, weapon)
        if action.also is not None:
            _verify_dual(weapon, weapon_of(attacker, action.also))
        if action.kinetic and (
            weapon.reach is Reach.MELEE or not weapon.energy or weapon.all_energy
        ):
            raise IllegalAction(
                "not-kinetic",
                "attack: -kinetic: a projectile with added energy, stopped by a kinetic shield",
            )
        if action.climbed and not sheet_of(target).vehicle:
            raise IllegalAction("not-a-vehicle", f"attack: {target.name} is not a vehicle to climb")

    def resolve(
        self, state: EncounterState, action: a.Attack, dice_: DiceSource
    ) -> Sequence[Event]:
        weapon = weapon_of(state[acting(action)], action.weapon)
        kind = ZoneStrike if weapon.zone else AreaStrike if weapon.area else Strike
        events = kind(state, action, self.settings, dice_, weapon).resolve()
        events.append(MarkSet(acting(action), ACTED, True))  # the strike's own list, made for it
        return events


def _verify_reduction(action: a.Attack, weapon: Weapon, strength: int) -> None:
    """Lower STR and 50 % / 25 % for melee weapons, halving for ranged ones: asked only when
    a reduction is chosen (no attack the tactics make chooses one)."""
    melee = weapon.reach is Reach.MELEE
    if melee and action.halve:
        raise IllegalAction(
            "melee-halve", "halving damage and drive is for ranged weapons (-reduce for melee)"
        )
    if not melee and (action.reduce != 100 or action.strength is not None):
        raise IllegalAction(
            "ranged-reduce",
            "a ranged weapon's damage is lowered only by halving it (-halve, 3 Hindrance)",
        )
    if action.reduce not in (100, 50, 25):
        raise IllegalAction(
            "bad-reduction", "a melee weapon's damage is reduced to 50 or 25 percent only"
        )
    if action.strength is not None and not 0 <= action.strength <= strength:
        raise IllegalAction(
            "bad-strength", f"STR can be lowered to 0–{strength}, not {action.strength}"
        )


def _verify_dual(first: Weapon, second: Weapon) -> None:
    """Dual wielding: two different melee weapons."""
    if first is second:
        raise IllegalAction("same-weapon", f"attack: {first.name} cannot be wielded twice")
    if first.reach is not Reach.MELEE or second.reach is not Reach.MELEE:
        raise IllegalAction("not-dual", "attack: -and dual wields a second melee weapon")


def _verify_caught(state: EncounterState, action: a.Attack, weapon: Weapon) -> None:
    """Others are caught only by an area or zone weapon, or by an all-energy one whose
    overeffect may burst; a zone's outskirts only by a zone weapon. Each is named once, is
    neither the attacker nor the target, and is alive. Asked only when others are named (no
    attack the tactics make names any)."""
    others = (*action.around, *action.outskirts)
    if action.around and not (weapon.area or weapon.all_energy):
        raise IllegalAction(
            "not-an-area", "attack: only an area or all-energy weapon catches -around others"
        )
    if (action.outskirts or action.inside) and weapon.zone is None:
        raise IllegalAction("not-a-zone", "attack: -outskirts and -inside are for zone weapons")
    if {action.actor, action.target} & set(others) or len(set(others)) != len(others):
        raise IllegalAction(
            "bad-around", "attack: name each other character once, not you or the target"
        )
    for other in others:
        if not standing(state[other]):
            raise IllegalAction("target-dead", f"attack: {state[other].name} is already dead")
