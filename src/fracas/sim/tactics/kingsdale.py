"""Kingsdale tactics: strike the most hurt standing enemy with your hardest-hitting weapon in
hand, change its magazine when it runs dry and that is worth an action, and answer every strike
with the cheapest defence the rules allow.

Mega-damage weapons come first (S.D.C. damage does nothing to M.D.C.), then the highest mean
damage. When the best weapon in hand has no shot left, the fighter strikes with the next one
that can be paid for (the Striker passes over an arm whose payload is spent), unless changing
the magazine is the better use of the action. A magazine change uses one action ("Magazine
Change", Standard Action/Attack) and magazines are not counted, so it is worth it when a full
magazine of the best weapon does more, on average, than the next weapon over the same actions
and the change's: payload x mean > (payload + 1) x the next weapon's mean; always when the best
is mega-damage and the next is not (the ranking's own reason), or when no other weapon has a
shot. A strike waits for its defender's answer: an auto-parry or auto-dodge (no action), a parry
(no action for a hand-to-hand fighter), a dodge (one action), or taking it.

A fumble of 2 leaves a stray strike for the game master to settle; the simulator stands in for
the game master, so the striker's next move is the game master's ``stray -roll``: the dice say
who is in the line of fire, as the ruleset's ``stray_in_line_of_fire`` has it.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel

from fracas.dice import Expression, distribution
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from fracas.rules.kingsdale.actions import (
    AutoDodge,
    AutoParry,
    Dodge,
    NoDefence,
    Parry,
    Reload,
    Stray,
    Strike,
)
from fracas.rules.kingsdale.combat import in_hand
from fracas.rules.kingsdale.queries import STRAY, STRIKE, sheet_of
from fracas.rules.kingsdale.sheet import Sheet, Weapon, payload_pool
from fracas.sim.policy import Policy
from fracas.sim.striker import Striker

DEFENCES = (AutoParry, AutoDodge, Parry, Dodge, NoDefence)
"""Cheapest first: the auto-actions and a trained parry cost no action, a dodge costs one."""


def strike(actor: CombatantId, target: CombatantId, weapon: str) -> Action:
    return Strike(actor=actor, target=target, weapon=weapon)


@lru_cache(maxsize=256)
def mean_damage(damage: Expression) -> float:
    return float(distribution(damage).mean())


def ranked(sheet: Sheet) -> tuple[Weapon, ...]:
    """A sheet's weapons: mega-damage first, then by mean damage."""
    return tuple(sorted(sheet.weapons, key=lambda w: (not w.mega, -mean_damage(w.damage))))


def best_first(sheet: BaseModel) -> tuple[str, ...]:
    assert isinstance(sheet, Sheet)
    return tuple(w.name for w in ranked(sheet))


def worth_reloading(empty: Weapon, spare: Weapon | None) -> bool:
    """Whether changing ``empty``'s magazine beats striking with ``spare`` (None: no weapon
    with a shot): see the module's docstring."""
    if spare is None:
        return True
    if empty.mega != spare.mega:
        return empty.mega
    shots = empty.payload or 0
    return shots * mean_damage(empty.damage) > (shots + 1) * mean_damage(spare.damage)


def empty(state: EncounterState, who: CombatantId, weapon: Weapon) -> bool:
    """Whether ``weapon`` has a payload and no shot left in it."""
    return weapon.payload is not None and state[who].pools[payload_pool(weapon)].current < 1


class Fighter(Striker):
    """Strikes on its poses, changing an empty magazine when it is worth it; parries or dodges
    what comes at it."""

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        return (
            self._stray(encounter, actor)
            or self._reload(encounter, actor)
            or super().choose(encounter, actor)
        )

    @staticmethod
    def _stray(encounter: Encounter, actor: CombatantId) -> Action | None:
        """The game master's ``stray -roll`` for the actor's fumble of 2, if one waits."""
        if not encounter.state[actor].has(STRAY):
            return None
        settle = Stray(striker=actor, roll=True)
        return settle if encounter.can(settle) else None

    @staticmethod
    def _reload(encounter: Encounter, actor: CombatantId) -> Action | None:
        """A magazine change for the best weapon in hand, when it is empty and worth one."""
        state = encounter.state
        ready = [w for w in ranked(sheet_of(state[actor])) if in_hand(state, actor, w)]
        if not ready or not empty(state, actor, ready[0]):
            return None
        spare = next((w for w in ready[1:] if not empty(state, actor, w)), None)
        if not worth_reloading(ready[0], spare):
            return None
        reload = Reload(actor=actor, weapon=ready[0].name)
        return reload if encounter.can(reload) else None

    def react(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """The cheapest defence the rules allow against a strike waiting on ``combatant``
        (none is asked about when no strike waits, nor one the ruleset's ``candidates`` leave
        out: the rules refuse those)."""
        state = encounter.state
        if not state[combatant].has(STRIKE):
            return None
        allowed = encounter.ruleset.candidates(state, combatant)
        for kind in (kind for kind in DEFENCES if kind in allowed):
            answer = kind(actor=combatant)
            if encounter.can(answer):
                return answer
        return None

    def settle(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """A strike waiting on ``combatant`` is owed its defence before anyone acts on (the
        rules refuse the defender anything else): ``fracas odds`` asks for it after a strike."""
        return self.react(encounter, combatant)


def tactics(ruleset: Ruleset) -> Policy:
    return Fighter(strike, best_first)
