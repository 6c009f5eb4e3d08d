"""Lur-Asko tactics: attack the most hurt standing enemy with your hardest-hitting weapon, and
make its critical hits as lethal as the rules in force allow.

A weapon's worth is the mean of its normal and its added energy damage together (the armor,
shielding and drive it meets are the rules' business, in the attack itself). One attack a turn;
when none is allowed the turn ends.

What a critical does is the attacker's choice, made with the attack: "choose what type of
injury will be inflicted rather than rolling", or "increase the drive of all weapons in the
attack by 10" (20 for a Precise melee weapon). The seed calls Perception "the usual choice as it
is much more lethal to most characters", but that rests on the rest of its rulebook. Under the
rules in force (SOURCES.md 5.1's defaults, ``LuraskoSettings``) only Core degrees kill (at
``death_core_degrees_per_bcon`` x bCON), whatever the settings; Perception and Superficial
degrees feed no rule at all, and Mobility and Hand/Arm degrees only hinder later rolls. A
critical choosing Perception was weaker than a plain hit, which has a Core share of the injury
table (4 faces in 20 by default): every critical choosing the type here chooses Core.

The drive option rolls the type on the weapon's table as usual, so its Core degrees are that
table's Core share of the degrees its hit crosses; choosing Core gives every degree of a hit at
the weapon's own drive. Degrees come, in the long run, as damage taken over the injury factor,
so each option's worth is the Core share times the damage its hit takes on average through the
target's armor range and resistances, worked out with the rules' own damage pipeline (its
shielding is left out: its points are spent and made again, the armor and resistances stay).
So the answer depends on the settings: the tables' Core share and the drive bonuses. With the
default tables (a fifth Core) the drive option wins only where the armor holds the weapon's own
drive off but not the raised one (from below the range to within or above it: nothing to
something), never from within to above alone (half to full damage is only twice as much). The
demo's weapons all choose Core; a sword of drive 20 against full plate (24-40) takes the drive.
A table of more than half Core would take it against chainmail too.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from pydantic import BaseModel

from fracas.dice import DiceNotation, distribution
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import Cost, IllegalAction, Ruleset
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.aoe import unshielded
from fracas.rules.lurasko.attack import weapon_of
from fracas.rules.lurasko.damage import Portion, resolve_damage
from fracas.rules.lurasko.injury import injury_type
from fracas.rules.lurasko.offense import (
    called_out,
    critical_drive_bonus,
    energy_portion,
    normal_portion,
)
from fracas.rules.lurasko.queries import damage_of, sheet_of
from fracas.rules.lurasko.ruleset import Lurasko
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Sheet, Weapon
from fracas.rules.lurasko.turns import cannot_act
from fracas.rules.lurasko.vocabulary import CriticalEffect, InjuryType, Reach
from fracas.rules.lurasko.wounds import defences_of
from fracas.sim.policy import Policy

LETHAL = InjuryType.CORE
"""The injury type whose degrees kill (``wounds.wound``: Core degrees at the setting's multiple
of bCON; no setting makes another type lethal)."""

Critical = tuple[CriticalEffect, InjuryType]
"""What a critical does: the effect, and the injury type when the effect chooses it."""


def attack(actor: CombatantId, target: CombatantId, weapon: str) -> Action:
    return Attack(actor=actor, target=target, weapon=weapon)


def mean_damage(weapon: Weapon) -> float:
    """The weapon's normal and energy damage, on average."""
    parts = (weapon.damage, weapon.energy_damage)
    return sum(float(distribution(part).mean()) for part in parts if part is not None)


def best_first(sheet: BaseModel) -> tuple[str, ...]:
    """A sheet's weapons, highest mean damage first."""
    assert isinstance(sheet, Sheet)
    return tuple(w.name for w in sorted(sheet.weapons, key=lambda w: -mean_damage(w)))


def critical_choice(
    settings: LuraskoSettings, attacker: Combatant, weapon: Weapon, target: Combatant
) -> Critical:
    """The critical of ``attacker``'s attack with ``weapon`` on ``target`` that gives the most
    Core degrees on average (see the module's docstring); choosing the type on a tie."""
    bonus = critical_drive_bonus(
        weapon.reach,
        precise=weapon.precise,
        bonus=settings.critical_drive_bonus,
        precise_bonus=settings.critical_precise_drive_bonus,
    )
    chosen = mean_taken(settings, attacker, weapon, target, 0)
    driven = lethal_share(settings, weapon) * mean_taken(settings, attacker, weapon, target, bonus)
    if driven > chosen:
        return CriticalEffect.DRIVE, LETHAL
    return CriticalEffect.INJURY_TYPE, LETHAL


def lethal_share(settings: LuraskoSettings, weapon: Weapon) -> Fraction:
    """The share of the weapon's injury-type table (melee or ranged) that gives Core."""
    ranged = weapon.reach is Reach.RANGED
    table = settings.ranged_injury_table if ranged else settings.melee_injury_table
    faces = range(1, 21)
    lethal = sum(injury_type(face, ranged=ranged, table=table) is LETHAL for face in faces)
    return Fraction(lethal, len(faces))


def mean_taken(
    settings: LuraskoSettings, attacker: Combatant, weapon: Weapon, target: Combatant, bonus: int
) -> Fraction:
    """The damage a hit of ``weapon`` with ``bonus`` drive takes through the target's armor
    range and resistances, on average over the weapon's damage dice."""
    defences = replace(defences_of(target), shields=(), points=None)
    total, weight = Fraction(0), 0
    for normal, normal_weight in _totals(weapon.damage):
        for energy, energy_weight in _totals(weapon.energy_damage):
            called = _called(settings, attacker, weapon, normal, energy, bonus)
            account, _ = resolve_damage(called, defences)
            total += account.total * normal_weight * energy_weight
            weight += normal_weight * energy_weight
    return total / weight


