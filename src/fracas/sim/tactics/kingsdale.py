"""Kingsdale tactics: strike the most hurt standing enemy with your hardest-hitting weapon in
hand, change its magazine when it runs dry and that is worth an action, and answer every strike
with the cheapest defence the rules allow.

Mega-damage weapons come first (S.D.C. damage does nothing to M.D.C.), then the highest mean
damage. When the best weapon in hand has no shot left, the fighter strikes with the next one
that can be paid for (a weapon whose payload is spent is passed over), unless changing
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

from collections.abc import Mapping
from functools import lru_cache

from fracas.dice import Expression, distribution
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.memo import per_object
from fracas.engine.ruleset import Cost, Ruleset
from fracas.engine.state import Combatant, EncounterState, Pool
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
from fracas.rules.kingsdale.combat import in_hand, strike_cost
from fracas.rules.kingsdale.queries import STRAY, STRIKE, sheet_of
from fracas.rules.kingsdale.sheet import Sheet, Weapon, payload_pool
from fracas.sim.policy import Policy

DEFENCES = (AutoParry, AutoDodge, Parry, Dodge, NoDefence)
"""Cheapest first: the auto-actions and a trained parry cost no action, a dodge costs one."""


@lru_cache(maxsize=256)
def mean_damage(damage: Expression) -> float:
    return float(distribution(damage).mean())


@per_object
def ranked(sheet: Sheet) -> tuple[Weapon, ...]:
    """A sheet's weapons: mega-damage first, then by mean damage."""
    return tuple(sorted(sheet.weapons, key=lambda w: (not w.mega, -mean_damage(w.damage))))


Armed = tuple[Weapon, Cost]
"""A weapon and what a (normal) strike with it costs."""


@per_object
def armed(sheet: Sheet) -> tuple[Armed, ...]:
    """A sheet's weapons best first (``ranked``), each with its strike's cost."""
    return tuple((weapon, strike_cost(weapon)) for weapon in ranked(sheet))


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


class Fighter:
    """Strikes on its poses, changing an empty magazine when it is worth it; parries or dodges
    what comes at it."""

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        state = encounter.state
        me = state.combatants[actor]
        if me.effects and me.has(STRAY):  # the game master's ``stray -roll`` first
            settle = Stray(striker=actor, roll=True)
            if encounter.can(settle):
                return settle
        ready = [(w, cost) for w, cost in armed(sheet_of(me)) if in_hand(state, actor, w)]
        return self._reload(encounter, actor, ready) or self._strike(encounter, actor, ready)

    @staticmethod
    def _reload(encounter: Encounter, actor: CombatantId, ready: list[Armed]) -> Action | None:
        """A magazine change for the best weapon in hand, when it is empty and worth one."""
        state = encounter.state
        if not ready or not empty(state, actor, ready[0][0]):
            return None
        spare = next((w for w, _ in ready[1:] if not empty(state, actor, w)), None)
        if not worth_reloading(ready[0][0], spare):
            return None
        reload = Reload(actor=actor, weapon=ready[0][0].name)
        return reload if encounter.can(reload) else None

    @staticmethod
    def _strike(encounter: Encounter, actor: CombatantId, ready: list[Armed]) -> Action | None:
        """The first strike the rules allow at a standing enemy, the most hurt first, with a
        weapon in hand whose strike the actor can pay for, the best first. (A weapon not in
        hand or not paid for is refused by the rules whoever the target: not tried.)"""
        pools = encounter.state.combatants[actor].pools
        paid = [w for w, cost in ready if _pays(pools, cost)]
        if not paid:
            return None
        for enemy in _enemies(encounter, actor):
            for weapon in paid:
                attack = Strike(actor=actor, target=enemy.id, weapon=weapon.name)
                if encounter.can(attack):
                    return attack
        return None

    def react(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """The cheapest defence the rules allow against a strike waiting on ``combatant``
        (none is asked about when no strike waits, nor one the ruleset's ``candidates`` leave
        out: the rules refuse those)."""
        state = encounter.state
        defender = state.combatants[combatant]
        if not (defender.effects and defender.has(STRIKE)):
            return None
        allowed = encounter.ruleset.candidates(state, combatant)
        for kind in DEFENCES:
            if kind in allowed:
                answer = kind(actor=combatant)
                if encounter.can(answer):
                    return answer
        return None

    def settle(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """A strike waiting on ``combatant`` is owed its defence before anyone acts on (the
        rules refuse the defender anything else): ``fracas odds`` asks for it after a strike."""
        return self.react(encounter, combatant)


def _pays(pools: Mapping[str, Pool], cost: Cost) -> bool:
    """Whether ``pools`` hold ``cost`` (as the engine counts it: a pool not held holds 0)."""
    for name, amount in cost.items():
        pool = pools.get(name)
        if (0 if pool is None else pool.current) < amount:
            return False
    return True


def _enemies(encounter: Encounter, actor: CombatantId) -> list[Combatant]:
    """``policy.standing_enemies`` for kingsdale: whoever stands of another side, the most hurt
    first (whoever stands takes its turn: ``Kingsdale.takes_turn``)."""
    state = encounter.state
    combatants = state.combatants
    side = combatants[actor].side
    up = [combatants[c] for c in encounter.ruleset.standing_in(state).up]
    # reversed, the sort keeps who joined first first among the equally hurt, as sorting by
    # the damage negated does: without a call more for each enemy
    enemies = [c for c in up if c.side != side]
    return sorted(enemies, key=encounter.ruleset.damage_suffered, reverse=True)


def tactics(ruleset: Ruleset) -> Policy:
    return Fighter()
