"""Attacks with an Area of Effect, and Instantaneous Control when targets escape one.

An area Profile's attack names its target and the others caught in its Area of Effect; the
Architect places the area, so who is in it is given with the attack (positions are not needed).
"If a target of one of your Maneuvers uses an Instant Action or Out-of-Sequence Action to move
their position on the battlefield … you may choose to regain the action(s) you spent on that
Maneuver or change your target … If you were using an Attacking Maneuver with an Area of Effect
and a character(s) moves out of your Area of Effect, as long as there is still one suitable
target within the range of your attack, you must choose to continue using this Attacking
Maneuver." The escaped are named with the attack; when nobody is left, the attack is refused, so
its Actions are never spent (regained) and another target may be chosen.
"""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.profiles import Profile
from fracas.rules.dbu.queries import acting, standing

ANSWERS_OF_THE_ESCAPED = "dodge"
"""An escaped main target gives no answer: the others caught in the area each Dodge."""


def caught(action: a.Attacking) -> tuple[CombatantId, ...]:
    """Everyone the attack is aimed at, the target first, without the escaped."""
    named = dict.fromkeys((action.target, *action.area))
    return tuple(who for who in named if who not in action.escaped)


def verify_area(state: EncounterState, action: a.Attacking, profile: Profile) -> None:
    """An area needs an area Profile; the escaped must be among the targets; someone must stay."""
    verb = action.verb
    if action.area and not profile.area:
        raise IllegalAction("no-area", f"{verb}: the {profile.name} Profile has no Area of Effect")
    for who in (*action.area, *action.rebound_area):
        other = state[who]
        if who == acting(action):
            raise IllegalAction("self-target", f"{verb}: you cannot attack yourself")
        if not standing(other):
            raise IllegalAction("defeated-target", f"{verb}: {other.name} is Defeated")
    if action.rebound_area and not (action.rebound and profile.area):
        raise IllegalAction(
            "no-area", f"{verb} -rebound-area: a Rebound of an area Profile's attack"
        )
    if acting(action) in action.rebound_area:
        raise IllegalAction("rebound-area", f"{verb}: the attacker is the Rebound's centre")
    if action.area and action.defense == "duel":
        raise IllegalAction("area-duel", f"{verb}: a Duel answers a single-target attack")
    named = {action.target, *action.area}
    for who in action.escaped:
        if who not in named:
            raise IllegalAction(
                "not-a-target", f"{verb} -escaped: {state[who].name} is not a target of it"
            )
    if not caught(action):
        raise IllegalAction(
            "all-escaped",
            f"{verb}: every target escaped; Instantaneous Control: the Actions are regained,"
            " or choose another target",
        )
    if action.target in action.escaped and _answered(action):
        raise IllegalAction(
            "escaped-answer", f"{verb}: {state[action.target].name} escaped and answers nothing"
        )


def _answered(action: a.Attacking) -> bool:
    """Whether the main target's answer (or its allies' help) is more than a Dodge Roll."""
    return bool(
        action.defense != ANSWERS_OF_THE_ESCAPED
        or action.intervene
        or action.deflectors
        or action.rebound
        or action.shield
    )