def _totals(expression: DiceNotation | None) -> tuple[tuple[int | None, int], ...]:
    """A damage roll's totals (never below 0, as the attack takes them) and their weights;
    None once for no such damage."""
    if expression is None:
        return ((None, 1),)
    return tuple((max(total, 0), weight) for total, weight in distribution(expression).weights)


def _called(
    settings: LuraskoSettings,
    attacker: Combatant,
    weapon: Weapon,
    normal: int | None,
    energy: int | None,
    bonus: int,
) -> tuple[Portion, ...]:
    """The portions the weapon calls out, as the attack with no choices of the attacker's
    does: STR on melee damage and drive, an area weapon's impact at 50 %."""
    normal_part = None
    if normal is not None:
        assert weapon.drive is not None
        melee = weapon.reach is Reach.MELEE and settings.strength_to_damage
        strength = sheet_of(attacker).strength if melee else 0
        normal_part = normal_portion(
            normal, weapon.drive, reach=weapon.reach, strength=strength, material=weapon.material
        )
    energy_part = None
    if energy is not None and weapon.energy is not None:
        damage = unshielded(energy, deliberate=True).direct if weapon.area else energy
        energy_part = energy_portion(weapon.energy, damage)
    return called_out(normal_part, energy_part, drive_bonus=bonus, explosive=weapon.explosive)


class Lethal:
    """Attack the standing enemy that has taken the most damage (the first joined on a tie)
    with the hardest-hitting weapon the rules allow, with the most lethal critical against it;
    try the next weapon, then the next enemy, when the rules refuse.

    What the ``Striker`` of the other rulesets does, asked once per turn's attack: the attack is
    built with its critical before the engine checks it, so the engine's check of the very
    action it then applies is the only one; and an actor whose pools cannot pay the price of its
    last attack (one action, in every attack here) is done at once, with no check at all.
    """

    def __init__(self, settings: LuraskoSettings) -> None:
        self.settings = settings
        self._ranked: dict[CombatantId, tuple[BaseModel, tuple[str, ...]]] = {}
        self._price: dict[CombatantId, Cost] = {}
        self._known: dict[tuple[CombatantId, CombatantId, str], tuple[object, object, Attack]]
        self._known = {}

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        state = encounter.state
        attacker = state.combatants[actor]
        if not _can_pay(attacker, self._price.get(actor)):
            return None
        arms = self._arms_of(attacker)
        for enemy in _most_hurt_first(encounter.ruleset, state, attacker):
            for arm in arms:
                action = self._attack(attacker, enemy, arm)
                if action is not None and self._allowed(encounter, action):
                    return action
        return None

    def _allowed(self, encounter: Encounter, action: Attack) -> bool:
        """Whether the rules allow ``action`` now; its price remembered either way when they
        can cost it (a refusal for want of a pool)."""
        assert action.actor is not None
        try:
            self._price[action.actor] = encounter.price(action)
        except IllegalAction as refused:
            if refused.code.startswith("not-enough-"):
                rule = encounter.rule(action)
                self._price[action.actor] = rule.cost(encounter.state, action)
            return False
        return True

    def _attack(self, attacker: Combatant, target: Combatant, arm: str) -> Attack | None:
        """``attacker``'s attack on ``target`` with ``arm`` and its most lethal critical, made
        once for the two's sheets (an action is a frozen record); None when the sheet names no
        single such weapon (the rules would refuse the attack)."""
        key = (attacker.id, target.id, arm)
        known = self._known.get(key)
        if known is None or known[0] is not attacker.sheet or known[1] is not target.sheet:
            try:
                weapon = weapon_of(attacker, arm)
            except IllegalAction:
                return None
            effect, injury = critical_choice(self.settings, attacker, weapon, target)
            action = Attack(
                actor=attacker.id, target=target.id, weapon=arm, critical=effect, injury=injury
            )
            known = self._known[key] = (attacker.sheet, target.sheet, action)
        return known[2]

    def _arms_of(self, attacker: Combatant) -> tuple[str, ...]:
        """The actor's weapons, best first, worked out once per sheet."""
        known = self._ranked.get(attacker.id)
        if known is None or known[0] is not attacker.sheet:
            known = self._ranked[attacker.id] = (attacker.sheet, best_first(attacker.sheet))
        return known[1]


def _can_pay(combatant: Combatant, price: Cost | None) -> bool:
    """Whether the combatant's pools hold ``price`` (as the engine counts it: a pool it lacks
    holds 0); True while the price is unknown."""
    pools = combatant.pools
    for pool, amount in (price or {}).items():
        if (pools[pool].current if pool in pools else 0) < amount:
            return False
    return True


def _most_hurt_first(
    ruleset: Ruleset, state: EncounterState, attacker: Combatant
) -> list[Combatant]:
    """The attacker's enemies still in the fight (``Lurasko.takes_turn``: standing and able to
    act), the most running damage first, in the order they joined on a tie (as the shared
    ``standing_enemies`` gives them). Those standing are the engine's (``standing_in``: the
    ruleset's ``standing`` of each, kept up to date as the fight goes)."""
    side, combatants = attacker.side, state.combatants
    enemies: list[Combatant] = []
    for name in ruleset.standing_in(state).up:
        c = combatants[name]
        if c.side != side and (not c.effects or cannot_act(c) is None):
            enemies.append(c)
    enemies.sort(key=damage_of, reverse=True)  # a stable sort: the order joined on a tie
    return enemies


def tactics(ruleset: Ruleset) -> Policy:
    assert isinstance(ruleset, Lurasko)
    return Lethal(ruleset.rules)
