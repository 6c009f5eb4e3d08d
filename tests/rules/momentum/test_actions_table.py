"""The Basic and Advanced Actions tables and the free Interact / Switch Weapons rule."""

from __future__ import annotations

import pytest

from fracas.rules.momentum.actions_table import (
    ADVANCED_ACTIONS,
    BASIC_ACTIONS,
    CombatAction,
    FreeAction,
    ap_cost,
    free_action_refusal,
)


def test_basic_actions_table() -> None:
    """The "basic actions for combat" table: name and AP in the chapter's order."""
    assert [(entry.name, entry.ap) for entry in BASIC_ACTIONS] == [
        ("Attack", 2),
        ("Defend", 2),
        ("Interact with Target", 1),
        ("Move", 1),
        ("Sprint", 3),
        ("Stabilize", 3),
        ("Switch Places", 1),
        ("Switch Weapons", 1),
        ("Taking Cover", 1),
        ("Use Item", 3),
    ]


def test_advanced_actions_table() -> None:
    """The "advanced actions for combat" table: name and AP in the chapter's order."""
    assert [(entry.name, entry.ap) for entry in ADVANCED_ACTIONS] == [
        ("Blind", 2),
        ("Climb", 2),
        ("Command", 1),
        ("Disarm", 2),
        ("Grab", 2),
        ("Hide", 2),
        ("Shove", 1),
        ("Trip", 2),
    ]


@pytest.mark.parametrize("action", list(CombatAction))
def test_every_action_has_one_row(action: CombatAction) -> None:
    """Every action named in the tables has exactly one row and an AP cost."""
    rows = [entry for entry in BASIC_ACTIONS + ADVANCED_ACTIONS if entry.action is action]
    assert len(rows) == 1
    assert ap_cost(action) == rows[0].ap


def test_one_free_interact_per_turn() -> None:
    """Seed: "You can make one free Interact with Target action on your turn unless you have already
    used a free Switch Weapons action." """
    interact = FreeAction.INTERACT_WITH_TARGET
    assert free_action_refusal(interact, free_action_used_this_turn=None) is None
    again = free_action_refusal(interact, free_action_used_this_turn=interact)
    after_switch = free_action_refusal(
        interact, free_action_used_this_turn=FreeAction.SWITCH_WEAPONS
    )
    assert again is not None
    assert after_switch is not None
    assert after_switch.code == "free_action_used"


def test_free_switch_weapons_only_to_draw_into_empty_hand_or_sheathe() -> None:
    """Seed: "You can perform this action for free on your turn once if you are not holding anything
    in the hand that you want to use to draw a weapon or if you just want to sheathe a weapon
    without replacing it with another." """
    switch = FreeAction.SWITCH_WEAPONS
    assert (
        free_action_refusal(
            switch, free_action_used_this_turn=None, draws_into_empty_hand_or_only_sheathes=True
        )
        is None
    )
    refusal = free_action_refusal(switch, free_action_used_this_turn=None)
    assert refusal is not None
    assert refusal.code == "switch_not_free"


def test_no_free_switch_after_a_free_interact() -> None:
    """Seed: "You cannot make one free Switch Weapons action on your turn if you already used a free
    Interact with Target action." """
    refusal = free_action_refusal(
        FreeAction.SWITCH_WEAPONS,
        free_action_used_this_turn=FreeAction.INTERACT_WITH_TARGET,
        draws_into_empty_hand_or_only_sheathes=True,
    )
    assert refusal is not None
    assert refusal.code == "free_action_used"
