"""Kaiser tactics: declare the Intentions your arms need, then strike the most hurt enemy.

A Kaiser round opens with the Intention phase (SOURCES.md 1.9): nothing can be attacked with
before the Intentions are paid. In it each creature declares the Intention of each source of
its Attack powers (magic, phenom, spirit) and the Attack Intention with its hardest-hitting
weapon, as far as its 6 AP go. In the Action phase it strikes the standing enemy with the most
Life Points lost (the first to join on a tie) with the arm of the highest Base Damage the rules
allow (an Attack power while its mana or ki lasts, else its weapon), again and again; it ends
its turn when nothing is allowed. Out of its turn it takes the Counter reaction whenever a failed
hand-to-hand attack opens one. Asked by ``fracas odds`` to settle what the rules wait for, it
declares everyone's Intentions and ends the Intention phase.
"""

from __future__ import annotations

from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.memo import per_object
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import Combatant
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Attack, Intend, IntentionKind, Use
from fracas.rules.kaiser.attack import attack_actions_left
from fracas.rules.kaiser.intentions import intended_weapons
from fracas.rules.kaiser.powers import INTENTIONS
from fracas.rules.kaiser.queries import (
    COUNTER,
    able_to_act,
    in_intention_phase,
    intention_kinds,
    life_points_lost,
    sheet_of,
)
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import PowerType, Sheet
from fracas.sim.policy import Policy

NO_ATTACK_ACTIONS = "no-attack-actions"
"""The code of the rules' refusal of an attack when the attacker's Attack Actions of the round
are used up: the attacker's own, whatever the weapon or enemy."""

ACTOR_WIDE = frozenset({"down", "cannot-act"})
"""Codes of the rules' refusals that hold for every action of the actor's: it is down, or a
power keeps it from acting (``require_standing``, asked only of the actor)."""

ARM_WIDE = frozenset({"no-intention", "mass-of-mana", "no-attack-intention"})
"""Codes of the rules' refusals of one arm that hold whatever the enemy, for the actions these
tactics build (plain defences, no barrier, shelter or collision, so nobody's power but the
actor's is asked): the arm's Intention is not declared, or the round's mass of mana is short
of the power's mana."""

ARM_COST = "not-enough-"
"""The engine's refusal of what the arm costs the actor (the cost names no target)."""

Arm = tuple[str, bool]
"""An arm: its name, and whether it is a power (used) or a weapon (attacked with)."""


