"""The chapter's two action tables (Basic Actions, Advanced Actions) and the free-action rule."""

from __future__ import annotations

from enum import StrEnum

from fracas.engine.frozen import frozen
from fracas.rules.momentum.refusal import Refusal


class CombatAction(StrEnum):
    """Every action of the two tables."""

    ATTACK = "attack"
    DEFEND = "defend"
    INTERACT_WITH_TARGET = "interact_with_target"
    MOVE = "move"
    SPRINT = "sprint"
    STABILIZE = "stabilize"
    SWITCH_PLACES = "switch_places"
    SWITCH_WEAPONS = "switch_weapons"
    TAKING_COVER = "taking_cover"
    USE_ITEM = "use_item"
    BLIND = "blind"
    CLIMB = "climb"
    COMMAND = "command"
    DISARM = "disarm"
    GRAB = "grab"
    HIDE = "hide"
    SHOVE = "shove"
    TRIP = "trip"


@frozen
class ActionEntry:
    """One row of a table: the action, its AP cost and what it does in one line."""

    action: CombatAction
    name: str
    ap: int
    summary: str


BASIC_ACTIONS: tuple[ActionEntry, ...] = (
    ActionEntry(CombatAction.ATTACK, "Attack", 2, "Make one weapon attack."),
    ActionEntry(
        CombatAction.DEFEND,
        "Defend",
        2,
        "Attack rolls against you have disadvantage and your DRs advantage until your next turn.",
    ),
    ActionEntry(
        CombatAction.INTERACT_WITH_TARGET,
        "Interact with Target",
        1,
        "A simple, quick interaction with an object or creature; one per turn can be free.",
    ),
    ActionEntry(CombatAction.MOVE, "Move", 1, "Increase your movement by your Basic Movement."),
    ActionEntry(
        CombatAction.SPRINT,
        "Sprint",
        3,
        "Increase your movement by four times your Basic Movement.",
    ),
    ActionEntry(
        CombatAction.STABILIZE,
        "Stabilize",
        3,
        "First Aid Check against 8 to remove Bleeding from a creature within 1 m.",
    ),
    ActionEntry(
        CombatAction.SWITCH_PLACES,
        "Switch Places",
        1,
        "Switch places with an adjacent ally, who must spend a reaction (1 RP).",
    ),
    ActionEntry(
        CombatAction.SWITCH_WEAPONS,
        "Switch Weapons",
        1,
        "Change wielded weapons, shields and equipment; free once to draw into an empty hand or"
        " to sheathe.",
    ),
    ActionEntry(
        CombatAction.TAKING_COVER,
        "Taking Cover",
        1,
        "+2 Evasion and +1 DR while in half cover until your next turn; grant no half cover to"
        " same-size creatures.",
    ),
    ActionEntry(CombatAction.USE_ITEM, "Use Item", 3, "Use a non-ability consumable."),
)
"""The Basic Actions table, in the chapter's order."""

ADVANCED_ACTIONS: tuple[ActionEntry, ...] = (
    ActionEntry(
        CombatAction.BLIND, "Blind", 2, "Blind a target within 1 m until the end of its next turn."
    ),
    ActionEntry(
        CombatAction.CLIMB, "Climb", 2, "Climb onto a target within 1 m at least one size larger."
    ),
    ActionEntry(
        CombatAction.COMMAND,
        "Command",
        1,
        "Take direct control of your summons until your next turn.",
    ),
    ActionEntry(
        CombatAction.DISARM, "Disarm", 2, "Force a target within 1 m to drop an item it holds."
    ),
    ActionEntry(CombatAction.GRAB, "Grab", 2, "Grab a target within 1 m with a free hand."),
    ActionEntry(CombatAction.HIDE, "Hide", 2, "Hide from all enemies if none of them sees you."),
    ActionEntry(CombatAction.SHOVE, "Shove", 1, "Move a target within 1 m up to 1 m."),
    ActionEntry(CombatAction.TRIP, "Trip", 2, "Knock a target within 1 m Prone."),
)
"""The Advanced Actions table, in the chapter's order."""


def ap_cost(action: CombatAction) -> int:
    """The action's AP cost from the tables."""
    return _AP_COSTS[action]


_AP_COSTS = {entry.action: entry.ap for entry in reversed(BASIC_ACTIONS + ADVANCED_ACTIONS)}
"""Each action's AP cost (its first entry in the tables), looked up once: every action asks."""


class FreeAction(StrEnum):
    """The two actions that can be free once per turn."""

    INTERACT_WITH_TARGET = "interact_with_target"
    SWITCH_WEAPONS = "switch_weapons"


def free_action_refusal(
    action: FreeAction,
    *,
    free_action_used_this_turn: FreeAction | None,
    draws_into_empty_hand_or_only_sheathes: bool = False,
) -> Refusal | None:
    """Why ``action`` cannot be free now, or None.

    Interact with Target: "You can make one free Interact with Target action on your turn unless
    you have already used a free Switch Weapons action." Switch Weapons: "You can perform this
    action for free on your turn once if you are not holding anything in the hand that you want
    to use to draw a weapon or if you just want to sheathe a weapon without replacing it with
    another. You cannot make one free Switch Weapons action on your turn if you already used a
    free Interact with Target action."
    """
    if free_action_used_this_turn is not None:
        return Refusal(
            "free_action_used",
            f"the free {free_action_used_this_turn} of this turn is already used",
        )
    if action is FreeAction.SWITCH_WEAPONS and not draws_into_empty_hand_or_only_sheathes:
        return Refusal(
            "switch_not_free",
            "Switch Weapons is free only to draw into an empty hand or to sheathe",
        )
    return None
