"""The refusals the Advanced Actions' rules share: a refusal a pure rule function found, an
action only the game master may take, an action taken on the actor's own turn."""

from __future__ import annotations

from fracas.engine.action import Action
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.momentum.actions_table import CombatAction
from fracas.rules.momentum.basic import TurnAction
from fracas.rules.momentum.refusal import Refusal
from fracas.rules.momentum.settings import MomentumSettings


def refuse(refusal: Refusal | None) -> None:
    if refusal is not None:
        raise IllegalAction(refusal.code.replace("_", "-"), refusal.reason)


def game_master_only(action: Action) -> None:
    if action.actor is not None:
        raise IllegalAction("game-master-only", f"{action.verb}: only the game master can do that")


def on_own_turn(settings: MomentumSettings, state: EncounterState, action: Action) -> None:
    TurnAction[Action](settings, CombatAction.MOVE).verify(state, action)