class Intending:
    """Declare Intentions in the Intention phase, strike in the Action phase, Counter when
    allowed."""

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        combatant = encounter.state[actor]
        if in_intention_phase(encounter.state):
            return _intention(encounter, combatant)
        return _strike(encounter, combatant)

    def settle(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """The Intention phase is what the rules wait for before anyone may attack: the
        combatant's own Intentions, then, once nobody in the phase has one left to declare,
        the phase's end for all (the game master's ``end``: a combatant's own ends only its
        part; ``fracas odds`` asks this before the action it is asked about)."""
        state = encounter.state
        if not in_intention_phase(state) or not state.is_turn_of(combatant):
            return None
        own = _intention(encounter, state[combatant])
        if own is not None:
            return own
        if any(_intention(encounter, state[other]) for other in state.acting()):
            return None
        end = EndTurn()
        return end if encounter.can(end) else None

    def react(self, encounter: Encounter, combatant: CombatantId) -> Action | None:
        """The Counter reaction against whoever just failed a hand-to-hand attack on it."""
        answering = encounter.state[combatant]
        opened = answering.marks.get(COUNTER)
        if not isinstance(opened, str) or not _may_strike(encounter, answering):
            return None
        counter = Attack(actor=combatant, target=CombatantId(opened), counter=True)
        return counter if encounter.can(counter) else None


def _intention(encounter: Encounter, combatant: Combatant) -> Intend | None:
    """The first Intention its arms need that the rules allow (each is declared once: one
    already declared is not asked about, the rules refuse it, ``intention-declared``)."""
    declared = intention_kinds(combatant)
    for kind, weapon in _intentions(sheet_of(combatant)):
        if kind in declared:
            continue
        weapons = (weapon,) if weapon else ()
        intend = Intend(actor=combatant.id, intention=kind, weapons=weapons)
        if encounter.can(intend):
            return intend
    return None


@per_object
def _intentions(sheet: Sheet) -> tuple[tuple[IntentionKind, str | None], ...]:
    """Its Attack powers' Intentions, best power first, then the Attack Intention with its
    best weapon (worked out once per sheet)."""
    wanted: list[tuple[IntentionKind, str | None]] = []
    for name, is_power in _arms(sheet):
        if is_power:
            power = next(p for p in sheet.powers if p.name == name)
            kind = INTENTIONS.get(power.source)
            if kind is not None and (kind, None) not in wanted:
                wanted.append((kind, None))
    weapons = [name for name, is_power in _arms(sheet) if not is_power]
    if weapons:
        wanted.append(("attack", weapons[0]))
    return tuple(wanted)


def _strike(encounter: Encounter, combatant: Combatant) -> Action | None:
    arms = _arms(sheet_of(combatant))
    settings = encounter.ruleset.settings
    if (
        isinstance(settings, KaiserSettings)
        and attack_actions_left(combatant, settings=settings) <= 0
    ):
        arms = tuple(arm for arm in arms if arm[1])  # its weapons would be refused: powers only
    if not arms:
        return None
    spent: set[Arm] = set()  # arms refused for the attacker's own want: no enemy will do
    for enemy in _enemies(encounter, combatant.side):
        for arm in arms:
            if arm in spent:
                continue
            name, is_power = arm
            action: Action
            if is_power:
                action = Use(actor=combatant.id, power=name, targets=(enemy.id,))
            else:
                action = Attack(actor=combatant.id, target=enemy.id, weapon=name)
            try:
                encounter.check(action)
            except IllegalAction as refused:
                if refused.code in ACTOR_WIDE:
                    return None
                if refused.code == NO_ATTACK_ACTIONS:
                    spent.update(arm for arm in arms if not arm[1])
                elif refused.code in ARM_WIDE or refused.code.startswith(ARM_COST):
                    spent.add(arm)
                continue
            return action
    return None


def _may_strike(encounter: Encounter, combatant: Combatant) -> bool:
    """Whether the rules may allow ``combatant`` an attack now as far as its own round goes: an
    Attack Intention declared and an Attack Action left (otherwise every attack of its, a
    Counter too, is refused: ``no-attack-intention``, ``no-attack-actions``)."""
    if intended_weapons(combatant) is None:
        return False
    settings = encounter.ruleset.settings
    if not isinstance(settings, KaiserSettings):
        return True
    return attack_actions_left(combatant, settings=settings) > 0


def _enemies(encounter: Encounter, side: str) -> list[Combatant]:
    """``policy.standing_enemies`` the Kaiser way: those of other sides able to act
    (``Kaiser.takes_turn``: standing, as the ruleset's ``standing_in`` keeps it for the
    engine's end of the fight, and under no effect that prevents acting), in the order they
    joined, the most hurt first (``Kaiser.damage_suffered``)."""
    state = encounter.state
    combatants = state.combatants
    enemies = [
        c
        for c in map(combatants.__getitem__, encounter.ruleset.standing_in(state).up)
        if c.side != side and (not c.effects or able_to_act(c))
    ]
    enemies.sort(key=life_points_lost, reverse=True)
    return enemies


@per_object
def _arms(sheet: Sheet) -> tuple[Arm, ...]:
    """Its Attack powers and weapons, highest Base Damage first (powers first on a tie; worked
    out once per sheet)."""
    arms = [
        (p.base_damage or 0, 0, p.name, True) for p in sheet.powers if PowerType.ATTACK in p.types
    ]
    arms += [(w.base_damage, 1, w.name, False) for w in sheet.weapons]
    return tuple(
        (name, is_power) for _, _, name, is_power in sorted(arms, key=lambda a: (-a[0], a[1]))
    )


def tactics(ruleset: Ruleset) -> Policy:
    return Intending()
