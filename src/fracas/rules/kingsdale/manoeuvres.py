"""Moving, drawing a weapon and changing a magazine.

"Per Combat Phase … you have SPD x 5 ft per Phase … a speed of 10 could run (10 x 5 ft) 50 ft
per Phase, or walk 25 ft per Phase." Moving "does not use the action but any attacks done while
running are done shooting wild. Movement at half speed or lower does not incur this penalty."
Drawing a weapon and a magazine change each use one action.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectEnded, Event, MarkSet, Note, PoolSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.kingsdale.actions import Draw, Move, Reload
from fracas.rules.kingsdale.queries import ACTIONS, acting, require_pose, sheet_of
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import payload_pool

MOVED = "moved"
RUNNING = "running"
"""Marks: feet moved this pose, and whether that is a run (strikes are then shooting wild)."""
DRAWN = "drawn"
"""Mark prefix: ``drawn Laser Rifle`` is True once a holstered weapon is drawn."""


def run_feet(speed: int, settings: KingsdaleSettings) -> int:
    """ "SPD x 5 ft per Phase" at a run."""
    return speed * settings.feet_per_speed


def walk_feet(speed: int, settings: KingsdaleSettings) -> int:
    """ "walking is half speed"."""
    return run_feet(speed, settings) // 2


@frozen
class MoveRule:
    settings: KingsdaleSettings

    def cost(self, state: EncounterState, action: Move) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Move) -> None:
        who = acting(action)
        require_pose(state, who, action.verb)
        if action.feet < 1:
            raise IllegalAction("bad-distance", "move: one foot or more")
        limit = run_feet(sheet_of(state[who]).speed, self.settings)
        moved = int(state[who].marks.get(MOVED) or 0)
        if moved + action.feet > limit:
            raise IllegalAction(
                "too-far",
                f"move: {state[who].name} runs at most {limit} ft a pose ({moved} ft moved)",
            )

    def resolve(self, state: EncounterState, action: Move, dice: DiceSource) -> Sequence[Event]:
        who = acting(action)
        moved = int(state[who].marks.get(MOVED) or 0) + action.feet
        running = moved > walk_feet(sheet_of(state[who]).speed, self.settings)
        pace = "runs (strikes now shooting wild)" if running else "walks"
        events: list[Event] = [
            MarkSet(who, MOVED, moved),
            Note(f"{pace} {action.feet} ft ({moved} ft this pose)", who),
        ]
        if running and not state[who].marks.get(RUNNING):
            events.append(MarkSet(who, RUNNING, True))
        return events


def drawn(state: EncounterState, who: CombatantId, weapon: str, holstered: bool) -> bool:
    """Whether the weapon is in hand: never holstered, or drawn since."""
    return not holstered or bool(state.combatants[who].marks.get(f"{DRAWN} {weapon}"))


@frozen
class DrawRule:
    def cost(self, state: EncounterState, action: Draw) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: Draw) -> None:
        who = acting(action)
        require_pose(state, who, action.verb)
        weapon = sheet_of(state[who]).weapon(action.weapon)
        if weapon is None:
            raise IllegalAction("no-weapon", f"draw: {state[who].name} has no {action.weapon!r}")
        dropped = state[who].has(f"Weapon dropped: {weapon.name}")
        if not dropped and drawn(state, who, weapon.name, weapon.holstered):
            raise IllegalAction("in-hand", f"draw: the {weapon.name} is in hand already")

    def resolve(self, state: EncounterState, action: Draw, dice: DiceSource) -> Sequence[Event]:
        who = acting(action)
        weapon = sheet_of(state[who]).weapon(action.weapon)
        assert weapon is not None
        events: list[Event] = [MarkSet(who, f"{DRAWN} {weapon.name}", True)]
        dropped = state[who].effect(f"Weapon dropped: {weapon.name}")
        if dropped is not None:
            events.append(EffectEnded(who, dropped.id, reason="picked up"))
        return events


@frozen
class ReloadRule:
    def cost(self, state: EncounterState, action: Reload) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: Reload) -> None:
        who = acting(action)
        require_pose(state, who, action.verb)
        weapon = sheet_of(state[who]).weapon(action.weapon)
        if weapon is None or weapon.payload is None:
            raise IllegalAction("no-magazine", f"reload: {action.weapon!r} takes no magazine")

    def resolve(self, state: EncounterState, action: Reload, dice: DiceSource) -> Sequence[Event]:
        who = acting(action)
        weapon = sheet_of(state[who]).weapon(action.weapon)
        assert weapon is not None and weapon.payload is not None
        return [PoolSet(who, payload_pool(weapon), weapon.payload, reason="magazine change")]
