"""Pushing or teleporting a target into an occupied space (Moving and Teleporting).

Both are consequences of an attack or Ability, so they cost no AP: the game master or the
creature whose power caused the movement applies them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import ClassVar

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import Event, Note
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.momentum.checks import defense_roll_succeeds
from fracas.rules.momentum.collisions import (
    collision_damage,
    collision_dr_mode,
    stopping_distance_m,
    teleport_collision_hit,
)
from fracas.rules.momentum.defense_rolls import DefenseRoll
from fracas.rules.momentum.derived import dr_power_of, dr_value_of
from fracas.rules.momentum.events import CheckRolled
from fracas.rules.momentum.hit import Hit
from fracas.rules.momentum.queries import sheet_of
from fracas.rules.momentum.rolling import roll_d20
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.wounds import wound


@frozen
class Push(Action):
    """Force a target into an occupied space: the occupant's Strength DR halves the damage."""

    verb: ClassVar[str] = "push"
    game_master: ClassVar[bool] = True
    target: CombatantId
    into: CombatantId = field(metadata={"help": "who occupies the space"})
    distance: int = field(metadata={"help": "metres the target would have been moved"})
    by: CombatantId | None = field(
        default=None, metadata={"help": "whose power moves it (its DR Power; default: the actor)"}
    )


@frozen
class Teleport(Action):
    """Teleport a target into an occupied space: Reality damage to both, then it returns."""

    verb: ClassVar[str] = "teleport"
    game_master: ClassVar[bool] = True
    target: CombatantId
    into: CombatantId = field(metadata={"help": "who occupies the space"})
    distance: int = field(metadata={"help": "metres teleported"})


@frozen
class DisplacementRule:
    settings: MomentumSettings

    def cost(self, state: EncounterState, action: Push | Teleport) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Push | Teleport) -> None:
        if not state.clock.started:
            raise IllegalAction("not-started", f"{action.verb}: combat has not started yet")
        if action.into == action.target:
            raise IllegalAction(
                "same-space", f"{action.verb}: the target cannot collide with itself"
            )
        if action.distance < 1:
            raise IllegalAction("bad-distance", f"{action.verb}: the distance must be 1 m or more")
        if isinstance(action, Push) and (action.by or action.actor) is None:
            raise IllegalAction("no-mover", "push: say whose power moves it (-by NAME)")

    def resolve(
        self, state: EncounterState, action: Push | Teleport, dice: DiceSource
    ) -> Sequence[Event]:
        if isinstance(action, Teleport):
            return self._teleport(state, action)
        return self._push(state, action, dice)

    def _push(self, state: EncounterState, action: Push, dice: DiceSource) -> list[Event]:
        """Seed: "Moving a target into a space that is already occupied forces the creature or
        object occupying that space to make a Strength DR ... On a failure, you deal physical
        damage - equal to the full distance ... to both ... On a success, you only deal half as
        much damage. The moving target is stopped one space before it." """
        mover = action.by or action.actor
        assert mover is not None
        occupant, moved = sheet_of(state[action.into]), sheet_of(state[action.target])
        power = dr_power_of(sheet_of(state[mover]))
        bonus = dr_value_of(occupant, DefenseRoll.STRENGTH, settings=self.settings)
        result, natural = roll_d20(dice, collision_dr_mode(occupant.size, moved.size), bonus)
        saved = defense_roll_succeeds(
            natural=natural, dr_value=bonus, dr_power=power, is_object=occupant.is_object
        )
        hit = Hit((collision_damage(action.distance, occupant_succeeded=saved),))
        stop = stopping_distance_m(action.distance)
        return [
            CheckRolled(
                action.into,
                "Strength DR against the collision",
                result,
                power,
                "success" if saved else "failure",
            ),
            *wound(state, action.target, hit, settings=self.settings),
            *wound(state, action.into, hit, settings=self.settings),
            Note(f"{state[action.target].name} stops {stop} m along, one space short"),
        ]

    def _teleport(self, state: EncounterState, action: Teleport) -> list[Event]:
        """Seed: "Teleporting a target into a space that is already occupied deals Reality damage
        equal to the teleported distance to both ... The damage ignores Armor. The teleported
        target returns to its original position afterward. This cannot deal more than 100
        damage to a creature." """
        hit = teleport_collision_hit(action.distance, settings=self.settings)
        return [
            *wound(state, action.target, hit, settings=self.settings),
            *wound(state, action.into, hit, settings=self.settings),
            Note(f"{state[action.target].name} returns to where it was"),
        ]
