"""The Intention phase and the other Active Actions of a turn.

SOURCES.md 1.9: "Round = Intention phase (declare intentions, spend AP, roll initiative), then
Action phase (Active/Reaction/Swift actions by initiative), then End phase". Kaiser's Action
Points page: "You can declare multiple Intentions, but can only declare each one once."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.dice import DiceSource
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser.queries import (
    AP,
    INTENTIONS,
    MOVED,
    acting,
    in_intention_phase,
    intentions,
    one_named,
    require_action_phase_turn,
    require_standing,
    sheet_of,
)
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Weapon

ATTACK_PREFIX = "attack:"


def weapon_named(combatant: Combatant, name: str | None) -> Weapon:
    """The weapon called ``name`` (any case, a unique prefix), or the first weapon."""
    weapons = sheet_of(combatant).weapons
    if not weapons:
        raise IllegalAction("no-weapon", f"{combatant.name} has no weapon")
    if name is None:
        return weapons[0]
    return one_named(weapons, name, "weapon", combatant.name)


def intended_weapon(combatant: Combatant) -> str | None:
    """The weapon of the Attack Intention declared this round, or None without one."""
    for intention in intentions(combatant):
        if intention.startswith(ATTACK_PREFIX):
            return intention[len(ATTACK_PREFIX) :]
    return None


def initiative_penalty(combatant: Combatant) -> int:
    """The Attack Intention's weapon's Initiative Penalty ("applied to your Initiative
    Roll")."""
    name = intended_weapon(combatant)
    if name is None:
        return 0
    return next((w.initiative_penalty for w in sheet_of(combatant).weapons if w.name == name), 0)


@dataclass(frozen=True)
class IntendRule:
    settings: KaiserSettings

    def cost(self, state: EncounterState, action: a.Intend) -> Cost:
        if action.intention == "attack":
            weapon = weapon_named(state[acting(action)], action.weapon)
            return {AP: weapon.cost + self.settings.attack_intention_ap}
        ap = {
            "magic": self.settings.magic_intention_ap,
            "phenom": self.settings.phenom_intention_ap,
            "spirit": self.settings.spirit_intention_ap,
        }[action.intention]
        return {AP: ap}

    def verify(self, state: EncounterState, action: a.Intend) -> None:
        actor = acting(action)
        require_standing(state, actor)
        if not in_intention_phase(state) or not state.is_turn_of(actor):
            raise IllegalAction(
                "not-intention-phase", "intend: Intentions are declared in the Intention phase"
            )
        declared = [i.partition(":")[0] for i in intentions(state[actor])]
        if action.intention in declared:
            raise IllegalAction(
                "intention-declared",
                f"{state[actor].name} has declared the {action.intention} Intention already"
                " (each Intention only once a round)",
            )
        if action.intention == "attack":
            weapon_named(state[actor], action.weapon)
        elif action.weapon is not None:
            raise IllegalAction("no-weapon-here", "only the Attack Intention names a weapon")

    def resolve(self, state: EncounterState, action: a.Intend, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        entry: str = action.intention
        if action.intention == "attack":
            entry = ATTACK_PREFIX + weapon_named(state[actor], action.weapon).name
        declared = ",".join((*intentions(state[actor]), entry))
        return [MarkSet(actor, INTENTIONS, declared)]


@dataclass(frozen=True)
class MoveRule:
    settings: KaiserSettings

    def cost(self, state: EncounterState, action: a.Move) -> Cost:
        return {AP: self.settings.move_ap}

    def verify(self, state: EncounterState, action: a.Move) -> None:
        actor = acting(action)
        require_action_phase_turn(state, actor, action.verb)
        if state[actor].marks.get(MOVED):
            raise IllegalAction("moved", "move: the Move action can be taken once a round")

    def resolve(self, state: EncounterState, action: a.Move, dice: DiceSource) -> Sequence[Event]:
        return [MarkSet(acting(action), MOVED, True)]
