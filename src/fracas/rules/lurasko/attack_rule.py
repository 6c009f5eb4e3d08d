"""The Attack action's rule: its cost, what the rules forbid, and which strike resolves it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.dice import DiceSource
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.lurasko import actions as a
from fracas.rules.lurasko.area import AreaStrike
from fracas.rules.lurasko.attack import Strike, weapon_of
from fracas.rules.lurasko.queries import ACTED, ACTIONS, sheet_of, standing
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.turns import acting, require_turn
from fracas.rules.lurasko.vocabulary import Reach


@dataclass(frozen=True)
class AttackRule:
    settings: LuraskoSettings

    def cost(self, state: EncounterState, action: a.Attack) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Attack) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        attacker, target = state[actor], state[action.target]
        if target.id == actor:
            raise IllegalAction("self-target", "attack: you cannot attack yourself")
        if not standing(target):
            raise IllegalAction("target-dead", f"attack: {target.name} is already dead")
        weapon = weapon_of(attacker, action.weapon)
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
        self._verify_area(state, action, weapon.area or weapon.all_energy)
        if action.kinetic and (melee or weapon.damage is None or weapon.energy is None):
            raise IllegalAction(
                "not-kinetic",
                "attack: -kinetic: a projectile with added energy, stopped by a kinetic shield",
            )
        if action.climbed and not sheet_of(target).vehicle:
            raise IllegalAction("not-a-vehicle", f"attack: {target.name} is not a vehicle to climb")
        strength = sheet_of(attacker).strength
        if action.strength is not None and not 0 <= action.strength <= strength:
            raise IllegalAction(
                "bad-strength", f"STR can be lowered to 0–{strength}, not {action.strength}"
            )

    @staticmethod
    def _verify_area(state: EncounterState, action: a.Attack, area: bool) -> None:
        """Only an area weapon, or an all-energy one whose overeffect may burst, catches others;
        they are neither the attacker nor the target, each named once, and alive."""
        if not action.around:
            return
        if not area:
            raise IllegalAction(
                "not-an-area", "attack: only an area or all-energy weapon catches -around others"
            )
        if {action.actor, action.target} & set(action.around):
            raise IllegalAction(
                "bad-around", "attack: -around names the others, not you or the target"
            )
        if len(set(action.around)) != len(action.around):
            raise IllegalAction("bad-around", "attack: -around names each character once")
        for other in action.around:
            if not standing(state[other]):
                raise IllegalAction("target-dead", f"attack: {state[other].name} is already dead")

    def resolve(
        self, state: EncounterState, action: a.Attack, dice_: DiceSource
    ) -> Sequence[Event]:
        weapon = weapon_of(state[acting(action)], action.weapon)
        kind = AreaStrike if weapon.area else Strike
        events = kind(state, action, self.settings, dice_).resolve()
        return [*events, MarkSet(acting(action), ACTED, True)]
