"""Perception and percentile skills.

"Perception rolls are made using a standard 1d20+bonus. … The necessary number for success will
change at the GM's discretion"; "Detect Ambush … grant a +1 bonus per 10% of proficiency".
"Rolling a 100 on d100 is always a skill failure … The GM may rule that this is a critical
failure".
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource, dice, roll
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.kingsdale.actions import Perception, SkillRoll
from fracas.rules.kingsdale.events import CheckRolled
from fracas.rules.kingsdale.queries import SPOTTED, acting, sheet_of
from fracas.rules.kingsdale.settings import KingsdaleSettings


def skill_bonus(percent: int) -> int:
    """ "+1 bonus per 10% of proficiency"."""
    return max(percent, 0) // 10


def skill_succeeds(face: int, percent: int, failure_face: int = 100) -> bool:
    """At or under the skill succeeds; "Rolling a 100 on d100 is always a skill failure"."""
    return face != failure_face and face <= percent


def _skill(state: EncounterState, action: Perception | SkillRoll, name: str) -> int:
    skills = {k.lower(): v for k, v in sheet_of(state[acting(action)]).skills.items()}
    if name.strip().lower() not in skills:
        known = ", ".join(sheet_of(state[acting(action)]).skills) or "none"
        raise IllegalAction("no-skill", f"{action.verb}: no skill {name!r} on the sheet ({known})")
    return skills[name.strip().lower()]


class PerceptionRule:
    def cost(self, state: EncounterState, action: Perception) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Perception) -> None:
        acting(action)
        if action.skill is not None:
            _skill(state, action, action.skill)

    def resolve(
        self, state: EncounterState, action: Perception, source: DiceSource
    ) -> Sequence[Event]:
        who = acting(action)
        bonus = sheet_of(state[who]).perception
        if action.skill is not None:
            bonus += skill_bonus(_skill(state, action, action.skill))
        result = roll(dice(1, 20) + bonus if bonus else dice(1, 20), source)
        success = result.total >= action.against
        what = "Perception" + (f" ({action.skill})" if action.skill else "")
        note = "spots the ambush" if success and action.ambush else ""
        events: list[Event] = [CheckRolled(who, what, result, action.against, success, note)]
        if success and action.ambush:
            events.append(MarkSet(who, SPOTTED, True))
        return events


class SkillRollRule:
    def __init__(self, settings: KingsdaleSettings) -> None:
        self.settings = settings

    def cost(self, state: EncounterState, action: SkillRoll) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: SkillRoll) -> None:
        _skill(state, action, action.skill)

    def resolve(
        self, state: EncounterState, action: SkillRoll, source: DiceSource
    ) -> Sequence[Event]:
        who = acting(action)
        percent = _skill(state, action, action.skill)
        result = roll(dice(1, 100), source)
        face = result.total
        success = skill_succeeds(face, percent, self.settings.skill_failure_face)
        note = ""
        if face == self.settings.skill_failure_face and state.clock.started:
            note = "a 100 in combat: the GM may rule a critical failure"
        return [CheckRolled(who, action.skill.strip(), result, percent, success, note)]
